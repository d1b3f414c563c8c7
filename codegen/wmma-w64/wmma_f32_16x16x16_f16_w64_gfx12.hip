// __builtin_amdgcn_wmma_f32_16x16x16_f16_w64_gfx12: v4f(v4h a, v4h b, v4f c)
// -> v_wmma_f32_16x16x16_f16 D(4 VGPRs), A(2), B(2), C(4). Feature gfx12-insts,wavefrontsize64.
// REQUIRES: builtin-wmma_f32_16x16x16_f16_w64_gfx12
// RUN: %hip_device_ll -O3 -mwavefrontsize64 %s | FileCheck %s --check-prefix=IR
// RUN: %hip_device_s -O3 -mwavefrontsize64 %s | FileCheck %s --check-prefixes=ISA,OPT

#include "matrix_types.h"

// IR-LABEL: define {{.*}}void @plain(
// IR: call {{.*}}<4 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v4f32.v4f16(<4 x half> %{{[^,)]+}}, <4 x half> %{{[^,)]+}}, <4 x float> %{{[^,)]+}})
// ISA-LABEL: {{^}}plain:
// ISA: v_wmma_f32_16x16x16_f16 v[[[#D:]]:
// ISA-SAME: [[#D+3]]], v[[[#A:]]:
// ISA-SAME: [[#A+1]]], v[[[#B:]]:
// ISA-SAME: [[#B+1]]], v[[[#C:]]:
// ISA-SAME: [[#C+3]]]{{$}}
KERNEL plain(v4f *out, const v4h *a, const v4h *b, const v4f *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w64_gfx12(a[l], b[l], c[l]);
}
// Source modifiers fold into the instruction (-O3; -O0 keeps them as separate VALU ops).
// OPT-LABEL: {{^}}neg_a:
// OPT: v_wmma_f32_16x16x16_f16 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}] neg_lo:[1,0,0] neg_hi:[1,0,0]{{$}}
KERNEL neg_a(v4f *out, const v4h *a, const v4h *b, const v4f *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w64_gfx12(-a[l], b[l], c[l]);
}
// OPT-LABEL: {{^}}neg_b:
// OPT: v_wmma_f32_16x16x16_f16 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}] neg_lo:[0,1,0] neg_hi:[0,1,0]{{$}}
KERNEL neg_b(v4f *out, const v4h *a, const v4h *b, const v4f *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w64_gfx12(a[l], -b[l], c[l]);
}
// OPT-LABEL: {{^}}neg_c:
// OPT: v_wmma_f32_16x16x16_f16 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}] neg_lo:[0,0,1]{{$}}
KERNEL neg_c(v4f *out, const v4h *a, const v4h *b, const v4f *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w64_gfx12(a[l], b[l], -c[l]);
}
// OPT-LABEL: {{^}}abs_c:
// OPT: v_wmma_f32_16x16x16_f16 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}] neg_hi:[0,0,1]{{$}}
KERNEL abs_c(v4f *out, const v4h *a, const v4h *b, const v4f *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w64_gfx12(a[l], b[l], __builtin_elementwise_abs(c[l]));
}
// A splat 1.0 accumulator is an inline constant operand.
// OPT-LABEL: {{^}}splat_one_c:
// OPT: v_wmma_f32_16x16x16_f16 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], 1.0{{$}}
KERNEL splat_one_c(v4f *out, const v4h *a, const v4h *b) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w64_gfx12(a[l], b[l], (v4f)1.0f);
}
