// <hip/hip_fp16.h> for the RDNA4 emulator path (hipemu): IEEE 754 binary16.
//
// Types and functions of HIP's "Half precision" device API (HIP documentation, "Math
// API / Half precision intrinsics"), usable in host code and in device code:
//   __half, __half2, __half_raw, __half2_raw
//   conversions: __float2half (round to nearest even, as __float2half_rn), __float2half_rz /
//     _rd / _ru, __half2float, __double2half, __float2half2_rn, __floats2half2_rn,
//     __float22half2_rn, __half22float2, __low2float, __high2float, integer conversions
//     __half2{int,uint,short,ushort,ll,ull}_{rn,rz,rd,ru} and __{int,uint,short,ushort,ll,ull}2half_{rn,rz,rd,ru},
//     reinterpretation __half_as_{short,ushort}, __{short,ushort}_as_half
//   moves: __halves2half2, __half2half2, __low2half, __high2half, __lows2half2,
//     __highs2half2, __low2half2, __high2half2, __lowhigh2highlow, make_half2
//   arithmetic: __hadd __hsub __hmul __hdiv __hfma __hneg __habs (+ _sat), and the __half2
//     forms __hadd2 __hsub2 __hmul2 __h2div __hfma2 __hneg2 __habs2 (+ _sat)
//   comparisons: __heq __hne __hlt __hle __hgt __hge, unordered __hequ __hneu __hltu __hleu
//     __hgtu __hgeu, __hisnan __hisinf, __hmax __hmin (a NaN operand yields the other one),
//     __hmax_nan __hmin_nan (a NaN operand yields NaN); __half2: __heq2 & co. (1.0 / 0.0 per
//     half), __hbeq2 & co. (true when both halves compare true), __hisnan2, __hmax2, __hmin2
//   math: hsqrt hrsqrt hrcp hfloor hceil htrunc hrint, h2sqrt h2floor h2ceil h2trunc h2rint
//   operators + - * / += -= *= /= unary - == != < <= > >= on __half and __half2.
// __half converts implicitly from float, double, the integer types and _Float16 and to float,
// as ROCm's __half; with __HIP_NO_HALF_CONVERSIONS__ defined those conversions are absent (as in
// ROCm: a __half then comes from a __half_raw or the functions above).
// Every operation rounds once (never contracted with a neighbouring operation into an fma), to nearest even unless its name says otherwise
// (IEEE 754-2019 4.3; _sat clamps the result to [0, 1], a NaN result becomes +0).
// In device code the arithmetic uses the GPU's f16 instructions (v_add_f16, v_pk_fma_f16,
// v_cvt_f16_f32, ...), which round to nearest even under the default MODE; in host code
// it is exact integer / binary64 arithmetic rounded once (hipemu_fp_detail.h), so both
// sides give the same bits for finite results. NaN payloads are not specified.
#ifndef HIPEMU_HIP_FP16_H
#define HIPEMU_HIP_FP16_H

#include "hip/hipemu_fp_detail.h"
#include "hip/hip_vector_types.h"

#define __HIPEMU_FP16_HD static inline __host__ __device__

// As ROCm's amd_hip_fp16.h: _Float16 counts as a floating-point type for the standard traits.
#include <type_traits>
namespace std {
template <> struct is_floating_point<_Float16> : std::true_type {};
}  // namespace std

struct __half_raw {
  unsigned short x;
};
struct __half2_raw {
  unsigned short x;
  unsigned short y;
};

namespace __hipemu {
enum { kF16Mb = 10, kF16Bias = 15 };
}

struct __half {
  unsigned short __x;  // the binary16 encoding

