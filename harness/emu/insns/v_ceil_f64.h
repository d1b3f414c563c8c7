// v_ceil_f64: round toward +inf to an integer (exact; ceil(-0.5) = -0).
vop_f64(w, in, [](double a, double, double) { return std::ceil(a); });
