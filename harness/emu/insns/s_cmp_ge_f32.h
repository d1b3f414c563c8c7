// s_cmp_ge_f32: SCC = greater or equal, on S0, S1 (salu.h s_cmp_f32).
s_cmp_f32(w, in, [](float a, float b) { return a >= b; });
