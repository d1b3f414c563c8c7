// v_fract_f64: S0 - floor(S0), at most the largest double below 1.0 (see fract_of).
vop_f64(w, in, [](double a, double, double) { return fract_of(a); });
