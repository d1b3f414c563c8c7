// v_frexp_mant_f64: significand in [0.5, 1) with the sign of S0; +-inf and NaN pass through
// (see frexp_mant).
vop_f64<true>(w, in, [](double a, double, double) { return frexp_mant(a); });
