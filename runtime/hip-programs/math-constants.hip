// <hip/hip_math_constants.h>: every constant, read on the device (ROCm defines HIP_INF_F &
// co. with device functions, __int_as_float), against the mathematics:
// - a named irrational constant (pi, ln 2, log2 e, sqrt(2 pi), ...) and its _HI part is the
//   binary64 / binary32 encoding nearest to the exact value, found here by rounding a
//   long double (64 significant bits) written from the constant's decimal expansion;
// - a _LO part completes its _HI: (long double)HI + LO is within 2^-62 (relative) of the
//   exact value, where HI alone is off by about 2^-54;
// - powers of two, zeros, ones, HIP_DBL2INT_CVT = 1.5 * 2^52, HIP_TRIG_PLOSS = 2^31 are
//   exact; HIP_MAX_NORMAL_F / HIP_NORM_HUGE_F the largest finite binary32, HIP_MIN_DENORM(_F)
//   the smallest subnormals; infinities and NaNs by their bits (ROCm's encodings: HIP_NAN_F
//   0x7fffffff, HIP_NAN 0xfff8000000000000, amd_hip_math_constants.h);
// - HIP_TRIG_PLOSS_F is ROCm's 105615.0f and HIP_REMQUO_BITS_F / _MASK_F are 3 / 7 (ROCm's
//   values: thresholds, not mathematical constants).
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: binary64 constants ok
// CHECK: binary32 constants ok
// CHECK: PASS
#include "rdna4_test.h"

#include <hip/hip_math_constants.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>

// Exact values (decimal expansions of the mathematical constants, 31 digits).
#define PI_L 3.141592653589793238462643383280e+0L
#define LN2_L 6.931471805599453094172321214582e-1L
#define LN10_L 2.302585092994045684017991454684e+0L
#define LOG2E_L 1.442695040888963407359924681002e+0L
#define LOG2_10_L 3.321928094887362347870319429489e+0L
#define LOG10_2_L 3.010299956639811952137388947245e-1L
#define LOG10E_L 4.342944819032518276511289189166e-1L
#define LNPI_L 1.144729885849400174143427351353e+0L
#define SQRT2_L 1.414213562373095048801688724210e+0L
#define SQRT_HALF_L 7.071067811865475244008443621048e-1L
#define SQRT_2PI_L 2.506628274631000502415765284811e+0L
#define SQRT_PIO2_L 1.253314137315500251207882642406e+0L
#define SQRT_2OPI_L 7.978845608028653558798921198688e-1L

