// A kernel that never terminates is stopped by the runtime's wall-time watchdog
// (RDNA4_EMU_TIMEOUT seconds per launch, default 10) long before the instruction
// budget: hipErrorLaunchTimeOut on its stream, a diagnostic naming the kernel, and
// the program goes on. The budget is set far out of reach so that only the watchdog
// can stop the kernel; the launch must take at least the limit (the watchdog, not
// something else, ended it) and well under the default budget's minute.
// REQUIRES: device-emu
// RUN: %hipcc -O2 %s -o %t
// RUN: env RDNA4_EMU_TIMEOUT=1 RDNA4_EMU_BUDGET=1000000000000000 %run %t 2>%t.err | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: ok: hipStreamSynchronize(s) -> hipErrorLaunchTimeOut
// CHECK: ok: hipDeviceSynchronize() -> hipErrorLaunchTimeOut
// CHECK: PASS
// DIAG: hipemu: kernel {{.*}}spin{{.*}} faulted (BudgetExceeded -> hipErrorLaunchTimeOut):
// DIAG: watchdog: the launch ran longer than its wall-time limit of 1 s
#include "rdna4_test.h"

#include <chrono>

__global__ void spin(volatile int* flag) {
  while (*flag == 0) {
  }
}
__global__ void fill(int* p) { p[threadIdx.x] = 3; }

int main() {
  rdna4_test_begin();
  int* flag;
  RDNA4_HIP_CHECK(hipMalloc(&flag, 64 * sizeof(int)));
  RDNA4_HIP_CHECK(hipMemset(flag, 0, sizeof(int)));
  hipStream_t s;
  RDNA4_HIP_CHECK(hipStreamCreate(&s));
  auto t0 = std::chrono::steady_clock::now();
  spin<<<4, 64, 0, s>>>(flag);
  RDNA4_HIP_EXPECT_ERROR(hipStreamSynchronize(s), hipErrorLaunchTimeOut);
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("spin stopped after %.2f s\n", secs);
  RDNA4_EXPECT(secs >= 0.9 && secs < 30, "the launch took %.2f s with a 1 s watchdog", secs);
  RDNA4_HIP_EXPECT_ERROR(hipDeviceSynchronize(), hipErrorLaunchTimeOut);
  (void)hipGetLastError();
  // The device is still usable.
  fill<<<1, 64, 0, s>>>(flag);
  RDNA4_HIP_CHECK(hipStreamSynchronize(s));
  int h[64];
  RDNA4_HIP_CHECK(hipMemcpy(h, flag, sizeof h, hipMemcpyDeviceToHost));
  for (int i = 0; i < 64; ++i) RDNA4_EXPECT(h[i] == 3, "h[%d]=%d", i, h[i]);
  RDNA4_HIP_CHECK(hipStreamDestroy(s));
  RDNA4_HIP_CHECK(hipFree(flag));
  return rdna4_test_end();
}
