// v_cvt_f16_i16: signed 16-bit integer to f16, rounded in the MODE f16 direction.
vop_f16_from16(w, in, [](uint16_t x) { return double(int16_t(x)); });
