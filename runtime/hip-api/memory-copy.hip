// hipMalloc / hipMemcpy (every kind) / hipMemcpyAsync / hipMemset / hipFree,
// with a kernel in between that reads one buffer and writes another.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: PASS
#include "rdna4_test.h"

__global__ void twice(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 2 * in[i];
}

int main() {
  rdna4_test_begin();
  const int n = 1000;
  int h[n], back[n];
  for (int i = 0; i < n; ++i) h[i] = i - 500;
  int *a, *b, *c;
  RDNA4_HIP_CHECK(hipMalloc(&a, n * sizeof(int)));
  RDNA4_HIP_CHECK(hipMalloc(&b, n * sizeof(int)));
  RDNA4_HIP_CHECK(hipMalloc(&c, n * sizeof(int)));
  RDNA4_EXPECT(a != b && b != c, "allocations overlap");
  RDNA4_HIP_CHECK(hipMemcpy(a, h, sizeof h, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemset(b, 0x7f, sizeof h));
  twice<<<(n + 127) / 128, 128>>>(a, b, n);
  RDNA4_HIP_CHECK(hipGetLastError());
  RDNA4_HIP_CHECK(hipMemcpy(c, b, sizeof h, hipMemcpyDeviceToDevice));
  RDNA4_HIP_CHECK(hipMemcpy(back, c, sizeof back, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) RDNA4_EXPECT(back[i] == 2 * h[i], "back[%d]=%d", i, back[i]);
  // hipMemset writes bytes; hipMemcpyDefault infers the direction.
  RDNA4_HIP_CHECK(hipMemset(c + 10, 0xab, 3 * sizeof(int)));
  RDNA4_HIP_CHECK(hipMemcpyAsync(back, c, sizeof back, hipMemcpyDefault, 0));
  RDNA4_HIP_CHECK(hipDeviceSynchronize());
  RDNA4_EXPECT(back[9] == 2 * h[9], "back[9]=%d", back[9]);
  RDNA4_EXPECT(back[10] == (int)0xabababab && back[12] == (int)0xabababab, "memset: %x %x", back[10], back[12]);
  RDNA4_EXPECT(back[13] == 2 * h[13], "back[13]=%d", back[13]);
  // Host-to-host through hipMemcpy.
  int hh[4] = {0, 0, 0, 0};
  RDNA4_HIP_CHECK(hipMemcpy(hh, h, sizeof hh, hipMemcpyHostToHost));
  RDNA4_EXPECT(hh[3] == h[3], "host-to-host");
  RDNA4_HIP_CHECK(hipFree(a));
  RDNA4_HIP_CHECK(hipFree(b));
  RDNA4_HIP_CHECK(hipFree(c));
  RDNA4_HIP_CHECK(hipFree(nullptr));
  return rdna4_test_end();
}
