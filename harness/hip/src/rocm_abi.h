// ROCm's runtime ABI where it differs from this library's own headers: the hipDeviceProp_t
// layouts of the HIP versions whose headers `hipcc --hip-path` accepts
// (harness/conformance/hip_path.py, KNOWN). A program built with those headers passes
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

}  // namespace rocm
}  // namespace hipemu