  __half() = default;
  __host__ __device__ constexpr __half(const __half_raw& r) : __x(r.x) {}
#if !defined(__HIP_NO_HALF_CONVERSIONS__)
  // Conversions, as ROCm's __half: absent with __HIP_NO_HALF_CONVERSIONS__ (then a __half is
  // built from a __half_raw or by the __float2half & co. functions only).
  __host__ __device__ __half(float f) : __x(__from_float(f)) {}
  __host__ __device__ __half(double d)
      : __x((unsigned short)__hipemu::from_f64_bits(__hipemu::f64_bits(d), __hipemu::kRne,
                                                    __hipemu::kF16Mb, __hipemu::kF16Bias)) {}
  __host__ __device__ __half(int v) : __x(__from_i64(v)) {}
  __host__ __device__ __half(unsigned int v) : __x(__from_i64(v)) {}
  __host__ __device__ __half(short v) : __x(__from_i64(v)) {}
  __host__ __device__ __half(unsigned short v) : __x(__from_i64(v)) {}
  __host__ __device__ __half(long long v) : __x(__from_i64(v)) {}
  __host__ __device__ __half(unsigned long long v)
      : __x((unsigned short)__hipemu::from_u64(v, __hipemu::kRne, __hipemu::kF16Mb,
                                               __hipemu::kF16Bias)) {}
#if defined(__FLT16_MAX__)
  // From _Float16, as ROCm's __half(decltype(data)): the same binary16 bits, no rounding
  // (without it, _Float16 -> __half would be ambiguous between float and double).
  __host__ __device__ constexpr __half(_Float16 f) : __x(__builtin_bit_cast(unsigned short, f)) {}
#endif
#endif  // !__HIP_NO_HALF_CONVERSIONS__

  __host__ __device__ __half& operator=(const __half_raw& r) {
    __x = r.x;
    return *this;
  }
  __host__ __device__ operator __half_raw() const { return __half_raw{__x}; }
#if !defined(__HIP_NO_HALF_CONVERSIONS__)
  __host__ __device__ operator float() const { return __to_f32(); }
#endif
  // The value as a float (exact), whatever the conversions.
  __host__ __device__ float __to_f32() const {
#if defined(__HIP_DEVICE_COMPILE__)
    return (float)__builtin_bit_cast(_Float16, __x);
#else
    return __hipemu::f32_from_bits(__hipemu::to_f32_bits(__x, __hipemu::kF16Mb,
                                                         __hipemu::kF16Bias));
#endif
  }

  static __host__ __device__ unsigned short __from_float(float f) {
#if defined(__HIP_DEVICE_COMPILE__)
    return __builtin_bit_cast(unsigned short, (_Float16)f);  // v_cvt_f16_f32 (RNE)
#else
    return (unsigned short)__hipemu::from_f32_bits(__hipemu::f32_bits(f), __hipemu::kRne,
                                                   __hipemu::kF16Mb, __hipemu::kF16Bias);
#endif
  }
  static __host__ __device__ unsigned short __from_i64(long long v) {
    return (unsigned short)__hipemu::from_i64(v, __hipemu::kRne, __hipemu::kF16Mb,
                                              __hipemu::kF16Bias);
  }
};

struct alignas(4) __half2 {
  __half x;
  __half y;

  __half2() = default;
  __host__ __device__ constexpr __half2(const __half& a, const __half& b) : x(a), y(b) {}
  __host__ __device__ constexpr __half2(const __half2_raw& r)
      : x(__half_raw{r.x}), y(__half_raw{r.y}) {}
  __host__ __device__ __half2& operator=(const __half2_raw& r) {
    x = __half_raw{r.x};
    y = __half_raw{r.y};
    return *this;
  }
  __host__ __device__ operator __half2_raw() const { return __half2_raw{x.__x, y.__x}; }
};

typedef __half half;
typedef __half2 half2;

