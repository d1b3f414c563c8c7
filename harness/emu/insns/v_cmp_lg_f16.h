// v_cmp_lg_f16
vop_cmp_f16(w, in, [](float a, float b) { return a < b || a > b; });
