// v_max_num_f16: IEEE 754-2019 maximumNumber (see max_num): one NaN gives the other operand,
// two give S0 quieted; +0 > -0.
vop_f16<true>(w, in, [](double a, double b, double) { return max_num(a, b); });