namespace __hipemu {
__HIPEMU_FP16_HD __half mk(unsigned bits) { return __half(__half_raw{(unsigned short)bits}); }
__HIPEMU_FP16_HD double d16(__half h) { return (double)h.__to_f32(); }
// Round a binary64 value that is the exact result (or, for division and square root, a
// binary64 rounding of it: 53 >= 2*11+2 bits, so rounding twice gives the correctly
// rounded result) to f16 by mode.
__HIPEMU_FP16_HD __half r16(double d, int mode = kRne) {
  return mk(from_f64_bits(f64_bits(d), mode, kF16Mb, kF16Bias));
}
__HIPEMU_FP16_HD __half sat16(__half h) {
  float f = h.__to_f32();
  if (!(f > 0.0f)) return mk(0);  // negative, -0 and NaN -> +0
  if (f > 1.0f) return mk(0x3c00);
  return h;
}
#if defined(__HIP_DEVICE_COMPILE__)
typedef _Float16 __v2h __attribute__((ext_vector_type(2)));
static inline __device__ _Float16 nat(__half h) { return __builtin_bit_cast(_Float16, h.__x); }
static inline __device__ __half unnat(_Float16 f) { return mk(__builtin_bit_cast(unsigned short, f)); }
static inline __device__ __v2h nat2(__half2 h) { return __builtin_bit_cast(__v2h, h); }
static inline __device__ __half2 unnat2(__v2h v) { return __builtin_bit_cast(__half2, v); }
#endif
}  // namespace __hipemu

// ---- conversions ---------------------------------------------------------------------
__HIPEMU_FP16_HD __half __float2half(float f) { return __hipemu::mk(__half::__from_float(f)); }
__HIPEMU_FP16_HD __half __float2half_rn(float f) { return __hipemu::mk(__half::__from_float(f)); }
#define __HIPEMU_F2H(SUFFIX, MODE)                                                         \
  __HIPEMU_FP16_HD __half __float2half##SUFFIX(float f) {                                  \
    return __hipemu::mk(__hipemu::from_f32_bits(__hipemu::f32_bits(f), __hipemu::MODE,     \
                                                __hipemu::kF16Mb, __hipemu::kF16Bias));     \
  }
__HIPEMU_F2H(_rz, kRz)
__HIPEMU_F2H(_rd, kRd)
__HIPEMU_F2H(_ru, kRu)
#undef __HIPEMU_F2H
__HIPEMU_FP16_HD float __half2float(__half h) { return h.__to_f32(); }
__HIPEMU_FP16_HD __half __double2half(double d) {
  return __hipemu::mk(__hipemu::from_f64_bits(__hipemu::f64_bits(d), __hipemu::kRne, __hipemu::kF16Mb,
                                              __hipemu::kF16Bias));
}
__HIPEMU_FP16_HD __half2 __float2half2_rn(float f) { return __half2(__float2half(f), __float2half(f)); }
__HIPEMU_FP16_HD __half2 __floats2half2_rn(float a, float b) {
  return __half2(__float2half(a), __float2half(b));
}
__HIPEMU_FP16_HD __half2 __float22half2_rn(float2 f) { return __half2(__hipemu::mk(__half::__from_float(f.x)), __hipemu::mk(__half::__from_float(f.y))); }
__HIPEMU_FP16_HD float2 __half22float2(__half2 h) { return make_float2(h.x.__to_f32(), h.y.__to_f32()); }
__HIPEMU_FP16_HD float __low2float(__half2 h) { return h.x.__to_f32(); }
__HIPEMU_FP16_HD float __high2float(__half2 h) { return h.y.__to_f32(); }

