// Device built-ins of <hip/hip_runtime.h> and <hip/hip_cooperative_groups.h> that the other
// programs leave out, against what ROCm's headers define them to be (clr
// hipamd/include/hip/amd_detail/: amd_hip_runtime.h, amd_device_functions.h,
// amd_warp_functions.h, amd_hip_atomic.h, amd_hip_cooperative_groups.h):
// - hipThreadIdx_x ... hipGridDim_z are threadIdx.x ... gridDim.z, read through the
//   __hip_builtin_*_t types, in a 3-D launch: every work-item's indices from its linear id;
// - __lane_id() is the work-item's lane in its wave (linear id mod warpSize: one block of 32
//   work-items is one wave32);
// - __popc, __clz, __ffs on a table of words: the number of set bits, the leading zeros
//   (32 for 0), 1 + the index of the lowest set bit (0 for 0), from plain bit arithmetic;
//   __popc returns unsigned int as ROCm's;
// - atomicExch, atomicMin, atomicMax on every overload ROCm declares (int, unsigned int,
//   unsigned long, unsigned long long, long long for min/max, float, double): many
//   work-items on one address; the final value is the extremum, and for atomicExch the old
//   values returned plus the final one are the initial value and every work-item's value,
//   each exactly once;
// - HIP_DYNAMIC_SHARED_ATTRIBUTE in an `extern __shared__` declaration of dynamic LDS;
// - cooperative groups: thread_block's group_index() / thread_index() / group_dim() are
//   blockIdx / threadIdx / blockDim, cg_type() is internal::cg_workgroup (a tile's
//   internal::cg_tiled_group), is_valid and group_size (free functions) agree with
//   the member forms; a tile's shfl(v, i) reads lane i of the tile and shfl_up(v, d) lane
//   r - d (its own value for r < d);
// - __threadfence / __threadfence_block are sequentially consistent fences at agent and
//   workgroup scope (the device IR, second RUN line).
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// RUN: %hipcc --cuda-device-only -S -emit-llvm -O2 %s -o - | FileCheck %s --check-prefix=FENCE
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: indices ok
// CHECK: bit functions ok
// CHECK: atomics ok
// CHECK: cooperative groups ok
// CHECK: PASS
// FENCE-LABEL: define {{.*}}fences
// FENCE: fence syncscope("agent") seq_cst
// FENCE: fence syncscope("workgroup") seq_cst
#include "rdna4_test.h"

#include <hip/hip_cooperative_groups.h>

#include <cstdint>
#include <type_traits>
#include <vector>

namespace cg = cooperative_groups;

static_assert(std::is_same<decltype(__popc(0u)), unsigned int>::value, "__popc returns unsigned int");

// ---- indices ---------------------------------------------------------------------------
enum { kIdx = 13 };
__global__ void indices(unsigned* out) {
  const __hip_builtin_threadIdx_t& ti = threadIdx;
  const __hip_builtin_blockIdx_t& bi = blockIdx;
  const __hip_builtin_blockDim_t& bd = blockDim;
  const __hip_builtin_gridDim_t& gd = gridDim;
  unsigned t = ti.x + bd.x * (ti.y + bd.y * ti.z);
  unsigned b = bi.x + gd.x * (bi.y + gd.y * bi.z);
  unsigned* o = out + kIdx * (b * bd.x * bd.y * bd.z + t);
  o[0] = hipThreadIdx_x; o[1] = hipThreadIdx_y; o[2] = hipThreadIdx_z;
  o[3] = hipBlockIdx_x; o[4] = hipBlockIdx_y; o[5] = hipBlockIdx_z;
  o[6] = hipBlockDim_x; o[7] = hipBlockDim_y; o[8] = hipBlockDim_z;
  o[9] = hipGridDim_x; o[10] = hipGridDim_y; o[11] = hipGridDim_z;
  o[12] = __lane_id();
}

// ---- bit functions ---------------------------------------------------------------------
__global__ void bits(int n, const unsigned* in, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = in[i];
  out[3 * i + 0] = (int)__popc(x);
  out[3 * i + 1] = __clz((int)x);
  out[3 * i + 2] = __ffs((int)x);
}

