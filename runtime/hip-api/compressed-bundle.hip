// A program built with --offload-compress (a CCOB bundle) holding both
// gfx1200 and gfx1201: the runtime decompresses it and picks the entry of the
// device.
// RUN: %hipcc_base --offload-compress -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: PASS
#include "rdna4_test.h"

__global__ void iota(int* p, int base) { p[threadIdx.x] = base + (int)threadIdx.x; }

int main() {
  rdna4_test_begin();
  int* d;
  RDNA4_HIP_CHECK(hipMalloc(&d, 64 * sizeof(int)));
  iota<<<1, 64>>>(d, 1000);
  RDNA4_HIP_CHECK(hipGetLastError());
  int h[64];
  RDNA4_HIP_CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  for (int i = 0; i < 64; ++i) RDNA4_EXPECT(h[i] == 1000 + i, "h[%d]=%d", i, h[i]);
  RDNA4_HIP_CHECK(hipFree(d));
  return rdna4_test_end();
}
