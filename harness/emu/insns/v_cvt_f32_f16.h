// v_cvt_f32_f16: exact; the f16 source half from src16 (e32 v128+ = high half, VOP3
// op_sel[0]) with abs/neg; a NaN is quieted (payload kept); MODE f16 input flush;
// omod/clamp.
const F16Src a = f16src(w, in, 0);
uint32_t* d = w.vreg(in.dst.reg);
const bool fin = fp_mode16(w).fin, fout = fp_mode32(w).fout;
for_lanes(w, [&](unsigned l) {
  uint16_t h = a[l];
  if (fin) h = flush16(h);
  float f = omod_clamp(in, quiet(f16_to_f32(h)));
  d[l] = as_u(fout ? flush32(f) : f);
});
