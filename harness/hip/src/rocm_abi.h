// ROCm's runtime ABI where it differs from this library's own headers: the hipDeviceProp_t
// layouts of the HIP versions whose headers `hipcc --hip-path` accepts
// (harness/conformance/hip_path.py, layout_for). A program built with those headers passes
// these structures to the entry points of rocm_abi.cpp.
//
// R0000: hipDeviceProp_t of HIP 5.x, passed to `hipGetDeviceProperties` (HIP >= 6 keeps
// the same structure under the entry point hipGetDevicePropertiesR0000). Member order and
// types follow the HIP 5.2 hip_runtime_api.h; the sizes and offsets below were measured
// from that header (Debian libamdhip64-dev 5.2.3, x86-64), and
// tests/test_rocm_abi.cpp compares every member's offset with the installed header.
#pragma once

#include <cstddef>

namespace hipemu {
namespace rocm {

// hipDeviceArch_t: one 32-bit word of 17 feature bits, in declaration order.
struct DeviceArchR0000 {
  unsigned hasGlobalInt32Atomics : 1;
  unsigned hasGlobalFloatAtomicExch : 1;
  unsigned hasSharedInt32Atomics : 1;
  unsigned hasSharedFloatAtomicExch : 1;
  unsigned hasFloatAtomicAdd : 1;
  unsigned hasGlobalInt64Atomics : 1;
  unsigned hasSharedInt64Atomics : 1;
  unsigned hasDoubles : 1;
  unsigned hasWarpVote : 1;
  unsigned hasWarpBallot : 1;
  unsigned hasWarpShuffle : 1;
  unsigned hasFunnelShift : 1;
  unsigned hasThreadFenceSystem : 1;
  unsigned hasSyncThreadsExt : 1;
  unsigned hasSurfaceFuncs : 1;
  unsigned has3dGrid : 1;
  unsigned hasDynamicParallelism : 1;
};

struct DevicePropR0000 {
  char name[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;
  int memoryClockRate;
  int memoryBusWidth;
  size_t totalConstMem;
  int major;
  int minor;
  int multiProcessorCount;
  int l2CacheSize;
  int maxThreadsPerMultiProcessor;
  int computeMode;
  int clockInstructionRate;
  DeviceArchR0000 arch;
  int concurrentKernels;
  int pciDomainID;
  int pciBusID;
  int pciDeviceID;
  size_t maxSharedMemoryPerMultiProcessor;
  int isMultiGpuBoard;
  int canMapHostMemory;
  int gcnArch;
  char gcnArchName[256];
  int integrated;
  int cooperativeLaunch;
  int cooperativeMultiDeviceLaunch;
  int maxTexture1DLinear;
  int maxTexture1D;
  int maxTexture2D[2];
  int maxTexture3D[3];
  unsigned int* hdpMemFlushCntl;
  unsigned int* hdpRegFlushCntl;
  size_t memPitch;
  size_t textureAlignment;
  size_t texturePitchAlignment;
  int kernelExecTimeoutEnabled;
  int ECCEnabled;
  int tccDriver;
  int cooperativeMultiDeviceUnmatchedFunc;
  int cooperativeMultiDeviceUnmatchedGridDim;
  int cooperativeMultiDeviceUnmatchedBlockDim;
  int cooperativeMultiDeviceUnmatchedSharedMem;
  int isLargeBar;
  int asicRevision;
  int managedMemory;
  int directManagedMemAccessFromHost;
  int concurrentManagedAccess;
  int pageableMemoryAccess;
  int pageableMemoryAccessUsesHostPageTables;
};

// Measured from the HIP 5.2 header (LP64).
static_assert(sizeof(DeviceArchR0000) == 4, "hipDeviceArch_t is one 32-bit word");
static_assert(sizeof(DevicePropR0000) == 792, "HIP 5.x hipDeviceProp_t is 792 bytes");
static_assert(alignof(DevicePropR0000) == 8, "HIP 5.x hipDeviceProp_t alignment");
static_assert(offsetof(DevicePropR0000, warpSize) == 276, "warpSize");
static_assert(offsetof(DevicePropR0000, arch) == 356, "arch");
static_assert(offsetof(DevicePropR0000, maxSharedMemoryPerMultiProcessor) == 376,
              "maxSharedMemoryPerMultiProcessor");
static_assert(offsetof(DevicePropR0000, gcnArchName) == 396, "gcnArchName");
static_assert(offsetof(DevicePropR0000, memPitch) == 712, "memPitch");
static_assert(offsetof(DevicePropR0000, pageableMemoryAccessUsesHostPageTables) == 788,
              "last member");


// R0600: hipDeviceProp_t of HIP >= 6 (the headers map the name to hipDeviceProp_tR0600 and
// hipGetDeviceProperties to hipGetDevicePropertiesR0600; the "R0600" tag freezes the
// layout). Member order and types follow HIP 6's hip_runtime_api.h; the size and offsets
// below were measured from the ROCm/HIP repository's header (HIP 6.3, x86-64). No HIP 6
// header set is installable on Debian 12, so these assertions are the only check here.
struct UuidR0600 {
  char bytes[16];
};

struct DevicePropR0600 {
  char name[256];
  UuidR0600 uuid;
  char luid[8];
  unsigned int luidDeviceNodeMask;
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;
  size_t totalConstMem;
  int major;
  int minor;
  size_t textureAlignment;
  size_t texturePitchAlignment;
  int deviceOverlap;
  int multiProcessorCount;
  int kernelExecTimeoutEnabled;
  int integrated;
  int canMapHostMemory;
  int computeMode;
  int maxTexture1D;
  int maxTexture1DMipmap;
  int maxTexture1DLinear;
  int maxTexture2D[2];
  int maxTexture2DMipmap[2];
  int maxTexture2DLinear[3];
  int maxTexture2DGather[2];
  int maxTexture3D[3];
  int maxTexture3DAlt[3];
  int maxTextureCubemap;
  int maxTexture1DLayered[2];
  int maxTexture2DLayered[3];
  int maxTextureCubemapLayered[2];
  int maxSurface1D;
  int maxSurface2D[2];
  int maxSurface3D[3];
  int maxSurface1DLayered[2];
  int maxSurface2DLayered[3];
  int maxSurfaceCubemap;
  int maxSurfaceCubemapLayered[2];
  size_t surfaceAlignment;
  int concurrentKernels;
  int ECCEnabled;
  int pciBusID;
  int pciDeviceID;
  int pciDomainID;
  int tccDriver;
  int asyncEngineCount;
  int unifiedAddressing;
  int memoryClockRate;
  int memoryBusWidth;
  int l2CacheSize;
  int persistingL2CacheMaxSize;
  int maxThreadsPerMultiProcessor;
  int streamPrioritiesSupported;
  int globalL1CacheSupported;
  int localL1CacheSupported;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor;
  int managedMemory;
  int isMultiGpuBoard;
  int multiGpuBoardGroupID;
  int hostNativeAtomicSupported;
  int singleToDoublePrecisionPerfRatio;
  int pageableMemoryAccess;
  int concurrentManagedAccess;
  int computePreemptionSupported;
  int canUseHostPointerForRegisteredMem;
  int cooperativeLaunch;
  int cooperativeMultiDeviceLaunch;
  size_t sharedMemPerBlockOptin;
  int pageableMemoryAccessUsesHostPageTables;
  int directManagedMemAccessFromHost;
  int maxBlocksPerMultiProcessor;
  int accessPolicyMaxWindowSize;
  size_t reservedSharedMemPerBlock;
  int hostRegisterSupported;
  int sparseHipArraySupported;
  int hostRegisterReadOnlySupported;
  int timelineSemaphoreInteropSupported;
  int memoryPoolsSupported;
  int gpuDirectRDMASupported;
  unsigned int gpuDirectRDMAFlushWritesOptions;
  int gpuDirectRDMAWritesOrdering;
  unsigned int memoryPoolSupportedHandleTypes;
  int deferredMappingHipArraySupported;
  int ipcEventSupported;
  int clusterLaunch;
  int unifiedFunctionPointers;
  int reserved[63];
  int hipReserved[32];
  char gcnArchName[256];
  size_t maxSharedMemoryPerMultiProcessor;
  int clockInstructionRate;
  DeviceArchR0000 arch;
  unsigned int* hdpMemFlushCntl;
  unsigned int* hdpRegFlushCntl;
  int cooperativeMultiDeviceUnmatchedFunc;
  int cooperativeMultiDeviceUnmatchedGridDim;
  int cooperativeMultiDeviceUnmatchedBlockDim;
  int cooperativeMultiDeviceUnmatchedSharedMem;
  int isLargeBar;
  int asicRevision;
};

static_assert(sizeof(DevicePropR0600) == 1472, "HIP 6 hipDeviceProp_tR0600 is 1472 bytes");
static_assert(alignof(DevicePropR0600) == 8, "HIP 6 hipDeviceProp_tR0600 alignment");
static_assert(offsetof(DevicePropR0600, uuid) == 256, "uuid");
static_assert(offsetof(DevicePropR0600, totalGlobalMem) == 288, "totalGlobalMem");
static_assert(offsetof(DevicePropR0600, warpSize) == 308, "warpSize");
static_assert(offsetof(DevicePropR0600, memPitch) == 312, "memPitch");
static_assert(offsetof(DevicePropR0600, clockRate) == 348, "clockRate");
static_assert(offsetof(DevicePropR0600, major) == 360, "major");
static_assert(offsetof(DevicePropR0600, multiProcessorCount) == 388, "multiProcessorCount");
static_assert(offsetof(DevicePropR0600, surfaceAlignment) == 568, "surfaceAlignment");
static_assert(offsetof(DevicePropR0600, memoryClockRate) == 608, "memoryClockRate");
static_assert(offsetof(DevicePropR0600, sharedMemPerMultiprocessor) == 640, "sharedMemPerMultiprocessor");
static_assert(offsetof(DevicePropR0600, sharedMemPerBlockOptin) == 696, "sharedMemPerBlockOptin");
static_assert(offsetof(DevicePropR0600, maxBlocksPerMultiProcessor) == 712, "maxBlocksPerMultiProcessor");
static_assert(offsetof(DevicePropR0600, reservedSharedMemPerBlock) == 720, "reservedSharedMemPerBlock");
static_assert(offsetof(DevicePropR0600, reserved) == 780, "reserved");
static_assert(offsetof(DevicePropR0600, hipReserved) == 1032, "hipReserved");
static_assert(offsetof(DevicePropR0600, gcnArchName) == 1160, "gcnArchName");
static_assert(offsetof(DevicePropR0600, maxSharedMemoryPerMultiProcessor) == 1416,
              "maxSharedMemoryPerMultiProcessor");
static_assert(offsetof(DevicePropR0600, arch) == 1428, "arch");
static_assert(offsetof(DevicePropR0600, hdpMemFlushCntl) == 1432, "hdpMemFlushCntl");
static_assert(offsetof(DevicePropR0600, asicRevision) == 1468, "last member");

}  // namespace rocm
}  // namespace hipemu
