// Numerical conformance of __builtin_amdgcn_wmma_f32_16x16x16_fp8_bf8_w32_gfx12:
// D(f32) = A(fp8 E4M3fn) x B(bf8 E5M2) + C(f32), 16x16x16.
// Cases, documented layouts and error bounds: Inputs/cpu-reference/wmma_dense.h.
// Variants: plain, -c, fabs(c). fp8/bf8 A and B have no NEG bits; C is f32.
//
// ASSUMES: denormals nan_results fp8_bf8_decoding c_modifiers
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s
// CHECK: builtin=__builtin_amdgcn_wmma_f32_16x16x16_fp8_bf8_w32_gfx12
// CHECK: variant plain {{.*}}ok
// CHECK: variant abs_c {{.*}}ok
// CHECK: PASS wmma_f32_16x16x16_fp8_bf8_w32_gfx12 device={{emu|hw}}
#include <hip/hip_runtime.h>

#include "../../Inputs/cpu-reference/rdna4ref.h"

typedef int v2i __attribute__((ext_vector_type(2)));
typedef float v8f __attribute__((ext_vector_type(8)));

template <int M>
__global__ void kern(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* d) {
  v2i A = wt_load<v2i>(a), B = wt_load<v2i>(b);
  v8f C = wt_load<v8f>(c);
  if constexpr (M & WT_NEG_C) C = -C;
  if constexpr (M & WT_ABS_C) C = __builtin_elementwise_abs(C);
  wt_store(d, __builtin_amdgcn_wmma_f32_16x16x16_fp8_bf8_w32_gfx12(A, B, C));
}

int main() {
  const wt::Spec spec{"wmma_f32_16x16x16_fp8_bf8_w32_gfx12", wt::Elem::FP8, wt::Elem::BF8,
                      wt::Acc::F32, ref::AB::B8};
  return wt::run(spec, {{(const void*)kern<WT_PLAIN>, WT_PLAIN},
                        {(const void*)kern<WT_NEG_C>, WT_NEG_C},
                        {(const void*)kern<WT_ABS_C>, WT_ABS_C}});
}
