// Element formats of the RDNA4 matrix instructions: decoding to float (exact)
// and rounding from double to each destination format (round to nearest even).
// Internal to rdna4emu_wmma (the tests use their own decoders).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

namespace rdna4emu::wmma::fmt {

// Exact decodes. Every f16, bf16, fp8 and bf8 value is exactly a float.
float f16_to_float(uint16_t h);   // IEEE binary16: inf, NaN, denormals
float bf16_to_float(uint16_t h);  // upper half of a binary32
float fp8_to_float(uint8_t v);    // OCP E4M3 "fn": bias 7, no inf, NaN = S.1111.111, max 448
float bf8_to_float(uint8_t v);    // OCP E5M2: bias 15, inf = S.11111.00, NaN = S.11111.{01,10,11}

// Canonical quiet NaNs written when a result is NaN (README: nan_results).
constexpr uint32_t kF32QNaN = 0x7fc00000u;
constexpr uint16_t kF16QNaN = 0x7e00u;
constexpr uint16_t kBF16QNaN = 0x7fc0u;

// Round a double once to the format, nearest-even, with gradual underflow and
// overflow to infinity. NaN gives the canonical quiet NaN.
inline uint32_t round_to_f32(double x) {  // inline: called per result element
  if (std::isnan(x)) return kF32QNaN;
  const float f = static_cast<float>(x);  // IEEE conversion: round to nearest even
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
uint16_t round_to_f16(double x);   // = round_ieee<5, 10>(x, kF16QNaN)
uint16_t round_to_bf16(double x);  // = round_ieee<8, 7>(x, kBF16QNaN)

// IEEE-style format with `ebits` exponent and `mbits` fraction bits: f16
// (5/10), bf16 (8/7) or f32 (8/23), others give qnan. Returns the bit pattern.
uint32_t round_to_ieee(double x, int ebits, int mbits, uint32_t qnan);

// round_to_ieee with the format as constants (inline, for the per-element
// rounding of the WMMA fast path); the one definition of the algorithm.
template <int EBITS, int MBITS>
inline uint32_t round_ieee(double x, uint32_t qnan) {
  // Integer rounding of the binary64 significand; valid for mbits <= 51.
  uint64_t u;
  std::memcpy(&u, &x, 8);
  const uint32_t sign = static_cast<uint32_t>(u >> 63) << (EBITS + MBITS);
  const int e = static_cast<int>((u >> 52) & 0x7ff);
  constexpr uint32_t inf = ((1u << EBITS) - 1) << MBITS;
  if (e == 0x7ff) return (u & ((uint64_t{1} << 52) - 1)) ? qnan : (sign | inf);
  if (e == 0) return sign;  // zero or binary64 denormal: far below every target's denormals
  constexpr int bias = (1 << (EBITS - 1)) - 1, emin = 1 - bias;
  const uint64_t sig = (u & ((uint64_t{1} << 52) - 1)) | (uint64_t{1} << 52);
  const int E = e - 1023;                       // exponent of the leading bit
  int Er = E < emin ? emin : E;                 // exponent of the result's leading bit position
  const int shift = 52 - MBITS + (Er - E);      // low significand bits dropped (>= 1)
  if (shift > 60) return sign;                  // below half the smallest denormal
  uint64_t r = sig >> shift;
  const uint64_t rem = sig & ((uint64_t{1} << shift) - 1), half = uint64_t{1} << (shift - 1);
  if (rem > half || (rem == half && (r & 1))) ++r;  // round to nearest, ties to even
  if (r == (uint64_t{1} << (MBITS + 1))) {          // carried into the next binade
    r >>= 1;
    ++Er;
  }
  if (r < (uint64_t{1} << MBITS)) return sign | static_cast<uint32_t>(r);  // denormal
  const int biased = Er + bias;  // (a denormal rounding up to 2^emin lands here with biased 1)
  if (biased >= (1 << EBITS) - 1) return sign | inf;
  return sign | (static_cast<uint32_t>(biased) << MBITS) |
         static_cast<uint32_t>(r - (uint64_t{1} << MBITS));
}

}  // namespace rdna4emu::wmma::fmt
