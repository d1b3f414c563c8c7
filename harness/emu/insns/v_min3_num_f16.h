// v_min3_num_f16: min_num(min_num(S0, S1), S2) (IEEE 754-2019 minimumNumber).
vop_f16<true>(w, in, [](double a, double b, double c) { return min_num(min_num(a, b), c); });
