// v_lshlrev_b64: D = S1 << S0[5:0] (64-bit). Whole wave with a scalar shift amount and a
// VGPR pair S1 (address arithmetic): the 64-bit shift as uniform 32-bit shifts of the
// halves (vectorisable without AVX2); otherwise the generic 64-bit lane loop.
if (in.src[0].kind != OperandKind::VGPR && in.src[1].kind == OperandKind::VGPR && w.exec() == w.full) {
  const unsigned s = sread(w, in.src[0]) & 63u;
  const uint32_t* bl = w.vreg(in.src[1].reg);
  const uint32_t* bh = w.vreg(in.src[1].reg + 1);
  uint32_t* dl = w.vreg(in.dst.reg);
  uint32_t* dh = w.vreg(in.dst.reg + 1);
  auto run = [&](auto wc) {
    constexpr unsigned W = decltype(wc)::value;
    uint32_t rl[W], rh[W];  // results first: D may overlap S1
    if (s >= 32) {
      for (unsigned l = 0; l < W; ++l) { rl[l] = 0; rh[l] = bl[l] << (s - 32); }
    } else if (s == 0) {
      for (unsigned l = 0; l < W; ++l) { rl[l] = bl[l]; rh[l] = bh[l]; }
    } else {
      for (unsigned l = 0; l < W; ++l) { rl[l] = bl[l] << s; rh[l] = (bh[l] << s) | (bl[l] >> (32 - s)); }
    }
    std::memcpy(dl, rl, sizeof rl);
    std::memcpy(dh, rh, sizeof rh);
  };
  if (w.W == 32) run(std::integral_constant<unsigned, 32>());
  else run(std::integral_constant<unsigned, 64>());
} else {
  vop_u64(w, in, [](uint64_t a, uint64_t b, uint64_t) { return b << (a & 63); });
}
