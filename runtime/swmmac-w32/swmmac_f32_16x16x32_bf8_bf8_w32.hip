// Numerical conformance of __builtin_amdgcn_swmmac_f32_16x16x32_bf8_bf8_w32 (wave32 SWMMAC):
// D = A(bf8, 2:4 sparse) x B(bf8) + C(f32).
// Cases (dense cases of wmma_dense.h, then 2:4-sparsified), the calculator's
// SWMMAC layouts (UNVERIFIED by hardware) and the index semantics:
// Inputs/reference/swmmac.h. The reference multiplies kept positions only.
// Variant: plain (fp8/bf8: no NEG bits; SWMMAC's C is its D).
//
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s
// CHECK: builtin=__builtin_amdgcn_swmmac_f32_16x16x32_bf8_bf8_w32
// CHECK: variant plain {{.*}}ok
// CHECK: PASS swmmac_f32_16x16x32_bf8_bf8_w32 device={{emu|hw}}
#include <hip/hip_runtime.h>

#include "../../Inputs/reference/swmmac.h"

typedef int v2i __attribute__((ext_vector_type(2)));
typedef int v4i __attribute__((ext_vector_type(4)));
typedef float v8f __attribute__((ext_vector_type(8)));

template <int M>
__global__ void kern(const uint32_t* a, const uint32_t* b, const uint32_t* c, const uint32_t* x, uint32_t* d) {
  v2i A = wt_load<v2i>(a);
  v4i B = wt_load<v4i>(b);
  const v8f C = wt_load<v8f>(c);
  const int index = wt_load<int>(x);
  wt_store(d, __builtin_amdgcn_swmmac_f32_16x16x32_bf8_bf8_w32(A, B, C, index));
}

int main() {
  const sw::Spec spec{"swmmac_f32_16x16x32_bf8_bf8_w32", wt::Elem::BF8, wt::Elem::BF8, wt::Acc::F32, ref::SparseKind::B8_K32};
  return sw::run(spec, {{(const void*)kern<WT_PLAIN>, WT_PLAIN}});
}
