// <hip/hip_fp8.h> for the RDNA4 emulator path (hipemu): the OCP 8-bit floating-point types
// gfx12 computes with (the "OCP 8-bit Floating Point Specification (OFP8)" v1.0, formats
// E4M3 and E5M2; HIP API reference, "Low precision floating point types"), with the names,
// members and signatures of ROCm's hip/amd_detail/amd_hip_fp8.h:
//
//   enum __hip_fp8_interpretation_t { __HIP_E4M3 = 0, __HIP_E5M2 = 1, __HIP_E4M3_FNUZ = 2,
//                                     __HIP_E5M2_FNUZ = 3 };
//   enum __hip_saturation_t { __HIP_NOSAT = 0, __HIP_SATFINITE = 1 };
//   __hip_fp8_storage_t (unsigned char), __hip_fp8x2_storage_t (unsigned short),
//   __hip_fp8x4_storage_t (unsigned int)
//   __hip_cvt_float_to_fp8, __hip_cvt_float2_to_fp8x2, __hip_cvt_double_to_fp8,
//   __hip_cvt_double2_to_fp8x2, __hip_cvt_bfloat16raw_to_fp8, __hip_cvt_bfloat16raw2_to_fp8x2,
//   __hip_cvt_halfraw_to_fp8, __hip_cvt_halfraw2_to_fp8x2 (value, saturation, interpretation)
//   __hip_cvt_fp8_to_halfraw, __hip_cvt_fp8x2_to_halfraw2 (storage, interpretation)
//   struct __hip_fp8_e4m3 / __hip_fp8_e5m2 { __hip_fp8_storage_t __x; ... }: built from
//     float, double, __half, __hip_bfloat16, int, long, short, unsigned {int, long, short}
//     (saturating: __default_saturation = __HIP_SATFINITE); converted to float, double,
//     __half, __hip_bfloat16, bool, and the integer types (NaN gives 0; char, signed char,
//     short, unsigned char, unsigned short clamp to their range; unsigned types give 0 for
//     negative values)
//   struct __hip_fp8x2_e4m3 / __hip_fp8x2_e5m2 { __hip_fp8x2_storage_t __x; }: from float2,
//     double2, __half2, __hip_bfloat162; to float2, __half2 (element x in the low byte)
//   struct __hip_fp8x4_e4m3 / __hip_fp8x4_e5m2 { __hip_fp8x4_storage_t __x; }: from float4,
//     double4, two __half2 or two __hip_bfloat162 (low, high); to float4
//   HIP_FP8_TYPE_OCP 1, HIP_FP8_TYPE_FNUZ 0, HIP_FP8_CVT_FAST_PATH (1 in gfx12 device code)
//
// The FNUZ formats of gfx94x (__hip_fp8_e4m3_fnuz, __hip_fp8_e5m2_fnuz, their x2/x4 forms,
// __HIP_E4M3_FNUZ / __HIP_E5M2_FNUZ) have the same members, converted in software everywhere
// (gfx12 has no FNUZ instructions): E4M3_FNUZ bias 8, largest 240 (0x7f); E5M2_FNUZ bias 16,
// largest 57344 (0x7f); 0x80 is the only NaN, zero is unsigned, no infinities; an overflow
// without saturation, an infinity and a NaN give 0x80. HIP_FP8_TYPE_FNUZ is 0 in gfx12
// device code and 1 elsewhere, as in ROCm.
//
// The formats (OFP8 v1.0, section 5): E4M3: bias 7, largest finite 448 (0x7e), S.1111.111 is
// NaN, no infinities; E5M2: bias 15, largest finite 57344 (0x7b), S.11111.00 is infinity,
// S.11111.{01,10,11} NaN. Both have subnormals and a signed zero.
//
// Conversions to fp8 round to nearest, ties to even, once (from the exact input value), as
// gfx12's v_cvt_pk_fp8_f32 / v_cvt_pk_bf8_f32 do under the default MODE. In gfx12 device
// code float -> fp8 is that instruction (__builtin_amdgcn_cvt_pk_fp8_f32 / _bf8_f32) and fp8 ->
// float is v_cvt_f32_fp8 / v_cvt_f32_bf8; everywhere else (host code, double inputs) the same
// rounding is done in integer arithmetic here, so host and device give the same bits.
//   __HIP_NOSAT: a value whose rounded magnitude exceeds the largest finite, and an infinity,
//     give NaN 0x7f (E4M3, which has no infinity) or infinity 0x7c (E5M2), with the input's
//     sign (the instructions' behaviour as the emulator models it; OFP8 allows it).
//   __HIP_SATFINITE: such values, infinities included, give the largest finite of their sign
//     (0x7e / 0x7b; OFP8's saturating conversion). On the device the input is clamped to
//     [-max, max] before the instruction, so the instruction never overflows.
//   NaN gives NaN with its sign: 0x7f (E4M3) and 0x7e (E5M2), the encodings the instructions
//     produce.
// Differences from ROCm's own header, which is not consistent between its host and device
// paths: ROCm's host code gives NaN / the saturated value for every input above the largest
// finite (449 -> NaN without saturation) where the instruction rounds 449..464 down to 448
// first; ROCm's device code lets an infinite input through unclamped under SATFINITE (giving
// NaN / infinity), and its float2 -> fp8x2 device path ignores the saturation (it converts
// the unclamped inputs). Here both sides follow the instruction and OFP8.
#ifndef HIPEMU_HIP_FP8_H
#define HIPEMU_HIP_FP8_H

