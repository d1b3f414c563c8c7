#include "hip_mini.h"
// Tiled f16 WMMA GEMM, C(MxN, f32) = A(MxK, f16, row-major) * B(KxN, f16, row-major).
// Workgroup: 128 threads = 4 waves, tile 64x64, each wave 32x32 (2x2 WMMA tiles),
// K staged through LDS 16 at a time. Grid (N/64, M/64). M, N, K multiples of 64/16.
#define TM 64
#define TN 64
#define TK 16
extern "C" __global__ void gemm_f16(const half* A, const half* B, float* C, int M, int N, int K) {
  __shared__ v8h As[TM * TK / 8];  // As[row][2]: row-major 64 x 16
  __shared__ v8h Bs[TK * TN / 8];  // Bs[k][8]:   row-major 16 x 64
  int tid = threadIdx_x, wave = tid / 32, lane = tid % 32;
  int bm = blockIdx_y * TM, bn = blockIdx_x * TN;
  int wm = (wave / 2) * 32, wn = (wave % 2) * 32;
  int i = lane % 16, h = lane / 16;
  v8f acc[2][2] = {};
  for (int k0 = 0; k0 < K; k0 += TK) {
    As[tid] = *(const v8h*)&A[(bm + tid / 2) * K + k0 + (tid % 2) * 8];
    Bs[tid] = *(const v8h*)&B[(k0 + tid / 8) * N + bn + (tid % 8) * 8];
    __syncthreads();
    const half* as = (const half*)As;
    const half* bs = (const half*)Bs;
    v8h a[2], b[2];
    for (int m = 0; m < 2; ++m)
      for (int e = 0; e < 8; ++e) a[m][e] = as[(wm + 16 * m + i) * TK + 8 * (e / 4) + 4 * h + e % 4];
    for (int n = 0; n < 2; ++n)
      for (int e = 0; e < 8; ++e) b[n][e] = bs[(8 * (e / 4) + 4 * h + e % 4) * TN + wn + 16 * n + i];
    for (int m = 0; m < 2; ++m)
      for (int n = 0; n < 2; ++n)
        acc[m][n] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a[m], b[n], acc[m][n]);
    __syncthreads();
  }
  for (int m = 0; m < 2; ++m)
    for (int n = 0; n < 2; ++n)
      for (int r = 0; r < 8; ++r)
        C[(bm + wm + 16 * m + 8 * h + r) * N + bn + wn + 16 * n + i] = acc[m][n][r];
}
