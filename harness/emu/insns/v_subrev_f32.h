// v_subrev_f32
vop_f32(w, in, [](float a, float b, float) { return b - a; });
