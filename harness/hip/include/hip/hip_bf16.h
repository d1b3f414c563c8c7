// <hip/hip_bf16.h> for the RDNA4 emulator path (hipemu): bfloat16 (8 exponent bits,
// 7 stored significand bits, exponent bias 127: the upper half of a binary32).
//
// Types and functions of HIP's bfloat16 device API (HIP documentation, "Math API /
// Bfloat16 precision intrinsics"), usable in host code and in device code:
//   __hip_bfloat16, __hip_bfloat162 (members x, y), __hip_bfloat16_raw, __hip_bfloat162_raw
//   conversions: __float2bfloat16 (round to nearest even, as __float2bfloat16_rn),
//     __float2bfloat16_rz / _rd / _ru, __bfloat162float (exact), __double2bfloat16,
//     __float22bfloat162_rn, __floats2bfloat162_rn, __float2bfloat162_rn, __bfloat1622float2,
//     __low2float, __high2float, __bfloat16_as_{short,ushort}, __{short,ushort}_as_bfloat16,
//     __bfloat162{int,short,uint,ushort,ll,ull}_{rn,rz,rd,ru}, __{int,short,uint,ushort,ll,ull}2bfloat16_{rn,rz,rd,ru}
//   moves: __halves2bfloat162, __bfloat162bfloat162, __low2bfloat16, __high2bfloat16,
//     __lows2bfloat162, __highs2bfloat162, __low2bfloat162, __high2bfloat162,
//     __lowhigh2highlow, make_bfloat162
//   arithmetic (overloads of the __half names): __hadd __hsub __hmul __hdiv __hfma __hneg
//     __habs, __hadd2 __hsub2 __hmul2 __h2div __hfma2 __hneg2 __habs2
//   comparisons: __heq __hne __hlt __hle __hgt __hge, __hequ & co., __hisnan __hisinf,
//     __hmax __hmin __hmax_nan __hmin_nan, __heq2 & co., __hbeq2 & co., __hmax2 __hmin2
//   operators + - * / += -= *= /= unary - and comparisons.
// Every operation is computed exactly (or in binary32 / binary64 where rounding twice is
// provably harmless: 24 >= 2*8+2) and rounded once to nearest even (IEEE 754-2019 4.3);
// host and device run the same integer rounding code, so they give the same bits.
// A NaN result is quiet; payload bits are not specified.
#ifndef HIPEMU_HIP_BF16_H
#define HIPEMU_HIP_BF16_H

#include "hip/hipemu_fp_detail.h"
#include "hip/hip_vector_types.h"

#define __HIPEMU_BF_HD static inline __host__ __device__

struct __hip_bfloat16_raw {
  unsigned short x;
};
struct __hip_bfloat162_raw {
  unsigned short x;
  unsigned short y;
};

namespace __hipemu {
enum { kBfMb = 7, kBfBias = 127 };
}

struct __hip_bfloat16 {
  unsigned short data;  // the bfloat16 encoding

  __hip_bfloat16() = default;
  __host__ __device__ constexpr __hip_bfloat16(const __hip_bfloat16_raw& r) : data(r.x) {}
  __host__ __device__ __hip_bfloat16(float f)
      : data((unsigned short)__hipemu::from_f32_bits(__hipemu::f32_bits(f), __hipemu::kRne,
                                                     __hipemu::kBfMb, __hipemu::kBfBias)) {}
  __host__ __device__ __hip_bfloat16(double d)
      : data((unsigned short)__hipemu::from_f64_bits(__hipemu::f64_bits(d), __hipemu::kRne,
                                                     __hipemu::kBfMb, __hipemu::kBfBias)) {}
  __host__ __device__ __hip_bfloat16(int v)
      : data((unsigned short)__hipemu::from_i64(v, __hipemu::kRne, __hipemu::kBfMb,
                                                __hipemu::kBfBias)) {}
  // The other integer constructors of ROCm's __hip_bfloat16 (amd_hip_bf16.h); like ROCm's, it
  // has none from _Float16 (that conversion is ambiguous: go through float).
  __host__ __device__ __hip_bfloat16(unsigned int v)
      : data((unsigned short)__hipemu::from_u64(v, __hipemu::kRne, __hipemu::kBfMb,
                                                __hipemu::kBfBias)) {}
  __host__ __device__ __hip_bfloat16(short v) : __hip_bfloat16((int)v) {}
  __host__ __device__ __hip_bfloat16(unsigned short v) : __hip_bfloat16((int)v) {}
  __host__ __device__ __hip_bfloat16& operator=(const __hip_bfloat16_raw& r) {
    data = r.x;
    return *this;
  }
  __host__ __device__ operator __hip_bfloat16_raw() const { return __hip_bfloat16_raw{data}; }
  __host__ __device__ operator float() const {
    return __hipemu::f32_from_bits((unsigned)data << 16);  // exact: the upper half of binary32
  }
};

