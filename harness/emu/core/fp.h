// Exact IEEE conversions between f64/f32 and f16/bf16 (round to nearest even,
// NaN quieting, denormals kept), independent of the host's _Float16 support.
#pragma once

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
    return uint16_t(s | 0x7e00 | ((m >> 42) & 0x1ff));
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

inline float bf16_to_f32(uint16_t b) { return as_f(uint32_t(b) << 16); }
inline uint16_t f32_to_bf16(float f) {
  uint32_t u = as_u(f);
  if ((u & 0x7fffffff) > 0x7f800000) return uint16_t((u >> 16) | 0x40);
  uint32_t r = u + 0x7fff + ((u >> 16) & 1);
  return uint16_t(r >> 16);
}

inline float flush32(float f) {
  return std::fpclassify(f) == FP_SUBNORMAL ? std::copysign(0.0f, f) : f;
}
// Quiet a NaN (hardware returns quiet NaNs from arithmetic).
inline float quiet(float f) { return std::isnan(f) ? as_f(as_u(f) | 0x400000) : f; }

}  // namespace rdna4emu::core::fp
