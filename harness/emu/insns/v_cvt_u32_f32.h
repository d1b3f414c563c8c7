// v_cvt_u32_f32: Round toward zero, saturating; NaN -> 0.
vop_cvt_from_f32(w, in, [](float f) {
  return std::isnan(f) || f <= 0.0f ? 0u : f >= 4294967296.0f ? 0xffffffffu : uint32_t(f);
});
