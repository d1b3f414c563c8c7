// v_min_num_f16
vop_f16(w, in, [](double a, double b, double) {
  if (std::isnan(a)) return std::isnan(b) ? a : b;
  if (std::isnan(b)) return a;
  if (a == b) return std::signbit(a) > std::signbit(b) ? a : b;
  return a < b ? a : b;
});
