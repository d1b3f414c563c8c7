// __device__ and __constant__ variables: initial values from the code
// object, hipMemcpyToSymbol / hipMemcpyFromSymbol / hipGetSymbolAddress /
// hipGetSymbolSize, values persisting across launches, kernels reading and
// writing them.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// RUN: %hipcc -O0 %s -o %t.O0
// RUN: %run %t.O0 | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: PASS
#include "rdna4_test.h"

__constant__ float coeffs[4] = {0.5f, 1.5f, -2.0f, 4.0f};
__device__ int counter = 100;
__device__ int results[64];

__global__ void apply(const float* x, float* y) {
  int t = threadIdx.x;
  y[t] = coeffs[t % 4] * x[t];
  results[t] = counter + t;
}
__global__ void bump() { counter += 1; }

int main() {
  rdna4_test_begin();
  size_t size = 0;
  RDNA4_HIP_CHECK(hipGetSymbolSize(&size, HIP_SYMBOL(coeffs)));
  RDNA4_EXPECT(size == sizeof(coeffs), "size of coeffs %zu", size);
  float c[4];
  RDNA4_HIP_CHECK(hipMemcpyFromSymbol(c, HIP_SYMBOL(coeffs), sizeof c));
  RDNA4_EXPECT(c[0] == 0.5f && c[3] == 4.0f, "initial coeffs %g %g", c[0], c[3]);
  const float nc[2] = {3.0f, -1.0f};
  RDNA4_HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(coeffs), nc, sizeof nc, 2 * sizeof(float)));

  float hx[64], hy[64];
  for (int i = 0; i < 64; ++i) hx[i] = (float)(i + 1);
  float *x, *y;
  RDNA4_HIP_CHECK(hipMalloc(&x, sizeof hx));
  RDNA4_HIP_CHECK(hipMalloc(&y, sizeof hy));
  RDNA4_HIP_CHECK(hipMemcpy(x, hx, sizeof hx, hipMemcpyHostToDevice));
  bump<<<1, 1>>>();
  bump<<<1, 1>>>();  // the variable persists between launches
  apply<<<1, 64>>>(x, y);
  RDNA4_HIP_CHECK(hipGetLastError());
  RDNA4_HIP_CHECK(hipMemcpy(hy, y, sizeof hy, hipMemcpyDeviceToHost));
  const float expect_c[4] = {0.5f, 1.5f, 3.0f, -1.0f};
  for (int i = 0; i < 64; ++i)
    RDNA4_EXPECT(hy[i] == expect_c[i % 4] * hx[i], "y[%d]=%g", i, hy[i]);
  int r[64];
  RDNA4_HIP_CHECK(hipMemcpyFromSymbol(r, HIP_SYMBOL(results), sizeof r));
  for (int i = 0; i < 64; ++i) RDNA4_EXPECT(r[i] == 102 + i, "results[%d]=%d", i, r[i]);
  // The symbol's device address works with ordinary copies too.
  int* pc = nullptr;
  RDNA4_HIP_CHECK(hipGetSymbolAddress((void**)&pc, HIP_SYMBOL(counter)));
  int cnt = 0;
  RDNA4_HIP_CHECK(hipMemcpy(&cnt, pc, sizeof cnt, hipMemcpyDeviceToHost));
  RDNA4_EXPECT(cnt == 102, "counter=%d", cnt);
  RDNA4_HIP_CHECK(hipFree(x));
  RDNA4_HIP_CHECK(hipFree(y));
  return rdna4_test_end();
}
