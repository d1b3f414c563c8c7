// v_min_num_f32
vop_f32(w, in, [](float a, float b, float) {
  // IEEE 754-2019 minimumNumber: a NaN operand yields the other operand; -0 < +0.
  if (std::isnan(a)) return std::isnan(b) ? quiet(a) : b;
  if (std::isnan(b)) return a;
  if (a == b) return std::signbit(a) > std::signbit(b) ? a : b;
  return a < b ? a : b;
});
