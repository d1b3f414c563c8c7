// v_min3_num_f32: min_num(min_num(S0, S1), S2) (IEEE 754-2019 minimumNumber).
vop_f32<true>(w, in, [](float a, float b, float c) { return min_num(min_num(a, b), c); });
