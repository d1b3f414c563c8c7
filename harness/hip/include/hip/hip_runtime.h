// <hip/hip_runtime.h> for the RDNA4 emulator path (hipemu).
//
// Compiled with `clang++ -x hip -nogpuinc -nogpulib -I harness/hip/include`:
// -nogpuinc keeps clang's __clang_hip_runtime_wrapper.h out, so this header
// defines what it (and ROCm's amd_hip_runtime.h) would: the HIP attributes,
// the built-in index variables, __syncthreads, warpSize, dynamic shared
// memory. Everything mirrors ROCm's spelling and semantics.
#ifndef HIPEMU_HIP_RUNTIME_H
#define HIPEMU_HIP_RUNTIME_H

#include "hip/hipemu_attributes.h"

// When clang finds a HIP install (e.g. Debian's libamdhip64-dev in /usr), it puts its
// cuda_wrappers directory first on the include path even with -nogpuinc; its <new> (pulled in
// by <algorithm>, <memory>, ...) calls ::malloc/::free, which clang's own HIP wrapper header
// declares by including <cstdlib> first. Do the same.
#include <cstdlib>

// ---- the standard headers a ROCm build makes available ----------------------------------
// A program built with ROCm's hipcc sees, through <hip/hip_runtime.h>, what ROCm's
// hip_runtime.h and amd_hip_runtime.h include (<stdint.h>, <stdio.h>, <stdlib.h>, <assert.h>,
// <thread>, <cstddef>, <cmath>, <cstdint>, <tuple>; <string.h> through
// hip_runtime_api.h's hip_prof_str.h) and what clang's __clang_hip_runtime_wrapper.h, included
// first in every HIP translation unit, includes (<cmath>, <cstdlib>, <stdlib.h>, <algorithm>,
// <complex>, <new>): programs call fabs, memset, std::min, printf ... without including
// anything else. The same set here (-nogpuinc keeps the wrapper out).
#ifdef __cplusplus
#include <algorithm>
#include <cassert>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <new>
#include <thread>
#include <tuple>
#endif
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
// ---- end of the standard headers --------------------------------------------------------

#include "hip/hip_runtime_api.h"
#include "hip/hip_vector_types.h"  // float2, int4, ... (ROCm's hip_runtime.h has them too)
#include "hip/hipemu_math.h"       // device sqrtf, fmaf, sinf, ... (no ocml on this path)

// __launch_bounds__(maxThreadsPerBlock[, minBlocksPerMultiprocessor]) as ROCm's
// amd_hip_runtime.h: the second argument becomes amdgpu_waves_per_eu.
#define __hipemu_lb1(maxt) __attribute__((amdgpu_flat_work_group_size(1, maxt)))
#define __hipemu_lb2(maxt, minb) \
  __attribute__((amdgpu_flat_work_group_size(1, maxt), amdgpu_waves_per_eu(minb)))
#define __hipemu_lb_pick(_1, _2, impl, ...) impl
#define __launch_bounds__(...) \
  __hipemu_lb_pick(__VA_ARGS__, __hipemu_lb2, __hipemu_lb1, )(__VA_ARGS__)
#define HIP_KERNEL_NAME(...) __VA_ARGS__

#define hipLaunchKernelGGL(kernelName, numBlocks, numThreads, memPerBlock, streamId, ...) \
  do {                                                                                   \
    kernelName<<<(numBlocks), (numThreads), (memPerBlock), (streamId)>>>(__VA_ARGS__);  \
  } while (0)

// Dynamic shared memory: `extern __shared__ T name[];` or this macro.
#define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];
#define HIP_DYNAMIC_SHARED_ATTRIBUTE

#if defined(__HIP__)

#define __hipemu_dev static __device__ inline __attribute__((always_inline))