// Integer <-> half. Half -> integer: NaN gives 0, values outside the type's range saturate.
#define __HIPEMU_H2I(NAME, T, SIGNED, BITS)                                                 \
  __HIPEMU_FP16_HD T __half2##NAME##_rn(__half h) {                                          \
    return (T)__hipemu::f32_to_int(__hipemu::f32_bits(h.__to_f32()), __hipemu::kRne, SIGNED, BITS); \
  }                                                                                          \
  __HIPEMU_FP16_HD T __half2##NAME##_rz(__half h) {                                          \
    return (T)__hipemu::f32_to_int(__hipemu::f32_bits(h.__to_f32()), __hipemu::kRz, SIGNED, BITS); \
  }                                                                                          \
  __HIPEMU_FP16_HD T __half2##NAME##_rd(__half h) {                                          \
    return (T)__hipemu::f32_to_int(__hipemu::f32_bits(h.__to_f32()), __hipemu::kRd, SIGNED, BITS); \
  }                                                                                          \
  __HIPEMU_FP16_HD T __half2##NAME##_ru(__half h) {                                          \
    return (T)__hipemu::f32_to_int(__hipemu::f32_bits(h.__to_f32()), __hipemu::kRu, SIGNED, BITS); \
  }
__HIPEMU_H2I(int, int, true, 32)
__HIPEMU_H2I(uint, unsigned int, false, 32)
__HIPEMU_H2I(short, short, true, 16)
__HIPEMU_H2I(ushort, unsigned short, false, 16)
__HIPEMU_H2I(ll, long long, true, 64)
__HIPEMU_H2I(ull, unsigned long long, false, 64)
#undef __HIPEMU_H2I

#define __HIPEMU_I2H(NAME, T, FN, CAST)                                                     \
  __HIPEMU_FP16_HD __half __##NAME##2half_rn(T v) {                                          \
    return __hipemu::mk(__hipemu::FN((CAST)v, __hipemu::kRne, __hipemu::kF16Mb, __hipemu::kF16Bias)); \
  }                                                                                          \
  __HIPEMU_FP16_HD __half __##NAME##2half_rz(T v) {                                          \
    return __hipemu::mk(__hipemu::FN((CAST)v, __hipemu::kRz, __hipemu::kF16Mb, __hipemu::kF16Bias)); \
  }                                                                                          \
  __HIPEMU_FP16_HD __half __##NAME##2half_rd(T v) {                                          \
    return __hipemu::mk(__hipemu::FN((CAST)v, __hipemu::kRd, __hipemu::kF16Mb, __hipemu::kF16Bias)); \
  }                                                                                          \
  __HIPEMU_FP16_HD __half __##NAME##2half_ru(T v) {                                          \
    return __hipemu::mk(__hipemu::FN((CAST)v, __hipemu::kRu, __hipemu::kF16Mb, __hipemu::kF16Bias)); \
  }
__HIPEMU_I2H(int, int, from_i64, long long)
__HIPEMU_I2H(uint, unsigned int, from_u64, unsigned long long)
__HIPEMU_I2H(short, short, from_i64, long long)
__HIPEMU_I2H(ushort, unsigned short, from_u64, unsigned long long)
__HIPEMU_I2H(ll, long long, from_i64, long long)
__HIPEMU_I2H(ull, unsigned long long, from_u64, unsigned long long)
#undef __HIPEMU_I2H

__HIPEMU_FP16_HD short __half_as_short(__half h) { return (short)h.__x; }
__HIPEMU_FP16_HD unsigned short __half_as_ushort(__half h) { return h.__x; }
__HIPEMU_FP16_HD __half __short_as_half(short s) { return __hipemu::mk((unsigned short)s); }
__HIPEMU_FP16_HD __half __ushort_as_half(unsigned short s) { return __hipemu::mk(s); }

// ---- moves ----------------------------------------------------------------------------
__HIPEMU_FP16_HD __half2 __halves2half2(__half a, __half b) { return __half2(a, b); }
__HIPEMU_FP16_HD __half2 make_half2(__half a, __half b) { return __half2(a, b); }
__HIPEMU_FP16_HD __half2 __half2half2(__half a) { return __half2(a, a); }
__HIPEMU_FP16_HD __half __low2half(__half2 h) { return h.x; }
__HIPEMU_FP16_HD __half __high2half(__half2 h) { return h.y; }
__HIPEMU_FP16_HD __half2 __lows2half2(__half2 a, __half2 b) { return __half2(a.x, b.x); }
__HIPEMU_FP16_HD __half2 __highs2half2(__half2 a, __half2 b) { return __half2(a.y, b.y); }
__HIPEMU_FP16_HD __half2 __low2half2(__half2 a) { return __half2(a.x, a.x); }
__HIPEMU_FP16_HD __half2 __high2half2(__half2 a) { return __half2(a.y, a.y); }
__HIPEMU_FP16_HD __half2 __lowhigh2highlow(__half2 a) { return __half2(a.y, a.x); }

