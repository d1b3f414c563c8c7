// v_mul_f32
vop_f32(w, in, [](float a, float b, float) { return a * b; });
