// v_cvt_f64_f32
VSrc a = vsrc_mod(w, in, 0, 0x80000000u);
if (a.m == 0) a.p = &a.val;
uint32_t* dl = w.vreg(in.dst.reg);
uint32_t* dh = w.vreg(in.dst.reg + 1);
for_lanes(w, [&](unsigned l) {
  uint64_t u = as_u64(double(as_f(a[l])));
  dl[l] = uint32_t(u);
  dh[l] = uint32_t(u >> 32);
});
