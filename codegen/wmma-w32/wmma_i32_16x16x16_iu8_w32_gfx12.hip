// __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12: v8i(bool a_sign, v2i a, bool b_sign, v2i b, v8i c, bool clamp)
// -> v_wmma_i32_16x16x16_iu8 D(8 VGPRs), A(2), B(2), C(8). Feature gfx12-insts,wavefrontsize32.
// REQUIRES: builtin-wmma_i32_16x16x16_iu8_w32_gfx12
// RUN: %hip_device_ll -O3 %s | FileCheck %s --check-prefix=IR
// RUN: %hip_device_s -O0 %s | FileCheck %s --check-prefix=ISA
// RUN: %hip_device_s -O3 %s | FileCheck %s --check-prefixes=ISA,OPT

#include "matrix_types.h"

// IR-LABEL: define {{.*}}void @plain(
// IR: call {{.*}}<8 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8.v8i32.v2i32(i1 false, <2 x i32> %{{[^,)]+}}, i1 false, <2 x i32> %{{[^,)]+}}, <8 x i32> %{{[^,)]+}}, i1 false)
// ISA-LABEL: {{^}}plain:
// ISA: v_wmma_i32_16x16x16_iu8 v[[[#D:]]:
// ISA-SAME: [[#D+7]]], v[[[#A:]]:
// ISA-SAME: [[#A+1]]], v[[[#B:]]:
// ISA-SAME: [[#B+1]]], v[[[#C:]]:
// ISA-SAME: [[#C+7]]]{{$}}
KERNEL plain(v8i *out, const v2i *a, const v2i *b, const v8i *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12(0, a[l], 0, b[l], c[l], 0);
}
// Signedness and clamp are constant operands: a_sign -> neg_lo[0], b_sign -> neg_lo[1],
// clamp -> clamp (checked at -O0 and -O3).
// IR-LABEL: define {{.*}}void @sign_a0_b0_clamp1(
// IR: call {{.*}}<8 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8.v8i32.v2i32(i1 false, <2 x i32> %{{[^,)]+}}, i1 false, <2 x i32> %{{[^,)]+}}, <8 x i32> %{{[^,)]+}}, i1 true)
// ISA-LABEL: {{^}}sign_a0_b0_clamp1:
// ISA: v_wmma_i32_16x16x16_iu8 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}] clamp{{$}}
KERNEL sign_a0_b0_clamp1(v8i *out, const v2i *a, const v2i *b, const v8i *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12(0, a[l], 0, b[l], c[l], 1);
}
// IR-LABEL: define {{.*}}void @sign_a0_b1_clamp0(
// IR: call {{.*}}<8 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8.v8i32.v2i32(i1 false, <2 x i32> %{{[^,)]+}}, i1 true, <2 x i32> %{{[^,)]+}}, <8 x i32> %{{[^,)]+}}, i1 false)
// ISA-LABEL: {{^}}sign_a0_b1_clamp0:
// ISA: v_wmma_i32_16x16x16_iu8 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}] neg_lo:[0,1,0]{{$}}
KERNEL sign_a0_b1_clamp0(v8i *out, const v2i *a, const v2i *b, const v8i *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12(0, a[l], 1, b[l], c[l], 0);
}
// IR-LABEL: define {{.*}}void @sign_a0_b1_clamp1(
// IR: call {{.*}}<8 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8.v8i32.v2i32(i1 false, <2 x i32> %{{[^,)]+}}, i1 true, <2 x i32> %{{[^,)]+}}, <8 x i32> %{{[^,)]+}}, i1 true)
// ISA-LABEL: {{^}}sign_a0_b1_clamp1:
// ISA: v_wmma_i32_16x16x16_iu8 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}] neg_lo:[0,1,0] clamp{{$}}
KERNEL sign_a0_b1_clamp1(v8i *out, const v2i *a, const v2i *b, const v8i *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12(0, a[l], 1, b[l], c[l], 1);
}
// IR-LABEL: define {{.*}}void @sign_a1_b0_clamp0(
// IR: call {{.*}}<8 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8.v8i32.v2i32(i1 true, <2 x i32> %{{[^,)]+}}, i1 false, <2 x i32> %{{[^,)]+}}, <8 x i32> %{{[^,)]+}}, i1 false)
// ISA-LABEL: {{^}}sign_a1_b0_clamp0:
// ISA: v_wmma_i32_16x16x16_iu8 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}] neg_lo:[1,0,0]{{$}}
KERNEL sign_a1_b0_clamp0(v8i *out, const v2i *a, const v2i *b, const v8i *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12(1, a[l], 0, b[l], c[l], 0);
}
// IR-LABEL: define {{.*}}void @sign_a1_b0_clamp1(
// IR: call {{.*}}<8 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8.v8i32.v2i32(i1 true, <2 x i32> %{{[^,)]+}}, i1 false, <2 x i32> %{{[^,)]+}}, <8 x i32> %{{[^,)]+}}, i1 true)
// ISA-LABEL: {{^}}sign_a1_b0_clamp1:
// ISA: v_wmma_i32_16x16x16_iu8 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}] neg_lo:[1,0,0] clamp{{$}}
KERNEL sign_a1_b0_clamp1(v8i *out, const v2i *a, const v2i *b, const v8i *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12(1, a[l], 0, b[l], c[l], 1);
}
// IR-LABEL: define {{.*}}void @sign_a1_b1_clamp0(
// IR: call {{.*}}<8 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8.v8i32.v2i32(i1 true, <2 x i32> %{{[^,)]+}}, i1 true, <2 x i32> %{{[^,)]+}}, <8 x i32> %{{[^,)]+}}, i1 false)
// ISA-LABEL: {{^}}sign_a1_b1_clamp0:
// ISA: v_wmma_i32_16x16x16_iu8 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}] neg_lo:[1,1,0]{{$}}
KERNEL sign_a1_b1_clamp0(v8i *out, const v2i *a, const v2i *b, const v8i *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12(1, a[l], 1, b[l], c[l], 0);
}
// IR-LABEL: define {{.*}}void @sign_a1_b1_clamp1(
// IR: call {{.*}}<8 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8.v8i32.v2i32(i1 true, <2 x i32> %{{[^,)]+}}, i1 true, <2 x i32> %{{[^,)]+}}, <8 x i32> %{{[^,)]+}}, i1 true)
// ISA-LABEL: {{^}}sign_a1_b1_clamp1:
// ISA: v_wmma_i32_16x16x16_iu8 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}] neg_lo:[1,1,0] clamp{{$}}
KERNEL sign_a1_b1_clamp1(v8i *out, const v2i *a, const v2i *b, const v8i *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12(1, a[l], 1, b[l], c[l], 1);
}
// A splat integer 1 accumulator is an inline constant.
// OPT-LABEL: {{^}}splat_one_c:
// OPT: v_wmma_i32_16x16x16_iu8 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], 1{{$}}
KERNEL splat_one_c(v8i *out, const v2i *a, const v2i *b) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12(0, a[l], 0, b[l], (v8i)1, 0);
}
