// v_cvt_f16_u16: unsigned 16-bit integer to f16, rounded in the MODE f16 direction
// (65520 and above round to +inf to nearest).
vop_f16_from16(w, in, [](uint16_t x) { return double(x); });