// Code-object-v5 hidden kernel arguments (AMDGPUUsage, "Code Object V5
// Metadata"): implicitarg_ptr points at hidden_block_count_x; the u32 block
// counts are at +0/+4/+8 and the u16 group sizes at +12/+14/+16. This is what
// ROCm's __ockl_get_local_size / __ockl_get_num_groups read.
__hipemu_dev unsigned int __hipemu_block_count(int d) {
  const __attribute__((address_space(4))) unsigned int* p =
      (const __attribute__((address_space(4))) unsigned int*)__builtin_amdgcn_implicitarg_ptr();
  return p[d];
}
__hipemu_dev unsigned int __hipemu_group_size(int d) {
  const __attribute__((address_space(4))) unsigned short* p =
      (const __attribute__((address_space(4))) unsigned short*)__builtin_amdgcn_implicitarg_ptr();
  return p[6 + d];
}

#define __HIPEMU_BUILTIN_VAR(TYPE, X, Y, Z)                                        \
  struct TYPE {                                                                    \
    __declspec(property(get = __get_x)) unsigned int x;                           \
    __declspec(property(get = __get_y)) unsigned int y;                           \
    __declspec(property(get = __get_z)) unsigned int z;                           \
    __hipemu_dev unsigned int __get_x() { return X; }                             \
    __hipemu_dev unsigned int __get_y() { return Y; }                             \
    __hipemu_dev unsigned int __get_z() { return Z; }                             \
    __device__ operator dim3() const { return dim3(__get_x(), __get_y(), __get_z()); } \
   private:                                                                        \
    __device__ TYPE() = delete;                                                    \
    __device__ TYPE(const TYPE&) = delete;                                         \
    __device__ void operator=(const TYPE&) const = delete;                         \
    __device__ TYPE* operator&() const = delete;                                   \
  };

__HIPEMU_BUILTIN_VAR(__hip_builtin_threadIdx_t, __builtin_amdgcn_workitem_id_x(),
                     __builtin_amdgcn_workitem_id_y(), __builtin_amdgcn_workitem_id_z())
__HIPEMU_BUILTIN_VAR(__hip_builtin_blockIdx_t, __builtin_amdgcn_workgroup_id_x(),
                     __builtin_amdgcn_workgroup_id_y(), __builtin_amdgcn_workgroup_id_z())
__HIPEMU_BUILTIN_VAR(__hip_builtin_blockDim_t, __hipemu_group_size(0), __hipemu_group_size(1),
                     __hipemu_group_size(2))
__HIPEMU_BUILTIN_VAR(__hip_builtin_gridDim_t, __hipemu_block_count(0), __hipemu_block_count(1),
                     __hipemu_block_count(2))
#undef __HIPEMU_BUILTIN_VAR

extern const __device__ __attribute__((weak)) __hip_builtin_threadIdx_t threadIdx;
extern const __device__ __attribute__((weak)) __hip_builtin_blockIdx_t blockIdx;
extern const __device__ __attribute__((weak)) __hip_builtin_blockDim_t blockDim;
extern const __device__ __attribute__((weak)) __hip_builtin_gridDim_t gridDim;

#define hipThreadIdx_x (threadIdx.x)
#define hipThreadIdx_y (threadIdx.y)
#define hipThreadIdx_z (threadIdx.z)
#define hipBlockIdx_x (blockIdx.x)
#define hipBlockIdx_y (blockIdx.y)
#define hipBlockIdx_z (blockIdx.z)
#define hipBlockDim_x (blockDim.x)
#define hipBlockDim_y (blockDim.y)
#define hipBlockDim_z (blockDim.z)
#define hipGridDim_x (gridDim.x)
#define hipGridDim_y (gridDim.y)
#define hipGridDim_z (gridDim.z)

// warpSize: the wave size the device code is compiled for (32 on RDNA4
// unless -mwavefrontsize64). Usable in device code as an int; not a
// compile-time constant (as in ROCm 7).
struct __hipemu_warp_size_t {
  __device__ operator int() const { return __builtin_amdgcn_wavefrontsize(); }
};
static constexpr __hipemu_warp_size_t warpSize{};

