// Device-side f16 / bf16 conversions of <hip/hip_fp16.h> and <hip/hip_bf16.h>, as a user
// would write them: every one of the 65,536 f16 and bf16 encodings to float and back
// (__half2float / __float2half, __bfloat162float / __float2bfloat16 and the _rz/_rd/_ru
// forms), and float -> f16 / bf16 in every rounding mode for the ties between neighbouring
// values and their float neighbours. Checked against a CPU reference written here from the
// formats' definitions (IEEE 754-2019 3.4 and 4.3), not with the headers.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: f16 decode 65536 ok
// CHECK: bf16 decode 65536 ok
// CHECK: f16 float->half {{[0-9]+}} inputs x 4 modes ok
// CHECK: bf16 float->bf16 {{[0-9]+}} inputs x 4 modes ok
// CHECK: PASS
#include "rdna4_test.h"

#include <hip/hip_bf16.h>
#include <hip/hip_fp16.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

// One thread per encoding: decode, re-encode in all four modes.
__global__ void f16_roundtrip(uint32_t n, float* dec, uint16_t* enc) {
  uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float f = __half2float(__ushort_as_half((unsigned short)i));
  dec[i] = f;
  enc[4 * i + 0] = __half_as_ushort(__float2half(f));
  enc[4 * i + 1] = __half_as_ushort(__float2half_rz(f));
  enc[4 * i + 2] = __half_as_ushort(__float2half_rd(f));
  enc[4 * i + 3] = __half_as_ushort(__float2half_ru(f));
}
__global__ void bf16_roundtrip(uint32_t n, float* dec, uint16_t* enc) {
  uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float f = __bfloat162float(__ushort_as_bfloat16((unsigned short)i));
  dec[i] = f;
  enc[4 * i + 0] = __bfloat16_as_ushort(__float2bfloat16(f));
  enc[4 * i + 1] = __bfloat16_as_ushort(__float2bfloat16_rz(f));
  enc[4 * i + 2] = __bfloat16_as_ushort(__float2bfloat16_rd(f));
  enc[4 * i + 3] = __bfloat16_as_ushort(__float2bfloat16_ru(f));
}
__global__ void f16_from_float(uint32_t n, const float* in, uint16_t* enc) {
  uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float f = in[i];
  enc[4 * i + 0] = __half_as_ushort(__float2half(f));
  enc[4 * i + 1] = __half_as_ushort(__float2half_rz(f));
  enc[4 * i + 2] = __half_as_ushort(__float2half_rd(f));
  enc[4 * i + 3] = __half_as_ushort(__float2half_ru(f));
}
__global__ void bf16_from_float(uint32_t n, const float* in, uint16_t* enc) {
  uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float f = in[i];
  enc[4 * i + 0] = __bfloat16_as_ushort(__float2bfloat16(f));
  enc[4 * i + 1] = __bfloat16_as_ushort(__float2bfloat16_rz(f));
  enc[4 * i + 2] = __bfloat16_as_ushort(__float2bfloat16_rd(f));
  enc[4 * i + 3] = __bfloat16_as_ushort(__float2bfloat16_ru(f));
}

// ---- CPU reference --------------------------------------------------------------------
struct Fmt {
  int ebits, fbits, bias;
  uint32_t inf() const { return ((1u << ebits) - 1u) << fbits; }
  uint32_t sign() const { return 1u << (ebits + fbits); }
  bool is_nan(uint32_t h) const { return (h & (sign() - 1)) > inf(); }
  double decode(uint32_t h) const {
    int e = (h >> fbits) & ((1 << ebits) - 1), f = h & ((1 << fbits) - 1);
    double s = (h & sign()) ? -1 : 1;
    if (e == (1 << ebits) - 1) return f ? NAN : s * INFINITY;
    return e ? s * std::ldexp(f + (1 << fbits), e - bias - fbits) : s * std::ldexp(f, 1 - bias - fbits);
  }
  // Round a finite double to the format: the two candidates are found from the value's
  // binade (frexp), then the mode picks one (0 nearest-even, 1 toward zero, 2 down, 3 up).
  uint32_t encode(double x, int mode) const {
    uint32_t sg = std::signbit(x) ? sign() : 0;
    double a = std::fabs(x);
    if (a == 0) return sg;
    int e;
    std::frexp(a, &e);                              // a in [2^(e-1), 2^e)
    int q = std::max(e - 1, 1 - bias) - fbits;      // exponent of one unit in the last place
    double units = std::ldexp(a, -q);               // exact (a power-of-two scaling)
    double lo = std::floor(units), hi = lo + 1;
    bool up;
    if (units == lo) up = false;
    else if (mode == 0) up = units - lo > 0.5 || (units - lo == 0.5 && std::fmod(lo, 2) == 1);
    else if (mode == 1) up = false;
    else if (mode == 2) up = sg != 0;
    else up = sg == 0;
    double r = std::ldexp(up ? hi : lo, q);         // the chosen magnitude
    double maxf = decode(inf() - 1);
    if (r > maxf) {  // overflow: infinity unless the mode rounds toward zero here
      bool to_inf = mode == 0 || (mode == 2 && sg) || (mode == 3 && !sg);
      return sg | (to_inf ? inf() : inf() - 1);
    }
    // Encode the magnitude: search is cheap enough (bits are monotone in value).
    uint32_t lo_b = 0, hi_b = inf() - 1;
    while (lo_b < hi_b) {
      uint32_t mid = (lo_b + hi_b) / 2;
      if (decode(mid) < r) lo_b = mid + 1; else hi_b = mid;
    }
    return sg | lo_b;
  }
};
static const Fmt kF16{5, 10, 15}, kBF16{8, 7, 127};

