// v_cvt_pk_rtz_f16_f32: D = {f16(S1), f16(S0)}, each rounded toward zero whatever MODE says
// (NaN quieted, payload's top bits kept); MODE f32 input flush.
VSrc a = vsrc_mod(w, in, 0, 0x80000000u), b = vsrc_mod(w, in, 1, 0x80000000u);
if (a.m == 0) a.p = &a.val;
if (b.m == 0) b.p = &b.val;
uint32_t* d = w.vreg(in.dst.reg);
const bool fin = fp_mode32(w).fin;
for_lanes(w, [&](unsigned l) {
  float x = as_f(a[l]), y = as_f(b[l]);
  if (fin) { x = flush32(x); y = flush32(y); }
  d[l] = uint32_t(f64_to_f16_rm(x, kRoundZero)) | (uint32_t(f64_to_f16_rm(y, kRoundZero)) << 16);
});
