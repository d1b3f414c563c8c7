// cooperative_groups grid sync where it cannot complete. Both end with an error on the
// stream and a diagnostic, never a hang:
// - `plain`: grid_group::sync() in an ordinary launch (<<<...>>>). ROCm passes no grid
//   barrier there (hidden_multigrid_sync_arg = 0, so this_grid().is_valid() is false) and
//   leaves sync() undefined; the emulator's headers abort the kernel (__builtin_trap):
//   hipErrorLaunchFailure. is_valid() is read before and is 0.
// - `deadlock`: a cooperative launch in which block 0 returns without syncing, so the
//   other blocks wait at the grid barrier forever: the wall-time watchdog
//   (RDNA4_EMU_TIMEOUT=1) ends it with hipErrorLaunchTimeOut, the budget set out of reach.
// The device is usable afterwards in both cases. (A cooperative grid larger than the
// device holds: runtime/hip-api/cooperative-launch.hip.)
// REQUIRES: device-emu
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t plain 2>%t.plain.err | FileCheck %s --check-prefix=PLAIN -DDEVICE=%device -DARCH=%device_arch
// RUN: FileCheck %s --check-prefix=PLAIN-DIAG < %t.plain.err
// RUN: env RDNA4_EMU_TIMEOUT=1 RDNA4_EMU_BUDGET=1000000000000000 %run %t deadlock 2>%t.dl.err | FileCheck %s --check-prefix=DEADLOCK -DDEVICE=%device -DARCH=%device_arch
// RUN: FileCheck %s --check-prefix=DEADLOCK-DIAG < %t.dl.err
// PLAIN: device=[[DEVICE]] arch=[[ARCH]]
// PLAIN: ok: hipDeviceSynchronize() -> hipErrorLaunchFailure
// PLAIN: is_valid 0
// PLAIN: PASS
// PLAIN-DIAG: hipemu: kernel {{.*}}sync_anyway{{.*}} faulted (IllegalInstruction -> hipErrorLaunchFailure):
// PLAIN-DIAG: s_trap 2: trap handlers are not emulated (trap id 2 = llvm.trap
// DEADLOCK: device=[[DEVICE]] arch=[[ARCH]]
// DEADLOCK: ok: hipDeviceSynchronize() -> hipErrorLaunchTimeOut
// DEADLOCK: PASS
// DEADLOCK-DIAG: hipemu: kernel {{.*}}block0_leaves{{.*}} faulted (BudgetExceeded -> hipErrorLaunchTimeOut):
// DEADLOCK-DIAG: watchdog: the launch ran longer than its wall-time limit of 1 s
#include "rdna4_test.h"

#include <hip/hip_cooperative_groups.h>

#include <chrono>
#include <cstring>

namespace cg = cooperative_groups;

__global__ void sync_anyway(unsigned* out) {
  cg::grid_group g = cg::this_grid();
  if (g.thread_rank() == 0) out[0] = g.is_valid();
  g.sync();
  out[1] = 1;
}

__global__ void block0_leaves(unsigned* out) {
  if (blockIdx.x == 0) return;
  cg::this_grid().sync();
  out[blockIdx.x] = 1;
}

__global__ void fill(unsigned* p) { p[threadIdx.x] = 7; }

static void device_still_usable(unsigned* d) {
  hipLaunchKernelGGL(fill, dim3(1), dim3(32), 0, 0, d);
  RDNA4_HIP_CHECK(hipDeviceSynchronize());
  unsigned h[32];
  RDNA4_HIP_CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  for (int i = 0; i < 32; ++i) RDNA4_EXPECT(h[i] == 7, "after the fault: h[%d] = %u", i, h[i]);
}

int main(int argc, char** argv) {
  rdna4_test_begin();
  const char* mode = argc > 1 ? argv[1] : "";
  unsigned* d;
  RDNA4_HIP_CHECK(hipMalloc(&d, 64 * sizeof(unsigned)));
  RDNA4_HIP_CHECK(hipMemset(d, 0xff, 64 * sizeof(unsigned)));
  if (!std::strcmp(mode, "plain")) {
    hipLaunchKernelGGL(sync_anyway, dim3(2), dim3(32), 0, 0, d);
    RDNA4_HIP_EXPECT_ERROR(hipDeviceSynchronize(), hipErrorLaunchFailure);
    (void)hipGetLastError();
    unsigned h[2];
    RDNA4_HIP_CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
    std::printf("is_valid %u\n", h[0]);
    RDNA4_EXPECT(h[1] == 0xffffffffu, "a work-item went past the aborted sync (out[1] = %u)", h[1]);
  } else if (!std::strcmp(mode, "deadlock")) {
    void* args[] = {&d};
    auto t0 = std::chrono::steady_clock::now();
    RDNA4_HIP_CHECK(hipLaunchCooperativeKernel(reinterpret_cast<const void*>(block0_leaves),
                                               dim3(4), dim3(64), args, 0, 0));
    RDNA4_HIP_EXPECT_ERROR(hipDeviceSynchronize(), hipErrorLaunchTimeOut);
    (void)hipGetLastError();
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    RDNA4_EXPECT(secs >= 0.9 && secs < 30, "the launch took %.2f s with a 1 s watchdog", secs);
  } else {
    std::fprintf(stderr, "usage: %s plain|deadlock\n", argv[0]);
    return 2;
  }
  device_still_usable(d);
  RDNA4_HIP_CHECK(hipFree(d));
  return rdna4_test_end();
}
