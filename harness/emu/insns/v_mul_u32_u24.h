// v_mul_u32_u24: D.u32 = S0[23:0] * S1[23:0] (unsigned), low 32 bits; clamp saturates the 48-bit product
// to 0xffffffff (AMD RDNA4 ISA reference guide, V_MUL_U32_U24; llvm-mc accepts clamp on the e64 form).
if (!int_clamp(in, false)) vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t) { return (a & 0xffffffu) * (b & 0xffffffu); });
else vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t) { return sat_u32(int64_t(a & 0xffffffu) * (b & 0xffffffu)); });
