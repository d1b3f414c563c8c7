// v_min_num_f16: IEEE 754-2019 minimumNumber (see min_num): one NaN gives the other operand,
// two give S0 quieted; -0 < +0.
vop_f16<true>(w, in, [](double a, double b, double) { return min_num(a, b); });
