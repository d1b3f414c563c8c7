// __half's conversions as ROCm's amd_hip_fp16.h defines them, with and without
// __HIP_NO_HALF_CONVERSIONS__: by default a __half converts implicitly from float, double,
// the integer types and _Float16 (the same bits) and to float; with the macro only from a
// __half_raw (and through __float2half & co.), and not to float. The intrinsics work either
// way, on the device and on the host (1.5 * 1.5 = 2.25 exactly; 0.1f rounds to 0x2e66).
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// RUN: %hipcc -O2 -D__HIP_NO_HALF_CONVERSIONS__ %s -o %t.noconv
// RUN: %run %t.noconv | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: half intrinsics ok
// CHECK: PASS
#include "rdna4_test.h"

#include <hip/hip_fp16.h>

#include <type_traits>

#ifdef __HIP_NO_HALF_CONVERSIONS__
static_assert(!std::is_convertible<float, __half>::value, "no float -> __half");
static_assert(!std::is_constructible<__half, float>::value, "no __half(float)");
static_assert(!std::is_constructible<__half, _Float16>::value, "no __half(_Float16)");
static_assert(!std::is_convertible<__half, float>::value, "no __half -> float");
#else
static_assert(std::is_convertible<float, __half>::value, "float -> __half");
static_assert(std::is_convertible<int, __half>::value, "int -> __half");
static_assert(std::is_convertible<_Float16, __half>::value, "_Float16 -> __half");
static_assert(std::is_convertible<__half, float>::value, "__half -> float");
#endif
static_assert(std::is_constructible<__half, __half_raw>::value, "__half(__half_raw) always");

__host__ __device__ void compute(unsigned short* out) {
  __half x = __float2half(1.5f);
  out[0] = __half_as_ushort(__hmul(x, x));              // 2.25: 0x4080
  out[1] = __half_as_ushort(__float2half(0.1f));        // 0x2e66
  out[2] = (unsigned short)(__half2float(x) * 2.0f);    // 3
  out[3] = __half_as_ushort(__half(__half_raw{0x3c00}));  // 1.0
}
__global__ void kernel(unsigned short* out) { compute(out); }

int main() {
  rdna4_test_begin();
  unsigned short* d;
  unsigned short dev[4], host[4];
  const unsigned short want[4] = {0x4080, 0x2e66, 3, 0x3c00};
  RDNA4_HIP_CHECK(hipMalloc(&d, sizeof dev));
  hipLaunchKernelGGL(kernel, dim3(1), dim3(1), 0, 0, d);
  RDNA4_HIP_CHECK(hipMemcpy(dev, d, sizeof dev, hipMemcpyDeviceToHost));
  compute(host);
  int bad = 0;
  for (int i = 0; i < 4; ++i) {
    RDNA4_EXPECT(dev[i] == want[i] && host[i] == want[i], "[%d] device 0x%04x host 0x%04x want 0x%04x", i,
                 dev[i], host[i], want[i]);
    bad += !(dev[i] == want[i] && host[i] == want[i]);
  }
  if (!bad) std::printf("half intrinsics ok\n");
  return rdna4_test_end();
}
