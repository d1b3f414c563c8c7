// gfx12 SGPR hazard, SALU write (https://github.com/llvm/llvm-project/pull/100067, LLVM 20):
// once a VALU has read an SGPR, a later SALU write of that SGPR must be waited for with
// `s_wait_alu depctr_sa_sdst(0)` before the SGPR is read again (by a VALU or an SALU).
// LLVM's rule (AMDGPUWaitSGPRHazards since https://github.com/llvm/llvm-project/pull/118750):
// "a VALU reads an SGPR; later an SALU or VALU writes it; a later read" needs the wait of the
// writer's kind (harness/emu/core/HAZARDS.md, rule `sgpr`).
// Triggering pattern: a uniform loop counter used in vector arithmetic (`v * 3 + i`): the VALU
// reads the counter's SGPR, s_add_co_i32 increments it, s_cmp reads it.
// Wrong output (clang 18/19, which predate the rule): no s_wait_alu between the s_add_co_i32 and
// the next read of its SGPR. docs/known-bugs.md#sgpr-salu-write-sa-sdst.
// XFAIL: clang-major-18 || clang-major-19
// RUN: %hip_device_s -O3 %s | FileCheck %s

#include "matrix_types.h"

// CHECK-LABEL: {{^}}counter_in_valu:
// CHECK: v_mad_co_u64_u32 v[{{[0-9]+:[0-9]+}}], null, v{{[0-9]+}}, 3, s[[[#S:]]:{{[0-9]+}}]
// CHECK-NEXT: s_add_co_i32 s[[#S]], s[[#S]], 1
// CHECK-NOT: s[[#S]]{{$}}
// CHECK: s_wait_alu {{.*}}depctr_sa_sdst(0)
// CHECK-NEXT: s_cmp_eq_u32 s{{[0-9]+}}, s[[#S]]
KERNEL counter_in_valu(int *out, const int *a, int n) {
  int l = LANE;
  int v = a[l];
  for (int i = 0; i < n; ++i) {
    v = v * 3 + i;
    out[i * 32 + l] = v;
  }
}
