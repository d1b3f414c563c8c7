// Exact IEEE conversions between f64/f32 and f16/bf16 (round to nearest even,
// NaN quieting, denormals kept), independent of the host's _Float16 support.
#pragma once

#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace rdna4emu::core::fp {

inline float as_f(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }
inline uint32_t as_u(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }
inline double as_d(uint64_t u) { double d; std::memcpy(&d, &u, 8); return d; }
inline uint64_t as_u64(double d) { uint64_t u; std::memcpy(&u, &d, 8); return u; }

inline float f16_to_f32(uint16_t h) {
  uint32_t s = uint32_t(h & 0x8000) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ff;
  if (e == 0x1f) return as_f(s | 0x7f800000 | (m << 13));  // inf / NaN (payload kept)
  if (e == 0) {
    if (m == 0) return as_f(s);
    float v = std::ldexp(float(m), -24);
    return (h & 0x8000) ? -v : v;
  }
  return as_f(s | ((e + 112) << 23) | (m << 13));
}

// Round a double to f16 (RNE). NaN: quiet, payload's top bits kept.
inline uint16_t f64_to_f16(double d) {
  uint64_t u = as_u64(d);
  uint16_t s = uint16_t((u >> 48) & 0x8000);
  uint64_t e = (u >> 52) & 0x7ff, m = u & 0xfffffffffffffull;
  if (e == 0x7ff) {
    if (m == 0) return s | 0x7c00;
    // NaN: the top 10 payload bits, quiet bit included (a quiet double stays quiet, a
    // signalling one stays signalling unless its payload would vanish).
    uint16_t f = uint16_t((m >> 42) & 0x3ff);
    return uint16_t(s | 0x7c00 | (f ? f : 0x200));
  }
  double a = std::fabs(d);
  if (a == 0) return s;
  int ex;
  std::frexp(a, &ex);          // a = f * 2^ex, f in [0.5, 1)
  int e16 = ex - 1;            // unbiased exponent
  if (e16 > 15) return s | 0x7c00;
  int shift = e16 < -14 ? -24 : e16 - 10;  // quantum exponent
  double q = std::ldexp(a, -shift);         // exact (power-of-two scaling)
  double r = std::nearbyint(q);             // host default rounding: nearest even
  uint32_t n = uint32_t(r);
  // n is the significand in units of 2^shift.
  if (shift == -24) {          // subnormal range (may round up into normal)
    return uint16_t(s | n);    // n <= 1024 -> exponent field carries over naturally
  }
  if (n >= 2048) { n >>= 1; ++shift; }
  int be = shift + 10 + 15;
  if (be >= 31) return s | 0x7c00;
  return uint16_t(s | (be << 10) | (n & 0x3ff));
}
inline uint16_t f32_to_f16(float f) { return f64_to_f16(double(f)); }

// f16 to double, bit-exact for every pattern (a signalling NaN stays signalling: a
// float-to-double host conversion would quiet it).
inline double f16_to_f64(uint16_t h) {
  const uint64_t s = uint64_t(h & 0x8000) << 48, e = (h >> 10) & 0x1f, m = h & 0x3ff;
  if (e == 0x1f) return as_d(s | 0x7ff0000000000000ull | (m << 42));
  if (e == 0) return (h & 0x8000) ? -std::ldexp(double(m), -24) : std::ldexp(double(m), -24);
  return as_d(s | ((e - 15 + 1023) << 52) | (m << 42));
}

inline float bf16_to_f32(uint16_t b) { return as_f(uint32_t(b) << 16); }
inline uint16_t f32_to_bf16(float f) {
  uint32_t u = as_u(f);
  if ((u & 0x7fffffff) > 0x7f800000) return uint16_t((u >> 16) | 0x40);
  uint32_t r = u + 0x7fff + ((u >> 16) & 1);
  return uint16_t(r >> 16);
}

// ---- rounding modes (MODE register encoding: [1:0] f32, [3:2] f16/f64) ----------
enum : unsigned { kRoundNearestEven = 0, kRoundUp = 1, kRoundDown = 2, kRoundZero = 3 };

