// __builtin_amdgcn_swmmac_f32_16x16x32_bf8_fp8_w32: v8f(v2i a, v4i b, v8f c, int index)
// -> v_swmmac_f32_16x16x32_bf8_fp8 D(8 VGPRs), A(2, 2:4 sparse), B(4), index (1 VGPR). C is tied to D:
// the instruction prints D, A, B, index. Feature gfx12-insts,wavefrontsize32.
// The index operand is `short` in clang 19 and `int` in clang 22 (IR i16 / i32): the probed type
// (feature swmmac-index-*, substitution %swmmac_index) is passed to FileCheck as IDX.
// REQUIRES: builtin-swmmac_f32_16x16x32_bf8_fp8_w32
// RUN: %hip_device_ll -O3 %s | FileCheck %s --check-prefix=IR -DIDX=%swmmac_index
// RUN: %hip_device_s -O3 %s | FileCheck %s --check-prefix=ISA

#include "matrix_types.h"

// IR-LABEL: define {{.*}}void @plain(
// IR: call {{.*}}<8 x float> @llvm.amdgcn.swmmac.f32.16x16x32.bf8.fp8.v8f32.v2i32.v4i32.[[IDX]](<2 x i32> %{{[^,)]+}}, <4 x i32> %{{[^,)]+}}, <8 x float> %{{[^,)]+}}, [[IDX]] %{{[^,)]+}})
// ISA-LABEL: {{^}}plain:
// ISA: v_swmmac_f32_16x16x32_bf8_fp8 v[[[#D:]]:
// ISA-SAME: [[#D+7]]], v[[[#A:]]:
// ISA-SAME: [[#A+1]]], v[[[#B:]]:
// ISA-SAME: [[#B+3]]], v[[#INDEX:]]{{$}}
KERNEL plain(v8f *out, const v2i *a, const v4i *b, const v8f *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_f32_16x16x32_bf8_fp8_w32(a[l], b[l], c[l], idx[l]);
}
