// v_minimum3_f32: minimum(minimum(S0, S1), S2).
vop_f32<true>(w, in, [](float a, float b, float c) { return minimum_of(minimum_of(a, b), c); });
