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
  if (ebits == 5 && mbits == 10) return round_ieee<5, 10>(x, qnan);
  if (ebits == 8 && mbits == 7) return round_ieee<8, 7>(x, qnan);
  if (ebits == 8 && mbits == 23) return round_ieee<8, 23>(x, qnan);
  return qnan;  // no other format is used
}

uint16_t round_to_f16(double x) { return static_cast<uint16_t>(round_ieee<5, 10>(x, kF16QNaN)); }
uint16_t round_to_bf16(double x) { return static_cast<uint16_t>(round_ieee<8, 7>(x, kBF16QNaN)); }

}  // namespace rdna4emu::wmma::fmt
