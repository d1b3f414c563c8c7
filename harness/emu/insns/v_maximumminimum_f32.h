// v_maximumminimum_f32: minimum(maximum(S0, S1), S2).
vop_f32<true>(w, in, [](float a, float b, float c) { return minimum_of(maximum_of(a, b), c); });
