// Hazard rule (GCNHazardRecognizer::fixWMMAHazards, extended to SWMMAC when gfx12 support
// landed, https://github.com/llvm/llvm-project/pull/77795): when a WMMA's result D is read by
// the next SWMMAC as its sparse index (not only as A or B), one VALU instruction must separate
// them; a v_nop unless independent VALU work fills the gap. Waits (s_wait_loadcnt) and s_nop
// do not count. Emulator rule `wmma` (harness/emu/core/HAZARDS.md) checks the same at run time.
// Triggering pattern: an index computed by a WMMA (a data-dependent sparsity pattern).
// Wrong output: no VALU between v_wmma_* and the v_swmmac_* whose index is in D.
// docs/known-bugs.md#swmmac-index-after-wmma-needs-vnop.
// RUN: %hip_device_s -O3 %s | FileCheck %s

#include "matrix_types.h"

// CHECK-LABEL: {{^}}iu8_d_to_index:
// CHECK: v_wmma_i32_16x16x16_iu8 v[[[#D:]]:
// CHECK-SAME: [[#D+7]]], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}]{{$}}
// CHECK-NOT: {{v_wmma|v_swmmac}}
// CHECK: {{^[[:space:]]+v_([^ws]|w[^m]|s[^w])}}
// CHECK: v_swmmac_i32_16x16x32_iu8 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[[#D]]{{$}}
KERNEL iu8_d_to_index(v8i *p, const v2i *q, const v4i *r) {
  int l = LANE;
  v2i a = q[l], b = q[l + 32];
  v8i c = p[l];
  v8i d = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12(0, a, 0, b, c, 0);
  p[l] = __builtin_amdgcn_swmmac_i32_16x16x32_iu8_w32(0, a, 0, r[l], c, d[0], 0);
}

// The f16 result's first packed pair reinterpreted as the index of an f16 SWMMAC.
// CHECK-LABEL: {{^}}f16_d_to_index:
// CHECK: v_wmma_f16_16x16x16_f16 v[[[#D:]]:
// CHECK-SAME: [[#D+3]]], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}]{{$}}
// CHECK-NOT: {{v_wmma|v_swmmac}}
// CHECK: {{^[[:space:]]+v_([^ws]|w[^m]|s[^w])}}
// CHECK: v_swmmac_f32_16x16x32_f16 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[[#D]]{{$}}
KERNEL f16_d_to_index(v8f *p, const v8fp16 *q, const v16fp16 *r, const v8h *h) {
  int l = LANE;
  v8h hd = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12(h[l], h[l + 32], h[l + 64]);
  int idx = __builtin_bit_cast(v4i, hd)[0];
  p[l] = __builtin_amdgcn_swmmac_f32_16x16x32_f16_w32(q[l], r[l], p[l + 32], idx);
}
