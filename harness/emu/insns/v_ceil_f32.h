// v_ceil_f32
vop_f32(w, in, [](float a, float, float) { return std::ceil(a); });
