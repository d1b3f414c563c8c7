// v_add_f16: Computed exactly in double, rounded once to f16.
vop_f16(w, in, [](double a, double b, double) { return a + b; });
