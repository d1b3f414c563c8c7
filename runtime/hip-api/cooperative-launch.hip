// hipLaunchCooperativeKernel and the cooperative-groups base class (HIP documentation,
// "Cooperative groups"; ROCm's class structure: thread_block and thread_block_tile derive
// from thread_group): a reduction written once against `thread_group` runs on the whole
// block and on 16-lane tiles passed as thread_group; this_grid() numbers work-items across
// the launch (rank = block rank x block size + rank in block, size = all work-items); a
// dynamic tiled_partition(block, 8) has size 8 and ranks modulo 8; a grid larger than the
// device holds at once is refused with hipErrorCooperativeLaunchTooLarge (blocks of 1024
// work-items of a small kernel: 2 per multiprocessor, docs/facts/hardware-figures.md).
// Expected sums computed on the CPU.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: reduce ok
// CHECK: grid ok
// CHECK: ok: hipLaunchCooperativeKernel(small, dim3(2 * mps + 1), dim3(1024), params, 0, 0) -> hipErrorCooperativeLaunchTooLarge
// CHECK: PASS
#include "rdna4_test.h"

#include <hip/hip_cooperative_groups.h>

#include <vector>

namespace cg = cooperative_groups;

__device__ unsigned reduce(cg::thread_group g, unsigned* scratch, unsigned v) {
  unsigned r = g.thread_rank();
  for (unsigned i = g.size() / 2; i > 0; i /= 2) {
    scratch[r] = v;
    g.sync();
    if (r < i) v += scratch[r + i];
    g.sync();
  }
  return v;  // valid in rank 0
}

__global__ void sums(const unsigned* in, unsigned* block_sum, unsigned* tile_sums,
                     unsigned* dyn) {
  __shared__ unsigned scratch[256];
  cg::thread_block b = cg::this_thread_block();
  unsigned x = in[blockIdx.x * b.size() + b.thread_rank()];
  unsigned s = reduce(b, scratch, x);
  if (b.thread_rank() == 0) block_sum[blockIdx.x] = s;
  b.sync();
  cg::thread_block_tile<16> t = cg::tiled_partition<16>(b);
  unsigned base = b.thread_rank() - t.thread_rank();
  unsigned ts = reduce(t, scratch + base, x);
  if (t.thread_rank() == 0) tile_sums[blockIdx.x * (b.size() / 16) + t.meta_group_rank()] = ts;
  cg::thread_group d = cg::tiled_partition(b, 8);
  dyn[blockIdx.x * b.size() + b.thread_rank()] = d.size() * 1000 + d.thread_rank();
}

__global__ void grid_ranks(unsigned* rank, unsigned* size) {
  cg::grid_group g = cg::this_grid();
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  rank[i] = g.thread_rank();
  size[i] = g.size();
}

__global__ void small(int* p) { p[blockIdx.x] = 1; }

int main() {
  rdna4_test_begin();
  const unsigned blocks = 3, threads = 256, n = blocks * threads;
  std::vector<unsigned> in(n);
  for (unsigned i = 0; i < n; ++i) in[i] = (i * 7919u) % 1000u;
  unsigned *d_in, *d_block, *d_tile, *d_dyn;
  RDNA4_HIP_CHECK(hipMalloc(&d_in, n * sizeof(unsigned)));
  RDNA4_HIP_CHECK(hipMalloc(&d_block, blocks * sizeof(unsigned)));
  RDNA4_HIP_CHECK(hipMalloc(&d_tile, n / 16 * sizeof(unsigned)));
  RDNA4_HIP_CHECK(hipMalloc(&d_dyn, n * sizeof(unsigned)));
  RDNA4_HIP_CHECK(hipMemcpy(d_in, in.data(), n * sizeof(unsigned), hipMemcpyHostToDevice));
  void* args[] = {&d_in, &d_block, &d_tile, &d_dyn};
  RDNA4_HIP_CHECK(hipLaunchCooperativeKernel(sums, dim3(blocks), dim3(threads), args, 0, 0));
  std::vector<unsigned> block(blocks), tile(n / 16), dyn(n);
  RDNA4_HIP_CHECK(hipMemcpy(block.data(), d_block, blocks * sizeof(unsigned), hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipMemcpy(tile.data(), d_tile, n / 16 * sizeof(unsigned), hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipMemcpy(dyn.data(), d_dyn, n * sizeof(unsigned), hipMemcpyDeviceToHost));
  int bad = 0;
  for (unsigned b = 0; b < blocks; ++b) {
    unsigned s = 0;
    for (unsigned i = 0; i < threads; ++i) s += in[b * threads + i];
    bad += block[b] != s;
  }
  for (unsigned t = 0; t < n / 16; ++t) {
    unsigned s = 0;
    for (unsigned i = 0; i < 16; ++i) s += in[t * 16 + i];
    bad += tile[t] != s;
  }
  for (unsigned i = 0; i < n; ++i) bad += dyn[i] != 8000 + (i % threads) % 8;
  RDNA4_EXPECT(bad == 0, "%d wrong sums or ranks", bad);
  if (!bad) std::printf("reduce ok\n");

  const unsigned gb = 5, gt = 64;
  unsigned *d_rank, *d_size;
  RDNA4_HIP_CHECK(hipMalloc(&d_rank, gb * gt * sizeof(unsigned)));
  RDNA4_HIP_CHECK(hipMalloc(&d_size, gb * gt * sizeof(unsigned)));
  void* gargs[] = {&d_rank, &d_size};
  RDNA4_HIP_CHECK(hipLaunchCooperativeKernel(grid_ranks, dim3(gb), dim3(gt), gargs, 0, 0));
  std::vector<unsigned> rank(gb * gt), size(gb * gt);
  RDNA4_HIP_CHECK(hipMemcpy(rank.data(), d_rank, gb * gt * sizeof(unsigned), hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipMemcpy(size.data(), d_size, gb * gt * sizeof(unsigned), hipMemcpyDeviceToHost));
  bad = 0;
  for (unsigned i = 0; i < gb * gt; ++i) bad += rank[i] != i || size[i] != gb * gt;
  RDNA4_EXPECT(bad == 0, "%d wrong grid ranks", bad);
  if (!bad) std::printf("grid ok\n");

  int mps = 0;
  RDNA4_HIP_CHECK(hipDeviceGetAttribute(&mps, hipDeviceAttributeMultiprocessorCount, 0));
  int* d_small;
  RDNA4_HIP_CHECK(hipMalloc(&d_small, (2 * mps + 1) * sizeof(int)));
  void* params[] = {&d_small};
  RDNA4_HIP_CHECK(hipLaunchCooperativeKernel(small, dim3(2 * mps), dim3(1024), params, 0, 0));
  RDNA4_HIP_EXPECT_ERROR(hipLaunchCooperativeKernel(small, dim3(2 * mps + 1), dim3(1024), params, 0, 0),
                         hipErrorCooperativeLaunchTooLarge);
  (void)hipGetLastError();
  RDNA4_HIP_CHECK(hipDeviceSynchronize());
  return rdna4_test_end();
}
