// Device enumeration and properties: one emulated device (ordinal 0).
#include <cstdio>
#include <cstring>

#include "runtime.h"

using namespace hipemu;

namespace {

// Nominal figures of the card each arch models (public product specs of the
// Radeon RX 9070 XT (gfx1201) and RX 9060 XT (gfx1200)): they only make
// hipGetDeviceProperties answer plausibly; the emulator's speed is unrelated.
struct ArchProps {
  const char* arch;
  int compute_units;
  int clock_khz;
  int mem_bus_bits;
  int l2_bytes;
};
constexpr ArchProps kArchProps[] = {
    {"gfx1201", 64, 2970000, 256, 8 << 20},
    {"gfx1200", 32, 3130000, 128, 4 << 20},
};

// The documented emulator identification: hipDeviceProp_t::name starts with
// this prefix on the emulator ("RDNA4 emulator (gfx1201)"), never on hardware.
constexpr const char* kEmuNamePrefix = "RDNA4 emulator";

}  // namespace

extern "C" {

hipError_t hipGetDeviceCount(int* count) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!count) return record(hipErrorInvalidValue);
  if (!configure(rt())) {
    *count = 0;
    return record(hipErrorNoDevice);
  }
  *count = 1;
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t hipGetDevice(int* deviceId) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!deviceId) return record(hipErrorInvalidValue);
  if (!configure(rt())) return record(hipErrorNoDevice);
  *deviceId = 0;
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t hipSetDevice(int deviceId) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!configure(rt())) return record(hipErrorNoDevice);
  if (deviceId != 0) return record(hipErrorInvalidDevice);
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t hipGetDeviceProperties(hipDeviceProp_t* prop, int deviceId) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!prop) return record(hipErrorInvalidValue);
  if (!configure(rt())) return record(hipErrorNoDevice);
  if (deviceId != 0) return record(hipErrorInvalidDevice);
  const std::string& arch = rt().arch;
  const ArchProps* a = &kArchProps[0];
  for (const ArchProps& p : kArchProps)
    if (arch == p.arch) a = &p;
  std::memset(prop, 0, sizeof *prop);
  std::snprintf(prop->name, sizeof prop->name, "%s (%s)", kEmuNamePrefix, a->arch);
  std::snprintf(prop->gcnArchName, sizeof prop->gcnArchName, "%s", a->arch);
  // arch: the flags ROCm's runtime sets for every device (ROCm/clr hipamd/src/hip_device.cpp,
  // the same as the __HIP_ARCH_HAS_*__ macros of amd_hip_runtime.h): all 32/64-bit global and
  // LDS atomics, float atomic add, doubles, warp vote/ballot/shuffle, __threadfence_system,
  // 3-D grids; no funnel shift, no __syncthreads_count & co., no surface functions, no dynamic
  // parallelism.
  prop->arch.hasGlobalInt32Atomics = prop->arch.hasGlobalFloatAtomicExch = 1;
  prop->arch.hasSharedInt32Atomics = prop->arch.hasSharedFloatAtomicExch = 1;
  prop->arch.hasFloatAtomicAdd = 1;
  prop->arch.hasGlobalInt64Atomics = prop->arch.hasSharedInt64Atomics = 1;
  prop->arch.hasDoubles = 1;
  prop->arch.hasWarpVote = prop->arch.hasWarpBallot = prop->arch.hasWarpShuffle = 1;
  prop->arch.hasThreadFenceSystem = 1;
  prop->arch.has3dGrid = 1;
  prop->totalGlobalMem = size_t(16) << 30;
  prop->sharedMemPerBlock = 64 * 1024;
  prop->sharedMemPerBlockOptin = 64 * 1024;
  prop->sharedMemPerMultiprocessor = 64 * 1024;
  prop->maxSharedMemoryPerMultiProcessor = 64 * 1024;
  prop->regsPerBlock = 65536;
  prop->regsPerMultiprocessor = 65536;
  prop->warpSize = 32;
  prop->memPitch = size_t(1) << 31;
  prop->maxThreadsPerBlock = 1024;
  prop->maxThreadsDim[0] = prop->maxThreadsDim[1] = prop->maxThreadsDim[2] = 1024;
  prop->maxGridSize[0] = 0x7fffffff;
  prop->maxGridSize[1] = prop->maxGridSize[2] = 65536;
  prop->clockRate = a->clock_khz;
  prop->clockInstructionRate = 100000;
  prop->totalConstMem = size_t(2) << 30;
  prop->major = 12;
  prop->minor = 0;
  // ROCm counts a WGP (two CUs) as one multiprocessor on gfx10+ in its default WGP mode
  // (ROCm/clr rocclr/device/rocm/rocdevice.cpp: maxComputeUnits_ halved when
  // enableWgpMode_, which GPU_ENABLE_WGP_MODE turns on by default): RX 9070 XT -> 32.
  prop->multiProcessorCount = a->compute_units / 2;
  prop->maxThreadsPerMultiProcessor = 2048;
  prop->maxBlocksPerMultiProcessor = 32;
  prop->memoryBusWidth = a->mem_bus_bits;
  prop->memoryClockRate = 1258000;
  prop->l2CacheSize = a->l2_bytes;
  prop->concurrentKernels = 0;  // launches run one at a time
  prop->canMapHostMemory = 1;   // hipHostMalloc memory is mapped (src/host_memory.cpp)
  prop->cooperativeLaunch = 1;  // hipLaunchCooperativeKernel (src/cooperative.cpp)
  // As ROCm, which sets the member from HMM direct host access (clr hipamd/src/hip_device.cpp:
  // unifiedAddressing = hmmDirectHostAccess_, off on a discrete gfx12 board) while
  // hipDeviceAttributeUnifiedAddressing answers 1 (src/device_attributes.cpp): the two differ there too.
  prop->unifiedAddressing = 0;
  prop->managedMemory = 0;
  prop->computeMode = 0;
  fill_model_properties(prop);  // the other members (src/device_attributes.cpp)
  prop->kernelExecTimeoutEnabled = rt().timeout_seconds > 0;  // the watchdog (RDNA4_EMU_TIMEOUT)
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t hipDeviceSynchronize(void) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!device(rt())) return record(hipErrorNoDevice);
  return record(take_pending(rt()));
  HIPEMU_API_END
}

hipError_t hipDeviceReset(void) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!configure(rt())) return record(hipErrorNoDevice);
  rt().device.reset();  // every allocation is released
  rt().device_bytes = 0;
  rt().pending = hipSuccess;
  for (const void* s : rt().streams) static_cast<ihipStream_t*>(const_cast<void*>(s))->error = hipSuccess;
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t hipDriverGetVersion(int* v) {
  HIPEMU_API_BEGIN
  if (!v) return record(hipErrorInvalidValue);
  *v = 60000000;  // HIP_VERSION encoding major*10^7 + minor*10^5: "6.0" level API
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t hipRuntimeGetVersion(int* v) { return hipDriverGetVersion(v); }

}  // extern "C"
