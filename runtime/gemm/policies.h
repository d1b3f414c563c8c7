// The seeds' (docs/facts/starting-pages.md) policy-style GEMM (seed 001 "Using WMMA builtins as a compute
// policy", seed 000 "Using a transpose load as a compute policy"), written
// from their descriptions (the seeds' download matrix_multiply_rdna4_wmma.hip
// is not available):
//
//   gemm_kernel<TilePolicy, ComputePolicy>   the generic kernel
//   TilePolicy:    SingleBufferTilePolicy<T, BM, BN, BK>  (cooperative loads; B
//                  transposed into LDS by a scalar loop; zero-fills outside the
//                  matrix, so any M, N, K work)
//                  SingleBufferTilePolicyF16TrB<BM, BN, BK> (seed 000: B's LDS tile
//                  filled from two global_load_tr_b128 per 16-row K strip)
//   ComputePolicy: ScalarFMAPolicy<T>  (4x2 outputs per thread, fp32 FMA)
//                  WmmaRdna4Policy<T>  (one 16x16 tile per wave; T = _Float16 is
//                  seed 001's WmmaRdna4F16Policy (also WmmaRdna4F16TrPolicy, whose
//                  compute path is identical), T = Bf16Bits the BF16 variant,
//                  T = int8_t the INT8 variant (signed x signed, int32 result))
//
// Launch: 128 threads (4 waves), grid (ceil(N/BN), ceil(M/BM)); BM = BN = 32.
#pragma once

#include <hip/hip_runtime.h>

#include <cstdint>

// bf16 kept as raw bits in memory and LDS (the WMMA builtin takes short x8).
struct Bf16Bits {
  unsigned short bits;
};