static uint32_t fbits(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }

static void check_roundtrip(const char* name, const Fmt& fmt, void (*kern)(uint32_t, float*, uint16_t*)) {
  const uint32_t n = 65536;
  float* d_dec; uint16_t* d_enc;
  RDNA4_HIP_CHECK(hipMalloc(&d_dec, n * sizeof(float)));
  RDNA4_HIP_CHECK(hipMalloc(&d_enc, 4 * n * sizeof(uint16_t)));
  hipLaunchKernelGGL(kern, dim3(n / 256), dim3(256), 0, 0, n, d_dec, d_enc);
  RDNA4_HIP_CHECK(hipGetLastError());
  std::vector<float> dec(n);
  std::vector<uint16_t> enc(4 * n);
  RDNA4_HIP_CHECK(hipMemcpy(dec.data(), d_dec, n * sizeof(float), hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipMemcpy(enc.data(), d_enc, 4 * n * sizeof(uint16_t), hipMemcpyDeviceToHost));
  int bad = 0;
  for (uint32_t h = 0; h < n; ++h) {
    double want = fmt.decode(h);
    if (fmt.is_nan(h)) {
      bool ok = std::isnan(dec[h]);
      for (int m = 0; m < 4; ++m) ok = ok && fmt.is_nan(enc[4 * h + m]);
      RDNA4_EXPECT(ok, "%s 0x%04x: NaN not kept (%08x)", name, h, fbits(dec[h]));
      bad += !ok;
      continue;
    }
    bool ok = (double)dec[h] == want && std::signbit(dec[h]) == ((h & fmt.sign()) != 0);
    RDNA4_EXPECT(ok, "%s 0x%04x decoded to %a (%08x), want %a", name, h, dec[h], fbits(dec[h]), want);
    for (int m = 0; m < 4; ++m) {
      bool e_ok = enc[4 * h + m] == h;
      RDNA4_EXPECT(e_ok, "%s 0x%04x mode %d re-encoded to 0x%04x", name, h, m, enc[4 * h + m]);
      ok = ok && e_ok;
    }
    bad += !ok;
  }
  if (!bad) std::printf("%s decode %u ok\n", name, n);
  RDNA4_HIP_CHECK(hipFree(d_dec));
  RDNA4_HIP_CHECK(hipFree(d_enc));
}

static void check_from_float(const char* name, const Fmt& fmt, void (*kern)(uint32_t, const float*, uint16_t*)) {
  std::vector<float> in;
  for (uint32_t h = 0; h < fmt.inf(); h += 1) {
    double a = fmt.decode(h), b = fmt.decode(h + 1);  // h + 1 == inf(): the overflow tie below
    if (h + 1 == fmt.inf()) b = 2 * a - fmt.decode(h - 1);
    float mid = (float)((a + b) / 2);
    for (float x : {(float)a, mid}) {
      for (float y : {x, std::nextafter(x, INFINITY), std::nextafter(x, -INFINITY)}) {
        in.push_back(y);
        in.push_back(-y);
      }
    }
  }
  for (uint32_t u : {0x7f800000u, 0xff800000u, 0x7fc00000u, 0x00000001u, 0x807fffffu, 0x7f7fffffu})
    { float f; std::memcpy(&f, &u, 4); in.push_back(f); }
  const uint32_t n = (uint32_t)in.size();
  float* d_in; uint16_t* d_enc;
  RDNA4_HIP_CHECK(hipMalloc(&d_in, n * sizeof(float)));
  RDNA4_HIP_CHECK(hipMalloc(&d_enc, 4 * n * sizeof(uint16_t)));
  RDNA4_HIP_CHECK(hipMemcpy(d_in, in.data(), n * sizeof(float), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(kern, dim3((n + 255) / 256), dim3(256), 0, 0, n, d_in, d_enc);
  RDNA4_HIP_CHECK(hipGetLastError());
  std::vector<uint16_t> enc(4 * n);
  RDNA4_HIP_CHECK(hipMemcpy(enc.data(), d_enc, 4 * n * sizeof(uint16_t), hipMemcpyDeviceToHost));
  int bad = 0;
  for (uint32_t i = 0; i < n; ++i)
    for (int m = 0; m < 4; ++m) {
      float f = in[i];
      uint16_t got = enc[4 * i + m];
      bool ok;
      uint32_t want = 0;
      if (std::isnan(f)) ok = fmt.is_nan(got);
      else if (std::isinf(f)) ok = got == ((f < 0 ? fmt.sign() : 0) | fmt.inf());
      else ok = got == (want = fmt.encode(f, m));
      RDNA4_EXPECT(ok, "%s %a (%08x) mode %d -> 0x%04x, want 0x%04x", name, f, fbits(f), m, got, want);
      bad += !ok;
    }
  if (!bad) std::printf("%s float->%s %u inputs x 4 modes ok\n", name, name[0] == 'f' ? "half" : "bf16", n);
  RDNA4_HIP_CHECK(hipFree(d_in));
  RDNA4_HIP_CHECK(hipFree(d_enc));
}

int main() {
  rdna4_test_begin();
  check_roundtrip("f16", kF16, f16_roundtrip);
  check_roundtrip("bf16", kBF16, bf16_roundtrip);
  check_from_float("f16", kF16, f16_from_float);
  check_from_float("bf16", kBF16, bf16_from_float);
  return rdna4_test_end();
}
