// __builtin_amdgcn_swmmac_bf16_16x16x32_bf16_w32: v8s(v8s a, v16s b, v8s c, int index)
// -> v_swmmac_bf16_16x16x32_bf16 D(4 VGPRs), A(4, 2:4 sparse), B(8), index (1 VGPR). C is tied to D:
// the instruction prints D, A, B, index. Feature gfx12-insts,wavefrontsize32.
// The index operand is `short` in clang 19 and `int` in clang 22 (IR i16 / i32): the probed type
// (feature swmmac-index-*, substitution %swmmac_index) is passed to FileCheck as IDX.
// REQUIRES: builtin-swmmac_bf16_16x16x32_bf16_w32
// RUN: %hip_device_ll -O3 %s | FileCheck %s --check-prefix=IR -DIDX=%swmmac_index
// RUN: %hip_device_s -O3 %s | FileCheck %s --check-prefix=ISA

#include "matrix_types.h"

// IR-LABEL: define {{.*}}void @plain(
// IR: call {{.*}}<8 x i16> @llvm.amdgcn.swmmac.bf16.16x16x32.bf16.v8i16.v8i16.v16i16.[[IDX]](<8 x i16> %{{[^,)]+}}, <16 x i16> %{{[^,)]+}}, <8 x i16> %{{[^,)]+}}, [[IDX]] %{{[^,)]+}})
// ISA-LABEL: {{^}}plain:
// ISA: v_swmmac_bf16_16x16x32_bf16 v[[[#D:]]:
// ISA-SAME: [[#D+3]]], v[[[#A:]]:
// ISA-SAME: [[#A+3]]], v[[[#B:]]:
// ISA-SAME: [[#B+7]]], v[[#INDEX:]]{{$}}
KERNEL plain(v8s *out, const v8s *a, const v16s *b, const v8s *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_bf16_16x16x32_bf16_w32(a[l], b[l], c[l], idx[l]);
}
