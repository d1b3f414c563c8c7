// v_ldexp_f32: D = S0 * 2^S1 (S1 a signed integer), one rounding.
VSrc a = vsrc_mod(w, in, 0, 0x80000000u);
if (a.m == 0) a.p = &a.val;
VSRC(b, in.src[1]);
uint32_t* d = w.vreg(in.dst.reg);
bool z = w.ftz32;
for_lanes(w, [&](unsigned l) {
  float x = as_f(a[l]);
  if (z) x = flush32(x);
  int e = std::max(-1000, std::min(1000, int32_t(b[l])));
  float r = omod_clamp(in, std::ldexp(x, e));
  d[l] = as_u(z ? flush32(r) : r);
});
