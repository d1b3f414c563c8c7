// v_minimum3_f16: minimum(minimum(S0, S1), S2).
vop_f16<true>(w, in, [](double a, double b, double c) { return minimum_of(minimum_of(a, b), c); });