// ---- atomics ---------------------------------------------------------------------------
struct AtomicSlots {
  int i_max, i_min, i_exch;
  unsigned u_max, u_min, u_exch;
  unsigned long ul_max, ul_min, ul_exch;
  unsigned long long ull_max, ull_min, ull_exch;
  long long ll_max, ll_min;
  float f_max, f_min, f_exch;
  double d_max, d_min, d_exch;
};
enum { kOld = 6 };  // old values per work-item: int, unsigned, ul, ull, float, double exch
// Work-item g's operand: a permutation of 0..n-1 spread over the sign (values - n/2).
__device__ __host__ inline long long operand(int g, int n) { return (long long)((g * 37) % n) - n / 2; }
__global__ void atomics(int n, AtomicSlots* s, double* old) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= n) return;
  long long v = operand(g, n);
  atomicMax(&s->i_max, (int)v);
  atomicMin(&s->i_min, (int)v);
  atomicMax(&s->u_max, (unsigned)(v + n));
  atomicMin(&s->u_min, (unsigned)(v + n));
  atomicMax(&s->ul_max, (unsigned long)(v + n) << 33);
  atomicMin(&s->ul_min, (unsigned long)(v + n) << 33);
  atomicMax(&s->ull_max, (unsigned long long)(v + n) << 34);
  atomicMin(&s->ull_min, (unsigned long long)(v + n) << 34);
  atomicMax(&s->ll_max, v * (1ll << 35));
  atomicMin(&s->ll_min, v * (1ll << 35));
  atomicMax(&s->f_max, (float)v * 0.5f);
  atomicMin(&s->f_min, (float)v * 0.5f);
  atomicMax(&s->d_max, (double)v * 0.25);
  atomicMin(&s->d_min, (double)v * 0.25);
  double* o = old + kOld * g;
  o[0] = atomicExch(&s->i_exch, (int)g);
  o[1] = atomicExch(&s->u_exch, (unsigned)g);
  o[2] = (double)atomicExch(&s->ul_exch, (unsigned long)g);
  o[3] = (double)atomicExch(&s->ull_exch, (unsigned long long)g);
  o[4] = atomicExch(&s->f_exch, (float)g);
  o[5] = atomicExch(&s->d_exch, (double)g);
}

// ---- dynamic shared memory, cooperative groups, fences --------------------------------
extern __shared__ HIP_DYNAMIC_SHARED_ATTRIBUTE int dyn[];

enum { kCg = 16 };
__global__ void groups(unsigned* out) {
  cg::thread_block tb = cg::this_thread_block();
  unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned b = blockIdx.x + gridDim.x * blockIdx.y;
  unsigned* o = out + kCg * (b * blockDim.x * blockDim.y * blockDim.z + t);
  dim3 gi = tb.group_index(), ti = tb.thread_index(), gd = tb.group_dim();
  o[0] = gi.x; o[1] = gi.y; o[2] = gi.z;
  o[3] = ti.x; o[4] = ti.y; o[5] = ti.z;
  o[6] = gd.x; o[7] = gd.y; o[8] = gd.z;
  o[9] = tb.cg_type() == cg::internal::cg_workgroup;
  o[10] = is_valid(tb) && tb.is_valid() && cg::group_size(tb) == tb.size();
  auto tile = cg::tiled_partition<8>(tb);
  o[11] = tile.cg_type() == cg::internal::cg_tiled_group && is_valid(tile);
  int mine = (int)(1000 * b + 3 * t + 1);
  o[12] = (unsigned)tile.shfl(mine, 5);
  o[13] = (unsigned)tile.shfl_up(mine, 3);
  // Dynamic LDS: each work-item writes its slot, the block reads its neighbour's.
  unsigned nb = blockDim.x * blockDim.y * blockDim.z;
  dyn[t] = mine;
  __syncthreads();
  o[14] = (unsigned)dyn[(t + 1) % nb];
  o[15] = cg::group_size(tile);
}

__global__ void fences(int* data, int* flag) {
  data[threadIdx.x] = 1;
  __threadfence();
  flag[0] = 1;
  data[threadIdx.x + 64] = 2;
  __threadfence_block();
  flag[1] = 1;
}

// ---- host ------------------------------------------------------------------------------
static int popcount_ref(unsigned x) { int c = 0; for (; x; x &= x - 1) ++c; return c; }
static int clz_ref(unsigned x) { int c = 0; for (unsigned m = 0x80000000u; m && !(x & m); m >>= 1) ++c; return c; }
static int ffs_ref(unsigned x) { for (int i = 0; i < 32; ++i) if (x >> i & 1) return i + 1; return 0; }

