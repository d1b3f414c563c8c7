// v_frexp_mant_f32: significand in [0.5, 1) with the sign of S0; +-inf and NaN pass through
// unchanged (see frexp_mant).
vop_f32<true>(w, in, [](float a, float, float) { return frexp_mant(a); });
