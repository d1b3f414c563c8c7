// s_cmp_o_f16: SCC = ordered: neither is NaN, on S0[15:0], S1[15:0] (salu.h s_cmp_f16).
s_cmp_f16(w, in, [](float a, float b) { return !std::isnan(a) && !std::isnan(b); });
