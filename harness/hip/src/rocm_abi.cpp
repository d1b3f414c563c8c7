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
// The device code of the emulated arch has all of these (RDNA4 has 32/64-bit global and
// LDS atomics, doubles, cross-lane operations, 3-D grids); no dynamic parallelism.
void fill_arch(DeviceArchR0000& a) {
  a.hasGlobalInt32Atomics = a.hasGlobalFloatAtomicExch = 1;
  a.hasSharedInt32Atomics = a.hasSharedFloatAtomicExch = 1;
  a.hasFloatAtomicAdd = a.hasGlobalInt64Atomics = a.hasSharedInt64Atomics = 1;
  a.hasDoubles = a.hasWarpVote = a.hasWarpBallot = a.hasWarpShuffle = 1;
  a.hasFunnelShift = a.hasThreadFenceSystem = a.hasSyncThreadsExt = a.has3dGrid = 1;
}
}  // namespace

extern "C" {

hipError_t hipGetDeviceProperties(DevicePropR0000* prop, int deviceId) {
  if (!prop) return hipemuGetDeviceProperties(nullptr, deviceId);  // records the error
  hipDeviceProp_t p;
  hipError_t e = hipemuGetDeviceProperties(&p, deviceId);
  if (e != hipSuccess) return e;
  std::memset(prop, 0, sizeof *prop);
  static_assert(sizeof prop->name == sizeof p.name, "name");
  static_assert(sizeof prop->gcnArchName == sizeof p.gcnArchName, "gcnArchName");
  std::memcpy(prop->name, p.name, sizeof prop->name);
  std::memcpy(prop->gcnArchName, p.gcnArchName, sizeof prop->gcnArchName);
  prop->totalGlobalMem = p.totalGlobalMem;
  prop->sharedMemPerBlock = p.sharedMemPerBlock;
  prop->regsPerBlock = p.regsPerBlock;
  prop->warpSize = p.warpSize;
  prop->maxThreadsPerBlock = p.maxThreadsPerBlock;
  for (int i = 0; i < 3; ++i) {
    prop->maxThreadsDim[i] = p.maxThreadsDim[i];
    prop->maxGridSize[i] = p.maxGridSize[i];
  }
  prop->clockRate = p.clockRate;
  prop->memoryClockRate = p.memoryClockRate;
  prop->memoryBusWidth = p.memoryBusWidth;
  prop->totalConstMem = p.totalConstMem;
  prop->major = p.major;
  prop->minor = p.minor;
  prop->multiProcessorCount = p.multiProcessorCount;
  prop->l2CacheSize = p.l2CacheSize;
  prop->maxThreadsPerMultiProcessor = p.maxThreadsPerMultiProcessor;
  prop->computeMode = p.computeMode;
  prop->clockInstructionRate = p.clockInstructionRate;
  fill_arch(prop->arch);
  prop->concurrentKernels = p.concurrentKernels;
  prop->pciDomainID = p.pciDomainID;
  prop->pciBusID = p.pciBusID;
  prop->pciDeviceID = p.pciDeviceID;
  prop->maxSharedMemoryPerMultiProcessor = p.maxSharedMemoryPerMultiProcessor;
  prop->isMultiGpuBoard = p.isMultiGpuBoard;
  prop->canMapHostMemory = p.canMapHostMemory;
  prop->gcnArch = p.major * 100 + (std::strcmp(p.gcnArchName, "gfx1201") == 0 ? 1 : 0);
  prop->integrated = p.integrated;
  prop->cooperativeLaunch = p.cooperativeLaunch;
  prop->memPitch = p.memPitch;
  prop->kernelExecTimeoutEnabled = p.kernelExecTimeoutEnabled;
  prop->ECCEnabled = p.ECCEnabled;
  prop->managedMemory = p.managedMemory;
  return hipSuccess;
}

hipError_t hipGetDevicePropertiesR0000(DevicePropR0000* prop, int deviceId) {
  return hipGetDeviceProperties(prop, deviceId);
}

hipError_t hipGetDevicePropertiesR0600(DevicePropR0600* prop, int deviceId) {
  if (!prop) return hipemuGetDeviceProperties(nullptr, deviceId);  // records the error
  hipDeviceProp_t p;
  hipError_t e = hipemuGetDeviceProperties(&p, deviceId);
  if (e != hipSuccess) return e;
  std::memset(prop, 0, sizeof *prop);
  std::memcpy(prop->name, p.name, sizeof prop->name);
  std::memcpy(prop->gcnArchName, p.gcnArchName, sizeof prop->gcnArchName);
  prop->totalGlobalMem = p.totalGlobalMem;
  prop->sharedMemPerBlock = p.sharedMemPerBlock;
  prop->regsPerBlock = p.regsPerBlock;
  prop->warpSize = p.warpSize;
  prop->memPitch = p.memPitch;
  prop->maxThreadsPerBlock = p.maxThreadsPerBlock;
  for (int i = 0; i < 3; ++i) {
    prop->maxThreadsDim[i] = p.maxThreadsDim[i];
    prop->maxGridSize[i] = p.maxGridSize[i];
  }
  prop->clockRate = p.clockRate;
  prop->totalConstMem = p.totalConstMem;
  prop->major = p.major;
  prop->minor = p.minor;
  prop->multiProcessorCount = p.multiProcessorCount;
  prop->kernelExecTimeoutEnabled = p.kernelExecTimeoutEnabled;
  prop->integrated = p.integrated;
  prop->canMapHostMemory = p.canMapHostMemory;
  prop->computeMode = p.computeMode;
  prop->concurrentKernels = p.concurrentKernels;
  prop->ECCEnabled = p.ECCEnabled;
  prop->pciBusID = p.pciBusID;
  prop->pciDeviceID = p.pciDeviceID;
  prop->pciDomainID = p.pciDomainID;
  prop->asyncEngineCount = p.asyncEngineCount;
  prop->unifiedAddressing = p.unifiedAddressing;
  prop->memoryClockRate = p.memoryClockRate;
  prop->memoryBusWidth = p.memoryBusWidth;
  prop->l2CacheSize = p.l2CacheSize;
  prop->maxThreadsPerMultiProcessor = p.maxThreadsPerMultiProcessor;
  prop->sharedMemPerMultiprocessor = p.sharedMemPerMultiprocessor;
  prop->regsPerMultiprocessor = p.regsPerMultiprocessor;
  prop->managedMemory = p.managedMemory;
  prop->isMultiGpuBoard = p.isMultiGpuBoard;
  prop->cooperativeLaunch = p.cooperativeLaunch;
  prop->sharedMemPerBlockOptin = p.sharedMemPerBlockOptin;
  prop->maxBlocksPerMultiProcessor = p.maxBlocksPerMultiProcessor;
  prop->maxSharedMemoryPerMultiProcessor = p.maxSharedMemoryPerMultiProcessor;
  prop->clockInstructionRate = p.clockInstructionRate;
  fill_arch(prop->arch);
  return hipSuccess;
}

}  // extern "C"
