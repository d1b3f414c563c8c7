// __builtin_amdgcn_wmma_f32_16x16x16_bf8_bf8_w32_gfx12: v8f(v2i a, v2i b, v8f c)
// -> v_wmma_f32_16x16x16_bf8_bf8 D(8 VGPRs), A(2), B(2), C(8). Feature gfx12-insts,wavefrontsize32.
// REQUIRES: builtin-wmma_f32_16x16x16_bf8_bf8_w32_gfx12
// RUN: %hip_device_ll -O3 %s | FileCheck %s --check-prefix=IR
// RUN: %hip_device_s -O0 %s | FileCheck %s --check-prefix=ISA
// RUN: %hip_device_s -O3 %s | FileCheck %s --check-prefixes=ISA,OPT

#include "matrix_types.h"

// IR-LABEL: define {{.*}}void @plain(
// IR: call {{.*}}<8 x float> @llvm.amdgcn.wmma.f32.16x16x16.bf8.bf8.v8f32.v2i32(<2 x i32> %{{[^,)]+}}, <2 x i32> %{{[^,)]+}}, <8 x float> %{{[^,)]+}})
// ISA-LABEL: {{^}}plain:
// ISA: v_wmma_f32_16x16x16_bf8_bf8 v[[[#D:]]:
// ISA-SAME: [[#D+7]]], v[[[#A:]]:
// ISA-SAME: [[#A+1]]], v[[[#B:]]:
// ISA-SAME: [[#B+1]]], v[[[#C:]]:
// ISA-SAME: [[#C+7]]]{{$}}
KERNEL plain(v8f *out, const v2i *a, const v2i *b, const v8f *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_bf8_bf8_w32_gfx12(a[l], b[l], c[l]);
}
// Source modifiers fold into the instruction (-O3; -O0 keeps them as separate VALU ops).
// fp8/bf8: A and B take no NEG bits, but C is f32: -c folds to neg_lo[2] and |c| to neg_hi[2]
// (clang 19 and 22; llvm-mc accepts neg_lo/neg_hi:[0,0,1] here and rejects neg_lo:[1,0,0]).
// docs/facts/layouts.md#wmma-modifiers: fp8/bf8 have no NEG bits for A and B; what hardware does with the C bits is UNVERIFIED.
// OPT-LABEL: {{^}}neg_c:
// OPT: v_wmma_f32_16x16x16_bf8_bf8 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}] neg_lo:[0,0,1]{{$}}
KERNEL neg_c(v8f *out, const v2i *a, const v2i *b, const v8f *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_bf8_bf8_w32_gfx12(a[l], b[l], -c[l]);
}
// OPT-LABEL: {{^}}abs_c:
// OPT: v_wmma_f32_16x16x16_bf8_bf8 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}] neg_hi:[0,0,1]{{$}}
KERNEL abs_c(v8f *out, const v2i *a, const v2i *b, const v8f *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_bf8_bf8_w32_gfx12(a[l], b[l], __builtin_elementwise_abs(c[l]));
}
// A splat 1.0 accumulator is an inline constant operand.
// OPT-LABEL: {{^}}splat_one_c:
// OPT: v_wmma_f32_16x16x16_bf8_bf8 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], 1.0{{$}}
KERNEL splat_one_c(v8f *out, const v2i *a, const v2i *b) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_bf8_bf8_w32_gfx12(a[l], b[l], (v8f)1.0f);
}
