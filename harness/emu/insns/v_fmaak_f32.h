// v_fmaak_f32: dst = src0 * vsrc1 + K.
vop_f32(w, in, [](float a, float b, float k) { return std::fma(a, b, k); });
