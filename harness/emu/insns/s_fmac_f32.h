// s_fmac_f32: D = fma(S0, S1, D), one rounding (MODE f32, salu.h).
SDST(salu_f32(w, as_f(S0), as_f(S1), as_f(sread(w, in.dst)), salu_exact_fma));
