// Conformance of __builtin_amdgcn_global_load_tr_b128_v8bf16 (global_load_tr_b128), wave32:
// bf16 (seed 000: "expected to share" the f16 permutation: measured here).
// Each lane loads from its own address; the result is checked bit-exactly
// against the mapping model in Inputs/cpu-reference/fragments.h (driver:
// Inputs/cpu-reference/load_tr.h), for seed 000's (docs/facts/starting-pages.md#seed-000) addressing (two calls per 16-row K strip),
// reversed lanes and random per-lane addresses.
//
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s
// CHECK: seed 000 element formula {{.*}}agrees with the device
// CHECK: PASS global_load_tr_b128_v8bf16 ({{[0-9]+}} elements, bit-exact) device={{emu|hw}}
#include <hip/hip_runtime.h>

#include "../../Inputs/cpu-reference/rdna4ref.h"

typedef __bf16 vec_t __attribute__((ext_vector_type(8)));
typedef __attribute__((address_space(1))) vec_t global_vec_t;

__global__ void kern(const uint8_t* base, const uint32_t* offsets, uint32_t* out) {
  const size_t lane = size_t(blockIdx.x) * 32 + threadIdx.x;
  const uint8_t* p = base + offsets[lane];
  const vec_t v = __builtin_amdgcn_global_load_tr_b128_v8bf16((global_vec_t*)p);
  __builtin_memcpy(out + lane * (sizeof(vec_t) / 4), &v, sizeof(vec_t));
}

int main() {
  return tr::run("global_load_tr_b128_v8bf16", tr::Kind::B128, (const void*)kern,
                 "docs/facts/transpose.md#transpose-b128 (8x8 transpose per 8 lanes; third-party hardware measurement on gfx1201, not from AMD's ISA guide)");
}
