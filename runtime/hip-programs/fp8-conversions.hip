// <hip/hip_fp8.h>: the OCP 8-bit types gfx12 uses (__hip_fp8_e4m3, __hip_fp8_e5m2 and their
// x2 forms, ROCm's names) converted on the device (where float -> fp8 is v_cvt_pk_fp8_f32 /
// v_cvt_pk_bf8_f32 and fp8 -> float v_cvt_f32_fp8 / v_cvt_f32_bf8) and in host code (the
// header's integer rounding), for floats around every fp8 value and its midpoints, specials
// and a spread of magnitudes, in both saturation modes; every fp8 encoding decoded to float
// and to half; double inputs. Host and device must give the same bits; both are checked
// against a CPU reference written here from the OCP 8-bit Floating Point Specification
// (OFP8) v1.0 (E4M3: bias 7, max 448, S.1111.111 NaN; E5M2: bias 15, max 57344, S.11111.00
// infinity): the value of each encoding, and rounding to the nearest value, ties to the
// even encoding, as if the exponent range were unbounded (so 464 is a tie between 448 and
// the unrepresentable 480); a result beyond the largest finite (and an infinity) is NaN
// (E4M3) / infinity (E5M2) without saturation and the largest finite with it.
// The FNUZ interpretations (__HIP_E4M3_FNUZ: bias 8, max 240; __HIP_E5M2_FNUZ: bias 16, max
// 57344; no infinity, no negative zero, NaN is 0x80: ROCm's amd_hip_fp8.h and HIP's "FP8
// numbers" documentation) on a table of hand-encoded values, host and device; the storage
// types (__hip_fp8x2_storage_t 2 bytes, __hip_fp8x4_storage_t 4, the low byte first) and
// HIP_FP8_CVT_FAST_PATH (1 in gfx12 device code, 0 in host code, as ROCm's header).
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: fp8 decode 256 x 2 formats ok
// CHECK: float->fp8 {{[0-9]+}} inputs x 2 formats x 2 modes ok
// CHECK: float2->fp8x2 ok
// CHECK: double->fp8 {{[0-9]+}} inputs ok
// CHECK: fnuz and storage types ok
// CHECK: PASS
#include "rdna4_test.h"

#include <hip/hip_fp8.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

// ---- device ------------------------------------------------------------------------------
// Per input: e4m3 no-sat, e4m3 satfinite, e5m2 no-sat, e5m2 satfinite.
__global__ void from_float(uint32_t n, const float* in, uint8_t* out) {
  uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float f = in[i];
  out[4 * i + 0] = __hip_cvt_float_to_fp8(f, __HIP_NOSAT, __HIP_E4M3);
  out[4 * i + 1] = __hip_fp8_e4m3(f).__x;  // the type's default: __HIP_SATFINITE
  out[4 * i + 2] = __hip_cvt_float_to_fp8(f, __HIP_NOSAT, __HIP_E5M2);
  out[4 * i + 3] = __hip_fp8_e5m2(f).__x;
}
__global__ void from_float2(uint32_t n, const float* in, uint16_t* out) {
  uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 >= n) return;
  float2 v(in[i], in[i + 1]);
  out[2 * i + 0] = __hip_fp8x2_e4m3(v).__x;
  out[2 * i + 1] = __hip_cvt_float2_to_fp8x2(v, __HIP_NOSAT, __HIP_E5M2);
}
__global__ void from_double(uint32_t n, const double* in, uint8_t* out) {
  uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[2 * i + 0] = __hip_cvt_double_to_fp8(in[i], __HIP_NOSAT, __HIP_E4M3);
  out[2 * i + 1] = __hip_fp8_e5m2(in[i]).__x;
}
// FNUZ conversions (per input: e4m3 fnuz and e5m2 fnuz, without and with saturation), the
// packed storage types, the fast-path macro.
__global__ void fnuz_and_types(uint32_t n, const float* in, uint32_t* out, uint32_t* misc) {
  uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    for (int s = 0; s < 2; ++s) {
      __hip_saturation_t sat = s ? __HIP_SATFINITE : __HIP_NOSAT;
      out[4 * i + 2 * s + 0] = __hip_cvt_float_to_fp8(in[i], sat, __HIP_E4M3_FNUZ);
      out[4 * i + 2 * s + 1] = __hip_cvt_float_to_fp8(in[i], sat, __HIP_E5M2_FNUZ);
    }
  }
  if (i == 0) {
    __hip_fp8x2_storage_t two = __hip_cvt_float2_to_fp8x2(float2(1.0f, -2.0f), __HIP_NOSAT, __HIP_E4M3);
    __hip_fp8x4_storage_t four = __hip_fp8x4_e4m3(float4(1.0f, -2.0f, 0.5f, 448.0f)).__x;
    misc[0] = two;
    misc[1] = four;
    misc[2] = HIP_FP8_CVT_FAST_PATH;
  }
}