struct alignas(4) __hip_bfloat162 {
  __hip_bfloat16 x;
  __hip_bfloat16 y;

  __hip_bfloat162() = default;
  __host__ __device__ constexpr __hip_bfloat162(const __hip_bfloat16& a, const __hip_bfloat16& b)
      : x(a), y(b) {}
  __host__ __device__ constexpr __hip_bfloat162(const __hip_bfloat162_raw& r)
      : x(__hip_bfloat16_raw{r.x}), y(__hip_bfloat16_raw{r.y}) {}
  __host__ __device__ operator __hip_bfloat162_raw() const {
    return __hip_bfloat162_raw{x.data, y.data};
  }
};

namespace __hipemu {
__HIPEMU_BF_HD __hip_bfloat16 mkbf(unsigned bits) {
  return __hip_bfloat16(__hip_bfloat16_raw{(unsigned short)bits});
}
__HIPEMU_BF_HD __hip_bfloat16 rbf(double d) {
  return mkbf(from_f64_bits(f64_bits(d), kRne, kBfMb, kBfBias));
}
__HIPEMU_BF_HD double dbf(__hip_bfloat16 h) { return (double)(float)h; }
}  // namespace __hipemu

// ---- conversions ---------------------------------------------------------------------
__HIPEMU_BF_HD __hip_bfloat16 __float2bfloat16(float f) { return __hip_bfloat16(f); }
__HIPEMU_BF_HD __hip_bfloat16 __float2bfloat16_rn(float f) { return __hip_bfloat16(f); }
#define __HIPEMU_F2B(SUFFIX, MODE)                                                         \
  __HIPEMU_BF_HD __hip_bfloat16 __float2bfloat16##SUFFIX(float f) {                        \
    return __hipemu::mkbf(__hipemu::from_f32_bits(__hipemu::f32_bits(f), __hipemu::MODE,   \
                                                  __hipemu::kBfMb, __hipemu::kBfBias));     \
  }
__HIPEMU_F2B(_rz, kRz)
__HIPEMU_F2B(_rd, kRd)
__HIPEMU_F2B(_ru, kRu)
#undef __HIPEMU_F2B
__HIPEMU_BF_HD float __bfloat162float(__hip_bfloat16 h) { return (float)h; }
__HIPEMU_BF_HD __hip_bfloat16 __double2bfloat16(double d) { return __hip_bfloat16(d); }
__HIPEMU_BF_HD __hip_bfloat162 __float2bfloat162_rn(float f) {
  return __hip_bfloat162(__hip_bfloat16(f), __hip_bfloat16(f));
}
__HIPEMU_BF_HD __hip_bfloat162 __floats2bfloat162_rn(float a, float b) {
  return __hip_bfloat162(__hip_bfloat16(a), __hip_bfloat16(b));
}
__HIPEMU_BF_HD __hip_bfloat162 __float22bfloat162_rn(float2 f) {
  return __hip_bfloat162(__hip_bfloat16(f.x), __hip_bfloat16(f.y));
}
__HIPEMU_BF_HD float2 __bfloat1622float2(__hip_bfloat162 h) {
  return make_float2((float)h.x, (float)h.y);
}
__HIPEMU_BF_HD float __low2float(__hip_bfloat162 h) { return (float)h.x; }
__HIPEMU_BF_HD float __high2float(__hip_bfloat162 h) { return (float)h.y; }
__HIPEMU_BF_HD short __bfloat16_as_short(__hip_bfloat16 h) { return (short)h.data; }
__HIPEMU_BF_HD unsigned short __bfloat16_as_ushort(__hip_bfloat16 h) { return h.data; }
__HIPEMU_BF_HD __hip_bfloat16 __short_as_bfloat16(short s) { return __hipemu::mkbf((unsigned short)s); }
__HIPEMU_BF_HD __hip_bfloat16 __ushort_as_bfloat16(unsigned short s) { return __hipemu::mkbf(s); }

