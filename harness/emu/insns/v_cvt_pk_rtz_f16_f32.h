// v_cvt_pk_rtz_f16_f32
VSrc a = vsrc_mod(w, in, 0, 0x80000000u), b = vsrc_mod(w, in, 1, 0x80000000u);
if (a.m == 0) a.p = &a.val;
if (b.m == 0) b.p = &b.val;
uint32_t* d = w.vreg(in.dst.reg);
auto rtz = [](float f) -> uint16_t {
  // Round toward zero: truncate the f16 rounding of |f| if it rounded up.
  uint16_t h = f32_to_f16(f);
  if (std::isnan(f) || std::isinf(f)) return h;
  float back = f16_to_f32(h);
  if (std::fabs(back) > std::fabs(f)) h = uint16_t(h - 1);
  return h;
};
for_lanes(w, [&](unsigned l) { d[l] = uint32_t(rtz(as_f(a[l]))) | (uint32_t(rtz(as_f(b[l]))) << 16); });
