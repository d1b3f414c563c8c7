// __builtin_amdgcn_wmma_bf16_16x16x16_bf16_w64_gfx12: v4s(v4s a, v4s b, v4s c)
// -> v_wmma_bf16_16x16x16_bf16 D(2 VGPRs), A(2), B(2), C(2). Feature gfx12-insts,wavefrontsize64.
// REQUIRES: builtin-wmma_bf16_16x16x16_bf16_w64_gfx12
// RUN: %hip_device_ll -O3 -mwavefrontsize64 %s | FileCheck %s --check-prefix=IR
// RUN: %hip_device_s -O3 -mwavefrontsize64 %s | FileCheck %s --check-prefix=ISA

#include "matrix_types.h"

// IR-LABEL: define {{.*}}void @plain(
// IR: call {{.*}}<4 x i16> @llvm.amdgcn.wmma.bf16.16x16x16.bf16.v4i16.v4i16(<4 x i16> %{{[^,)]+}}, <4 x i16> %{{[^,)]+}}, <4 x i16> %{{[^,)]+}}, i1 false)
// ISA-LABEL: {{^}}plain:
// ISA: v_wmma_bf16_16x16x16_bf16 v[[[#D:]]:
// ISA-SAME: [[#D+1]]], v[[[#A:]]:
// ISA-SAME: [[#A+1]]], v[[[#B:]]:
// ISA-SAME: [[#B+1]]], v[[[#C:]]:
// ISA-SAME: [[#C+1]]]{{$}}
KERNEL plain(v4s *out, const v4s *a, const v4s *b, const v4s *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_bf16_16x16x16_bf16_w64_gfx12(a[l], b[l], c[l]);
}
// A, B and C are raw bf16 bit patterns in shorts: the source has no float negation to fold.
