// v_frexp_mant_f16: significand in [0.5, 1) with the sign of S0; +-inf and NaN pass through.
vop_f16<true>(w, in, [](double a, double, double) { return frexp_mant(a); });