#include <climits>

#include "hip/hip_bf16.h"
#include "hip/hip_fp16.h"
#include "hip/hip_vector_types.h"
#include "hip/hipemu_attributes.h"

#if (defined(__gfx1200__) || defined(__gfx1201__)) && defined(__HIP_DEVICE_COMPILE__)
#define HIP_FP8_CVT_FAST_PATH 1
#else
#define HIP_FP8_CVT_FAST_PATH 0
#endif
// As ROCm: OCP types everywhere; the FNUZ types count as supported except in gfx12 device
// code (libraries test HIP_FP8_TYPE_FNUZ to decide where they use them).
#define HIP_FP8_TYPE_OCP 1
#if (defined(__gfx1200__) || defined(__gfx1201__)) && defined(__HIP_DEVICE_COMPILE__)
#define HIP_FP8_TYPE_FNUZ 0
#else
#define HIP_FP8_TYPE_FNUZ 1
#endif

#define __FP8_HOST_DEVICE__ __host__ __device__
#define __FP8_HOST_DEVICE_STATIC__ __FP8_HOST_DEVICE__ static inline
#define __FP8_HOST__ __host__
#define __FP8_HOST_STATIC__ __FP8_HOST__ static inline

enum __hip_fp8_interpretation_t {
  __HIP_E4M3 = 0,
  __HIP_E5M2 = 1,
  __HIP_E4M3_FNUZ = 2,
  __HIP_E5M2_FNUZ = 3,
};
enum __hip_saturation_t {
  __HIP_NOSAT = 0,
  __HIP_SATFINITE = 1,
};
typedef unsigned char __hip_fp8_storage_t;
typedef unsigned short int __hip_fp8x2_storage_t;
typedef unsigned int __hip_fp8x4_storage_t;

