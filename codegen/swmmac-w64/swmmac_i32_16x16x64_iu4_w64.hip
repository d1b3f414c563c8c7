// __builtin_amdgcn_swmmac_i32_16x16x64_iu4_w64: v4i(bool a_sign, int a, bool b_sign, v2i b, v4i c, int index, bool clamp)
// -> v_swmmac_i32_16x16x64_iu4 D(4 VGPRs), A(1, 2:4 sparse), B(2), index (1 VGPR). C is tied to D:
// the instruction prints D, A, B, index. Feature gfx12-insts,wavefrontsize64.
// The index operand is `short` in clang 19 and `int` in clang 22 (IR i16 / i32): the probed type
// (feature swmmac-index-*, substitution %swmmac_index) is passed to FileCheck as IDX.
// REQUIRES: builtin-swmmac_i32_16x16x64_iu4_w64
// RUN: %hip_device_ll -O3 -mwavefrontsize64 %s | FileCheck %s --check-prefix=IR -DIDX=%swmmac_index
// RUN: %hip_device_s -O3 -mwavefrontsize64 %s | FileCheck %s --check-prefix=ISA

#include "matrix_types.h"

// IR-LABEL: define {{.*}}void @plain(
// IR: call {{.*}}<4 x i32> @llvm.amdgcn.swmmac.i32.16x16x64.iu4.v4i32.i32.v2i32.[[IDX]](i1 false, i32 %{{[^,)]+}}, i1 false, <2 x i32> %{{[^,)]+}}, <4 x i32> %{{[^,)]+}}, [[IDX]] %{{[^,)]+}}, i1 false)
// ISA-LABEL: {{^}}plain:
// ISA: v_swmmac_i32_16x16x64_iu4 v[[[#D:]]:
// ISA-SAME: [[#D+3]]], v[[#A:]], v[[[#B:]]:
// ISA-SAME: [[#B+1]]], v[[#INDEX:]]{{$}}
KERNEL plain(v4i *out, const int *a, const v2i *b, const v4i *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_i32_16x16x64_iu4_w64(0, a[l], 0, b[l], c[l], idx[l], 0);
}

