// s_trunc_f32: D = S0 rounded toward zero to an integral value (salu.h s_round_f32).
s_round_f32(w, in, [](float a) { return std::trunc(a); });
