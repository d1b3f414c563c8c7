// v_cvt_i32_f32: Round toward zero, saturating; NaN -> 0.
VSrc a = vsrc_mod(w, in, 0, 0x80000000u);
if (a.m == 0) a.p = &a.val;
uint32_t* d = w.vreg(in.dst.reg);
bool z = w.ftz32;
for_lanes(w, [&](unsigned l) {
  float f = as_f(a[l]);
  if (z) f = flush32(f);
  d[l] = std::isnan(f) ? 0u : f <= -2147483648.0f ? 0x80000000u : f >= 2147483648.0f ? 0x7fffffffu : uint32_t(int32_t(f));
});
