// Device math of <hip/hip_runtime.h> as a user writes it (sqrtf, fmaf, floor, std::sqrt,
// __expf, ...), in float and double, on special values (zeros, infinities, NaN, subnormals,
// halfway cases of rounding) and random operands, against a CPU reference in this file.
// Exact functions (the IEEE 754-2019 result, clauses 5.3-5.5 and 9.2 for the roundings,
// 5.4.1 for sqrt and fma) must match bit for bit: fabs fma fmin fmax floor ceil trunc rint
// nearbyintf round copysign ldexp, sqrt (float and double), float 1/sqrt as two rounded
// operations. double rsqrt: within 1 ulp of 1/sqrt(x) (HIP documents it as the reciprocal
// of the square root; computed as 1.0 / sqrt(x), two correctly rounded operations, whose
// error is below 1 ulp plus a rounding: the integer ulp distance is at most 1). nan(""), nanf(""):
// a quiet NaN (C 7.12.11.2; ROCm's __ocml_nan_f64 sets the quiet bit).
// Approximate functions get an error bound, each justified where it is checked: they lower
// to the hardware's transcendental instructions (v_exp_f32, v_log_f32, v_sin_f32, ...), which
// are approximations of about 1 ulp, not correctly rounded.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: float exact {{[0-9]+}} inputs ok
// CHECK: float approximate ok
// CHECK: double exact {{[0-9]+}} inputs ok
// CHECK: std:: forms ok
// CHECK: PASS
#include "rdna4_test.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

enum { kF = 27, kD = 14 };

__global__ void float_math(int n, const float* a, const float* b, const float* c, const int* e,
                           float* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = a[i], y = b[i], z = c[i];
  float* o = out + kF * i;
  o[0] = fabsf(x);
  o[1] = fmaf(x, y, z);
  o[2] = fminf(x, y);
  o[3] = fmaxf(x, y);
  o[4] = floorf(x);
  o[5] = ceilf(x);
  o[6] = truncf(x);
  o[7] = rintf(x);
  o[8] = roundf(x);
  o[9] = copysignf(x, y);
  o[10] = ldexpf(x, e[i]);
  o[11] = sqrtf(x);
  o[12] = rsqrtf(x);
  o[13] = __fsqrt_rn(x);
  o[14] = exp2f(x);
  o[15] = expf(x);
  o[16] = log2f(x);
  o[17] = logf(x);
  o[18] = sinf(x);
  o[19] = cosf(x);
  o[20] = __expf(x);
  o[21] = __logf(x);
  o[22] = __fdividef(x, y);
  o[23] = __frsqrt_rn(x);
  o[24] = sqrt(x) + fabs(x);  // the C++ float overloads
  o[25] = nearbyintf(x);
  o[26] = nanf("");
}

__global__ void double_math(int n, const double* a, const double* b, const double* c, const int* e,
                            double* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = a[i], y = b[i], z = c[i];
  double* o = out + kD * i;
  o[0] = fabs(x);
  o[1] = fma(x, y, z);
  o[2] = fmin(x, y);
  o[3] = fmax(x, y);
  o[4] = floor(x);
  o[5] = ceil(x);
  o[6] = trunc(x);
  o[7] = rint(x);
  o[8] = round(x);
  o[9] = copysign(x, y);
  o[10] = ldexp(x, e[i]);
  o[11] = sqrt(x);
  o[12] = rsqrt(x);
  o[13] = nan("");
}

__global__ void std_forms(float x, double y, float* of, double* od) {
  of[0] = std::sqrt(x);
  of[1] = std::fabs(-x);
  of[2] = std::fma(x, x, x);
  of[3] = std::floor(x);
  of[4] = std::fmax(x, 2.0f);
  od[0] = std::sqrt(y);
  od[1] = std::fabs(-y);
  od[2] = std::ceil(y);
}

// ---- CPU reference --------------------------------------------------------------------
static uint32_t rng_state = 7;
static uint32_t rnd() { rng_state = rng_state * 1664525u + 1013904223u; return rng_state; }
static uint64_t rnd64() { return ((uint64_t)rnd() << 32) ^ rnd(); }

