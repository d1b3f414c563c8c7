// v_cvt_u16_f16: f16_to_u16: round toward zero, saturate to [0, 65535], NaN -> 0.
vop_from_f16(w, in, [](double x) { return uint16_t(float_to_int_sat(x, 0.0, 65535.0)); });
