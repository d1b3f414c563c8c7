// gfx12 SGPR hazard, VALU write (https://github.com/llvm/llvm-project/pull/118750, LLVM 20):
// once a VALU has read an SGPR, a later VALU write of that SGPR (a carry or lane mask written
// to an SGPR other than VCC) must be waited for with `s_wait_alu depctr_va_sdst(0)` before it is
// read again (harness/emu/core/HAZARDS.md, rule `sgpr`).
// Triggering pattern: a kernel-argument pointer (an SGPR pair) plus a divergent offset, where the
// low add reads the pointer's low SGPR and writes its carry into that same SGPR, and the high
// add reads the carry.
// Wrong output (clang 18/19): no s_wait_alu between the carry write and its read.
// docs/known-bugs.md#sgpr-valu-write-va-sdst.
// XFAIL: clang-major-18 || clang-major-19
// RUN: %hip_device_s -O3 %s | FileCheck %s

#include "matrix_types.h"

// CHECK-LABEL: {{^}}uniform_trip_count:
// CHECK: v_add_co_u32 v{{[0-9]+}}, s[[#C:]],
// CHECK-SAME: s[[#C]], v{{[0-9]+}}
// CHECK-NOT: {{[[:space:]]}}s[[#C]]{{$}}
// CHECK: s_wait_alu {{.*}}depctr_va_sdst(0)
// CHECK-NEXT: v_add_co_ci_u32_e64 v{{[0-9]+}}, null, s{{[0-9]+}}, 0, s[[#C]]
KERNEL uniform_trip_count(int *out, const int *a) {
  int l = LANE;
  int u = __builtin_amdgcn_readfirstlane(a[l]);
  for (int i = 0; i < u; ++i) out[i * 32 + l] = a[i];
}
