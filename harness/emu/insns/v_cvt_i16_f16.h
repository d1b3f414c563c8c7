// v_cvt_i16_f16: f16_to_i16: round toward zero, saturate to [-32768, 32767], NaN -> 0.
vop_from_f16(w, in, [](double x) { return uint16_t(float_to_int_sat(x, -32768.0, 32767.0)); });
