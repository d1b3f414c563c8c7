// Device-side f16 and bf16 arithmetic of <hip/hip_fp16.h> / <hip/hip_bf16.h> (__hadd,
// __hsub, __hmul, __hdiv, __hfma, __hmax/__hmin, __hlt; __half2 __hfma2) on 20,000 random
// finite operand triples, each result checked bit for bit against a CPU reference written
// here: the exact result rounded to nearest even (IEEE 754-2019 4.3.1). x87 long double
// (64 significant bits) holds every f16 and bf16 sum and product and every f16 fma exactly;
// a bf16 fma may not fit, so its rounding error is recovered with a TwoSum and breaks a tie;
// a quotient rounded first to 64 bits then to 11 or 8 bits is still correctly rounded
// (64 >= 2p+2).
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: f16 add sub mul div fma max min lt fma2 ok
// CHECK: bf16 add sub mul div fma max min lt ok
// CHECK: PASS
#include "rdna4_test.h"

#include <hip/hip_bf16.h>
#include <hip/hip_fp16.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

enum { kOps = 9 };

__global__ void f16_ops(int n, const uint16_t* a, const uint16_t* b, const uint16_t* c, uint16_t* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half A = __ushort_as_half(a[i]), B = __ushort_as_half(b[i]), C = __ushort_as_half(c[i]);
  uint16_t* o = out + kOps * i;
  o[0] = __half_as_ushort(__hadd(A, B));
  o[1] = __half_as_ushort(__hsub(A, B));
  o[2] = __half_as_ushort(__hmul(A, B));
  o[3] = __half_as_ushort(__hdiv(A, B));
  o[4] = __half_as_ushort(__hfma(A, B, C));
  o[5] = __half_as_ushort(__hmax(A, B));
  o[6] = __half_as_ushort(__hmin(A, B));
  o[7] = __hlt(A, B) ? 1 : 0;
  __half2 r = __hfma2(__halves2half2(A, B), __halves2half2(B, C), __halves2half2(C, A));
  o[8] = __half_as_ushort(__high2half(r));  // B * C + A
}
__global__ void bf16_ops(int n, const uint16_t* a, const uint16_t* b, const uint16_t* c, uint16_t* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __hip_bfloat16 A = __ushort_as_bfloat16(a[i]), B = __ushort_as_bfloat16(b[i]),
                 C = __ushort_as_bfloat16(c[i]);
  uint16_t* o = out + kOps * i;
  o[0] = __bfloat16_as_ushort(__hadd(A, B));
  o[1] = __bfloat16_as_ushort(__hsub(A, B));
  o[2] = __bfloat16_as_ushort(__hmul(A, B));
  o[3] = __bfloat16_as_ushort(__hdiv(A, B));
  o[4] = __bfloat16_as_ushort(__hfma(A, B, C));
  o[5] = __bfloat16_as_ushort(__hmax(A, B));
  o[6] = __bfloat16_as_ushort(__hmin(A, B));
  o[7] = __hlt(A, B) ? 1 : 0;
  o[8] = 0;
}

// ---- CPU reference --------------------------------------------------------------------
struct Fmt {
  int ebits, fbits, bias;
  long double value(uint16_t h) const {
    int e = (h >> fbits) & ((1 << ebits) - 1), f = h & ((1 << fbits) - 1);
    long double s = (h >> (ebits + fbits)) ? -1 : 1;
    if (e == (1 << ebits) - 1) return f ? NAN : s * INFINITY;
    return e ? s * std::ldexp((long double)(f + (1 << fbits)), e - bias - fbits)
             : s * std::ldexp((long double)f, 1 - bias - fbits);
  }
  // Nearest even; a zero result keeps the sign the caller gives it. `tail`: the exact value
  // is x + tail (|tail| below half an ulp of x in long double); it only decides ties.
  uint16_t round(long double x, bool neg_zero = false, long double tail = 0) const {
    uint16_t sg = (std::signbit(x) || (x == 0 && neg_zero)) ? (uint16_t)(1u << (ebits + fbits)) : 0;
    uint16_t inf = (uint16_t)(((1u << ebits) - 1) << fbits);
    long double a = std::fabs(x);
    if (std::isnan(x)) return 0xffff;
    if (a == 0) return sg;
    int e;
    std::frexp(a, &e);
    int q = std::max(e - 1, 1 - bias) - fbits;
    long double u = std::ldexp(a, -q), lo = std::floor(u);
    bool above_tie = tail != 0 && ((tail > 0) == (x > 0));
    if (u - lo > 0.5L || (u - lo == 0.5L && (tail != 0 ? above_tie : std::fmod(lo, 2.0L) == 1))) lo += 1;
    long double r = std::ldexp(lo, q);
    if (r > value((uint16_t)(inf - 1))) return sg | inf;
    uint16_t b = 0;
    for (int step = 1 << 14; step; step >>= 1)
      if (b + step < inf && value((uint16_t)(b + step)) <= r) b += step;
    return sg | b;
  }
  bool is_nan(uint16_t h) const { return (h & 0x7fff) > (((1u << ebits) - 1) << fbits); }
};

