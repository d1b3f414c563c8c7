// Division and the 64-bit conversions as a user writes them (x / y, 1.0f / y, a % b, (float)i64,
// (int64_t)d, ...): LLVM expands each into a sequence (v_div_scale / v_rcp / v_fma / v_div_fmas /
// v_div_fixup for float and double division; v_cvt_f32_u32 / v_rcp_iflag_f32 / v_mul_hi and
// corrections for integer division; v_clz / shifts / v_ldexp for 64-bit integer to float; v_trunc /
// v_fma / v_cvt_u32_f64 for float to 64-bit integer), so one wrong instruction semantic anywhere in
// it shows as a wrong quotient. The reference is the host's own arithmetic: IEEE 754-2019 division
// is correctly rounded (clause 5.4.1), integer division and remainder are exact, a conversion from
// an integer rounds to nearest even (5.4.1) and one to an integer truncates (C++ [conv.fpint]).
// HIP divides float correctly rounded by default (clang's -fhip-fp32-correctly-rounded-divide-sqrt).
// Operands: special values in every pair (zeros, infinities, NaN, subnormals, the extremes, values
// whose quotient overflows or underflows) and random bits over the whole range.
// On the emulator the result rests on its reading of the division helpers (their pseudocode
// leaves the scaling, the rounding and the overflow clause open; docs/facts/unverified.md).
// ASSUMES: div_scale_cases div_fmas_scale div_fixup_overflow
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: float division {{[0-9]+}} inputs ok
// CHECK: double division {{[0-9]+}} inputs ok
// CHECK: integer division {{[0-9]+}} inputs ok
// CHECK: 64-bit conversions {{[0-9]+}} inputs ok
// CHECK: PASS
#include "rdna4_test.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

__global__ void float_div(int n, const float* a, const float* b, float* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[2 * i] = a[i] / b[i];
  out[2 * i + 1] = 1.0f / b[i];
}

__global__ void double_div(int n, const double* a, const double* b, double* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[2 * i] = a[i] / b[i];
  out[2 * i + 1] = 1.0 / b[i];
}

// Eight results per input pair: i32 / %, u32 / %, i64 / %, u64 / %.
__global__ void int_div(int n, const int32_t* a, const int32_t* b, const int64_t* c, const int64_t* d,
                        int64_t* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int32_t x = a[i], y = b[i];
  const int64_t p = c[i], q = d[i];
  int64_t* o = out + 8 * i;
  o[0] = x / y;
  o[1] = x % y;
  o[2] = (uint32_t)x / (uint32_t)y;
  o[3] = (uint32_t)x % (uint32_t)y;
  o[4] = p / q;
  o[5] = p % q;
  o[6] = (int64_t)((uint64_t)p / (uint64_t)q);
  o[7] = (int64_t)((uint64_t)p % (uint64_t)q);
}

// 64-bit integers to float and double, and float / double to 64-bit integers (inputs in range).
__global__ void cvt64(int n, const int64_t* a, const double* x, const float* y, float* of, double* od,
                      int64_t* oi) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  of[2 * i] = (float)a[i];
  of[2 * i + 1] = (float)(uint64_t)a[i];
  od[2 * i] = (double)a[i];
  od[2 * i + 1] = (double)(uint64_t)a[i];
  oi[4 * i] = (int64_t)x[i];
  oi[4 * i + 1] = (int64_t)(uint64_t)std::fabs(x[i]);
  oi[4 * i + 2] = (int64_t)y[i];
  oi[4 * i + 3] = (int64_t)(uint64_t)std::fabs(y[i]);
}

// ---- CPU reference and inputs ----------------------------------------------------------
static uint32_t rng_state = 12345;
static uint32_t rnd() { rng_state = rng_state * 1664525u + 1013904223u; return rng_state; }
static uint64_t rnd64() { return ((uint64_t)rnd() << 32) ^ rnd(); }

