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
  uint32_t s = h >> 15, e = (h >> 10) & 0x1f, m = h & 0x3ff;
  if (e == 0x1f)
    return from_bits((s << 31) | 0x7f800000u | (m << 13));  // inf, NaN (payload kept)
  return decode_small(s, static_cast<int>(e), m, 10, 15);
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
  if (std::isnan(x)) return qnan;
  const uint32_t sign = std::signbit(x) ? 1u << (ebits + mbits) : 0u;
  const uint32_t inf = ((1u << ebits) - 1) << mbits;
  if (std::isinf(x)) return sign | inf;
  double a = std::fabs(x);
  if (a == 0) return sign;
  const int bias = (1 << (ebits - 1)) - 1, emin = 1 - bias;
  int e2;
  std::frexp(a, &e2);                  // a = f * 2^e2, f in [0.5, 1)
  int E = e2 - 1 < emin ? emin : e2 - 1;  // exponent of the result's leading bit
  double scaled = std::ldexp(a, mbits - E);  // exact (power-of-two scaling)
  double fl = std::floor(scaled);
  double rem = scaled - fl;            // exact
  uint64_t r = static_cast<uint64_t>(fl);
  if (rem > 0.5 || (rem == 0.5 && (r & 1))) ++r;
  if (r == (uint64_t{1} << (mbits + 1))) {  // rounded up to the next binade
    r >>= 1;
    ++E;
  }
  if (r < (uint64_t{1} << mbits))  // denormal (only possible when E == emin)
    return sign | static_cast<uint32_t>(r);
  int biased = E + bias;
  if (biased >= (1 << ebits) - 1) return sign | inf;
  return sign | (static_cast<uint32_t>(biased) << mbits) |
         static_cast<uint32_t>(r - (uint64_t{1} << mbits));
}

uint32_t round_to_f32(double x) {
  if (std::isnan(x)) return kF32QNaN;
  float f = static_cast<float>(x);  // IEEE conversion: round to nearest even
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
uint16_t round_to_f16(double x) { return static_cast<uint16_t>(round_to_ieee(x, 5, 10, kF16QNaN)); }
uint16_t round_to_bf16(double x) { return static_cast<uint16_t>(round_to_ieee(x, 8, 7, kBF16QNaN)); }

}  // namespace rdna4emu::wmma::fmt