// Per encoding: float of e4m3, float of e5m2, half bits of e4m3, half bits of e5m2.
__global__ void decode(float* f, uint16_t* h) {
  uint32_t i = threadIdx.x;
  __hip_fp8_e4m3 a;
  __hip_fp8_e5m2 b;
  a.__x = (__hip_fp8_storage_t)i;
  b.__x = (__hip_fp8_storage_t)i;
  f[2 * i + 0] = (float)a;
  f[2 * i + 1] = (float)b;
  h[2 * i + 0] = __hip_cvt_fp8_to_halfraw(a.__x, __HIP_E4M3).x;
  h[2 * i + 1] = __hip_cvt_fp8_to_halfraw(b.__x, __HIP_E5M2).x;
}

// ---- CPU reference from OFP8 v1.0 ---------------------------------------------------------
struct Fmt {
  int we, wm, bias;
  bool e4m3;
};
static const Fmt kE4M3{4, 3, 7, true}, kE5M2{5, 2, 15, false};
static bool ref_is_nan(const Fmt& f, unsigned b) {
  unsigned m = b & 0x7f;
  return f.e4m3 ? m == 0x7f : m > 0x7c;
}
static double ref_value(const Fmt& f, unsigned b) {  // the value an encoding stands for
  double s = (b & 0x80) ? -1 : 1;
  int e = (b & 0x7f) >> f.wm, m = b & ((1 << f.wm) - 1);
  if (ref_is_nan(f, b)) return NAN;
  if (!f.e4m3 && e == 31) return s * INFINITY;
  if (e == 0) return s * std::ldexp(m, 1 - f.bias - f.wm);
  return s * std::ldexp((1 << f.wm) + m, e - f.bias - f.wm);
}
static unsigned ref_maxfin(const Fmt& f) { return f.e4m3 ? 0x7e : 0x7b; }
// Rounding to nearest, ties to the even encoding, over the finite magnitudes plus the next
// value the format would have with one more exponent (reaching it is an overflow).
static unsigned ref_encode(const Fmt& f, double x, bool sat) {
  unsigned sign = std::signbit(x) ? 0x80 : 0;
  unsigned ovf = sat ? (sign | ref_maxfin(f)) : (sign | (f.e4m3 ? 0x7f : 0x7c));
  if (std::isnan(x)) return 0x100;  // any NaN
  double a = std::fabs(x);
  if (std::isinf(a)) return ovf;
  unsigned maxfin = ref_maxfin(f);
  double top = ref_value(f, maxfin), beyond = top + (top - ref_value(f, maxfin - 1));
  if (a >= beyond) return ovf;  // (and keeps the differences below exact)
  unsigned best = 0;
  double bestd = a;
  for (unsigned k = 1; k <= maxfin + 1; ++k) {  // k = maxfin + 1 stands for `beyond`
    double v = k <= maxfin ? ref_value(f, k) : beyond;
    double d = std::fabs(a - v);
    if (d < bestd || (d == bestd && (k & 1) == 0)) best = k, bestd = d;
  }
  if (best > maxfin) return ovf;
  return sign | best;
}
static bool matches(const Fmt& f, unsigned got, unsigned want) {
  if (want == 0x100) return ref_is_nan(f, got);  // NaN in: a NaN out
  return got == want;
}

