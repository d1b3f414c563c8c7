// s_mul_f16: D[15:0] = S0[15:0] * S1[15:0] (MODE f16 rounding and denormals, salu.h).
salu_f16_dst(w, in, uint16_t(salu_f16(w, S0, S1, 0, salu_exact_mul)));
