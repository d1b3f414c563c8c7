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
// Every other hipDeviceAttribute_t value: the hipDeviceProp_t member ROCm's
// hipDeviceGetAttribute returns for it (ROCm/clr hipamd/src/hip_device_runtime.cpp: sizes
// capped at INT_MAX, DeviceOverlap = asyncEngineCount > 0, UnifiedAddressing and
// HostRegisterSupported always 1), the 0/1 answers of the emulator's model for those without
// a member, and hipErrorInvalidValue for the values that name no attribute (the range markers
// CudaCompatibleEnd, AmdSpecificEnd, VendorSpecificBegin, the five Unused, MaxThreadsDim),
// as ROCm. The enumerators have ROCm's numbers where its header gives them
// (CudaCompatibleBegin 0 = EccEnabled, CudaCompatibleEnd 9999, AmdSpecificBegin 10000 =
// ClockInstructionRate, AmdSpecificEnd 19999, VendorSpecificBegin 20000) and ROCm's order
// (the header's enumeration, checked here by the values that follow each marker).
// ROCm's hipDeviceGetAttribute has no case for ClockInstructionRate,
// SingleToDoublePrecisionPerfRatio and TccDriver (hipErrorInvalidValue, though its header
// documents them); the emulator answers them from hipDeviceProp_t, a GPU may refuse them.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: warpSize=32
// CHECK: attribute numbers ok
// CHECK: no-attribute values ok
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

  // The rest of the enumeration.
  const int kIntMax = 0x7fffffff;
  auto capped = [&](size_t x) { return (int)(x > (size_t)kIntMax ? kIntMax : x); };
  SAME(hipDeviceAttributeEccEnabled, p.ECCEnabled);
  SAME(hipDeviceAttributeAsyncEngineCount, p.asyncEngineCount);
  SAME(hipDeviceAttributeComputeMode, p.computeMode);
  SAME(hipDeviceAttributeComputePreemptionSupported, p.computePreemptionSupported);
  SAME(hipDeviceAttributeDirectManagedMemAccessFromHost, p.directManagedMemAccessFromHost);
  SAME(hipDeviceAttributeGlobalL1CacheSupported, p.globalL1CacheSupported);
  SAME(hipDeviceAttributeLocalL1CacheSupported, p.localL1CacheSupported);
  SAME(hipDeviceAttributeIsMultiGpuBoard, p.isMultiGpuBoard);
  SAME(hipDeviceAttributeMultiGpuBoardGroupID, p.multiGpuBoardGroupID);
  SAME(hipDeviceAttributeKernelExecTimeout, p.kernelExecTimeoutEnabled);
  SAME(hipDeviceAttributeMaxBlocksPerMultiProcessor, p.maxBlocksPerMultiProcessor);
  SAME(hipDeviceAttributeMaxPitch, capped(p.memPitch));
  SAME(hipDeviceAttributeMaxRegistersPerMultiprocessor, p.regsPerMultiprocessor);
  SAME(hipDeviceAttributeMaxSharedMemoryPerMultiprocessor, p.maxSharedMemoryPerMultiProcessor);
  SAME(hipDeviceAttributeSharedMemPerBlockOptin, p.sharedMemPerBlockOptin);
  SAME(hipDeviceAttributeSharedMemPerMultiprocessor, p.sharedMemPerMultiprocessor);
  SAME(hipDeviceAttributeReservedSharedMemPerBlock, p.reservedSharedMemPerBlock);
  SAME(hipDeviceAttributeMemoryClockRate, p.memoryClockRate);
  SAME(hipDeviceAttributePageableMemoryAccessUsesHostPageTables, p.pageableMemoryAccessUsesHostPageTables);
  SAME(hipDeviceAttributePciBusId, p.pciBusID);
  SAME(hipDeviceAttributePciDeviceId, p.pciDeviceID);
  SAME(hipDeviceAttributePciDomainID, p.pciDomainID);
  SAME(hipDeviceAttributePersistingL2CacheMaxSize, p.persistingL2CacheMaxSize);
  SAME(hipDeviceAttributeStreamPrioritiesSupported, p.streamPrioritiesSupported);
  SAME(hipDeviceAttributeTotalConstantMemory, capped(p.totalConstMem));
  SAME(hipDeviceAttributeTotalGlobalMem, capped(p.totalGlobalMem));
  SAME(hipDeviceAttributeCooperativeMultiDeviceUnmatchedFunc, p.cooperativeMultiDeviceUnmatchedFunc);
  SAME(hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim, p.cooperativeMultiDeviceUnmatchedGridDim);
  SAME(hipDeviceAttributeCooperativeMultiDeviceUnmatchedBlockDim, p.cooperativeMultiDeviceUnmatchedBlockDim);
  SAME(hipDeviceAttributeCooperativeMultiDeviceUnmatchedSharedMem, p.cooperativeMultiDeviceUnmatchedSharedMem);
  SAME(hipDeviceAttributeAsicRevision, p.asicRevision);
  SAME(hipDeviceAttributeDeviceOverlap, p.asyncEngineCount > 0 ? 1 : 0);
  SAME(hipDeviceAttributeUnifiedAddressing, 1);
  SAME(hipDeviceAttributeHostRegisterSupported, 1);
  RDNA4_EXPECT(attr(hipDeviceAttributePhysicalMultiProcessorCount) >= p.multiProcessorCount,
               "physical multiprocessors %d < %d", attr(hipDeviceAttributePhysicalMultiProcessorCount),
               p.multiProcessorCount);
  RDNA4_EXPECT(attr(hipDeviceAttributeWallClockRate) > 0, "wall clock rate");
  // 0/1 answers ("'1' if ..., '0' otherwise", ROCm's header).
  for (hipDeviceAttribute_t a : {hipDeviceAttributeCanUseStreamWaitValue, hipDeviceAttributeImageSupport,
                                 hipDeviceAttributeFineGrainSupport, hipDeviceAttributeMemoryPoolsSupported,
                                 hipDeviceAttributeVirtualMemoryManagementSupported})
    RDNA4_EXPECT(attr(a) == 0 || attr(a) == 1, "attribute %d = %d, not 0 or 1", (int)a, attr(a));
  if (rdna4_is_emulator(p)) {
    // The emulator's model: no textures/images (harness/hip/README.md), host memory is
    // coherent, no stream wait-value packets, no virtual memory management.
    RDNA4_EXPECT(attr(hipDeviceAttributeImageSupport) == 0, "image support");
    RDNA4_EXPECT(attr(hipDeviceAttributeFineGrainSupport) == 1, "fine grain");
    RDNA4_EXPECT(attr(hipDeviceAttributeCanUseStreamWaitValue) == 0, "stream wait value");
    RDNA4_EXPECT(attr(hipDeviceAttributeVirtualMemoryManagementSupported) == 0, "VMM");
    RDNA4_EXPECT(attr(hipDeviceAttributePhysicalMultiProcessorCount) == p.multiProcessorCount, "physical MPs");
    SAME(hipDeviceAttributeClockInstructionRate, p.clockInstructionRate);
    SAME(hipDeviceAttributeWallClockRate, p.clockInstructionRate);
    SAME(hipDeviceAttributeSingleToDoublePrecisionPerfRatio, p.singleToDoublePrecisionPerfRatio);
    SAME(hipDeviceAttributeTccDriver, p.tccDriver);
  }
  // ROCm's numbers and order.
  const bool numbers =
      hipDeviceAttributeCudaCompatibleBegin == 0 && hipDeviceAttributeEccEnabled == 0 &&
      hipDeviceAttributeCudaCompatibleEnd == 9999 && hipDeviceAttributeAmdSpecificBegin == 10000 &&
      hipDeviceAttributeClockInstructionRate == 10000 && hipDeviceAttributeAmdSpecificEnd == 19999 &&
      hipDeviceAttributeVendorSpecificBegin == 20000 &&
      hipDeviceAttributeUnused1 == hipDeviceAttributeMultiprocessorCount + 1 &&
      hipDeviceAttributePageableMemoryAccess == hipDeviceAttributeUnused1 + 1 &&
      hipDeviceAttributeUnused2 == hipDeviceAttributeUnifiedAddressing + 1 &&
      hipDeviceAttributeWarpSize == hipDeviceAttributeUnused2 + 1 &&
      hipDeviceAttributeUnused3 == 10001 && hipDeviceAttributeMaxSharedMemoryPerMultiprocessor == 10002 &&
      hipDeviceAttributeUnused4 == 10003 && hipDeviceAttributeUnused5 == 10004 &&
      hipDeviceAttributeMaxThreadsDim == hipDeviceAttributeMaxTextureCubemapLayered + 1 &&
      hipDeviceAttributeWallClockRate == hipDeviceAttributeFineGrainSupport + 1;
  RDNA4_EXPECT(numbers, "hipDeviceAttribute_t numbers differ from ROCm's");
  if (numbers) std::printf("attribute numbers ok\n");
  int refused = 0;
  for (hipDeviceAttribute_t a : {hipDeviceAttributeCudaCompatibleEnd, hipDeviceAttributeAmdSpecificEnd,
                                 hipDeviceAttributeVendorSpecificBegin, hipDeviceAttributeUnused1,
                                 hipDeviceAttributeUnused2, hipDeviceAttributeUnused3,
                                 hipDeviceAttributeUnused4, hipDeviceAttributeUnused5,
                                 hipDeviceAttributeMaxThreadsDim}) {
    int x = 0;
    hipError_t e = hipDeviceGetAttribute(&x, a, 0);
    RDNA4_EXPECT(e == hipErrorInvalidValue, "attribute %d: %s, want hipErrorInvalidValue", (int)a, hipGetErrorName(e));
    refused += e == hipErrorInvalidValue;
  }
  (void)hipGetLastError();
  if (refused == 9) std::printf("no-attribute values ok\n");

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
