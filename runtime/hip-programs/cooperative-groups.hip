// Cooperative-groups basics (<hip/hip_cooperative_groups.h>) as users write a reduction:
// this_thread_block() ranks and sync() over a 2-D block, tiled_partition<16> and <32> with
// shfl_down / shfl_xor sums inside each tile, one partial per tile. Checked against the
// plain sums on the CPU (small integers: exact in float).
// Grid sync: a kernel launched with hipLaunchCooperativeKernel iterates a stencil whose
// every element reads elements of other blocks from the previous step (4 steps, each
// ended by this_grid().sync()), then reduces the result in two grid-synced phases (one
// partial per block, then block 0 sums the partials). Any block running a step before all
// blocks finished the previous one reads stale values. Expected: the same steps on the CPU
// (unsigned arithmetic, exact). this_grid().is_valid() is 1 in that launch and 0 in an
// ordinary one (ROCm: the group is valid only in a cooperative launch).
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: ranks ok
// CHECK: tile16 ok
// CHECK: tile32 ok
// CHECK: grid sync ok
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

// Blocks of 64 work-items (two waves on wave32), kGridBlocks of them.
constexpr unsigned kGridBlocks = 6, kGridThreads = 64, kGridN = kGridBlocks * kGridThreads,
                   kGridSteps = 4;

__host__ __device__ unsigned stencil(const unsigned* a, unsigned i) {
  return a[(i + 65) % kGridN] * 3u + a[(i + kGridN - 1) % kGridN] + i;
}

__global__ void grid_phases(unsigned* a, unsigned* b, unsigned* partial, unsigned* out) {
  cg::grid_group g = cg::this_grid();
  cg::thread_block blk = cg::this_thread_block();
  const unsigned i = g.thread_rank();
  for (unsigned s = 0; s < kGridSteps; ++s) {
    b[i] = stencil(a, i);
    g.sync();
    unsigned* t = a;
    a = b;
    b = t;
  }
  __shared__ unsigned lds[kGridThreads];
  lds[blk.thread_rank()] = a[i];
  blk.sync();
  if (blk.thread_rank() == 0) {
    unsigned sum = 0;
    for (unsigned k = 0; k < kGridThreads; ++k) sum += lds[k];
    partial[blockIdx.x] = sum;
  }
  g.sync();
  if (i == 0) {
    unsigned sum = 0;
    for (unsigned k = 0; k < gridDim.x; ++k) sum += partial[k];
    out[0] = sum;
    out[1] = g.is_valid();
    out[2] = g.size();
  }
}

__global__ void grid_valid(unsigned* out) {
  if (threadIdx.x == 0 && blockIdx.x == 0) out[3] = cg::this_grid().is_valid();
}

static void check_grid_sync() {
  std::vector<unsigned> a(kGridN), want(kGridN), tmp(kGridN);
  for (unsigned i = 0; i < kGridN; ++i) a[i] = want[i] = (i * 2654435761u) >> 20;
  for (unsigned s = 0; s < kGridSteps; ++s) {
    for (unsigned i = 0; i < kGridN; ++i) tmp[i] = stencil(want.data(), i);
    want.swap(tmp);
  }
  unsigned want_sum = 0;
  for (unsigned v : want) want_sum += v;
  unsigned *da, *db, *dp, *dout;
  RDNA4_HIP_CHECK(hipMalloc(&da, kGridN * sizeof(unsigned)));
  RDNA4_HIP_CHECK(hipMalloc(&db, kGridN * sizeof(unsigned)));
  RDNA4_HIP_CHECK(hipMalloc(&dp, kGridBlocks * sizeof(unsigned)));
  RDNA4_HIP_CHECK(hipMalloc(&dout, 4 * sizeof(unsigned)));
  RDNA4_HIP_CHECK(hipMemcpy(da, a.data(), kGridN * sizeof(unsigned), hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemset(dout, 0xff, 4 * sizeof(unsigned)));
  void* args[] = {&da, &db, &dp, &dout};
  RDNA4_HIP_CHECK(hipLaunchCooperativeKernel(reinterpret_cast<const void*>(grid_phases),
                                             dim3(kGridBlocks), dim3(kGridThreads), args, 0, 0));
  hipLaunchKernelGGL(grid_valid, dim3(2), dim3(32), 0, 0, dout);
  RDNA4_HIP_CHECK(hipGetLastError());
  std::vector<unsigned> got(kGridN), out(4);
  // kGridSteps is even: the result is back in a.
  RDNA4_HIP_CHECK(hipMemcpy(got.data(), da, kGridN * sizeof(unsigned), hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipMemcpy(out.data(), dout, 4 * sizeof(unsigned), hipMemcpyDeviceToHost));
  int bad = 0;
  for (unsigned i = 0; i < kGridN; ++i) {
    bool ok = got[i] == want[i];
    if (!ok && bad < 8) RDNA4_EXPECT(ok, "grid step result[%u] = %u, want %u", i, got[i], want[i]);
    bad += !ok;
  }
  RDNA4_EXPECT(bad == 0, "%d of %u stencil results wrong", bad, kGridN);
  RDNA4_EXPECT(out[0] == want_sum, "grid sum %u, want %u", out[0], want_sum);
  RDNA4_EXPECT(out[1] == 1u, "this_grid().is_valid() = %u in a cooperative launch, want 1", out[1]);
  RDNA4_EXPECT(out[2] == kGridN, "this_grid().size() = %u, want %u", out[2], kGridN);
  RDNA4_EXPECT(out[3] == 0u, "this_grid().is_valid() = %u in an ordinary launch, want 0", out[3]);
  if (!bad && out[0] == want_sum && out[1] == 1u && out[2] == kGridN && out[3] == 0u)
    std::printf("grid sync ok\n");
  RDNA4_HIP_CHECK(hipFree(da));
  RDNA4_HIP_CHECK(hipFree(db));
  RDNA4_HIP_CHECK(hipFree(dp));
  RDNA4_HIP_CHECK(hipFree(dout));
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
  check_grid_sync();
  return rdna4_test_end();
}
