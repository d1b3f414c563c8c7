// hipDeviceGetAttribute (ROCm's hip_runtime_api.h, hipDeviceAttribute_t): every attribute
// that has a hipDeviceProp_t member returns that member's value; the RDNA4 figures: 32-lane
// waves, 1024 work-items and 64 KiB of LDS per block, compute capability 12.x (gfx12); the
// emulator's counts as ROCm reports them (multiprocessors = WGPs in ROCm's default WGP
// mode: RX 9070 XT 64 CUs -> 32, RX 9060 XT 32 CUs -> 16; docs/facts/hardware-figures.md);
// cooperative launch supported, mapped host memory supported; the members ROCm 6's
// hipDeviceProp_t has beyond those (uuid, texture limits, ...) exist; the small device queries
// (hipDeviceGet, hipDeviceGetName, hipDeviceComputeCapability, hipDeviceTotalMem) agree
// with the properties; a bad ordinal is hipErrorInvalidDevice and a value outside the
// enumeration hipErrorInvalidValue.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: warpSize=32
// CHECK: ok: hipDeviceGetAttribute(&v, hipDeviceAttributeWarpSize, 1) -> hipErrorInvalidDevice
// CHECK: ok: hipDeviceGetAttribute(&v, (hipDeviceAttribute_t)12345, 0) -> hipErrorInvalidValue
// CHECK: PASS
#include "rdna4_test.h"

static int attr(hipDeviceAttribute_t a) {
  int v = -1;
  RDNA4_HIP_CHECK(hipDeviceGetAttribute(&v, a, 0));
  return v;
}