static uint32_t fbits(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }
static uint64_t dbits(double d) { uint64_t u; std::memcpy(&u, &d, 8); return u; }
static float fval(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }
static double dval(uint64_t u) { double d; std::memcpy(&d, &u, 8); return d; }

// Same value, or both NaN (the NaN's payload and sign are not checked).
static bool same_f(float got, float want) {
  return std::isnan(want) ? std::isnan(got) : fbits(got) == fbits(want);
}
static bool same_d(double got, double want) {
  return std::isnan(want) ? std::isnan(got) : dbits(got) == dbits(want);
}
// Distance in ulps of `got` from the exact value `want` (held in double), measured in
// units of the float spacing at want.
static double ulps(float got, double want) {
  if (std::isnan(want) || std::isnan(got)) return std::isnan(want) == std::isnan(got) ? 0 : 1e9;
  if (std::isinf(want) || std::isinf(got)) return (double)got == want ? 0 : 1e9;
  int ex;
  std::frexp(want, &ex);
  double ulp = std::ldexp(1.0, std::max(ex - 24, -149));
  return std::fabs((double)got - want) / ulp;
}

#define CHECK_ONE(cond, ...)           \
  do {                                 \
    if (!(cond)) {                     \
      RDNA4_EXPECT(false, __VA_ARGS__); \
      ok = false;                      \
    }                                  \
  } while (0)

static const float kSpecialF[] = {
    0.0f, -0.0f, 1.0f, -1.0f, 0.5f, -0.5f, 1.5f, 2.5f, -2.5f, 3.5f, 0.49999997f, -0.49999997f,
    8388607.5f, -8388607.5f, 8388608.0f, 16777215.0f, 2.0f, 4.0f, 0.25f, 3.0f, 10.0f, 100.0f,
    1e-3f, 1e30f, -1e30f, 3.4028235e38f, 1.17549435e-38f, 1e-40f, -1e-40f, 1.4e-45f,
    INFINITY, -INFINITY, NAN, 3.14159265f, -3.14159265f, 1.57079633f, 0.1f, -7.75f};

static bool approx_ok = true;

