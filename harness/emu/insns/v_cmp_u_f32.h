// v_cmp_u_f32
vop_cmp_f32(w, in, [](float a, float b) { return std::isnan(a) || std::isnan(b); });
