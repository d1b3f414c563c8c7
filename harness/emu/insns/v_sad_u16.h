// v_sad_u16: D.u32 = S2.u32 + |S0[15:0] - S1[15:0]| + |S0[31:16] - S1[31:16]| (unsigned); clamp saturates
// to 0xffffffff (AMD RDNA4 ISA reference guide, V_SAD_U16).
vop_u32(w, in, [&](uint32_t a, uint32_t b, uint32_t c) {
  auto d = [](uint32_t x, uint32_t y) { return int64_t(x > y ? x - y : y - x); };
  return clamp_u32(in, d(a & 0xffff, b & 0xffff) + d(a >> 16, b >> 16) + c);
});