// Signedness and clamp: a_sign -> neg_lo[0], b_sign -> neg_lo[1], clamp -> clamp.
// IR-LABEL: define {{.*}}void @sign_a0_b0_clamp1(
// IR: call {{.*}}<4 x i32> @llvm.amdgcn.swmmac.i32.16x16x64.iu4.v4i32.i32.v2i32.[[IDX]](i1 false, i32 %{{[^,)]+}}, i1 false, <2 x i32> %{{[^,)]+}}, <4 x i32> %{{[^,)]+}}, [[IDX]] %{{[^,)]+}}, i1 true)
// ISA-LABEL: {{^}}sign_a0_b0_clamp1:
// ISA: v_swmmac_i32_16x16x64_iu4 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}} clamp{{$}}
KERNEL sign_a0_b0_clamp1(v4i *out, const int *a, const v2i *b, const v4i *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_i32_16x16x64_iu4_w64(0, a[l], 0, b[l], c[l], idx[l], 1);
}
// IR-LABEL: define {{.*}}void @sign_a0_b1_clamp0(
// IR: call {{.*}}<4 x i32> @llvm.amdgcn.swmmac.i32.16x16x64.iu4.v4i32.i32.v2i32.[[IDX]](i1 false, i32 %{{[^,)]+}}, i1 true, <2 x i32> %{{[^,)]+}}, <4 x i32> %{{[^,)]+}}, [[IDX]] %{{[^,)]+}}, i1 false)
// ISA-LABEL: {{^}}sign_a0_b1_clamp0:
// ISA: v_swmmac_i32_16x16x64_iu4 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}} neg_lo:[0,1,0]{{$}}
KERNEL sign_a0_b1_clamp0(v4i *out, const int *a, const v2i *b, const v4i *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_i32_16x16x64_iu4_w64(0, a[l], 1, b[l], c[l], idx[l], 0);
}
// IR-LABEL: define {{.*}}void @sign_a0_b1_clamp1(
// IR: call {{.*}}<4 x i32> @llvm.amdgcn.swmmac.i32.16x16x64.iu4.v4i32.i32.v2i32.[[IDX]](i1 false, i32 %{{[^,)]+}}, i1 true, <2 x i32> %{{[^,)]+}}, <4 x i32> %{{[^,)]+}}, [[IDX]] %{{[^,)]+}}, i1 true)
// ISA-LABEL: {{^}}sign_a0_b1_clamp1:
// ISA: v_swmmac_i32_16x16x64_iu4 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}} neg_lo:[0,1,0] clamp{{$}}
KERNEL sign_a0_b1_clamp1(v4i *out, const int *a, const v2i *b, const v4i *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_i32_16x16x64_iu4_w64(0, a[l], 1, b[l], c[l], idx[l], 1);
}
// IR-LABEL: define {{.*}}void @sign_a1_b0_clamp0(
// IR: call {{.*}}<4 x i32> @llvm.amdgcn.swmmac.i32.16x16x64.iu4.v4i32.i32.v2i32.[[IDX]](i1 true, i32 %{{[^,)]+}}, i1 false, <2 x i32> %{{[^,)]+}}, <4 x i32> %{{[^,)]+}}, [[IDX]] %{{[^,)]+}}, i1 false)
// ISA-LABEL: {{^}}sign_a1_b0_clamp0:
// ISA: v_swmmac_i32_16x16x64_iu4 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}} neg_lo:[1,0,0]{{$}}
KERNEL sign_a1_b0_clamp0(v4i *out, const int *a, const v2i *b, const v4i *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_i32_16x16x64_iu4_w64(1, a[l], 0, b[l], c[l], idx[l], 0);
}
// IR-LABEL: define {{.*}}void @sign_a1_b0_clamp1(
// IR: call {{.*}}<4 x i32> @llvm.amdgcn.swmmac.i32.16x16x64.iu4.v4i32.i32.v2i32.[[IDX]](i1 true, i32 %{{[^,)]+}}, i1 false, <2 x i32> %{{[^,)]+}}, <4 x i32> %{{[^,)]+}}, [[IDX]] %{{[^,)]+}}, i1 true)
// ISA-LABEL: {{^}}sign_a1_b0_clamp1:
// ISA: v_swmmac_i32_16x16x64_iu4 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}} neg_lo:[1,0,0] clamp{{$}}
KERNEL sign_a1_b0_clamp1(v4i *out, const int *a, const v2i *b, const v4i *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_i32_16x16x64_iu4_w64(1, a[l], 0, b[l], c[l], idx[l], 1);
}
// IR-LABEL: define {{.*}}void @sign_a1_b1_clamp0(
// IR: call {{.*}}<4 x i32> @llvm.amdgcn.swmmac.i32.16x16x64.iu4.v4i32.i32.v2i32.[[IDX]](i1 true, i32 %{{[^,)]+}}, i1 true, <2 x i32> %{{[^,)]+}}, <4 x i32> %{{[^,)]+}}, [[IDX]] %{{[^,)]+}}, i1 false)
// ISA-LABEL: {{^}}sign_a1_b1_clamp0:
// ISA: v_swmmac_i32_16x16x64_iu4 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}} neg_lo:[1,1,0]{{$}}
KERNEL sign_a1_b1_clamp0(v4i *out, const int *a, const v2i *b, const v4i *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_i32_16x16x64_iu4_w64(1, a[l], 1, b[l], c[l], idx[l], 0);
}
// IR-LABEL: define {{.*}}void @sign_a1_b1_clamp1(
// IR: call {{.*}}<4 x i32> @llvm.amdgcn.swmmac.i32.16x16x64.iu4.v4i32.i32.v2i32.[[IDX]](i1 true, i32 %{{[^,)]+}}, i1 true, <2 x i32> %{{[^,)]+}}, <4 x i32> %{{[^,)]+}}, [[IDX]] %{{[^,)]+}}, i1 true)
// ISA-LABEL: {{^}}sign_a1_b1_clamp1:
// ISA: v_swmmac_i32_16x16x64_iu4 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}} neg_lo:[1,1,0] clamp{{$}}
KERNEL sign_a1_b1_clamp1(v4i *out, const int *a, const v2i *b, const v4i *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_i32_16x16x64_iu4_w64(1, a[l], 1, b[l], c[l], idx[l], 1);
}
