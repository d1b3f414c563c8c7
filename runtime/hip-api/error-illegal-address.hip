// A kernel that writes far outside its allocation: the launch itself
// returns hipSuccess (launches are asynchronous), the next synchronizing call
// and hipGetLastError return hipErrorIllegalAddress, the emulator's
// diagnostic goes to stderr, host memory is untouched, and the device keeps
// working afterwards.
// REQUIRES: device-emu
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t 2>%t.err | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: ok: hipDeviceSynchronize() -> hipErrorIllegalAddress
// CHECK: ok: hipGetLastError() -> hipErrorIllegalAddress
// CHECK: ok: hipGetLastError() -> hipSuccess
// CHECK: PASS
// DIAG: hipemu: kernel {{.*}}wild_store{{.*}} faulted (MemoryViolation -> hipErrorIllegalAddress)
// DIAG-NEXT: {{.*}}wild_store{{.*}}nearest allocation
#include "rdna4_test.h"

__global__ void wild_store(int* p, long offset) { p[offset + threadIdx.x] = 42; }
__global__ void good_store(int* p) { p[threadIdx.x] = 7; }

int main() {
  rdna4_test_begin();
  static int canary[4096];
  for (int i = 0; i < 4096; ++i) canary[i] = i;
  int* d;
  RDNA4_HIP_CHECK(hipMalloc(&d, 64 * sizeof(int)));
  wild_store<<<1, 32>>>(d, 1L << 24);  // 64 MiB past a 256-byte allocation
  RDNA4_HIP_EXPECT_ERROR(hipGetLastError(), hipSuccess);
  RDNA4_HIP_EXPECT_ERROR(hipDeviceSynchronize(), hipErrorIllegalAddress);
  RDNA4_HIP_EXPECT_ERROR(hipGetLastError(), hipErrorIllegalAddress);
  RDNA4_HIP_EXPECT_ERROR(hipGetLastError(), hipSuccess);
  for (int i = 0; i < 4096; ++i) RDNA4_EXPECT(canary[i] == i, "host memory changed at %d", i);
  good_store<<<1, 64>>>(d);
  RDNA4_HIP_CHECK(hipDeviceSynchronize());
  int h[64];
  RDNA4_HIP_CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  for (int i = 0; i < 64; ++i) RDNA4_EXPECT(h[i] == 7, "h[%d]=%d", i, h[i]);
  RDNA4_HIP_CHECK(hipFree(d));
  return rdna4_test_end();
}
