// v_cvt_nearest_i32_f32: round half up (floor(x + 0.5)), saturating; NaN -> 0.
vop_u32(w, in, [](uint32_t a, uint32_t, uint32_t) { float f = std::floor(as_f(a) + 0.5f); return std::isnan(f) ? 0u : f <= -2147483648.0f ? 0x80000000u : f >= 2147483648.0f ? 0x7fffffffu : uint32_t(int32_t(f)); });
