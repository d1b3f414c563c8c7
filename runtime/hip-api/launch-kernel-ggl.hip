// hipLaunchKernelGGL on the null stream and on a created stream, with
// hipMemcpyAsync / hipStreamSynchronize around it; templated kernels.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: PASS
#include "rdna4_test.h"

template <typename T, int Scale>
__global__ void scale(T* v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = v[i] * Scale;
}

int main() {
  rdna4_test_begin();
  const int n = 300;
  int h[n];
  double hd[n];
  for (int i = 0; i < n; ++i) {
    h[i] = i;
    hd[i] = i + 0.5;
  }
  int* d;
  double* dd;
  RDNA4_HIP_CHECK(hipMalloc(&d, sizeof h));
  RDNA4_HIP_CHECK(hipMalloc(&dd, sizeof hd));
  RDNA4_HIP_CHECK(hipMemcpy(d, h, sizeof h, hipMemcpyHostToDevice));
  hipLaunchKernelGGL((scale<int, 3>), dim3((n + 63) / 64), dim3(64), 0, 0, d, n);
  RDNA4_HIP_CHECK(hipGetLastError());
  hipStream_t s;
  RDNA4_HIP_CHECK(hipStreamCreate(&s));
  RDNA4_HIP_CHECK(hipMemcpyAsync(dd, hd, sizeof hd, hipMemcpyHostToDevice, s));
  hipLaunchKernelGGL((scale<double, -2>), dim3(1), dim3(n), 0, s, dd, n);
  RDNA4_HIP_CHECK(hipGetLastError());
  RDNA4_HIP_CHECK(hipMemcpyAsync(hd, dd, sizeof hd, hipMemcpyDeviceToHost, s));
  RDNA4_HIP_CHECK(hipStreamSynchronize(s));
  RDNA4_HIP_CHECK(hipStreamDestroy(s));
  RDNA4_HIP_CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    RDNA4_EXPECT(h[i] == 3 * i, "int[%d]=%d", i, h[i]);
    RDNA4_EXPECT(hd[i] == -2 * (i + 0.5), "double[%d]=%g", i, hd[i]);
  }
  RDNA4_HIP_CHECK(hipFree(d));
  RDNA4_HIP_CHECK(hipFree(dd));
  return rdna4_test_end();
}
