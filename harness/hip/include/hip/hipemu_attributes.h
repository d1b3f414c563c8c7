// The HIP function and variable attributes for the emulator path's headers (hipemu), in one
// place: every public header that uses them includes this one, so any of them may come first.
// In a HIP translation unit (-x hip, clang's wrapper header kept out by -nogpuinc) they are
// clang's CUDA/HIP attributes, as ROCm's amd_hip_runtime.h spells them; in a plain C++
// translation unit __host__ and __device__ expand to nothing.
#ifndef HIPEMU_ATTRIBUTES_H
#define HIPEMU_ATTRIBUTES_H

#if defined(__HIP__)
#ifndef __host__
#define __host__ __attribute__((host))
#endif
#ifndef __device__
#define __device__ __attribute__((device))
#endif
#ifndef __global__
#define __global__ __attribute__((global))
#endif
#ifndef __shared__
#define __shared__ __attribute__((shared))
#endif
#ifndef __constant__
#define __constant__ __attribute__((constant))
#endif
#ifndef __managed__
#define __managed__ __attribute__((managed))
#endif
#else
#ifndef __host__
#define __host__
#endif
#ifndef __device__
#define __device__
#endif
#endif

// The other markers of ROCm's host_defines.h and amd_hip_runtime.h. __noinline__ only where
// ROCm defines it: in HIP, when clang does not know it as a keyword (clang >= 16 does); as a
// macro in plain C++ it would break the standard library's __attribute__((__noinline__)).
#if defined(__HIP__)
#if !defined(__has_feature) || !__has_feature(cuda_noinline_keyword)
#ifndef __noinline__
#define __noinline__ __attribute__((noinline))
#endif
#endif
#ifndef __forceinline__
#define __forceinline__ inline __attribute__((always_inline))
#endif
#else
#ifndef __forceinline__
#define __forceinline__ inline
#endif
#endif
#ifndef __align__
#define __align__(x) __attribute__((aligned(x)))
#endif

#include "hip/hipemu_host_defines.h"

#endif  // HIPEMU_ATTRIBUTES_H
