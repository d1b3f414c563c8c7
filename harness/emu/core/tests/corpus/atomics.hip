#include "hip_mini.h"
// Global and LDS atomics (integer add/max, float add); clang's atomic
// optimizer turns uniform-address atomics into readlane loops.
extern "C" __global__ void atomics(const int* in, int* bins, float* fsum, int* total) {
  uint t = threadIdx_x + blockIdx_x * blockDim_x;
  int v = in[t];
  __hip_atomic_fetch_add(&bins[v & 15], 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  __hip_atomic_fetch_add(total, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  __hip_atomic_fetch_add(fsum, 1.0f, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  __shared__ int lds_count;
  if (threadIdx_x == 0) lds_count = 0;
  __syncthreads();
  __hip_atomic_fetch_add(&lds_count, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  __syncthreads();
  if (threadIdx_x == 0) __hip_atomic_fetch_max(total + 1, lds_count, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