#define __HIPEMU_B2I(NAME, T, SIGNED, BITS, SUF, MODE)                                      \
  __HIPEMU_BF_HD T __bfloat162##NAME##SUF(__hip_bfloat16 h) {                                 \
    return (T)__hipemu::f32_to_int(__hipemu::f32_bits((float)h), __hipemu::MODE, SIGNED, BITS); \
  }
#define __HIPEMU_I2B(NAME, T, FN, CAST, SUF, MODE)                                          \
  __HIPEMU_BF_HD __hip_bfloat16 __##NAME##2bfloat16##SUF(T v) {                               \
    return __hipemu::mkbf(__hipemu::FN((CAST)v, __hipemu::MODE, __hipemu::kBfMb, __hipemu::kBfBias)); \
  }
#define __HIPEMU_BF_INT(NAME, T, SIGNED, BITS, FN, CAST)                                     \
  __HIPEMU_B2I(NAME, T, SIGNED, BITS, _rn, kRne) __HIPEMU_B2I(NAME, T, SIGNED, BITS, _rz, kRz) \
  __HIPEMU_B2I(NAME, T, SIGNED, BITS, _rd, kRd) __HIPEMU_B2I(NAME, T, SIGNED, BITS, _ru, kRu)  \
  __HIPEMU_I2B(NAME, T, FN, CAST, _rn, kRne) __HIPEMU_I2B(NAME, T, FN, CAST, _rz, kRz)        \
  __HIPEMU_I2B(NAME, T, FN, CAST, _rd, kRd) __HIPEMU_I2B(NAME, T, FN, CAST, _ru, kRu)
__HIPEMU_BF_INT(int, int, true, 32, from_i64, long long)
__HIPEMU_BF_INT(uint, unsigned int, false, 32, from_u64, unsigned long long)
__HIPEMU_BF_INT(short, short, true, 16, from_i64, long long)
__HIPEMU_BF_INT(ushort, unsigned short, false, 16, from_u64, unsigned long long)
__HIPEMU_BF_INT(ll, long long, true, 64, from_i64, long long)
__HIPEMU_BF_INT(ull, unsigned long long, false, 64, from_u64, unsigned long long)
#undef __HIPEMU_BF_INT
#undef __HIPEMU_I2B
#undef __HIPEMU_B2I

// ---- moves ----------------------------------------------------------------------------
__HIPEMU_BF_HD __hip_bfloat162 __halves2bfloat162(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hip_bfloat162(a, b);
}
__HIPEMU_BF_HD __hip_bfloat162 make_bfloat162(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hip_bfloat162(a, b);
}
__HIPEMU_BF_HD __hip_bfloat162 __bfloat162bfloat162(__hip_bfloat16 a) {
  return __hip_bfloat162(a, a);
}
__HIPEMU_BF_HD __hip_bfloat16 __low2bfloat16(__hip_bfloat162 h) { return h.x; }
__HIPEMU_BF_HD __hip_bfloat16 __high2bfloat16(__hip_bfloat162 h) { return h.y; }
__HIPEMU_BF_HD __hip_bfloat162 __lows2bfloat162(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __hip_bfloat162(a.x, b.x);
}
__HIPEMU_BF_HD __hip_bfloat162 __highs2bfloat162(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __hip_bfloat162(a.y, b.y);
}
__HIPEMU_BF_HD __hip_bfloat162 __low2bfloat162(__hip_bfloat162 a) { return __hip_bfloat162(a.x, a.x); }
__HIPEMU_BF_HD __hip_bfloat162 __high2bfloat162(__hip_bfloat162 a) { return __hip_bfloat162(a.y, a.y); }
__HIPEMU_BF_HD __hip_bfloat162 __lowhigh2highlow(__hip_bfloat162 a) { return __hip_bfloat162(a.y, a.x); }

