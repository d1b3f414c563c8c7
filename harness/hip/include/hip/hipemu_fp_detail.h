// Internal helpers of hip_fp16.h / hip_bf16.h / hip_bfloat16.h (hipemu, not a HIP header).
//
// One rounding routine for every narrowing conversion to a binary floating-point format
// with `MB` stored significand bits and exponent bias `BIAS` (f16: 10/15, bf16: 7/127),
// in each of the four IEEE 754-2019 rounding-direction attributes (clause 4.3):
// roundTiesToEven (_rn), roundTowardZero (_rz), roundTowardNegative (_rd),
// roundTowardPositive (_ru). It is plain integer arithmetic, so host and device give
// the same bits and the host side needs no floating-point environment.
//
// NaN results: a NaN input keeps its sign and the leading bits of its payload, with the
// quiet bit set (IEEE 754-2019 6.2.3: a quiet NaN result should carry the payload of an
// input NaN). Callers should not rely on payload bits.
#ifndef HIPEMU_FP_DETAIL_H
#define HIPEMU_FP_DETAIL_H

#include "hip/hipemu_attributes.h"  // also when this header comes before <hip/hip_runtime.h>

#define __HIPEMU_HD static inline __host__ __device__

// The comparison intrinsics hip_fp16.h and hip_bf16.h both define (HIP documentation, "Half
// comparison functions"): X(name, C++ operator, result when an operand is NaN), and the
// both-halves forms of the pair types: X(name, scalar comparison).
#define __HIPEMU_FOR_EACH_CMP(X) \
  X(__heq, ==, false) \
  X(__hne, !=, false) \
  X(__hlt, <, false) \
  X(__hle, <=, false) \
  X(__hgt, >, false) \
  X(__hge, >=, false) \
  X(__hequ, ==, true) \
  X(__hneu, !=, true) \
  X(__hltu, <, true) \
  X(__hleu, <=, true) \
  X(__hgtu, >, true) \
  X(__hgeu, >=, true)
#define __HIPEMU_FOR_EACH_CMP2(X) \
  X(__hbeq2, __heq) \
  X(__hbne2, __hne) \
  X(__hblt2, __hlt) \
  X(__hble2, __hle) \
  X(__hbgt2, __hgt) \
  X(__hbge2, __hge) \
  X(__hbequ2, __hequ) \
  X(__hbneu2, __hneu) \
  X(__hbltu2, __hltu) \
  X(__hbleu2, __hleu) \
  X(__hbgtu2, __hgtu) \
  X(__hbgeu2, __hgeu)

