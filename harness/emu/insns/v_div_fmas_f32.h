// v_div_fmas_f32: D = fma(S0, S1, S2), scaled by 2^64 (|S2| >= 1.0, biased exponent >= 127)
// or 2^-64 when VCC[lane] is set (undoes v_div_scale_f32's scaling). RDNA ISA pseudo-code.
uint64_t vcc = w.vcc();
VSrc a = vsrc_mod(w, in, 0, 0x80000000u), b = vsrc_mod(w, in, 1, 0x80000000u), c = vsrc_mod(w, in, 2, 0x80000000u);
if (a.m == 0) a.p = &a.val;
if (b.m == 0) b.p = &b.val;
if (c.m == 0) c.p = &c.val;
uint32_t* d = w.vreg(in.dst.reg);
bool z = w.ftz32;
for_lanes(w, [&](unsigned l) {
  float x = as_f(a[l]), y = as_f(b[l]), s2 = as_f(c[l]);
  if (z) { x = flush32(x); y = flush32(y); s2 = flush32(s2); }
  float f = std::fma(x, y, s2);
  if ((vcc >> l) & 1) f = std::ldexp(f, ((c[l] >> 23) & 0xff) >= 127 ? 64 : -64);
  f = omod_clamp(in, f);
  d[l] = as_u(z ? flush32(f) : f);
});
