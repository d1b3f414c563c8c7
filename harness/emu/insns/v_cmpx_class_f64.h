// v_cmpx_class_f64
VSRC(al, in.src[0]); VSRC_HI(ah, in.src[0]);
VSRC(m, in.src[1]);
vop_cmp(w, in, [&](unsigned l) {
  uint64_t u = uint64_t(al[l]) | uint64_t(ah[l]) << 32;
  bool snan = std::isnan(as_d(u)) && !((u >> 51) & 1);
  return (m[l] >> fclass_bit(as_d(u), snan)) & 1;
});
