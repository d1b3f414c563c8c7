// v_cvt_f32_f64: S0 rounded to f32 in the MODE f32 direction (the destination's precision:
// UNVERIFIED model cvt_round_mode_field; candidates source: the f64 field,
// nearest: round to nearest even whatever MODE says), then omod/clamp; MODE f64 input
// flush (vop_cvt_from_f64), f32 output flush.
using K = model::CvtRoundModeField;
static const K k = model::active<K>();
const FpMode m = fp_mode32(w);
const unsigned rm = k == K::Destination ? m.rm : k == K::Source ? fp_mode16(w).rm : unsigned(kRoundNearestEven);
vop_cvt_from_f64(w, in, [&](double x) {
  float r = omod_clamp(in, f64_to_f32_rm(x, rm));
  return as_u(m.fout ? flush32(r) : r);
});
