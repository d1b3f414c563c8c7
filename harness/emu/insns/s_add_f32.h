// s_add_f32: D = S0 + S1 (MODE f32 rounding and denormals, salu.h).
SDST(salu_f32(w, as_f(S0), as_f(S1), 0.0f, salu_exact_add));
