// v_maxmin_num_f16: min_num(max_num(S0, S1), S2).
vop_f16<true>(w, in, [](double a, double b, double c) { return min_num(max_num(a, b), c); });
