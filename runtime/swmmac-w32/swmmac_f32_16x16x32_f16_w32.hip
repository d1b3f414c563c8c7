// Numerical conformance of __builtin_amdgcn_swmmac_f32_16x16x32_f16_w32 (wave32 SWMMAC):
// D = A(f16, 2:4 sparse 16x32) x B(f16 32x16) + C(f32).
// Cases (dense cases of wmma_dense.h, then 2:4-sparsified), the calculator's
// SWMMAC layouts (UNVERIFIED by hardware) and the index semantics:
// Inputs/reference/swmmac.h. The reference multiplies kept positions only.
// Variants: plain, -a, -b (SWMMAC's C is its D: no C modifiers).
//
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s
// CHECK: builtin=__builtin_amdgcn_swmmac_f32_16x16x32_f16_w32
// CHECK: variant plain {{.*}}ok
// CHECK: PASS swmmac_f32_16x16x32_f16_w32 device={{emu|hw}}
#include <hip/hip_runtime.h>

#include "../../Inputs/reference/swmmac.h"

typedef _Float16 v16h __attribute__((ext_vector_type(16)));
typedef float v8f __attribute__((ext_vector_type(8)));
typedef _Float16 v8h __attribute__((ext_vector_type(8)));

template <int M>
__global__ void kern(const uint32_t* a, const uint32_t* b, const uint32_t* c, const uint32_t* x, uint32_t* d) {
  v8h A = wt_load<v8h>(a);
  v16h B = wt_load<v16h>(b);
  const v8f C = wt_load<v8f>(c);
  const int index = wt_load<int>(x);
  if constexpr (M & WT_NEG_A) A = -A;
  if constexpr (M & WT_NEG_B) B = -B;
  wt_store(d, __builtin_amdgcn_swmmac_f32_16x16x32_f16_w32(A, B, C, index));
}

int main() {
  const sw::Spec spec{"swmmac_f32_16x16x32_f16_w32", wt::Elem::F16, wt::Elem::F16, wt::Acc::F32, ref::SparseKind::B16_K32};
  return sw::run(spec, {{(const void*)kern<WT_PLAIN>, WT_PLAIN},
                       {(const void*)kern<WT_NEG_A>, WT_NEG_A},
                       {(const void*)kern<WT_NEG_B>, WT_NEG_B}});
}
