// Conformance of __builtin_amdgcn_global_load_tr_b64_v2i32 (global_load_tr_b64), wave32:
// 8-bit data in two 32-bit words; seed 000 documents no mapping.
// Each lane loads from its own address; the result is checked bit-exactly
// against the mapping model in Inputs/cpu-reference/fragments.h (driver:
// Inputs/cpu-reference/load_tr.h), for seed 000's (docs/facts/starting-pages.md#seed-000) addressing,
// reversed lanes and random per-lane addresses.
//
// ASSUMES: tr_b64_mapping
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s
// CHECK: model: UNVERIFIED
// CHECK: PASS global_load_tr_b64_v2i32 ({{[0-9]+}} elements, bit-exact) device={{emu|hw}}
#include <hip/hip_runtime.h>

#include "../../Inputs/cpu-reference/rdna4ref.h"

typedef int vec_t __attribute__((ext_vector_type(2)));
typedef __attribute__((address_space(1))) vec_t global_vec_t;

__global__ void kern(const uint8_t* base, const uint32_t* offsets, uint32_t* out) {
  const size_t lane = size_t(blockIdx.x) * 32 + threadIdx.x;
  const uint8_t* p = base + offsets[lane];
  const vec_t v = __builtin_amdgcn_global_load_tr_b64_v2i32((global_vec_t*)p);
  __builtin_memcpy(out + lane * (sizeof(vec_t) / 4), &v, sizeof(vec_t));
}

int main() {
  return tr::run("global_load_tr_b64_v2i32", tr::Kind::B64, (const void*)kern,
                 ref::kTrB64Status);
}