static bool run_float(int* count) {
  std::vector<float> a, b, c;
  std::vector<int> e;
  const int ns = sizeof(kSpecialF) / sizeof(kSpecialF[0]);
  for (int i = 0; i < ns; ++i)
    for (int j = 0; j < ns; ++j) {
      a.push_back(kSpecialF[i]);
      b.push_back(kSpecialF[j]);
      c.push_back(kSpecialF[(i + j) % ns]);
      e.push_back((int)(rnd() % 41) - 20);
    }
  for (int i = 0; i < 6000; ++i) {
    uint32_t u;
    do u = rnd(); while ((u & 0x7f800000u) == 0x7f800000u);  // finite bit patterns
    if (i % 3 == 0)  // near 1: the range of the approximate functions' checks
      u = (u & 0x807fffffu) | ((uint32_t)(124 + rnd() % 8) << 23);
    a.push_back(fval(u));
    b.push_back(fval((rnd() & 0x807fffffu) | ((uint32_t)(100 + rnd() % 56) << 23)));
    c.push_back(fval((rnd() & 0x807fffffu) | ((uint32_t)(100 + rnd() % 56) << 23)));
    e.push_back((int)(rnd() % 300) - 150);
  }
  const int n = (int)a.size();
  *count = n;
  float *da, *db, *dc, *dout;
  int* de;
  RDNA4_HIP_CHECK(hipMalloc(&da, n * 4));
  RDNA4_HIP_CHECK(hipMalloc(&db, n * 4));
  RDNA4_HIP_CHECK(hipMalloc(&dc, n * 4));
  RDNA4_HIP_CHECK(hipMalloc(&de, n * 4));
  RDNA4_HIP_CHECK(hipMalloc(&dout, (size_t)kF * n * 4));
  RDNA4_HIP_CHECK(hipMemcpy(da, a.data(), n * 4, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemcpy(db, b.data(), n * 4, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemcpy(dc, c.data(), n * 4, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemcpy(de, e.data(), n * 4, hipMemcpyHostToDevice));
  hipLaunchKernelGGL(float_math, dim3((n + 255) / 256), dim3(256), 0, 0, n, da, db, dc, de, dout);
  RDNA4_HIP_CHECK(hipGetLastError());
  std::vector<float> out((size_t)kF * n);
  RDNA4_HIP_CHECK(hipMemcpy(out.data(), dout, out.size() * 4, hipMemcpyDeviceToHost));
  (void)hipFree(da); (void)hipFree(db); (void)hipFree(dc); (void)hipFree(de); (void)hipFree(dout);

  bool ok = true;
  static const char* names[] = {"fabsf", "fmaf", "fminf", "fmaxf", "floorf", "ceilf", "truncf",
                                "rintf", "roundf", "copysignf", "ldexpf", "sqrtf", "rsqrtf",
                                "__fsqrt_rn", "exp2f", "expf", "log2f", "logf", "sinf", "cosf",
                                "__expf", "__logf", "__fdividef", "__frsqrt_rn", "sqrt+fabs"};
  for (int i = 0; i < n; ++i) {
    const float x = a[i], y = b[i], z = c[i];
    const float* o = &out[(size_t)kF * i];
    // Exact: the host's libm gives the correctly rounded result for these (glibc's fmaf,
    // sqrtf, rintf in round-to-nearest are exact operations).
    float want[14] = {std::fabs(x), std::fma(x, y, z), std::fmin(x, y), std::fmax(x, y),
                      std::floor(x), std::ceil(x), std::trunc(x), std::rint(x), std::round(x),
                      std::copysign(x, y), std::ldexp(x, e[i]), std::sqrt(x), 1.0f / std::sqrt(x),
                      std::sqrt(x)};
    for (int j = 0; j < 14; ++j) {
      // minNum/maxNum of +0 and -0 may return either zero (IEEE 754-2008 5.3.1).
      if ((j == 2 || j == 3) && x == 0 && y == 0) {
        CHECK_ONE(o[j] == 0, "%s(%a, %a) = %a, want a zero", names[j], x, y, o[j]);
        continue;
      }
      CHECK_ONE(same_f(o[j], want[j]), "%s(x=%a y=%a z=%a e=%d) = %a (0x%08x), want %a (0x%08x)",
                names[j], x, y, z, e[i], o[j], fbits(o[j]), want[j], fbits(want[j]));
    }
    CHECK_ONE(same_f(o[24], std::sqrt(x) + std::fabs(x)), "sqrt(float)+fabs(float)(%a) = %a", x, o[24]);
    // nearbyintf: roundToIntegralTiesToEven (IEEE 754-2019 5.9) in the default rounding mode.
    CHECK_ONE(same_f(o[25], std::nearbyint(x)), "nearbyintf(%a) = %a, want %a", x, o[25], std::nearbyint(x));
    CHECK_ONE(std::isnan(o[26]) && (fbits(o[26]) & 0x00400000u), "nanf(\"\") = 0x%08x", fbits(o[26]));

    // Approximate. Bounds: the hardware's transcendental instructions are specified to
    // about 1 ulp (AMD RDNA4 ISA reference guide, V_EXP_F32 / V_LOG_F32 / V_SQRT_F32 /
    // V_RSQ_F32 / V_RCP_F32); LLVM's expansion of exp/log adds the rounding of its
    // argument scaling. 2 ulp for exp2f/log2f, 3 for expf/logf.
    const bool fin = std::isfinite(x);
    auto approx = [&](int j, double want, double tol_ulps, double tol_abs) {
      double u = ulps(o[j], want);
      if (u <= tol_ulps || std::fabs((double)o[j] - want) <= tol_abs) return;
      approx_ok = false;
      RDNA4_EXPECT(false, "%s(%a) = %a, want %a (%.2f ulp, bound %.1f ulp / %g abs)", names[j], x,
                o[j], want, u, tol_ulps, tol_abs);
    };
    if (fin && x >= -125 && x <= 127) approx(14, std::exp2((double)x), 2, 0);
    if (fin && x >= -86 && x <= 88) approx(15, std::exp((double)x), 3, 0);
    if (fin && x > 0 && x >= 1.17549435e-38f) {
      // log near 1 is small: its error is absolute (the instruction's error is relative to
      // log2(x)'s magnitude plus rounding of x itself), so also accept 2^-22 absolute.
      approx(16, std::log2((double)x), 2, 0x1p-22);
      approx(17, std::log((double)x), 3, 0x1p-22);
    }
    if (fin && std::fabs(x) <= 3.14159265f) {
      // sin/cos: x * (1 / (2 pi)) is rounded to float before v_sin_f32 / v_cos_f32, an
      // absolute error up to |x| * 2^-24 in the angle; the instruction adds about 2^-22.
      // Bound: 2^-20 absolute, or 2 ulp.
      approx(18, std::sin((double)x), 2, 0x1p-20);
      approx(19, std::cos((double)x), 2, 0x1p-20);
    }
    if (fin && std::fabs(x) <= 10) {
      // __expf: v_exp_f32(x * log2(e)); the product's rounding (|x log2 e| * 2^-24 in the
      // exponent) becomes a relative error of about |x| ulp in the result; plus 2 ulp.
      approx(20, std::exp((double)x), 2 + std::fabs(x), 0);
    }
    if (fin && x >= 1.17549435e-38f) approx(21, std::log((double)x), 3, 0x1p-21);
    if (fin && std::isfinite(y) && std::fabs(y) >= 0x1p-126f && std::fabs(y) <= 0x1p126f &&
        std::isnormal(x / y))
      approx(22, (double)x / (double)y, 2, 0);  // x * rcp(y): 1 ulp + 1 rounding
    if (fin && x >= 1.17549435e-38f) approx(23, 1.0 / std::sqrt((double)x), 1, 0);
  }
  return ok;
}

static const double kSpecialD[] = {0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5,
                                   0.49999999999999994, 4503599627370495.5, -4503599627370495.5,
                                   4503599627370496.0, 2.0, 3.0, 1e300, -1e300, 1.7976931348623157e308,
                                   2.2250738585072014e-308, 5e-324, -5e-324, 1e-310, INFINITY,
                                   -INFINITY, NAN, 0.1, -7.75, 1e-3};

static bool run_double(int* count) {
  std::vector<double> a, b, c;
  std::vector<int> e;
  const int ns = sizeof(kSpecialD) / sizeof(kSpecialD[0]);
  for (int i = 0; i < ns; ++i)
    for (int j = 0; j < ns; ++j) {
      a.push_back(kSpecialD[i]);
      b.push_back(kSpecialD[j]);
      c.push_back(kSpecialD[(i + j) % ns]);
      e.push_back((int)(rnd() % 41) - 20);
    }
  for (int i = 0; i < 4000; ++i) {
    uint64_t u;
    do u = rnd64(); while ((u >> 52 & 0x7ff) == 0x7ff);
    a.push_back(dval(u));
    b.push_back(dval((rnd64() & 0x800fffffffffffffull) | ((uint64_t)(900 + rnd() % 240) << 52)));
    c.push_back(dval((rnd64() & 0x800fffffffffffffull) | ((uint64_t)(900 + rnd() % 240) << 52)));
    e.push_back((int)(rnd() % 2200) - 1100);
  }
  const int n = (int)a.size();
  *count = n;
  double *da, *db, *dc, *dout;
  int* de;
  RDNA4_HIP_CHECK(hipMalloc(&da, n * 8));
  RDNA4_HIP_CHECK(hipMalloc(&db, n * 8));
  RDNA4_HIP_CHECK(hipMalloc(&dc, n * 8));
  RDNA4_HIP_CHECK(hipMalloc(&de, n * 4));
  RDNA4_HIP_CHECK(hipMalloc(&dout, (size_t)kD * n * 8));
  RDNA4_HIP_CHECK(hipMemcpy(da, a.data(), n * 8, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemcpy(db, b.data(), n * 8, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemcpy(dc, c.data(), n * 8, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemcpy(de, e.data(), n * 4, hipMemcpyHostToDevice));
  hipLaunchKernelGGL(double_math, dim3((n + 255) / 256), dim3(256), 0, 0, n, da, db, dc, de, dout);
  RDNA4_HIP_CHECK(hipGetLastError());
  std::vector<double> out((size_t)kD * n);
  RDNA4_HIP_CHECK(hipMemcpy(out.data(), dout, out.size() * 8, hipMemcpyDeviceToHost));
  (void)hipFree(da); (void)hipFree(db); (void)hipFree(dc); (void)hipFree(de); (void)hipFree(dout);

  bool ok = true;
  static const char* names[] = {"fabs", "fma", "fmin", "fmax", "floor", "ceil", "trunc",
                                "rint", "round", "copysign", "ldexp", "sqrt"};
  for (int i = 0; i < n; ++i) {
    const double x = a[i], y = b[i], z = c[i];
    const double* o = &out[(size_t)kD * i];
    double want[12] = {std::fabs(x), std::fma(x, y, z), std::fmin(x, y), std::fmax(x, y),
                       std::floor(x), std::ceil(x), std::trunc(x), std::rint(x), std::round(x),
                       std::copysign(x, y), std::ldexp(x, e[i]), std::sqrt(x)};
    for (int j = 0; j < 12; ++j) {
      if ((j == 2 || j == 3) && x == 0 && y == 0) {
        CHECK_ONE(o[j] == 0, "%s(%a, %a) = %a, want a zero", names[j], x, y, o[j]);
        continue;
      }
      CHECK_ONE(same_d(o[j], want[j]), "%s(x=%a y=%a z=%a e=%d) = %a, want %a", names[j], x, y,
                z, e[i], o[j], want[j]);
    }
    // rsqrt: the correctly rounded 1/sqrt(x) (from long double, 64 significant bits, rounded
    // once more to double: at most 1 ulp from the exact value's nearest) within 1 ulp.
    {
      double want = (double)(1.0L / std::sqrt((long double)x));
      bool close = same_d(o[12], want);
      if (!close && std::isfinite(want) && std::isfinite(o[12]) && want != 0 &&
          std::signbit(o[12]) == std::signbit(want)) {
        uint64_t g = dbits(o[12]), w = dbits(want);
        close = (g > w ? g - w : w - g) <= 1;
      }
      CHECK_ONE(close, "rsqrt(%a) = %a, want %a within 1 ulp", x, o[12], want);
    }
    CHECK_ONE(std::isnan(o[13]) && (dbits(o[13]) & 0x0008000000000000ull), "nan(\"\") = 0x%016llx",
              (unsigned long long)dbits(o[13]));
  }
  return ok;
}

static bool run_std() {
  float* of;
  double* od;
  RDNA4_HIP_CHECK(hipMalloc(&of, 5 * 4));
  RDNA4_HIP_CHECK(hipMalloc(&od, 3 * 8));
  hipLaunchKernelGGL(std_forms, dim3(1), dim3(1), 0, 0, 2.25f, 6.25, of, od);
  RDNA4_HIP_CHECK(hipGetLastError());
  float f[5];
  double d[3];
  RDNA4_HIP_CHECK(hipMemcpy(f, of, sizeof f, hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipMemcpy(d, od, sizeof d, hipMemcpyDeviceToHost));
  (void)hipFree(of); (void)hipFree(od);
  bool ok = true;
  // All exact: 1.5^2 = 2.25, 2.25*2.25+2.25 = 7.3125, 2.5^2 = 6.25.
  CHECK_ONE(f[0] == 1.5f && f[1] == 2.25f && f[2] == 7.3125f && f[3] == 2.0f && f[4] == 2.25f,
            "std float forms: %a %a %a %a %a", f[0], f[1], f[2], f[3], f[4]);
  CHECK_ONE(d[0] == 2.5 && d[1] == 6.25 && d[2] == 7.0, "std double forms: %a %a %a", d[0], d[1], d[2]);
  return ok;
}

int main() {
  rdna4_test_begin();
  int n = 0;
  if (run_float(&n)) std::printf("float exact %d inputs ok\n", n);
  if (approx_ok) std::printf("float approximate ok\n");
  if (run_double(&n)) std::printf("double exact %d inputs ok\n", n);
  if (run_std()) std::printf("std:: forms ok\n");
  return rdna4_test_end();
}
