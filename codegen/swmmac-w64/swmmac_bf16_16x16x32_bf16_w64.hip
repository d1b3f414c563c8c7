// __builtin_amdgcn_swmmac_bf16_16x16x32_bf16_w64: v4s(v4s a, v8s b, v4s c, int index)
// -> v_swmmac_bf16_16x16x32_bf16 D(2 VGPRs), A(2, 2:4 sparse), B(4), index (1 VGPR). C is tied to D:
// the instruction prints D, A, B, index. Feature gfx12-insts,wavefrontsize64.
// The index operand is `short` in clang 19 and `int` in clang 22 (IR i16 / i32): the probed type
// (feature swmmac-index-*, substitution %swmmac_index) is passed to FileCheck as IDX.
// REQUIRES: builtin-swmmac_bf16_16x16x32_bf16_w64
// RUN: %hip_device_ll -O3 -mwavefrontsize64 %s | FileCheck %s --check-prefix=IR -DIDX=%swmmac_index
// RUN: %hip_device_s -O3 -mwavefrontsize64 %s | FileCheck %s --check-prefix=ISA

#include "matrix_types.h"

// IR-LABEL: define {{.*}}void @plain(
// IR: call {{.*}}<4 x i16> @llvm.amdgcn.swmmac.bf16.16x16x32.bf16.v4i16.v4i16.v8i16.[[IDX]](<4 x i16> %{{[^,)]+}}, <8 x i16> %{{[^,)]+}}, <4 x i16> %{{[^,)]+}}, [[IDX]] %{{[^,)]+}})
// ISA-LABEL: {{^}}plain:
// ISA: v_swmmac_bf16_16x16x32_bf16 v[[[#D:]]:
// ISA-SAME: [[#D+1]]], v[[[#A:]]:
// ISA-SAME: [[#A+1]]], v[[[#B:]]:
// ISA-SAME: [[#B+3]]], v[[#INDEX:]]{{$}}
KERNEL plain(v4s *out, const v4s *a, const v8s *b, const v4s *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_bf16_16x16x32_bf16_w64(a[l], b[l], c[l], idx[l]);
}
