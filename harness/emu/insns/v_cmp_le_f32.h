// v_cmp_le_f32
vop_cmp_f32(w, in, [](float a, float b) { return a <= b; });
