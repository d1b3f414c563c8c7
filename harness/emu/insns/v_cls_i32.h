// v_cls_i32: number of leading bits equal to the sign bit, after the sign bit itself: the first i in
// 1..31 with S0[31-i] != S0[31]; -1 when all 32 bits are equal (0 or -1) (AMD RDNA4 ISA reference guide,
// V_CLS_I32). With y = S0 ^ (sign copies), bit 31 of y is 0 and i = clz(y).
vop_u32(w, in, [](uint32_t a, uint32_t, uint32_t) {
  const uint32_t y = a ^ uint32_t(int32_t(a) >> 31);
  return y ? uint32_t(__builtin_clz(y)) : ~0u;
});
