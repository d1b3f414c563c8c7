// The rest of <hip/hip_fp16.h> and <hip/hip_bf16.h> (what half-arithmetic.hip and
// fp16-bf16-conversions.hip leave out) and the hip_bfloat16 class of <hip/hip_bfloat16.h>,
// run on the device over every pair of a table of special and ordinary values, each result
// checked against a CPU reference written here from the functions' documented meaning
// (ROCm's amd_hip_fp16.h / amd_hip_bf16.h / amd_hip_bfloat16.h and the HIP documentation,
// "Half precision intrinsics"; IEEE 754-2019 for the arithmetic):
// - arithmetic and conversions: the exact result rounded to nearest even (4.3.1), computed
//   in double (exact for every f16 sum, difference, product and fma, and correctly rounded
//   to f16 through double for the quotient and sqrt: 53 >= 2*11+2); saturating forms
//   (__h*_sat) clamp to [0.0, 1.0] (amd_hip_fp16.h __clamp_01; a NaN result is not
//   checked: ROCm passes it through, CUDA documents +0);
// - rounding to integers (hceil hfloor hrint htrunc, h2*): IEEE 754 roundToIntegral (5.9),
//   exact; hsqrt exact (5.4.1); hrcp and hrsqrt correctly rounded on the emulator (its header
//   computes them through binary64) and within 1 ulp on a GPU (ROCm computes hrsqrt with
//   __ocml_rsqrt_f16, an approximation);
// - comparisons: ordered forms are false with a NaN operand, unordered (...u) true
//   (5.11); the __hb*2 forms are true when the comparison holds for both halves;
//   __hisnan2 gives 1.0 / 0.0 per half; __hmin_nan returns NaN when an operand is NaN,
//   bf16 __hmax2/__hmin2 return the other operand (IEEE 754 minNum/maxNum);
// - moves and bit casts: the halves named, bit for bit;
// - hip_bfloat16::float_to_bfloat16 rounds to nearest even, truncate_float_to_bfloat16
//   keeps the upper 16 bits of a finite binary32 (amd_hip_bfloat16.h), iszero is true for
//   +0 and -0 only.
// The unordered __hb*u2 forms are checked on ordered operands only: ROCm's amd_hip_fp16.h
// (clr f9f995c) defines them as the ordered __hb*2, unlike their documentation.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: f16 functions {{[0-9]+}} cases ok
// CHECK: f16 integer conversions {{[0-9]+}} cases ok
// CHECK: bf16 functions {{[0-9]+}} cases ok
// CHECK: hip_bfloat16 ok
// CHECK: PASS
#include "rdna4_test.h"

#include <hip/hip_bf16.h>
#include <hip/hip_bfloat16.h>
#include <hip/hip_fp16.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

// ---- device --------------------------------------------------------------------------
enum {
  // f16, from operands a, b, c (halves) and f, g (floats)
  H_float2half_rn, H_float2half2_rn_lo, H_float2half2_rn_hi, H_floats2half2_lo, H_floats2half2_hi,
  H_float22half2_lo, H_float22half2_hi, H_half22float2_x, H_half22float2_y,
  H_habs, H_hneg, H_hfma_sat, H_hge, H_hgeu, H_hgt, H_hgtu, H_hle, H_hleu, H_hmin_nan,
  H_hceil, H_hfloor, H_hrint, H_htrunc, H_hsqrt, H_hrsqrt, H_hrcp, H_as_short, H_short_as,
  H_low2half,
  // half2 (a, b) op (b, c), results low then high
  H_h2div, H_h2div_hi, H_habs2, H_habs2_hi, H_hadd2_sat, H_hadd2_sat_hi, H_hsub2, H_hsub2_hi,
  H_hsub2_sat, H_hsub2_sat_hi, H_hmul2_sat, H_hmul2_sat_hi, H_hfma2_sat, H_hfma2_sat_hi,
  H_hneg2, H_hneg2_hi, H_hisnan2, H_hisnan2_hi, H_high2half2, H_high2half2_hi, H_highs2half2,
  H_highs2half2_hi, H_low2half2, H_low2half2_hi, H_lowhigh, H_lowhigh_hi, H_lows2half2,
  H_lows2half2_hi, H_h2ceil, H_h2ceil_hi, H_h2floor, H_h2floor_hi, H_h2rint, H_h2rint_hi,
  H_h2sqrt, H_h2sqrt_hi, H_h2trunc, H_h2trunc_hi, H_make_half2, H_make_half2_hi,
  // __hb*2 (one bit each), __h*2 (two bits each: low, high half is 1.0)
  H_hbcmp, H_hcmp2,
  kH
};

