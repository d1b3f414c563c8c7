// <hip/hip_cooperative_groups.h> for the RDNA4 emulator path (hipemu): the basics of HIP's
// cooperative groups (HIP documentation, "Cooperative groups"), device code only.
//
//   namespace cooperative_groups (alias: namespace cg = cooperative_groups; is the user's)
//   thread_block this_thread_block()     the work-group
//     .sync()                            barrier of the whole block (as __syncthreads)
//     .thread_rank() .size() .num_threads()   linear rank in the block, block size
//     .group_index() .thread_index() .group_dim()   blockIdx, threadIdx, blockDim
//   thread_block_tile<N> tiled_partition<N>(const thread_block&)   N = 1, 2, 4, ..., wave size
//     .thread_rank() .size() .meta_group_rank() .meta_group_size()
//     .sync()                            the tile is inside one wave: a wave-wide barrier
//                                        (waits for the wave's other tiles too)
//     .shfl(v, src) .shfl_up(v, d) .shfl_down(v, d) .shfl_xor(v, mask)   int / float,
//                                        lanes of the same tile (width N)
//   void sync(group)                     group.sync()
// Not provided: grid_group / this_grid() (grid-wide sync needs cooperative launches),
// multi_grid_group, coalesced_group, dynamic tiled_partition(group, n).
#ifndef HIPEMU_HIP_COOPERATIVE_GROUPS_H
#define HIPEMU_HIP_COOPERATIVE_GROUPS_H

#include "hip/hip_runtime.h"

#if defined(__HIP__)

namespace cooperative_groups {

class thread_block {
 public:
  __device__ void sync() const { __syncthreads(); }
  __device__ unsigned int thread_rank() const {
    return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  }
  __device__ unsigned int size() const { return blockDim.x * blockDim.y * blockDim.z; }
  __device__ unsigned int num_threads() const { return size(); }
  __device__ dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  __device__ dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  __device__ dim3 group_dim() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
};

__device__ inline thread_block this_thread_block() { return thread_block(); }

template <unsigned int N>
class thread_block_tile {
  static_assert(N > 0 && (N & (N - 1)) == 0 && N <= 64, "tile size: a power of two <= 64");

 public:
  __device__ unsigned int thread_rank() const { return this_thread_block().thread_rank() % N; }
  __device__ unsigned int size() const { return N; }
  __device__ unsigned int num_threads() const { return N; }
  __device__ unsigned int meta_group_rank() const { return this_thread_block().thread_rank() / N; }
  __device__ unsigned int meta_group_size() const {
    return (this_thread_block().size() + N - 1) / N;
  }
  // A tile never spans waves (N <= wave size), so a wave barrier covers it.
  __device__ void sync() const { __builtin_amdgcn_wave_barrier(); }
  __device__ int shfl(int v, int src) const { return __shfl(v, src, N); }
  __device__ float shfl(float v, int src) const { return __shfl(v, src, N); }
  __device__ int shfl_up(int v, unsigned int d) const { return __shfl_up(v, d, N); }
  __device__ float shfl_up(float v, unsigned int d) const { return __shfl_up(v, d, N); }
  __device__ int shfl_down(int v, unsigned int d) const { return __shfl_down(v, d, N); }
  __device__ float shfl_down(float v, unsigned int d) const { return __shfl_down(v, d, N); }
  __device__ int shfl_xor(int v, int mask) const { return __shfl_xor(v, mask, N); }
  __device__ float shfl_xor(float v, int mask) const { return __shfl_xor(v, mask, N); }
};

template <unsigned int N>
__device__ inline thread_block_tile<N> tiled_partition(const thread_block&) {
  return thread_block_tile<N>();
}

template <class Group>
__device__ inline void sync(const Group& g) {
  g.sync();
}

}  // namespace cooperative_groups

#endif  // __HIP__
#endif  // HIPEMU_HIP_COOPERATIVE_GROUPS_H