namespace __hipemu {
namespace fp8 {
// Format parameters: exponent bits, mantissa bits, largest finite encoding, the encoding an
// overflow gives without saturation, the NaN encoding a conversion gives.
struct Fmt {
  int we, wm, bias;
  unsigned maxfin, overflow, nan;
  bool fnuz;
};
__FP8_HOST_DEVICE_STATIC__ constexpr Fmt fmt(__hip_fp8_interpretation_t i) {
  return i == __HIP_E4M3        ? Fmt{4, 3, 7, 0x7e, 0x7f, 0x7f, false}
         : i == __HIP_E5M2      ? Fmt{5, 2, 15, 0x7b, 0x7c, 0x7e, false}
         : i == __HIP_E4M3_FNUZ ? Fmt{4, 3, 8, 0x7f, 0x80, 0x80, true}
                                : Fmt{5, 2, 16, 0x7f, 0x80, 0x80, true};
}
__FP8_HOST_DEVICE_STATIC__ bool ocp(__hip_fp8_interpretation_t i) {
  return i == __HIP_E4M3 || i == __HIP_E5M2;
}

// A finite binary64 value (given by its bits) to fp8, rounding to nearest even once.
__FP8_HOST_DEVICE_STATIC__ __hip_fp8_storage_t from_f64_bits(unsigned long long b, bool sat,
                                                            __hip_fp8_interpretation_t interp) {
  const Fmt f = fmt(interp);
  const unsigned sign = (unsigned)(b >> 63) << 7;
  const int e = (int)((b >> 52) & 0x7ff);
  const unsigned long long m = b & ((1ull << 52) - 1);
  // FNUZ: one NaN (0x80), no -0, no infinity (an overflow is the NaN).
  const unsigned zero = f.fnuz ? 0u : sign;
  const unsigned ovf = sat ? (sign | f.maxfin) : f.fnuz ? f.overflow : (sign | f.overflow);
  if (e == 0x7ff) {
    if (m) return (__hip_fp8_storage_t)(f.fnuz ? f.nan : (sign | f.nan));
    return (__hip_fp8_storage_t)ovf;
  }
  if (e == 0 && m == 0) return (__hip_fp8_storage_t)zero;
  // value = sig * 2^(exp2), sig with 53 significant bits (binary64 subnormals are far below
  // the fp8 range and round to zero below).
  const unsigned long long sig = e ? (m | (1ull << 52)) : m;
  const int exp2 = (e ? e : 1) - 1075;
  const int bias = f.bias;
  const int emin = 1 - bias;  // exponent of the smallest normal
  // The value's own exponent (of its leading bit).
  int lead = 63 - __builtin_clzll(sig);
  int vexp = exp2 + lead;
  // The quantum 2^q of the result: the spacing of fp8 values at that exponent.
  int q = (vexp < emin ? emin : vexp) - f.wm;
  int shift = q - exp2;  // bits of sig below the quantum
  unsigned long long n;
  if (shift <= 0) {
    n = sig << -shift;  // exact (cannot happen for finite inputs beyond the range: checked below)
  } else if (shift >= 64) {
    n = 0;  // far below half the smallest subnormal
  } else {
    n = sig >> shift;
    unsigned long long rem = sig & ((1ull << shift) - 1), half = 1ull << (shift - 1);
    if (rem > half || (rem == half && (n & 1))) ++n;
  }
  // n * 2^q: normalise (rounding may carry into the next binade).
  if (n >= (2ull << f.wm)) {
    n >>= 1;
    ++q;
  }
  unsigned bits;
  if (n == 0) {
    return (__hip_fp8_storage_t)zero;
  } else if (n < (1ull << f.wm)) {
    bits = (unsigned)n;  // subnormal (q == emin - wm)
  } else {
    long long be = (long long)q + f.wm + bias;
    if (be > (1 << f.we) - 1) bits = 0x80;  // beyond the format: overflow below
    else bits = (unsigned)((be << f.wm) | (long long)(n - (1ull << f.wm)));
  }
  if (bits > f.maxfin) return (__hip_fp8_storage_t)ovf;
  return (__hip_fp8_storage_t)(sign | bits);
}

__FP8_HOST_DEVICE_STATIC__ unsigned long long f64_bits(double d) {
  return __builtin_bit_cast(unsigned long long, d);
}

// fp8 to its exact value (NaN: a quiet NaN of the same sign; E5M2 infinity: infinity).
__FP8_HOST_DEVICE_STATIC__ double to_f64(__hip_fp8_storage_t x, __hip_fp8_interpretation_t interp) {
  const Fmt f = fmt(interp);
  const bool neg = x & 0x80;
  const unsigned mag = x & 0x7f;
  const int bias = f.bias;
  double r;
  if (f.fnuz ? x == 0x80 : interp == __HIP_E4M3 ? mag == 0x7f : mag > 0x7c) {
    r = __builtin_nan("");
  } else if (interp == __HIP_E5M2 && mag == 0x7c) {
    r = __builtin_inf();
  } else {
    int e = (int)(mag >> f.wm), m = (int)(mag & ((1u << f.wm) - 1));
    r = e ? __builtin_ldexp((double)(m | (1 << f.wm)), e - bias - f.wm)
          : __builtin_ldexp((double)m, 1 - bias - f.wm);
  }
  return neg ? -r : r;
}

#if HIP_FP8_CVT_FAST_PATH
// Clamp to the largest finite for __HIP_SATFINITE (NaN passes: the instruction keeps it).
static __device__ inline float sat_clamp(float v, __hip_fp8_interpretation_t interp) {
  const float mx = interp == __HIP_E4M3 ? 448.0f : 57344.0f;
  return v != v ? v : __builtin_amdgcn_fmed3f(v, mx, -mx);
}
static __device__ inline unsigned cvt_pk(float a, float b, __hip_fp8_interpretation_t interp) {
  return interp == __HIP_E4M3 ? (unsigned)__builtin_amdgcn_cvt_pk_fp8_f32(a, b, 0, false)
                              : (unsigned)__builtin_amdgcn_cvt_pk_bf8_f32(a, b, 0, false);
}
static __device__ inline float cvt_f32(__hip_fp8_storage_t x, __hip_fp8_interpretation_t interp) {
  return interp == __HIP_E4M3 ? __builtin_amdgcn_cvt_f32_fp8((int)x, 0)
                              : __builtin_amdgcn_cvt_f32_bf8((int)x, 0);
}
#endif
}  // namespace fp8
}  // namespace __hipemu

