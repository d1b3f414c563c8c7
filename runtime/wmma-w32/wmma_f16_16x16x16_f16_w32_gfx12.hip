// Numerical conformance of __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12:
// D(f16) = A(f16) x B(f16) + C(f16), 16x16x16.
// Cases, documented layouts and error bounds: Inputs/cpu-reference/wmma_dense.h.
// Variants: plain, -a, -b, -c, fabs(c) (source negation; clang folds it into
// neg_lo/neg_hi where it can).
//
// ASSUMES: denormals nan_results
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s
// CHECK: builtin=__builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12
// CHECK: variant plain {{.*}}ok
// CHECK: variant abs_c {{.*}}ok
// CHECK: PASS wmma_f16_16x16x16_f16_w32_gfx12 device={{emu|hw}}
#include <hip/hip_runtime.h>

#include "../../Inputs/cpu-reference/rdna4ref.h"

typedef _Float16 v8h __attribute__((ext_vector_type(8)));

template <int M>
__global__ void kern(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* d) {
  v8h A = wt_load<v8h>(a), B = wt_load<v8h>(b);
  v8h C = wt_load<v8h>(c);
  if constexpr (M & WT_NEG_A) A = -A;
  if constexpr (M & WT_NEG_B) B = -B;
  if constexpr (M & WT_NEG_C) C = -C;
  if constexpr (M & WT_ABS_C) C = __builtin_elementwise_abs(C);
  wt_store(d, __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12(A, B, C));
}

int main() {
  const wt::Spec spec{"wmma_f16_16x16x16_f16_w32_gfx12", wt::Elem::F16, wt::Elem::F16,
                      wt::Acc::F16, ref::AB::B16};
  return wt::run(spec, {{(const void*)kern<WT_PLAIN>, WT_PLAIN},
                        {(const void*)kern<WT_NEG_A>, WT_NEG_A},
                        {(const void*)kern<WT_NEG_B>, WT_NEG_B},
                        {(const void*)kern<WT_NEG_C>, WT_NEG_C},
                        {(const void*)kern<WT_ABS_C>, WT_ABS_C}});
}
