// __builtin_amdgcn_wmma_f32_16x16x16_bf8_bf8_w64_gfx12: v4f(int a, int b, v4f c)
// -> v_wmma_f32_16x16x16_bf8_bf8 D(4 VGPRs), A(1), B(1), C(4). Feature gfx12-insts,wavefrontsize64.
// REQUIRES: builtin-wmma_f32_16x16x16_bf8_bf8_w64_gfx12
// RUN: %hip_device_ll -O3 -mwavefrontsize64 %s | FileCheck %s --check-prefix=IR
// RUN: %hip_device_s -O3 -mwavefrontsize64 %s | FileCheck %s --check-prefixes=ISA,OPT

#include "matrix_types.h"

// IR-LABEL: define {{.*}}void @plain(
// IR: call {{.*}}<4 x float> @llvm.amdgcn.wmma.f32.16x16x16.bf8.bf8.v4f32.i32(i32 %{{[^,)]+}}, i32 %{{[^,)]+}}, <4 x float> %{{[^,)]+}})
// ISA-LABEL: {{^}}plain:
// ISA: v_wmma_f32_16x16x16_bf8_bf8 v[[[#D:]]:
// ISA-SAME: [[#D+3]]], v[[#A:]], v[[#B:]], v[[[#C:]]:
// ISA-SAME: [[#C+3]]]{{$}}
KERNEL plain(v4f *out, const int *a, const int *b, const v4f *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_bf8_bf8_w64_gfx12(a[l], b[l], c[l]);
}
// Source modifiers fold into the instruction (-O3; -O0 keeps them as separate VALU ops).
// fp8/bf8: A and B take no NEG bits, but C is f32: -c folds to neg_lo[2] and |c| to neg_hi[2]
// (clang 19 and 22; llvm-mc accepts neg_lo/neg_hi:[0,0,1] here and rejects neg_lo:[1,0,0]).
// docs/facts/layouts.md#wmma-modifiers: fp8/bf8 have no NEG bits for A and B; what hardware does with the C bits is UNVERIFIED.
// OPT-LABEL: {{^}}neg_c:
// OPT: v_wmma_f32_16x16x16_bf8_bf8 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}] neg_lo:[0,0,1]{{$}}
KERNEL neg_c(v4f *out, const int *a, const int *b, const v4f *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_bf8_bf8_w64_gfx12(a[l], b[l], -c[l]);
}
// OPT-LABEL: {{^}}abs_c:
// OPT: v_wmma_f32_16x16x16_bf8_bf8 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}] neg_hi:[0,0,1]{{$}}
KERNEL abs_c(v4f *out, const int *a, const int *b, const v4f *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_bf8_bf8_w64_gfx12(a[l], b[l], __builtin_elementwise_abs(c[l]));
}
// A splat 1.0 accumulator is an inline constant operand.
// OPT-LABEL: {{^}}splat_one_c:
// OPT: v_wmma_f32_16x16x16_bf8_bf8 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, v{{[0-9]+}}, 1.0{{$}}
KERNEL splat_one_c(v4f *out, const int *a, const int *b) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_bf8_bf8_w64_gfx12(a[l], b[l], (v4f)1.0f);
}