// name, the exact value (long double) it must be the nearest binary64 to.
#define DOUBLES(X)                                                                          \
  X(HIP_PI, PI_L) X(HIP_PI_HI, PI_L) X(HIP_PIO2, PI_L / 2) X(HIP_PIO2_HI, PI_L / 2)          \
  X(HIP_PIO4, PI_L / 4) X(HIP_PIO4_HI, PI_L / 4) X(HIP_3PIO4, 3 * PI_L / 4)                   \
  X(HIP_2_OVER_PI, 2 / PI_L) X(HIP_SQRT_TWO, SQRT2_L) X(HIP_SQRT_HALF, SQRT_HALF_L)           \
  X(HIP_SQRT_HALF_HI, SQRT_HALF_L) X(HIP_THIRD, 1.0L / 3) X(HIP_TWOTHIRD, 2.0L / 3)           \
  X(HIP_L2E, LOG2E_L) X(HIP_L2E_HI, LOG2E_L) X(HIP_L2T, LOG2_10_L) X(HIP_LG2, LOG10_2_L)      \
  X(HIP_LG2_HI, LOG10_2_L) X(HIP_LGE, LOG10E_L) X(HIP_LGE_HI, LOG10E_L) X(HIP_LN2, LN2_L)     \
  X(HIP_LN2_HI, LN2_L) X(HIP_LNT, LN10_L) X(HIP_LNT_HI, LN10_L) X(HIP_LNPI, LNPI_L)           \
  X(HIP_SQRT_2PI, SQRT_2PI_L) X(HIP_SQRT_2PI_HI, SQRT_2PI_L) X(HIP_SQRT_PIO2, SQRT_PIO2_L)    \
  X(HIP_SQRT_PIO2_HI, SQRT_PIO2_L) X(HIP_SQRT_2OPI, SQRT_2OPI_L)                              \
  X(HIP_LN2_X_1024, LN2_L * 1024) X(HIP_LN2_X_1025, LN2_L * 1025)                             \
  X(HIP_LN2_X_1075, LN2_L * 1075) X(HIP_LG2_X_1024, LOG10_2_L * 1024)                         \
  X(HIP_LG2_X_1075, LOG10_2_L * 1075)                                                         \
  X(HIP_ZERO, 0.0L) X(HIP_ONE, 1.0L) X(HIP_TWO_TO_23, 0x1p23L) X(HIP_TWO_TO_52, 0x1p52L)      \
  X(HIP_TWO_TO_53, 0x1p53L) X(HIP_TWO_TO_54, 0x1p54L) X(HIP_TWO_TO_M54, 0x1p-54L)             \
  X(HIP_TWO_TO_M1022, 0x1p-1022L) X(HIP_TRIG_PLOSS, 0x1p31L) X(HIP_DBL2INT_CVT, 0x1.8p52L)   \
  X(HIP_MIN_DENORM, 0x1p-1074L)
// _LO name, its _HI, the exact value.
#define LOS(X)                                                                              \
  X(HIP_PI_LO, HIP_PI_HI, PI_L) X(HIP_PIO2_LO, HIP_PIO2_HI, PI_L / 2)                          \
  X(HIP_PIO4_LO, HIP_PIO4_HI, PI_L / 4) X(HIP_SQRT_HALF_LO, HIP_SQRT_HALF_HI, SQRT_HALF_L)     \
  X(HIP_L2E_LO, HIP_L2E_HI, LOG2E_L) X(HIP_LG2_LO, HIP_LG2_HI, LOG10_2_L)                      \
  X(HIP_LGE_LO, HIP_LGE_HI, LOG10E_L) X(HIP_LN2_LO, HIP_LN2_HI, LN2_L)                         \
  X(HIP_LNT_LO, HIP_LNT_HI, LN10_L) X(HIP_SQRT_2PI_LO, HIP_SQRT_2PI_HI, SQRT_2PI_L)            \
  X(HIP_SQRT_PIO2_LO, HIP_SQRT_PIO2_HI, SQRT_PIO2_L)
// name, the exact value it must be the nearest binary32 to.
#define FLOATS(X)                                                                           \
  X(HIP_PI_F, PI_L) X(HIP_PIO2_F, PI_L / 2) X(HIP_PIO4_F, PI_L / 4) X(HIP_3PIO4_F, 3 * PI_L / 4) \
  X(HIP_2_OVER_PI_F, 2 / PI_L) X(HIP_SQRT_2_OVER_PI_F, SQRT_2OPI_L) X(HIP_SQRT_TWO_F, SQRT2_L) \
  X(HIP_SQRT_HALF_F, SQRT_HALF_L) X(HIP_SQRT_HALF_HI_F, SQRT_HALF_L) X(HIP_THIRD_F, 1.0L / 3)  \
  X(HIP_L2E_F, LOG2E_L) X(HIP_L2T_F, LOG2_10_L) X(HIP_LG2_F, LOG10_2_L) X(HIP_LGE_F, LOG10E_L) \
  X(HIP_LN2_F, LN2_L) X(HIP_LNT_F, LN10_L) X(HIP_LNPI_F, LNPI_L)                               \
  X(HIP_SQRT_HALF_LO_F, SQRT_HALF_L - (long double)(float)SQRT_HALF_L)                         \
  X(HIP_ZERO_F, 0.0L) X(HIP_ONE_F, 1.0L) X(HIP_TWO_TO_M126_F, 0x1p-126L)                       \
  X(HIP_TWO_TO_126_F, 0x1p126L) X(HIP_TWO_TO_23_F, 0x1p23L) X(HIP_TWO_TO_24_F, 0x1p24L)        \
  X(HIP_TWO_TO_31_F, 0x1p31L) X(HIP_TWO_TO_32_F, 0x1p32L) X(HIP_MIN_DENORM_F, 0x1p-149L)       \
  X(HIP_MAX_NORMAL_F, (long double)FLT_MAX) X(HIP_NORM_HUGE_F, (long double)FLT_MAX)           \
  X(HIP_TRIG_PLOSS_F, 105615.0L)