// ---- conversion functions ------------------------------------------------------------
// double: rounded once from the double (no instruction takes a double input).
__FP8_HOST_DEVICE_STATIC__ __hip_fp8_storage_t __hip_cvt_double_to_fp8(
    const double d, const __hip_saturation_t sat, const __hip_fp8_interpretation_t interp) {
  return __hipemu::fp8::from_f64_bits(__hipemu::fp8::f64_bits(d), sat == __HIP_SATFINITE, interp);
}
__FP8_HOST_DEVICE_STATIC__ __hip_fp8x2_storage_t __hip_cvt_double2_to_fp8x2(
    const double2 d2, const __hip_saturation_t sat, const __hip_fp8_interpretation_t interp) {
  return (__hip_fp8x2_storage_t)(__hip_cvt_double_to_fp8(d2.x, sat, interp) |
                                 (unsigned)__hip_cvt_double_to_fp8(d2.y, sat, interp) << 8);
}

__FP8_HOST_DEVICE_STATIC__ __hip_fp8_storage_t __hip_cvt_float_to_fp8(
    const float f, const __hip_saturation_t sat, const __hip_fp8_interpretation_t interp) {
#if HIP_FP8_CVT_FAST_PATH
  if (!__hipemu::fp8::ocp(interp))
    return __hipemu::fp8::from_f64_bits(__hipemu::fp8::f64_bits((double)f), sat == __HIP_SATFINITE,
                                        interp);
  float v = sat == __HIP_SATFINITE ? __hipemu::fp8::sat_clamp(f, interp) : f;
  return (__hip_fp8_storage_t)(__hipemu::fp8::cvt_pk(v, v, interp) & 0xff);
#else
  return __hipemu::fp8::from_f64_bits(__hipemu::fp8::f64_bits((double)f), sat == __HIP_SATFINITE,
                                      interp);
#endif
}

