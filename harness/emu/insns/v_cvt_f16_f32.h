// v_cvt_f16_f32
VSrc a = vsrc_mod(w, in, 0, 0x80000000u);
if (a.m == 0) a.p = &a.val;
uint32_t* d = w.vreg(in.dst.reg);
bool hi = (in.opsel >> 3) & 1;
for_lanes(w, [&](unsigned l) {
  float f = as_f(a[l]);
  if (in.clamp) f = std::isnan(f) ? 0.0f : std::min(std::max(f, 0.0f), 1.0f);
  uint16_t h = f32_to_f16(f);
  d[l] = hi ? (d[l] & 0xffffu) | (uint32_t(h) << 16) : (d[l] & 0xffff0000u) | h;
});
