// A kernel that executes an illegal instruction (v_illegal, VOP1 opcode 0,
// which traps on hardware): hipErrorLaunchFailure at the next synchronizing
// call, the emulator's diagnostic (kernel, pc, encoding) on stderr, and the
// device keeps working.
// REQUIRES: device-emu
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t 2>%t.err | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: ok: hipDeviceSynchronize() -> hipErrorLaunchFailure
// CHECK: ok: hipGetLastError() -> hipErrorLaunchFailure
// CHECK: PASS
// DIAG: hipemu: kernel {{.*}}trap_kernel{{.*}} faulted (IllegalInstruction -> hipErrorLaunchFailure)
// DIAG-NEXT: {{.*}}trap_kernel{{.*}} pc 0x{{[0-9a-f]+}}
#include "rdna4_test.h"

__global__ void trap_kernel(int* p) {
  p[threadIdx.x] = 1;
  asm volatile("v_illegal");
  p[threadIdx.x] = 2;
}
__global__ void fine(int* p) { p[threadIdx.x] = 3; }

int main() {
  rdna4_test_begin();
  int* d;
  RDNA4_HIP_CHECK(hipMalloc(&d, 32 * sizeof(int)));
  trap_kernel<<<1, 32>>>(d);
  RDNA4_HIP_EXPECT_ERROR(hipDeviceSynchronize(), hipErrorLaunchFailure);
  RDNA4_HIP_EXPECT_ERROR(hipGetLastError(), hipErrorLaunchFailure);
  fine<<<1, 32>>>(d);
  RDNA4_HIP_CHECK(hipDeviceSynchronize());
  int h[32];
  RDNA4_HIP_CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  for (int i = 0; i < 32; ++i) RDNA4_EXPECT(h[i] == 3, "h[%d]=%d", i, h[i]);
  RDNA4_HIP_CHECK(hipFree(d));
  return rdna4_test_end();
}
