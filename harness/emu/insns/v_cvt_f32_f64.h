// v_cvt_f32_f64
VSRC(al, in.src[0]);
VSrc ah = vsrc_mod(w, in, 0, 0x80000000u, 1);
if (ah.m == 0) ah.p = &ah.val;
uint32_t* d = w.vreg(in.dst.reg);
for_lanes(w, [&](unsigned l) {
  double x = as_d(uint64_t(al[l]) | uint64_t(ah[l]) << 32);
  float f = float(x);
  d[l] = as_u(omod_clamp(in, f));
});