static void run_indices() {
  const dim3 grid(2, 3, 2), block(4, 2, 4);  // 32 work-items per block: one wave32
  const unsigned per_block = 32, n = 12 * per_block;
  unsigned* d;
  RDNA4_HIP_CHECK(hipMalloc(&d, n * kIdx * 4));
  indices<<<grid, block>>>(d);
  RDNA4_HIP_CHECK(hipGetLastError());
  std::vector<unsigned> o(n * kIdx);
  RDNA4_HIP_CHECK(hipMemcpy(o.data(), d, o.size() * 4, hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipFree(d));
  int ws = 0;
  RDNA4_HIP_CHECK(hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, 0));
  int bad = 0;
  for (unsigned b = 0; b < 12; ++b)
    for (unsigned t = 0; t < per_block; ++t) {
      const unsigned* r = &o[kIdx * (b * per_block + t)];
      unsigned want[kIdx] = {t % 4, t / 4 % 2, t / 8, b % 2, b / 2 % 3, b / 6, 4, 2, 4, 2, 3, 2,
                             t % (unsigned)ws};
      for (int k = 0; k < kIdx; ++k) bad += r[k] != want[k];
      RDNA4_EXPECT(std::equal(want, want + kIdx, r), "block %u item %u: tid %u,%u,%u bid %u,%u,%u lane %u",
                   b, t, r[0], r[1], r[2], r[3], r[4], r[5], r[12]);
    }
  if (!bad) std::printf("indices ok\n");
}

static void run_bits() {
  std::vector<unsigned> in = {0u, 1u, 2u, 3u, 0x80000000u, 0xffffffffu, 0x7fffffffu, 0x00010000u,
                              0x12345678u, 0xf0000000u, 0x00000100u, 0xdeadbeefu, 0x55555555u};
  for (unsigned s = 1; in.size() < 256; s = s * 1103515245u + 12345u) in.push_back(s >> (s & 15));
  int n = (int)in.size();
  unsigned* din;
  int* dout;
  RDNA4_HIP_CHECK(hipMalloc(&din, n * 4));
  RDNA4_HIP_CHECK(hipMalloc(&dout, 3 * n * 4));
  RDNA4_HIP_CHECK(hipMemcpy(din, in.data(), n * 4, hipMemcpyHostToDevice));
  bits<<<(n + 63) / 64, 64>>>(n, din, dout);
  RDNA4_HIP_CHECK(hipGetLastError());
  std::vector<int> o(3 * n);
  RDNA4_HIP_CHECK(hipMemcpy(o.data(), dout, o.size() * 4, hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipFree(din));
  RDNA4_HIP_CHECK(hipFree(dout));
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    bool ok = o[3 * i] == popcount_ref(in[i]) && o[3 * i + 1] == clz_ref(in[i]) && o[3 * i + 2] == ffs_ref(in[i]);
    RDNA4_EXPECT(ok, "0x%08x: __popc %d __clz %d __ffs %d, want %d %d %d", in[i], o[3 * i], o[3 * i + 1],
                 o[3 * i + 2], popcount_ref(in[i]), clz_ref(in[i]), ffs_ref(in[i]));
    bad += !ok;
  }
  if (!bad) std::printf("bit functions ok\n");
}

