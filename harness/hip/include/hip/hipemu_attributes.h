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

#endif  // HIPEMU_ATTRIBUTES_H