// Round a finite or infinite double x to a small binary format with `eb` exponent
// bits and `mb` fraction bits in rounding mode rm (IEEE 754-2019 clause 4.3):
// gradual underflow; the largest exponent is `emax` and the largest fraction at
// emax is `maxfrac` (IEEE formats: emax = bias, maxfrac = all ones; OCP E4M3:
// emax = bias + 1, maxfrac = 0b110). On overflow the result is `ovf_inf` (the
// infinity or NaN pattern without sign) when rounding away from zero is allowed
// (nearest even, or toward the infinity of x's sign), otherwise the largest
// finite value. NaN operands are the caller's business. Returns the bit pattern.
inline uint32_t round_small_float(double x, int eb, int mb, int emax, uint32_t maxfrac, uint32_t ovf_inf,
                                  unsigned rm) {
  const uint32_t sign = std::signbit(x) ? 1u << (eb + mb) : 0u;
  const bool neg = sign != 0;
  const uint32_t maxfin = (uint32_t(emax + (1 << (eb - 1)) - 1) << mb) | maxfrac;
  const bool away = rm == kRoundNearestEven || (rm == kRoundUp && !neg) || (rm == kRoundDown && neg);
  double a = std::fabs(x);
  if (std::isinf(a)) return sign | ovf_inf;  // an exact infinity is not an overflow
  if (a == 0) return sign;
  const int bias = (1 << (eb - 1)) - 1, emin = 1 - bias;
  int ex;
  std::frexp(a, &ex);
  int e = ex - 1;                                // exponent of the leading bit
  if (e > emax + 1) return sign | (away ? ovf_inf : maxfin);
  const int q = (e < emin ? emin : e) - mb;      // exponent of the last kept bit
  const double t = std::ldexp(a, -q);            // exact: power-of-two scaling
  const double fl = std::floor(t), frac = t - fl;  // both exact (t < 2^(mb+2))
  uint32_t n = uint32_t(fl);
  bool up = false;
  if (frac != 0) {
    if (rm == kRoundNearestEven) up = frac > 0.5 || (frac == 0.5 && (n & 1));
    else up = (rm == kRoundUp && !neg) || (rm == kRoundDown && neg);
  }
  n += up ? 1u : 0u;
  // n counts units of 2^q; below 2^mb it is a denormal, 2^mb..2^(mb+1) a normal
  // at exponent q + mb (n == 2^(mb+1) carried into the next binade).
  int be;
  uint32_t f;
  if (n < (1u << mb)) return sign | n;           // denormal (or zero)
  if (n >= (2u << mb)) { n >>= 1; ++e; }
  else e = q + mb;
  be = e + bias;
  f = n & ((1u << mb) - 1);
  if (e > emax || (e == emax && f > maxfrac)) return sign | (away ? ovf_inf : maxfin);
  return sign | (uint32_t(be) << mb) | f;
}
// f16 in any rounding mode (NaN: quiet, top payload bits kept, as f64_to_f16).
inline uint16_t f64_to_f16_rm(double d, unsigned rm) {
  if (std::isnan(d)) return f64_to_f16(d);
  return uint16_t(round_small_float(d, 5, 10, 15, 0x3ff, 0x7c00, rm));
}
// f32 from double in any rounding mode, by the same integer rounding (no host
// rounding-mode dependence). NaN: quiet, top payload bits kept.
inline float f64_to_f32_rm(double d, unsigned rm) {
  if (std::isnan(d)) return as_f(uint32_t((as_u64(d) >> 32) & 0x80000000u) | 0x7fc00000u |
                                 uint32_t((as_u64(d) >> 29) & 0x3fffffu));
  return as_f(round_small_float(d, 8, 23, 127, 0x7fffff, 0x7f800000, rm));
}

// fp8 (OCP E4M3 "fn": bias 7, no infinities, S.1111.111 = NaN, max 448) and bf8
// (OCP E5M2: bias 15, IEEE-like infinities and NaNs) decodes, exact in f32.
inline float fp8_to_f32(uint8_t v) {
  const float s = (v & 0x80) ? -1.0f : 1.0f;
  const unsigned e = (v >> 3) & 0xf, m = v & 7;
  if (e == 0xf && m == 7) return as_f(0x7fc00000u | ((v & 0x80u) << 24));
  if (e == 0) return s * std::ldexp(float(m), -9);
  return s * std::ldexp(float(8 + m), int(e) - 10);
}
inline float bf8_to_f32(uint8_t v) {
  // bf8 is the top byte of an f16.
  return f16_to_f32(uint16_t(v) << 8);
}

inline float flush32(float f) {
  return std::fpclassify(f) == FP_SUBNORMAL ? std::copysign(0.0f, f) : f;
}
// Quiet a NaN (hardware returns quiet NaNs from arithmetic).
inline float quiet(float f) { return std::isnan(f) ? as_f(as_u(f) | 0x400000) : f; }

}  // namespace rdna4emu::core::fp