namespace __hipemu {

enum Round { kRne = 0, kRz = 1, kRd = 2, kRu = 3 };

typedef unsigned long long u64;

// Index of the most significant set bit of m (m != 0).
__HIPEMU_HD int msb64(u64 m) { return 63 - __builtin_clzll(m); }

// Encode (-1)^neg * m * 2^e (m != 0, exact) plus a "sticky" flag meaning the true
// magnitude is a little larger than m * 2^e (by less than one unit of m's last bit)
// in the format with MB significand bits and exponent bias BIAS, rounded by `mode`.
// The result is the format's bit pattern (sign in bit MB + exponent bits).
__HIPEMU_HD unsigned round_bits(bool neg, u64 m, int e, bool sticky, int mode, int MB,
                                int BIAS) {
  const int EBITS = BIAS == 15 ? 5 : 8;
  const unsigned sign = neg ? (1u << (MB + EBITS)) : 0u;
  const unsigned inf = ((1u << EBITS) - 1u) << MB;
  const int emin = 1 - BIAS, emax = BIAS;
  // Normalise: bit 63 of m set; value = m * 2^(E - 63), E the unbiased exponent.
  const int top = msb64(m);
  m <<= (63 - top);
  const int E = e + top;
  bool up_dir = (mode == kRu && !neg) || (mode == kRd && neg);  // directed away from zero
  if (E > emax) {  // overflow before rounding
    return sign | ((mode == kRne || up_dir) ? inf : inf - 1u);
  }
  // Number of significand bits kept (MB + 1 when normal, fewer when subnormal).
  int keep = MB + 1 - (E < emin ? emin - E : 0);
  u64 q, rem;       // kept bits; discarded bits left-aligned in rem
  if (keep <= 0) {  // below half of the smallest subnormal (keep < 0) or in [half, 1) ulp
    q = 0;
    rem = keep == 0 ? m : 0;
    sticky = sticky || keep < 0;  // keep < 0: nonzero but less than half an ulp
  } else {
    q = m >> (64 - keep);
    rem = m << keep;
  }
  const u64 half = 1ull << 63;
  bool inexact = rem != 0 || sticky;
  bool inc = false;
  if (mode == kRne) {
    inc = rem > half || (rem == half && (sticky || (q & 1)));
  } else if (up_dir) {
    inc = inexact;
  }
  q += inc ? 1 : 0;
  // Field arithmetic: exponent field (E + BIAS) for normals, 0 for subnormals; q holds the
  // hidden bit for normals so adding it to ((field - 1) << MB) gives the encoding, and a
  // carry out of q moves into the exponent field on its own.
  unsigned field_minus_1 = E < emin ? 0u : (unsigned)(E + BIAS - 1);
  unsigned long long bits = ((unsigned long long)field_minus_1 << MB) + q;
  if (E < emin) bits = q;  // subnormal (or rounded up to the smallest normal)
  if (bits >= inf) return sign | ((mode == kRne || up_dir) ? inf : inf - 1u);
  return sign | (unsigned)bits;
}

// float (as bits) -> format with MB/BIAS, rounded by mode.
__HIPEMU_HD unsigned from_f32_bits(unsigned u, int mode, int MB, int BIAS) {
  const int EBITS = BIAS == 15 ? 5 : 8;
  const bool neg = (u >> 31) != 0;
  const unsigned sign = neg ? (1u << (MB + EBITS)) : 0u;
  const unsigned ex = (u >> 23) & 0xffu, man = u & 0x7fffffu;
  const unsigned inf = ((1u << EBITS) - 1u) << MB;
  if (ex == 0xffu) {
    if (man == 0) return sign | inf;
    return sign | inf | (1u << (MB - 1)) | (man >> (23 - MB));  // quiet NaN, payload kept
  }
  if (ex == 0 && man == 0) return sign;
  u64 m = ex ? (man | 0x800000u) : man;
  int e = ex ? (int)ex - 127 - 23 : -126 - 23;
  return round_bits(neg, m, e, false, mode, MB, BIAS);
}

// double (as bits) -> format with MB/BIAS, rounded once by mode.
__HIPEMU_HD unsigned from_f64_bits(u64 u, int mode, int MB, int BIAS) {
  const int EBITS = BIAS == 15 ? 5 : 8;
  const bool neg = (u >> 63) != 0;
  const unsigned sign = neg ? (1u << (MB + EBITS)) : 0u;
  const unsigned ex = (unsigned)(u >> 52) & 0x7ffu;
  const u64 man = u & 0xfffffffffffffull;
  const unsigned inf = ((1u << EBITS) - 1u) << MB;
  if (ex == 0x7ffu) {
    if (man == 0) return sign | inf;
    return sign | inf | (1u << (MB - 1)) | (unsigned)(man >> (52 - MB));
  }
  if (ex == 0 && man == 0) return sign;
  u64 m = ex ? (man | (1ull << 52)) : man;
  int e = ex ? (int)ex - 1023 - 52 : -1022 - 52;
  return round_bits(neg, m, e, false, mode, MB, BIAS);
}

// Signed / unsigned 64-bit integer -> format, rounded by mode.
__HIPEMU_HD unsigned from_i64(long long v, int mode, int MB, int BIAS) {
  if (v == 0) return 0;
  bool neg = v < 0;
  u64 m = neg ? (u64)0 - (u64)v : (u64)v;
  return round_bits(neg, m, 0, false, mode, MB, BIAS);
}
__HIPEMU_HD unsigned from_u64(u64 v, int mode, int MB, int BIAS) {
  if (v == 0) return 0;
  return round_bits(false, v, 0, false, mode, MB, BIAS);
}

// Format bits -> float bits (exact: both f16 and bf16 are subsets of binary32).
__HIPEMU_HD unsigned to_f32_bits(unsigned h, int MB, int BIAS) {
  const int EBITS = BIAS == 15 ? 5 : 8;
  const unsigned sign = ((h >> (MB + EBITS)) & 1u) << 31;
  const unsigned ex = (h >> MB) & ((1u << EBITS) - 1u);
  const unsigned man = h & ((1u << MB) - 1u);
  if (ex == (1u << EBITS) - 1u) return sign | 0x7f800000u | (man << (23 - MB));
  if (ex == 0) {
    if (man == 0) return sign;
    if (BIAS == 127) return sign | (man << (23 - MB));  // bf16 subnormal is a float subnormal
    // f16 subnormal man * 2^-24 becomes a float normal.
    int top = 31 - __builtin_clz(man);  // 0..MB-1
    unsigned fe = (unsigned)(top - 24 + 127);
    unsigned fm = (man << (23 - top)) & 0x7fffffu;
    return sign | (fe << 23) | fm;
  }
  return sign | ((ex - BIAS + 127) << 23) | (man << (23 - MB));
}

// float (bits) -> integer of `bits` bits (signed or not), rounded by mode, returned as
// the two's-complement pattern. NaN -> 0; out of range -> saturated to the type's limits
// (what AMD's v_cvt_i32_f32 / v_cvt_u32_f32 return; HIP documents no value for these).
__HIPEMU_HD u64 f32_to_int(unsigned u, int mode, bool is_signed, int bits) {
  const unsigned ex = (u >> 23) & 0xffu, man = u & 0x7fffffu;
  const bool neg = (u >> 31) != 0;
  const u64 umax = bits == 64 ? ~0ull : ((1ull << bits) - 1);
  const u64 pos_lim = is_signed ? umax >> 1 : umax;         // largest value
  const u64 neg_lim = is_signed ? (umax >> 1) + 1 : 0;      // magnitude of the smallest
  if (ex == 0xffu && man) return 0;
  u64 mag;
  bool inexact_up = false;
  if (ex == 0xffu || ex >= 127 + 64) {
    mag = ~0ull;  // saturates below
  } else if (ex == 0 && man == 0) {
    return 0;
  } else {
    int e = ex ? (int)ex - 127 - 23 : -126 - 23;  // value = m * 2^e
    u64 m = ex ? (man | 0x800000u) : man;
    u64 frac_num = 0, frac_den = 1;
    if (e >= 0) {
      mag = e >= 40 ? ~0ull : m << e;
    } else if (e > -64) {
      mag = m >> (-e);
      frac_den = 1ull << (-e);
      frac_num = m & (frac_den - 1);
    } else {
      mag = 0;
      frac_num = 1;  // tiny: less than a quarter, only the directed modes see it
      frac_den = ~0ull;
    }
    if (frac_num) {
      if (mode == kRne)
        inexact_up = (frac_den != ~0ull) &&
                     (frac_num > frac_den - frac_num ||
                      (frac_num == frac_den - frac_num && (mag & 1)));
      else if (mode == kRu)
        inexact_up = !neg;
      else if (mode == kRd)
        inexact_up = neg;
    }
  }
  if (inexact_up && mag != ~0ull) ++mag;
  if (neg) {
    if (mag > neg_lim) mag = neg_lim;
    return (u64)0 - mag;
  }
  if (mag > pos_lim) mag = pos_lim;
  return mag;
}

__HIPEMU_HD u64 f64_bits(double d) { return __builtin_bit_cast(u64, d); }
__HIPEMU_HD unsigned f32_bits(float f) { return __builtin_bit_cast(unsigned, f); }
__HIPEMU_HD float f32_from_bits(unsigned u) { return __builtin_bit_cast(float, u); }

// Round the double d (the exact result of an operation, or its correct rounding to
// binary64 when `tail` is the nonzero remainder: exact = d + tail, |tail| < ulp(d)/2)
// once to the format MB/BIAS. Used for fma: a*b of two f16/bf16 values is exact in
// binary64, and a TwoSum of the product and c gives d and tail exactly.
__HIPEMU_HD unsigned from_f64_with_tail(double d, double tail, int mode, int MB, int BIAS) {
  u64 u = f64_bits(d);
  unsigned ex = (unsigned)(u >> 52) & 0x7ffu;
  if (tail == 0.0 || ex == 0x7ffu || ex == 0) return from_f64_bits(u, mode, MB, BIAS);
  bool neg = (u >> 63) != 0;
  u64 m = (u & 0xfffffffffffffull) | (1ull << 52);
  int e = (int)ex - 1023 - 52;
  bool same_sign = (tail < 0) == neg;
  // |exact| lies strictly between |d| and the next binary64 toward tail's side.
  m <<= 8;
  e -= 8;
  if (!same_sign) m -= 1;
  return round_bits(neg, m, e, true, mode, MB, BIAS);
}

// fma of three values exactly representable in binary64 with <= 11-bit significands,
// rounded once to MB/BIAS.
__HIPEMU_HD unsigned fma_round(double a, double b, double c, int mode, int MB, int BIAS) {
  double p = a * b;  // exact: at most 22 significant bits
  double s = p + c;
  if (!__builtin_isfinite(s) || !__builtin_isfinite(p) || !__builtin_isfinite(c))
    return from_f64_bits(f64_bits(s), mode, MB, BIAS);
  // TwoSum (Knuth): s + t == p + c exactly.
  double bv = s - p;
  double av = s - bv;
  double t = (p - av) + (c - bv);
  return from_f64_with_tail(s, t, mode, MB, BIAS);
}

}  // namespace __hipemu

#endif  // HIPEMU_FP_DETAIL_H
