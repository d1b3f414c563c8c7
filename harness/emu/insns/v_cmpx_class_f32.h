// v_cmpx_class_f32: Classes: bit 0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +inf.
VSRC(a, in.src[0]);
VSRC(m, in.src[1]);
vop_cmp(w, in, [&](unsigned l) {
  float f = as_f(a[l]);
  bool snan = std::isnan(f) && !((a[l] >> 22) & 1);
  return (m[l] >> fclass_bit(f, snan)) & 1;
});
