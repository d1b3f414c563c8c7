// gfx12 VCC hazard, VALU write (https://github.com/llvm/llvm-project/pull/118750, LLVM 20):
// once a VALU has read VCC, a later VALU write of VCC must be waited for with
// `s_wait_alu depctr_va_vcc(0)` before VCC is read again (harness/emu/core/HAZARDS.md, rule
// `sgpr`; the first VALU write in a kernel, with no earlier VALU read, needs no wait).
// Triggering pattern: a 64-bit pointer advanced inside a loop: v_add_co_u32 writes the carry
// to VCC and v_add_co_ci_u32 reads it, once per iteration, so from the second iteration on the
// write follows a VALU read of VCC.
// Wrong output (clang 18/19): no s_wait_alu between the carry write and its read.
// docs/known-bugs.md#vcc-valu-write-va-vcc.
// XFAIL: clang-major-18 || clang-major-19
// RUN: %hip_device_s -O3 %s | FileCheck %s

#include "matrix_types.h"

// CHECK-LABEL: {{^}}pointer_walk:
// CHECK: .LBB{{[0-9_]+}}: {{.*}}Loop Header
// CHECK: v_add_co_u32 v{{[0-9]+}}, vcc_lo, 0x80, v{{[0-9]+}}
// CHECK-NOT: vcc_lo{{$}}
// CHECK: s_wait_alu {{.*}}depctr_va_vcc(0)
// CHECK-NEXT: v_add_co_ci_u32_e64 v{{[0-9]+}}, null, 0, v{{[0-9]+}}, vcc_lo
KERNEL pointer_walk(int *out, const int *a, int n) {
  int l = LANE;
  int v = a[l];
  for (int i = 0; i < n; ++i) {
    v = v * 3 + i;
    out[i * 32 + l] = v;
  }
}
