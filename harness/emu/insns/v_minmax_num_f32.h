// v_minmax_num_f32: max_num(min_num(S0, S1), S2).
vop_f32<true>(w, in, [](float a, float b, float c) { return max_num(min_num(a, b), c); });
