// Launch configurations HIP rejects before running anything: too many
// work-items per block, a zero-sized grid, more dynamic shared memory than a
// workgroup has, more work-items than the kernel's __launch_bounds__.
// hipGetLastError reports each; the kernel does not run.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: block of 2048: rejected
// CHECK: grid of 0: rejected
// CHECK: 128 KiB dynamic shared: rejected
// CHECK: 256 work-items for __launch_bounds__(128): rejected
// CHECK: PASS
#include "rdna4_test.h"

__global__ void mark(int* p) { p[0] = 1; }
__global__ void __launch_bounds__(128) bounded(int* p) { p[0] = 2; }

static void expect_rejected(const char* what) {
  hipError_t e = hipGetLastError();
  std::printf("%s: %s (%s)\n", what, e != hipSuccess ? "rejected" : "ACCEPTED", hipGetErrorName(e));
  RDNA4_EXPECT(e != hipSuccess, "%s was accepted", what);
}

int main() {
  rdna4_test_begin();
  int* d;
  RDNA4_HIP_CHECK(hipMalloc(&d, sizeof(int)));
  RDNA4_HIP_CHECK(hipMemset(d, 0, sizeof(int)));
  (void)hipGetLastError();
  mark<<<1, 2048>>>(d);
  expect_rejected("block of 2048");
  mark<<<0, 32>>>(d);
  expect_rejected("grid of 0");
  mark<<<1, 32, 128 * 1024>>>(d);
  expect_rejected("128 KiB dynamic shared");
  bounded<<<1, 256>>>(d);
  expect_rejected("256 work-items for __launch_bounds__(128)");
  (void)hipDeviceSynchronize();
  (void)hipGetLastError();
  int h = -1;
  RDNA4_HIP_CHECK(hipMemcpy(&h, d, sizeof h, hipMemcpyDeviceToHost));
  RDNA4_EXPECT(h == 0, "a rejected launch ran (value %d)", h);
  RDNA4_HIP_CHECK(hipFree(d));
  return rdna4_test_end();
}
