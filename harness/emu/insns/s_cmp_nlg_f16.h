// s_cmp_nlg_f16: SCC = not less or greater (true for NaN), on S0[15:0], S1[15:0] (salu.h s_cmp_f16).
s_cmp_f16(w, in, [](float a, float b) { return !(a < b || a > b); });
