#include "formats.h"

#include <cmath>
#include <cstring>

namespace rdna4emu::wmma::fmt {
namespace {

float from_bits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// value = (-1)^s * 2^(e-bias) * 1.m, or a denormal when e == 0.
float decode_small(uint32_t sign, int e, uint32_t m, int mbits, int bias) {
  float mag = e == 0 ? std::ldexp(static_cast<float>(m), 1 - bias - mbits)
                     : std::ldexp(static_cast<float>(m | (1u << mbits)), e - bias - mbits);
  return sign ? -mag : mag;
}

}  // namespace

float f16_to_float(uint16_t h) {
  // Integer assembly of the binary32 (no ldexp: the 65,536-entry decode table
  // in compute.cpp is built from this).
  const uint32_t s = h >> 15, e = (h >> 10) & 0x1f, m = h & 0x3ff;
  if (e == 0x1f)
    return from_bits((s << 31) | 0x7f800000u | (m << 13));  // inf, NaN (payload kept)
  if (e == 0) {  // denormal: m * 2^-24, exact (m < 2^10, a normal binary32)
    const float mag = static_cast<float>(m) * 0x1p-24f;
    return s ? -mag : mag;
  }
  return from_bits((s << 31) | ((e + 127 - 15) << 23) | (m << 13));
}

float bf16_to_float(uint16_t h) { return from_bits(static_cast<uint32_t>(h) << 16); }

// MODEL(fp8_bf8_decoding): OCP E4M3 fn and E5M2, see formats.h.
float fp8_to_float(uint8_t v) {
  uint32_t s = v >> 7, e = (v >> 3) & 0xf, m = v & 7;
  if (e == 0xf && m == 7) return from_bits((s << 31) | kF32QNaN);
  return decode_small(s, static_cast<int>(e), m, 3, 7);
}

float bf8_to_float(uint8_t v) {
  uint32_t s = v >> 7, e = (v >> 2) & 0x1f, m = v & 3;
  if (e == 0x1f) return from_bits((s << 31) | (m ? kF32QNaN : 0x7f800000u));
  return decode_small(s, static_cast<int>(e), m, 2, 15);
}

uint32_t round_to_ieee(double x, int ebits, int mbits, uint32_t qnan) {
  // Integer rounding of the binary64 significand; valid for mbits <= 51.
  uint64_t u;
  std::memcpy(&u, &x, 8);
  const uint32_t sign = static_cast<uint32_t>(u >> 63) << (ebits + mbits);
  const int e = static_cast<int>((u >> 52) & 0x7ff);
  const uint32_t inf = ((1u << ebits) - 1) << mbits;
  if (e == 0x7ff) return (u & ((uint64_t{1} << 52) - 1)) ? qnan : (sign | inf);
  if (e == 0) return sign;  // zero or binary64 denormal: far below every target's denormals
  const int bias = (1 << (ebits - 1)) - 1, emin = 1 - bias;
  const uint64_t sig = (u & ((uint64_t{1} << 52) - 1)) | (uint64_t{1} << 52);
  int E = e - 1023;                     // exponent of the leading bit
  int Er = E < emin ? emin : E;         // exponent of the result's leading bit position
  const int shift = 52 - mbits + (Er - E);  // low significand bits dropped (>= 1)
  if (shift > 60) return sign;          // below half the smallest denormal
  uint64_t r = sig >> shift;
  const uint64_t rem = sig & ((uint64_t{1} << shift) - 1), half = uint64_t{1} << (shift - 1);
  if (rem > half || (rem == half && (r & 1))) ++r;  // round to nearest, ties to even
  if (r == (uint64_t{1} << (mbits + 1))) {          // carried into the next binade
    r >>= 1;
    ++Er;
  }
  if (r < (uint64_t{1} << mbits)) return sign | static_cast<uint32_t>(r);  // denormal
  const int biased = Er + bias;  // (a denormal rounding up to 2^emin lands here with biased 1)
  if (biased >= (1 << ebits) - 1) return sign | inf;
  return sign | (static_cast<uint32_t>(biased) << mbits) |
         static_cast<uint32_t>(r - (uint64_t{1} << mbits));
}

uint16_t round_to_f16(double x) { return static_cast<uint16_t>(round_to_ieee(x, 5, 10, kF16QNaN)); }
uint16_t round_to_bf16(double x) { return static_cast<uint16_t>(round_to_ieee(x, 8, 7, kBF16QNaN)); }

}  // namespace rdna4emu::wmma::fmt
