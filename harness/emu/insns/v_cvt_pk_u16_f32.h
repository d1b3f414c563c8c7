// v_cvt_pk_u16_f32: {v_cvt_u16_f32(S1), v_cvt_u16_f32(S0)}: round toward zero, saturate, NaN -> 0.
vop_pk_from_f32(w, in, [](float x) { return uint16_t(float_to_int_sat(x, 0.0, 65535.0)); });