static uint32_t fbits(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }
static uint64_t dbits(double d) { uint64_t u; std::memcpy(&u, &d, 8); return u; }
static float fval(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }
static double dval(uint64_t u) { double d; std::memcpy(&d, &u, 8); return d; }
// Same bits, or both NaN (a NaN's payload and sign are not checked).
static bool same_f(float got, float want) { return std::isnan(want) ? std::isnan(got) : fbits(got) == fbits(want); }
static bool same_d(double got, double want) { return std::isnan(want) ? std::isnan(got) : dbits(got) == dbits(want); }

// `bad` counts the wrong results of a section (its summary line names the count).
#define CHECK_ONE(cond, ...)            \
  do {                                  \
    if (!(cond)) {                      \
      RDNA4_EXPECT(false, __VA_ARGS__); \
      ok = false;                       \
      ++bad;                            \
    }                                   \
  } while (0)
static int bad = 0;
static void summary(const char* what, int n) {
  if (bad) std::printf("%s: %d wrong results over %d inputs\n", what, bad, n);
  bad = 0;
}

static const float kSpecialF[] = {
    0.0f, -0.0f, 1.0f, -1.0f, 3.0f, -7.0f, 0.1f, 10.0f, 1e-3f, 1e30f, -1e30f, 3.4028235e38f,
    -3.4028235e38f, 1.17549435e-38f, 5.877472e-39f, 1e-40f, -1e-40f, 1.4e-45f, -1.4e-45f,
    1.9999999f, 0.99999994f, 16777215.0f, 8.507059e37f, 2.3509886e-38f, INFINITY, -INFINITY, NAN};
static const double kSpecialD[] = {
    0.0, -0.0, 1.0, -1.0, 3.0, -7.0, 0.1, 10.0, 1e-3, 1e300, -1e300, 1.7976931348623157e308,
    -1.7976931348623157e308, 2.2250738585072014e-308, 1.1125369292536007e-308, 1e-310, -1e-310,
    5e-324, -5e-324, 1.9999999999999998, 0.9999999999999999, 9007199254740991.0,
    4.49423283715579e307, 4.450147717014403e-308, INFINITY, -INFINITY, NAN};

// Random bits over the whole range (NaN and infinities included), one time in eight an exponent
// near 1's so that ordinary quotients are common too.
static float rnd_float() {
  uint32_t u = rnd();
  if ((u & 7) == 0) u = (u & 0x807fffffu) | ((100 + rnd() % 56) << 23);  // near 1
  return fval(u);
}
static double rnd_double() {
  uint64_t u = rnd64();
  if ((u & 7) == 0) u = (u & 0x800fffffffffffffull) | ((uint64_t)(900 + rnd() % 240) << 52);
  return dval(u);
}

template <class T>
static T* to_device(const std::vector<T>& v) {
  T* p;
  RDNA4_HIP_CHECK(hipMalloc(&p, v.size() * sizeof(T) + 8));
  RDNA4_HIP_CHECK(hipMemcpy(p, v.data(), v.size() * sizeof(T), hipMemcpyHostToDevice));
  return p;
}
template <class T>
static std::vector<T> from_device(const T* p, size_t n) {
  std::vector<T> v(n);
  RDNA4_HIP_CHECK(hipMemcpy(v.data(), p, n * sizeof(T), hipMemcpyDeviceToHost));
  return v;
}
static dim3 grid_for(int n) { return dim3((n + 255) / 256); }

