// v_cvt_f32_f64: S0 rounded to f32 in the MODE f32 direction (the destination's precision:
// UNVERIFIED model_assumptions: cvt_round_mode_field), then omod/clamp; MODE f64 input
// flush (vop_cvt_from_f64), f32 output flush.
const FpMode m = fp_mode32(w);
vop_cvt_from_f64(w, in, [&](double x) {
  float r = omod_clamp(in, f64_to_f32_rm(x, m.rm));
  return as_u(m.fout ? flush32(r) : r);
});
