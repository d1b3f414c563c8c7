// Numerical conformance of __builtin_amdgcn_swmmac_i32_16x16x64_iu4_w32 (wave32 SWMMAC):
// D = A(iu4, 2:4 sparse 16x64) x B(iu4) + C(i32).
// Cases (dense cases of wmma_dense.h, then 2:4-sparsified), the calculator's
// SWMMAC layouts (UNVERIFIED by hardware) and the index semantics:
// Inputs/reference/swmmac.h. The reference multiplies kept positions only.
// Variants: 4 signedness combinations x clamp 0/1, bit-exact.
//
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s
// CHECK: builtin=__builtin_amdgcn_swmmac_i32_16x16x64_iu4_w32
// CHECK: variant A=unsigned,B=unsigned,clamp=0{{ +}}ok
// CHECK: variant A=signed,B=signed,clamp=1{{ +}}ok
// CHECK: PASS swmmac_i32_16x16x64_iu4_w32 device={{emu|hw}}
#include <hip/hip_runtime.h>

#include "../../Inputs/reference/swmmac.h"

typedef int v2i __attribute__((ext_vector_type(2)));
typedef int v4i __attribute__((ext_vector_type(4)));
typedef int v8i __attribute__((ext_vector_type(8)));

template <int M>
__global__ void kern(const uint32_t* a, const uint32_t* b, const uint32_t* c, const uint32_t* x, uint32_t* d) {
  const v2i A = wt_load<v2i>(a);
  const v4i B = wt_load<v4i>(b);
  const v8i C = wt_load<v8i>(c);
  const int index = wt_load<int>(x);
  wt_store(d, __builtin_amdgcn_swmmac_i32_16x16x64_iu4_w32((M & WT_SIGN_A) != 0, A, (M & WT_SIGN_B) != 0, B, C, index,
                                        (M & WT_CLAMP) != 0));
}

#define V(m) {(const void*)kern<(m)>, (m)}
int main() {
  const sw::Spec spec{"swmmac_i32_16x16x64_iu4_w32", wt::Elem::I4, wt::Elem::I4, wt::Acc::I32, ref::SparseKind::B4_K64};
  return sw::run(spec, {V(0), V(WT_SIGN_A), V(WT_SIGN_B), V(WT_SIGN_A | WT_SIGN_B), V(WT_CLAMP),
                        V(WT_SIGN_A | WT_CLAMP), V(WT_SIGN_B | WT_CLAMP), V(WT_SIGN_A | WT_SIGN_B | WT_CLAMP)});
}
