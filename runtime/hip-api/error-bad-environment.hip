// Invalid emulator settings in the environment: a clear message, no device
// (hipErrorNoDevice), no crash.
// SINGLE-TARGET
// REQUIRES: device-emu
// RUN: %hipcc -O2 %s -o %t
// RUN: env RDNA4_EMU_ARCH=gfx1100 %t 2>%t.err1 | FileCheck %s
// RUN: FileCheck --check-prefix=ARCH %s < %t.err1
// RUN: env RDNA4_EMU_HAZARDS=sometimes %t 2>%t.err2 | FileCheck %s
// RUN: FileCheck --check-prefix=HAZ %s < %t.err2
// RUN: env RDNA4_EMU_BUDGET=-5 %t 2>%t.err3 | FileCheck %s
// RUN: FileCheck --check-prefix=BUDGET %s < %t.err3
// RUN: env RDNA4_EMU_TIMEOUT=soon %t 2>%t.err4 | FileCheck %s
// RUN: FileCheck --check-prefix=TIMEOUT %s < %t.err4
// RUN: env RDNA4_EMU_TIMEOUT=-1 %t 2>%t.err5 | FileCheck %s
// RUN: FileCheck --check-prefix=TIMEOUT-NEG %s < %t.err5
// CHECK: device=emu arch=none
// CHECK: hipGetDeviceCount -> hipErrorNoDevice count=0
// CHECK: hipMalloc -> hipErrorNoDevice
// CHECK: PASS
// ARCH: RDNA4_EMU_ARCH='gfx1100' is not an emulated device (use gfx1201 or gfx1200)
// HAZ: RDNA4_EMU_HAZARDS='sometimes' must be strict or off
// BUDGET: RDNA4_EMU_BUDGET='-5' is not a non-negative integer
// TIMEOUT: RDNA4_EMU_TIMEOUT='soon' is not a number of seconds in [0, 1e6] (0 = no limit)
// TIMEOUT-NEG: RDNA4_EMU_TIMEOUT='-1' is not a number of seconds in [0, 1e6]
#include "rdna4_test.h"

int main() {
  std::printf("device=emu arch=none\n");
  int count = -1;
  hipError_t e = hipGetDeviceCount(&count);
  std::printf("hipGetDeviceCount -> %s count=%d\n", hipGetErrorName(e), count);
  RDNA4_EXPECT(e == hipErrorNoDevice && count == 0, "a device despite the bad setting");
  void* p = nullptr;
  e = hipMalloc(&p, 16);
  std::printf("hipMalloc -> %s\n", hipGetErrorName(e));
  RDNA4_EXPECT(e == hipErrorNoDevice, "hipMalloc worked");
  return rdna4_test_end();
}
