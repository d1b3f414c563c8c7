// hipOccupancyMaxActiveBlocksPerMultiprocessor(WithFlags),
// hipOccupancyMaxPotentialBlockSize and their hipModule* forms for a kernel of a loaded
// module (hipFunction_t; argument checks as ROCm/clr hip_platform.cpp): ROCm's occupancy calculation (ROCm/clr,
// hipamd/src/hip_platform.cpp, ihipOccupancyMaxActiveBlocksPerMultiprocessor) with the
// figures of gfx1200/gfx1201 and the kernel's own resource use from its code object.
//
// Per SIMD: at most 16 waves (gfx10+); VGPRs: 1536 per SIMD for wave32 allocated in
// granules of 24 (768 and 12 for wave64); SGPRs do not limit (gfx10+ gives every wave its
// own). A multiprocessor is a WGP (4 SIMDs) for a kernel compiled in WGP mode (the
// default; COMPUTE_PGM_RSRC1.WGP_MODE) and a CU (2 SIMDs) otherwise; LDS 64 KiB per
// work-group slot. Sources: docs/facts/hardware-figures.md ("Occupancy figures").
#include <algorithm>
#include <climits>
#include <cstdio>

#include "runtime.h"

using namespace hipemu;

namespace {

constexpr int kMaxWavesPerSimd = 16;
constexpr int kVgprsPerSimdWave32 = 1536;
constexpr int kVgprGranuleWave32 = 24;
constexpr int kLdsBytes = 65536;
constexpr int kMaxBlock = 1024;
constexpr unsigned kWgpModeBit = 29;  // COMPUTE_PGM_RSRC1.WGP_MODE (gfx10+)

int align_up(int v, int a) { return (v + a - 1) / a * a; }

}  // namespace

namespace hipemu {

hipError_t registered_kernel(Runtime& r, const void* f, const char* api, Program** program,
                             const rdna4emu::KernelInfo** kernel) {
  if (!device(r)) return hipErrorNoDevice;
  auto it = r.functions.find(f);
  if (it == r.functions.end()) {
    std::fprintf(stderr, "hipemu: %s: %p is not a registered kernel\n", api, f);
    return hipErrorInvalidDeviceFunction;
  }
  Program& p = *it->second.program;
  if (hipError_t e = load(r, p)) return e;
  const rdna4emu::KernelInfo* k = p.co->find_kernel(it->second.name);
  if (!k) {
    std::fprintf(stderr, "hipemu: %s: kernel %s is not in the %s code object of %s\n", api,
                 it->second.name.c_str(), r.arch.c_str(), p.origin.c_str());
    return hipErrorInvalidDeviceFunction;
  }
  *program = &p;
  *kernel = k;
  return hipSuccess;
}

hipError_t occupancy(Runtime& r, const rdna4emu::KernelInfo& k, int block_size, size_t dyn_lds,
                     bool potential, Occupancy* out) {
  if (!potential) {
    if (block_size <= 0) return hipErrorInvalidValue;
    if (block_size > kMaxBlock) {  // ROCm: zero blocks, success
      *out = Occupancy{};
      return hipSuccess;
    }
  } else if (block_size <= 0 || block_size > kMaxBlock) {
    block_size = kMaxBlock;
  }
  const int wave = k.wavefront_size ? int(k.wavefront_size) : 32;
  const int vgprs_per_simd = wave == 64 ? kVgprsPerSimdWave32 / 2 : kVgprsPerSimdWave32;
  const int granule = wave == 64 ? kVgprGranuleWave32 / 2 : kVgprGranuleWave32;
  int vgpr_waves = kMaxWavesPerSimd;
  if (k.vgpr_count > 0) vgpr_waves = vgprs_per_simd / align_up(int(k.vgpr_count), granule);
  if (vgpr_waves == 0) {
    std::fprintf(stderr, "hipemu: occupancy of %s: %u VGPRs exceed the %d of a SIMD\n",
                 k.name.c_str(), k.vgpr_count, vgprs_per_simd);
    return hipErrorUnknown;  // as ROCm
  }
  const bool wgp_mode = (k.kd.compute_pgm_rsrc1 >> kWgpModeBit) & 1u;
  const int simds = wgp_mode ? 4 : 2;
  const int alu_threads = simds * std::min(kMaxWavesPerSimd, vgpr_waves) * wave;
  int lds_blocks = INT_MAX;
  const size_t lds = size_t(k.group_segment_fixed_size) + dyn_lds;
  if (lds) lds_blocks = int(std::min<size_t>(INT_MAX, kLdsBytes / lds));
  out->blocks_per_mp = std::min(alu_threads / align_up(block_size, wave), lds_blocks);
  out->best_block = std::min(alu_threads, align_up(block_size, wave));
  const int best_blocks = alu_threads / out->best_block;
  // Multiprocessors as hipDeviceProp_t counts them (WGPs); a CU-mode kernel has two per WGP.
  hipDeviceProp_t p;
  if (hipError_t e = hipGetDeviceProperties(&p, 0)) return e;
  const int mps = wgp_mode ? p.multiProcessorCount : 2 * p.multiProcessorCount;
  out->grid_blocks = mps * std::min(best_blocks, lds_blocks);
  (void)r;
  return hipSuccess;
}

}  // namespace hipemu

