// v_frexp_exp_i16_f16: exponent such that S0 = mant * 2^exp, mant in [0.5, 1); 0 for +-inf,
// NaN; into the 16-bit destination half.
vop_from_f16(w, in, [](double x) { return uint16_t(frexp_exp(x)); });
