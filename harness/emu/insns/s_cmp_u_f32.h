// s_cmp_u_f32: SCC = unordered: either is NaN, on S0, S1 (salu.h s_cmp_f32).
s_cmp_f32(w, in, [](float a, float b) { return std::isnan(a) || std::isnan(b); });
