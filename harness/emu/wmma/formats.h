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
uint16_t round_to_f16(double x);
uint16_t round_to_bf16(double x);

// Generic: IEEE-style format with `ebits` exponent and `mbits` fraction bits
// (f16: 5/10, bf16: 8/7, f32: 8/23). Returns the bit pattern.
uint32_t round_to_ieee(double x, int ebits, int mbits, uint32_t qnan);

}  // namespace rdna4emu::wmma::fmt
