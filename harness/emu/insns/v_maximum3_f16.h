// v_maximum3_f16: maximum(maximum(S0, S1), S2).
vop_f16<true>(w, in, [](double a, double b, double c) { return maximum_of(maximum_of(a, b), c); });
