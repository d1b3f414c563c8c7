// CPU reference: number formats, written from the format specifications
// (IEEE 754 binary16; bfloat16 = the top 16 bits of IEEE binary32; OCP 8-bit
// floating point v1.0: E4M3 "fn" and E5M2). Plain host C++17, header only.
//
// Independence rule: this file shares no code with the emulator
// (harness/emu/**). A bug shared by both would hide itself.
//
// Every decoder returns a double (all these formats embed exactly in double).
// Every encoder rounds a double to nearest, ties to even (RNE), once.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace ref {

// A binary floating-point format with an implicit leading bit.
//   ieee_specials: the all-ones exponent encodes inf (mantissa 0) and NaN.
//   otherwise ("fn", finite + NaN): only S.1111.111 is NaN, no infinity, the
//   all-ones exponent holds ordinary normal numbers.
struct MiniFloat {
  int ebits, mbits, bias;
  bool ieee_specials;
  int width() const { return 1 + ebits + mbits; }
};

constexpr MiniFloat kF16{5, 10, 15, true};
constexpr MiniFloat kBF16{8, 7, 127, true};
constexpr MiniFloat kFP8{4, 3, 7, false};   // OCP E4M3 "fn": max 448, NaN 0x7f/0xff
constexpr MiniFloat kBF8{5, 2, 15, true};   // OCP E5M2: max 57344, inf 0x7c, NaN 0x7d-0x7f

inline double decode(const MiniFloat& f, uint32_t bits) {
  const uint32_t man_mask = (1u << f.mbits) - 1;
  const uint32_t exp_mask = (1u << f.ebits) - 1;
  const uint32_t man = bits & man_mask;
  const uint32_t exp = (bits >> f.mbits) & exp_mask;
  const bool neg = (bits >> (f.ebits + f.mbits)) & 1;
  double v;
  if (f.ieee_specials && exp == exp_mask) {
    v = man ? std::numeric_limits<double>::quiet_NaN()
            : std::numeric_limits<double>::infinity();
  } else if (!f.ieee_specials && exp == exp_mask && man == man_mask) {
    v = std::numeric_limits<double>::quiet_NaN();
  } else if (exp == 0) {
    v = std::ldexp(double(man), 1 - f.bias - f.mbits);  // subnormal
  } else {
    v = std::ldexp(double(man | (1u << f.mbits)), int(exp) - f.bias - f.mbits);
  }
  return neg ? -v : v;
}

// Largest finite value of the format.
inline double max_finite(const MiniFloat& f) {
  const int emax_field = f.ieee_specials ? (1 << f.ebits) - 2 : (1 << f.ebits) - 1;
  const uint32_t man = f.ieee_specials ? (1u << f.mbits) - 1 : (1u << f.mbits) - 2;
  return std::ldexp(double(man | (1u << f.mbits)), emax_field - f.bias - f.mbits);
}

