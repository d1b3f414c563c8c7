// Float VALU building blocks (VOP1/VOP2/VOP3 f16/f32/f64/fp8/bf8 arithmetic,
// conversions, min/max, division helpers, transcendental models). Included at the
// end of semantics.h; insns/v_*.h bodies call these. MODE handling (round mode,
// denormal flush) as described at semantics.h's float helpers.
//
// Sources: AMD RDNA4 ISA reference guide (per-instruction pseudocode, named in each
// helper's comment), IEEE 754-2019 (clause 5.3.1 minimum/maximum/minimumNumber/
// maximumNumber, 4.3 rounding), OCP 8-bit floating point specification (E4M3/E5M2).
#pragma once

#include <cfenv>
#include <climits>
#include <cstring>

namespace rdna4emu::core {

// ---- scalar building blocks --------------------------------------------------
inline float qnan_of(float f) { return quiet(f); }
inline double qnan_of(double d) { return quiet64(d); }
inline bool is_snan(float f) { return is_snan32(f); }
inline bool is_snan(double d) { return is_snan64(d); }
inline int biased_exp(float f) { return int((as_u(f) >> 23) & 0xff); }
inline int biased_exp(double d) { return int((as_u64(d) >> 52) & 0x7ff); }

// v_min_num_* / v_max_num_* (IEEE 754-2019 minimumNumber / maximumNumber): one NaN
// operand gives the other operand, two give S0 quieted; -0 < +0.
template <class T>
inline T min_num(T a, T b) {
  if (std::isnan(a)) return std::isnan(b) ? qnan_of(a) : b;
  if (std::isnan(b)) return a;
  if (a == b) return std::signbit(a) ? a : b;
  return a < b ? a : b;
}
template <class T>
inline T max_num(T a, T b) {
  if (std::isnan(a)) return std::isnan(b) ? qnan_of(a) : b;
  if (std::isnan(b)) return a;
  if (a == b) return std::signbit(a) ? b : a;
  return a > b ? a : b;
}
// v_med3_num_*: with a NaN operand min3_num, otherwise the operand the pseudocode
// picks: the largest of the two that are not the maximum (compared with ==).
template <class T>
inline T med3_num(T a, T b, T c) {
  if (std::isnan(a) || std::isnan(b) || std::isnan(c)) return min_num(min_num(a, b), c);
  const T m = max_num(max_num(a, b), c);
  if (m == a) return max_num(b, c);
  if (m == b) return max_num(a, c);
  return max_num(a, b);
}
// v_minimum_* / v_maximum_* (IEEE 754-2019 minimum / maximum): a signalling NaN
// (S0 first) gives it quieted, then a quiet NaN (S0 first) as it is; -0 < +0.
template <class T>
inline T minimum_of(T a, T b) {
  if (is_snan(a)) return qnan_of(a);
  if (is_snan(b)) return qnan_of(b);
  if (std::isnan(a)) return a;
  if (std::isnan(b)) return b;
  if (a < b || (a == 0 && b == 0 && std::signbit(a) && !std::signbit(b))) return a;
  return b;
}
template <class T>
inline T maximum_of(T a, T b) {
  if (is_snan(a)) return qnan_of(a);
  if (is_snan(b)) return qnan_of(b);
  if (std::isnan(a)) return a;
  if (std::isnan(b)) return b;
  if (a > b || (a == 0 && b == 0 && !std::signbit(a) && std::signbit(b))) return a;
  return b;
}

// Round to the nearest integer, ties to even, whatever the host/MODE rounding
// direction (v_rndne_*: the pseudocode's floor(x + 0.5) with the tie correction).
// The sign of zero follows the operand (rndne(-0.3) = -0).
template <class T>
inline T round_even(T a) {
  T f = std::floor(a);
  const T d = a - f;  // exact: |a| < 2^(p-1) or a is an integer (d = 0)
  if (d > T(0.5) || (d == T(0.5) && std::fmod(f, T(2)) != 0)) f += T(1);
  return std::copysign(f, a);
}
// v_fract_*: S0 - floor(S0), at most the largest value below 1.0 (so that a tiny
// negative S0 does not give 1.0; LLVM folds llvm.amdgcn.fract the same way:
// llvm/lib/Analysis/ConstantFolding.cpp); +-inf -> NaN, NaN -> NaN.
template <class T>
inline T fract_of(T a) {
  if (std::isinf(a)) return std::numeric_limits<T>::quiet_NaN();
  return std::min(a - std::floor(a), std::nextafter(T(1), T(0)));
}
// v_frexp_mant_* / v_frexp_exp_*: S0 = mant * 2^exp with |mant| in [0.5, 1); +-inf
// and NaN: mant = S0 (unchanged), exp = 0; +-0: mant = +-0, exp = 0. A denormal S0
// is normalised (the pseudocode's exponent() is the biased field; LLVM's constant
// folding of llvm.amdgcn.frexp.* normalises: UNVERIFIED model
// frexp_denormal_normalised).
template <class T>
inline T frexp_mant(T a) {
  if (std::isinf(a) || std::isnan(a)) return a;
  int e;
  return std::frexp(a, &e);
}
template <class T>
inline int32_t frexp_exp(T a) {
  if (std::isinf(a) || std::isnan(a) || a == 0) return 0;
  int e;
  std::frexp(a, &e);
  return e;
}
// Candidates of MODEL(frexp_denormal_normalised) (harness/emu/models/valu_float.toml; the
// v_frexp_* files read the choice k once): a denormal S0 (0 < |S0| < 2^efield; efield = the pseudocode's
// exponent(S0) - bias + 1 for the field 0: f32 -126, f16 -14, f64 -1022) gets exp = efield;
// field_value: mant = S0 * 2^-efield (|mant| < 1, mant * 2^exp is still S0);
// field_bits: the fraction bits under the exponent field bias - 1, read with the
// implicit leading one: |mant| = 0.5 + |S0| * 2^-(efield + 1). Other operands as above.
template <class T>
inline bool frexp_field_denormal(T a, int efield) {
  return a != 0 && std::fabs(a) < std::ldexp(T(1), efield);
}
template <class T>
inline T frexp_mant_field(T a, model::FrexpDenormalNormalised k, int efield) {
  if (std::isnan(a) || !frexp_field_denormal(a, efield)) return frexp_mant(a);
  const T m = std::ldexp(std::fabs(a), -efield);  // exact: a power-of-two scaling
  return std::copysign(k == model::FrexpDenormalNormalised::FieldValue ? m : T(0.5) + m / 2, a);
}
template <class T>
inline int32_t frexp_exp_field(T a, int efield) {
  return !std::isnan(a) && frexp_field_denormal(a, efield) ? efield : frexp_exp(a);
}
// f32_to_i32 / f16_to_u16 / ... of the pseudocode: round toward zero, saturate to
// [lo, hi], NaN -> 0.
inline int64_t float_to_int_sat(double x, double lo, double hi) {
  if (std::isnan(x)) return 0;
  const double t = std::trunc(x);
  return int64_t(t < lo ? lo : t > hi ? hi : t);
}
inline uint32_t f32_to_i32_sat(float f) { return uint32_t(int32_t(float_to_int_sat(f, -2147483648.0, 2147483647.0))); }
// f32_to_snorm / f16_to_snorm / ..._unorm (v_cvt_norm_*, v_cvt_pk_norm_*): NaN -> 0,
// clamp to [-1, 1] ([0, 1]), scale by 32767 (65535), round to nearest even. The
// pseudocode names the functions without defining them (UNVERIFIED
// model norm16_conversion).
inline uint16_t to_snorm16(double x) {
  if (std::isnan(x)) return 0;
  x = std::min(std::max(x, -1.0), 1.0);
  return uint16_t(int16_t(round_even(x * 32767.0)));
}
inline uint16_t to_unorm16(double x) {
  if (std::isnan(x)) return 0;
  x = std::min(std::max(x, 0.0), 1.0);
  return uint16_t(round_even(x * 65535.0));
}
// Candidates of MODEL(norm16_conversion) (harness/emu/models/valu_float.toml; the
// v_cvt_*norm* files read the choice k once): NaN and the clamp as above, then the scaled value (exact in double)
// toward_zero: truncated; half_up: floor(value + 0.5) (ties toward +inf, as
// the pseudocode writes other roundings; differs from nearest even only at -0.5 -> -16383).
inline double norm16_round_alt(double v, model::Norm16Conversion k) {
  return k == model::Norm16Conversion::TowardZero ? std::trunc(v) : std::floor(v + 0.5);
}
inline uint16_t to_snorm16_alt(double x, model::Norm16Conversion k) {
  if (std::isnan(x)) return 0;
  x = std::min(std::max(x, -1.0), 1.0);
  return uint16_t(int16_t(norm16_round_alt(x * 32767.0, k)));
}
inline uint16_t to_unorm16_alt(double x, model::Norm16Conversion k) {
  if (std::isnan(x)) return 0;
  x = std::min(std::max(x, 0.0), 1.0);
  return uint16_t(norm16_round_alt(x * 65535.0, k));
}
// v_sin_* / v_cos_*: S0 is in revolutions. Model: the exact S0 reduced modulo 1
// (IEEE remainder, exact), then sin/cos(2 pi t) in double, rounded once to the
// destination format (the pseudocode multiplies by 2 pi first; the hardware's
// accuracy is not a bit pattern: UNVERIFIED model transcendental_accuracy).
// t a multiple of 1/4 gives the exact 0 or +-1, zeros signed as IEEE 754-2019 sinPi /
// cosPi (9.2.1: sin a zero of S0's sign, cos +0); elsewhere the true value is never
// 0 or +-1, so a double result of +-1 is nudged one double ulp toward zero and a
// directed MODE rounding then falls on the true value's side.
inline double sincos_rev(double x, bool cosine) {
  const double t = std::remainder(x, 1.0);
  const double q = t * 4.0;
  if (q == std::trunc(q)) {
    const int k = int(q);
    if (cosine) return k == 0 ? 1.0 : (k == 1 || k == -1) ? 0.0 : -1.0;
    if (k == 1 || k == -1) return double(k);
    return std::copysign(0.0, x);
  }
  const double a = t * 6.283185307179586;
  const double r = cosine ? std::cos(a) : std::sin(a);
  return std::fabs(r) == 1.0 ? std::nextafter(r, 0.0) : r;
}
// 2^x model for v_exp_*: the double exp2, except where that double hides the side
// of the true value a directed rounding needs: 2^x for x != 0 is never exactly 1,
// never 0 and never infinite for finite x (nudged one double ulp toward the true value,
// or DBL_MAX / the smallest double), so f64_to_f32_rm / f64_to_f16_rm round it the
// right way; round-to-nearest results are unchanged.
inline double exp2_model(double x) {
  const double r = std::exp2(x);
  if (std::isnan(x) || std::isinf(x) || x == 0) return r;
  if (std::isinf(r)) return std::numeric_limits<double>::max();
  if (r == 0) return std::numeric_limits<double>::denorm_min();
  if (r == 1.0) return std::nextafter(1.0, x > 0 ? 2.0 : 0.0);
  return r;
}
// v_rsq_f64: 1/sqrt(x) correctly rounded in direction rm. An extended-precision
// estimate is corrected by exact comparisons: y is compared with t = x^-1/2 through
// the sign of y^2 * x - 1, evaluated on integers (y = Y 2^ey, x = X 2^ex, Y <= 55
// bits, X 53 bits: Y^2 X < 2^163, kept in three 64-bit words).
inline int rsq_cmp(uint64_t Y, int ey, uint64_t X, int ex) {  // sign(Y^2 2^(2ey) X 2^ex - 1)
  const unsigned __int128 y2 = (unsigned __int128)Y * Y;
  const unsigned __int128 t0 = (unsigned __int128)uint64_t(y2) * X, t1 = (unsigned __int128)uint64_t(y2 >> 64) * X;
  const unsigned __int128 hi = t1 + (t0 >> 64);
  const uint64_t lo = uint64_t(t0);
  int L = hi ? 64 + (128 - (uint64_t(hi >> 64) ? __builtin_clzll(uint64_t(hi >> 64)) : 64 + __builtin_clzll(uint64_t(hi))))
             : 64 - __builtin_clzll(lo);
  const int top = L - 1 + 2 * ey + ex;  // value in [2^top, 2^(top+1))
  if (top > 0) return 1;
  if (top < 0) return -1;
  const bool pow2 = __builtin_popcountll(lo) + __builtin_popcountll(uint64_t(hi)) + __builtin_popcountll(uint64_t(hi >> 64)) == 1;
  return pow2 ? 0 : 1;
}
inline double rsq_f64(double x, unsigned rm) {
  if (std::isnan(x) || x < 0) return std::numeric_limits<double>::quiet_NaN();
  if (x == 0) return std::copysign(std::numeric_limits<double>::infinity(), x);
  if (std::isinf(x)) return 0.0;
  int e;
  const double fx = std::frexp(x, &e);
  const uint64_t X = uint64_t(std::ldexp(fx, 53));
  const int ex = e - 53;
  double y = double(1.0L / std::sqrt((long double)x));
  auto parts = [](double v, uint64_t& V, int& ev) { int k; V = uint64_t(std::ldexp(std::frexp(v, &k), 53)); ev = k - 53; };
  const double inf = std::numeric_limits<double>::infinity();
  for (int it = 0; it < 4; ++it) {
    uint64_t Y; int ey;
    parts(y, Y, ey);
    const double up = std::nextafter(y, inf), dn = std::nextafter(y, 0.0);
    if (rm == kRoundNearestEven) {
      if (rsq_cmp(2 * Y + 1, ey - 1, X, ex) < 0) { y = up; continue; }   // midpoint above y below t
      const bool p2 = Y == (uint64_t(1) << 52);
      if (rsq_cmp(p2 ? 4 * Y - 1 : 2 * Y - 1, p2 ? ey - 2 : ey - 1, X, ex) > 0) { y = dn; continue; }
      return y;
    }
    const int c = rsq_cmp(Y, ey, X, ex);  // sign(y - t)
    if (rm == kRoundUp) {                  // smallest y >= t
      if (c < 0) { y = up; continue; }
      uint64_t D; int ed; parts(dn, D, ed);
      if (rsq_cmp(D, ed, X, ex) >= 0) { y = dn; continue; }
      return y;
    }
    if (c > 0) { y = dn; continue; }       // toward -inf / zero: largest y <= t
    uint64_t U; int eu; parts(up, U, eu);
    if (rsq_cmp(U, eu, X, ex) <= 0) { y = up; continue; }
    return y;
  }
  return y;
}
// ldexp with the exponent clamped to a range that keeps double exact for every
// f16/f32 operand and still overflows/underflows f64 completely.
inline double ldexp_clamped(double x, int64_t e) { return std::ldexp(x, int(std::min<int64_t>(std::max<int64_t>(e, -2300), 2300))); }

// v_div_fixup_*: the special cases of num / den (S2 / S1) around the quotient
// estimate q (S0), in the pseudocode's order (NaN of S2 first, then S1; 0/0 and
// inf/inf give the negative quiet NaN `nanpat`). ExpCheck: the f32/f64 clause
// "exponent(S2) - exponent(S1) < -150 (-1075): +-UNDERFLOW" (biased exponents);
// the pseudocode leaves UNDERFLOW_F32/F64 undefined; the emulator returns a signed
// zero (UNVERIFIED model div_fixup_underflow; `uf` is the candidate: signed_zero,
// smallest_denormal, quotient, see div_fixup_underflow_alt). The f16
// form has no such clause (exp_check false), nor the overflow clause below.
template <class T>
inline T div_fixup_underflow_alt(T q, bool neg, model::DivFixupUnderflow uf) {
  // smallest_denormal: UNDERFLOW is the smallest positive denormal of the format;
  // quotient: the clause is absent, S0 passes with the quotient's sign as in the last case.
  const T r = uf == model::DivFixupUnderflow::SmallestDenormal ? std::numeric_limits<T>::denorm_min() : std::fabs(q);
  return neg ? -r : r;
}
// Overflow: the pseudocode's clause "exponent(S1) == max: +-OVERFLOW" cannot hold after the
// NaN and infinity clauses; the emulator reads it as a test of the quotient S0 (an infinite or
// NaN estimate, which LLVM's division sequence produces for a quotient that overflows, gives an
// infinity of the result's sign), f32 and f64 forms (UNVERIFIED model
// div_fixup_overflow; `of` = Pseudocode is the candidate in which the clause never holds).
template <class T>
inline T div_fixup(T q, T den, T num, T nanpat, int underflow_diff, bool exp_check = true,
                   model::DivFixupUnderflow uf = model::DivFixupUnderflow::SignedZero,
                   model::DivFixupOverflow of = model::DivFixupOverflow::QuotientExponent) {
  const bool neg = std::signbit(den) != std::signbit(num);
  const T inf = std::numeric_limits<T>::infinity();
  if (std::isnan(num)) return qnan_of(num);
  if (std::isnan(den)) return qnan_of(den);
  if (den == 0 && num == 0) return nanpat;
  if (std::isinf(den) && std::isinf(num)) return nanpat;
  if (den == 0 || std::isinf(num)) return neg ? -inf : inf;
  if (std::isinf(den) || num == 0) return neg ? -T(0) : T(0);
  if (exp_check && biased_exp(num) - biased_exp(den) < underflow_diff)
    return uf == model::DivFixupUnderflow::SignedZero ? (neg ? -T(0) : T(0)) : div_fixup_underflow_alt(q, neg, uf);
  if (exp_check && of == model::DivFixupOverflow::QuotientExponent && !std::isfinite(q)) return neg ? -inf : inf;
  return neg ? -std::fabs(q) : std::fabs(q);
}

// v_trig_preop_f64: the 53 bits of 2/pi that start `shift` bits after the binary
// point, as a double scaled by 2^(-53 - shift), shift = 53 * S1[4:0] plus
// exponent(S0) - 1077 when exponent(S0) > 1077; 2^128 more when exponent(S0) >=
// 1968. The pseudocode works on a 1201-bit fraction of 2/pi (bits past it are 0).
// The constant below is that fraction (computed from pi = 16 atan(1/5) - 4 atan(1/239)
// with integer arithmetic; the first word is the well-known 0xa2f9836e). zero_from:
// candidate llvm_fold of trig_preop_special_inputs gives +0 once shift >= 1120 (LLVM's
// folding table ends there).
inline double trig_preop(double x, uint32_t sel, int zero_from = INT_MAX) {
  static const uint32_t k2OverPi[40] = {
      0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0, 0xdb629599, 0x3c439041, 0xfe5163ab, 0xdebbc561,
      0xb7246e3a, 0x424dd2e0, 0x06492eea, 0x09d1921c, 0xfe1deb1c, 0xb129a73e, 0xe88235f5, 0x2ebb4484,
      0xe99c7026, 0xb45f7e41, 0x3991d639, 0x835339f4, 0x9c845f8b, 0xbdf9283b, 0x1ff897ff, 0xde05980f,
      0xef2f118b, 0x5a0a6d1f, 0x6d367ecf, 0x27cb09b7, 0x4f463f66, 0x9e5fea2d, 0x7527bac7, 0xebe5f17b,
      0x3d0739f7, 0x8a5292ea, 0x6bfb5fb1, 0x1f8d5d08, 0x56033046, 0xfc7b6bab, 0xf0cfbc20, 0x9af4361d};
  const int e = biased_exp(x);
  int shift = int(sel & 31) * 53;
  if (e > 1077) shift += e - 1077;
  if (shift >= zero_from) return 0.0;
  uint64_t r = 0;
  for (int i = 1; i <= 53; ++i) {  // fraction bit shift + i (1 = the first bit after the point)
    const int pos = shift + i;
    unsigned bit = 0;
    if (pos <= 1201) bit = (k2OverPi[(pos - 1) / 32] >> (31 - (pos - 1) % 32)) & 1;
    r = (r << 1) | bit;
  }
  int scale = -53 - shift;
  if (e >= 1968) scale += 128;
  return std::ldexp(double(r), scale);
}

// fp8 (E4M3, no infinities: overflow and +-inf give NaN 0x7f) and bf8 (E5M2:
// overflow gives +-inf) from a double, in rounding mode rm (UNVERIFIED
// model fp8_conversion_overflow). NaN -> 0x7f / 0x7e with S0's sign.
// sat: candidate saturating (the OCP 8-bit formats' saturating conversion): what
// would be the overflow pattern (and +-inf) is the largest finite of that sign
// instead, +-448 (0x7e) / +-57344 (0x7b); NaN stays NaN.
inline uint8_t f64_to_f8(double x, bool bf8, unsigned rm, bool sat = false) {
  if (std::isnan(x)) return uint8_t((std::signbit(x) ? 0x80 : 0) | (bf8 ? 0x7e : 0x7f));
  const uint8_t v = bf8 ? uint8_t(round_small_float(x, 5, 2, 15, 3, 0x7c, rm)) : uint8_t(round_small_float(x, 4, 3, 8, 6, 0x7f, rm));
  if (sat && (v & 0x7f) == (bf8 ? 0x7c : 0x7f)) return uint8_t((v & 0x80) | (bf8 ? 0x7b : 0x7e));
  return v;
}

// ---- per-lane helpers ----------------------------------------------------------
// One f32 result from the raw bits of source 0 (no float modifiers on it):
// D = f(bits), omod/clamp, MODE f32 output flush.
template <class F>
inline void vop_f32_from_bits(Wave& w, const Insn& in, F f) {
  VSRC(a, in.src[0]);
  uint32_t* d = w.vreg(in.dst.reg);
  const FpMode m = fp_mode32(w);
  HostRound hr(m.rm);
  for_lanes(w, [&](unsigned l) {
    float r = omod_clamp(in, f(a[l]));
    d[l] = as_u(m.fout ? flush32(r) : r);
  });
}
// f32 result from f32 source 0 and the lane index (for ops with an integer second
// operand, e.g. v_ldexp_f32): MODE f32 rounding and flushes, omod/clamp; a NaN
// operand propagates quieted.
template <class F>
inline void vop_f32_lane(Wave& w, const Insn& in, F f) {
  VSrc a = vsrc_mod(w, in, 0, 0x80000000u);
  if (a.m == 0) a.p = &a.val;
  uint32_t* d = w.vreg(in.dst.reg);
  const FpMode m = fp_mode32(w);
  HostRound hr(m.rm);
  for_lanes(w, [&](unsigned l) {
    float x = as_f(a[l]);
    if (m.fin) x = flush32(x);
    float r = std::isnan(x) ? quiet(x) : f(l, x);
    r = omod_clamp(in, r);
    d[l] = as_u(m.fout ? flush32(r) : r);
  });
}
// f64 result from f64 source 0 (a pair, abs/neg on its high half) and the lane
// index: MODE f64 rounding and flushes, omod/clamp; a NaN operand propagates quieted
// (QuietNaN = false: f sees the NaN too).
template <bool QuietNaN = true, class F>
inline void vop_f64_lane(Wave& w, const Insn& in, F f) {
  VSRC(al, in.src[0]);
  VSrc ah = vsrc_mod(w, in, 0, 0x80000000u, 1);
  if (ah.m == 0) ah.p = &ah.val;
  uint32_t* dl = w.vreg(in.dst.reg);
  uint32_t* dh = w.vreg(in.dst.reg + 1);
  const FpMode m = fp_mode16(w);
  HostRound hr(m.rm);
  for_lanes(w, [&](unsigned l) {
    double x = as_d(uint64_t(al[l]) | uint64_t(ah[l]) << 32);
    if (m.fin) x = flush64(x);
    double r = QuietNaN && std::isnan(x) ? quiet64(x) : f(l, x);
    r = omod_clamp_t<double>(in, r);
    if (m.fout) r = flush64(r);
    const uint64_t u = as_u64(r);
    dl[l] = uint32_t(u);
    dh[l] = uint32_t(u >> 32);
  });
}
// 16-bit integer result from f16 source 0 (abs/neg, MODE f16 input flush): the
// destination half gets f(x) (dst16), the other half is kept.
template <class F>
inline void vop_from_f16(Wave& w, const Insn& in, F f) {
  const F16Src a = f16src(w, in, 0);
  const Dst16 d = dst16(w, in);
  const bool fin = fp_mode16(w).fin;
  for_lanes(w, [&](unsigned l) {
    uint16_t h = a[l];
    if (fin) h = flush16(h);
    d.set(l, uint16_t(f(f16_to_f64(h))));
  });
}
// f16 result from a 16-bit integer source 0: f(bits) as a double rounded once to
// f16 in the MODE f16 direction, omod/clamp, into the destination half.
template <class F>
inline void vop_f16_from16(Wave& w, const Insn& in, F f) {
  const Src16 a = src16(w, in, 0);
  const Dst16 d = dst16(w, in);
  const FpMode m = fp_mode16(w);
  for_lanes(w, [&](unsigned l) {
    uint16_t h = f16_post(in, f64_to_f16_rm(f(a[l]), m.rm), m.rm);
    d.set(l, m.fout ? flush16(h) : h);
  });
}
// v_ldexp_f16: f16 S0 times 2^(S1 as a signed 16-bit integer), exact in double,
// rounded once to f16 in the MODE direction.
inline void vop_ldexp_f16(Wave& w, const Insn& in) {
  const F16Src a = f16src(w, in, 0);
  const Src16 e = src16(w, in, 1);
  const Dst16 d = dst16(w, in);
  const FpMode m = fp_mode16(w);
  for_lanes(w, [&](unsigned l) {
    uint16_t h = a[l];
    if (m.fin) h = flush16(h);
    const double x = f16_to_f64(h);
    double r = std::isnan(x) ? quiet64(x) : ldexp_clamped(x, int16_t(e[l]));
    uint16_t o = f16_post(in, f64_to_f16_rm(r, m.rm), m.rm);
    d.set(l, m.fout ? flush16(o) : o);
  });
}
// D = {f(S1), f(S0)}: two f32 sources (abs/neg, MODE f32 input flush) to two 16-bit values.
template <class F>
inline void vop_pk_from_f32(Wave& w, const Insn& in, F f) {
  VSrc a = vsrc_mod(w, in, 0, 0x80000000u), b = vsrc_mod(w, in, 1, 0x80000000u);
  if (a.m == 0) a.p = &a.val;
  if (b.m == 0) b.p = &b.val;
  uint32_t* d = w.vreg(in.dst.reg);
  const bool fin = fp_mode32(w).fin;
  for_lanes(w, [&](unsigned l) {
    float x = as_f(a[l]), y = as_f(b[l]);
    if (fin) { x = flush32(x); y = flush32(y); }
    d[l] = uint32_t(f(x)) | (uint32_t(f(y)) << 16);
  });
}
// D = {f(S1), f(S0)} from two f16 sources (op_sel halves, abs/neg, MODE f16 input flush).
template <class F>
inline void vop_pk_from_f16(Wave& w, const Insn& in, F f) {
  const F16Src a = f16src(w, in, 0), b = f16src(w, in, 1);
  uint32_t* d = w.vreg(in.dst.reg);
  const bool fin = fp_mode16(w).fin;
  for_lanes(w, [&](unsigned l) {
    uint16_t x = a[l], y = b[l];
    if (fin) { x = flush16(x); y = flush16(y); }
    d[l] = uint32_t(f(f16_to_f64(x))) | (uint32_t(f(f16_to_f64(y))) << 16);
  });
}
// v_cvt_f32_fp8 / v_cvt_f32_bf8: byte of S0 picked by VOP3 op_sel[1:0] (byte_sel;
// the pseudocode: 0 -> byte 0, 2 -> byte 1, 1 -> byte 2, 3 -> byte 3), exact.
inline void vop_cvt_f32_f8(Wave& w, const Insn& in, bool bf8) {
  VSRC(a, in.src[0]);
  uint32_t* d = w.vreg(in.dst.reg);
  const unsigned byte = ((in.opsel & 1u) << 1) | ((in.opsel >> 1) & 1u);
  for_lanes(w, [&](unsigned l) {
    const uint8_t v = uint8_t(a[l] >> (8 * byte));
    d[l] = as_u(bf8 ? bf8_to_f32(v) : fp8_to_f32(v));
  });
}
// v_cvt_pk_f32_fp8 / _bf8: the 16-bit half of S0 (src16: e32 v128+ = high half,
// VOP3 op_sel[0]) holds two 8-bit values: D = low byte, D+1 = high byte, exact.
inline void vop_cvt_pk_f32_f8(Wave& w, const Insn& in, bool bf8) {
  const Src16 a = src16(w, in, 0);
  uint32_t* d0 = w.vreg(in.dst.reg);
  uint32_t* d1 = w.vreg(in.dst.reg + 1);
  for_lanes(w, [&](unsigned l) {
    const uint16_t h = a[l];
    const uint32_t lo = as_u(bf8 ? bf8_to_f32(uint8_t(h)) : fp8_to_f32(uint8_t(h)));
    const uint32_t hi = as_u(bf8 ? bf8_to_f32(uint8_t(h >> 8)) : fp8_to_f32(uint8_t(h >> 8)));
    d0[l] = lo;
    d1[l] = hi;
  });
}
// v_cvt_pk_fp8_f32 / _bf8_f32: {f8(S1), f8(S0)} (round to nearest even: the
// pseudocode forces it) into the destination half op_sel[3] picks.
inline void vop_cvt_pk_f8_f32(Wave& w, const Insn& in, bool bf8) {
  static const bool sat = model::active<model::Fp8ConversionOverflow>() == model::Fp8ConversionOverflow::Saturating;
  VSrc a = vsrc_mod(w, in, 0, 0x80000000u), b = vsrc_mod(w, in, 1, 0x80000000u);
  if (a.m == 0) a.p = &a.val;
  if (b.m == 0) b.p = &b.val;
  const Dst16 d = dst16(w, in);
  const bool fin = fp_mode32(w).fin;
  for_lanes(w, [&](unsigned l) {
    float x = as_f(a[l]), y = as_f(b[l]);
    if (fin) { x = flush32(x); y = flush32(y); }
    d.set(l, uint16_t(f64_to_f8(x, bf8, kRoundNearestEven, sat) | (f64_to_f8(y, bf8, kRoundNearestEven, sat) << 8)));
  });
}
// v_cvt_sr_fp8_f32 / _bf8_f32, as the pseudocode writes it: S1[31:12] (bf8:
// S1[31:11]) is added to the 23-bit mantissa field of S0 (wrapping inside the field,
// sign and exponent unchanged), the sum is rounded to nearest even to fp8/bf8 and
// written to the byte op_sel[3:2] picks; the other bytes are kept (UNVERIFIED
// model cvt_sr_f8_rounding: a stochastic rounding would truncate and
// carry into the exponent; the pseudocode does neither).
// Candidate carry_truncate (cvt_sr_carry): a textbook stochastic rounding.
inline uint8_t cvt_sr_carry(float x, uint32_t rnd, bool bf8, bool sat) {
  // The random bits are added to S0's magnitude bits with the carry running into the
  // exponent (a sum past the largest f32 stays the largest f32), then the sum is rounded
  // toward zero. NaN and infinite S0 are converted unchanged.
  if (std::isnan(x) || std::isinf(x)) return f64_to_f8(x, bf8, kRoundNearestEven, sat);
  const uint32_t u = as_u(x);
  uint32_t mag = (u & 0x7fffffffu) + (rnd >> (bf8 ? 11 : 12));
  if (mag > 0x7f7fffffu) mag = 0x7f7fffffu;
  return f64_to_f8(as_f((u & 0x80000000u) | mag), bf8, kRoundZero, sat);
}
inline void vop_cvt_sr_f8_f32(Wave& w, const Insn& in, bool bf8) {
  static const bool sat = model::active<model::Fp8ConversionOverflow>() == model::Fp8ConversionOverflow::Saturating;
  static const bool carry = model::active<model::CvtSrF8Rounding>() == model::CvtSrF8Rounding::CarryTruncate;
  VSrc a = vsrc_mod(w, in, 0, 0x80000000u);
  if (a.m == 0) a.p = &a.val;
  VSRC(r, in.src[1]);
  uint32_t* d = w.vreg(in.dst.reg);
  const unsigned sh = 8 * ((in.opsel >> 2) & 3u);
  const bool fin = fp_mode32(w).fin;
  for_lanes(w, [&](unsigned l) {
    float x = as_f(a[l]);
    if (fin) x = flush32(x);
    const uint32_t u = as_u(x);
    const uint32_t m = ((u & 0x7fffffu) + (r[l] >> (bf8 ? 11 : 12))) & 0x7fffffu;
    const uint8_t v = carry ? cvt_sr_carry(x, r[l], bf8, sat)
                            : f64_to_f8(as_f((u & 0xff800000u) | m), bf8, kRoundNearestEven, sat);
    d[l] = (d[l] & ~(0xffu << sh)) | (uint32_t(v) << sh);
  });
}

// v_div_fmas_f32 / _f64: fma(S0, S1, S2) in the MODE direction; where VCC[lane] is
// set the result is scaled by 2^64 (f64: 2^128) when S2's biased exponent is at
// least the bias (|S2| >= 1), else by 2^-64 (2^-128): the inverse of the scaling
// v_div_scale applied. The pseudocode writes a fixed 2^32 (f64: 2^64), which would
// not undo v_div_scale's 2^64 (2^128); UNVERIFIED model div_fmas_scale.
// Candidate fixed_2_32 (the pseudocode's literal reading): the factor is always 2^32
// (f64: 2^64), whatever S2 is.
// fma(x, y, z) * 2^k rounded once to T in the host's rounding mode (the hardware scales
// the exact fma result; rounding the fma first and scaling after would round twice where
// the scaled result is a denormal, as in LLVM's division sequence for a denormal quotient).
// binary128 holds the product exactly (2 x 53 <= 113 bits); the sum's rounding error is
// recovered exactly (TwoSum, in round to nearest), the scaled sum is rounded to odd, and
// the one rounding to T follows (113 >= 53 + 2 bits: the two steps round as one).
template <class T>
inline T fma_scaled(T x, T y, T z, int k) {
  using Q = __float128;
  const int mode = std::fegetround();
  std::fesetround(FE_TONEAREST);
  const Q p = Q(x) * Q(y), s = p + Q(z);
  const Q bb = s - p, err = (p - (s - bb)) + (Q(z) - bb);
  const Q f = Q(std::ldexp(1.0, k));  // 2^k, |k| <= 128: exact in double
  Q t = s * f;                         // exact: a power of two, far inside binary128's range
  const Q e = err * f;
  if (e != 0 && t == t && t - t == 0) {
    unsigned __int128 b;
    std::memcpy(&b, &t, sizeof b);
    if ((e < 0) != (t < 0)) b -= 1;  // |exact| < |t|: the neighbour of t toward zero (|e| is below half an ulp)
    b |= 1;                          // round to odd
    std::memcpy(&t, &b, sizeof b);
  }
  std::fesetround(mode);
  return T(t);
}

template <class T>
inline void vop_div_fmas(Wave& w, const Insn& in) {
  const bool f64 = sizeof(T) == 8;
  const uint64_t vcc = w.vcc();
  const int scale = f64 ? 128 : 64, bias = f64 ? 1023 : 127;
  static const bool fixed = model::active<model::DivFmasScale>() == model::DivFmasScale::Fixed2_32;
  // vop_f32 / vop_f64 with the lane (VCC[lane]); the NaN rule is applied here (RawNaN).
  auto body = [&](T x, T y, T z, unsigned l) {
    T r = std::fma(x, y, z);
    if (r != r) r = T(f64 ? nan_result64(x, y, z) : nan_result(float(x), float(y), float(z)));
    else if ((vcc >> l) & 1) r = fma_scaled(x, y, z, fixed ? scale / 2 : biased_exp(z) >= bias ? scale : -scale);
    return r;
  };
  if constexpr (sizeof(T) == 8) vop_f64<true>(w, in, body);
  else vop_f32<true>(w, in, body);
}

// v_div_scale_f32 / _f64 (VOP3SD; VCC = the scalar destination): S0 is the value to
// scale (the numerator or the denominator), S1 the denominator, S2 the numerator.
// Cases in the pseudocode's order, with biased exponents; "DENORM" tests are done
// in the operands' own precision (the f32 pseudocode converts 1/S1 to f64 first,
// where it can never be denormal; the emulator keeps the f32 test, which makes
// the large-denominator case reachable: UNVERIFIED model
// div_scale_cases). A NaN or infinite S1/S2 is not singled out, as in the
// pseudocode: its exponent field is all ones (255, f64 2047) and it goes through the
// exponent tests like any other value, e.g. S0 = S1 = 0xc0d88413, S2 = -inf: 255 - 129
// >= 96, VCC = 1 and D = S0 * 2^64 = 0xe0d88413 (v_div_fixup produces the special
// quotient).
// Candidates (vop_div_scale reads them): screen = true (screen_special_inputs,
// f64_rcp_test): NaN or infinite S1/S2 return S0 unscaled with VCC clear;
// rcp_own = false (f64_rcp_test, pseudocode): the f32 form tests 1/S1 as a double,
// which is never denormal, so that test never holds.
template <class T>
inline T div_scale_lane(T s0, T den, T num, bool& vcc, bool screen = false, bool rcp_own = true,
                        bool literal_up = false) {
  const bool f64 = sizeof(T) == 8;
  const int sc = f64 ? 128 : 64, big = f64 ? 768 : 96, tiny = f64 ? 53 : 23;
  auto denorm = [](T f) { return std::fpclassify(f) == FP_SUBNORMAL; };
  vcc = false;
  if (num == 0 || den == 0) return std::numeric_limits<T>::quiet_NaN();
  if (screen && (std::isnan(num) || std::isnan(den) || std::isinf(num) || std::isinf(den))) return s0;
  const int eden = biased_exp(den), enm = biased_exp(num);
  if (enm - eden >= big) {
    vcc = true;
    return s0 == den ? std::ldexp(s0, sc) : s0;
  }
  if (denorm(den)) return std::ldexp(s0, sc);
  const bool rcp_denorm = rcp_own ? denorm(T(1) / den) : std::fpclassify(1.0 / double(den)) == FP_SUBNORMAL;
  if (rcp_denorm && denorm(num / den)) {
    // 1/S1 and S2/S1 denormal: the denominator is scaled down by 2^-sc, so that 1/S1
    // becomes normal and the quotient grows by 2^sc (v_div_fmas scales it back). The
    // pseudocode writes ldexp(S0, +sc), which overflows a denominator near the largest
    // finite value: LLVM's division sequence would give NaN for 1 / FLT_MAX or
    // 1 / DBL_MAX (UNVERIFIED model div_scale_cases; literal_up is the
    // candidate pseudocode's reading).
    vcc = true;
    return s0 == den ? std::ldexp(s0, literal_up ? sc : -sc) : s0;
  }
  if (rcp_denorm) return std::ldexp(s0, -sc);
  if (denorm(num / den)) {
    vcc = true;
    return s0 == num ? std::ldexp(s0, sc) : s0;
  }
  if (enm <= tiny) return std::ldexp(s0, sc);
  return s0;
}
template <class T>
inline void vop_div_scale(Wave& w, const Insn& in) {
  // UNVERIFIED model div_scale_cases, candidates own_precision, f64_rcp_test (also
  // screens NaN/infinite operands), screen_special_inputs, pseudocode (f64 1/S1 test and
  // the denominator scaled up).
  using K = model::DivScaleCases;
  static const K k = model::active<K>();
  static const bool screen = k == K::F64RcpTest || k == K::ScreenSpecialInputs;
  static const bool rcp_own = k == K::OwnPrecision || k == K::ScreenSpecialInputs, literal_up = k == K::Pseudocode;
  uint64_t vcc = 0;
  if constexpr (sizeof(T) == 8) {
    const F64Srcs s(w, in);
    uint32_t* dl = w.vreg(in.dst.reg);
    uint32_t* dh = w.vreg(in.dst.reg + 1);
    for_lanes(w, [&](unsigned l) {
      bool v;
      const uint64_t u = as_u64(div_scale_lane(as_d(s.bits(0, l)), as_d(s.bits(1, l)), as_d(s.bits(2, l)), v, screen, rcp_own, literal_up));
      vcc |= uint64_t(v) << l;
      dl[l] = uint32_t(u);
      dh[l] = uint32_t(u >> 32);
    });
  } else {
    const F32Srcs s(w, in);
    uint32_t* d = w.vreg(in.dst.reg);
    for_lanes(w, [&](unsigned l) {
      bool v;
      d[l] = as_u(div_scale_lane(as_f(s.a[l]), as_f(s.b[l]), as_f(s.c[l]), v, screen, rcp_own, literal_up));
      vcc |= uint64_t(v) << l;
    });
  }
  swrite_mask(w, in.sdst, vcc);
}

// Transcendental model (transcendental_accuracy): f(x) in double, computed in
// round-to-nearest, then rounded once to f32 in the MODE f32 direction. A NaN
// operand propagates quieted; an invalid operation gives +0x7fc00000.
template <class F>
inline float trans_f32(float x, unsigned rm, F f) {
  if (std::isnan(x)) return quiet(x);
  const double r = f(double(x));
  if (std::isnan(r)) return as_f(0x7fc00000u);
  return rm == kRoundNearestEven ? float(r) : f64_to_f32_rm(r, rm);
}
// Candidates of MODEL(transcendental_accuracy) (harness/emu/models/valu_float.toml), read once here; the
// f32 and f16 transcendentals (vector and v_s_*; v_sqrt_f32 too) take the *_alt paths
// below when one is active, the f64 forms keep their model: 1 toward_zero, 2
// away_from_zero: the double result f(x) rounded to the destination toward zero / away
// from zero, whatever the MODE round field says (the two faithful neighbours of an
// inexact result).
inline model::TranscendentalAccuracy trans_model() {
  static const auto k = model::active<model::TranscendentalAccuracy>();
  return k;
}
inline unsigned trans_alt_rm(double r, model::TranscendentalAccuracy k) { return k == model::TranscendentalAccuracy::TowardZero || r == 0 ? kRoundZero : r < 0 ? kRoundDown : kRoundUp; }
template <class F>
inline float trans_f32_alt(float x, model::TranscendentalAccuracy k, F f) {
  if (std::isnan(x)) return quiet(x);
  const double r = f(double(x));
  if (std::isnan(r)) return as_f(0x7fc00000u);
  return f64_to_f32_rm(r, trans_alt_rm(r, k));
}
template <class F>
inline void vop_f32_trans_alt(Wave& w, const Insn& in, F f, model::TranscendentalAccuracy k) {
  VSrc a = vsrc_mod(w, in, 0, 0x80000000u);
  if (a.m == 0) a.p = &a.val;
  uint32_t* d = w.vreg(in.dst.reg);
  const FpMode m = fp_mode32(w);
  for_lanes(w, [&](unsigned l) {
    float x = as_f(a[l]);
    if (m.fin) x = flush32(x);
    float r = omod_clamp(in, trans_f32_alt(x, k, f));
    d[l] = as_u(m.fout ? flush32(r) : r);
  });
}
// f16: the double f(x) of the f16 operand rounded once to f16 (NaN rules as vop_f16).
template <class F>
inline uint16_t trans_f16_alt(uint16_t h, model::TranscendentalAccuracy k, F f) {
  const double x = f16_to_f64(h);
  double r = std::isnan(x) ? quiet64(x) : f(x);
  if (std::isnan(r) && !std::isnan(x)) r = as_d(0x7ff8000000000000ull);
  return f64_to_f16_rm(r, std::isnan(r) ? kRoundNearestEven : trans_alt_rm(r, k));
}
template <class F>
inline void vop_f16_trans_alt(Wave& w, const Insn& in, F f, model::TranscendentalAccuracy k) {
  const F16Src a = f16src(w, in, 0);
  const Dst16 d = dst16(w, in);
  const FpMode m = fp_mode16(w);
  for_lanes(w, [&](unsigned l) {
    uint16_t h = a[l];
    if (m.fin) h = flush16(h);
    uint16_t o = f16_post(in, trans_f16_alt(h, k, f), m.rm);
    d.set(l, m.fout ? flush16(o) : o);
  });
}
// v_exp/log/rcp/rsq/sqrt/sin/cos_f16: f(x) in double, rounded once to f16 in the MODE
// f16 direction (vop_f16 with f in round-to-nearest), or the active candidate.
template <class F>
inline void vop_f16_trans(Wave& w, const Insn& in, F f) {
  if (const model::TranscendentalAccuracy k = trans_model(); __builtin_expect(k != model::TranscendentalAccuracy::CorrectlyRounded, 0)) return vop_f16_trans_alt(w, in, f, k);
  vop_f16<false, false>(w, in, [&f](double a, double, double) { return f(a); });
}
// v_exp/log/rcp/rsq/sin/cos_f32 (and v_rcp_iflag): trans_f32 per lane, then
// omod/clamp and the MODE f32 output flush.
template <class F>
inline void vop_f32_trans(Wave& w, const Insn& in, F f) {
  if (const model::TranscendentalAccuracy k = trans_model(); __builtin_expect(k != model::TranscendentalAccuracy::CorrectlyRounded, 0)) return vop_f32_trans_alt(w, in, f, k);
  VSrc a = vsrc_mod(w, in, 0, 0x80000000u);
  if (a.m == 0) a.p = &a.val;
  uint32_t* d = w.vreg(in.dst.reg);
  const FpMode m = fp_mode32(w);
  for_lanes(w, [&](unsigned l) {
    float x = as_f(a[l]);
    if (m.fin) x = flush32(x);
    float r = omod_clamp(in, trans_f32(x, m.rm, f));
    d[l] = as_u(m.fout ? flush32(r) : r);
  });
}
// v_s_*_f32: the same on the scalar S0 (abs/neg applied), into the SGPR destination.
template <class F>
inline void s_trans_f32(Wave& w, const Insn& in, F f) {
  uint32_t u = sread(w, in.src[0]);
  if (in.abs & 1) u &= 0x7fffffffu;
  if (in.neg & 1) u ^= 0x80000000u;
  const FpMode m = fp_mode32(w);
  float x = as_f(u);
  if (m.fin) x = flush32(x);
  const model::TranscendentalAccuracy k = trans_model();
  float r = omod_clamp(in, __builtin_expect(k != model::TranscendentalAccuracy::CorrectlyRounded, 0) ? trans_f32_alt(x, k, f) : trans_f32(x, m.rm, f));
  swrite(w, in.dst, as_u(m.fout ? flush32(r) : r));
}
// v_s_*_f16: the f16 model (vop_f16 with HostDir = false) on S0[15:0] (VOP3
// op_sel[0]: S0[31:16]); D[15:0] = the f16 result, D[31:16] = 0 (pseudocode).
template <class F>
inline void s_trans_f16(Wave& w, const Insn& in, F f) {
  const F16Src a = f16src(w, in, 0);
  const FpMode m = fp_mode16(w);
  uint16_t h = a[0];
  if (m.fin) h = flush16(h);
  if (const model::TranscendentalAccuracy k = trans_model(); __builtin_expect(k != model::TranscendentalAccuracy::CorrectlyRounded, 0)) {
    const uint16_t o = f16_post(in, trans_f16_alt(h, k, f), m.rm);
    return swrite(w, in.dst, m.fout ? flush16(o) : o);
  }
  const double x = f16_to_f64(h);
  double r = std::isnan(x) ? quiet64(x) : f(x);
  if (std::isnan(r) && !std::isnan(x)) r = as_d(0x7ff8000000000000ull);
  uint16_t o = f16_post(in, f64_to_f16_rm(r, m.rm), m.rm);
  swrite(w, in.dst, m.fout ? flush16(o) : o);
}

// v_pk_fmac_f16 (VOP2): both halves D.h = fma(S0.h, S1.h, D.h) in f16, each rounded
// once in the MODE f16 direction (exact product in double, see vop_f16).
inline void vop_pk_fmac_f16(Wave& w, const Insn& in) {
  VSRC(a, in.src[0]);
  VSRC(b, in.src[1]);
  uint32_t* d = w.vreg(in.dst.reg);
  const FpMode m = fp_mode16(w);
  HostRound hr(m.rm);
  auto one = [&](uint16_t x, uint16_t y, uint16_t z) -> uint16_t {
    if (m.fin) { x = flush16(x); y = flush16(y); z = flush16(z); }
    const double p = f16_to_f64(x), q = f16_to_f64(y), s = f16_to_f64(z);
    double r = p * q + s;
    if (r != r) r = nan_result64(p, q, s);
    uint16_t o = f64_to_f16_rm(r, m.rm);
    return m.fout ? flush16(o) : o;
  };
  for_lanes(w, [&](unsigned l) {
    const uint32_t x = a[l], y = b[l], z = d[l];
    d[l] = uint32_t(one(uint16_t(x), uint16_t(y), uint16_t(z))) |
           (uint32_t(one(uint16_t(x >> 16), uint16_t(y >> 16), uint16_t(z >> 16))) << 16);
  });
}

}  // namespace rdna4emu::core