__global__ void f16_functions(int n, const uint16_t* av, const uint16_t* bv, const uint16_t* cv,
                              const float* fv, const float* gv, uint32_t* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half a = __ushort_as_half(av[i]), b = __ushort_as_half(bv[i]), c = __ushort_as_half(cv[i]);
  float f = fv[i], g = gv[i];
  uint32_t* o = out + kH * i;
  auto u = [](__half h) -> uint32_t { return __half_as_ushort(h); };
  auto lo = [&](__half2 h) -> uint32_t { return u(__low2half(h)); };
  auto hi = [&](__half2 h) -> uint32_t { return u(__high2half(h)); };
  o[H_float2half_rn] = u(__float2half_rn(f));
  __half2 t = __float2half2_rn(f);
  o[H_float2half2_rn_lo] = lo(t);
  o[H_float2half2_rn_hi] = hi(t);
  t = __floats2half2_rn(f, g);
  o[H_floats2half2_lo] = lo(t);
  o[H_floats2half2_hi] = hi(t);
  t = __float22half2_rn(make_float2(g, f));
  o[H_float22half2_lo] = lo(t);
  o[H_float22half2_hi] = hi(t);
  float2 ff = __half22float2(__halves2half2(a, b));
  uint32_t fx, fy;
  __builtin_memcpy(&fx, &ff.x, 4);
  __builtin_memcpy(&fy, &ff.y, 4);
  o[H_half22float2_x] = fx;
  o[H_half22float2_y] = fy;
  o[H_habs] = u(__habs(a));
  o[H_hneg] = u(__hneg(a));
  o[H_hfma_sat] = u(__hfma_sat(a, b, c));
  o[H_hge] = __hge(a, b);
  o[H_hgeu] = __hgeu(a, b);
  o[H_hgt] = __hgt(a, b);
  o[H_hgtu] = __hgtu(a, b);
  o[H_hle] = __hle(a, b);
  o[H_hleu] = __hleu(a, b);
  o[H_hmin_nan] = u(__hmin_nan(a, b));
  o[H_hceil] = u(hceil(a));
  o[H_hfloor] = u(hfloor(a));
  o[H_hrint] = u(hrint(a));
  o[H_htrunc] = u(htrunc(a));
  o[H_hsqrt] = u(hsqrt(a));
  o[H_hrsqrt] = u(hrsqrt(a));
  o[H_hrcp] = u(hrcp(a));
  o[H_as_short] = (uint16_t)__half_as_short(a);
  o[H_short_as] = u(__short_as_half((short)bv[i]));
  half2 ab = make_half2(a, b), bc = __halves2half2(b, c);
  o[H_low2half] = u(__low2half(ab));
  __half2 r;
#define H2(SLOT, EXPR) r = (EXPR); o[SLOT] = lo(r); o[SLOT + 1] = hi(r);
  H2(H_h2div, __h2div(ab, bc));
  H2(H_habs2, __habs2(ab));
  H2(H_hadd2_sat, __hadd2_sat(ab, bc));
  H2(H_hsub2, __hsub2(ab, bc));
  H2(H_hsub2_sat, __hsub2_sat(ab, bc));
  H2(H_hmul2_sat, __hmul2_sat(ab, bc));
  H2(H_hfma2_sat, __hfma2_sat(ab, bc, __halves2half2(c, a)));
  H2(H_hneg2, __hneg2(ab));
  H2(H_hisnan2, __hisnan2(ab));
  H2(H_high2half2, __high2half2(ab));
  H2(H_highs2half2, __highs2half2(ab, bc));
  H2(H_low2half2, __low2half2(ab));
  H2(H_lowhigh, __lowhigh2highlow(ab));
  H2(H_lows2half2, __lows2half2(ab, bc));
  H2(H_h2ceil, h2ceil(ab));
  H2(H_h2floor, h2floor(ab));
  H2(H_h2rint, h2rint(ab));
  H2(H_h2sqrt, h2sqrt(ab));
  H2(H_h2trunc, h2trunc(ab));
  H2(H_make_half2, make_half2(c, a));
#undef H2
  // (a, b) against (b, c): the 12 __hb*2 forms, bit k.
  __half2_raw raw = ab;
  __half2 ab2 = raw;  // through __half2_raw and back
  o[H_hbcmp] = __hbeq2(ab2, bc) << 0 | __hbne2(ab2, bc) << 1 | __hblt2(ab2, bc) << 2 |
               __hble2(ab2, bc) << 3 | __hbgt2(ab2, bc) << 4 | __hbge2(ab2, bc) << 5 |
               __hbequ2(ab2, bc) << 6 | __hbneu2(ab2, bc) << 7 | __hbltu2(ab2, bc) << 8 |
               __hbleu2(ab2, bc) << 9 | __hbgtu2(ab2, bc) << 10 | __hbgeu2(ab2, bc) << 11;
  // The __half2 comparisons: 1.0 or 0.0 per half (two bits per form: low half, high half).
  uint32_t bits = 0;
  int k = 0;
  auto put = [&](__half2 v) {
    uint32_t l = lo(v), h = hi(v);
    bits |= (l == 0x3c00 ? 1u : l == 0 ? 0u : 0x80000000u) << k;   // anything else: bit 31
    bits |= (h == 0x3c00 ? 1u : h == 0 ? 0u : 0x80000000u) << (k + 1);
    k += 2;
  };
  put(__heq2(ab, bc)); put(__hne2(ab, bc)); put(__hlt2(ab, bc)); put(__hle2(ab, bc));
  put(__hgt2(ab, bc)); put(__hge2(ab, bc)); put(__hequ2(ab, bc)); put(__hneu2(ab, bc));
  put(__hltu2(ab, bc)); put(__hleu2(ab, bc)); put(__hgtu2(ab, bc)); put(__hgeu2(ab, bc));
  o[H_hcmp2] = bits;
}

// Integer conversions: half -> each integer type in the four rounding modes, and each
// integer type -> half in the four modes (one case per thread; out[i*40 + type*8 + mode]
// for half -> int, + 4 for int -> half). Types: 0 short, 1 ushort, 2 uint, 3 ll, 4 ull.
__global__ void f16_integers(int n, const uint16_t* hv, const long long* iv, unsigned long long* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half h = __ushort_as_half(hv[i]);
  long long v = iv[i];
  unsigned long long* o = out + 40 * i;
  o[0] = (unsigned short)__half2short_rn(h); o[1] = (unsigned short)__half2short_rz(h);
  o[2] = (unsigned short)__half2short_rd(h); o[3] = (unsigned short)__half2short_ru(h);
  o[8] = __half2ushort_rn(h); o[9] = __half2ushort_rz(h);
  o[10] = __half2ushort_rd(h); o[11] = __half2ushort_ru(h);
  o[16] = __half2uint_rn(h); o[17] = __half2uint_rz(h);
  o[18] = __half2uint_rd(h); o[19] = __half2uint_ru(h);
  o[24] = (unsigned long long)__half2ll_rn(h); o[25] = (unsigned long long)__half2ll_rz(h);
  o[26] = (unsigned long long)__half2ll_rd(h); o[27] = (unsigned long long)__half2ll_ru(h);
  o[32] = __half2ull_rn(h); o[33] = __half2ull_rz(h);
  o[34] = __half2ull_rd(h); o[35] = __half2ull_ru(h);
  short vs = (short)v;
  unsigned short vus = (unsigned short)v;
  unsigned int vu = (unsigned int)v;
  unsigned long long vull = (unsigned long long)v;
  o[4] = __half_as_ushort(__short2half_rn(vs)); o[5] = __half_as_ushort(__short2half_rz(vs));
  o[6] = __half_as_ushort(__short2half_rd(vs)); o[7] = __half_as_ushort(__short2half_ru(vs));
  o[12] = __half_as_ushort(__ushort2half_rn(vus)); o[13] = __half_as_ushort(__ushort2half_rz(vus));
  o[14] = __half_as_ushort(__ushort2half_rd(vus)); o[15] = __half_as_ushort(__ushort2half_ru(vus));
  o[20] = __half_as_ushort(__uint2half_rn(vu)); o[21] = __half_as_ushort(__uint2half_rz(vu));
  o[22] = __half_as_ushort(__uint2half_rd(vu)); o[23] = __half_as_ushort(__uint2half_ru(vu));
  o[28] = __half_as_ushort(__ll2half_rn(v)); o[29] = __half_as_ushort(__ll2half_rz(v));
  o[30] = __half_as_ushort(__ll2half_rd(v)); o[31] = __half_as_ushort(__ll2half_ru(v));
  o[36] = __half_as_ushort(__ull2half_rn(vull)); o[37] = __half_as_ushort(__ull2half_rz(vull));
  o[38] = __half_as_ushort(__ull2half_rd(vull)); o[39] = __half_as_ushort(__ull2half_ru(vull));
}

