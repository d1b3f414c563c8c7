// v_cvt_f64_i32
VSRC(a, in.src[0]);
uint32_t* dl = w.vreg(in.dst.reg);
uint32_t* dh = w.vreg(in.dst.reg + 1);
for_lanes(w, [&](unsigned l) {
  uint64_t u = as_u64(double(int32_t(a[l])));
  dl[l] = uint32_t(u);
  dh[l] = uint32_t(u >> 32);
});