static bool run_float(int* count) {
  std::vector<float> a, b;
  for (float x : kSpecialF)
    for (float y : kSpecialF) a.push_back(x), b.push_back(y);
  for (int i = 0; i < 20000; ++i) {
    a.push_back(rnd_float());
    b.push_back(rnd_float());
  }
  const int n = (int)a.size();
  *count = n;
  float *da = to_device(a), *db = to_device(b), *dout;
  RDNA4_HIP_CHECK(hipMalloc(&dout, 2 * (size_t)n * 4));
  hipLaunchKernelGGL(float_div, grid_for(n), dim3(256), 0, 0, n, da, db, dout);
  RDNA4_HIP_CHECK(hipGetLastError());
  std::vector<float> o = from_device(dout, 2 * (size_t)n);
  (void)hipFree(da); (void)hipFree(db); (void)hipFree(dout);
  bool ok = true;
  for (int i = 0; i < n; ++i) {
    const float x = a[i], y = b[i];
    CHECK_ONE(same_f(o[2 * i], x / y), "%a / %a = %a (0x%08x), want %a (0x%08x)", x, y, o[2 * i],
              fbits(o[2 * i]), x / y, fbits(x / y));
    CHECK_ONE(same_f(o[2 * i + 1], 1.0f / y), "1.0f / %a = %a (0x%08x), want %a (0x%08x)", y, o[2 * i + 1],
              fbits(o[2 * i + 1]), 1.0f / y, fbits(1.0f / y));
  }
  return ok;
}

static bool run_double(int* count) {
  std::vector<double> a, b;
  for (double x : kSpecialD)
    for (double y : kSpecialD) a.push_back(x), b.push_back(y);
  for (int i = 0; i < 20000; ++i) {
    a.push_back(rnd_double());
    b.push_back(rnd_double());
  }
  const int n = (int)a.size();
  *count = n;
  double *da = to_device(a), *db = to_device(b), *dout;
  RDNA4_HIP_CHECK(hipMalloc(&dout, 2 * (size_t)n * 8));
  hipLaunchKernelGGL(double_div, grid_for(n), dim3(256), 0, 0, n, da, db, dout);
  RDNA4_HIP_CHECK(hipGetLastError());
  std::vector<double> o = from_device(dout, 2 * (size_t)n);
  (void)hipFree(da); (void)hipFree(db); (void)hipFree(dout);
  bool ok = true;
  for (int i = 0; i < n; ++i) {
    const double x = a[i], y = b[i];
    CHECK_ONE(same_d(o[2 * i], x / y), "%a / %a = %a, want %a", x, y, o[2 * i], x / y);
    CHECK_ONE(same_d(o[2 * i + 1], 1.0 / y), "1.0 / %a = %a, want %a", y, o[2 * i + 1], 1.0 / y);
  }
  return ok;
}

// Integer operands: specials (0 excluded as a divisor, INT_MIN / -1 avoided: both undefined in
// C++) and random values of random widths, so small and large quotients both occur.
static int64_t rnd_width64() { return (int64_t)(rnd64() >> (rnd() % 64)) * ((rnd() & 1) ? 1 : -1); }
static int32_t rnd_width32() { return (int32_t)(rnd() >> (rnd() % 32)) * ((rnd() & 1) ? 1 : -1); }