int main() {
  rdna4_test_begin();
  const Fmt* fmts[2] = {&kE4M3, &kE5M2};

  // Inputs: every fp8 value, the midpoints between neighbours, one float ulp either side
  // of both, specials, and a log-uniform spread of magnitudes.
  std::vector<float> in;
  for (const Fmt* f : fmts)
    for (unsigned b = 0; b < 0x80; ++b) {
      double v = ref_value(*f, b), w = ref_value(*f, b + 1);
      if (std::isnan(v) || std::isinf(v)) continue;
      double mid = std::isnan(w) || std::isinf(w) ? v + (v - ref_value(*f, b - 1)) / 2 : (v + w) / 2;
      for (double c : {v, mid})
        for (float s : {1.0f, -1.0f}) {
          float x = (float)c * s;
          in.push_back(x);
          in.push_back(std::nextafter(x, INFINITY));
          in.push_back(std::nextafter(x, -INFINITY));
        }
    }
  for (float x : {0.0f, -0.0f, INFINITY, -INFINITY, NAN, -NAN, 1e-45f, -1e-45f, 1e-38f, 3e38f,
                  -3e38f, 448.0f, 464.0f, 465.0f, 480.0f, 57344.0f, 61440.0f, 61439.996f, 65536.0f})
    in.push_back(x);
  uint32_t s = 2024;
  for (int i = 0; i < 8000; ++i) {
    s = s * 1664525u + 1013904223u;
    float m = 1.0f + (s >> 9) * 0x1p-23f;
    s = s * 1664525u + 1013904223u;
    in.push_back(std::ldexp(m, (int)(s >> 27) - 20) * ((s & 1) ? -1.0f : 1.0f));  // 2^-20..2^11
  }
  const uint32_t n = (uint32_t)in.size();

  float* din;
  uint8_t* dout;
  uint16_t* dout2;
  RDNA4_HIP_CHECK(hipMalloc(&din, n * sizeof(float)));
  RDNA4_HIP_CHECK(hipMalloc(&dout, 4 * n));
  RDNA4_HIP_CHECK(hipMalloc(&dout2, 4 * n));
  RDNA4_HIP_CHECK(hipMemcpy(din, in.data(), n * sizeof(float), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(from_float, dim3((n + 255) / 256), dim3(256), 0, 0, n, (const float*)din, dout);
  hipLaunchKernelGGL(from_float2, dim3((n + 255) / 256), dim3(256), 0, 0, n, (const float*)din, dout2);
  float* ddec;
  uint16_t* dhalf;
  RDNA4_HIP_CHECK(hipMalloc(&ddec, 512 * sizeof(float)));
  RDNA4_HIP_CHECK(hipMalloc(&dhalf, 512 * sizeof(uint16_t)));
  hipLaunchKernelGGL(decode, dim3(1), dim3(256), 0, 0, ddec, dhalf);
  RDNA4_HIP_CHECK(hipGetLastError());
  std::vector<uint8_t> out(4 * n);
  std::vector<uint16_t> out2(2 * n);
  std::vector<float> dec(512);
  std::vector<uint16_t> half(512);
  RDNA4_HIP_CHECK(hipMemcpy(out.data(), dout, 4 * n, hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipMemcpy(out2.data(), dout2, 4 * n, hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipMemcpy(dec.data(), ddec, 512 * sizeof(float), hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipMemcpy(half.data(), dhalf, 512 * sizeof(uint16_t), hipMemcpyDeviceToHost));

  // Decode: device float, host float, device and host half against the value.
  int bad = 0;
  for (unsigned b = 0; b < 256; ++b)
    for (int k = 0; k < 2; ++k) {
      const Fmt& f = *fmts[k];
      double want = ref_value(f, b);
      __hip_fp8_e4m3 ha;
      __hip_fp8_e5m2 hb;
      ha.__x = hb.__x = (__hip_fp8_storage_t)b;
      float host = k ? (float)hb : (float)ha;
      uint16_t hh = __hip_cvt_fp8_to_halfraw((__hip_fp8_storage_t)b, k ? __HIP_E5M2 : __HIP_E4M3).x;
      double dev = dec[2 * b + k];
      double devh = __half2float(__ushort_as_half(half[2 * b + k]));
      double hosth = __half2float(__ushort_as_half(hh));
      bool ok = std::isnan(want)
                    ? std::isnan(dev) && std::isnan(host) && std::isnan(devh) && std::isnan(hosth)
                    : dev == want && host == want && devh == want && hosth == want &&
                          std::signbit(dev) == std::signbit(want) && std::signbit(devh) == std::signbit(want);
      RDNA4_EXPECT(ok, "decode %s 0x%02x: device %g host %g half %g/%g want %g", k ? "e5m2" : "e4m3",
                   b, dev, (double)host, devh, hosth, want);
      bad += !ok;
    }
  if (!bad) std::printf("fp8 decode 256 x 2 formats ok\n");

  // float -> fp8: device == host (bits) and both == reference.
  bad = 0;
  for (uint32_t i = 0; i < n; ++i)
    for (int j = 0; j < 4; ++j) {
      const Fmt& f = *fmts[j / 2];
      bool sat = j & 1;
      __hip_fp8_interpretation_t it = j / 2 ? __HIP_E5M2 : __HIP_E4M3;
      unsigned host = __hip_cvt_float_to_fp8(in[i], sat ? __HIP_SATFINITE : __HIP_NOSAT, it);
      unsigned dev = out[4 * i + j], want = ref_encode(f, in[i], sat);
      bool ok = dev == host && matches(f, dev, want);
      RDNA4_EXPECT(ok, "%s %s %a: device 0x%02x host 0x%02x want 0x%03x", j / 2 ? "e5m2" : "e4m3",
                   sat ? "satfinite" : "nosat", (double)in[i], dev, host, want);
      if (!ok && ++bad > 20) break;
    }
  if (!bad) std::printf("float->fp8 %u inputs x 2 formats x 2 modes ok\n", n);

  // float2 -> fp8x2: element x in the low byte; the same bits as the scalar conversions.
  bad = 0;
  for (uint32_t i = 0; i + 1 < n; ++i) {
    float2 v(in[i], in[i + 1]);
    unsigned w4 = ref_encode(kE4M3, in[i], true), w4y = ref_encode(kE4M3, in[i + 1], true);
    unsigned w5 = ref_encode(kE5M2, in[i], false), w5y = ref_encode(kE5M2, in[i + 1], false);
    unsigned d4 = out2[2 * i], d5 = out2[2 * i + 1];
    unsigned h4 = __hip_fp8x2_e4m3(v).__x, h5 = __hip_cvt_float2_to_fp8x2(v, __HIP_NOSAT, __HIP_E5M2);
    bool ok = d4 == h4 && d5 == h5 && matches(kE4M3, d4 & 0xff, w4) && matches(kE4M3, d4 >> 8, w4y) &&
              matches(kE5M2, d5 & 0xff, w5) && matches(kE5M2, d5 >> 8, w5y);
    RDNA4_EXPECT(ok, "x2 (%a, %a): device 0x%04x 0x%04x host 0x%04x 0x%04x", (double)in[i],
                 (double)in[i + 1], d4, d5, h4, h5);
    if (!ok && ++bad > 20) break;
  }
  if (!bad) std::printf("float2->fp8x2 ok\n");

  // double -> fp8: rounded once from the double (inputs one double ulp around the float
  // midpoints, where rounding through float first would differ).
  std::vector<double> dn;
  for (const Fmt* f : fmts)
    for (unsigned b = 1; b < ref_maxfin(*f); ++b) {
      double mid = (ref_value(*f, b) + ref_value(*f, b + 1)) / 2;
      for (double x : {mid, std::nextafter(mid, 0.0), std::nextafter(mid, 1e9)}) {
        dn.push_back(x);
        dn.push_back(-x);
      }
    }
  const uint32_t nd = (uint32_t)dn.size();
  double* ddn;
  uint8_t* ddo;
  RDNA4_HIP_CHECK(hipMalloc(&ddn, nd * sizeof(double)));
  RDNA4_HIP_CHECK(hipMalloc(&ddo, 2 * nd));
  RDNA4_HIP_CHECK(hipMemcpy(ddn, dn.data(), nd * sizeof(double), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(from_double, dim3((nd + 255) / 256), dim3(256), 0, 0, nd, (const double*)ddn, ddo);
  RDNA4_HIP_CHECK(hipGetLastError());
  std::vector<uint8_t> dout_d(2 * nd);
  RDNA4_HIP_CHECK(hipMemcpy(dout_d.data(), ddo, 2 * nd, hipMemcpyDeviceToHost));
  bad = 0;
  for (uint32_t i = 0; i < nd; ++i) {
    unsigned w4 = ref_encode(kE4M3, dn[i], false), w5 = ref_encode(kE5M2, dn[i], true);
    unsigned h4 = __hip_cvt_double_to_fp8(dn[i], __HIP_NOSAT, __HIP_E4M3), h5 = __hip_fp8_e5m2(dn[i]).__x;
    bool ok = dout_d[2 * i] == h4 && dout_d[2 * i + 1] == h5 && matches(kE4M3, h4, w4) &&
              matches(kE5M2, h5, w5);
    RDNA4_EXPECT(ok, "double %a: device 0x%02x 0x%02x host 0x%02x 0x%02x want 0x%02x 0x%02x", dn[i],
                 dout_d[2 * i], dout_d[2 * i + 1], h4, h5, w4, w5);
    if (!ok && ++bad > 20) break;
  }
  if (!bad) std::printf("double->fp8 %u inputs ok\n", nd);

  // FNUZ, hand-encoded: {input, e4m3fnuz no-sat, e5m2fnuz no-sat, e4m3fnuz sat, e5m2fnuz sat}.
  // 1 = 2^0: e4 exponent field 8 (0x40), e5 16 (0x40); 0.5: 7 (0x38), 15 (0x3c);
  // 3 = 1.5 * 2: 0x4c, 0x46; 240 = 1.875 * 2^7: e4 max 0x7f, e5 a tie between 1.75 * 2^7
  // (mantissa 11, odd) and 2^8 (even): 256, exponent 24 (0x60); 1000 -> e5 1024 (exponent
  // 26, 0x68), e4 beyond 240: NaN 0x80 / 0x7f; 1e6 beyond both: NaN / largest (e5 57344 =
  // 1.75 * 2^15: 0x7f); 2^-10: e4's smallest subnormal (0x01), e5 normal (exponent 6,
  // 0x18); 2^-17: e5's smallest subnormal (0x01), e4 0; NaN: 0x80.
  struct Fnuz { float in; uint32_t e4, e5, e4s, e5s; };
  const Fnuz fz[] = {{1.0f, 0x40, 0x40, 0x40, 0x40},    {-1.0f, 0xc0, 0xc0, 0xc0, 0xc0},
                     {0.5f, 0x38, 0x3c, 0x38, 0x3c},    {3.0f, 0x4c, 0x46, 0x4c, 0x46},
                     {-3.0f, 0xcc, 0xc6, 0xcc, 0xc6},   {240.0f, 0x7f, 0x60, 0x7f, 0x60},
                     {1000.0f, 0x80, 0x68, 0x7f, 0x68}, {1e6f, 0x80, 0x80, 0x7f, 0x7f},
                     {-1e6f, 0x80, 0x80, 0xff, 0xff},   {0x1p-10f, 0x01, 0x18, 0x01, 0x18},
                     {0x1p-17f, 0x00, 0x01, 0x00, 0x01}, {0.0f, 0x00, 0x00, 0x00, 0x00},
                     {NAN, 0x80, 0x80, 0x80, 0x80}};
  const uint32_t nz = sizeof fz / sizeof fz[0];
  std::vector<float> zin(nz);
  for (uint32_t i = 0; i < nz; ++i) zin[i] = fz[i].in;
  float* dzi;
  uint32_t *dzo, *dmisc;
  RDNA4_HIP_CHECK(hipMalloc(&dzi, nz * 4));
  RDNA4_HIP_CHECK(hipMalloc(&dzo, 4 * nz * 4));
  RDNA4_HIP_CHECK(hipMalloc(&dmisc, 3 * 4));
  RDNA4_HIP_CHECK(hipMemcpy(dzi, zin.data(), nz * 4, hipMemcpyHostToDevice));
  hipLaunchKernelGGL(fnuz_and_types, dim3(1), dim3(64), 0, 0, nz, (const float*)dzi, dzo, dmisc);
  RDNA4_HIP_CHECK(hipGetLastError());
  std::vector<uint32_t> zo(4 * nz);
  uint32_t misc[3];
  RDNA4_HIP_CHECK(hipMemcpy(zo.data(), dzo, zo.size() * 4, hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipMemcpy(misc, dmisc, sizeof misc, hipMemcpyDeviceToHost));
  bad = 0;
  for (uint32_t i = 0; i < nz; ++i) {
    const uint32_t want[4] = {fz[i].e4, fz[i].e5, fz[i].e4s, fz[i].e5s};
    for (int k = 0; k < 4; ++k) {
      __hip_saturation_t sat = k >= 2 ? __HIP_SATFINITE : __HIP_NOSAT;
      __hip_fp8_interpretation_t it = k % 2 ? __HIP_E5M2_FNUZ : __HIP_E4M3_FNUZ;
      uint32_t host = __hip_cvt_float_to_fp8(fz[i].in, sat, it);
      bool ok = zo[4 * i + k] == want[k] && host == want[k];
      RDNA4_EXPECT(ok, "%s %s(%a): device 0x%02x host 0x%02x, want 0x%02x", k % 2 ? "e5m2fnuz" : "e4m3fnuz",
                   k >= 2 ? "sat" : "nosat", fz[i].in, zo[4 * i + k], host, want[k]);
      bad += !ok;
    }
  }
  // OCP e4m3: 1 = 0x38, -2 = 0xc0, 0.5 = 0x30, 448 = 0x7e; the first element in the low byte.
  static_assert(sizeof(__hip_fp8x2_storage_t) == 2 && sizeof(__hip_fp8x4_storage_t) == 4,
                "fp8 storage sizes");
  bool types_ok = misc[0] == 0xc038u && misc[1] == 0x7e30c038u && misc[2] == 1 && HIP_FP8_CVT_FAST_PATH == 0;
  RDNA4_EXPECT(types_ok, "x2 0x%04x x4 0x%08x device fast path %u host %d", misc[0], misc[1], misc[2],
               HIP_FP8_CVT_FAST_PATH);
  if (!bad && types_ok) std::printf("fnuz and storage types ok\n");
  RDNA4_HIP_CHECK(hipFree(dzi));
  RDNA4_HIP_CHECK(hipFree(dzo));
  RDNA4_HIP_CHECK(hipFree(dmisc));
  return rdna4_test_end();
}