enum {
  B_float22_lo, B_float22_hi, B_b1622f_x, B_b1622f_y, B_b162b162_lo, B_b162b162_hi, B_as_short,
  B_short_as, B_halves_lo, B_halves_hi, B_high2b16, B_high2b162_lo, B_high2b162_hi, B_highs_lo,
  B_highs_hi, B_hmax2_lo, B_hmax2_hi, B_hmin2_lo, B_hmin2_hi, B_low2b16, B_low2b162_lo,
  B_low2b162_hi, B_lows_lo, B_lows_hi, B_hb_class, B_hb_trunc, B_hb_zero,
  kB
};

__global__ void bf16_functions(int n, const uint16_t* av, const uint16_t* bv, const uint16_t* cv,
                               const float* fv, const float* gv, uint32_t* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __hip_bfloat16 a = __ushort_as_bfloat16(av[i]), b = __ushort_as_bfloat16(bv[i]),
                 c = __ushort_as_bfloat16(cv[i]);
  float f = fv[i], g = gv[i];
  uint32_t* o = out + kB * i;
  auto u = [](__hip_bfloat16 h) -> uint32_t { return __bfloat16_as_ushort(h); };
  __hip_bfloat162 r = __float22bfloat162_rn(make_float2(f, g));
  o[B_float22_lo] = u(__low2bfloat16(r));
  o[B_float22_hi] = u(__high2bfloat16(r));
  float2 ff = __bfloat1622float2(__halves2bfloat162(a, b));
  uint32_t fx, fy;
  __builtin_memcpy(&fx, &ff.x, 4);
  __builtin_memcpy(&fy, &ff.y, 4);
  o[B_b1622f_x] = fx;
  o[B_b1622f_y] = fy;
  r = __bfloat162bfloat162(c);
  o[B_b162b162_lo] = u(__low2bfloat16(r));
  o[B_b162b162_hi] = u(__high2bfloat16(r));
  o[B_as_short] = (uint16_t)__bfloat16_as_short(a);
  o[B_short_as] = u(__short_as_bfloat16((short)bv[i]));
  __hip_bfloat162 ab = __halves2bfloat162(a, b), bc = __halves2bfloat162(b, c);
  o[B_halves_lo] = u(__low2bfloat16(ab));
  o[B_halves_hi] = u(__high2bfloat16(ab));
  o[B_high2b16] = u(__high2bfloat16(bc));
#define B2(SLOT, EXPR) r = (EXPR); o[SLOT] = u(__low2bfloat16(r)); o[SLOT + 1] = u(__high2bfloat16(r));
  B2(B_high2b162_lo, __high2bfloat162(ab));
  B2(B_highs_lo, __highs2bfloat162(ab, bc));
  B2(B_hmax2_lo, __hmax2(ab, bc));
  B2(B_hmin2_lo, __hmin2(ab, bc));
  B2(B_low2b162_lo, __low2bfloat162(ab));
  B2(B_lows_lo, __lows2bfloat162(ab, bc));
#undef B2
  o[B_low2b16] = u(__low2bfloat16(bc));
  // The hip_bfloat16 class (its own rounding functions) on the float operand f.
  // (float_to_bfloat16 and truncate_float_to_bfloat16 are private, in ROCm's header too: the
  // constructors and round_to_bfloat16 call them.)
  o[B_hb_class] = hip_bfloat16(f).data;
  hip_bfloat16::truncate_t tag = hip_bfloat16::truncate;
  hip_bfloat16 hz(f, tag);
  o[B_hb_trunc] = hz.data;
  o[B_hb_zero] = iszero(hz) | (hip_bfloat16::round_to_bfloat16(f, hip_bfloat16::truncate).data == hz.data) << 1;
}

