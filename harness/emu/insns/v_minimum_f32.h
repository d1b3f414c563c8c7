// v_minimum_f32: IEEE 754-2019 minimum: sNaN (S0 first) -> quieted, then qNaN (S0 first),
// -0 < +0 (see minimum_of).
vop_f32<true>(w, in, [](float a, float b, float) { return minimum_of(a, b); });