// __syncthreads as ROCm's __work_group_barrier(__CLK_LOCAL_MEM_FENCE):
// release fence, s_barrier, acquire fence, all at workgroup scope.
__hipemu_dev void __syncthreads() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
__hipemu_dev void __threadfence_block() { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup"); }
__hipemu_dev void __threadfence() { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent"); }

__hipemu_dev unsigned int __lane_id() {
  return __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
}

// Cross-lane operations, as ROCm's amd_warp_functions.h: `width` splits the
// wave into independent groups of `width` lanes (a power of two <= warpSize).
__hipemu_dev int __shfl(int var, int src_lane, int width = warpSize) {
  int self = (int)__lane_id();
  int index = src_lane + (self & ~(width - 1));
  return __builtin_amdgcn_ds_bpermute(index << 2, var);
}
__hipemu_dev int __shfl_up(int var, unsigned int delta, int width = warpSize) {
  int self = (int)__lane_id();
  int index = self - (int)delta;
  index = (index < (self & ~(width - 1))) ? self : index;
  return __builtin_amdgcn_ds_bpermute(index << 2, var);
}
__hipemu_dev int __shfl_down(int var, unsigned int delta, int width = warpSize) {
  int self = (int)__lane_id();
  int index = self + (int)delta;
  index = (int)((self & (width - 1)) + delta) >= width ? self : index;
  return __builtin_amdgcn_ds_bpermute(index << 2, var);
}
__hipemu_dev int __shfl_xor(int var, int lane_mask, int width = warpSize) {
  int self = (int)__lane_id();
  int index = self ^ lane_mask;
  index = index >= ((self + width) & ~(width - 1)) ? self : index;
  return __builtin_amdgcn_ds_bpermute(index << 2, var);
}
__hipemu_dev float __shfl(float var, int src_lane, int width = warpSize) {
  return __builtin_bit_cast(float, __shfl(__builtin_bit_cast(int, var), src_lane, width));
}
__hipemu_dev float __shfl_up(float var, unsigned int delta, int width = warpSize) {
  return __builtin_bit_cast(float, __shfl_up(__builtin_bit_cast(int, var), delta, width));
}
__hipemu_dev float __shfl_down(float var, unsigned int delta, int width = warpSize) {
  return __builtin_bit_cast(float, __shfl_down(__builtin_bit_cast(int, var), delta, width));
}
__hipemu_dev float __shfl_xor(float var, int lane_mask, int width = warpSize) {
  return __builtin_bit_cast(float, __shfl_xor(__builtin_bit_cast(int, var), lane_mask, width));
}
// Bit i set when lane i's predicate is non-zero (64-bit in HIP for both wave sizes).
__hipemu_dev unsigned long long __ballot(int predicate) {
  return __builtin_amdgcn_ballot_w64(predicate != 0);
}
__hipemu_dev unsigned int __popc(unsigned int x) { return __builtin_popcount(x); }
__hipemu_dev unsigned int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
__hipemu_dev int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned)x); }
__hipemu_dev int __ffs(int x) { return __builtin_ffs(x); }

// Atomics (relaxed, device scope, as ROCm's atomicAdd etc.), with the overloads of ROCm's
// amd_hip_atomic.h: atomicAdd and atomicExch for int, unsigned int, unsigned long,
// unsigned long long, float, double; atomicMin/atomicMax for those and long long.
#define __HIPEMU_ATOMIC(NAME, BUILTIN, T)                                              \
  static __device__ inline T NAME(T* address, T val) {                                  \
    return BUILTIN(address, val, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);           \
  }
#define __HIPEMU_ATOMIC_TYPES(NAME, BUILTIN)           \
  __HIPEMU_ATOMIC(NAME, BUILTIN, int)                  \
  __HIPEMU_ATOMIC(NAME, BUILTIN, unsigned int)         \
  __HIPEMU_ATOMIC(NAME, BUILTIN, unsigned long)        \
  __HIPEMU_ATOMIC(NAME, BUILTIN, unsigned long long)   \
  __HIPEMU_ATOMIC(NAME, BUILTIN, float)                \
  __HIPEMU_ATOMIC(NAME, BUILTIN, double)
