// s_cmp_nge_f32: SCC = not greater or equal (true for NaN), on S0, S1 (salu.h s_cmp_f32).
s_cmp_f32(w, in, [](float a, float b) { return !(a >= b); });
