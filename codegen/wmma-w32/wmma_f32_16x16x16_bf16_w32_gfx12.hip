// __builtin_amdgcn_wmma_f32_16x16x16_bf16_w32_gfx12: v8f(v8s a, v8s b, v8f c)
// -> v_wmma_f32_16x16x16_bf16 D(8 VGPRs), A(4), B(4), C(8). Feature gfx12-insts,wavefrontsize32.
// REQUIRES: builtin-wmma_f32_16x16x16_bf16_w32_gfx12
// RUN: %hip_device_ll -O3 %s | FileCheck %s --check-prefix=IR
// RUN: %hip_device_s -O0 %s | FileCheck %s --check-prefix=ISA
// RUN: %hip_device_s -O3 %s | FileCheck %s --check-prefixes=ISA,OPT

#include "matrix_types.h"

// IR-LABEL: define {{.*}}void @plain(
// IR: call {{.*}}<8 x float> @llvm.amdgcn.wmma.f32.16x16x16.bf16.v8f32.v8i16(<8 x i16> %{{[^,)]+}}, <8 x i16> %{{[^,)]+}}, <8 x float> %{{[^,)]+}})
// ISA-LABEL: {{^}}plain:
// ISA: v_wmma_f32_16x16x16_bf16 v[[[#D:]]:
// ISA-SAME: [[#D+7]]], v[[[#A:]]:
// ISA-SAME: [[#A+3]]], v[[[#B:]]:
// ISA-SAME: [[#B+3]]], v[[[#C:]]:
// ISA-SAME: [[#C+7]]]{{$}}
KERNEL plain(v8f *out, const v8s *a, const v8s *b, const v8f *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_bf16_w32_gfx12(a[l], b[l], c[l]);
}
// Source modifiers fold into the instruction (-O3; -O0 keeps them as separate VALU ops).
// OPT-LABEL: {{^}}neg_c:
// OPT: v_wmma_f32_16x16x16_bf16 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}] neg_lo:[0,0,1]{{$}}
KERNEL neg_c(v8f *out, const v8s *a, const v8s *b, const v8f *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_bf16_w32_gfx12(a[l], b[l], -c[l]);
}
// OPT-LABEL: {{^}}abs_c:
// OPT: v_wmma_f32_16x16x16_bf16 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}] neg_hi:[0,0,1]{{$}}
KERNEL abs_c(v8f *out, const v8s *a, const v8s *b, const v8f *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_bf16_w32_gfx12(a[l], b[l], __builtin_elementwise_abs(c[l]));
}
// A splat 1.0 accumulator is an inline constant operand.
// OPT-LABEL: {{^}}splat_one_c:
// OPT: v_wmma_f32_16x16x16_bf16 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], 1.0{{$}}
KERNEL splat_one_c(v8f *out, const v8s *a, const v8s *b) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_bf16_w32_gfx12(a[l], b[l], (v8f)1.0f);
}
