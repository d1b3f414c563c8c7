// v_floor_f32
vop_f32(w, in, [](float a, float, float) { return std::floor(a); });
