// Numerical conformance of __builtin_amdgcn_wmma_f32_16x16x16_bf8_fp8_w64_gfx12:
// D(f32) = A(bf8 E5M2) x B(fp8 E4M3fn) + C(f32), 16x16x16.
// Wave64 form (compiled with -mwavefrontsize64; seeds 000/001 call RDNA4 WMMA
// wave32-only: docs/facts/disagreements.md#wave32-only-claim): operands packed with the AMD Matrix
// Instruction Calculator's wave64 layouts (UNVERIFIED by hardware).
// Cases, layouts and error bounds: Inputs/cpu-reference/wmma_dense.h.
// Variants: plain, -c, fabs(c). fp8/bf8 A and B have no NEG bits; C is f32.
//
// ASSUMES: denormals nan_results fp8_bf8_decoding c_modifiers wave64_layouts
// RUN: %hipcc -O2 -mwavefrontsize64 %s -o %t
// RUN: %run %t | FileCheck %s
// CHECK: builtin=__builtin_amdgcn_wmma_f32_16x16x16_bf8_fp8_w64_gfx12
// CHECK: layout: packed with the wave64 layout of AMD's Matrix Instruction Calculator (UNVERIFIED
// CHECK: variant plain {{.*}}ok
// CHECK: variant abs_c {{.*}}ok
// CHECK: PASS wmma_f32_16x16x16_bf8_fp8_w64_gfx12 device={{emu|hw}}
#include <hip/hip_runtime.h>

#include "../../Inputs/cpu-reference/rdna4ref.h"

typedef float v4f __attribute__((ext_vector_type(4)));

template <int M>
__global__ void kern(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* d) {
  int A = wt_load<int>(a), B = wt_load<int>(b);
  v4f C = wt_load<v4f>(c);
  if constexpr (M & WT_NEG_C) C = -C;
  if constexpr (M & WT_ABS_C) C = __builtin_elementwise_abs(C);
  wt_store(d, __builtin_amdgcn_wmma_f32_16x16x16_bf8_fp8_w64_gfx12(A, B, C));
}

int main() {
  const wt::Spec spec{"wmma_f32_16x16x16_bf8_fp8_w64_gfx12", wt::Elem::BF8, wt::Elem::FP8,
                      wt::Acc::F32, ref::AB::B8, 64};
  return wt::run(spec, {{(const void*)kern<WT_PLAIN>, WT_PLAIN},
                        {(const void*)kern<WT_NEG_C>, WT_NEG_C},
                        {(const void*)kern<WT_ABS_C>, WT_ABS_C}});
}
