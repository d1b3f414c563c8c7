// v_max3_num_f32: max_num(max_num(S0, S1), S2) (IEEE 754-2019 maximumNumber).
vop_f32<true>(w, in, [](float a, float b, float c) { return max_num(max_num(a, b), c); });
