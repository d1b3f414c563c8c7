// v_sad_hi_u8: D.u32 = (sad_u8(S0, S1) << 16) + S2.u32; clamp saturates to 0xffffffff (AMD RDNA4 ISA
// reference guide, V_SAD_HI_U8).
vop_u32(w, in, [&](uint32_t a, uint32_t b, uint32_t c) { return clamp_u32(in, (int64_t(sad_u8(a, b)) << 16) + c); });
