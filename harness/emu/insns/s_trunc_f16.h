// s_trunc_f16: as s_trunc_f32 on the f16 in S0[15:0].
s_round_f16(w, in, [](float a) { return std::trunc(a); });