// Round x to the nearest value of the format (ties to even) and encode it.
// Overflow: IEEE formats give +-inf; "fn" formats give NaN unless `saturate`
// (then +-max). NaN gives the canonical quiet NaN (sign kept).
inline uint32_t encode(const MiniFloat& f, double x, bool saturate = false) {
  const uint32_t sign = std::signbit(x) ? 1u << (f.ebits + f.mbits) : 0u;
  const uint32_t exp_all = (1u << f.ebits) - 1;
  const uint32_t nan_bits = f.ieee_specials
      ? (exp_all << f.mbits) | (1u << (f.mbits - 1))
      : (exp_all << f.mbits) | ((1u << f.mbits) - 1);
  const uint32_t inf_bits = exp_all << f.mbits;  // only meaningful for IEEE
  auto overflow = [&]() -> uint32_t {
    if (saturate || !f.ieee_specials) {
      if (!saturate) return sign | nan_bits;
      return sign | encode(f, max_finite(f), false);
    }
    return sign | inf_bits;
  };
  if (std::isnan(x)) return sign | nan_bits;
  const double a = std::fabs(x);
  if (std::isinf(a)) return overflow();
  if (a == 0) return sign;
  const int emin = 1 - f.bias;  // exponent of the smallest normal
  int e;
  std::frexp(a, &e);
  e -= 1;  // a = m * 2^e with 1 <= m < 2
  if (e < emin) e = emin;  // subnormal range: fixed quantum
  const double q = std::ldexp(1.0, e - f.mbits);  // value of one unit in the last place
  double n = std::nearbyint(a / q);  // exact scaling; default rounding mode is RNE
  if (n >= std::ldexp(1.0, f.mbits + 1)) {  // rounded up into the next binade
    n /= 2;
    e += 1;
  }
  const double rounded = n * std::ldexp(1.0, e - f.mbits);
  if (rounded > max_finite(f)) return overflow();
  uint32_t exp_field, man_field;
  if (n < std::ldexp(1.0, f.mbits)) {  // subnormal (only possible at e == emin)
    exp_field = 0;
    man_field = uint32_t(n);
  } else {
    exp_field = uint32_t(e + f.bias);
    man_field = uint32_t(n) - (1u << f.mbits);
  }
  return sign | (exp_field << f.mbits) | man_field;
}

inline bool is_nan_bits(const MiniFloat& f, uint32_t bits) { return std::isnan(decode(f, bits)); }

// Units in the last place of the format at |x| (the spacing of the format's
// values around x; subnormal spacing below the smallest normal).
inline double ulp(const MiniFloat& f, double x) {
  const int emin = 1 - f.bias;
  int e;
  if (x == 0 || !std::isfinite(x)) return std::ldexp(1.0, emin - f.mbits);
  std::frexp(std::fabs(x), &e);
  e -= 1;
  if (e < emin) e = emin;
  return std::ldexp(1.0, e - f.mbits);
}

// IEEE binary32 <-> bits.
inline uint32_t f32_bits(float v) { uint32_t u; std::memcpy(&u, &v, 4); return u; }
inline float f32_from_bits(uint32_t u) { float v; std::memcpy(&v, &u, 4); return v; }
// double -> binary32, round to nearest even (C++ conversion under the default
// rounding mode).
inline uint32_t encode_f32(double x) { return f32_bits(float(x)); }
inline double decode_f32(uint32_t u) { return double(f32_from_bits(u)); }
constexpr double kF32Ulp1 = 1.0 / 8388608.0;  // 2^-23
inline double ulp_f32(double x) {
  int e;
  if (x == 0 || !std::isfinite(x)) return std::ldexp(1.0, -149);
  std::frexp(std::fabs(x), &e);
  e -= 1;
  if (e < -126) e = -126;
  return std::ldexp(1.0, e - 23);
}

// Integers packed into 32-bit registers.
//   int8/uint8: 4 per register, element n in bits [8n+7 : 8n].
//   int4/uint4: 8 per register, element n in bits [4n+3 : 4n].
inline int64_t int_value(uint32_t raw, int bits, bool is_signed) {
  const uint32_t mask = (1u << bits) - 1;
  raw &= mask;
  if (is_signed && (raw >> (bits - 1)) & 1) return int64_t(raw) - (int64_t(1) << bits);
  return int64_t(raw);
}
inline uint32_t int_raw(int64_t v, int bits) { return uint32_t(v) & ((1u << bits) - 1); }

// Narrow an exact int64 result to the int32 a register holds.
inline int32_t wrap_i32(int64_t v) { return int32_t(uint32_t(uint64_t(v))); }
inline int32_t saturate_i32(int64_t v) {
  if (v > std::numeric_limits<int32_t>::max()) return std::numeric_limits<int32_t>::max();
  if (v < std::numeric_limits<int32_t>::min()) return std::numeric_limits<int32_t>::min();
  return int32_t(v);
}

}  // namespace ref
