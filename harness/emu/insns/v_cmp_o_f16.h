// v_cmp_o_f16
vop_cmp_f16(w, in, [](float a, float b) { return !std::isnan(a) && !std::isnan(b); });