// ---- arithmetic -----------------------------------------------------------------------
__HIPEMU_FP16_HD __half __hadd(__half a, __half b) {
#if defined(__HIP_DEVICE_COMPILE__)
  _Pragma("clang fp contract(off)")  // rounds on its own: never fused with its neighbours
  return __hipemu::unnat(__hipemu::nat(a) + __hipemu::nat(b));
#else
  return __hipemu::r16(__hipemu::d16(a) + __hipemu::d16(b));  // exact in binary64
#endif
}
__HIPEMU_FP16_HD __half __hsub(__half a, __half b) {
#if defined(__HIP_DEVICE_COMPILE__)
  _Pragma("clang fp contract(off)")  // rounds on its own: never fused with its neighbours
  return __hipemu::unnat(__hipemu::nat(a) - __hipemu::nat(b));
#else
  return __hipemu::r16(__hipemu::d16(a) - __hipemu::d16(b));
#endif
}
__HIPEMU_FP16_HD __half __hmul(__half a, __half b) {
#if defined(__HIP_DEVICE_COMPILE__)
  _Pragma("clang fp contract(off)")  // rounds on its own: never fused with its neighbours
  return __hipemu::unnat(__hipemu::nat(a) * __hipemu::nat(b));
#else
  return __hipemu::r16(__hipemu::d16(a) * __hipemu::d16(b));
#endif
}
__HIPEMU_FP16_HD __half __hdiv(__half a, __half b) {
#if defined(__HIP_DEVICE_COMPILE__)
  _Pragma("clang fp contract(off)")  // rounds on its own: never fused with its neighbours
  return __hipemu::unnat(__hipemu::nat(a) / __hipemu::nat(b));
#else
  return __hipemu::r16(__hipemu::d16(a) / __hipemu::d16(b));
#endif
}
__HIPEMU_FP16_HD __half __hfma(__half a, __half b, __half c) {
#if defined(__HIP_DEVICE_COMPILE__)
  return __hipemu::unnat(__builtin_fmaf16(__hipemu::nat(a), __hipemu::nat(b), __hipemu::nat(c)));
#else
  return __hipemu::mk(__hipemu::fma_round(__hipemu::d16(a), __hipemu::d16(b), __hipemu::d16(c),
                                          __hipemu::kRne, __hipemu::kF16Mb, __hipemu::kF16Bias));
#endif
}
__HIPEMU_FP16_HD __half __hneg(__half a) { return __hipemu::mk(a.__x ^ 0x8000u); }
__HIPEMU_FP16_HD __half __habs(__half a) { return __hipemu::mk(a.__x & 0x7fffu); }
__HIPEMU_FP16_HD __half __hadd_sat(__half a, __half b) { return __hipemu::sat16(__hadd(a, b)); }
__HIPEMU_FP16_HD __half __hsub_sat(__half a, __half b) { return __hipemu::sat16(__hsub(a, b)); }
__HIPEMU_FP16_HD __half __hmul_sat(__half a, __half b) { return __hipemu::sat16(__hmul(a, b)); }
__HIPEMU_FP16_HD __half __hfma_sat(__half a, __half b, __half c) {
  return __hipemu::sat16(__hfma(a, b, c));
}