static bool run_int(int* count) {
  const int32_t s32[] = {0, 1, -1, 2, -2, 3, 7, 10, 255, 256, 65535, 65536, 0x7fffffff, -0x7fffffff - 1,
                         0x7ffffffe, 0x10000001, -0x10000001, 0x55555555, 123456789};
  const int64_t s64[] = {0, 1, -1, 2, 3, 10, 0xffffffffll, 0x100000000ll, 0x100000001ll, -0x100000000ll,
                         0x7fffffffffffffffll, -0x7fffffffffffffffll - 1, 0x7ffffffffffffffell,
                         0x5555555555555555ll, 1000000007ll, 0x0000ffffffffffffll, -0x0001000000000000ll};
  std::vector<int32_t> a, b;
  std::vector<int64_t> c, d;
  const size_t n32 = sizeof s32 / sizeof s32[0], n64 = sizeof s64 / sizeof s64[0];
  for (size_t i = 0; i < n32 * n64; ++i) {
    a.push_back(s32[i % n32]);
    b.push_back(s32[(i / n32 * 7 + i) % n32]);
    c.push_back(s64[i % n64]);
    d.push_back(s64[(i / n64 * 5 + i) % n64]);
  }
  for (int i = 0; i < 20000; ++i) {
    a.push_back(rnd_width32());
    b.push_back(rnd_width32());
    c.push_back(rnd_width64());
    d.push_back(rnd_width64());
  }
  for (size_t i = 0; i < a.size(); ++i) {
    if (b[i] == 0 || (a[i] == std::numeric_limits<int32_t>::min() && b[i] == -1)) b[i] = 3;
    if (d[i] == 0 || (c[i] == std::numeric_limits<int64_t>::min() && d[i] == -1)) d[i] = 5;
  }
  const int n = (int)a.size();
  *count = n;
  int32_t *da = to_device(a), *db = to_device(b);
  int64_t *dc = to_device(c), *dd = to_device(d), *dout;
  RDNA4_HIP_CHECK(hipMalloc(&dout, 8 * (size_t)n * 8));
  hipLaunchKernelGGL(int_div, grid_for(n), dim3(256), 0, 0, n, da, db, dc, dd, dout);
  RDNA4_HIP_CHECK(hipGetLastError());
  std::vector<int64_t> o = from_device(dout, 8 * (size_t)n);
  (void)hipFree(da); (void)hipFree(db); (void)hipFree(dc); (void)hipFree(dd); (void)hipFree(dout);
  bool ok = true;
  static const char* what[] = {"i32 /", "i32 %", "u32 /", "u32 %", "i64 /", "i64 %", "u64 /", "u64 %"};
  for (int i = 0; i < n; ++i) {
    const int32_t x = a[i], y = b[i];
    const int64_t p = c[i], q = d[i];
    const int64_t want[8] = {x / y, x % y, (uint32_t)x / (uint32_t)y, (uint32_t)x % (uint32_t)y, p / q, p % q,
                             (int64_t)((uint64_t)p / (uint64_t)q), (int64_t)((uint64_t)p % (uint64_t)q)};
    for (int k = 0; k < 8; ++k) {
      const long long l = k < 4 ? x : p, r = k < 4 ? y : q;
      CHECK_ONE(o[8 * i + k] == want[k], "%s: %lld, %lld gives %lld, want %lld", what[k], l, r,
                (long long)o[8 * i + k], (long long)want[k]);
    }
  }
  return ok;
}

