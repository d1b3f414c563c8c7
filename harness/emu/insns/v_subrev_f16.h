// v_subrev_f16
vop_f16(w, in, [](double a, double b, double) { return b - a; });
