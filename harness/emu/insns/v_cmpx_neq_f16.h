// v_cmpx_neq_f16
vop_cmp_f16(w, in, [](float a, float b) { return !(a == b); });
