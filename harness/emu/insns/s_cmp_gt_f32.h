// s_cmp_gt_f32: SCC = greater than, on S0, S1 (salu.h s_cmp_f32).
s_cmp_f32(w, in, [](float a, float b) { return a > b; });
