// s_fmac_f16: D[15:0] = fma(S0[15:0], S1[15:0], D[15:0]), one rounding (MODE f16, salu.h).
salu_f16_dst(w, in, uint16_t(salu_f16(w, S0, S1, sread(w, in.dst), salu_exact_fma)));
