// v_cvt_i32_i16: sign-extend the low 16 bits.
vop_u32(w, in, [](uint32_t a, uint32_t, uint32_t) { return uint32_t(int32_t(int16_t(a))); });
