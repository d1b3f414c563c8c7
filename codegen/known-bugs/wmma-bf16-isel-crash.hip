// Known bug: ROCm 6.3.3's clang crashed in instruction selection on
// __builtin_amdgcn_wmma_bf16_16x16x16_bf16_w32_gfx12 for gfx1201
// (https://github.com/llvm/llvm-project/issues/137008; does not crash on ROCm 6.4).
// Triggering pattern: the bf16-result WMMA called from HIP on bf16 bits held in shorts, the
// result stored back, at -O0 (every value through memory) and at -O3.
// Catches: a compiler crash (lit reports the test FAIL, never silently PASS), or a missing or
// wrong-width v_wmma_bf16_16x16x16_bf16: D, A, B and C are 4 VGPRs each (8 bf16 per lane, packed).
// docs/known-bugs.md#bf16-wmma-isel-crash.
// REQUIRES: builtin-wmma_bf16_16x16x16_bf16_w32_gfx12
// RUN: %hip_device_s -O0 %s | FileCheck %s
// RUN: %hip_device_s -O3 %s | FileCheck %s

#include "matrix_types.h"

// CHECK-LABEL: {{^}}bf16_tile:
// CHECK: v_wmma_bf16_16x16x16_bf16 v[[[#D:]]:
// CHECK-SAME: [[#D+3]]], v[[[#A:]]:
// CHECK-SAME: [[#A+3]]], v[[[#B:]]:
// CHECK-SAME: [[#B+3]]], v[[[#C:]]:
// CHECK-SAME: [[#C+3]]]{{$}}
KERNEL bf16_tile(v8s *d, const v8s *a, const v8s *b, const v8s *c) {
  int l = LANE;
  d[l] = __builtin_amdgcn_wmma_bf16_16x16x16_bf16_w32_gfx12(a[l], b[l], c[l]);
}
