// s_cvt_f32_u32: D = S0 (unsigned) converted to f32, rounded in the MODE f32 direction.
SDST(as_u(salu_round32(double(S0), salu_round32m(w))));
