// <hip/hip_cooperative_groups.h> for the RDNA4 emulator path (hipemu): HIP's cooperative
// groups (HIP documentation, "Cooperative groups"; class structure as ROCm's
// amd_hip_cooperative_groups.h: every group type derives from thread_group, so a
// thread_block or a tile can be passed as a `thread_group`), device code only.
//
//   namespace cooperative_groups (alias: namespace cg = cooperative_groups; is the user's)
//   thread_group                         base of every group: .size() .num_threads()
//                                        .thread_rank() .is_valid() .sync() .cg_type()
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
//   thread_group tiled_partition(const thread_group&/thread_block&, n)   dynamic tile of
//                                        n = a power of two <= wave size
//   grid_group this_grid()               the whole launch: .size() .num_threads()
//                                        .thread_rank() .block_rank() .group_dim()
//     .is_valid()                        true in a cooperative launch
//                                        (hipLaunchCooperativeKernel), false otherwise
//     .sync()                            barrier of the whole grid; orders global memory
//                                        between all work-groups (see "Grid sync" below)
//   group_size(g) thread_rank(g) is_valid(g) sync(g)
// Not provided: multi_grid_group, coalesced_group, binary_partition.
//
// Grid sync. As ROCm's device library does (ockl's __ockl_grid_sync and
// __ockl_grid_is_valid), the runtime passes a cooperative launch a pointer to a
// zero-initialised barrier in global memory in the hidden kernel argument
// hidden_multigrid_sync_arg (byte 88 of code object v5's implicit arguments,
// AMDGPUUsage "Code Object V5 Metadata"), and 0 in any other launch; is_valid() tests
// it. The barrier (our own layout: internal::grid_barrier) counts arriving work-groups
// and advances a generation when the last one arrives; the others wait for that with
// s_sleep between polls (the emulator runs the other waves meanwhile,
// harness/emu/core/device.cc run_cooperative). Each work-item's global writes before
// sync() are released at agent scope and acquired after it, so they are visible to
// every work-item of the grid after the barrier. Grid sync requires a cooperative launch
// (HIP documentation, "Cooperative groups"); in any other launch (is_valid() false) there
// is no barrier: ROCm leaves sync() undefined (its device library reads through the null
// pointer); here it aborts the kernel with __builtin_trap() (hipErrorLaunchFailure).
#ifndef HIPEMU_HIP_COOPERATIVE_GROUPS_H
#define HIPEMU_HIP_COOPERATIVE_GROUPS_H

#include "hip/hip_runtime.h"

#if defined(__HIP__)

namespace cooperative_groups {

namespace internal {
// ROCm's group_type values (hip_cooperative_groups_helper.h).
typedef enum {
  cg_invalid,
  cg_multi_grid,
  cg_grid,
  cg_workgroup,
  cg_tiled_group,
  cg_coalesced_group
} group_type;

__device__ inline unsigned int block_rank_in_block() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
__device__ inline unsigned int block_threads() { return blockDim.x * blockDim.y * blockDim.z; }
__device__ inline void tile_sync() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
  __builtin_amdgcn_wave_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
}

// The grid barrier the runtime provides to a cooperative launch (harness/hip/src/launch.cpp
// allocates it zeroed; its layout is this project's, not ROCm's mg_info).
struct grid_barrier {
  unsigned int arrived;     // work-groups arrived in the current generation
  unsigned int generation;  // completed grid barriers
};
__device__ inline grid_barrier* grid_barrier_arg() {
  // hidden_multigrid_sync_arg: the 12th 8-byte slot of the code object v5 implicit
  // arguments (byte offset 88).
  const __attribute__((address_space(4))) unsigned long long* implicit =
      (const __attribute__((address_space(4))) unsigned long long*)__builtin_amdgcn_implicitarg_ptr();
  return reinterpret_cast<grid_barrier*>(implicit[11]);
}
__device__ inline bool grid_is_valid() { return grid_barrier_arg() != nullptr; }
__device__ inline void grid_sync() {
  grid_barrier* b = grid_barrier_arg();
  if (!b) __builtin_trap();  // not a cooperative launch: no barrier (see "Grid sync")
  // Release this work-item's writes to the whole device, then gather the work-group.
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "agent");
  __syncthreads();
  if (block_rank_in_block() == 0) {
    const unsigned int groups = gridDim.x * gridDim.y * gridDim.z;
    // Read before arriving: the generation cannot advance until this work-group arrives.
    const unsigned int gen =
        __hip_atomic_load(&b->generation, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    const unsigned int before =
        __hip_atomic_fetch_add(&b->arrived, 1u, __ATOMIC_ACQ_REL, __HIP_MEMORY_SCOPE_AGENT);
    if (before + 1 == groups) {  // the last to arrive: reset the count, open the barrier
      __hip_atomic_store(&b->arrived, 0u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
      __hip_atomic_fetch_add(&b->generation, 1u, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
    } else {
      while (__hip_atomic_load(&b->generation, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT) == gen)
        __builtin_amdgcn_s_sleep(1);
    }
  }
  __syncthreads();
  // The other work-groups' writes, released before they arrived, are visible from here.
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "agent");
}
}  // namespace internal

class thread_group {
 protected:
  unsigned int _type;
  unsigned int _size;
  __device__ thread_group(internal::group_type type, unsigned int size)
      : _type(type), _size(size) {}
  friend __device__ thread_group tiled_partition(const thread_group& parent,
                                                 unsigned int tile_size);

