// Benchmark kernels for harness/bench/emu_gemm: tiled f16 GEMM on
// v_wmma_f32_16x16x16_f16, LDS staging, 128 threads = 4 wave32 waves per
// workgroup (the shape of the suite's runtime/gemm examples).
//
//   C (M x N, f32, row-major) = A (M x K, f16, row-major) * B (K x N, f16, row-major)
//
// emu_gemm_t64: block tile 64x64, each wave a 32x32 quadrant (2x2 WMMA tiles),
//               grid (N/64, M/64). Needs M, N % 64 == 0, K % 16 == 0.
// emu_gemm_t32: block tile 32x32, each wave one 16x16 WMMA tile (as the suite's
//               WmmaRdna4F16Policy), grid (N/32, M/32). Needs M, N % 32 == 0, K % 16 == 0.
//
// Per K step of 16 both kernels copy the A strip (row-major, As[m][k]) and the
// B strip transposed (Bt[n][k]) into LDS, barrier, read the WMMA fragments
// with 64-bit LDS loads, run the WMMAs, barrier.
//
// Fragment layout (docs/facts/layouts.md#wave32-a-and-b, 16-bit inputs, wave32): element e
// of lane 16*h + i of A holds A[i][k] with k = 8*(e/4) + 4*h + e%4; B likewise
// with the column j in place of the row i. D[i][j] is element i%8 of lane
// 16*(i/8) + j.
//
// Compile: CLANG_NO_DEFAULT_CONFIG=1 clang++ -x hip --cuda-device-only
//          --offload-arch=gfx1201 -nogpulib -nogpuinc -O3 --no-gpu-bundle-output
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
// As HIP's __syncthreads(): workgroup release fence, barrier, acquire fence
// (gfx12: s_wait_*; s_barrier_signal -1; s_barrier_wait -1; global_inv).
#define __syncthreads()                                  \
  do {                                                   \
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); \
    __builtin_amdgcn_s_barrier();                        \
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); \
  } while (0)

typedef _Float16 half;
typedef half v4h __attribute__((ext_vector_type(4)));
typedef half v8h __attribute__((ext_vector_type(8)));
typedef float v8f __attribute__((ext_vector_type(8)));

#define TK 16
#define THREADS 128

// Global -> LDS copy of one K strip: rows [bm, bm+TM) of A and columns
// [bn, bn+TN) of B, each thread moving 16-byte pieces.
template <int TM, int TN>
__device__ static inline void stage(half* As, half* Bt, const half* A, const half* B, int bm, int bn,
                                    int k0, int N, int K, int tid) {
  // A strip: TM rows x 16 halves = TM*2 pieces of 8 halves.
  for (int p = tid; p < TM * 2; p += THREADS) {
    int r = p / 2, c = (p % 2) * 8;
    *(v8h*)&As[r * TK + c] = *(const v8h*)&A[(bm + r) * K + k0 + c];
  }
  // B strip: 16 rows x TN halves = 2*TN pieces, stored transposed Bt[n][k].
  for (int p = tid; p < TN * 2; p += THREADS) {
    int kk = p / (TN / 8), n = (p % (TN / 8)) * 8;
    v8h v = *(const v8h*)&B[(k0 + kk) * N + bn + n];
#pragma unroll
    for (int e = 0; e < 8; ++e) Bt[(n + e) * TK + kk] = v[e];
  }
}

// Fragment of the 16 x 16 block whose row (A) or column (B) 0 is at base,
// rows of TK halves: two 64-bit LDS loads.
__device__ static inline v8h fragment(const half* base, int lane) {
  int i = lane % 16, h = lane / 16;
  const half* row = base + i * TK + 4 * h;
  v4h lo = *(const v4h*)row;
  v4h hi = *(const v4h*)(row + 8);
  return (v8h){lo[0], lo[1], lo[2], lo[3], hi[0], hi[1], hi[2], hi[3]};
}

__device__ static inline void store_tile(float* C, v8f acc, int row0, int col0, int N, int lane) {
  int i = lane % 16, h = lane / 16;
#pragma unroll
  for (int r = 0; r < 8; ++r) C[(row0 + 8 * h + r) * N + col0 + i] = acc[r];
}

extern "C" __global__ void emu_gemm_t64(const half* A, const half* B, float* C, int M, int N, int K) {
  __shared__ half As[64 * TK];
  __shared__ half Bt[64 * TK];
  int tid = __builtin_amdgcn_workitem_id_x(), wave = tid / 32, lane = tid % 32;
  int bm = __builtin_amdgcn_workgroup_id_y() * 64, bn = __builtin_amdgcn_workgroup_id_x() * 64;
  int wm = (wave / 2) * 32, wn = (wave % 2) * 32;
  v8f acc[2][2] = {};
  for (int k0 = 0; k0 < K; k0 += TK) {
    stage<64, 64>(As, Bt, A, B, bm, bn, k0, N, K, tid);
    __syncthreads();
    v8h a[2], b[2];
#pragma unroll
    for (int m = 0; m < 2; ++m) a[m] = fragment(&As[(wm + 16 * m) * TK], lane);
#pragma unroll
    for (int n = 0; n < 2; ++n) b[n] = fragment(&Bt[(wn + 16 * n) * TK], lane);
#pragma unroll
    for (int m = 0; m < 2; ++m)
#pragma unroll
      for (int n = 0; n < 2; ++n)
        acc[m][n] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a[m], b[n], acc[m][n]);
    __syncthreads();
  }
#pragma unroll
  for (int m = 0; m < 2; ++m)
#pragma unroll
    for (int n = 0; n < 2; ++n) store_tile(C, acc[m][n], bm + wm + 16 * m, bn + wn + 16 * n, N, lane);
}

extern "C" __global__ void emu_gemm_t32(const half* A, const half* B, float* C, int M, int N, int K) {
  __shared__ half As[32 * TK];
  __shared__ half Bt[32 * TK];
  int tid = __builtin_amdgcn_workitem_id_x(), wave = tid / 32, lane = tid % 32;
  int bm = __builtin_amdgcn_workgroup_id_y() * 32, bn = __builtin_amdgcn_workgroup_id_x() * 32;
  int wm = (wave / 2) * 16, wn = (wave % 2) * 16;
  v8f acc = {};
  for (int k0 = 0; k0 < K; k0 += TK) {
    stage<32, 32>(As, Bt, A, B, bm, bn, k0, N, K, tid);
    __syncthreads();
    acc = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(fragment(&As[wm * TK], lane),
                                                          fragment(&Bt[wn * TK], lane), acc);
    __syncthreads();
  }
  store_tile(C, acc, bm + wm, bn + wn, N, lane);
}
