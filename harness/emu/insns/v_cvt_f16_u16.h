// v_cvt_f16_u16: unsigned 16-bit integer to f16 (RNE).
vop_u32(w, in, [](uint32_t a, uint32_t, uint32_t) { return uint32_t(f32_to_f16(float(a & 0xffff))); });
