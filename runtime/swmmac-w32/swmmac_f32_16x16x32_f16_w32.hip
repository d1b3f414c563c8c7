// Numerical conformance of __builtin_amdgcn_swmmac_f32_16x16x32_f16_w32 (v_swmmac_f32_16x16x32_f16):
// D(f32) = A(f16, 2:4 structured sparse) x B(f16) + C(f32), 16x16x32, wave32.
// The test builds a dense A with two kept positions per group of four K columns,
// compresses it into the A operand and the index VGPR itself, and compares D with
// the dense product (driver, layouts and bounds: Inputs/cpu-reference/sparse.h;
// UNVERIFIED model: calculator layouts and index semantics, no hardware measurement).
// index_key: the kernel passes `index >> (key * 16)`, which clang 19 and 22 fold into
// index_key:key (2 index sets); the other sets hold decoy indices.
// Variants: plain, -a, -b (clang 19/22 fold them into neg_lo/neg_hi for f16, negate
// explicitly for bf16), -c, fabs(c) (explicit: SWMMAC's src2 is the index, so no C
// modifiers), every index_key.
//
// ASSUMES: denormals nan_results sparse_index
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s
// CHECK: builtin=__builtin_amdgcn_swmmac_f32_16x16x32_f16_w32 wave32
// CHECK: model: UNVERIFIED model
// CHECK: variant plain,index_key=0 {{.*}}ok
// CHECK: variant abs_c,index_key=0 {{.*}}ok
// CHECK: variant plain,index_key=1 {{.*}}ok
// CHECK: PASS swmmac_f32_16x16x32_f16_w32 device={{emu|hw}}
#include <hip/hip_runtime.h>

#include "../../Inputs/cpu-reference/rdna4ref.h"

typedef _Float16 a_t __attribute__((ext_vector_type(8)));
typedef _Float16 b_t __attribute__((ext_vector_type(16)));
typedef float c_t __attribute__((ext_vector_type(8)));

template <int M, int KEY>
__global__ void kern(const uint32_t* a, const uint32_t* b, const uint32_t* c, const uint32_t* idx,
                     uint32_t* d) {
  a_t A = wt_load<a_t>(a);
  b_t B = wt_load<b_t>(b);
  c_t C = wt_load<c_t>(c);
  const uint32_t I = wt_load<uint32_t>(idx) >> (KEY * 16);
  if constexpr (M & WT_NEG_A) A = -A;
  if constexpr (M & WT_NEG_B) B = -B;
  if constexpr (M & WT_NEG_C) C = -C;
  if constexpr (M & WT_ABS_C) C = __builtin_elementwise_abs(C);
  wt_store(d, __builtin_amdgcn_swmmac_f32_16x16x32_f16_w32(A, B, C, I));
}

#define V(m, key) sp::Variant{(const void*)kern<(m), (key)>, (m), (key)}
int main() {
  const sp::Spec spec{"swmmac_f32_16x16x32_f16_w32", wt::Elem::F16, wt::Elem::F16, wt::Acc::F32, sp::Kind::B16, 32};
  return sp::run(spec, {V(WT_PLAIN, 0),
                         V(WT_NEG_A, 0),
                         V(WT_NEG_B, 0),
                         V(WT_NEG_C, 0),
                         V(WT_ABS_C, 0),
                         V(WT_PLAIN, 1)});
}
