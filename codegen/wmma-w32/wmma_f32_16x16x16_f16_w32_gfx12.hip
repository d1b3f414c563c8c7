// __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12: v8f(v8h a, v8h b, v8f c)
// -> v_wmma_f32_16x16x16_f16 D(8 VGPRs), A(4), B(4), C(8). Feature gfx12-insts,wavefrontsize32.
// REQUIRES: builtin-wmma_f32_16x16x16_f16_w32_gfx12
// RUN: %hip_device_ll -O3 %s | FileCheck %s --check-prefix=IR
// RUN: %hip_device_s -O0 %s | FileCheck %s --check-prefix=ISA
// RUN: %hip_device_s -O3 %s | FileCheck %s --check-prefixes=ISA,OPT

#include "matrix_types.h"

// IR-LABEL: define {{.*}}void @plain(
// IR: call {{.*}}<8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v8f16(<8 x half> %{{[^,)]+}}, <8 x half> %{{[^,)]+}}, <8 x float> %{{[^,)]+}})
// ISA-LABEL: {{^}}plain:
// ISA: v_wmma_f32_16x16x16_f16 v[[[#D:]]:
// ISA-SAME: [[#D+7]]], v[[[#A:]]:
// ISA-SAME: [[#A+3]]], v[[[#B:]]:
// ISA-SAME: [[#B+3]]], v[[[#C:]]:
// ISA-SAME: [[#C+7]]]{{$}}
KERNEL plain(v8f *out, const v8h *a, const v8h *b, const v8f *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a[l], b[l], c[l]);
}
// Source modifiers fold into the instruction (-O3; -O0 keeps them as separate VALU ops).
// OPT-LABEL: {{^}}neg_a:
// OPT: v_wmma_f32_16x16x16_f16 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}] neg_lo:[1,0,0] neg_hi:[1,0,0]{{$}}
KERNEL neg_a(v8f *out, const v8h *a, const v8h *b, const v8f *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(-a[l], b[l], c[l]);
}
// OPT-LABEL: {{^}}neg_b:
// OPT: v_wmma_f32_16x16x16_f16 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}] neg_lo:[0,1,0] neg_hi:[0,1,0]{{$}}
KERNEL neg_b(v8f *out, const v8h *a, const v8h *b, const v8f *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a[l], -b[l], c[l]);
}
// OPT-LABEL: {{^}}neg_c:
// OPT: v_wmma_f32_16x16x16_f16 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}] neg_lo:[0,0,1]{{$}}
KERNEL neg_c(v8f *out, const v8h *a, const v8h *b, const v8f *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a[l], b[l], -c[l]);
}
// OPT-LABEL: {{^}}abs_c:
// OPT: v_wmma_f32_16x16x16_f16 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}] neg_hi:[0,0,1]{{$}}
KERNEL abs_c(v8f *out, const v8h *a, const v8h *b, const v8f *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a[l], b[l], __builtin_elementwise_abs(c[l]));
}
// A splat 1.0 accumulator is an inline constant operand.
// OPT-LABEL: {{^}}splat_one_c:
// OPT: v_wmma_f32_16x16x16_f16 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], 1.0{{$}}
KERNEL splat_one_c(v8f *out, const v8h *a, const v8h *b) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a[l], b[l], (v8f)1.0f);
}