__FP8_HOST_DEVICE_STATIC__ __hip_fp8x2_storage_t __hip_cvt_float2_to_fp8x2(
    const float2 f2, const __hip_saturation_t sat, const __hip_fp8_interpretation_t interp) {
#if HIP_FP8_CVT_FAST_PATH
  if (!__hipemu::fp8::ocp(interp))
    return (__hip_fp8x2_storage_t)(__hip_cvt_double_to_fp8(f2.x, sat, interp) |
                                   (unsigned)__hip_cvt_double_to_fp8(f2.y, sat, interp) << 8);
  float a = f2.x, b = f2.y;
  if (sat == __HIP_SATFINITE) {
    a = __hipemu::fp8::sat_clamp(a, interp);
    b = __hipemu::fp8::sat_clamp(b, interp);
  }
  return (__hip_fp8x2_storage_t)(__hipemu::fp8::cvt_pk(a, b, interp) & 0xffff);
#else
  return (__hip_fp8x2_storage_t)(__hip_cvt_float_to_fp8(f2.x, sat, interp) |
                                 (unsigned)__hip_cvt_float_to_fp8(f2.y, sat, interp) << 8);
#endif
}

// bfloat16 and half: exact in float, then as float.
__FP8_HOST_DEVICE_STATIC__ __hip_fp8_storage_t __hip_cvt_bfloat16raw_to_fp8(
    const __hip_bfloat16_raw hr, const __hip_saturation_t sat,
    const __hip_fp8_interpretation_t interp) {
  return __hip_cvt_float_to_fp8(__builtin_bit_cast(float, (unsigned)hr.x << 16), sat, interp);
}
__FP8_HOST_DEVICE_STATIC__ __hip_fp8x2_storage_t __hip_cvt_bfloat16raw2_to_fp8x2(
    const __hip_bfloat162_raw hr, const __hip_saturation_t sat,
    const __hip_fp8_interpretation_t interp) {
  float2 f2{__builtin_bit_cast(float, (unsigned)hr.x << 16),
            __builtin_bit_cast(float, (unsigned)hr.y << 16)};
  return __hip_cvt_float2_to_fp8x2(f2, sat, interp);
}
__FP8_HOST_DEVICE_STATIC__ __hip_fp8_storage_t __hip_cvt_halfraw_to_fp8(
    const __half_raw x, const __hip_saturation_t sat, const __hip_fp8_interpretation_t interp) {
  return __hip_cvt_float_to_fp8(__half2float(__half(x)), sat, interp);
}
__FP8_HOST_DEVICE_STATIC__ __hip_fp8x2_storage_t __hip_cvt_halfraw2_to_fp8x2(
    const __half2_raw x, const __hip_saturation_t sat, const __hip_fp8_interpretation_t interp) {
  float2 f2{__half2float(__half(__half_raw{x.x})), __half2float(__half(__half_raw{x.y}))};
  return __hip_cvt_float2_to_fp8x2(f2, sat, interp);
}

// fp8 -> half: exact (every fp8 value is a binary16 value); NaN gives 0x7e00 with the sign.
__FP8_HOST_DEVICE_STATIC__ __half_raw __hip_cvt_fp8_to_halfraw(
    const __hip_fp8_storage_t x, const __hip_fp8_interpretation_t interp) {
  double v = __hipemu::fp8::to_f64(x, interp);
  unsigned short s = (x & 0x80) && __hipemu::fp8::ocp(interp) ? 0x8000 : 0;
  if (v != v) return __half_raw{(unsigned short)(s | 0x7e00)};
  return __half_raw{__half_as_ushort(__double2half(v))};
}
__FP8_HOST_DEVICE_STATIC__ __half2_raw __hip_cvt_fp8x2_to_halfraw2(
    const __hip_fp8x2_storage_t x, const __hip_fp8_interpretation_t interp) {
  __half_raw lo = __hip_cvt_fp8_to_halfraw((__hip_fp8_storage_t)(x & 0xff), interp);
  __half_raw hi = __hip_cvt_fp8_to_halfraw((__hip_fp8_storage_t)(x >> 8), interp);
  return __half2_raw{lo.x, hi.x};
}

