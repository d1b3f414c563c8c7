// v_div_fixup_f32: Special-case fix-up of a division result (ISA V_DIV_FIXUP_F32).
vop_f32(w, in, [](float q, float den, float num) {
  // src0 = quotient estimate, src1 = denominator, src2 = numerator.
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  bool sign = std::signbit(den) != std::signbit(num);
  if (std::isnan(den)) return quiet(den);
  if (std::isnan(num)) return quiet(num);
  if (den == 0 && num == 0) return nan;
  if (std::isinf(den) && std::isinf(num)) return nan;
  if (den == 0 || std::isinf(num)) return sign ? -inf : inf;
  if (std::isinf(den)) return sign ? -0.0f : 0.0f;
  if (std::isnan(q)) return sign ? -inf : inf;  // overflow in the estimate
  return sign ? -std::fabs(q) : std::fabs(q);
});