static void run_atomics() {
  const int n = 1000;
  AtomicSlots init = {};
  init.i_max = init.ll_max = -(1 << 30);
  init.i_min = init.ll_min = 1 << 30;
  init.u_min = init.ul_min = ~0u;
  init.ull_min = ~0ull;
  init.ul_min = ~0ul;
  init.f_max = init.d_max = -1e30f;
  init.f_min = init.d_min = 1e30f;
  init.i_exch = init.u_exch = init.ul_exch = init.ull_exch = 5000;
  init.f_exch = init.d_exch = 5000;
  AtomicSlots* ds;
  double* dold;
  RDNA4_HIP_CHECK(hipMalloc(&ds, sizeof init));
  RDNA4_HIP_CHECK(hipMalloc(&dold, n * kOld * 8));
  RDNA4_HIP_CHECK(hipMemcpy(ds, &init, sizeof init, hipMemcpyHostToDevice));
  atomics<<<(n + 127) / 128, 128>>>(n, ds, dold);
  RDNA4_HIP_CHECK(hipGetLastError());
  AtomicSlots s;
  std::vector<double> old(n * kOld);
  RDNA4_HIP_CHECK(hipMemcpy(&s, ds, sizeof s, hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipMemcpy(old.data(), dold, old.size() * 8, hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipFree(ds));
  RDNA4_HIP_CHECK(hipFree(dold));
  // The operands are -n/2 .. n/2 - 1 (37 is prime to n: g -> 37 g mod n is a permutation).
  const long long lo = -n / 2, hi = n - 1 - n / 2;
  int bad = 0;
  auto expect = [&](bool ok, const char* what) {
    RDNA4_EXPECT(ok, "%s", what);
    bad += !ok;
  };
  expect(s.i_max == hi && s.i_min == lo, "atomicMax/Min(int)");
  expect(s.u_max == unsigned(hi + n) && s.u_min == unsigned(lo + n), "atomicMax/Min(unsigned)");
  expect(s.ul_max == (unsigned long)(hi + n) << 33 && s.ul_min == (unsigned long)(lo + n) << 33,
         "atomicMax/Min(unsigned long)");
  expect(s.ull_max == (unsigned long long)(hi + n) << 34 && s.ull_min == (unsigned long long)(lo + n) << 34,
         "atomicMax/Min(unsigned long long)");
  expect(s.ll_max == hi * (1ll << 35) && s.ll_min == lo * (1ll << 35), "atomicMax/Min(long long)");
  expect(s.f_max == hi * 0.5f && s.f_min == lo * 0.5f, "atomicMax/Min(float)");
  expect(s.d_max == hi * 0.25 && s.d_min == lo * 0.25, "atomicMax/Min(double)");
  // atomicExch: {old values} + {final} = {5000} + {0 .. n-1}, each once.
  double finals[kOld] = {(double)s.i_exch, (double)s.u_exch, (double)s.ul_exch, (double)s.ull_exch,
                         (double)s.f_exch, s.d_exch};
  static const char* names[kOld] = {"atomicExch(int)", "atomicExch(unsigned)", "atomicExch(unsigned long)",
                                    "atomicExch(unsigned long long)", "atomicExch(float)", "atomicExch(double)"};
  for (int k = 0; k < kOld; ++k) {
    std::vector<int> seen(n + 1, 0);
    auto note = [&](double v) {
      if (v == 5000) ++seen[n];
      else if (v >= 0 && v < n && v == (int)v) ++seen[(int)v];
      else seen[n] += 100;  // a value no work-item stored
    };
    for (int g = 0; g < n; ++g) note(old[kOld * g + k]);
    note(finals[k]);
    bool ok = true;
    for (int v = 0; v <= n; ++v) ok &= seen[v] == 1;
    expect(ok, names[k]);
  }
  if (!bad) std::printf("atomics ok\n");
}

static void run_groups() {
  const dim3 grid(2, 2), block(8, 4, 2);  // 64 work-items: two waves
  const unsigned per_block = 64, nblocks = 4, n = per_block * nblocks;
  unsigned* d;
  RDNA4_HIP_CHECK(hipMalloc(&d, n * kCg * 4));
  groups<<<grid, block, per_block * sizeof(int)>>>(d);
  RDNA4_HIP_CHECK(hipGetLastError());
  std::vector<unsigned> o(n * kCg);
  RDNA4_HIP_CHECK(hipMemcpy(o.data(), d, o.size() * 4, hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipFree(d));
  int bad = 0;
  for (unsigned b = 0; b < nblocks; ++b)
    for (unsigned t = 0; t < per_block; ++t) {
      const unsigned* r = &o[kCg * (b * per_block + t)];
      auto value = [&](unsigned tt) { return 1000 * b + 3 * tt + 1; };
      unsigned rank = t % 8, base = t - rank;  // tiles of 8 consecutive linear ids
      unsigned want[kCg] = {b % 2, b / 2, 0, t % 8, t / 8 % 4, t / 32, 8, 4, 2, 1, 1, 1,
                            value(base + 5), value(rank >= 3 ? t - 3 : t),
                            value((t + 1) % per_block), 8};
      bool ok = std::equal(want, want + kCg, r);
      RDNA4_EXPECT(ok, "block %u item %u: group_index %u,%u,%u thread_index %u,%u,%u dim %u,%u,%u types %u %u %u "
                   "shfl %u (want %u) shfl_up %u (want %u) lds %u (want %u) tile size %u",
                   b, t, r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], r[11],
                   r[12], want[12], r[13], want[13], r[14], want[14], r[15]);
      bad += !ok;
    }
  if (!bad) std::printf("cooperative groups ok\n");
}

int main() {
  rdna4_test_begin();
  run_indices();
  run_bits();
  run_atomics();
  run_groups();
  int *data, *flag;
  RDNA4_HIP_CHECK(hipMalloc(&data, 128 * 4));
  RDNA4_HIP_CHECK(hipMalloc(&flag, 2 * 4));
  fences<<<1, 64>>>(data, flag);
  RDNA4_HIP_CHECK(hipDeviceSynchronize());
  int f[2];
  RDNA4_HIP_CHECK(hipMemcpy(f, flag, sizeof f, hipMemcpyDeviceToHost));
  RDNA4_EXPECT(f[0] == 1 && f[1] == 1, "fences kernel flags %d %d", f[0], f[1]);
  RDNA4_HIP_CHECK(hipFree(data));
  RDNA4_HIP_CHECK(hipFree(flag));
  return rdna4_test_end();
}
