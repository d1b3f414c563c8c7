// <hip/hip_bfloat16.h> for the RDNA4 emulator path (hipemu): the `hip_bfloat16` class
// (HIP documentation, "bfloat16 (hip_bfloat16)"; the type rocBLAS and older HIP code use).
//
//   struct hip_bfloat16 { uint16_t data; ... }      the bfloat16 encoding in `data`
//   hip_bfloat16(float)                             round to nearest even (NaN stays NaN)
//   hip_bfloat16(float, hip_bfloat16::truncate)     round toward zero (drop the low 16 bits;
//                                                   a NaN keeps a nonzero significand)
//   hip_bfloat16::round_to_bfloat16(float [, truncate])   the same as static functions
//   operator float()                                exact
//   + - * / (and compound forms), unary + -, ++ --, == != < <= > >=: computed in float and
//   rounded to nearest even (binary32 has 24 >= 2*8+2 bits, so the double rounding of
//   + - * / is harmless); isinf isnan iszero abs sin cos.
// Usable from plain C++ and from -x hip (host and device).
#ifndef HIPEMU_HIP_BFLOAT16_H
#define HIPEMU_HIP_BFLOAT16_H

#include <stdint.h>

#include "hip/hipemu_fp_detail.h"

#define __HIPEMU_HB_HD inline __host__ __device__

struct hip_bfloat16 {
  uint16_t data;

  enum truncate_t { truncate };

  __host__ __device__ hip_bfloat16() = default;
  explicit __host__ __device__ hip_bfloat16(float f) : data(float_to_bfloat16(f)) {}
  __host__ __device__ hip_bfloat16(float f, truncate_t) : data(truncate_float_to_bfloat16(f)) {}
  __host__ __device__ operator float() const {
    return __hipemu::f32_from_bits((uint32_t)data << 16);
  }
  explicit __host__ __device__ operator bool() const { return (data & 0x7fff) != 0; }

  static __host__ __device__ hip_bfloat16 round_to_bfloat16(float f) {
    hip_bfloat16 r;
    r.data = float_to_bfloat16(f);
    return r;
  }
  static __host__ __device__ hip_bfloat16 round_to_bfloat16(float f, truncate_t) {
    hip_bfloat16 r;
    r.data = truncate_float_to_bfloat16(f);
    return r;
  }

 private:
  static __host__ __device__ uint16_t float_to_bfloat16(float f) {
    return (uint16_t)__hipemu::from_f32_bits(__hipemu::f32_bits(f), __hipemu::kRne, 7, 127);
  }
  static __host__ __device__ uint16_t truncate_float_to_bfloat16(float f) {
    return (uint16_t)__hipemu::from_f32_bits(__hipemu::f32_bits(f), __hipemu::kRz, 7, 127);
  }
};

__HIPEMU_HB_HD hip_bfloat16 operator+(hip_bfloat16 a) { return a; }
__HIPEMU_HB_HD hip_bfloat16 operator-(hip_bfloat16 a) {
  a.data ^= 0x8000;
  return a;
}
__HIPEMU_HB_HD hip_bfloat16 operator+(hip_bfloat16 a, hip_bfloat16 b) {
  return hip_bfloat16(float(a) + float(b));
}
__HIPEMU_HB_HD hip_bfloat16 operator-(hip_bfloat16 a, hip_bfloat16 b) {
  return hip_bfloat16(float(a) - float(b));
}
__HIPEMU_HB_HD hip_bfloat16 operator*(hip_bfloat16 a, hip_bfloat16 b) {
  return hip_bfloat16(float(a) * float(b));
}
__HIPEMU_HB_HD hip_bfloat16 operator/(hip_bfloat16 a, hip_bfloat16 b) {
  return hip_bfloat16(float(a) / float(b));
}
__HIPEMU_HB_HD bool operator<(hip_bfloat16 a, hip_bfloat16 b) { return float(a) < float(b); }
__HIPEMU_HB_HD bool operator==(hip_bfloat16 a, hip_bfloat16 b) { return float(a) == float(b); }
__HIPEMU_HB_HD bool operator>(hip_bfloat16 a, hip_bfloat16 b) { return b < a; }
__HIPEMU_HB_HD bool operator<=(hip_bfloat16 a, hip_bfloat16 b) { return !(a > b) && a == a && b == b; }
__HIPEMU_HB_HD bool operator!=(hip_bfloat16 a, hip_bfloat16 b) { return !(a == b); }
__HIPEMU_HB_HD bool operator>=(hip_bfloat16 a, hip_bfloat16 b) { return b <= a; }
__HIPEMU_HB_HD hip_bfloat16& operator+=(hip_bfloat16& a, hip_bfloat16 b) { return a = a + b; }
__HIPEMU_HB_HD hip_bfloat16& operator-=(hip_bfloat16& a, hip_bfloat16 b) { return a = a - b; }
__HIPEMU_HB_HD hip_bfloat16& operator*=(hip_bfloat16& a, hip_bfloat16 b) { return a = a * b; }
__HIPEMU_HB_HD hip_bfloat16& operator/=(hip_bfloat16& a, hip_bfloat16 b) { return a = a / b; }
__HIPEMU_HB_HD hip_bfloat16& operator++(hip_bfloat16& a) { return a += hip_bfloat16(1.0f); }
__HIPEMU_HB_HD hip_bfloat16& operator--(hip_bfloat16& a) { return a -= hip_bfloat16(1.0f); }
__HIPEMU_HB_HD hip_bfloat16 operator++(hip_bfloat16& a, int) {
  hip_bfloat16 old = a;
  ++a;
  return old;
}
__HIPEMU_HB_HD hip_bfloat16 operator--(hip_bfloat16& a, int) {
  hip_bfloat16 old = a;
  --a;
  return old;
}
__HIPEMU_HB_HD bool isinf(hip_bfloat16 a) { return (a.data & 0x7fff) == 0x7f80; }
__HIPEMU_HB_HD bool isnan(hip_bfloat16 a) { return (a.data & 0x7fff) > 0x7f80; }
__HIPEMU_HB_HD bool iszero(hip_bfloat16 a) { return (a.data & 0x7fff) == 0; }
__HIPEMU_HB_HD hip_bfloat16 abs(hip_bfloat16 a) {
  a.data &= 0x7fff;
  return a;
}
__HIPEMU_HB_HD hip_bfloat16 sin(hip_bfloat16 a) { return hip_bfloat16(__builtin_sinf(float(a))); }
__HIPEMU_HB_HD hip_bfloat16 cos(hip_bfloat16 a) { return hip_bfloat16(__builtin_cosf(float(a))); }

#undef __HIPEMU_HB_HD
#endif  // HIPEMU_HIP_BFLOAT16_H