// The entry points differ only in how they find the kernel: a registered host function
// (hipOccupancy*) or a module's hipFunction_t (hipModuleOccupancy*; ROCm returns
// hipErrorInvalidValue for a null function; a handle hipModuleGetFunction did not return is
// hipErrorInvalidHandle here, ROCm does not check it). The flags ROCm accepts: default and
// hipOccupancyDisableCachingOverride (which changes nothing without caches to configure).
namespace {

using Lookup = hipError_t (*)(Runtime&, const void* f, const char* api,
                              const rdna4emu::KernelInfo**);

hipError_t registered_function(Runtime& r, const void* f, const char* api,
                               const rdna4emu::KernelInfo** k) {
  Program* p;
  return registered_kernel(r, f, api, &p, k);
}

hipError_t module_function(Runtime& r, const void* f, const char*,
                           const rdna4emu::KernelInfo** k) {
  if (!f) return hipErrorInvalidValue;
  const rdna4emu::CodeObject* co;
  return module_kernel(r, static_cast<hipFunction_t>(const_cast<void*>(f)), &co, k);
}

bool valid_flags(unsigned int flags) {
  return flags == hipOccupancyDefault || flags == hipOccupancyDisableCachingOverride;
}

hipError_t max_active_blocks(Lookup lookup, const char* api, int* numBlocks, const void* f,
                             int blockSize, size_t dynSharedMemPerBlk, unsigned int flags) {
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  Runtime& r = rt();
  if (!numBlocks || !valid_flags(flags)) return record(hipErrorInvalidValue);
  const rdna4emu::KernelInfo* k;
  if (hipError_t e = lookup(r, f, api, &k)) return record(e);
  Occupancy o;
  if (hipError_t e = occupancy(r, *k, blockSize, dynSharedMemPerBlk, false, &o)) return record(e);
  *numBlocks = o.blocks_per_mp;
  return hipSuccess;
}

hipError_t max_potential_block(Lookup lookup, const char* api, int* gridSize, int* blockSize,
                               const void* f, size_t dynSharedMemPerBlk, int blockSizeLimit,
                               unsigned int flags) {
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  Runtime& r = rt();
  if (!gridSize || !blockSize || !valid_flags(flags)) return record(hipErrorInvalidValue);
  const rdna4emu::KernelInfo* k;
  if (hipError_t e = lookup(r, f, api, &k)) return record(e);
  Occupancy o;
  if (hipError_t e = occupancy(r, *k, blockSizeLimit, dynSharedMemPerBlk, true, &o))
    return record(e);
  *blockSize = o.best_block;
  *gridSize = o.grid_blocks;
  return hipSuccess;
}

}  // namespace

extern "C" {

hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* numBlocks, const void* f,
                                                                 int blockSize,
                                                                 size_t dynSharedMemPerBlk,
                                                                 unsigned int flags) {
  HIPEMU_API_BEGIN
  return max_active_blocks(registered_function, "hipOccupancyMaxActiveBlocksPerMultiprocessor",
                           numBlocks, f, blockSize, dynSharedMemPerBlk, flags);
  HIPEMU_API_END
}

hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, const void* f,
                                                        int blockSize, size_t dynSharedMemPerBlk) {
  HIPEMU_API_BEGIN
  return max_active_blocks(registered_function, "hipOccupancyMaxActiveBlocksPerMultiprocessor",
                           numBlocks, f, blockSize, dynSharedMemPerBlk,
                           hipOccupancyDefault);
  HIPEMU_API_END
}

hipError_t hipOccupancyMaxPotentialBlockSize(int* gridSize, int* blockSize, const void* f,
                                             size_t dynSharedMemPerBlk, int blockSizeLimit) {
  HIPEMU_API_BEGIN
  return max_potential_block(registered_function, "hipOccupancyMaxPotentialBlockSize",
                             gridSize, blockSize, f, dynSharedMemPerBlk,
                             blockSizeLimit, hipOccupancyDefault);
  HIPEMU_API_END
}

hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int* numBlocks, hipFunction_t f, int blockSize, size_t dynSharedMemPerBlk, unsigned int flags) {
  HIPEMU_API_BEGIN
  return max_active_blocks(module_function, nullptr, numBlocks, f, blockSize, dynSharedMemPerBlk,
                           flags);
  HIPEMU_API_END
}

hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, hipFunction_t f,
                                                              int blockSize,
                                                              size_t dynSharedMemPerBlk) {
  HIPEMU_API_BEGIN
  return max_active_blocks(module_function, nullptr, numBlocks, f, blockSize, dynSharedMemPerBlk,
                           hipOccupancyDefault);
  HIPEMU_API_END
}

hipError_t hipModuleOccupancyMaxPotentialBlockSizeWithFlags(int* gridSize, int* blockSize,
                                                            hipFunction_t f,
                                                            size_t dynSharedMemPerBlk,
                                                            int blockSizeLimit,
                                                            unsigned int flags) {
  HIPEMU_API_BEGIN
  return max_potential_block(module_function, nullptr, gridSize, blockSize, f, dynSharedMemPerBlk,
                             blockSizeLimit, flags);
  HIPEMU_API_END
}

hipError_t hipModuleOccupancyMaxPotentialBlockSize(int* gridSize, int* blockSize, hipFunction_t f,
                                                   size_t dynSharedMemPerBlk, int blockSizeLimit) {
  HIPEMU_API_BEGIN
  return max_potential_block(module_function, nullptr, gridSize, blockSize, f, dynSharedMemPerBlk,
                             blockSizeLimit, hipOccupancyDefault);
  HIPEMU_API_END
}

}  // extern "C"