// ---- CPU reference ---------------------------------------------------------------------
// A binary format with `fbits` stored significand bits and exponent bias `bias`.
struct Fmt {
  int ebits, fbits, bias;
  uint32_t sign() const { return 1u << (ebits + fbits); }
  uint32_t inf() const { return ((1u << ebits) - 1) << fbits; }
  bool is_nan(uint32_t h) const { return (h & (sign() - 1)) > inf(); }
  double value(uint32_t h) const {
    int e = (h >> fbits) & ((1 << ebits) - 1), m = h & ((1 << fbits) - 1);
    double s = (h & sign()) ? -1 : 1;
    if (e == (1 << ebits) - 1) return m ? NAN : s * INFINITY;
    return e ? s * std::ldexp(double(m + (1 << fbits)), e - bias - fbits)
             : s * std::ldexp(double(m), 1 - bias - fbits);
  }
  // x rounded to nearest even (x exact, or correctly rounded to double with 53 >= 2p+2), or
  // (mode 1, 2, 3) toward zero, down, up (x exact).
  uint32_t round(double x, int mode = 0) const {
    if (std::isnan(x)) return inf() | (1u << (fbits - 1));
    uint32_t s = std::signbit(x) ? sign() : 0;
    double a = std::fabs(x);
    if (a == 0) return s;
    if (std::isinf(a)) return s | inf();
    int e;
    std::frexp(a, &e);  // a in [2^(e-1), 2^e)
    int q = std::max(e - 1, 1 - bias) - fbits;  // the quantum at a
    bool away = (mode == 2 && s) || (mode == 3 && !s);  // directed away from zero
    double m = std::ldexp(a, -q);
    double r = mode == 0 ? std::nearbyint(m) : away ? std::ceil(m) : std::floor(m);
    double v = std::ldexp(r, q);
    if (v == 0) return s;  // below half the smallest subnormal
    if (v >= std::ldexp(1.0, (1 << ebits) - 1 - bias))  // beyond the largest finite
      return s | ((mode == 0 || away) ? inf() : inf() - 1);
    std::frexp(v, &e);
    if (e - 1 < 1 - bias) return s | uint32_t(std::ldexp(v, bias - 1 + fbits));  // subnormal
    return s | uint32_t((e - 1 + bias) << fbits) | uint32_t(std::ldexp(v, fbits - (e - 1)) - (1 << fbits));
  }
};
static const Fmt kF16{5, 10, 15}, kBF16{8, 7, 127};

static uint32_t float_bits(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }

// Operand tables (bit patterns): zeros, ones, halfway cases of rounding to integers, values
// whose square roots and reciprocals are exact and inexact, the largest finite, subnormals,
// infinities and a NaN.
static const uint16_t kF16Values[] = {
    0x0000, 0x8000, 0x3c00, 0xbc00, 0x3800, 0xb800, 0x3e00, 0xbe00, 0x4100, 0xc100, 0x4200,
    0x4400, 0x3555, 0x4248, 0x7bff, 0xfbff, 0x0001, 0x8001, 0x03ff, 0x0400, 0x7c00, 0xfc00,
    0x7e00, 0x3bff, 0x3c01, 0x5640, 0x2e66, 0x3a00};
static const uint16_t kBF16Values[] = {
    0x0000, 0x8000, 0x3f80, 0xbf80, 0x3f00, 0x3fc0, 0xc020, 0x4040, 0x3eab, 0x7f7f, 0xff7f,
    0x0001, 0x8001, 0x007f, 0x0080, 0x7f80, 0xff80, 0x7fc0, 0x3f7f, 0x3f81, 0x4049};
static const float kFloats[] = {0.0f, -0.0f, 1.0f, -1.5f, 0.1f, 3.14159265f, 65504.0f, 65520.0f,
                                65519.99f, 1e-8f, 5.96046448e-8f, 2.98023224e-8f, 2.98023254e-8f,
                                1.00048828125f, 1.000732421875f, 1e30f, -1e-45f,
                                3.3895314e38f, 1.0039062f, 1.01171875f, 1.0117188f, INFINITY,
                                -INFINITY, NAN};

static bool same(const Fmt& F, uint32_t got, uint32_t want) {
  return F.is_nan(want) ? F.is_nan(got) : got == want;
}