__HIPEMU_ATOMIC_TYPES(atomicAdd, __hip_atomic_fetch_add)
__HIPEMU_ATOMIC_TYPES(atomicExch, __hip_atomic_exchange)
__HIPEMU_ATOMIC_TYPES(atomicMax, __hip_atomic_fetch_max)
__HIPEMU_ATOMIC_TYPES(atomicMin, __hip_atomic_fetch_min)
__HIPEMU_ATOMIC(atomicMax, __hip_atomic_fetch_max, long long)
__HIPEMU_ATOMIC(atomicMin, __hip_atomic_fetch_min, long long)
#undef __HIPEMU_ATOMIC_TYPES
#undef __HIPEMU_ATOMIC

#undef __hipemu_dev
#endif  // __HIP__

// ===== C/C++ library headers ROCm's hip_runtime.h includes; device printf; bit functions =====
// ROCm's <hip/hip_runtime.h> (ROCm/HIP include/hip/hip_runtime.h, amd_detail/
// amd_hip_runtime.h) includes <stdint.h>, <stdio.h>, <stdlib.h>, <assert.h>, <thread>,
// <cmath>, <cstdint>, <tuple>, <math.h> and, through hip_runtime_api.h, <string.h>:
// programs written for it use fabs, memset, printf, ... without including them.
#include <assert.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <thread>
#include <tuple>

#include "hip/hipemu_printf.h"  // device printf (clang's hostcall lowering)

#if defined(__HIP__)
// Bit-field functions of ROCm's amd_device_functions.h (HIP documentation, "Integer
// intrinsics"): __bitextract_*: the `width` (src2) bits of src0 from bit `offset` (src1),
// zero-extended; __bitinsert_*: src0 with `width` (src3) bits at `offset` (src2) replaced
// by the low bits of src1. offset and width are taken modulo the type's width (as ROCm:
// & 31 / & 63); a width of 0 extracts 0 and inserts nothing. Defined for
// offset + width <= the type's width.
static __device__ inline unsigned int __bitextract_u32(unsigned int src0, unsigned int src1,
                                                       unsigned int src2) {
  unsigned int offset = src1 & 31u, width = src2 & 31u;
  return width == 0 ? 0u : (src0 >> offset) & ((1u << width) - 1u);
}
static __device__ inline unsigned long long __bitextract_u64(unsigned long long src0,
                                                             unsigned int src1,
                                                             unsigned int src2) {
  unsigned int offset = src1 & 63u, width = src2 & 63u;
  return width == 0 ? 0ull : (src0 >> offset) & ((1ull << width) - 1ull);
}
static __device__ inline unsigned int __bitinsert_u32(unsigned int src0, unsigned int src1,
                                                      unsigned int src2, unsigned int src3) {
  unsigned int offset = src2 & 31u, width = src3 & 31u;
  unsigned int mask = (1u << width) - 1u;
  return (src0 & ~(mask << offset)) | ((src1 & mask) << offset);
}
static __device__ inline unsigned long long __bitinsert_u64(unsigned long long src0,
                                                            unsigned long long src1,
                                                            unsigned int src2, unsigned int src3) {
  unsigned int offset = src2 & 63u, width = src3 & 63u;
  unsigned long long mask = (1ull << width) - 1ull;
  return (src0 & ~(mask << offset)) | ((src1 & mask) << offset);
}
static __device__ inline unsigned int __brev(unsigned int x) { return __builtin_bitreverse32(x); }
static __device__ inline unsigned long long __brevll(unsigned long long x) {
  return __builtin_bitreverse64(x);
}
#endif  // __HIP__
// ===== end: library headers, device printf, bit functions =====

#endif  // HIPEMU_HIP_RUNTIME_H
