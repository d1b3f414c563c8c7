// v_maxmin_num_f32: min_num(max_num(S0, S1), S2).
vop_f32<true>(w, in, [](float a, float b, float c) { return min_num(max_num(a, b), c); });
