// __builtin_amdgcn_swmmac_f32_16x16x32_f16_w32: v8f(v8h a, v16h b, v8f c, int index)
// -> v_swmmac_f32_16x16x32_f16 D(8 VGPRs), A(4, 2:4 sparse), B(8), index (1 VGPR). C is tied to D:
// the instruction prints D, A, B, index. Feature gfx12-insts,wavefrontsize32.
// The index operand is `short` in clang 19 and `int` in clang 22 (IR i16 / i32): the probed type
// (feature swmmac-index-*, substitution %swmmac_index) is passed to FileCheck as IDX.
// REQUIRES: builtin-swmmac_f32_16x16x32_f16_w32
// RUN: %hip_device_ll -O3 %s | FileCheck %s --check-prefix=IR -DIDX=%swmmac_index
// RUN: %hip_device_s -O3 %s | FileCheck %s --check-prefix=ISA

#include "matrix_types.h"

// IR-LABEL: define {{.*}}void @plain(
// IR: call {{.*}}<8 x float> @llvm.amdgcn.swmmac.f32.16x16x32.f16.v8f32.v8f16.v16f16.[[IDX]](<8 x half> %{{[^,)]+}}, <16 x half> %{{[^,)]+}}, <8 x float> %{{[^,)]+}}, [[IDX]] %{{[^,)]+}})
// ISA-LABEL: {{^}}plain:
// ISA: v_swmmac_f32_16x16x32_f16 v[[[#D:]]:
// ISA-SAME: [[#D+7]]], v[[[#A:]]:
// ISA-SAME: [[#A+3]]], v[[[#B:]]:
// ISA-SAME: [[#B+7]]], v[[#INDEX:]]{{$}}
KERNEL plain(v8f *out, const v8fp16 *a, const v16fp16 *b, const v8f *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_f32_16x16x32_f16_w32(a[l], b[l], c[l], idx[l]);
}

// Negated f16 A or B fold into neg_lo/neg_hi. (A negated C does not fold: C is tied to D.)
// ISA-LABEL: {{^}}neg_a:
// ISA: v_swmmac_f32_16x16x32_f16 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}} neg_lo:[1,0,0] neg_hi:[1,0,0]{{$}}
KERNEL neg_a(v8f *out, const v8fp16 *a, const v16fp16 *b, const v8f *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_f32_16x16x32_f16_w32(-a[l], b[l], c[l], idx[l]);
}
// ISA-LABEL: {{^}}neg_b:
// ISA: v_swmmac_f32_16x16x32_f16 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}} neg_lo:[0,1,0] neg_hi:[0,1,0]{{$}}
KERNEL neg_b(v8f *out, const v8fp16 *a, const v16fp16 *b, const v8f *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_f32_16x16x32_f16_w32(a[l], -b[l], c[l], idx[l]);
}
