// v_fma_f64
vop_f64(w, in, [](double a, double b, double c) { return std::fma(a, b, c); });
