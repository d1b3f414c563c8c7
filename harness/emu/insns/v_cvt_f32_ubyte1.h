// v_cvt_f32_ubyte1: byte 1 as an unsigned integer to f32 (exact).
vop_u32(w, in, [](uint32_t a, uint32_t, uint32_t) { return as_u(float((a >> 8) & 0xff)); });