static bool run_cvt(int* count) {
  std::vector<int64_t> a;
  std::vector<double> x;
  std::vector<float> y;
  const int64_t s64[] = {0, 1, -1, 0x7fffffffffffffffll, -0x7fffffffffffffffll - 1, 0x20000000000001ll,
                         0x20000000000003ll, 0x1000001ll, 0x1000003ll, 0xffffffffll, 0x100000000ll,
                         (int64_t)0x8000008000000001ull, 0x7fffff8000000000ll, 0x7fffffc000000000ll};
  for (int64_t v : s64) a.push_back(v);
  for (int i = 0; i < 20000; ++i) a.push_back(rnd_width64());
  // Float inputs: integral and fractional values whose truncation fits int64 / uint64.
  const double sd[] = {0.0, -0.0, 0.5, -0.5, 1.0, -1.75, 4503599627370495.5, 9007199254740993.0,
                       9.2233720368547748e18, -9.2233720368547758e18, 1.8446744073709550e19, 1e-300};
  for (size_t i = 0; i < a.size(); ++i) {
    double v;
    if (i < sizeof sd / sizeof sd[0]) {
      v = sd[i];
    } else {
      const int e = (int)(rnd() % 66) - 2;  // magnitudes 2^-2 .. 2^63
      v = std::ldexp((double)(rnd64() >> 11) / 9007199254740992.0, e) * ((rnd() & 1) ? 1 : -1);
    }
    x.push_back(v);
    float f = (float)v;
    if (std::fabs((double)f) >= 9.2233720368547758e18) f = (float)(v / 4);  // keep the float below 2^63
    y.push_back(f);
  }
  const int n = (int)a.size();
  *count = n;
  int64_t* da = to_device(a);
  double* dx = to_device(x);
  float* dy = to_device(y);
  float* of;
  double* od;
  int64_t* oi;
  RDNA4_HIP_CHECK(hipMalloc(&of, 2 * (size_t)n * 4));
  RDNA4_HIP_CHECK(hipMalloc(&od, 2 * (size_t)n * 8));
  RDNA4_HIP_CHECK(hipMalloc(&oi, 4 * (size_t)n * 8));
  hipLaunchKernelGGL(cvt64, grid_for(n), dim3(256), 0, 0, n, da, dx, dy, of, od, oi);
  RDNA4_HIP_CHECK(hipGetLastError());
  std::vector<float> f = from_device(of, 2 * (size_t)n);
  std::vector<double> g = from_device(od, 2 * (size_t)n);
  std::vector<int64_t> h = from_device(oi, 4 * (size_t)n);
  (void)hipFree(da); (void)hipFree(dx); (void)hipFree(dy); (void)hipFree(of); (void)hipFree(od); (void)hipFree(oi);
  bool ok = true;
  for (int i = 0; i < n; ++i) {
    const int64_t v = a[i];
    CHECK_ONE(same_f(f[2 * i], (float)v), "(float)%lld = %a, want %a", (long long)v, f[2 * i], (float)v);
    CHECK_ONE(same_f(f[2 * i + 1], (float)(uint64_t)v), "(float)%llu = %a, want %a", (unsigned long long)v,
              f[2 * i + 1], (float)(uint64_t)v);
    CHECK_ONE(same_d(g[2 * i], (double)v), "(double)%lld = %a, want %a", (long long)v, g[2 * i], (double)v);
    CHECK_ONE(same_d(g[2 * i + 1], (double)(uint64_t)v), "(double)%llu = %a, want %a", (unsigned long long)v,
              g[2 * i + 1], (double)(uint64_t)v);
    const double xd = x[i];
    const float yf = y[i];
    const bool x_fits = std::fabs(xd) < 9.2233720368547758e18, ux_fits = std::fabs(xd) < 1.8446744073709552e19;
    if (x_fits)
      CHECK_ONE(h[4 * i] == (int64_t)xd, "(int64_t)%a = %lld, want %lld", xd, (long long)h[4 * i],
                (long long)(int64_t)xd);
    if (ux_fits)
      CHECK_ONE(h[4 * i + 1] == (int64_t)(uint64_t)std::fabs(xd), "(uint64_t)%a = %llu, want %llu", std::fabs(xd),
                (unsigned long long)h[4 * i + 1], (unsigned long long)(uint64_t)std::fabs(xd));
    CHECK_ONE(h[4 * i + 2] == (int64_t)yf, "(int64_t)%a (float) = %lld, want %lld", (double)yf,
              (long long)h[4 * i + 2], (long long)(int64_t)yf);
    CHECK_ONE(h[4 * i + 3] == (int64_t)(uint64_t)std::fabs(yf), "(uint64_t)%a (float) = %llu, want %llu",
              (double)std::fabs(yf), (unsigned long long)h[4 * i + 3], (unsigned long long)(uint64_t)std::fabs(yf));
  }
  return ok;
}

int main() {
  rdna4_test_begin();
  int n = 0;
  if (run_float(&n)) std::printf("float division %d inputs ok\n", n);
  summary("float division", n);
  if (run_double(&n)) std::printf("double division %d inputs ok\n", n);
  summary("double division", n);
  if (run_int(&n)) std::printf("integer division %d inputs ok\n", n);
  summary("integer division", n);
  if (run_cvt(&n)) std::printf("64-bit conversions %d inputs ok\n", n);
  summary("64-bit conversions", n);
  return rdna4_test_end();
}
