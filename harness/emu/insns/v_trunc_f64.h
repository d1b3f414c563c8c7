// v_trunc_f64: round toward zero to an integer (exact; -0 kept).
vop_f64(w, in, [](double a, double, double) { return std::trunc(a); });
