// v_cvt_i32_f64: Round toward zero, saturating; NaN -> 0.
vop_cvt_from_f64(w, in, [](double x) {
  return std::isnan(x) ? 0u : x <= -2147483648.0 ? 0x80000000u : x >= 2147483647.0 ? 0x7fffffffu : uint32_t(int32_t(x));
});
