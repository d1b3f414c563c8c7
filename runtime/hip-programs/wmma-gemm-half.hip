// A WMMA GEMM written the way users write one: __half matrices, a 16x16 output tile per
// wave32, fragments gathered into the builtin's vector types, f32 accumulation with
// __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12, and an f16 result written with
// __float2half. C = A (M x K) * B (K x N), row-major, M, N multiples of 16, K of 16.
// Fragment layout (AMD RDNA4 ISA reference guide, "Wave Matrix Multiply Accumulate"; the
// same layout as runtime/gemm/policies.h): lane L holds row (A) / column (B) L % 16 and the
// K positions 8*(L/16) .. +7; result lane L holds column L % 16, rows 8*(L/16) .. +7.
// The inputs are small integers, so every product and partial sum is exact in f32 and
// the f16 output is exact: the result does not depend on the accumulation order or
// rounding. CPU reference: the plain triple loop.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// RUN: %hipcc -O0 %s -o %t.O0
// RUN: %run %t.O0 | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: gemm 16x16x16 ok
// CHECK: gemm 48x32x64 ok
// CHECK: PASS
#include "rdna4_test.h"

#include <hip/hip_fp16.h>

#include <cstdint>
#include <cstring>
#include <vector>

typedef _Float16 v8h __attribute__((ext_vector_type(8)));
typedef float v8f __attribute__((ext_vector_type(8)));

__global__ void gemm_wmma(const __half* A, const __half* B, __half* C, float* Cf, int M, int N, int K) {
  const int lane = threadIdx.x % 32;
  const int wave = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  const int tiles_n = N / 16;
  const int tm = wave / tiles_n, tn = wave % tiles_n;
  if (tm * 16 >= M) return;
  const int rc = lane % 16, kh = 8 * (lane / 16);
  v8f acc = {};
  for (int k0 = 0; k0 < K; k0 += 16) {
    v8h a, b;
    for (int i = 0; i < 8; ++i) {
      __half av = A[(tm * 16 + rc) * K + k0 + kh + i];
      __half bv = B[(k0 + kh + i) * N + tn * 16 + rc];
      a[i] = (_Float16)__half2float(av);
      b[i] = (_Float16)__half2float(bv);
    }
    acc = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, acc);
  }
  for (int i = 0; i < 8; ++i) {
    int row = tm * 16 + kh + i, col = tn * 16 + rc;
    C[row * N + col] = __float2half(acc[i]);
    Cf[row * N + col] = acc[i];
  }
}

static bool run(int M, int N, int K, uint32_t seed) {
  std::vector<__half> a(M * K), b(K * N);
  std::vector<int> ai(M * K), bi(K * N);
  for (int i = 0; i < M * K; ++i) {
    seed = seed * 1103515245u + 12345u;
    ai[i] = (int)((seed >> 16) % 9) - 4;  // -4 .. 4
    a[i] = __int2half_rn(ai[i]);
  }
  for (int i = 0; i < K * N; ++i) {
    seed = seed * 1103515245u + 12345u;
    bi[i] = (int)((seed >> 16) % 7) - 3;  // -3 .. 3
    b[i] = __int2half_rn(bi[i]);
  }
  __half *da, *db, *dc;
  float* dcf;
  RDNA4_HIP_CHECK(hipMalloc(&da, a.size() * 2));
  RDNA4_HIP_CHECK(hipMalloc(&db, b.size() * 2));
  RDNA4_HIP_CHECK(hipMalloc(&dc, M * N * 2));
  RDNA4_HIP_CHECK(hipMalloc(&dcf, M * N * 4));
  RDNA4_HIP_CHECK(hipMemcpy(da, a.data(), a.size() * 2, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemcpy(db, b.data(), b.size() * 2, hipMemcpyHostToDevice));
  const int waves = (M / 16) * (N / 16);
  hipLaunchKernelGGL(gemm_wmma, dim3((waves + 3) / 4), dim3(128), 0, 0, da, db, dc, dcf, M, N, K);
  RDNA4_HIP_CHECK(hipGetLastError());
  std::vector<__half> c(M * N);
  std::vector<float> cf(M * N);
  RDNA4_HIP_CHECK(hipMemcpy(c.data(), dc, M * N * 2, hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipMemcpy(cf.data(), dcf, M * N * 4, hipMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      int want = 0;
      for (int k = 0; k < K; ++k) want += ai[i * K + k] * bi[k * N + j];
      float got = __half2float(c[i * N + j]);
      bool ok = got == (float)want && cf[i * N + j] == (float)want;
      RDNA4_EXPECT(ok, "C[%d][%d] = %g (f32 %g), want %d", i, j, got, cf[i * N + j], want);
      bad += !ok;
    }
  RDNA4_HIP_CHECK(hipFree(da));
  RDNA4_HIP_CHECK(hipFree(db));
  RDNA4_HIP_CHECK(hipFree(dc));
  RDNA4_HIP_CHECK(hipFree(dcf));
  if (!bad) std::printf("gemm %dx%dx%d ok\n", M, N, K);
  return bad == 0;
}

int main() {
  rdna4_test_begin();
  run(16, 16, 16, 1);
  run(48, 32, 64, 2);
  return rdna4_test_end();
}
