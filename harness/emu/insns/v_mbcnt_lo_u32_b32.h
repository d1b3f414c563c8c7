// v_mbcnt_lo_u32_b32: D = popcount(S0 & lanes below this one, lanes 0-31) + S1.
VSRC(a, in.src[0]);
VSRC(b, in.src[1]);
uint32_t* d = w.vreg(in.dst.reg);
for_lanes(w, [&](unsigned l) {
  uint32_t below = l >= 32 ? 0xffffffffu : (l == 0 ? 0u : (0xffffffffu >> (32 - l)));
  d[l] = uint32_t(__builtin_popcount(a[l] & below)) + b[l];
});
