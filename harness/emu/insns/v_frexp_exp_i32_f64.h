// v_frexp_exp_i32_f64: exponent such that S0 = mant * 2^exp, mant in [0.5, 1); 0 for +-inf, NaN.
vop_cvt_from_f64(w, in, [](double x) { return uint32_t(frexp_exp(x)); });
