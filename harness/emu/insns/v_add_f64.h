// v_add_f64
vop_f64(w, in, [](double a, double b, double) { return a + b; });
