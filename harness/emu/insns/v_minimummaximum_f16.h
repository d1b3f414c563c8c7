// v_minimummaximum_f16: maximum(minimum(S0, S1), S2).
vop_f16<true>(w, in, [](double a, double b, double c) { return maximum_of(minimum_of(a, b), c); });
