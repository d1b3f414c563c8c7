// hipLaunchKernelGGL on the null stream and on a created stream, with
// hipMemcpyAsync / hipStreamSynchronize around it; templated kernels. hipExtLaunchKernel
// (<hip/hip_ext.h>): the grid in blocks, arguments through an array of pointers, the start
// and stop events recorded around the launch on its stream, hipExtAnyOrderLaunch (ROCm's
// value 0x01) accepted.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: PASS
#include "rdna4_test.h"

#include <hip/hip_ext.h>

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
  // hipExtLaunchKernel: 5 blocks of 64 work-items cover 300 elements (grid in blocks).
  static_assert(hipExtAnyOrderLaunch == 0x01, "ROCm's hipExtAnyOrderLaunch");
  hipEvent_t start, stop;
  RDNA4_HIP_CHECK(hipEventCreate(&start));
  RDNA4_HIP_CHECK(hipEventCreate(&stop));
  int count = n;
  void* args[] = {&d, &count};
  RDNA4_HIP_CHECK(hipExtLaunchKernel(reinterpret_cast<const void*>(&scale<int, 5>), dim3(5), dim3(64),
                                     args, 0, 0, start, stop, hipExtAnyOrderLaunch));
  RDNA4_HIP_CHECK(hipEventSynchronize(stop));
  float ms = -1;
  RDNA4_HIP_CHECK(hipEventElapsedTime(&ms, start, stop));
  RDNA4_EXPECT(ms >= 0, "hipExtLaunchKernel events: %g ms", ms);
  RDNA4_HIP_CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) RDNA4_EXPECT(h[i] == 15 * i, "hipExtLaunchKernel: int[%d]=%d", i, h[i]);
  RDNA4_HIP_CHECK(hipEventDestroy(start));
  RDNA4_HIP_CHECK(hipEventDestroy(stop));
  RDNA4_HIP_CHECK(hipFree(d));
  RDNA4_HIP_CHECK(hipFree(dd));
  return rdna4_test_end();
}
