// __builtin_amdgcn_swmmac_f32_16x16x32_bf16_w32: v8f(v8s a, v16s b, v8f c, int index)
// -> v_swmmac_f32_16x16x32_bf16 D(8 VGPRs), A(4, 2:4 sparse), B(8), index (1 VGPR). C is tied to D:
// the instruction prints D, A, B, index. Feature gfx12-insts,wavefrontsize32.
// The index operand is `short` in clang 19 and `int` in clang 22 (IR i16 / i32): the probed type
// (feature swmmac-index-*, substitution %swmmac_index) is passed to FileCheck as IDX.
// REQUIRES: builtin-swmmac_f32_16x16x32_bf16_w32
// RUN: %hip_device_ll -O3 %s | FileCheck %s --check-prefix=IR -DIDX=%swmmac_index
// RUN: %hip_device_s -O3 %s | FileCheck %s --check-prefix=ISA

#include "matrix_types.h"

// IR-LABEL: define {{.*}}void @plain(
// IR: call {{.*}}<8 x float> @llvm.amdgcn.swmmac.f32.16x16x32.bf16.v8f32.v8i16.v16i16.[[IDX]](<8 x i16> %{{[^,)]+}}, <16 x i16> %{{[^,)]+}}, <8 x float> %{{[^,)]+}}, [[IDX]] %{{[^,)]+}})
// ISA-LABEL: {{^}}plain:
// ISA: v_swmmac_f32_16x16x32_bf16 v[[[#D:]]:
// ISA-SAME: [[#D+7]]], v[[[#A:]]:
// ISA-SAME: [[#A+3]]], v[[[#B:]]:
// ISA-SAME: [[#B+7]]], v[[#INDEX:]]{{$}}
KERNEL plain(v8f *out, const v8s *a, const v16s *b, const v8f *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_f32_16x16x32_bf16_w32(a[l], b[l], c[l], idx[l]);
}
