// v_floor_f16: round toward -inf to an integer (exact).
vop_f16(w, in, [](double a, double, double) { return std::floor(a); });