// ---- arithmetic -------------------------------------------------------------------------
// Sums, differences and products of two bfloat16 values are exact in binary64 (at most
// 8+8 significant bits for a product; exponents within binary64's range), quotients are
// rounded twice harmlessly (53 >= 2*8+2), fma uses the exact product and a TwoSum.
__HIPEMU_BF_HD __hip_bfloat16 __hadd(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hipemu::rbf(__hipemu::dbf(a) + __hipemu::dbf(b));
}
__HIPEMU_BF_HD __hip_bfloat16 __hsub(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hipemu::rbf(__hipemu::dbf(a) - __hipemu::dbf(b));
}
__HIPEMU_BF_HD __hip_bfloat16 __hmul(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hipemu::rbf(__hipemu::dbf(a) * __hipemu::dbf(b));
}
__HIPEMU_BF_HD __hip_bfloat16 __hdiv(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hipemu::rbf(__hipemu::dbf(a) / __hipemu::dbf(b));
}
__HIPEMU_BF_HD __hip_bfloat16 __hfma(__hip_bfloat16 a, __hip_bfloat16 b, __hip_bfloat16 c) {
  return __hipemu::mkbf(__hipemu::fma_round(__hipemu::dbf(a), __hipemu::dbf(b), __hipemu::dbf(c),
                                            __hipemu::kRne, __hipemu::kBfMb, __hipemu::kBfBias));
}
__HIPEMU_BF_HD __hip_bfloat16 __hneg(__hip_bfloat16 a) { return __hipemu::mkbf(a.data ^ 0x8000u); }
__HIPEMU_BF_HD __hip_bfloat16 __habs(__hip_bfloat16 a) { return __hipemu::mkbf(a.data & 0x7fffu); }
#define __HIPEMU_BF2(NAME, BASE)                                                             \
  __HIPEMU_BF_HD __hip_bfloat162 NAME(__hip_bfloat162 a, __hip_bfloat162 b) {                \
    return __hip_bfloat162(BASE(a.x, b.x), BASE(a.y, b.y));                                  \
  }
__HIPEMU_BF2(__hadd2, __hadd)
__HIPEMU_BF2(__hsub2, __hsub)
__HIPEMU_BF2(__hmul2, __hmul)
__HIPEMU_BF2(__h2div, __hdiv)
__HIPEMU_BF_HD __hip_bfloat162 __hfma2(__hip_bfloat162 a, __hip_bfloat162 b, __hip_bfloat162 c) {
  return __hip_bfloat162(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}
__HIPEMU_BF_HD __hip_bfloat162 __hneg2(__hip_bfloat162 a) { return __hip_bfloat162(__hneg(a.x), __hneg(a.y)); }
__HIPEMU_BF_HD __hip_bfloat162 __habs2(__hip_bfloat162 a) { return __hip_bfloat162(__habs(a.x), __habs(a.y)); }

// ---- comparisons ----------------------------------------------------------------------
__HIPEMU_BF_HD bool __hisnan(__hip_bfloat16 a) { return (a.data & 0x7fffu) > 0x7f80u; }
__HIPEMU_BF_HD bool __hisinf(__hip_bfloat16 a) { return (a.data & 0x7fffu) == 0x7f80u; }
#define __HIPEMU_BCMP(NAME, OP, UNORD)                                                      \
  __HIPEMU_BF_HD bool NAME(__hip_bfloat16 a, __hip_bfloat16 b) {                            \
    if (__hisnan(a) || __hisnan(b)) return UNORD;                                           \
    return (float)a OP (float)b;                                                            \
  }                                                                                         \
  __HIPEMU_BF_HD __hip_bfloat162 NAME##2(__hip_bfloat162 a, __hip_bfloat162 b) {            \
    return __hip_bfloat162(__hipemu::mkbf(NAME(a.x, b.x) ? 0x3f80u : 0u),                   \
                           __hipemu::mkbf(NAME(a.y, b.y) ? 0x3f80u : 0u));                  \
  }
__HIPEMU_FOR_EACH_CMP(__HIPEMU_BCMP)
#undef __HIPEMU_BCMP
#define __HIPEMU_BBCMP(NAME, BASE)                                                          \
  __HIPEMU_BF_HD bool NAME(__hip_bfloat162 a, __hip_bfloat162 b) {                          \
    return BASE(a.x, b.x) && BASE(a.y, b.y);                                                \
  }
