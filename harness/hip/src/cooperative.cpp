// hipLaunchCooperativeKernel: a launch whose work-groups must all be resident at once
// (HIP documentation, "Cooperative groups"). ROCm refuses a grid larger than the device
// holds at a time (blocks per multiprocessor from the occupancy calculation x
// multiprocessors) with hipErrorCooperativeLaunchTooLarge (ROCm/clr hipamd/src/
// hip_module.cpp). A grid that fits runs with every work-group resident at once
// (rdna4emu::LaunchOptions::cooperative: the emulator interleaves the waves of all
// work-groups on one host thread) and with a grid barrier in its hidden_multigrid_sync_arg
// argument, which cooperative_groups::this_grid().sync() uses (launch.cpp,
// <hip/hip_cooperative_groups.h>).
#include <cstdio>

#include "runtime.h"

using namespace hipemu;

namespace {

// The check and launch shared by hipLaunchCooperativeKernel and
// hipModuleLaunchCooperativeKernel.
hipError_t launch_cooperative(Runtime& r, const rdna4emu::CodeObject& co,
                              const rdna4emu::KernelInfo& k, dim3 gridDim, dim3 blockDim,
                              void** kernelParams, unsigned int sharedMemBytes,
                              hipStream_t stream, const char* api) {
  const uint64_t threads = uint64_t(blockDim.x) * blockDim.y * blockDim.z;
  const uint64_t blocks = uint64_t(gridDim.x) * gridDim.y * gridDim.z;
  if (threads > 0 && threads <= 1024 && blocks > 0) {
    Occupancy o;
    if (hipError_t e = occupancy(r, k, int(threads), sharedMemBytes, false, &o)) return e;
    hipDeviceProp_t prop;
    if (hipError_t e = hipGetDeviceProperties(&prop, 0)) return e;
    const bool wgp_mode = (k.kd.compute_pgm_rsrc1 >> 29) & 1u;
    const uint64_t mps = uint64_t(prop.multiProcessorCount) * (wgp_mode ? 1 : 2);
    if (blocks > uint64_t(o.blocks_per_mp) * mps) {
      std::fprintf(stderr,
                   "hipemu: %s of %s: %llu blocks of %llu work-items "
                   "exceed the %llu the device holds at once (%d per multiprocessor x %llu)\n",
                   api, k.name.c_str(), (unsigned long long)blocks, (unsigned long long)threads,
                   (unsigned long long)(uint64_t(o.blocks_per_mp) * mps), o.blocks_per_mp,
                   (unsigned long long)mps);
      return hipErrorCooperativeLaunchTooLarge;
    }
  }
  // Bad dimensions are reported by launch() as for any launch.
  return launch(r, co, k, gridDim, blockDim, sharedMemBytes, stream, kernelParams, nullptr, 0,
                /*cooperative=*/true);
}

}  // namespace

extern "C" {

hipError_t hipLaunchCooperativeKernel(const void* f, dim3 gridDim, dim3 blockDim,
                                      void** kernelParams, unsigned int sharedMemBytes,
                                      hipStream_t stream) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  Runtime& r = rt();
  Program* p;
  const rdna4emu::KernelInfo* k;
  if (hipError_t e = registered_kernel(r, f, "hipLaunchCooperativeKernel", &p, &k))
    return record(e);
  return record(launch_cooperative(r, *p->co, *k, gridDim, blockDim, kernelParams,
                                   sharedMemBytes, stream, "hipLaunchCooperativeKernel"));
  HIPEMU_API_END
}

// ROCm (hipamd/src/hip_module.cpp): a kernel of a loaded module, launched as
// hipLaunchCooperativeKernel launches a registered one.
hipError_t hipModuleLaunchCooperativeKernel(hipFunction_t f, unsigned int gridDimX,
                                            unsigned int gridDimY, unsigned int gridDimZ,
                                            unsigned int blockDimX, unsigned int blockDimY,
                                            unsigned int blockDimZ, unsigned int sharedMemBytes,
                                            hipStream_t stream, void** kernelParams) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  Runtime& r = rt();
  const rdna4emu::CodeObject* co;
  const rdna4emu::KernelInfo* k;
  if (hipError_t e = module_kernel(r, f, &co, &k)) return record(e);
  return record(launch_cooperative(r, *co, *k,
                                   dim3(gridDimX, gridDimY, gridDimZ),
                                   dim3(blockDimX, blockDimY, blockDimZ), kernelParams,
                                   sharedMemBytes, stream, "hipModuleLaunchCooperativeKernel"));
  HIPEMU_API_END
}

}  // extern "C"
