// v_floor_f64: round toward -inf to an integer (exact).
vop_f64(w, in, [](double a, double, double) { return std::floor(a); });
