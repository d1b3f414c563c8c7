// gfx12 SGPR and VCC read hazards (LLVM AMDGPUWaitSGPRHazards; llvm PR #100067, #118750):
// once a VALU has read an SGPR pair, a later write of it needs an s_wait_alu before the next
// read: depctr_va_sdst(0) for a VALU write read by a VALU, depctr_sa_sdst(0) for an SALU
// write, depctr_va_vcc(0) for a VALU write of VCC read by a VALU
// (docs/facts/hazards.md#sgpr-and-vcc-read-hazards). The kernel steps a 64-bit pointer in
// a loop (carry through an SGPR, then through VCC) by a scaled uniform stride (SALU).
// Exact on each wait between its writer and its reader; registers and other instructions free.
// clang 19 predates the mitigation and emits none of these waits. Upstream fix, first in
// LLVM 20: https://github.com/llvm/llvm-project/pull/100067 (depctr_sa_sdst) and
// https://github.com/llvm/llvm-project/pull/118750 (depctr_va_sdst, depctr_va_vcc);
// docs/facts/hazards.md#the-sgpr-rule-and-clang-19.
// XFAIL: clang-major-19
// RUN: %hip_device_s -O3 %s | FileCheck %s

#include "matrix_types.h"

// VALU writes the carry into s[C] (its pair read by that VALU), a VALU reads it: va_sdst.
// CHECK-LABEL: {{^}}scalar_walk:
// CHECK: v_add_co_u32 v{{[0-9]+}}, s[[#C:]], s{{[0-9]+}}, v{{[0-9]+}}{{$}}
// CHECK-NOT: {{^[[:space:]]+v_.*[ ,]}}s[[#C]]{{(,.*)?$}}
// CHECK: s_wait_alu {{.*}}depctr_va_sdst(0)
// CHECK: v_add_co_ci_u32_e64 v{{[0-9]+}}, null, s{{[0-9]+}}, 0, s[[#C]]{{$}}
// SALU writes the stride into s[S:S+1] (the pair a VALU read), a VALU reads s[S]: sa_sdst.
// CHECK: s_lshl_b64 s[[[#S:]]:
// CHECK-SAME: [[#S+1]]], s[
// CHECK-NOT: {{^[[:space:]]+v_.*[ ,]}}s[[#S]]{{(,.*)?$}}
// CHECK: s_wait_alu {{.*}}depctr_sa_sdst(0)
// CHECK: v_add_co_u32 v{{[0-9]+}}, vcc_lo, v{{[0-9]+}}, s[[#S]]{{$}}
// VALU writes VCC (read by a VALU in the previous iteration), a VALU reads it: va_vcc.
// CHECK-NOT: {{^[[:space:]]+v_.*vcc_lo}}
// CHECK: s_wait_alu {{.*}}depctr_va_vcc(0)
// CHECK: v_add_co_ci_u32_e64 v{{[0-9]+}}, null, s{{[0-9]+}}, v{{[0-9]+}}, vcc_lo{{$}}
KERNEL scalar_walk(int *out, const int *in, int n, int stride, int k) {
  int l = LANE;
  const int *p = in + l;
  int acc = 0;
  for (int i = 0; i < n; ++i) {
    acc += *p * (i * k + 1);
    p += stride;
  }
  out[l] = acc;
}