namespace __hipemu {
namespace fp8 {
__FP8_HOST_DEVICE_STATIC__ float to_f32(__hip_fp8_storage_t x, __hip_fp8_interpretation_t interp) {
#if HIP_FP8_CVT_FAST_PATH
  if (ocp(interp)) return cvt_f32(x, interp);
  return (float)to_f64(x, interp);
#else
  return (float)to_f64(x, interp);
#endif
}
// Byte i of a packed fp8x2 / fp8x4 value to float.
__FP8_HOST_DEVICE_STATIC__ float byte_to_f32(unsigned x, unsigned i, __hip_fp8_interpretation_t interp) {
  return to_f32((__hip_fp8_storage_t)(x >> (8 * i)), interp);
}
__FP8_HOST_DEVICE_STATIC__ bool is_nan(__hip_fp8_storage_t x, __hip_fp8_interpretation_t interp) {
  return fmt(interp).fnuz ? x == 0x80 : interp == __HIP_E4M3 ? (x & 0x7f) == 0x7f : (x & 0x7f) > 0x7c;
}
// To an integer type: NaN -> 0, then the value truncated toward zero and clamped to
// [lo, hi] (the clamp also covers E5M2's infinities).
template <typename I>
__FP8_HOST_DEVICE_STATIC__ I to_int(__hip_fp8_storage_t x, __hip_fp8_interpretation_t interp,
                                    double lo, double hi) {
  if (is_nan(x, interp)) return 0;
  double v = to_f64(x, interp);
  if (v <= lo) return (I)lo;
  if (v >= hi) return (I)hi;
  return (I)v;
}
}  // namespace fp8
}  // namespace __hipemu

// ---- the types -----------------------------------------------------------------------
// One body per width (scalar, x2, x4), instantiated below for each format (ROCm's names).
// The members that name the format, as ROCm's types have them.
#define __HIPEMU_FP8_FORMAT(INTERP, WE, WM)                                        \
  static constexpr __hip_saturation_t __default_saturation = __HIP_SATFINITE;      \
  static constexpr __hip_fp8_interpretation_t __default_interpret = INTERP;        \
  static constexpr unsigned int __we = WE;                                         \
  static constexpr unsigned int __wm = WM;

