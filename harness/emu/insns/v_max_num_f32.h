// v_max_num_f32: IEEE 754-2019 maximumNumber (see max_num): one NaN gives the other operand,
// two give S0 quieted; +0 > -0.
vop_f32<true>(w, in, [](float a, float b, float) { return max_num(a, b); });
