// __builtin_amdgcn_swmmac_f32_16x16x32_bf8_bf8_w64: v4f(int a, v2i b, v4f c, int index)
// -> v_swmmac_f32_16x16x32_bf8_bf8 D(4 VGPRs), A(1, 2:4 sparse), B(2), index (1 VGPR). C is tied to D:
// the instruction prints D, A, B, index. Feature gfx12-insts,wavefrontsize64.
// The index operand is `short` in clang 19 and `int` in clang 22 (IR i16 / i32): the probed type
// (feature swmmac-index-*, substitution %swmmac_index) is passed to FileCheck as IDX.
// REQUIRES: builtin-swmmac_f32_16x16x32_bf8_bf8_w64
// RUN: %hip_device_ll -O3 -mwavefrontsize64 %s | FileCheck %s --check-prefix=IR -DIDX=%swmmac_index
// RUN: %hip_device_s -O3 -mwavefrontsize64 %s | FileCheck %s --check-prefix=ISA

#include "matrix_types.h"

// IR-LABEL: define {{.*}}void @plain(
// IR: call {{.*}}<4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.bf8.bf8.v4f32.i32.v2i32.[[IDX]](i32 %{{[^,)]+}}, <2 x i32> %{{[^,)]+}}, <4 x float> %{{[^,)]+}}, [[IDX]] %{{[^,)]+}})
// ISA-LABEL: {{^}}plain:
// ISA: v_swmmac_f32_16x16x32_bf8_bf8 v[[[#D:]]:
// ISA-SAME: [[#D+3]]], v[[#A:]], v[[[#B:]]:
// ISA-SAME: [[#B+1]]], v[[#INDEX:]]{{$}}
KERNEL plain(v4f *out, const int *a, const v2i *b, const v4f *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_f32_16x16x32_bf8_bf8_w64(a[l], b[l], c[l], idx[l]);
}
