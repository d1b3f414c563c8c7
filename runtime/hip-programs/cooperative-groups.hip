// Cooperative-groups basics (<hip/hip_cooperative_groups.h>) as users write a reduction:
// this_thread_block() ranks and sync() over a 2-D block, tiled_partition<16> and <32> with
// shfl_down / shfl_xor sums inside each tile, one partial per tile. Checked against the
// plain sums on the CPU (small integers: exact in float).
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: ranks ok
// CHECK: tile16 ok
// CHECK: tile32 ok
// CHECK: PASS
#include "rdna4_test.h"

#include <hip/hip_cooperative_groups.h>

#include <vector>

namespace cg = cooperative_groups;

// Block of 16 x 8 threads: each writes its block rank; the reversed value after sync
// proves the barrier.
__global__ void ranks(int* out, int* rev) {
  __shared__ int s[128];
  cg::thread_block b = cg::this_thread_block();
  unsigned r = b.thread_rank();
  s[r] = (int)r * 3;
  b.sync();
  out[blockIdx.x * b.size() + r] = (int)r;
  rev[blockIdx.x * b.size() + r] = s[b.size() - 1 - r];
}

template <unsigned N>
__global__ void tile_sums(const float* in, float* partial, int* meta) {
  cg::thread_block b = cg::this_thread_block();
  cg::thread_block_tile<N> t = cg::tiled_partition<N>(b);
  unsigned g = blockIdx.x * b.size() + b.thread_rank();
  float v = in[g];
  for (unsigned off = N / 2; off > 0; off /= 2) v += t.shfl_down(v, off);
  float w = in[g];
  for (unsigned m = 1; m < N; m *= 2) w += t.shfl_xor(w, (int)m);  // every lane gets the sum
  t.sync();
  if (t.thread_rank() == 0) {
    unsigned tile = blockIdx.x * t.meta_group_size() + t.meta_group_rank();
    partial[2 * tile] = v;
    partial[2 * tile + 1] = w;
    meta[tile] = (int)(t.meta_group_size() * 1000 + t.size());
  }
}

template <unsigned N>
static void check_tiles(const char* name) {
  const int blocks = 3, threads = 128, n = blocks * threads, tiles = n / N;
  std::vector<float> in(n);
  for (int i = 0; i < n; ++i) in[i] = (float)((i * 7) % 23 - 11);
  float *din, *dp;
  int* dm;
  RDNA4_HIP_CHECK(hipMalloc(&din, n * sizeof(float)));
  RDNA4_HIP_CHECK(hipMalloc(&dp, 2 * tiles * sizeof(float)));
  RDNA4_HIP_CHECK(hipMalloc(&dm, tiles * sizeof(int)));
  RDNA4_HIP_CHECK(hipMemcpy(din, in.data(), n * sizeof(float), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(tile_sums<N>, dim3(blocks), dim3(threads), 0, 0, din, dp, dm);
  RDNA4_HIP_CHECK(hipGetLastError());
  std::vector<float> p(2 * tiles);
  std::vector<int> m(tiles);
  RDNA4_HIP_CHECK(hipMemcpy(p.data(), dp, p.size() * sizeof(float), hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipMemcpy(m.data(), dm, m.size() * sizeof(int), hipMemcpyDeviceToHost));
  int bad = 0;
  for (int t = 0; t < tiles; ++t) {
    float want = 0;
    for (unsigned i = 0; i < N; ++i) want += in[t * N + i];
    bool ok = p[2 * t] == want && p[2 * t + 1] == want && m[t] == (int)((threads / N) * 1000 + N);
    RDNA4_EXPECT(ok, "%s tile %d: down %g xor %g want %g meta %d", name, t, p[2 * t], p[2 * t + 1], want, m[t]);
    bad += !ok;
  }
  if (!bad) std::printf("%s ok\n", name);
  RDNA4_HIP_CHECK(hipFree(din));
  RDNA4_HIP_CHECK(hipFree(dp));
  RDNA4_HIP_CHECK(hipFree(dm));
}

int main() {
  rdna4_test_begin();
  const int blocks = 2, per = 128;
  int *dout, *drev;
  RDNA4_HIP_CHECK(hipMalloc(&dout, blocks * per * sizeof(int)));
  RDNA4_HIP_CHECK(hipMalloc(&drev, blocks * per * sizeof(int)));
  hipLaunchKernelGGL(ranks, dim3(blocks), dim3(16, 8), 0, 0, dout, drev);
  RDNA4_HIP_CHECK(hipGetLastError());
  std::vector<int> out(blocks * per), rev(blocks * per);
  RDNA4_HIP_CHECK(hipMemcpy(out.data(), dout, out.size() * sizeof(int), hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipMemcpy(rev.data(), drev, rev.size() * sizeof(int), hipMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < blocks * per; ++i) {
    int r = i % per;
    bool ok = out[i] == r && rev[i] == (per - 1 - r) * 3;
    RDNA4_EXPECT(ok, "rank[%d] = %d rev %d", i, out[i], rev[i]);
    bad += !ok;
  }
  if (!bad) std::printf("ranks ok\n");
  RDNA4_HIP_CHECK(hipFree(dout));
  RDNA4_HIP_CHECK(hipFree(drev));
  check_tiles<16>("tile16");
  check_tiles<32>("tile32");
  return rdna4_test_end();
}
