// v_maximum_f32: IEEE 754-2019 maximum (NaN rules as v_minimum_f32; +0 > -0).
vop_f32<true>(w, in, [](float a, float b, float) { return maximum_of(a, b); });
