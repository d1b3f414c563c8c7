// v_max_num_f64: IEEE 754-2019 maximumNumber; -0 < +0.
vop_f64(w, in, [](double a, double b, double) {
  if (std::isnan(a)) return std::isnan(b) ? a : b;
  if (std::isnan(b)) return a;
  if (a == b) return std::signbit(a) ? b : a;
  return a > b ? a : b;
});
