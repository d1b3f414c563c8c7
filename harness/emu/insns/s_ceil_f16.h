// s_ceil_f16: as s_ceil_f32 on the f16 in S0[15:0] (salu.h s_round_f16).
s_round_f16(w, in, [](float a) { return std::ceil(a); });
