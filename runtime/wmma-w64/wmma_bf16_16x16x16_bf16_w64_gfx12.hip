// Numerical conformance of __builtin_amdgcn_wmma_bf16_16x16x16_bf16_w64_gfx12:
// D(bf16) = A(bf16) x B(bf16) + C(bf16), 16x16x16.
// Wave64 form (compiled with -mwavefrontsize64; seeds 000/001 call RDNA4 WMMA
// wave32-only: docs/facts/disagreements.md#wave32-only-claim): operands packed with the AMD Matrix
// Instruction Calculator's wave64 layouts (UNVERIFIED by hardware).
// Cases, layouts and error bounds: Inputs/cpu-reference/wmma_dense.h.
// Variants: plain, -a, -b, -c, fabs(c) (source negation; clang folds it into
// neg_lo/neg_hi where it can).
//
// ASSUMES: denormals nan_results wave64_layouts
// RUN: %hipcc -O2 -mwavefrontsize64 %s -o %t
// RUN: %run %t | FileCheck %s
// CHECK: builtin=__builtin_amdgcn_wmma_bf16_16x16x16_bf16_w64_gfx12
// CHECK: layout: packed with the wave64 layout of AMD's Matrix Instruction Calculator (UNVERIFIED
// CHECK: variant plain {{.*}}ok
// CHECK: variant abs_c {{.*}}ok
// CHECK: PASS wmma_bf16_16x16x16_bf16_w64_gfx12 device={{emu|hw}}
#include <hip/hip_runtime.h>

#include "../../Inputs/cpu-reference/rdna4ref.h"

typedef __bf16 v4bf __attribute__((ext_vector_type(4)));

template <int M>
__global__ void kern(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* d) {
  v4bf A = wt_load<v4bf>(a), B = wt_load<v4bf>(b);
  v4bf C = wt_load<v4bf>(c);
  if constexpr (M & WT_NEG_A) A = -A;
  if constexpr (M & WT_NEG_B) B = -B;
  if constexpr (M & WT_NEG_C) C = -C;
  if constexpr (M & WT_ABS_C) C = __builtin_elementwise_abs(C);
  wt_store(d, __builtin_amdgcn_wmma_bf16_16x16x16_bf16_w64_gfx12(A, B, C));
}

int main() {
  const wt::Spec spec{"wmma_bf16_16x16x16_bf16_w64_gfx12", wt::Elem::BF16, wt::Elem::BF16,
                      wt::Acc::BF16, ref::AB::B16, 64};
  return wt::run(spec, {{(const void*)kern<WT_PLAIN>, WT_PLAIN},
                        {(const void*)kern<WT_NEG_A>, WT_NEG_A},
                        {(const void*)kern<WT_NEG_B>, WT_NEG_B},
                        {(const void*)kern<WT_NEG_C>, WT_NEG_C},
                        {(const void*)kern<WT_ABS_C>, WT_ABS_C}});
}
