// v_cvt_u32_f64: Round toward zero, saturating; NaN -> 0.
vop_cvt_from_f64(w, in, [](double x) {
  return std::isnan(x) || x <= 0.0 ? 0u : x >= 4294967295.0 ? 0xffffffffu : uint32_t(x);
});
