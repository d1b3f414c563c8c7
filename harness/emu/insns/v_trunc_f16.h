// v_trunc_f16: round toward zero to an integer (exact).
vop_f16(w, in, [](double a, double, double) { return std::trunc(a); });
