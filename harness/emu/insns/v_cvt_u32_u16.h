// v_cvt_u32_u16: zero-extend the low 16 bits.
vop_u32(w, in, [](uint32_t a, uint32_t, uint32_t) { return a & 0xffffu; });
