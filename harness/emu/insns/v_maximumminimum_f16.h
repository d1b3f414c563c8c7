// v_maximumminimum_f16: minimum(maximum(S0, S1), S2).
vop_f16<true>(w, in, [](double a, double b, double c) { return minimum_of(maximum_of(a, b), c); });
