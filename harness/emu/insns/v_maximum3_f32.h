// v_maximum3_f32: maximum(maximum(S0, S1), S2).
vop_f32<true>(w, in, [](float a, float b, float c) { return maximum_of(maximum_of(a, b), c); });
