// v_cvt_pk_u8_f32: S2 with byte S1[1:0] replaced by f32_to_u8(S0) (round toward zero,
// saturate to [0, 255], NaN -> 0, like the other f32_to_<int> conversions; the pseudocode
// does not define f32_to_u8: UNVERIFIED model cvt_pk_u8_f32_rounding).
VSrc a = vsrc_mod(w, in, 0, 0x80000000u);
if (a.m == 0) a.p = &a.val;
VSRC(sel, in.src[1]);
VSRC(c, in.src[2]);
uint32_t* d = w.vreg(in.dst.reg);
const bool fin = fp_mode32(w).fin;
// Candidates (RDNA4_EMU_MODEL=cvt_pk_u8_f32_rounding=...): nearest_even (1) rounds to the
// nearest integer, ties to even; nearest_away (2) rounds to the nearest, ties away from zero
// (an add-one-half-and-truncate rounding); both then saturate; NaN -> 0 as before.
using K = model::CvtPkU8F32Rounding;
static const K k = model::active<K>();
for_lanes(w, [&](unsigned l) {
  float x = as_f(a[l]);
  if (fin) x = flush32(x);
  const unsigned sh = (sel[l] & 3) * 8;
  double v = double(x);
  if (k != K::TowardZero && !std::isnan(v)) {
    const double fl = std::floor(v), frac = v - fl;  // exact for every f32 (inf: frac NaN, v stays)
    const bool up = frac > 0.5 || (frac == 0.5 && (k == K::NearestAway ? v > 0 : std::fmod(fl, 2.0) != 0));
    v = up ? fl + 1 : fl;
  }
  d[l] = (c[l] & ~(0xffu << sh)) | (uint32_t(float_to_int_sat(v, 0.0, 255.0)) << sh);
});