#define DEV_VALUE(NAME, ...) (double)(NAME),
#define DEV_LO(NAME, HI, EXACT) (double)(NAME),
enum {
#define COUNT(NAME, ...) +1
  kDoubles = 0 DOUBLES(COUNT), kLos = 0 LOS(COUNT), kFloats = 0 FLOATS(COUNT),
#undef COUNT
  kSpecialD = 4, kSpecialF = 6
};

__global__ void constants(double* d, double* lo, float* f, uint64_t* sd, uint32_t* sf) {
  const double dv[] = {DOUBLES(DEV_VALUE)};
  const double lv[] = {LOS(DEV_LO)};
#define DEV_FLOAT(NAME, ...) (NAME),
  const float fv[] = {FLOATS(DEV_FLOAT)};
#undef DEV_FLOAT
  for (int i = 0; i < kDoubles; ++i) d[i] = dv[i];
  for (int i = 0; i < kLos; ++i) lo[i] = lv[i];
  for (int i = 0; i < kFloats; ++i) f[i] = fv[i];
  sd[0] = __builtin_bit_cast(uint64_t, HIP_INF);
  sd[1] = __builtin_bit_cast(uint64_t, HIP_NAN);
  sd[2] = __builtin_bit_cast(uint64_t, HIP_NEG_ZERO);
  sd[3] = __builtin_bit_cast(uint64_t, HIP_MIN_DENORM);
  sf[0] = __builtin_bit_cast(uint32_t, HIP_INF_F);
  sf[1] = __builtin_bit_cast(uint32_t, HIP_NAN_F);
  sf[2] = __builtin_bit_cast(uint32_t, HIP_NEG_ZERO_F);
  sf[3] = __builtin_bit_cast(uint32_t, HIP_MAX_NORMAL_F);
  sf[4] = HIP_REMQUO_BITS_F;
  sf[5] = HIP_REMQUO_MASK_F;
}

