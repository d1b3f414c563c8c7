// v_msad_u8: like v_sad_u8, but a byte of S1 equal to 0 contributes nothing (masked SAD); clamp saturates
// to 0xffffffff (AMD RDNA4 ISA reference guide, V_MSAD_U8).
vop_u32(w, in, [&](uint32_t a, uint32_t b, uint32_t c) { return clamp_u32(in, int64_t(msad_u8(a, b)) + c); });
