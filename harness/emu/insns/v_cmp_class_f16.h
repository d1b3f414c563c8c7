// v_cmp_class_f16
VSRC(a, in.src[0]);
VSRC(m, in.src[1]);
vop_cmp(w, in, [&](unsigned l) {
  uint16_t h = uint16_t(a[l]);
  float f = f16_to_f32(h);
  bool snan = std::isnan(f) && !((h >> 9) & 1);
  unsigned c = fclass_bit(double(f), snan);
  if (((h >> 10) & 0x1f) == 0 && (h & 0x3ff)) c = (h >> 15) ? 4 : 7;
  return (m[l] >> c) & 1;
});