#if defined(__HIP_DEVICE_COMPILE__)
#define __HIPEMU_H2OP(NAME, EXPR)                                                  \
  __HIPEMU_FP16_HD __half2 NAME(__half2 a, __half2 b) {                            \
    _Pragma("clang fp contract(off)")                                              \
    __hipemu::__v2h A = __hipemu::nat2(a), B = __hipemu::nat2(b);                  \
    return __hipemu::unnat2(EXPR);                                                 \
  }
__HIPEMU_H2OP(__hadd2, A + B)
__HIPEMU_H2OP(__hsub2, A - B)
__HIPEMU_H2OP(__hmul2, A * B)
__HIPEMU_H2OP(__h2div, A / B)
#undef __HIPEMU_H2OP
__HIPEMU_FP16_HD __half2 __hfma2(__half2 a, __half2 b, __half2 c) {
  return __hipemu::unnat2(__builtin_elementwise_fma(__hipemu::nat2(a), __hipemu::nat2(b),
                                                    __hipemu::nat2(c)));
}
#else
__HIPEMU_FP16_HD __half2 __hadd2(__half2 a, __half2 b) { return __half2(__hadd(a.x, b.x), __hadd(a.y, b.y)); }
__HIPEMU_FP16_HD __half2 __hsub2(__half2 a, __half2 b) { return __half2(__hsub(a.x, b.x), __hsub(a.y, b.y)); }
__HIPEMU_FP16_HD __half2 __hmul2(__half2 a, __half2 b) { return __half2(__hmul(a.x, b.x), __hmul(a.y, b.y)); }
__HIPEMU_FP16_HD __half2 __h2div(__half2 a, __half2 b) { return __half2(__hdiv(a.x, b.x), __hdiv(a.y, b.y)); }
__HIPEMU_FP16_HD __half2 __hfma2(__half2 a, __half2 b, __half2 c) {
  return __half2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}
#endif
__HIPEMU_FP16_HD __half2 __hneg2(__half2 a) { return __half2(__hneg(a.x), __hneg(a.y)); }
__HIPEMU_FP16_HD __half2 __habs2(__half2 a) { return __half2(__habs(a.x), __habs(a.y)); }
__HIPEMU_FP16_HD __half2 __hadd2_sat(__half2 a, __half2 b) {
  __half2 r = __hadd2(a, b);
  return __half2(__hipemu::sat16(r.x), __hipemu::sat16(r.y));
}
__HIPEMU_FP16_HD __half2 __hsub2_sat(__half2 a, __half2 b) {
  __half2 r = __hsub2(a, b);
  return __half2(__hipemu::sat16(r.x), __hipemu::sat16(r.y));
}
__HIPEMU_FP16_HD __half2 __hmul2_sat(__half2 a, __half2 b) {
  __half2 r = __hmul2(a, b);
  return __half2(__hipemu::sat16(r.x), __hipemu::sat16(r.y));
}
__HIPEMU_FP16_HD __half2 __hfma2_sat(__half2 a, __half2 b, __half2 c) {
  __half2 r = __hfma2(a, b, c);
  return __half2(__hipemu::sat16(r.x), __hipemu::sat16(r.y));
}

// ---- comparisons (through float: exact) -------------------------------------------------
__HIPEMU_FP16_HD bool __hisnan(__half a) { return (a.__x & 0x7fffu) > 0x7c00u; }
__HIPEMU_FP16_HD bool __hisinf(__half a) { return (a.__x & 0x7fffu) == 0x7c00u; }
#define __HIPEMU_HCMP(NAME, OP, UNORD)                                                     \
  __HIPEMU_FP16_HD bool NAME(__half a, __half b) {                                         \
    if (__hisnan(a) || __hisnan(b)) return UNORD;                                          \
    return a.__to_f32() OP b.__to_f32();                                                           \
  }                                                                                        \
  __HIPEMU_FP16_HD __half2 NAME##2(__half2 a, __half2 b) {                                 \
    return __half2(__hipemu::mk(NAME(a.x, b.x) ? 0x3c00u : 0u),                            \
                   __hipemu::mk(NAME(a.y, b.y) ? 0x3c00u : 0u));                           \
  }