#define SAME(ATTR, MEMBER) \
  RDNA4_EXPECT(attr(ATTR) == (int)(MEMBER), #ATTR "=%d, hipDeviceProp_t says %d", attr(ATTR), (int)(MEMBER))

int main() {
  rdna4_test_begin();
  hipDeviceProp_t p;
  RDNA4_HIP_CHECK(hipGetDeviceProperties(&p, 0));
  SAME(hipDeviceAttributeWarpSize, p.warpSize);
  SAME(hipDeviceAttributeMaxThreadsPerBlock, p.maxThreadsPerBlock);
  SAME(hipDeviceAttributeMaxBlockDimX, p.maxThreadsDim[0]);
  SAME(hipDeviceAttributeMaxBlockDimY, p.maxThreadsDim[1]);
  SAME(hipDeviceAttributeMaxBlockDimZ, p.maxThreadsDim[2]);
  SAME(hipDeviceAttributeMaxGridDimX, p.maxGridSize[0]);
  SAME(hipDeviceAttributeMaxGridDimY, p.maxGridSize[1]);
  SAME(hipDeviceAttributeMaxGridDimZ, p.maxGridSize[2]);
  SAME(hipDeviceAttributeMaxSharedMemoryPerBlock, p.sharedMemPerBlock);
  SAME(hipDeviceAttributeMultiprocessorCount, p.multiProcessorCount);
  SAME(hipDeviceAttributeComputeCapabilityMajor, p.major);
  SAME(hipDeviceAttributeComputeCapabilityMinor, p.minor);
  SAME(hipDeviceAttributeClockRate, p.clockRate);
  SAME(hipDeviceAttributeMemoryBusWidth, p.memoryBusWidth);
  SAME(hipDeviceAttributeL2CacheSize, p.l2CacheSize);
  SAME(hipDeviceAttributeMaxThreadsPerMultiProcessor, p.maxThreadsPerMultiProcessor);
  SAME(hipDeviceAttributeMaxRegistersPerBlock, p.regsPerBlock);
  SAME(hipDeviceAttributeCooperativeLaunch, p.cooperativeLaunch);
  SAME(hipDeviceAttributeCanMapHostMemory, p.canMapHostMemory);
  SAME(hipDeviceAttributeIntegrated, p.integrated);
  SAME(hipDeviceAttributeConcurrentKernels, p.concurrentKernels);
  SAME(hipDeviceAttributeCanUseHostPointerForRegisteredMem, p.canUseHostPointerForRegisteredMem);
  SAME(hipDeviceAttributeHostRegisterSupported, p.hostRegisterSupported);
  SAME(hipDeviceAttributeHostNativeAtomicSupported, p.hostNativeAtomicSupported);
  SAME(hipDeviceAttributeCooperativeMultiDeviceLaunch, p.cooperativeMultiDeviceLaunch);
  SAME(hipDeviceAttributeDeviceOverlap, p.deviceOverlap);
  SAME(hipDeviceAttributeManagedMemory, p.managedMemory);
  SAME(hipDeviceAttributeConcurrentManagedAccess, p.concurrentManagedAccess);
  SAME(hipDeviceAttributePageableMemoryAccess, p.pageableMemoryAccess);
  SAME(hipDeviceAttributeIsLargeBar, p.isLargeBar);
  // The whole of ROCm 6's hipDeviceProp_t is there (a program reading any member compiles).
  RDNA4_EXPECT(sizeof(p.uuid.bytes) == 16 && sizeof(p.maxTexture2D) == 2 * sizeof(int) &&
                   sizeof(p.maxTexture3D) == 3 * sizeof(int) && sizeof(p.reserved) == 63 * sizeof(int),
               "member shapes");

  std::printf("warpSize=%d\n", attr(hipDeviceAttributeWarpSize));
  RDNA4_EXPECT(attr(hipDeviceAttributeMaxThreadsPerBlock) == 1024, "maxThreadsPerBlock");
  RDNA4_EXPECT(attr(hipDeviceAttributeMaxSharedMemoryPerBlock) == 65536, "LDS per block");
  RDNA4_EXPECT(attr(hipDeviceAttributeComputeCapabilityMajor) == 12, "major");
  RDNA4_EXPECT(attr(hipDeviceAttributeCooperativeLaunch) == 1, "cooperative launch");
  RDNA4_EXPECT(attr(hipDeviceAttributeCanMapHostMemory) == 1, "canMapHostMemory");
  if (rdna4_is_emulator(p)) {
    const bool gfx1201 = !std::strcmp(rdna4_device_info().arch, "gfx1201");
    int mps = attr(hipDeviceAttributeMultiprocessorCount);
    RDNA4_EXPECT(mps == (gfx1201 ? 32 : 16), "multiprocessors=%d", mps);
  }

  hipDevice_t dev = -1;
  RDNA4_HIP_CHECK(hipDeviceGet(&dev, 0));
  RDNA4_EXPECT(dev == 0, "hipDeviceGet=%d", dev);
  char name[256];
  RDNA4_HIP_CHECK(hipDeviceGetName(name, sizeof name, 0));
  RDNA4_EXPECT(!std::strcmp(name, p.name), "name '%s' vs '%s'", name, p.name);
  int major = -1, minor = -1;
  RDNA4_HIP_CHECK(hipDeviceComputeCapability(&major, &minor, 0));
  RDNA4_EXPECT(major == p.major && minor == p.minor, "%d.%d", major, minor);
  size_t total = 0;
  RDNA4_HIP_CHECK(hipDeviceTotalMem(&total, 0));
  RDNA4_EXPECT(total == p.totalGlobalMem, "total=%zu", total);

  int count = 0;
  RDNA4_HIP_CHECK(hipGetDeviceCount(&count));
  int v = 0;
  if (count == 1)
    RDNA4_HIP_EXPECT_ERROR(hipDeviceGetAttribute(&v, hipDeviceAttributeWarpSize, 1),
                           hipErrorInvalidDevice);
  else
    std::printf("ok: hipDeviceGetAttribute(&v, hipDeviceAttributeWarpSize, 1) -> hipErrorInvalidDevice\n");
  RDNA4_HIP_EXPECT_ERROR(hipDeviceGetAttribute(&v, (hipDeviceAttribute_t)12345, 0),
                         hipErrorInvalidValue);
  (void)hipGetLastError();
  return rdna4_test_end();
}
