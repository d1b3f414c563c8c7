// __builtin_amdgcn_swmmac_i32_16x16x32_iu8_w32: v8i(bool a_sign, v2i a, bool b_sign, v4i b, v8i c, int index, bool clamp)
// -> v_swmmac_i32_16x16x32_iu8 D(8 VGPRs), A(2, 2:4 sparse), B(4), index (1 VGPR). C is tied to D:
// the instruction prints D, A, B, index. Feature gfx12-insts,wavefrontsize32.
// The index operand is `short` in clang 19 and `int` in clang 22 (IR i16 / i32): the probed type
// (feature swmmac-index-*, substitution %swmmac_index) is passed to FileCheck as IDX.
// REQUIRES: builtin-swmmac_i32_16x16x32_iu8_w32
// RUN: %hip_device_ll -O3 %s | FileCheck %s --check-prefix=IR -DIDX=%swmmac_index
// RUN: %hip_device_s -O3 %s | FileCheck %s --check-prefix=ISA

#include "matrix_types.h"

// IR-LABEL: define {{.*}}void @plain(
// IR: call {{.*}}<8 x i32> @llvm.amdgcn.swmmac.i32.16x16x32.iu8.v8i32.v2i32.v4i32.[[IDX]](i1 false, <2 x i32> %{{[^,)]+}}, i1 false, <4 x i32> %{{[^,)]+}}, <8 x i32> %{{[^,)]+}}, [[IDX]] %{{[^,)]+}}, i1 false)
// ISA-LABEL: {{^}}plain:
// ISA: v_swmmac_i32_16x16x32_iu8 v[[[#D:]]:
// ISA-SAME: [[#D+7]]], v[[[#A:]]:
// ISA-SAME: [[#A+1]]], v[[[#B:]]:
// ISA-SAME: [[#B+3]]], v[[#INDEX:]]{{$}}
KERNEL plain(v8i *out, const v2i *a, const v4i *b, const v8i *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_i32_16x16x32_iu8_w32(0, a[l], 0, b[l], c[l], idx[l], 0);
}