#define __HIPEMU_FP8_SCALAR(NAME, INTERP, WE, WM)                                             \
  struct NAME {                                                                              \
    __hip_fp8_storage_t __x;                                                                 \
    __HIPEMU_FP8_FORMAT(INTERP, WE, WM)                                                      \
    __FP8_HOST_DEVICE__ NAME(const long int v) : NAME(static_cast<float>(v)) {}             \
    __FP8_HOST_DEVICE__ NAME(const int v) : NAME(static_cast<float>(v)) {}                  \
    __FP8_HOST_DEVICE__ NAME(const short int v) : NAME(static_cast<float>(v)) {}            \
    __FP8_HOST_DEVICE__ NAME(const unsigned long int v) : NAME(static_cast<float>(v)) {}    \
    __FP8_HOST_DEVICE__ NAME(const unsigned int v) : NAME(static_cast<float>(v)) {}         \
    __FP8_HOST_DEVICE__ NAME(const unsigned short int v) : NAME(static_cast<float>(v)) {}   \
    __FP8_HOST_DEVICE__ NAME(const double f)                                                 \
        : __x(__hip_cvt_double_to_fp8(f, __default_saturation, __default_interpret)) {}      \
    __FP8_HOST_DEVICE__ NAME(const float f)                                                  \
        : __x(__hip_cvt_float_to_fp8(f, __default_saturation, __default_interpret)) {}       \
    __FP8_HOST_DEVICE__ NAME(const __hip_bfloat16 f)                                         \
        : __x(__hip_cvt_float_to_fp8(static_cast<float>(f), __default_saturation,            \
                                     __default_interpret)) {}                                \
    __FP8_HOST_DEVICE__ NAME(const __half f)                                                 \
        : __x(__hip_cvt_halfraw_to_fp8(static_cast<__half_raw>(f), __default_saturation,     \
                                       __default_interpret)) {}                              \
    __FP8_HOST_DEVICE__ NAME() = default;                                                    \
    __FP8_HOST_DEVICE__ operator __half() const {                                            \
      return __half(__hip_cvt_fp8_to_halfraw(__x, __default_interpret));                     \
    }                                                                                        \
    __FP8_HOST_DEVICE__ operator __hip_bfloat16() const {                                    \
      return __hip_bfloat16(static_cast<float>(*this));                                      \
    }                                                                                        \
    __FP8_HOST_DEVICE__ operator bool() const { return __x != 0 && __x != 0x80; }                  \
    __FP8_HOST_DEVICE__ operator float() const {                                             \
      return __hipemu::fp8::to_f32(__x, __default_interpret);                                \
    }                                                                                        \
    __FP8_HOST_DEVICE__ operator double() const {                                            \
      return __hipemu::fp8::to_f64(__x, __default_interpret);                                \
    }                                                                                        \
    __FP8_HOST_DEVICE__ operator char() const {                                              \
      return __hipemu::fp8::to_int<char>(__x, __default_interpret, CHAR_MIN, CHAR_MAX);      \
    }                                                                                        \
    __FP8_HOST_DEVICE__ operator signed char() const {                                       \
      return __hipemu::fp8::to_int<signed char>(__x, __default_interpret, SCHAR_MIN,         \
                                                SCHAR_MAX);                                  \
    }                                                                                        \
    __FP8_HOST_DEVICE__ operator unsigned char() const {                                     \
      return __hipemu::fp8::to_int<unsigned char>(__x, __default_interpret, 0, UCHAR_MAX);   \
    }                                                                                        \
    __FP8_HOST_DEVICE__ operator short int() const {                                         \
      return __hipemu::fp8::to_int<short>(__x, __default_interpret, SHRT_MIN, SHRT_MAX);     \
    }                                                                                        \
    __FP8_HOST_DEVICE__ operator unsigned short int() const {                                \
      return __hipemu::fp8::to_int<unsigned short>(__x, __default_interpret, 0, USHRT_MAX);  \
    }                                                                                        \
    __FP8_HOST_DEVICE__ operator int() const {                                               \
      return __hipemu::fp8::to_int<int>(__x, __default_interpret, INT_MIN, INT_MAX);         \
    }                                                                                        \
    __FP8_HOST_DEVICE__ operator unsigned int() const {                                      \
      return __hipemu::fp8::to_int<unsigned int>(__x, __default_interpret, 0, UINT_MAX);     \
    }                                                                                        \
    __FP8_HOST_DEVICE__ operator long int() const {                                          \
      return __hipemu::fp8::to_int<long>(__x, __default_interpret, -9.2e18, 9.2e18);         \
    }                                                                                        \
    __FP8_HOST_DEVICE__ operator unsigned long int() const {                                 \
      return __hipemu::fp8::to_int<unsigned long>(__x, __default_interpret, 0, 1.8e19);      \
    }                                                                                        \
    __FP8_HOST_DEVICE__ operator long long int() const {                                     \
      return __hipemu::fp8::to_int<long long>(__x, __default_interpret, -9.2e18, 9.2e18);    \
    }                                                                                        \
    __FP8_HOST_DEVICE__ operator unsigned long long int() const {                            \
      return __hipemu::fp8::to_int<unsigned long long>(__x, __default_interpret, 0, 1.8e19); \
    }                                                                                        \
  };

