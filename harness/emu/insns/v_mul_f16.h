// v_mul_f16
vop_f16(w, in, [](double a, double b, double) { return a * b; });
