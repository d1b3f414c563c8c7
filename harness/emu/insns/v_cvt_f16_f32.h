// v_cvt_f16_f32: S0 rounded to f16 in the MODE f16 direction (the destination's
// precision: UNVERIFIED model cvt_round_mode_field; candidates source: the
// f32 field, nearest: round to nearest even whatever MODE says), then omod/clamp on the
// f16 value; MODE f32 input flush, f16 output flush; into the destination half (dst16:
// e32 v128+ = high half, VOP3 op_sel[3]).
using K = model::CvtRoundModeField;
static const K k = model::active<K>();
VSrc a = vsrc_mod(w, in, 0, 0x80000000u);
if (a.m == 0) a.p = &a.val;
const Dst16 d = dst16(w, in);
const FpMode m32 = fp_mode32(w), m16 = fp_mode16(w);
const unsigned rm = k == K::Destination ? m16.rm : k == K::Source ? m32.rm : unsigned(kRoundNearestEven);
for_lanes(w, [&](unsigned l) {
  float f = as_f(a[l]);
  if (m32.fin) f = flush32(f);
  uint16_t h = f16_post(in, f64_to_f16_rm(double(f), rm), rm);
  d.set(l, m16.fout ? flush16(h) : h);
});
