// Conformance of __builtin_amdgcn_global_load_tr_b64_i32 (global_load_tr_b64), wave64
// (-mwavefrontsize64, blocks of 64 threads): 8-bit data in one 32-bit word.
// Each lane fetches 4 bytes from its own address; the lane permutation has no
// source, so the test MEASURES it (index-coded data), checks what any transpose
// load must satisfy (a permutation of the fetched elements, each lane a column
// of 4 distinct source lanes, the same map for every address and data pattern,
// bit-exact) and reports which candidate block transpose it matches
// (driver: Inputs/cpu-reference/load_tr_w64.h). UNVERIFIED model.
//
// ASSUMES: tr_wave64
// RUN: %hipcc -O2 -mwavefrontsize64 %s -o %t
// RUN: %run %t | FileCheck %s
// CHECK: builtin=__builtin_amdgcn_global_load_tr_b64_i32 wave64 model: UNVERIFIED model
// CHECK: structure: 64/64 lanes receive a column of 4 distinct source lanes; map is a permutation
// CHECK: candidate {{.*}} MATCHES
// CHECK: PASS global_load_tr_b64_i32 (measured permutation = {{[a-z0-9x,]+}}, 6 cases x 256 elements bit-exact; UNVERIFIED model) device={{emu|hw}}
#include <hip/hip_runtime.h>

#include "../../Inputs/cpu-reference/rdna4ref.h"

typedef int vec_t;
typedef __attribute__((address_space(1))) vec_t global_vec_t;

__global__ void kern(const uint8_t* base, const uint32_t* offsets, uint32_t* out) {
  const size_t lane = size_t(blockIdx.x) * 64 + threadIdx.x;
  const uint8_t* p = base + offsets[lane];
  const vec_t v = __builtin_amdgcn_global_load_tr_b64_i32((global_vec_t*)p);
  __builtin_memcpy(out + lane * (sizeof(vec_t) / 4), &v, sizeof(vec_t));
}

int main() { return tr64::run("global_load_tr_b64_i32", tr64::Kind::B64, (const void*)kern); }