#define __HIPEMU_FP8_X2(NAME, INTERP, WE, WM)                                                 \
  struct NAME {                                                                              \
    __hip_fp8x2_storage_t __x;                                                               \
    __HIPEMU_FP8_FORMAT(INTERP, WE, WM)                                                      \
    __FP8_HOST_DEVICE__ NAME(const double2 val)                                              \
        : __x(__hip_cvt_double2_to_fp8x2(val, __default_saturation, __default_interpret)) {} \
    __FP8_HOST_DEVICE__ NAME(const float2 val)                                               \
        : __x(__hip_cvt_float2_to_fp8x2(val, __default_saturation, __default_interpret)) {}  \
    __FP8_HOST_DEVICE__ NAME(const __hip_bfloat162 val)                                      \
        : __x(__hip_cvt_bfloat16raw2_to_fp8x2(static_cast<__hip_bfloat162_raw>(val),         \
                                              __default_saturation, __default_interpret)) {} \
    __FP8_HOST_DEVICE__ NAME(const __half2 val)                                              \
        : __x(__hip_cvt_halfraw2_to_fp8x2(static_cast<__half2_raw>(val),                     \
                                          __default_saturation, __default_interpret)) {}     \
    __FP8_HOST_DEVICE__ NAME() = default;                                                    \
    __FP8_HOST_DEVICE__ operator __half2() const {                                           \
      return __half2(__hip_cvt_fp8x2_to_halfraw2(__x, __default_interpret));                 \
    }                                                                                        \
    __FP8_HOST_DEVICE__ operator float2() const {                                            \
      return float2(__hipemu::fp8::byte_to_f32(__x, 0, __default_interpret),                \
                    __hipemu::fp8::byte_to_f32(__x, 1, __default_interpret));               \
    }                                                                                        \
  };

#define __HIPEMU_FP8_X4(NAME, X2, INTERP, WE, WM)                                             \
  struct NAME {                                                                              \
    __hip_fp8x4_storage_t __x;                                                               \
    __HIPEMU_FP8_FORMAT(INTERP, WE, WM)                                                      \
    __FP8_HOST_DEVICE__ NAME(const double4 v)                                                \
        : __x(X2(double2(v.x, v.y)).__x | (unsigned)X2(double2(v.z, v.w)).__x << 16) {}      \
    __FP8_HOST_DEVICE__ NAME(const float4 v)                                                 \
        : __x(X2(float2(v.x, v.y)).__x | (unsigned)X2(float2(v.z, v.w)).__x << 16) {}        \
    __FP8_HOST_DEVICE__ NAME(const __hip_bfloat162 low, const __hip_bfloat162 high)          \
        : __x(X2(low).__x | (unsigned)X2(high).__x << 16) {}                                 \
    __FP8_HOST_DEVICE__ NAME(const __half2 low, const __half2 high)                          \
        : __x(X2(low).__x | (unsigned)X2(high).__x << 16) {}                                 \
    __FP8_HOST_DEVICE__ NAME() = default;                                                    \
    __FP8_HOST_DEVICE__ operator float4() const {                                            \
      return float4(__hipemu::fp8::byte_to_f32(__x, 0, __default_interpret),                \
                    __hipemu::fp8::byte_to_f32(__x, 1, __default_interpret),                \
                    __hipemu::fp8::byte_to_f32(__x, 2, __default_interpret),                \
                    __hipemu::fp8::byte_to_f32(__x, 3, __default_interpret));               \
    }                                                                                        \
  };

// Each format's three types: __hip_fp8_<format>, __hip_fp8x2_<format>, __hip_fp8x4_<format>.
#define __HIPEMU_FP8_TYPES(FORMAT, INTERP, WE, WM)       \
  __HIPEMU_FP8_SCALAR(__hip_fp8_##FORMAT, INTERP, WE, WM) \
  __HIPEMU_FP8_X2(__hip_fp8x2_##FORMAT, INTERP, WE, WM)   \
  __HIPEMU_FP8_X4(__hip_fp8x4_##FORMAT, __hip_fp8x2_##FORMAT, INTERP, WE, WM)
__HIPEMU_FP8_TYPES(e4m3, __HIP_E4M3, 4, 3)
__HIPEMU_FP8_TYPES(e5m2, __HIP_E5M2, 5, 2)
__HIPEMU_FP8_TYPES(e4m3_fnuz, __HIP_E4M3_FNUZ, 4, 3)
__HIPEMU_FP8_TYPES(e5m2_fnuz, __HIP_E5M2_FNUZ, 5, 2)
#undef __HIPEMU_FP8_TYPES
#undef __HIPEMU_FP8_FORMAT
#undef __HIPEMU_FP8_SCALAR
#undef __HIPEMU_FP8_X2
#undef __HIPEMU_FP8_X4

#endif  // HIPEMU_HIP_FP8_H