__HIPEMU_FOR_EACH_CMP(__HIPEMU_HCMP)
#undef __HIPEMU_HCMP
#define __HIPEMU_HBCMP(NAME, BASE)                                                          \
  __HIPEMU_FP16_HD bool NAME(__half2 a, __half2 b) { return BASE(a.x, b.x) && BASE(a.y, b.y); }
__HIPEMU_FOR_EACH_CMP2(__HIPEMU_HBCMP)
#undef __HIPEMU_HBCMP
__HIPEMU_FP16_HD __half2 __hisnan2(__half2 a) {
  return __half2(__hipemu::mk(__hisnan(a.x) ? 0x3c00u : 0u),
                 __hipemu::mk(__hisnan(a.y) ? 0x3c00u : 0u));
}

// max/min: a NaN operand yields the other operand (both NaN: the canonical NaN 0x7fff);
// +0 counts as greater than -0.
__HIPEMU_FP16_HD __half __hmax(__half a, __half b) {
  if (__hisnan(a) && __hisnan(b)) return __hipemu::mk(0x7fffu);
  if (__hisnan(a)) return b;
  if (__hisnan(b)) return a;
  if (a.__to_f32() == b.__to_f32()) return (a.__x & 0x8000u) ? b : a;
  return a.__to_f32() > b.__to_f32() ? a : b;
}
__HIPEMU_FP16_HD __half __hmin(__half a, __half b) {
  if (__hisnan(a) && __hisnan(b)) return __hipemu::mk(0x7fffu);
  if (__hisnan(a)) return b;
  if (__hisnan(b)) return a;
  if (a.__to_f32() == b.__to_f32()) return (a.__x & 0x8000u) ? a : b;
  return a.__to_f32() < b.__to_f32() ? a : b;
}
__HIPEMU_FP16_HD __half __hmax_nan(__half a, __half b) {
  if (__hisnan(a) || __hisnan(b)) return __hipemu::mk(0x7fffu);
  return __hmax(a, b);
}
__HIPEMU_FP16_HD __half __hmin_nan(__half a, __half b) {
  if (__hisnan(a) || __hisnan(b)) return __hipemu::mk(0x7fffu);
  return __hmin(a, b);
}
__HIPEMU_FP16_HD __half2 __hmax2(__half2 a, __half2 b) { return __half2(__hmax(a.x, b.x), __hmax(a.y, b.y)); }
__HIPEMU_FP16_HD __half2 __hmin2(__half2 a, __half2 b) { return __half2(__hmin(a.x, b.x), __hmin(a.y, b.y)); }

// ---- math (through binary64: correctly rounded for these) --------------------------------
__HIPEMU_FP16_HD __half hsqrt(__half a) { return __hipemu::r16(__builtin_sqrt(__hipemu::d16(a))); }
__HIPEMU_FP16_HD __half hrsqrt(__half a) {
  return __hipemu::r16(1.0 / __builtin_sqrt(__hipemu::d16(a)));
}
__HIPEMU_FP16_HD __half hrcp(__half a) { return __hipemu::r16(1.0 / __hipemu::d16(a)); }
__HIPEMU_FP16_HD __half hfloor(__half a) { return __hipemu::r16(__builtin_floor(__hipemu::d16(a))); }
__HIPEMU_FP16_HD __half hceil(__half a) { return __hipemu::r16(__builtin_ceil(__hipemu::d16(a))); }
__HIPEMU_FP16_HD __half htrunc(__half a) { return __hipemu::r16(__builtin_trunc(__hipemu::d16(a))); }
__HIPEMU_FP16_HD __half hrint(__half a) { return __hipemu::r16(__builtin_rint(__hipemu::d16(a))); }
__HIPEMU_FP16_HD __half2 h2sqrt(__half2 a) { return __half2(hsqrt(a.x), hsqrt(a.y)); }
__HIPEMU_FP16_HD __half2 h2floor(__half2 a) { return __half2(hfloor(a.x), hfloor(a.y)); }
__HIPEMU_FP16_HD __half2 h2ceil(__half2 a) { return __half2(hceil(a.x), hceil(a.y)); }
__HIPEMU_FP16_HD __half2 h2trunc(__half2 a) { return __half2(htrunc(a.x), htrunc(a.y)); }
__HIPEMU_FP16_HD __half2 h2rint(__half2 a) { return __half2(hrint(a.x), hrint(a.y)); }

