// s_ceil_f32: D = the smallest integral value >= S0 (-0.5 gives -0) (salu.h s_round_f32).
s_round_f32(w, in, [](float a) { return std::ceil(a); });
