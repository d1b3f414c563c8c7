// WMMA hazard (GCNHazardRecognizer::fixWMMAHazards): when a WMMA's result D is the A or B source
// of the next WMMA, one VALU instruction must separate them: a v_nop, or an independent VALU
// instruction the scheduler put there. Nothing else (s_delay_alu, s_nop) satisfies the rule.
// Kernels load their operands per lane so no independent VALU work is left to fill the gap:
// today's compilers insert v_nop; any VALU instruction in between is accepted.
// RUN: %hip_device_s -O3 %s | FileCheck %s
// RUN: %hip_device_s -O3 -mwavefrontsize64 -DWAVE64 %s | FileCheck %s --check-prefix=W64

#include "matrix_types.h"

#ifndef WAVE64
// CHECK-LABEL: {{^}}f16_d_to_a:
// CHECK: v_wmma_f16_16x16x16_f16 v[[[#D:]]:
// CHECK-SAME: [[#D+3]]], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}]{{$}}
// CHECK-NOT: v_wmma
// CHECK: {{^[[:space:]]+v_([^w]|w[^m])}}
// CHECK: v_wmma_f16_16x16x16_f16 v[{{[0-9]+:[0-9]+}}], v[[[#D]]:[[#D+3]]], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}]{{$}}
KERNEL f16_d_to_a(v8h *p) {
  int l = LANE;
  v8h a = p[l], b = p[l + 32], c = p[l + 64];
  v8h d = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12(a, b, c);
  p[l] = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12(d, b, c);
}

// CHECK-LABEL: {{^}}bf16_d_to_b:
// CHECK: v_wmma_bf16_16x16x16_bf16 v[[[#D:]]:
// CHECK-SAME: [[#D+3]]], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}]{{$}}
// CHECK-NOT: v_wmma
// CHECK: {{^[[:space:]]+v_([^w]|w[^m])}}
// CHECK: v_wmma_bf16_16x16x16_bf16 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[[[#D]]:[[#D+3]]], v[{{[0-9]+:[0-9]+}}]{{$}}
KERNEL bf16_d_to_b(v8s *p) {
  int l = LANE;
  v8s a = p[l], b = p[l + 32], c = p[l + 64];
  v8s d = __builtin_amdgcn_wmma_bf16_16x16x16_bf16_w32_gfx12(a, b, c);
  p[l] = __builtin_amdgcn_wmma_bf16_16x16x16_bf16_w32_gfx12(a, d, c);
}

// Part of an 8-VGPR i32 result used as the 2-VGPR A operand: the overlap is what counts.
// CHECK-LABEL: {{^}}iu8_d_low_to_a:
// CHECK: v_wmma_i32_16x16x16_iu8 v[[[#D:]]:
// CHECK-SAME: [[#D+7]]], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}]{{$}}
// CHECK-NOT: v_wmma
// CHECK: {{^[[:space:]]+v_([^w]|w[^m])}}
// CHECK: v_wmma_i32_16x16x16_iu8 v[{{[0-9]+:[0-9]+}}], v[[[#D]]:[[#D+1]]], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}]{{$}}
KERNEL iu8_d_low_to_a(v8i *p, const v2i *q) {
  int l = LANE;
  v2i a = q[l], b = q[l + 32];
  v8i c = p[l];
  v8i d = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12(0, a, 0, b, c, 0);
  v2i a2 = {d[0], d[1]};
  p[l] = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12(0, a2, 0, b, c, 0);
}
#else
// W64-LABEL: {{^}}w64_f16_d_to_a:
// W64: v_wmma_f16_16x16x16_f16 v[[[#D:]]:
// W64-SAME: [[#D+1]]], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}]{{$}}
// W64-NOT: v_wmma
// W64: {{^[[:space:]]+v_([^w]|w[^m])}}
// W64: v_wmma_f16_16x16x16_f16 v[{{[0-9]+:[0-9]+}}], v[[[#D]]:[[#D+1]]], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}]{{$}}
KERNEL w64_f16_d_to_a(v4h *p) {
  int l = LANE;
  v4h a = p[l], b = p[l + 64], c = p[l + 128];
  v4h d = __builtin_amdgcn_wmma_f16_16x16x16_f16_w64_gfx12(a, b, c);
  p[l] = __builtin_amdgcn_wmma_f16_16x16x16_f16_w64_gfx12(d, b, c);
}
#endif
