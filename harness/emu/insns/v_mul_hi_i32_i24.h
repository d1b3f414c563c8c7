// v_mul_hi_i32_i24: D.i32 = bits [63:32] of sext(S0[23:0]) * sext(S1[23:0]) (AMD RDNA4 ISA reference guide,
// V_MUL_HI_I32_I24).
vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t) {
  return uint32_t(uint64_t(int64_t(int32_t(a << 8) >> 8) * int64_t(int32_t(b << 8) >> 8)) >> 32);
});