int main() {
  rdna4_test_begin();
  double *d, *lo;
  float* f;
  uint64_t* sd;
  uint32_t* sf;
  RDNA4_HIP_CHECK(hipMalloc(&d, kDoubles * 8));
  RDNA4_HIP_CHECK(hipMalloc(&lo, kLos * 8));
  RDNA4_HIP_CHECK(hipMalloc(&f, kFloats * 4));
  RDNA4_HIP_CHECK(hipMalloc(&sd, kSpecialD * 8));
  RDNA4_HIP_CHECK(hipMalloc(&sf, kSpecialF * 4));
  constants<<<1, 1>>>(d, lo, f, sd, sf);
  RDNA4_HIP_CHECK(hipGetLastError());
  double hd[kDoubles], hlo[kLos];
  float hf[kFloats];
  uint64_t hsd[kSpecialD];
  uint32_t hsf[kSpecialF];
  RDNA4_HIP_CHECK(hipMemcpy(hd, d, sizeof hd, hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipMemcpy(hlo, lo, sizeof hlo, hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipMemcpy(hf, f, sizeof hf, hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipMemcpy(hsd, sd, sizeof hsd, hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipMemcpy(hsf, sf, sizeof hsf, hipMemcpyDeviceToHost));

  int bad = 0;
  {
    struct Want { const char* name; long double exact; };
#define HOST_WANT(NAME, EXACT) {#NAME, EXACT},
    const Want want[] = {DOUBLES(HOST_WANT)};
#undef HOST_WANT
    for (int i = 0; i < kDoubles; ++i) {
      double w = (double)want[i].exact;  // nearest binary64 (round to nearest even)
      bool ok = std::memcmp(&hd[i], &w, 8) == 0;
      RDNA4_EXPECT(ok, "%s = %.17g, want %.17g", want[i].name, hd[i], w);
      bad += !ok;
    }
    struct WantLo { const char* name; double hi; long double exact; };
#define HOST_LO(NAME, HI, EXACT) {#NAME, (double)(HI), EXACT},
    const WantLo wlo[] = {LOS(HOST_LO)};
#undef HOST_LO
    for (int i = 0; i < kLos; ++i) {
      long double sum = (long double)wlo[i].hi + hlo[i], err = std::fabs(sum - wlo[i].exact);
      long double without = std::fabs((long double)wlo[i].hi - wlo[i].exact);
      bool ok = err <= std::ldexp(std::fabs(wlo[i].exact), -62) && without > 4 * err;
      RDNA4_EXPECT(ok, "%s = %.17g: HI + LO off by %Lg (HI alone %Lg)", wlo[i].name, hlo[i], err, without);
      bad += !ok;
    }
    const uint64_t special[kSpecialD] = {0x7ff0000000000000ull, 0xfff8000000000000ull,
                                         0x8000000000000000ull, 0x0000000000000001ull};
    static const char* sname[kSpecialD] = {"HIP_INF", "HIP_NAN", "HIP_NEG_ZERO", "HIP_MIN_DENORM"};
    for (int i = 0; i < kSpecialD; ++i) {
      RDNA4_EXPECT(hsd[i] == special[i], "%s bits 0x%016llx, want 0x%016llx", sname[i],
                   (unsigned long long)hsd[i], (unsigned long long)special[i]);
      bad += hsd[i] != special[i];
    }
  }
  if (!bad) std::printf("binary64 constants ok\n");
  int badf = 0;
  {
    struct Want { const char* name; long double exact; };
#define HOST_WANT(NAME, EXACT) {#NAME, EXACT},
    const Want want[] = {FLOATS(HOST_WANT)};
#undef HOST_WANT
    for (int i = 0; i < kFloats; ++i) {
      float w = (float)want[i].exact;  // nearest binary32
      bool ok = std::memcmp(&hf[i], &w, 4) == 0;
      RDNA4_EXPECT(ok, "%s = %.9g, want %.9g", want[i].name, hf[i], w);
      badf += !ok;
    }
    const uint32_t special[kSpecialF] = {0x7f800000u, 0x7fffffffu, 0x80000000u, 0x7f7fffffu, 3u, 7u};
    static const char* sname[kSpecialF] = {"HIP_INF_F", "HIP_NAN_F", "HIP_NEG_ZERO_F",
                                           "HIP_MAX_NORMAL_F", "HIP_REMQUO_BITS_F", "HIP_REMQUO_MASK_F"};
    for (int i = 0; i < kSpecialF; ++i) {
      RDNA4_EXPECT(hsf[i] == special[i], "%s = 0x%08x, want 0x%08x", sname[i], hsf[i], special[i]);
      badf += hsf[i] != special[i];
    }
  }
  if (!badf) std::printf("binary32 constants ok\n");
  RDNA4_HIP_CHECK(hipFree(d));
  RDNA4_HIP_CHECK(hipFree(lo));
  RDNA4_HIP_CHECK(hipFree(f));
  RDNA4_HIP_CHECK(hipFree(sd));
  RDNA4_HIP_CHECK(hipFree(sf));
  return rdna4_test_end();
}
