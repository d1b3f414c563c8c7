// v_fma_f32
vop_f32(w, in, [](float a, float b, float c) { return std::fma(a, b, c); });