static int run_f16(bool emu) {
  const int nv = sizeof kF16Values / 2, nf = sizeof kFloats / 4;
  std::vector<uint16_t> a, b, c;
  std::vector<float> f, g;
  for (int i = 0; i < nv; ++i)
    for (int j = 0; j < nv; ++j) {
      a.push_back(kF16Values[i]);
      b.push_back(kF16Values[j]);
      c.push_back(kF16Values[(i + 3 * j + 1) % nv]);
      f.push_back(kFloats[(i * nv + j) % nf]);
      g.push_back(kFloats[(i + j * 7 + 5) % nf]);
    }
  const int n = (int)a.size();
  uint16_t *da, *db, *dc;
  float *df, *dg;
  uint32_t* dout;
  RDNA4_HIP_CHECK(hipMalloc(&da, n * 2));
  RDNA4_HIP_CHECK(hipMalloc(&db, n * 2));
  RDNA4_HIP_CHECK(hipMalloc(&dc, n * 2));
  RDNA4_HIP_CHECK(hipMalloc(&df, n * 4));
  RDNA4_HIP_CHECK(hipMalloc(&dg, n * 4));
  RDNA4_HIP_CHECK(hipMalloc(&dout, n * kH * 4));
  RDNA4_HIP_CHECK(hipMemcpy(da, a.data(), n * 2, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemcpy(db, b.data(), n * 2, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemcpy(dc, c.data(), n * 2, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemcpy(df, f.data(), n * 4, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemcpy(dg, g.data(), n * 4, hipMemcpyHostToDevice));
  f16_functions<<<(n + 127) / 128, 128>>>(n, da, db, dc, df, dg, dout);
  RDNA4_HIP_CHECK(hipGetLastError());
  std::vector<uint32_t> out(n * kH);
  RDNA4_HIP_CHECK(hipMemcpy(out.data(), dout, out.size() * 4, hipMemcpyDeviceToHost));
  const Fmt& F = kF16;
  const uint32_t one = 0x3c00;
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    const uint32_t* o = &out[kH * i];
    double x = F.value(a[i]), y = F.value(b[i]), z = F.value(c[i]);
    bool nx = std::isnan(x), ny = std::isnan(y);
    // Clamp to [0, 1], then round. NaN: not checked; a zero: either sign (ROCm's __clamp_01
    // keeps -0, which is inside [0, 1]).
    const uint32_t kAnyZero = 0xfffffffeu;
    auto sat = [&](double v) -> uint32_t {
      return std::isnan(v) ? 0xffffffffu : v <= 0 ? kAnyZero : v > 1 ? one : F.round(v);
    };
    auto check = [&](int slot, uint32_t want, const char* what) {
      if (want == 0xffffffffu) return;
      bool ok = want == kAnyZero ? (o[slot] & 0x7fff) == 0 : same(F, o[slot], want);
      RDNA4_EXPECT(ok, "f16 %s(a=0x%04x b=0x%04x c=0x%04x f=%a g=%a) = 0x%x, want 0x%x", what,
                   a[i], b[i], c[i], f[i], g[i], o[slot], want);
      bad += !ok;
    };
    auto check_ulp = [&](int slot, double exact, const char* what) {  // hrcp, hrsqrt
      uint32_t want = F.round(exact), got = o[slot];
      bool ok = same(F, got, want) ||
                (!emu && !F.is_nan(want) && (got ^ want) < 0x8000 &&
                 (got > want ? got - want : want - got) <= 1);
      RDNA4_EXPECT(ok, "f16 %s(0x%04x) = 0x%04x, want 0x%04x", what, a[i], got, want);
      bad += !ok;
    };
    check(H_float2half_rn, F.round(f[i]), "__float2half_rn");
    check(H_float2half2_rn_lo, F.round(f[i]), "__float2half2_rn.x");
    check(H_float2half2_rn_hi, F.round(f[i]), "__float2half2_rn.y");
    check(H_floats2half2_lo, F.round(f[i]), "__floats2half2_rn.x");
    check(H_floats2half2_hi, F.round(g[i]), "__floats2half2_rn.y");
    check(H_float22half2_lo, F.round(g[i]), "__float22half2_rn.x");
    check(H_float22half2_hi, F.round(f[i]), "__float22half2_rn.y");
    auto fbits_of = [&](double v) -> uint32_t { return std::isnan(v) ? 0xffffffffu : float_bits((float)v); };
    bool nan_x = (o[H_half22float2_x] & 0x7fffffffu) > 0x7f800000u;
    if (!nx) check(H_half22float2_x, fbits_of(x), "__half22float2.x");
    else RDNA4_EXPECT(nan_x, "__half22float2(NaN) = 0x%08x", o[H_half22float2_x]);
    if (!ny) check(H_half22float2_y, fbits_of(y), "__half22float2.y");
    check(H_habs, a[i] & 0x7fff, "__habs");
    check(H_hneg, a[i] ^ 0x8000, "__hneg");
    check(H_hfma_sat, sat(x * y + z), "__hfma_sat");
    check(H_hge, x >= y, "__hge");
    check(H_hgeu, !(x < y), "__hgeu");
    check(H_hgt, x > y, "__hgt");
    check(H_hgtu, !(x <= y), "__hgtu");
    check(H_hle, x <= y, "__hle");
    check(H_hleu, !(x > y), "__hleu");
    // (min(+0, -0): either zero, as IEEE 754 minNum)
    check(H_hmin_nan, (nx || ny) ? F.inf() | 0x200 : (x == 0 && y == 0) ? 0xffffffffu : x <= y ? a[i] : b[i],
          "__hmin_nan");
    check(H_hceil, F.round(std::ceil(x)), "hceil");
    check(H_hfloor, F.round(std::floor(x)), "hfloor");
    check(H_hrint, F.round(std::nearbyint(x)), "hrint");
    check(H_htrunc, F.round(std::trunc(x)), "htrunc");
    check(H_hsqrt, F.round(std::sqrt(x)), "hsqrt");
    check_ulp(H_hrsqrt, 1.0 / std::sqrt(x), "hrsqrt");
    check_ulp(H_hrcp, 1.0 / x, "hrcp");
    check(H_as_short, a[i], "__half_as_short");
    check(H_short_as, b[i], "__short_as_half");
    check(H_low2half, a[i], "__low2half");
    check(H_h2div, F.round(x / y), "__h2div.x");
    check(H_h2div + 1, F.round(y / z), "__h2div.y");
    check(H_habs2, a[i] & 0x7fff, "__habs2.x");
    check(H_habs2 + 1, b[i] & 0x7fff, "__habs2.y");
    check(H_hadd2_sat, sat(x + y), "__hadd2_sat.x");
    check(H_hadd2_sat + 1, sat(y + z), "__hadd2_sat.y");
    // x - y: an exact zero is +0 unless x is -0 and y is +0 (IEEE 754-2019 6.3).
    auto sub = [&](double p, double q, uint16_t pb, uint16_t qb) -> uint32_t {
      return (p - q == 0) ? ((pb & 0x8000) && !(qb & 0x8000) && p == 0 ? 0x8000 : 0) : F.round(p - q);
    };
    check(H_hsub2, sub(x, y, a[i], b[i]), "__hsub2.x");
    check(H_hsub2 + 1, sub(y, z, b[i], c[i]), "__hsub2.y");
    check(H_hsub2_sat, sat(x - y), "__hsub2_sat.x");
    check(H_hsub2_sat + 1, sat(y - z), "__hsub2_sat.y");
    check(H_hmul2_sat, sat(x * y), "__hmul2_sat.x");
    check(H_hmul2_sat + 1, sat(y * z), "__hmul2_sat.y");
    check(H_hfma2_sat, sat(x * y + z), "__hfma2_sat.x");
    check(H_hfma2_sat + 1, sat(y * z + x), "__hfma2_sat.y");
    check(H_hneg2, a[i] ^ 0x8000, "__hneg2.x");
    check(H_hneg2 + 1, b[i] ^ 0x8000, "__hneg2.y");
    check(H_hisnan2, nx ? one : 0, "__hisnan2.x");
    check(H_hisnan2 + 1, ny ? one : 0, "__hisnan2.y");
    check(H_high2half2, b[i], "__high2half2.x");
    check(H_high2half2 + 1, b[i], "__high2half2.y");
    check(H_highs2half2, b[i], "__highs2half2.x");
    check(H_highs2half2 + 1, c[i], "__highs2half2.y");
    check(H_low2half2, a[i], "__low2half2.x");
    check(H_low2half2 + 1, a[i], "__low2half2.y");
    check(H_lowhigh, b[i], "__lowhigh2highlow.x");
    check(H_lowhigh + 1, a[i], "__lowhigh2highlow.y");
    check(H_lows2half2, a[i], "__lows2half2.x");
    check(H_lows2half2 + 1, b[i], "__lows2half2.y");
    check(H_h2ceil, F.round(std::ceil(x)), "h2ceil.x");
    check(H_h2ceil + 1, F.round(std::ceil(y)), "h2ceil.y");
    check(H_h2floor, F.round(std::floor(x)), "h2floor.x");
    check(H_h2floor + 1, F.round(std::floor(y)), "h2floor.y");
    check(H_h2rint, F.round(std::nearbyint(x)), "h2rint.x");
    check(H_h2rint + 1, F.round(std::nearbyint(y)), "h2rint.y");
    check(H_h2sqrt, F.round(std::sqrt(x)), "h2sqrt.x");
    check(H_h2sqrt + 1, F.round(std::sqrt(y)), "h2sqrt.y");
    check(H_h2trunc, F.round(std::trunc(x)), "h2trunc.x");
    check(H_h2trunc + 1, F.round(std::trunc(y)), "h2trunc.y");
    check(H_make_half2, c[i], "make_half2.x");
    check(H_make_half2 + 1, a[i], "make_half2.y");
    // __hb*2: (x, y) against (y, z).
    auto both = [](bool p, bool q) { return uint32_t(p && q); };
    bool ordered = !std::isnan(x) && !std::isnan(y) && !std::isnan(z);
    uint32_t want = both(x == y, y == z) << 0 | both(x != y && !nx && !ny, y != z && !ny && !std::isnan(z)) << 1 |
                    both(x < y, y < z) << 2 | both(x <= y, y <= z) << 3 | both(x > y, y > z) << 4 |
                    both(x >= y, y >= z) << 5 | both(!(x < y || x > y), !(y < z || y > z)) << 6 |
                    both(!(x == y), !(y == z)) << 7 | both(!(x >= y), !(y >= z)) << 8 |
                    both(!(x > y), !(y > z)) << 9 | both(!(x <= y), !(y <= z)) << 10 |
                    both(!(x < y), !(y < z)) << 11;
    // With a NaN operand only the ordered forms but __hbne2 (ROCm's __hne is C's !=, true
    // for NaN, where CUDA documents false) are checked, and the unordered ones not at all.
    uint32_t mask = ordered ? 0xfffu : 0x3du;
    bool ok = (o[H_hbcmp] & mask) == (want & mask);
    RDNA4_EXPECT(ok, "f16 __hb*2 (0x%04x,0x%04x) vs (0x%04x,0x%04x): bits 0x%03x, want 0x%03x",
                 a[i], b[i], b[i], c[i], o[H_hbcmp] & mask, want & mask);
    bad += !ok;
    // __h*2: per half, in the order eq ne lt le gt ge equ neu ltu leu gtu geu. __hne2 with a
    // NaN operand is not checked (ROCm's is C's !=, true; CUDA documents false).
    uint32_t want2 = 0, mask2 = 0;
    for (int half = 0; half < 2; ++half) {
      double p = half ? y : x, q = half ? z : y;
      bool nan = std::isnan(p) || std::isnan(q);
      bool r[12] = {p == q, p != q && !nan, p < q, p <= q, p > q, p >= q,
                    !(p < q || p > q), !(p == q), !(p >= q), !(p > q), !(p <= q), !(p < q)};
      for (int k = 0; k < 12; ++k) {
        want2 |= uint32_t(r[k]) << (2 * k + half);
        if (!(k == 1 && nan)) mask2 |= 1u << (2 * k + half);
      }
    }
    ok = (o[H_hcmp2] & ~mask2 & 0x80000000u) == 0 && (o[H_hcmp2] & mask2) == want2;
    RDNA4_EXPECT(ok, "f16 __h*2 (0x%04x,0x%04x) vs (0x%04x,0x%04x): bits 0x%06x, want 0x%06x",
                 a[i], b[i], b[i], c[i], o[H_hcmp2] & mask2, want2);
    bad += !ok;
  }
  if (!bad) std::printf("f16 functions %d cases ok\n", n);
  RDNA4_HIP_CHECK(hipFree(da));
  RDNA4_HIP_CHECK(hipFree(db));
  RDNA4_HIP_CHECK(hipFree(dc));
  RDNA4_HIP_CHECK(hipFree(df));
  RDNA4_HIP_CHECK(hipFree(dg));
  RDNA4_HIP_CHECK(hipFree(dout));
  return bad;
}

// Integer conversions. half -> integer: the value rounded in the mode, checked where it is in
// the type's range (ROCm converts with a C cast there, undefined outside); on the emulator
// also NaN -> 0 and saturation at the type's limits (what CUDA documents and the emulator's
// header does). integer -> half: the integer's exact value rounded in the mode.
static int run_f16_integers(bool emu) {
  static const long long kInts[] = {0, 1, -1, 3, -7, 2047, 2049, 2051, -2051, 4097, -4097, 32767,
                                    -32768, 65504, 65519, 65520, 65535, 100000, -100000,
                                    1ll << 40, -(1ll << 40), 123456789012ll, (long long)(1ull << 63)};
  const int nh = sizeof kF16Values / 2, ni = sizeof kInts / sizeof kInts[0];
  std::vector<uint16_t> hv;
  std::vector<long long> iv;
  for (int i = 0; i < nh * ni; ++i) {
    hv.push_back(kF16Values[i % nh]);
    iv.push_back(kInts[i % ni]);
  }
  // Extra halves: the ties of rounding to an integer, and values beyond short's range.
  for (uint16_t h : {0x3800, 0x3e00, 0x4100, 0xc100, 0x4500, 0xc500, 0x7800, 0xf800, 0x77ff}) {
    hv.push_back(h);
    iv.push_back(0);
  }
  const int n = (int)hv.size();
  uint16_t* dh;
  long long* di;
  unsigned long long* dout;
  RDNA4_HIP_CHECK(hipMalloc(&dh, n * 2));
  RDNA4_HIP_CHECK(hipMalloc(&di, n * 8));
  RDNA4_HIP_CHECK(hipMalloc(&dout, n * 40 * 8));
  RDNA4_HIP_CHECK(hipMemcpy(dh, hv.data(), n * 2, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemcpy(di, iv.data(), n * 8, hipMemcpyHostToDevice));
  f16_integers<<<(n + 63) / 64, 64>>>(n, dh, di, dout);
  RDNA4_HIP_CHECK(hipGetLastError());
  std::vector<unsigned long long> out(n * 40);
  RDNA4_HIP_CHECK(hipMemcpy(out.data(), dout, out.size() * 8, hipMemcpyDeviceToHost));
  static const char* types[] = {"short", "ushort", "uint", "ll", "ull"};
  static const char* modes[] = {"rn", "rz", "rd", "ru"};
  const double lo[] = {-32768.0, 0.0, 0.0, -0x1p63, 0.0};
  const double hi[] = {32767.0, 65535.0, 4294967295.0, 0x1p63, 0x1p64};  // hi: ll/ull exclusive
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    const unsigned long long* o = &out[40 * i];
    double d = kF16.value(hv[i]);
    for (int t = 0; t < 5; ++t) {
      int bitsz = t < 2 ? 16 : t == 2 ? 32 : 64;
      unsigned long long mask = bitsz == 64 ? ~0ull : (1ull << bitsz) - 1;
      for (int m = 0; m < 4; ++m) {
        // half -> integer
        double r = m == 0 ? std::nearbyint(d) : m == 1 ? std::trunc(d) : m == 2 ? std::floor(d) : std::ceil(d);
        bool in_range = !std::isnan(d) && r >= lo[t] && (t >= 3 ? r < hi[t] : r <= hi[t]);
        unsigned long long want;
        if (std::isnan(d)) want = 0;
        else if (r < lo[t]) want = (unsigned long long)(long long)lo[t] & mask;
        else if (!in_range) want = t == 3 ? 0x7fffffffffffffffull : mask & (t == 0 ? 0x7fff : ~0ull);
        else want = (unsigned long long)(t == 3 || t == 0 ? (long long)r : 0) & mask;
        if (in_range && t != 3 && t != 0) want = (unsigned long long)r;
        if (in_range || emu) {
          bool ok = (o[t * 8 + m] & mask) == want;
          RDNA4_EXPECT(ok, "__half2%s_%s(0x%04x) = 0x%llx, want 0x%llx", types[t], modes[m], hv[i],
                       o[t * 8 + m] & mask, want);
          bad += !ok;
        }
        // integer -> half: the value the kernel converted (the low bits of v for the narrow types)
        long long v = iv[i];
        double x = t == 0 ? (double)(short)v : t == 1 ? (double)(unsigned short)v
                   : t == 2 ? (double)(unsigned int)v : t == 3 ? (double)v : (double)(unsigned long long)v;
        uint32_t wanth = kF16.round(x, m);
        bool ok = o[t * 8 + 4 + m] == wanth;
        RDNA4_EXPECT(ok, "__%s2half_%s(%.17g) = 0x%04llx, want 0x%04x", types[t], modes[m], x,
                     o[t * 8 + 4 + m], wanth);
        bad += !ok;
      }
    }
  }
  if (!bad) std::printf("f16 integer conversions %d cases ok\n", n);
  RDNA4_HIP_CHECK(hipFree(dh));
  RDNA4_HIP_CHECK(hipFree(di));
  RDNA4_HIP_CHECK(hipFree(dout));
  return bad;
}

static int run_bf16() {
  const int nv = sizeof kBF16Values / 2, nf = sizeof kFloats / 4;
  std::vector<uint16_t> a, b, c;
  std::vector<float> f, g;
  for (int i = 0; i < nv; ++i)
    for (int j = 0; j < nv; ++j) {
      a.push_back(kBF16Values[i]);
      b.push_back(kBF16Values[j]);
      c.push_back(kBF16Values[(2 * i + j + 3) % nv]);
      f.push_back(kFloats[(i * nv + j) % nf]);
      g.push_back(kFloats[(i * 5 + j + 2) % nf]);
    }
  const int n = (int)a.size();
  uint16_t *da, *db, *dc;
  float *df, *dg;
  uint32_t* dout;
  RDNA4_HIP_CHECK(hipMalloc(&da, n * 2));
  RDNA4_HIP_CHECK(hipMalloc(&db, n * 2));
  RDNA4_HIP_CHECK(hipMalloc(&dc, n * 2));
  RDNA4_HIP_CHECK(hipMalloc(&df, n * 4));
  RDNA4_HIP_CHECK(hipMalloc(&dg, n * 4));
  RDNA4_HIP_CHECK(hipMalloc(&dout, n * kB * 4));
  RDNA4_HIP_CHECK(hipMemcpy(da, a.data(), n * 2, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemcpy(db, b.data(), n * 2, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemcpy(dc, c.data(), n * 2, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemcpy(df, f.data(), n * 4, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemcpy(dg, g.data(), n * 4, hipMemcpyHostToDevice));
  bf16_functions<<<(n + 127) / 128, 128>>>(n, da, db, dc, df, dg, dout);
  RDNA4_HIP_CHECK(hipGetLastError());
  std::vector<uint32_t> out(n * kB);
  RDNA4_HIP_CHECK(hipMemcpy(out.data(), dout, out.size() * 4, hipMemcpyDeviceToHost));
  const Fmt& F = kBF16;
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    const uint32_t* o = &out[kB * i];
    double x = F.value(a[i]), y = F.value(b[i]), z = F.value(c[i]);
    auto check = [&](int slot, uint32_t want, const char* what) {
      bool ok = same(F, o[slot], want);
      RDNA4_EXPECT(ok, "bf16 %s(a=0x%04x b=0x%04x c=0x%04x f=%a g=%a) = 0x%x, want 0x%x", what,
                   a[i], b[i], c[i], f[i], g[i], o[slot], want);
      bad += !ok;
    };
    // maxNum/minNum: a NaN operand gives the other; +0 > -0 is not asked of either result.
    auto mx = [&](uint16_t p, uint16_t q, bool is_max) -> uint32_t {
      double vp = F.value(p), vq = F.value(q);
      if (std::isnan(vp)) return q;
      if (std::isnan(vq)) return p;
      if (vp == vq) return (p & 0x8000) == (is_max ? 0 : 0x8000) ? p : q;
      return (vp > vq) == is_max ? p : q;
    };
    check(B_float22_lo, F.round(f[i]), "__float22bfloat162_rn.x");
    check(B_float22_hi, F.round(g[i]), "__float22bfloat162_rn.y");
    if (!std::isnan(x)) check(B_b1622f_x, (uint32_t)a[i] << 16, "__bfloat1622float2.x");
    if (!std::isnan(y)) check(B_b1622f_y, (uint32_t)b[i] << 16, "__bfloat1622float2.y");
    check(B_b162b162_lo, c[i], "__bfloat162bfloat162.x");
    check(B_b162b162_hi, c[i], "__bfloat162bfloat162.y");
    check(B_as_short, a[i], "__bfloat16_as_short");
    check(B_short_as, b[i], "__short_as_bfloat16");
    check(B_halves_lo, a[i], "__halves2bfloat162.x");
    check(B_halves_hi, b[i], "__halves2bfloat162.y");
    check(B_high2b16, c[i], "__high2bfloat16");
    check(B_high2b162_lo, b[i], "__high2bfloat162.x");
    check(B_high2b162_hi, b[i], "__high2bfloat162.y");
    check(B_highs_lo, b[i], "__highs2bfloat162.x");
    check(B_highs_hi, c[i], "__highs2bfloat162.y");
    bool zeros = x == 0 && y == 0, zeros2 = y == 0 && z == 0;  // max(+0, -0): either zero
    if (!zeros) check(B_hmax2_lo, mx(a[i], b[i], true), "__hmax2.x");
    if (!zeros2) check(B_hmax2_hi, mx(b[i], c[i], true), "__hmax2.y");
    if (!zeros) check(B_hmin2_lo, mx(a[i], b[i], false), "__hmin2.x");
    if (!zeros2) check(B_hmin2_hi, mx(b[i], c[i], false), "__hmin2.y");
    check(B_low2b16, b[i], "__low2bfloat16");
    check(B_low2b162_lo, a[i], "__low2bfloat162.x");
    check(B_low2b162_hi, a[i], "__low2bfloat162.y");
    check(B_lows_lo, a[i], "__lows2bfloat162.x");
    check(B_lows_hi, b[i], "__lows2bfloat162.y");
    check(B_hb_class, F.round(f[i]), "hip_bfloat16(f)");
    uint32_t fb = float_bits(f[i]);
    if (!std::isnan(f[i])) check(B_hb_trunc, fb >> 16, "hip_bfloat16(f, truncate)");
    else check(B_hb_trunc, 0x7fc0, "hip_bfloat16(f, truncate)");
    // iszero of the truncated value: +0 or -0 (a binary32 below 2^-133 truncates to zero).
    check(B_hb_zero, uint32_t(!std::isnan(f[i]) && ((fb >> 16) & 0x7fff) == 0) | 2u,
          "iszero(hip_bfloat16(f, truncate))");
  }
  if (!bad) std::printf("bf16 functions %d cases ok\n", n);
  RDNA4_HIP_CHECK(hipFree(da));
  RDNA4_HIP_CHECK(hipFree(db));
  RDNA4_HIP_CHECK(hipFree(dc));
  RDNA4_HIP_CHECK(hipFree(df));
  RDNA4_HIP_CHECK(hipFree(dg));
  RDNA4_HIP_CHECK(hipFree(dout));
  return bad;
}

// The hip_bfloat16 class on the host: hand-derived encodings.
static int run_hip_bfloat16_host() {
  int bad = 0;
  struct Case { float f; uint16_t rne, trunc; };
  const Case cases[] = {
      {1.0f, 0x3f80, 0x3f80},
      {1.00390625f, 0x3f80, 0x3f80},      // 0x3f808000: a tie, even is 0x3f80
      {1.01171875f, 0x3f82, 0x3f81},      // 0x3f818000: a tie, even is 0x3f82
      {-3.14159265f, 0xc049, 0xc049},     // 0xc0490fdb
      {3.3961775e38f, 0x7f80, 0x7f7f},    // 0x7f7f8000 rounds up past the largest finite
      {0.0f, 0x0000, 0x0000},
      {-0.0f, 0x8000, 0x8000},
  };
  for (const Case& c : cases) {
    uint16_t r = hip_bfloat16::round_to_bfloat16(c.f).data,
             t = hip_bfloat16::round_to_bfloat16(c.f, hip_bfloat16::truncate).data;
    RDNA4_EXPECT(r == c.rne && t == c.trunc, "host hip_bfloat16(%a): 0x%04x 0x%04x, want 0x%04x 0x%04x",
                 c.f, r, t, c.rne, c.trunc);
    bad += r != c.rne || t != c.trunc;
    hip_bfloat16 h(c.f), ht(c.f, hip_bfloat16::truncate);
    bad += h.data != c.rne || ht.data != c.trunc;
    bool z = iszero(ht);
    RDNA4_EXPECT(z == (c.f == 0.0f), "host iszero(%a)", c.f);
    bad += z != (c.f == 0.0f);
  }
  if (!bad) std::printf("hip_bfloat16 ok\n");
  return bad;
}

int main() {
  rdna4_test_begin();
  hipDeviceProp_t p;
  RDNA4_HIP_CHECK(hipGetDeviceProperties(&p, 0));
  run_f16(rdna4_is_emulator(p));
  run_f16_integers(rdna4_is_emulator(p));
  run_bf16();
  run_hip_bfloat16_host();
  return rdna4_test_end();
}