static uint32_t rng_state = 2024;
static uint32_t rnd() { rng_state = rng_state * 1664525u + 1013904223u; return rng_state >> 8; }

static bool run(const char* name, const Fmt& F, void (*k)(int, const uint16_t*, const uint16_t*, const uint16_t*, uint16_t*), bool has_fma2) {
  const int n = 20000;
  std::vector<uint16_t> a(n), b(n), c(n);
  auto gen = [&](int i) -> uint16_t {
    for (;;) {
      uint16_t h = (uint16_t)rnd();
      if (i % 3 == 0) {  // operands near 1: dense rounding cases
        h = (uint16_t)((h & 0x8000) | ((F.bias + (int)(rnd() % 5) - 2) << F.fbits) | (h & ((1 << F.fbits) - 1)));
      }
      if (!F.is_nan(h) && (h & 0x7fff) != (((1u << F.ebits) - 1) << F.fbits)) return h;
    }
  };
  for (int i = 0; i < n; ++i) { a[i] = gen(i); b[i] = gen(i); c[i] = gen(i + 1); }
  uint16_t *da, *db, *dc, *dout;
  RDNA4_HIP_CHECK(hipMalloc(&da, n * 2));
  RDNA4_HIP_CHECK(hipMalloc(&db, n * 2));
  RDNA4_HIP_CHECK(hipMalloc(&dc, n * 2));
  RDNA4_HIP_CHECK(hipMalloc(&dout, kOps * n * 2));
  RDNA4_HIP_CHECK(hipMemcpy(da, a.data(), n * 2, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemcpy(db, b.data(), n * 2, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemcpy(dc, c.data(), n * 2, hipMemcpyHostToDevice));
  hipLaunchKernelGGL(k, dim3((n + 255) / 256), dim3(256), 0, 0, n, da, db, dc, dout);
  RDNA4_HIP_CHECK(hipGetLastError());
  std::vector<uint16_t> out(kOps * n);
  RDNA4_HIP_CHECK(hipMemcpy(out.data(), dout, out.size() * 2, hipMemcpyDeviceToHost));
  int bad = 0;
  static const char* names[kOps] = {"add", "sub", "mul", "div", "fma", "max", "min", "lt", "fma2"};
  for (int i = 0; i < n; ++i) {
    long double x = F.value(a[i]), y = F.value(b[i]), z = F.value(c[i]);
    uint16_t sgn = (uint16_t)(1u << (F.ebits + F.fbits));
    bool nx = a[i] & sgn, ny = b[i] & sgn, nz = c[i] & sgn;
    uint16_t want[kOps];
    // Signs of exact zero results (IEEE 754-2019 6.3): x + y = 0 is -0 only if both are -0.
    want[0] = F.round(x + y, nx && ny && x + y == 0);
    want[1] = F.round(x - y, nx && !ny && x - y == 0);
    want[2] = F.round(x * y, nx != ny);
    want[3] = y == 0 ? (x == 0 ? 0xffff : (uint16_t)(((nx != ny) ? sgn : 0) | (((1u << F.ebits) - 1) << F.fbits)))
                     : F.round(x / y, nx != ny);
    long double p = x * y, f = p + z;  // p exact; TwoSum: f + t == p + z exactly
    long double bv = f - p, t = (p - (f - bv)) + (z - bv);
    want[4] = F.round(f, f == 0 && (nx != ny) && nz, t);
    // max/min: +0 > -0.
    bool x_gt = x > y || (x == y && !nx && ny);
    want[5] = x_gt ? a[i] : b[i];
    want[6] = x_gt ? b[i] : a[i];
    if (x == y && nx == ny) want[5] = want[6] = a[i];
    want[7] = x < y ? 1 : 0;
    long double f2 = y * z + x;
    want[8] = has_fma2 ? F.round(f2, f2 == 0 && (ny != nz) && nx) : 0;
    for (int op = 0; op < kOps; ++op) {
      uint16_t got = out[kOps * i + op];
      bool ok = want[op] == 0xffff ? F.is_nan(got) : got == want[op];
      RDNA4_EXPECT(ok, "%s %s(0x%04x, 0x%04x, 0x%04x) = 0x%04x, want 0x%04x", name, names[op], a[i], b[i], c[i], got, want[op]);
      bad += !ok;
    }
  }
  RDNA4_HIP_CHECK(hipFree(da));
  RDNA4_HIP_CHECK(hipFree(db));
  RDNA4_HIP_CHECK(hipFree(dc));
  RDNA4_HIP_CHECK(hipFree(dout));
  return bad == 0;
}

int main() {
  rdna4_test_begin();
  if (run("f16", Fmt{5, 10, 15}, f16_ops, true)) std::printf("f16 add sub mul div fma max min lt fma2 ok\n");
  if (run("bf16", Fmt{8, 7, 127}, bf16_ops, false)) std::printf("bf16 add sub mul div fma max min lt ok\n");
  return rdna4_test_end();
}
