// v_cvt_f32_ubyte1: byte 1 of S0 as an unsigned integer to f32 (exact), then omod/clamp.
vop_f32_from_bits(w, in, [](uint32_t a) { return float((a >> 8) & 0xff); });
