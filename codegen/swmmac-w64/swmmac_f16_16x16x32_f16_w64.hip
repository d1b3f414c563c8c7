// __builtin_amdgcn_swmmac_f16_16x16x32_f16_w64: v4h(v4h a, v8h b, v4h c, int index)
// -> v_swmmac_f16_16x16x32_f16 D(2 VGPRs), A(2, 2:4 sparse), B(4), index (1 VGPR). C is tied to D:
// the instruction prints D, A, B, index. Feature gfx12-insts,wavefrontsize64.
// The index operand is `short` in clang 19 and `int` in clang 22 (IR i16 / i32): the probed type
// (feature swmmac-index-*, substitution %swmmac_index) is passed to FileCheck as IDX.
// REQUIRES: builtin-swmmac_f16_16x16x32_f16_w64
// RUN: %hip_device_ll -O3 -mwavefrontsize64 %s | FileCheck %s --check-prefix=IR -DIDX=%swmmac_index
// RUN: %hip_device_s -O3 -mwavefrontsize64 %s | FileCheck %s --check-prefix=ISA

#include "matrix_types.h"

// IR-LABEL: define {{.*}}void @plain(
// IR: call {{.*}}<4 x half> @llvm.amdgcn.swmmac.f16.16x16x32.f16.v4f16.v4f16.v8f16.[[IDX]](<4 x half> %{{[^,)]+}}, <8 x half> %{{[^,)]+}}, <4 x half> %{{[^,)]+}}, [[IDX]] %{{[^,)]+}})
// ISA-LABEL: {{^}}plain:
// ISA: v_swmmac_f16_16x16x32_f16 v[[[#D:]]:
// ISA-SAME: [[#D+1]]], v[[[#A:]]:
// ISA-SAME: [[#A+1]]], v[[[#B:]]:
// ISA-SAME: [[#B+3]]], v[[#INDEX:]]{{$}}
KERNEL plain(v4fp16 *out, const v4fp16 *a, const v8fp16 *b, const v4fp16 *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_f16_16x16x32_f16_w64(a[l], b[l], c[l], idx[l]);
}

// Negated f16 A or B fold into neg_lo/neg_hi. (A negated C does not fold: C is tied to D.)
// ISA-LABEL: {{^}}neg_a:
// ISA: v_swmmac_f16_16x16x32_f16 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}} neg_lo:[1,0,0] neg_hi:[1,0,0]{{$}}
KERNEL neg_a(v4fp16 *out, const v4fp16 *a, const v8fp16 *b, const v4fp16 *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_f16_16x16x32_f16_w64(-a[l], b[l], c[l], idx[l]);
}
// ISA-LABEL: {{^}}neg_b:
// ISA: v_swmmac_f16_16x16x32_f16 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}} neg_lo:[0,1,0] neg_hi:[0,1,0]{{$}}
KERNEL neg_b(v4fp16 *out, const v4fp16 *a, const v8fp16 *b, const v4fp16 *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_f16_16x16x32_f16_w64(a[l], -b[l], c[l], idx[l]);
}
