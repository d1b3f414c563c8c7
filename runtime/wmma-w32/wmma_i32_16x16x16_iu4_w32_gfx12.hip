// Numerical conformance of __builtin_amdgcn_wmma_i32_16x16x16_iu4_w32_gfx12:
// D(i32) = A(iu4) x B(iu4) + C(i32), 16x16x16; A and B are ONE int per lane.
// Cases, documented layouts and error bounds: Inputs/cpu-reference/wmma_dense.h.
// Variants: the four signedness combinations (a_sign, b_sign: neg_lo bits 0/1)
// x clamp 0/1, all bit-exact against an int64 reference narrowed by wrapping
// (clamp=0) or int32 saturation (clamp=1: docs/facts/disagreements.md#integer-clamp; the test prints
// what the device did with int32-overflowing accumulations).
//
// ASSUMES: int_clamp
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s
// CHECK: builtin=__builtin_amdgcn_wmma_i32_16x16x16_iu4_w32_gfx12
// CHECK: variant A=unsigned,B=unsigned,clamp=0{{ +}}ok
// CHECK: clamp probe A=signed,B=signed,clamp=1 clamp-overflow-high D[0][0]: exact=
// CHECK: variant A=signed,B=signed,clamp=1{{ +}}ok
// CHECK: PASS wmma_i32_16x16x16_iu4_w32_gfx12 device={{emu|hw}}
#include <hip/hip_runtime.h>

#include "../../Inputs/cpu-reference/rdna4ref.h"

typedef int v8i __attribute__((ext_vector_type(8)));

template <int M>
__global__ void kern(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* d) {
  const int A = wt_load<int>(a), B = wt_load<int>(b);
  const v8i C = wt_load<v8i>(c);
  wt_store(d, __builtin_amdgcn_wmma_i32_16x16x16_iu4_w32_gfx12((M & WT_SIGN_A) != 0, A, (M & WT_SIGN_B) != 0, B, C,
                                          (M & WT_CLAMP) != 0));
}

#define V(m) {(const void*)kern<(m)>, (m)}
int main() {
  const wt::Spec spec{"wmma_i32_16x16x16_iu4_w32_gfx12", wt::Elem::I4, wt::Elem::I4,
                      wt::Acc::I32, ref::AB::B4x16};
  return wt::run(spec, {V(0), V(WT_SIGN_A), V(WT_SIGN_B), V(WT_SIGN_A | WT_SIGN_B),
                        V(WT_CLAMP), V(WT_SIGN_A | WT_CLAMP), V(WT_SIGN_B | WT_CLAMP),
                        V(WT_SIGN_A | WT_SIGN_B | WT_CLAMP)});
}