namespace gemm {

constexpr int kThreads = 128;
constexpr int kWave = 32;

template <class T>
__device__ inline T zero_value() {
  return T{};
}

// tile_a[r][c] = A[block_row_start + r][t*BK + c], zero outside the matrix.
template <class T>
__device__ inline void cooperative_load_tile_a(T* tile_a, const T* A, int block_row_start,
                                               int block_tile_m, int t, int k_tile_size, int m,
                                               int k, int tid, int num_threads) {
  for (int idx = tid; idx < block_tile_m * k_tile_size; idx += num_threads) {
    const int r = idx / k_tile_size, c = idx % k_tile_size;
    const int gr = block_row_start + r, gc = t * k_tile_size + c;
    tile_a[idx] = (gr < m && gc < k) ? A[size_t(gr) * k + gc] : zero_value<T>();
  }
}

// tile_b_T[nn][kk] = B[t*BK + kk][block_col_start + nn] (scalar transpose),
// zero outside the matrix. Consecutive threads read consecutive columns of B.
template <class T>
__device__ inline void cooperative_load_tile_b_T(T* tile_b_T, const T* B, int block_col_start,
                                                 int block_tile_n, int t, int k_tile_size, int n,
                                                 int k, int tid, int num_threads) {
  for (int idx = tid; idx < block_tile_n * k_tile_size; idx += num_threads) {
    const int kk = idx / block_tile_n, nn = idx % block_tile_n;
    const int gk = t * k_tile_size + kk, gn = block_col_start + nn;
    tile_b_T[nn * k_tile_size + kk] = (gk < k && gn < n) ? B[size_t(gk) * n + gn] : zero_value<T>();
  }
}

// ---- tile policies -------------------------------------------------------------
template <class T, int BlockTileM_, int BlockTileN_, int KTileSize_>
struct SingleBufferTilePolicy {
  using elem = T;
  static constexpr int num_buffers = 1;
  static constexpr int block_tile_m = BlockTileM_;
  static constexpr int block_tile_n = BlockTileN_;
  static constexpr int k_tile_size = KTileSize_;
  static constexpr const char* name = "SingleBufferTilePolicy (scalar B transpose into LDS)";
  struct SharedStorage {
    T tile_a[BlockTileM_][KTileSize_];
    T tile_b_T[BlockTileN_][KTileSize_];
  };
  // Any size: loads are bounds-checked and zero-filled.
  static const char* unsupported(int, int, int) { return nullptr; }
  __device__ static void prologue(SharedStorage&, const T*, const T*, int, int, int, int, int, int, int) {}
  __device__ static void prefetch(SharedStorage& smem, const T* A, const T* B, int t, int block_row_start,
                                  int block_col_start, int m, int n, int k, int tid, int num_threads) {
    cooperative_load_tile_a(&smem.tile_a[0][0], A, block_row_start, block_tile_m, t, k_tile_size, m, k,
                            tid, num_threads);
    cooperative_load_tile_b_T(&smem.tile_b_T[0][0], B, block_col_start, block_tile_n, t, k_tile_size, n,
                              k, tid, num_threads);
  }
  __device__ static void acquire(int) { __syncthreads(); }
  __device__ static void release(int) { __syncthreads(); }
  __device__ static int buf_idx(int) { return 0; }
  __device__ static T* get_tile_a(SharedStorage& s, int) { return &s.tile_a[0][0]; }
  __device__ static T* get_tile_b_T(SharedStorage& s, int) { return &s.tile_b_T[0][0]; }
};

// Seed 000's SingleBufferTilePolicyF16TrB. As written in the seed, prefetch
// addresses B from the lane id only: every wave loads the same 16 x 32 strip
// at block_col_start, so the policy is correct only for block_tile_n == 32 and
// k_tile_size == 16 (docs/facts/disagreements.md#prefetch-tile-shapes): enforced here at compile time.
// global_load_tr does no bounds checks, so N must be a multiple of 32 and K of
// 16 (unsupported() rejects other sizes); M may be ragged (A is loaded
// cooperatively with bounds checks, C stores are guarded).
template <int BlockTileM_, int BlockTileN_, int KTileSize_>
struct SingleBufferTilePolicyF16TrB {
  static_assert(BlockTileN_ == 32 && KTileSize_ == 16,
                "seed 000's prefetch fills tile_b_T only for block_tile_n == 32, k_tile_size == 16");
  using elem = _Float16;
  static constexpr int num_buffers = 1;
  static constexpr int block_tile_m = BlockTileM_;
  static constexpr int block_tile_n = BlockTileN_;
  static constexpr int k_tile_size = KTileSize_;
  static constexpr const char* name = "SingleBufferTilePolicyF16TrB (2x global_load_tr_b128 per K strip)";
  struct SharedStorage {
    _Float16 tile_a[BlockTileM_][KTileSize_];
    _Float16 tile_b_T[BlockTileN_][KTileSize_];  // filled from global_load_tr results
  };
  static const char* unsupported(int /*m*/, int n, int k) {
    if (n % BlockTileN_ != 0 || k % KTileSize_ != 0)
      return "needs N % 32 == 0 and K % 16 == 0: global_load_tr_b128 has no bounds checks "
             "(docs/known-bugs.md#load-tr-no-bounds-clamp), ragged N or K would read past B";
    return nullptr;
  }
  __device__ static void prologue(SharedStorage&, const _Float16*, const _Float16*, int, int, int, int, int,
                                  int, int) {}
  __device__ static void prefetch(SharedStorage& smem, const _Float16* A, const _Float16* B_row, int t_next,
                                  int block_row_start, int block_col_start, int m, int n, int k, int tid,
                                  int num_threads) {
    const int t = t_next;
    cooperative_load_tile_a(&smem.tile_a[0][0], A, block_row_start, block_tile_m, t, k_tile_size, m, k, tid,
                            num_threads);
#if defined(__gfx1200__) || defined(__gfx1201__)
    typedef __fp16 half8 __attribute__((ext_vector_type(8)));
    const int lane_id = tid % kWave;
    const int k_tile = t * k_tile_size;
    const int col_offset = lane_id % 8;
    const int row_pair_base = (lane_id / 8) * 2;
    // Call 1: lower K half (k_local = 0..7).
    {
      const __fp16* ptr_b = reinterpret_cast<const __fp16*>(
          &B_row[size_t(k_tile + lane_id / 4) * n + block_col_start + (lane_id % 4) * 8]);
      const half8 tr_lo = __builtin_amdgcn_global_load_tr_b128_v8f16((__attribute__((address_space(1))) half8*)ptr_b);
#pragma unroll
      for (int e = 0; e < 8; ++e) {
        const int n_local = (e % 4) * 8 + col_offset;
        const int k_local = row_pair_base + e / 4;
        smem.tile_b_T[n_local][k_local] = tr_lo[e];
      }
    }
    // Call 2: upper K half (k_local = 8..15).
    {
      const __fp16* ptr_b = reinterpret_cast<const __fp16*>(
          &B_row[size_t(k_tile + k_tile_size / 2 + lane_id / 4) * n + block_col_start + (lane_id % 4) * 8]);
      const half8 tr_hi = __builtin_amdgcn_global_load_tr_b128_v8f16((__attribute__((address_space(1))) half8*)ptr_b);
#pragma unroll
      for (int e = 0; e < 8; ++e) {
        const int n_local = (e % 4) * 8 + col_offset;
        const int k_local = k_tile_size / 2 + row_pair_base + e / 4;
        smem.tile_b_T[n_local][k_local] = tr_hi[e];
      }
    }
#else
    __builtin_trap();  // not an RDNA4 target: this policy cannot run
#endif
  }
  __device__ static void acquire(int) { __syncthreads(); }
  __device__ static void release(int) { __syncthreads(); }
  __device__ static int buf_idx(int) { return 0; }
  __device__ static _Float16* get_tile_a(SharedStorage& s, int) { return &s.tile_a[0][0]; }
  __device__ static _Float16* get_tile_b_T(SharedStorage& s, int) { return &s.tile_b_T[0][0]; }
};

// ---- compute policies ------------------------------------------------------------
// Scalar FMA: each of the 128 threads computes a 4 x 2 block of a 32 x 32 tile.
template <class T>
struct ScalarFMAPolicy {
  static constexpr const char* name = "ScalarFMAPolicy";
  static constexpr int thread_tile_m = 4, thread_tile_n = 2, k_step = 1;
  using elem_a = T;
  using elem_b = T;
  using out_t = float;
  struct Accumulator {
    float v[thread_tile_m][thread_tile_n];
  };
  struct FragA {
    float v[thread_tile_m];
  };
  struct FragB {
    float v[thread_tile_n];
  };
  static constexpr long wmma_per_tile16 = 0;  // no WMMA instructions
  __device__ static void zero(Accumulator& acc) {
    for (int r = 0; r < thread_tile_m; ++r)
      for (int c = 0; c < thread_tile_n; ++c) acc.v[r][c] = 0.0f;
  }
  __device__ static void thread_tile_offset(int tid, int, int* thread_row, int* thread_col) {
    *thread_row = (tid / 16) * thread_tile_m;  // 8 row groups of 4
    *thread_col = (tid % 16) * thread_tile_n;  // 16 column groups of 2
  }
  __device__ static void load_a(const T* tile_a, int tile_a_row, int ki, int k_tile_size, int, FragA& f) {
    for (int r = 0; r < thread_tile_m; ++r) f.v[r] = float(tile_a[(tile_a_row + r) * k_tile_size + ki]);
  }
  __device__ static void load_b(const T* tile_b_T, int tile_b_col, int ki, int k_tile_size, int, FragB& f) {
    for (int c = 0; c < thread_tile_n; ++c) f.v[c] = float(tile_b_T[(tile_b_col + c) * k_tile_size + ki]);
  }
  __device__ static void mma(Accumulator& acc, const FragA& a, const FragB& b) {
    for (int r = 0; r < thread_tile_m; ++r)
      for (int c = 0; c < thread_tile_n; ++c) acc.v[r][c] = __builtin_fmaf(a.v[r], b.v[c], acc.v[r][c]);
  }
  __device__ static void store_c(const Accumulator& acc, float* C, int row0, int col0, int m, int n, int) {
    for (int r = 0; r < thread_tile_m; ++r)
      for (int c = 0; c < thread_tile_n; ++c)
        if (row0 + r < m && col0 + c < n) C[size_t(row0 + r) * n + col0 + c] = acc.v[r][c];
  }
};

// Element-type specifics of the WMMA compute policy.
template <class T>
struct WmmaTraits;
template <>
struct WmmaTraits<_Float16> {
  typedef _Float16 vec8 __attribute__((ext_vector_type(8)));
  typedef float acc8 __attribute__((ext_vector_type(8)));
  using out_t = float;
  static constexpr const char* name = "WmmaRdna4F16Policy";
  __device__ static acc8 mma(const _Float16 (&a)[8], const _Float16 (&b)[8], acc8 c) {
    vec8 av, bv;
    __builtin_memcpy(&av, a, sizeof av);
    __builtin_memcpy(&bv, b, sizeof bv);
#if defined(__gfx1200__) || defined(__gfx1201__)
    return __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(av, bv, c);
#else
    __builtin_trap();
    return c;
#endif
  }
};
template <>
struct WmmaTraits<Bf16Bits> {
  typedef short vec8 __attribute__((ext_vector_type(8)));
  typedef float acc8 __attribute__((ext_vector_type(8)));
  using out_t = float;
  static constexpr const char* name = "WmmaRdna4Bf16Policy";
  __device__ static acc8 mma(const Bf16Bits (&a)[8], const Bf16Bits (&b)[8], acc8 c) {
    vec8 av, bv;
    __builtin_memcpy(&av, a, sizeof av);
    __builtin_memcpy(&bv, b, sizeof bv);
#if defined(__gfx1200__) || defined(__gfx1201__)
    return __builtin_amdgcn_wmma_f32_16x16x16_bf16_w32_gfx12(av, bv, c);
#else
    __builtin_trap();
    return c;
#endif
  }
};
template <>
struct WmmaTraits<int8_t> {
  typedef int vec2 __attribute__((ext_vector_type(2)));
  typedef int acc8 __attribute__((ext_vector_type(8)));
  using out_t = int32_t;
  static constexpr const char* name = "WmmaRdna4I8Policy (signed x signed, no clamp)";
  __device__ static acc8 mma(const int8_t (&a)[8], const int8_t (&b)[8], acc8 c) {
    vec2 av, bv;  // 8 consecutive K of this lane group: bytes 0..7 (documented 8-bit layout)
    __builtin_memcpy(&av, a, sizeof av);
    __builtin_memcpy(&bv, b, sizeof bv);
#if defined(__gfx1200__) || defined(__gfx1201__)
    return __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12(true, av, true, bv, c, false);
#else
    __builtin_trap();
    return c;
#endif
  }
};

// Seed 001's WmmaRdna4F16Policy generalised over the element type. Each wave
// owns one 16x16 output tile (waves_n = 2: a 32x32 block tile). Fragments: lane
// L holds row/column L%16 and the 8 consecutive K positions 8*(L/16) .. +7
// (seed 001's example; the documented hardware K order differs, but any K
// permutation applied to both A and B gives the same product, docs/facts/layouts.md#k-order-is-not-observable).
template <class T>
struct WmmaRdna4Policy {
  using traits = WmmaTraits<T>;
  static constexpr const char* name = traits::name;
  static constexpr int thread_tile_m = 16, thread_tile_n = 16;
  static constexpr int frag_size_m = 8, frag_size_n = 8;
  static constexpr int effective_lanes = 32;
  static constexpr int k_step = 16;
  using elem_a = T;
  using elem_b = T;
  using out_t = typename traits::out_t;
  struct Accumulator {
    typename traits::acc8 regs;
  };
  struct FragA {
    T v[8];
  };
  using FragB = FragA;
  static constexpr long wmma_per_tile16 = 1;  // one WMMA per 16x16x16 step
  __device__ static void zero(Accumulator& acc) { acc.regs = typename traits::acc8{}; }
  __device__ static void thread_tile_offset(int tid, int, int* thread_row, int* thread_col) {
    constexpr int waves_n = 2;
    const int wid = tid / 32;
    *thread_row = (wid / waves_n) * 16;
    *thread_col = (wid % waves_n) * 16;
  }
  __device__ static void load_a(const T* tile_a, int tile_a_row, int ki, int k_tile_size, int lane_id, FragA& f) {
    const int row = tile_a_row + (lane_id % 16);
    const int k_off = ki + 8 * (lane_id / 16);
#pragma unroll
    for (int e = 0; e < 8; ++e) f.v[e] = tile_a[row * k_tile_size + k_off + e];
  }
  __device__ static void load_b(const T* tile_b_T, int tile_b_col, int ki, int k_tile_size, int lane_id, FragB& f) {
    const int col = tile_b_col + (lane_id % 16);
    const int k_off = ki + 8 * (lane_id / 16);
#pragma unroll
    for (int e = 0; e < 8; ++e) f.v[e] = tile_b_T[col * k_tile_size + k_off + e];
  }
  __device__ static void mma(Accumulator& acc, const FragA& a, const FragB& b) {
    acc.regs = traits::mma(a.v, b.v, acc.regs);
  }
  // D[i][j] in VGPR i%8 of lane 16*(i/8) + j (seed 001 accumulator layout).
  __device__ static void store_c(const Accumulator& acc, out_t* C, int out_row_base, int out_col_base, int m,
                                 int n, int lane_id) {
    const int laneWrapped = lane_id % 16, laneGroup = lane_id / 16;
#pragma unroll
    for (int G = 0; G < 8; ++G) {
      const int r = out_row_base + laneGroup * 8 + G, c = out_col_base + laneWrapped;
      if (r < m && c < n) C[size_t(r) * n + c] = acc.regs[G];
    }
  }
};
using WmmaRdna4F16Policy = WmmaRdna4Policy<_Float16>;
// Seed 000: "The compute path is identical to the baseline WmmaRdna4F16Policy".
struct WmmaRdna4F16TrPolicy : WmmaRdna4Policy<_Float16> {
  static constexpr const char* name = "WmmaRdna4F16TrPolicy";
};

// ---- the generic kernel -------------------------------------------------------------
template <class Tile, class Compute>
__global__ __launch_bounds__(kThreads) void gemm_kernel(const typename Compute::elem_a* A,
                                                        const typename Compute::elem_b* B,
                                                        typename Compute::out_t* C, int m, int n, int k) {
  static_assert(Tile::block_tile_m == 32 && Tile::block_tile_n == 32,
                "the compute policies tile a 32x32 block with 128 threads");
  static_assert(Tile::k_tile_size % Compute::k_step == 0, "k_tile_size must be a multiple of k_step");
  __shared__ typename Tile::SharedStorage smem;
  const int tid = threadIdx.x, num_threads = blockDim.x, lane_id = tid % kWave;
  const int block_row_start = blockIdx.y * Tile::block_tile_m;
  const int block_col_start = blockIdx.x * Tile::block_tile_n;
  int thread_row, thread_col;
  Compute::thread_tile_offset(tid, lane_id, &thread_row, &thread_col);
  typename Compute::Accumulator acc;
  Compute::zero(acc);
  Tile::prologue(smem, A, B, block_row_start, block_col_start, m, n, k, tid, num_threads);
  const int num_k_tiles = (k + Tile::k_tile_size - 1) / Tile::k_tile_size;
  for (int t = 0; t < num_k_tiles; ++t) {
    Tile::prefetch(smem, A, B, t, block_row_start, block_col_start, m, n, k, tid, num_threads);
    Tile::acquire(t);
    const int buf = Tile::buf_idx(t);
    const auto* tile_a = Tile::get_tile_a(smem, buf);
    const auto* tile_b_T = Tile::get_tile_b_T(smem, buf);
    for (int ki = 0; ki < Tile::k_tile_size; ki += Compute::k_step) {
      typename Compute::FragA a;
      typename Compute::FragB b;
      Compute::load_a(tile_a, thread_row, ki, Tile::k_tile_size, lane_id, a);
      Compute::load_b(tile_b_T, thread_col, ki, Tile::k_tile_size, lane_id, b);
      Compute::mma(acc, a, b);
    }
    Tile::release(t);
  }
  Compute::store_c(acc, C, block_row_start + thread_row, block_col_start + thread_col, m, n, lane_id);
}

}  // namespace gemm
