// v_cvt_i32_f32: Round toward zero, saturating; NaN -> 0.
vop_cvt_from_f32(w, in, [](float f) {
  return std::isnan(f) ? 0u : f <= -2147483648.0f ? 0x80000000u : f >= 2147483648.0f ? 0x7fffffffu : uint32_t(int32_t(f));
});
