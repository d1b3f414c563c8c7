// v_sad_u8: D.u32 = S2.u32 + sum over the 4 bytes of |S0.byte - S1.byte|; clamp saturates to 0xffffffff
// (AMD RDNA4 ISA reference guide, V_SAD_U8).
vop_u32(w, in, [&](uint32_t a, uint32_t b, uint32_t c) { return clamp_u32(in, int64_t(sad_u8(a, b)) + c); });
