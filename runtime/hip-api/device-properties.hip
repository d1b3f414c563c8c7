// hipGetDeviceCount / hipGetDevice / hipSetDevice / hipGetDeviceProperties:
// one RDNA4 device whose arch is the target under test. hipDriverGetVersion /
// hipRuntimeGetVersion: ROCm's HIP_VERSION encoding, major * 10^7 + minor * 10^5 + patch
// (ROCm/clr hip_context.cpp returns HIP_VERSION for both), a 6.x API here; a null pointer is
// hipErrorInvalidValue.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: warpSize=32
// CHECK: maxThreadsPerBlock=1024
// CHECK: PASS
#include "rdna4_test.h"

int main() {
  const char* arch = rdna4_test_begin();
  int count = -1, dev = -1;
  RDNA4_HIP_CHECK(hipGetDeviceCount(&count));
  RDNA4_EXPECT(count >= 1, "count=%d", count);
  RDNA4_HIP_CHECK(hipSetDevice(0));
  RDNA4_HIP_CHECK(hipGetDevice(&dev));
  RDNA4_EXPECT(dev == 0, "device=%d", dev);
  hipDeviceProp_t p;
  RDNA4_HIP_CHECK(hipGetDeviceProperties(&p, 0));
  RDNA4_EXPECT(!std::strcmp(arch, "gfx1200") || !std::strcmp(arch, "gfx1201"), "arch=%s", arch);
  RDNA4_EXPECT(p.name[0] != '\0', "empty name");
  RDNA4_EXPECT(p.multiProcessorCount > 0, "multiProcessorCount=%d", p.multiProcessorCount);
  RDNA4_EXPECT(p.sharedMemPerBlock >= 65536, "sharedMemPerBlock=%zu", p.sharedMemPerBlock);
  RDNA4_EXPECT(p.totalGlobalMem > 0, "totalGlobalMem=0");
  RDNA4_EXPECT(p.major == 12, "major=%d", p.major);
  std::printf("warpSize=%d\n", p.warpSize);
  std::printf("maxThreadsPerBlock=%d\n", p.maxThreadsPerBlock);
  int driver = -1, runtime = -1;
  RDNA4_HIP_CHECK(hipDriverGetVersion(&driver));
  RDNA4_HIP_CHECK(hipRuntimeGetVersion(&runtime));
  RDNA4_EXPECT(driver / 10000000 >= 6 && driver % 10000000 / 100000 < 100, "driver version %d", driver);
  RDNA4_EXPECT(runtime / 10000000 >= 6, "runtime version %d", runtime);
  if (rdna4_is_emulator(p)) RDNA4_EXPECT(driver / 10000000 == 6 && runtime == driver, "%d %d", driver, runtime);
  RDNA4_HIP_EXPECT_ERROR(hipDriverGetVersion(nullptr), hipErrorInvalidValue);
  RDNA4_HIP_EXPECT_ERROR(hipRuntimeGetVersion(nullptr), hipErrorInvalidValue);
  // Out-of-range ordinals are errors, not crashes.
  RDNA4_HIP_EXPECT_ERROR(hipSetDevice(count), hipErrorInvalidDevice);
  RDNA4_HIP_EXPECT_ERROR(hipGetDeviceProperties(&p, count), hipErrorInvalidDevice);
  (void)hipGetLastError();
  return rdna4_test_end();
}