// Signedness and clamp: a_sign -> neg_lo[0], b_sign -> neg_lo[1], clamp -> clamp.
// IR-LABEL: define {{.*}}void @sign_a0_b0_clamp1(
// IR: call {{.*}}<8 x i32> @llvm.amdgcn.swmmac.i32.16x16x32.iu8.v8i32.v2i32.v4i32.[[IDX]](i1 false, <2 x i32> %{{[^,)]+}}, i1 false, <4 x i32> %{{[^,)]+}}, <8 x i32> %{{[^,)]+}}, [[IDX]] %{{[^,)]+}}, i1 true)
// ISA-LABEL: {{^}}sign_a0_b0_clamp1:
// ISA: v_swmmac_i32_16x16x32_iu8 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}} clamp{{$}}
KERNEL sign_a0_b0_clamp1(v8i *out, const v2i *a, const v4i *b, const v8i *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_i32_16x16x32_iu8_w32(0, a[l], 0, b[l], c[l], idx[l], 1);
}
// IR-LABEL: define {{.*}}void @sign_a0_b1_clamp0(
// IR: call {{.*}}<8 x i32> @llvm.amdgcn.swmmac.i32.16x16x32.iu8.v8i32.v2i32.v4i32.[[IDX]](i1 false, <2 x i32> %{{[^,)]+}}, i1 true, <4 x i32> %{{[^,)]+}}, <8 x i32> %{{[^,)]+}}, [[IDX]] %{{[^,)]+}}, i1 false)
// ISA-LABEL: {{^}}sign_a0_b1_clamp0:
// ISA: v_swmmac_i32_16x16x32_iu8 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}} neg_lo:[0,1,0]{{$}}
KERNEL sign_a0_b1_clamp0(v8i *out, const v2i *a, const v4i *b, const v8i *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_i32_16x16x32_iu8_w32(0, a[l], 1, b[l], c[l], idx[l], 0);
}
// IR-LABEL: define {{.*}}void @sign_a0_b1_clamp1(
// IR: call {{.*}}<8 x i32> @llvm.amdgcn.swmmac.i32.16x16x32.iu8.v8i32.v2i32.v4i32.[[IDX]](i1 false, <2 x i32> %{{[^,)]+}}, i1 true, <4 x i32> %{{[^,)]+}}, <8 x i32> %{{[^,)]+}}, [[IDX]] %{{[^,)]+}}, i1 true)
// ISA-LABEL: {{^}}sign_a0_b1_clamp1:
// ISA: v_swmmac_i32_16x16x32_iu8 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}} neg_lo:[0,1,0] clamp{{$}}
KERNEL sign_a0_b1_clamp1(v8i *out, const v2i *a, const v4i *b, const v8i *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_i32_16x16x32_iu8_w32(0, a[l], 1, b[l], c[l], idx[l], 1);
}
// IR-LABEL: define {{.*}}void @sign_a1_b0_clamp0(
// IR: call {{.*}}<8 x i32> @llvm.amdgcn.swmmac.i32.16x16x32.iu8.v8i32.v2i32.v4i32.[[IDX]](i1 true, <2 x i32> %{{[^,)]+}}, i1 false, <4 x i32> %{{[^,)]+}}, <8 x i32> %{{[^,)]+}}, [[IDX]] %{{[^,)]+}}, i1 false)
// ISA-LABEL: {{^}}sign_a1_b0_clamp0:
// ISA: v_swmmac_i32_16x16x32_iu8 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}} neg_lo:[1,0,0]{{$}}
KERNEL sign_a1_b0_clamp0(v8i *out, const v2i *a, const v4i *b, const v8i *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_i32_16x16x32_iu8_w32(1, a[l], 0, b[l], c[l], idx[l], 0);
}
// IR-LABEL: define {{.*}}void @sign_a1_b0_clamp1(
// IR: call {{.*}}<8 x i32> @llvm.amdgcn.swmmac.i32.16x16x32.iu8.v8i32.v2i32.v4i32.[[IDX]](i1 true, <2 x i32> %{{[^,)]+}}, i1 false, <4 x i32> %{{[^,)]+}}, <8 x i32> %{{[^,)]+}}, [[IDX]] %{{[^,)]+}}, i1 true)
// ISA-LABEL: {{^}}sign_a1_b0_clamp1:
// ISA: v_swmmac_i32_16x16x32_iu8 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}} neg_lo:[1,0,0] clamp{{$}}
KERNEL sign_a1_b0_clamp1(v8i *out, const v2i *a, const v4i *b, const v8i *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_i32_16x16x32_iu8_w32(1, a[l], 0, b[l], c[l], idx[l], 1);
}
// IR-LABEL: define {{.*}}void @sign_a1_b1_clamp0(
// IR: call {{.*}}<8 x i32> @llvm.amdgcn.swmmac.i32.16x16x32.iu8.v8i32.v2i32.v4i32.[[IDX]](i1 true, <2 x i32> %{{[^,)]+}}, i1 true, <4 x i32> %{{[^,)]+}}, <8 x i32> %{{[^,)]+}}, [[IDX]] %{{[^,)]+}}, i1 false)
// ISA-LABEL: {{^}}sign_a1_b1_clamp0:
// ISA: v_swmmac_i32_16x16x32_iu8 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}} neg_lo:[1,1,0]{{$}}
KERNEL sign_a1_b1_clamp0(v8i *out, const v2i *a, const v4i *b, const v8i *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_i32_16x16x32_iu8_w32(1, a[l], 1, b[l], c[l], idx[l], 0);
}
// IR-LABEL: define {{.*}}void @sign_a1_b1_clamp1(
// IR: call {{.*}}<8 x i32> @llvm.amdgcn.swmmac.i32.16x16x32.iu8.v8i32.v2i32.v4i32.[[IDX]](i1 true, <2 x i32> %{{[^,)]+}}, i1 true, <4 x i32> %{{[^,)]+}}, <8 x i32> %{{[^,)]+}}, [[IDX]] %{{[^,)]+}}, i1 true)
// ISA-LABEL: {{^}}sign_a1_b1_clamp1:
// ISA: v_swmmac_i32_16x16x32_iu8 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}} neg_lo:[1,1,0] clamp{{$}}
KERNEL sign_a1_b1_clamp1(v8i *out, const v2i *a, const v4i *b, const v8i *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_i32_16x16x32_iu8_w32(1, a[l], 1, b[l], c[l], idx[l], 1);
}