// ---- operators ----------------------------------------------------------------------------
__HIPEMU_FP16_HD __half operator+(__half a, __half b) { return __hadd(a, b); }
__HIPEMU_FP16_HD __half operator-(__half a, __half b) { return __hsub(a, b); }
__HIPEMU_FP16_HD __half operator*(__half a, __half b) { return __hmul(a, b); }
__HIPEMU_FP16_HD __half operator/(__half a, __half b) { return __hdiv(a, b); }
__HIPEMU_FP16_HD __half operator-(__half a) { return __hneg(a); }
__HIPEMU_FP16_HD __half operator+(__half a) { return a; }
__HIPEMU_FP16_HD __half& operator+=(__half& a, __half b) { return a = __hadd(a, b); }
__HIPEMU_FP16_HD __half& operator-=(__half& a, __half b) { return a = __hsub(a, b); }
__HIPEMU_FP16_HD __half& operator*=(__half& a, __half b) { return a = __hmul(a, b); }
__HIPEMU_FP16_HD __half& operator/=(__half& a, __half b) { return a = __hdiv(a, b); }
__HIPEMU_FP16_HD bool operator==(__half a, __half b) { return __heq(a, b); }
__HIPEMU_FP16_HD bool operator!=(__half a, __half b) { return __hneu(a, b); }
__HIPEMU_FP16_HD bool operator<(__half a, __half b) { return __hlt(a, b); }
__HIPEMU_FP16_HD bool operator<=(__half a, __half b) { return __hle(a, b); }
__HIPEMU_FP16_HD bool operator>(__half a, __half b) { return __hgt(a, b); }
__HIPEMU_FP16_HD bool operator>=(__half a, __half b) { return __hge(a, b); }
__HIPEMU_FP16_HD __half2 operator+(__half2 a, __half2 b) { return __hadd2(a, b); }
__HIPEMU_FP16_HD __half2 operator-(__half2 a, __half2 b) { return __hsub2(a, b); }
__HIPEMU_FP16_HD __half2 operator*(__half2 a, __half2 b) { return __hmul2(a, b); }
__HIPEMU_FP16_HD __half2 operator/(__half2 a, __half2 b) { return __h2div(a, b); }
__HIPEMU_FP16_HD __half2 operator-(__half2 a) { return __hneg2(a); }
__HIPEMU_FP16_HD __half2& operator+=(__half2& a, __half2 b) { return a = __hadd2(a, b); }
__HIPEMU_FP16_HD __half2& operator-=(__half2& a, __half2 b) { return a = __hsub2(a, b); }
__HIPEMU_FP16_HD __half2& operator*=(__half2& a, __half2 b) { return a = __hmul2(a, b); }
__HIPEMU_FP16_HD __half2& operator/=(__half2& a, __half2 b) { return a = __h2div(a, b); }
__HIPEMU_FP16_HD bool operator==(__half2 a, __half2 b) { return __hbeq2(a, b); }
__HIPEMU_FP16_HD bool operator!=(__half2 a, __half2 b) { return __hbneu2(a, b); }

#undef __HIPEMU_FP16_HD
#endif  // HIPEMU_HIP_FP16_H
