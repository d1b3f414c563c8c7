// WMMA D -> next WMMA's C (accumulator chaining, the GEMM inner loop) needs no separation: the
// hardware interlocks. A v_nop there is a lost cycle per WMMA in every GEMM loop.
// RUN: %hip_device_s -O3 %s | FileCheck %s

#include "matrix_types.h"

// CHECK-LABEL: {{^}}f16_d_to_c:
// CHECK: v_wmma_f16_16x16x16_f16 v[[[#D:]]:
// CHECK-SAME: [[#D+3]]], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}]{{$}}
// CHECK-NOT: v_nop
// CHECK: v_wmma_f16_16x16x16_f16 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[[[#D]]:[[#D+3]]]{{$}}
KERNEL f16_d_to_c(v8h *p) {
  int l = LANE;
  v8h a = p[l], b = p[l + 32], c = p[l + 64];
  v8h d = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12(a, b, c);
  p[l] = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12(a, b, d);
}

// CHECK-LABEL: {{^}}f32_chain:
// CHECK: v_wmma_f32_16x16x16_f16 v[[[#D:]]:
// CHECK-SAME: [[#D+7]]], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}]{{$}}
// CHECK-NOT: v_nop
// CHECK: v_wmma_f32_16x16x16_f16 v[[[#E:]]:
// CHECK-SAME: [[#E+7]]], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[[[#D]]:[[#D+7]]]{{$}}
// CHECK-NOT: v_nop
// CHECK: v_wmma_f32_16x16x16_f16 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[[[#E]]:[[#E+7]]]{{$}}
KERNEL f32_chain(v8f *out, const v8h *a, const v8h *b) {
  int l = LANE;
  v8f acc = out[l];
  acc = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a[l], b[l], acc);
  acc = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a[l + 32], b[l + 32], acc);
  acc = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a[l + 64], b[l + 64], acc);
  out[l] = acc;
}
