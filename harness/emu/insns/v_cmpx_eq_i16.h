// v_cmpx_eq_i16
vop_cmp_u32(w, in, [](uint32_t a, uint32_t b) { return int16_t(a) == int16_t(b); });