__HIPEMU_FOR_EACH_CMP2(__HIPEMU_BBCMP)
#undef __HIPEMU_BBCMP
// max/min: a NaN operand yields the other one (both NaN: the canonical NaN 0x7fff); +0 > -0.
__HIPEMU_BF_HD __hip_bfloat16 __hmax(__hip_bfloat16 a, __hip_bfloat16 b) {
  if (__hisnan(a) && __hisnan(b)) return __hipemu::mkbf(0x7fffu);
  if (__hisnan(a)) return b;
  if (__hisnan(b)) return a;
  if ((float)a == (float)b) return (a.data & 0x8000u) ? b : a;
  return (float)a > (float)b ? a : b;
}
__HIPEMU_BF_HD __hip_bfloat16 __hmin(__hip_bfloat16 a, __hip_bfloat16 b) {
  if (__hisnan(a) && __hisnan(b)) return __hipemu::mkbf(0x7fffu);
  if (__hisnan(a)) return b;
  if (__hisnan(b)) return a;
  if ((float)a == (float)b) return (a.data & 0x8000u) ? a : b;
  return (float)a < (float)b ? a : b;
}
__HIPEMU_BF_HD __hip_bfloat16 __hmax_nan(__hip_bfloat16 a, __hip_bfloat16 b) {
  if (__hisnan(a) || __hisnan(b)) return __hipemu::mkbf(0x7fffu);
  return __hmax(a, b);
}
__HIPEMU_BF_HD __hip_bfloat16 __hmin_nan(__hip_bfloat16 a, __hip_bfloat16 b) {
  if (__hisnan(a) || __hisnan(b)) return __hipemu::mkbf(0x7fffu);
  return __hmin(a, b);
}
__HIPEMU_BF2(__hmax2, __hmax)
__HIPEMU_BF2(__hmin2, __hmin)
#undef __HIPEMU_BF2

// ---- operators --------------------------------------------------------------------------
__HIPEMU_BF_HD __hip_bfloat16 operator+(__hip_bfloat16 a, __hip_bfloat16 b) { return __hadd(a, b); }
__HIPEMU_BF_HD __hip_bfloat16 operator-(__hip_bfloat16 a, __hip_bfloat16 b) { return __hsub(a, b); }
__HIPEMU_BF_HD __hip_bfloat16 operator*(__hip_bfloat16 a, __hip_bfloat16 b) { return __hmul(a, b); }
__HIPEMU_BF_HD __hip_bfloat16 operator/(__hip_bfloat16 a, __hip_bfloat16 b) { return __hdiv(a, b); }
__HIPEMU_BF_HD __hip_bfloat16 operator-(__hip_bfloat16 a) { return __hneg(a); }
__HIPEMU_BF_HD __hip_bfloat16& operator+=(__hip_bfloat16& a, __hip_bfloat16 b) { return a = __hadd(a, b); }
__HIPEMU_BF_HD __hip_bfloat16& operator-=(__hip_bfloat16& a, __hip_bfloat16 b) { return a = __hsub(a, b); }
__HIPEMU_BF_HD __hip_bfloat16& operator*=(__hip_bfloat16& a, __hip_bfloat16 b) { return a = __hmul(a, b); }
__HIPEMU_BF_HD __hip_bfloat16& operator/=(__hip_bfloat16& a, __hip_bfloat16 b) { return a = __hdiv(a, b); }
__HIPEMU_BF_HD bool operator==(__hip_bfloat16 a, __hip_bfloat16 b) { return __heq(a, b); }
__HIPEMU_BF_HD bool operator!=(__hip_bfloat16 a, __hip_bfloat16 b) { return __hneu(a, b); }
__HIPEMU_BF_HD bool operator<(__hip_bfloat16 a, __hip_bfloat16 b) { return __hlt(a, b); }
__HIPEMU_BF_HD bool operator<=(__hip_bfloat16 a, __hip_bfloat16 b) { return __hle(a, b); }
__HIPEMU_BF_HD bool operator>(__hip_bfloat16 a, __hip_bfloat16 b) { return __hgt(a, b); }
__HIPEMU_BF_HD bool operator>=(__hip_bfloat16 a, __hip_bfloat16 b) { return __hge(a, b); }
__HIPEMU_BF_HD __hip_bfloat162 operator+(__hip_bfloat162 a, __hip_bfloat162 b) { return __hadd2(a, b); }
__HIPEMU_BF_HD __hip_bfloat162 operator-(__hip_bfloat162 a, __hip_bfloat162 b) { return __hsub2(a, b); }
__HIPEMU_BF_HD __hip_bfloat162 operator*(__hip_bfloat162 a, __hip_bfloat162 b) { return __hmul2(a, b); }
__HIPEMU_BF_HD __hip_bfloat162 operator/(__hip_bfloat162 a, __hip_bfloat162 b) { return __h2div(a, b); }
__HIPEMU_BF_HD bool operator==(__hip_bfloat162 a, __hip_bfloat162 b) { return __hbeq2(a, b); }
__HIPEMU_BF_HD bool operator!=(__hip_bfloat162 a, __hip_bfloat162 b) { return __hbneu2(a, b); }

#undef __HIPEMU_BF_HD
#endif  // HIPEMU_HIP_BF16_H
