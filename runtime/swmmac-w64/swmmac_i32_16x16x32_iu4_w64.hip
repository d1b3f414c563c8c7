// Numerical conformance of __builtin_amdgcn_swmmac_i32_16x16x32_iu4_w64 (v_swmmac_i32_16x16x32_iu4):
// D(i32) = A(iu4, 2:4 structured sparse) x B(iu4) + C(i32), 16x16x32, wave64.
// The test builds a dense A with two kept positions per group of four K columns,
// compresses it into the A operand and the index VGPR itself, and compares D with
// the dense product (driver, layouts and bounds: Inputs/cpu-reference/sparse.h;
// UNVERIFIED model: calculator layouts and index semantics, no hardware measurement).
// Wave64 form (-mwavefrontsize64; seeds 000/001 call RDNA4 WMMA wave32-only,
// docs/facts/disagreements.md#wave32-only-claim): blocks of 64 threads.
// index_key: the kernel passes `index >> (key * 16)`, which clang 19 and 22 fold into
// index_key:key (2 index sets); the other sets hold decoy indices.
// Variants: the four signedness combinations x clamp 0/1 (bit-exact; clamp probed with
// int32-overflowing accumulations), and every index_key.
//
// ASSUMES: int_clamp sparse_index wave64_layouts
// RUN: %hipcc -O2 -mwavefrontsize64 %s -o %t
// RUN: %run %t | FileCheck %s
// CHECK: builtin=__builtin_amdgcn_swmmac_i32_16x16x32_iu4_w64 wave64
// CHECK: model: UNVERIFIED model
// CHECK: variant A=unsigned,B=unsigned,clamp=0,index_key=0{{ +}}ok
// CHECK: clamp probe A=signed,B=signed,clamp=1,index_key=0 clamp-overflow-high D[0][0]: exact=
// CHECK: variant A=signed,B=signed,clamp=1,index_key=0{{ +}}ok
// CHECK: variant A=signed,B=signed,clamp=0,index_key=1{{ +}}ok
// CHECK: PASS swmmac_i32_16x16x32_iu4_w64 device={{emu|hw}}
#include <hip/hip_runtime.h>

#include "../../Inputs/cpu-reference/rdna4ref.h"

typedef int a_t;
typedef int b_t;
typedef int c_t __attribute__((ext_vector_type(4)));

template <int M, int KEY>
__global__ void kern(const uint32_t* a, const uint32_t* b, const uint32_t* c, const uint32_t* idx,
                     uint32_t* d) {
  a_t A = wt_load<a_t>(a);
  b_t B = wt_load<b_t>(b);
  c_t C = wt_load<c_t>(c);
  const uint32_t I = wt_load<uint32_t>(idx) >> (KEY * 16);
  wt_store(d, __builtin_amdgcn_swmmac_i32_16x16x32_iu4_w64((M & WT_SIGN_A) != 0, A, (M & WT_SIGN_B) != 0, B, C, I,
                                                       (M & WT_CLAMP) != 0));
}

#define V(m, key) sp::Variant{(const void*)kern<(m), (key)>, (m), (key)}
int main() {
  const sp::Spec spec{"swmmac_i32_16x16x32_iu4_w64", wt::Elem::I4, wt::Elem::I4, wt::Acc::I32, sp::Kind::B4x32, 64};
  return sp::run(spec, {V(0, 0),
                         V(WT_SIGN_A, 0),
                         V(WT_SIGN_B, 0),
                         V(WT_SIGN_A | WT_SIGN_B, 0),
                         V(WT_CLAMP, 0),
                         V(WT_SIGN_A | WT_CLAMP, 0),
                         V(WT_SIGN_B | WT_CLAMP, 0),
                         V(WT_SIGN_A | WT_SIGN_B | WT_CLAMP, 0),
                         V(WT_SIGN_A | WT_SIGN_B, 1)});
}
