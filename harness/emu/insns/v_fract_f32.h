// v_fract_f32: S0 - floor(S0), at most 0x3f7fffff (see fract_of).
vop_f32(w, in, [](float a, float, float) { return fract_of(a); });
