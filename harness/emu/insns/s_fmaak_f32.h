// s_fmaak_f32: D = fma(S0, S1, K), K the 32-bit literal after the instruction (src2).
SDST(salu_f32(w, as_f(S0), as_f(S1), as_f(sread(w, in.src[2])), salu_exact_fma));
