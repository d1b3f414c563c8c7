// v_minimummaximum_f32: maximum(minimum(S0, S1), S2).
vop_f32<true>(w, in, [](float a, float b, float c) { return maximum_of(minimum_of(a, b), c); });
