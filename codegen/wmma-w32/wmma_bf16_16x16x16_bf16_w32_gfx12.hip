// __builtin_amdgcn_wmma_bf16_16x16x16_bf16_w32_gfx12: v8s(v8s a, v8s b, v8s c)
// -> v_wmma_bf16_16x16x16_bf16 D(4 VGPRs), A(4), B(4), C(4). Feature gfx12-insts,wavefrontsize32.
// REQUIRES: builtin-wmma_bf16_16x16x16_bf16_w32_gfx12
// RUN: %hip_device_ll -O3 %s | FileCheck %s --check-prefix=IR
// RUN: %hip_device_s -O0 %s | FileCheck %s --check-prefix=ISA
// RUN: %hip_device_s -O3 %s | FileCheck %s --check-prefix=ISA

#include "matrix_types.h"

// IR-LABEL: define {{.*}}void @plain(
// IR: call {{.*}}<8 x i16> @llvm.amdgcn.wmma.bf16.16x16x16.bf16.v8i16.v8i16(<8 x i16> %{{[^,)]+}}, <8 x i16> %{{[^,)]+}}, <8 x i16> %{{[^,)]+}}, i1 false)
// ISA-LABEL: {{^}}plain:
// ISA: v_wmma_bf16_16x16x16_bf16 v[[[#D:]]:
// ISA-SAME: [[#D+3]]], v[[[#A:]]:
// ISA-SAME: [[#A+3]]], v[[[#B:]]:
// ISA-SAME: [[#B+3]]], v[[[#C:]]:
// ISA-SAME: [[#C+3]]]{{$}}
KERNEL plain(v8s *out, const v8s *a, const v8s *b, const v8s *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_bf16_16x16x16_bf16_w32_gfx12(a[l], b[l], c[l]);
}
// A, B and C are raw bf16 bit patterns in shorts: the source has no float negation to fold.
