// v_sad_u32: D.u32 = |S0.u32 - S1.u32| + S2.u32 (unsigned); clamp saturates to 0xffffffff (AMD RDNA4 ISA
// reference guide, V_SAD_U32).
vop_u32(w, in, [&](uint32_t a, uint32_t b, uint32_t c) { return clamp_u32(in, int64_t(a > b ? a - b : b - a) + c); });
