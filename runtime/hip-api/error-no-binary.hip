// A program whose bundle has no code object for the emulated device: the
// launch fails with hipErrorNoBinaryForGpu (as real HIP), with a message
// naming the arch, and the program keeps control (no crash).
// SINGLE-TARGET
// REQUIRES: device-emu
// RUN: %hipcc_base --offload-arch=gfx1200 -O2 %s -o %t.1200
// RUN: env RDNA4_EMU_ARCH=gfx1201 %t.1200 2>%t.err | FileCheck %s --check-prefix=CHECK -DARCH=gfx1201
// RUN: FileCheck --check-prefix=DIAG -DARCH=gfx1201 %s < %t.err
// RUN: %hipcc_base --offload-arch=gfx1201 -O2 %s -o %t.1201
// RUN: env RDNA4_EMU_ARCH=gfx1200 %t.1201 2>%t.err2 | FileCheck %s --check-prefix=CHECK -DARCH=gfx1200
// RUN: FileCheck --check-prefix=DIAG -DARCH=gfx1200 %s < %t.err2
// CHECK: device=emu arch=[[ARCH]]
// CHECK: ok: hipGetLastError() -> hipErrorNoBinaryForGpu
// CHECK: PASS
// DIAG: hipErrorNoBinaryForGpu: {{.*}}no code object for the emulated device [[ARCH]]
#include "rdna4_test.h"

__global__ void k(int* p) { p[threadIdx.x] = 1; }

int main() {
  rdna4_test_begin();
  int* d;
  RDNA4_HIP_CHECK(hipMalloc(&d, 128));
  k<<<1, 32>>>(d);
  RDNA4_HIP_EXPECT_ERROR(hipGetLastError(), hipErrorNoBinaryForGpu);
  // Nothing ran: the buffer is still zero.
  int h[32];
  RDNA4_HIP_CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  for (int i = 0; i < 32; ++i) RDNA4_EXPECT(h[i] == 0, "h[%d]=%d", i, h[i]);
  RDNA4_HIP_CHECK(hipFree(d));
  return rdna4_test_end();
}
