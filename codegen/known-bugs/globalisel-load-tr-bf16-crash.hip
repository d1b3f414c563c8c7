// Known bug: GlobalISel cannot translate the bf16 transpose load: `clang -mllvm -global-isel=1`
// (and `llc -global-isel=1`) 22 stop with "unable to translate instruction: call
// llvm.amdgcn.global.load.tr.b128.v8bf16"; 19 selects it (measured with Debian's clang-19 and
// clang-22; no upstream fix identified, docs/known-bugs.md#globalisel-load-tr-bf16). SelectionDAG, clang's default at
// every -O level, is not affected.
// Triggering pattern: __builtin_amdgcn_global_load_tr_b128_v8bf16 compiled with GlobalISel.
// Correct output: global_load_tr_b128 with a 4-VGPR destination (8 bf16 per lane).
// XFAIL: clang-major-22
// REQUIRES: builtin-global_load_tr_b128_v8bf16
// RUN: %hip_device_s -O3 -fno-crash-diagnostics -mllvm -global-isel=1 %s | FileCheck %s

#include "matrix_types.h"

// CHECK-LABEL: {{^}}tr_bf16:
// CHECK: global_load_tr_b128 v[[[#D:]]:
// CHECK-SAME: [[#D+3]]], v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}]{{$}}
KERNEL tr_bf16(v8bf16 *out, GLOBAL v8bf16 *p) {
  int l = LANE;
  out[l] = __builtin_amdgcn_global_load_tr_b128_v8bf16(p + l);
}
