// s_cvt_f32_i32: D = S0 (signed) converted to f32, rounded in the MODE f32 direction.
SDST(as_u(salu_round32(double(int32_t(S0)), salu_round32m(w))));
