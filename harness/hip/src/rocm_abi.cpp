// Entry points with ROCm's ABI where it differs from this library's own headers
// (rocm_abi.h): hipGetDeviceProperties / hipGetDevicePropertiesR0000 fill the HIP 5.x
// hipDeviceProp_t, hipGetDevicePropertiesR0600 HIP 6's. The values are those of
// hipemuGetDeviceProperties (device_api.cpp).
#include <cstring>

#include "rocm_abi.h"
#include "runtime.h"

// Our own header maps hipGetDeviceProperties to hipemuGetDeviceProperties; here the
// unsuffixed name is ROCm's 5.x entry point.
#undef hipGetDeviceProperties

using hipemu::rocm::DeviceArchR0000;
using hipemu::rocm::DevicePropR0000;
using hipemu::rocm::DevicePropR0600;

namespace {
// ROCm's flags, as hipemuGetDeviceProperties fills them (device_api.cpp).
void fill_arch(DeviceArchR0000& a, const hipDeviceArch_t& p) {
  a.hasGlobalInt32Atomics = p.hasGlobalInt32Atomics;
  a.hasGlobalFloatAtomicExch = p.hasGlobalFloatAtomicExch;
  a.hasSharedInt32Atomics = p.hasSharedInt32Atomics;
  a.hasSharedFloatAtomicExch = p.hasSharedFloatAtomicExch;
  a.hasFloatAtomicAdd = p.hasFloatAtomicAdd;
  a.hasGlobalInt64Atomics = p.hasGlobalInt64Atomics;
  a.hasSharedInt64Atomics = p.hasSharedInt64Atomics;
  a.hasDoubles = p.hasDoubles;
  a.hasWarpVote = p.hasWarpVote;
  a.hasWarpBallot = p.hasWarpBallot;
  a.hasWarpShuffle = p.hasWarpShuffle;
  a.hasFunnelShift = p.hasFunnelShift;
  a.hasThreadFenceSystem = p.hasThreadFenceSystem;
  a.hasSyncThreadsExt = p.hasSyncThreadsExt;
  a.hasSurfaceFuncs = p.hasSurfaceFuncs;
  a.has3dGrid = p.has3dGrid;
  a.hasDynamicParallelism = p.hasDynamicParallelism;
}
// The members HIP 5.x's and HIP 6's structures share (same names), from our own structure.
template <class Dst>
void copy_common(Dst& d, const hipDeviceProp_t& p) {
  static_assert(sizeof d.name == sizeof p.name, "name");
  static_assert(sizeof d.gcnArchName == sizeof p.gcnArchName, "gcnArchName");
  std::memcpy(d.name, p.name, sizeof d.name);
  std::memcpy(d.gcnArchName, p.gcnArchName, sizeof d.gcnArchName);
  d.totalGlobalMem = p.totalGlobalMem;
  d.sharedMemPerBlock = p.sharedMemPerBlock;
  d.regsPerBlock = p.regsPerBlock;
  d.warpSize = p.warpSize;
  d.memPitch = p.memPitch;
  d.maxThreadsPerBlock = p.maxThreadsPerBlock;
  for (int i = 0; i < 3; ++i) {
    d.maxThreadsDim[i] = p.maxThreadsDim[i];
    d.maxGridSize[i] = p.maxGridSize[i];
  }
  d.clockRate = p.clockRate;
  d.memoryClockRate = p.memoryClockRate;
  d.memoryBusWidth = p.memoryBusWidth;
  d.totalConstMem = p.totalConstMem;
  d.major = p.major;
  d.minor = p.minor;
  d.multiProcessorCount = p.multiProcessorCount;
  d.l2CacheSize = p.l2CacheSize;
  d.maxThreadsPerMultiProcessor = p.maxThreadsPerMultiProcessor;
  d.computeMode = p.computeMode;
  d.clockInstructionRate = p.clockInstructionRate;
  fill_arch(d.arch, p.arch);
  d.concurrentKernels = p.concurrentKernels;
  d.pciDomainID = p.pciDomainID;
  d.pciBusID = p.pciBusID;
  d.pciDeviceID = p.pciDeviceID;
  d.maxSharedMemoryPerMultiProcessor = p.maxSharedMemoryPerMultiProcessor;
  d.isMultiGpuBoard = p.isMultiGpuBoard;
  d.canMapHostMemory = p.canMapHostMemory;
  d.integrated = p.integrated;
  d.cooperativeLaunch = p.cooperativeLaunch;
  d.kernelExecTimeoutEnabled = p.kernelExecTimeoutEnabled;
  d.ECCEnabled = p.ECCEnabled;
  d.managedMemory = p.managedMemory;
}

// Query our own structure, zero *prop, copy the shared members, then the version's own.
template <class Dst, class Own>
hipError_t fill(Dst* prop, int deviceId, Own own) {
  if (!prop) return hipemuGetDeviceProperties(nullptr, deviceId);  // records the error
  hipDeviceProp_t p;
  hipError_t e = hipemuGetDeviceProperties(&p, deviceId);
  if (e != hipSuccess) return e;
  std::memset(prop, 0, sizeof *prop);
  copy_common(*prop, p);
  own(*prop, p);
  return hipSuccess;
}
}  // namespace

extern "C" {

hipError_t hipGetDeviceProperties(DevicePropR0000* prop, int deviceId) {
  HIPEMU_API_BEGIN
  return fill(prop, deviceId, [](DevicePropR0000& d, const hipDeviceProp_t& p) {
    d.gcnArch = p.major * 100 + (std::strcmp(p.gcnArchName, "gfx1201") == 0 ? 1 : 0);
  });
  HIPEMU_API_END
}

hipError_t hipGetDevicePropertiesR0000(DevicePropR0000* prop, int deviceId) {
  HIPEMU_API_BEGIN
  return hipGetDeviceProperties(prop, deviceId);
  HIPEMU_API_END
}

hipError_t hipGetDevicePropertiesR0600(DevicePropR0600* prop, int deviceId) {
  HIPEMU_API_BEGIN
  return fill(prop, deviceId, [](DevicePropR0600& d, const hipDeviceProp_t& p) {
    d.asyncEngineCount = p.asyncEngineCount;
    d.unifiedAddressing = p.unifiedAddressing;
    d.sharedMemPerMultiprocessor = p.sharedMemPerMultiprocessor;
    d.regsPerMultiprocessor = p.regsPerMultiprocessor;
    d.sharedMemPerBlockOptin = p.sharedMemPerBlockOptin;
    d.maxBlocksPerMultiProcessor = p.maxBlocksPerMultiProcessor;
  });
  HIPEMU_API_END
}

}  // extern "C"
