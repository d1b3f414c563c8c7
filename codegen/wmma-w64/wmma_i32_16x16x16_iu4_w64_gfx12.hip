// __builtin_amdgcn_wmma_i32_16x16x16_iu4_w64_gfx12: v4i(bool a_sign, int a, bool b_sign, int b, v4i c, bool clamp)
// -> v_wmma_i32_16x16x16_iu4 D(4 VGPRs), A(1), B(1), C(4). Feature gfx12-insts,wavefrontsize64.
// REQUIRES: builtin-wmma_i32_16x16x16_iu4_w64_gfx12
// RUN: %hip_device_ll -O3 -mwavefrontsize64 %s | FileCheck %s --check-prefix=IR
// RUN: %hip_device_s -O3 -mwavefrontsize64 %s | FileCheck %s --check-prefixes=ISA,OPT

#include "matrix_types.h"

// IR-LABEL: define {{.*}}void @plain(
// IR: call {{.*}}<4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu4.v4i32.i32(i1 false, i32 %{{[^,)]+}}, i1 false, i32 %{{[^,)]+}}, <4 x i32> %{{[^,)]+}}, i1 false)
// ISA-LABEL: {{^}}plain:
// ISA: v_wmma_i32_16x16x16_iu4 v[[[#D:]]:
// ISA-SAME: [[#D+3]]], v[[#A:]], v[[#B:]], v[[[#C:]]:
// ISA-SAME: [[#C+3]]]{{$}}
KERNEL plain(v4i *out, const int *a, const int *b, const v4i *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_i32_16x16x16_iu4_w64_gfx12(0, a[l], 0, b[l], c[l], 0);
}
// Signedness and clamp are constant operands: a_sign -> neg_lo[0], b_sign -> neg_lo[1],
// clamp -> clamp (checked at -O0 and -O3).
// IR-LABEL: define {{.*}}void @sign_a0_b0_clamp1(
// IR: call {{.*}}<4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu4.v4i32.i32(i1 false, i32 %{{[^,)]+}}, i1 false, i32 %{{[^,)]+}}, <4 x i32> %{{[^,)]+}}, i1 true)
// ISA-LABEL: {{^}}sign_a0_b0_clamp1:
// ISA: v_wmma_i32_16x16x16_iu4 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}] clamp{{$}}
KERNEL sign_a0_b0_clamp1(v4i *out, const int *a, const int *b, const v4i *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_i32_16x16x16_iu4_w64_gfx12(0, a[l], 0, b[l], c[l], 1);
}
// IR-LABEL: define {{.*}}void @sign_a0_b1_clamp0(
// IR: call {{.*}}<4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu4.v4i32.i32(i1 false, i32 %{{[^,)]+}}, i1 true, i32 %{{[^,)]+}}, <4 x i32> %{{[^,)]+}}, i1 false)
// ISA-LABEL: {{^}}sign_a0_b1_clamp0:
// ISA: v_wmma_i32_16x16x16_iu4 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}] neg_lo:[0,1,0]{{$}}
KERNEL sign_a0_b1_clamp0(v4i *out, const int *a, const int *b, const v4i *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_i32_16x16x16_iu4_w64_gfx12(0, a[l], 1, b[l], c[l], 0);
}
// IR-LABEL: define {{.*}}void @sign_a0_b1_clamp1(
// IR: call {{.*}}<4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu4.v4i32.i32(i1 false, i32 %{{[^,)]+}}, i1 true, i32 %{{[^,)]+}}, <4 x i32> %{{[^,)]+}}, i1 true)
// ISA-LABEL: {{^}}sign_a0_b1_clamp1:
// ISA: v_wmma_i32_16x16x16_iu4 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}] neg_lo:[0,1,0] clamp{{$}}
KERNEL sign_a0_b1_clamp1(v4i *out, const int *a, const int *b, const v4i *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_i32_16x16x16_iu4_w64_gfx12(0, a[l], 1, b[l], c[l], 1);
}
// IR-LABEL: define {{.*}}void @sign_a1_b0_clamp0(
// IR: call {{.*}}<4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu4.v4i32.i32(i1 true, i32 %{{[^,)]+}}, i1 false, i32 %{{[^,)]+}}, <4 x i32> %{{[^,)]+}}, i1 false)
// ISA-LABEL: {{^}}sign_a1_b0_clamp0:
// ISA: v_wmma_i32_16x16x16_iu4 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}] neg_lo:[1,0,0]{{$}}
KERNEL sign_a1_b0_clamp0(v4i *out, const int *a, const int *b, const v4i *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_i32_16x16x16_iu4_w64_gfx12(1, a[l], 0, b[l], c[l], 0);
}
// IR-LABEL: define {{.*}}void @sign_a1_b0_clamp1(
// IR: call {{.*}}<4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu4.v4i32.i32(i1 true, i32 %{{[^,)]+}}, i1 false, i32 %{{[^,)]+}}, <4 x i32> %{{[^,)]+}}, i1 true)
// ISA-LABEL: {{^}}sign_a1_b0_clamp1:
// ISA: v_wmma_i32_16x16x16_iu4 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}] neg_lo:[1,0,0] clamp{{$}}
KERNEL sign_a1_b0_clamp1(v4i *out, const int *a, const int *b, const v4i *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_i32_16x16x16_iu4_w64_gfx12(1, a[l], 0, b[l], c[l], 1);
}
// IR-LABEL: define {{.*}}void @sign_a1_b1_clamp0(
// IR: call {{.*}}<4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu4.v4i32.i32(i1 true, i32 %{{[^,)]+}}, i1 true, i32 %{{[^,)]+}}, <4 x i32> %{{[^,)]+}}, i1 false)
// ISA-LABEL: {{^}}sign_a1_b1_clamp0:
// ISA: v_wmma_i32_16x16x16_iu4 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}] neg_lo:[1,1,0]{{$}}
KERNEL sign_a1_b1_clamp0(v4i *out, const int *a, const int *b, const v4i *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_i32_16x16x16_iu4_w64_gfx12(1, a[l], 1, b[l], c[l], 0);
}
// IR-LABEL: define {{.*}}void @sign_a1_b1_clamp1(
// IR: call {{.*}}<4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu4.v4i32.i32(i1 true, i32 %{{[^,)]+}}, i1 true, i32 %{{[^,)]+}}, <4 x i32> %{{[^,)]+}}, i1 true)
// ISA-LABEL: {{^}}sign_a1_b1_clamp1:
// ISA: v_wmma_i32_16x16x16_iu4 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}] neg_lo:[1,1,0] clamp{{$}}
KERNEL sign_a1_b1_clamp1(v4i *out, const int *a, const int *b, const v4i *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_i32_16x16x16_iu4_w64_gfx12(1, a[l], 1, b[l], c[l], 1);
}
// A splat integer 1 accumulator is an inline constant.
// OPT-LABEL: {{^}}splat_one_c:
// OPT: v_wmma_i32_16x16x16_iu4 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, v{{[0-9]+}}, 1{{$}}
KERNEL splat_one_c(v4i *out, const int *a, const int *b) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_i32_16x16x16_iu4_w64_gfx12(0, a[l], 0, b[l], (v4i)1, 0);
}
