// v_minmax_num_f16: max_num(min_num(S0, S1), S2).
vop_f16<true>(w, in, [](double a, double b, double c) { return max_num(min_num(a, b), c); });
