// s_floor_f32: D = the largest integral value <= S0 (salu.h s_round_f32).
s_round_f32(w, in, [](float a) { return std::floor(a); });
