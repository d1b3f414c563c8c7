// v_fmamk_f32: dst = src0 * K + vsrc1; K (the literal) is decoded as src2.
vop_f32(w, in, [](float a, float b, float k) { return std::fma(a, k, b); });
