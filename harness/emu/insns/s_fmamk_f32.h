// s_fmamk_f32: D = fma(S0, K, S1), K the 32-bit literal after the instruction (src2).
SDST(salu_f32(w, as_f(S0), as_f(sread(w, in.src[2])), as_f(S1), salu_exact_fma));
