// v_fract_f32
vop_f32(w, in, [](float a, float, float) { return std::isinf(a) ? std::numeric_limits<float>::quiet_NaN() : std::min(a - std::floor(a), 0x1.fffffep-1f); });
