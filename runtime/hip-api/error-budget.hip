// A kernel that never terminates is stopped by the emulator's instruction
// budget (RDNA4_EMU_BUDGET): hipErrorLaunchTimeOut at the next synchronizing
// call, a diagnostic on stderr, no hang.
// REQUIRES: device-emu
// RUN: %hipcc -O2 %s -o %t
// RUN: env RDNA4_EMU_BUDGET=200000 %run %t 2>%t.err | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: ok: hipDeviceSynchronize() -> hipErrorLaunchTimeOut
// CHECK: PASS
// DIAG: hipemu: kernel {{.*}}spin{{.*}} faulted (BudgetExceeded -> hipErrorLaunchTimeOut)
#include "rdna4_test.h"

__global__ void spin(volatile int* flag) {
  while (*flag == 0) {
  }
}

int main() {
  rdna4_test_begin();
  int* flag;
  RDNA4_HIP_CHECK(hipMalloc(&flag, sizeof(int)));
  RDNA4_HIP_CHECK(hipMemset(flag, 0, sizeof(int)));
  spin<<<2, 64>>>(flag);
  RDNA4_HIP_EXPECT_ERROR(hipDeviceSynchronize(), hipErrorLaunchTimeOut);
  (void)hipGetLastError();
  RDNA4_HIP_CHECK(hipFree(flag));
  return rdna4_test_end();
}
