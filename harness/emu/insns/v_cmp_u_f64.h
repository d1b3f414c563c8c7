// v_cmp_u_f64
vop_cmp_f64(w, in, [](double a, double b) { return std::isnan(a) || std::isnan(b); });
