// v_max3_num_f16: max_num(max_num(S0, S1), S2) (IEEE 754-2019 maximumNumber).
vop_f16<true>(w, in, [](double a, double b, double c) { return max_num(max_num(a, b), c); });
