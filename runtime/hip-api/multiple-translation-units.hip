// A program linked from two HIP translation units: each registers its own
// fat binary and kernels; launches from either file reach the right code.
// RUN: %hipcc -O2 %s %S/Inputs/second_tu.hip -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: PASS
#include "rdna4_test.h"

void launch_from_second_tu(int* p, int v, int n);

__global__ void set_from_first_tu(int* p) { p[threadIdx.x] = 10 * (int)threadIdx.x; }

int main() {
  rdna4_test_begin();
  const int n = 48;
  int* d;
  RDNA4_HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  set_from_first_tu<<<1, n>>>(d);
  RDNA4_HIP_CHECK(hipGetLastError());
  launch_from_second_tu(d, 7, n);
  RDNA4_HIP_CHECK(hipGetLastError());
  int h[n];
  RDNA4_HIP_CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) RDNA4_EXPECT(h[i] == 10 * i + 7, "h[%d]=%d", i, h[i]);
  RDNA4_HIP_CHECK(hipFree(d));
  return rdna4_test_end();
}