 public:
  __device__ unsigned int size() const { return _size; }
  __device__ unsigned int num_threads() const { return _size; }
  __device__ unsigned int cg_type() const { return _type; }
  __device__ unsigned int thread_rank() const {
    switch (_type) {
      case internal::cg_grid: {
        unsigned int block =
            (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
        return block * internal::block_threads() + internal::block_rank_in_block();
      }
      case internal::cg_tiled_group: return internal::block_rank_in_block() % _size;
      default: return internal::block_rank_in_block();
    }
  }
  __device__ bool is_valid() const {
    switch (_type) {
      case internal::cg_invalid: return false;
      case internal::cg_grid: return internal::grid_is_valid();
      default: return true;
    }
  }
  __device__ void sync() const {
    switch (_type) {
      case internal::cg_tiled_group: internal::tile_sync(); break;
      case internal::cg_workgroup: __syncthreads(); break;
      case internal::cg_grid: internal::grid_sync(); break;
      default: __builtin_trap();  // an invalid group
    }
  }
};

class thread_block : public thread_group {
  friend __device__ thread_block this_thread_block();
  __device__ explicit thread_block(unsigned int size)
      : thread_group(internal::cg_workgroup, size) {}

 public:
  __device__ void sync() const { __syncthreads(); }
  __device__ unsigned int thread_rank() const { return internal::block_rank_in_block(); }
  __device__ unsigned int size() const { return internal::block_threads(); }
  __device__ unsigned int num_threads() const { return size(); }
  __device__ dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  __device__ dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  __device__ dim3 group_dim() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
};

__device__ inline thread_block this_thread_block() {
  return thread_block(internal::block_threads());
}

class grid_group : public thread_group {
  friend __device__ grid_group this_grid();
  __device__ explicit grid_group(unsigned int size) : thread_group(internal::cg_grid, size) {}

 public:
  __device__ bool is_valid() const { return internal::grid_is_valid(); }
  __device__ unsigned int thread_rank() const { return thread_group::thread_rank(); }
  __device__ unsigned int block_rank() const {
    return (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  }
  __device__ dim3 group_dim() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  __device__ void sync() const { internal::grid_sync(); }
};

__device__ inline grid_group this_grid() {
  return grid_group(gridDim.x * gridDim.y * gridDim.z * internal::block_threads());
}

template <unsigned int N>
class thread_block_tile : public thread_group {
  static_assert(N > 0 && (N & (N - 1)) == 0 && N <= 64, "tile size: a power of two <= 64");
  template <unsigned int M>
  friend __device__ thread_block_tile<M> tiled_partition(const thread_block&);
  __device__ thread_block_tile() : thread_group(internal::cg_tiled_group, N) {}

 public:
  __device__ unsigned int thread_rank() const { return internal::block_rank_in_block() % N; }
  __device__ unsigned int size() const { return N; }
  __device__ unsigned int num_threads() const { return N; }
  __device__ unsigned int meta_group_rank() const { return internal::block_rank_in_block() / N; }
  __device__ unsigned int meta_group_size() const {
    return (internal::block_threads() + N - 1) / N;
  }
  // A tile never spans waves (N <= wave size), so a wave barrier covers it.
  __device__ void sync() const { internal::tile_sync(); }
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

// Dynamic tiles: tile_size a power of two no larger than the wave (else an invalid group).
__device__ inline thread_group tiled_partition(const thread_group& parent,
                                               unsigned int tile_size) {
  bool ok = tile_size > 0 && (tile_size & (tile_size - 1)) == 0 &&
            tile_size <= (unsigned int)__builtin_amdgcn_wavefrontsize() &&
            (parent.cg_type() == internal::cg_workgroup ||
             (parent.cg_type() == internal::cg_tiled_group && tile_size <= parent.size()));
  return ok ? thread_group(internal::cg_tiled_group, tile_size)
            : thread_group(internal::cg_invalid, 0);
}

template <class Group>
__device__ inline unsigned int group_size(const Group& g) {
  return g.size();
}
template <class Group>
__device__ inline unsigned int thread_rank(const Group& g) {
  return g.thread_rank();
}
template <class Group>
__device__ inline bool is_valid(const Group& g) {
  return g.is_valid();
}
template <class Group>
__device__ inline void sync(const Group& g) {
  g.sync();
}

}  // namespace cooperative_groups

#endif  // __HIP__
#endif  // HIPEMU_HIP_COOPERATIVE_GROUPS_H
