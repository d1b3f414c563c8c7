// hipMemcpy / hipMemset / hipFree with pointers that are not (or no longer)
// device memory, or ranges past the end of an allocation: each returns an
// error and copies nothing.
// REQUIRES: device-emu
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t 2>%t.err | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: hipMemcpy(h, wild, 16, hipMemcpyDeviceToHost) -> hipErrorInvalidDevicePointer
// CHECK: hipMemcpy(h2, h, 16, hipMemcpyHostToDevice) -> hipErrorInvalidDevicePointer
// CHECK: hipMemcpy(h, d + 62, 16, hipMemcpyDeviceToHost) -> hipErrorInvalidValue
// CHECK: hipMemset(d, 0, 257) -> hipErrorInvalidValue
// CHECK: hipFree(d + 1) -> hipErrorInvalidValue
// CHECK: hipMemcpy(h, d, 16, hipMemcpyDeviceToHost) -> hipErrorInvalidDevicePointer
// CHECK: hipFree(d) -> hipErrorInvalidValue
// CHECK: PASS
// DIAG: hipMemcpy: source pointer 0xdead0000 is not device memory
// DIAG: run past the end of the allocation
#include "rdna4_test.h"

int main() {
  rdna4_test_begin();
  int h[4] = {1, 2, 3, 4}, h2[4] = {5, 6, 7, 8};
  int* d;
  RDNA4_HIP_CHECK(hipMalloc(&d, 64 * sizeof(int)));
  void* wild = reinterpret_cast<void*>(0xdead0000ull);
  RDNA4_HIP_EXPECT_ERROR(hipMemcpy(h, wild, 16, hipMemcpyDeviceToHost), hipErrorInvalidDevicePointer);
  RDNA4_HIP_EXPECT_ERROR(hipMemcpy(h2, h, 16, hipMemcpyHostToDevice), hipErrorInvalidDevicePointer);
  RDNA4_HIP_EXPECT_ERROR(hipMemcpy(h, d + 62, 16, hipMemcpyDeviceToHost), hipErrorInvalidValue);
  RDNA4_HIP_EXPECT_ERROR(hipMemset(d, 0, 257), hipErrorInvalidValue);
  RDNA4_HIP_EXPECT_ERROR(hipFree(d + 1), hipErrorInvalidValue);
  RDNA4_EXPECT(h[0] == 1 && h[3] == 4 && h2[0] == 5 && h2[3] == 8, "host buffers changed");
  RDNA4_HIP_CHECK(hipFree(d));
  RDNA4_HIP_EXPECT_ERROR(hipMemcpy(h, d, 16, hipMemcpyDeviceToHost), hipErrorInvalidDevicePointer);
  RDNA4_HIP_EXPECT_ERROR(hipFree(d), hipErrorInvalidValue);
  (void)hipGetLastError();
  return rdna4_test_end();
}
