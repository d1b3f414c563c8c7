// Layout probe for the wave32 transpose loads (global_load_tr_b128 as
// _v8f16/_v8i16/_v8bf16, global_load_tr_b64_v2i32): every lane s fetches its
// own index-coded data (element e of lane s holds 8*s + e), so each result
// element names the lane and element it came from. The measured mapping is
// written as JSON ("rdna4-layout-probe/1", operands.transpose.<builtin>) and
// compared with docs/facts/transpose.md (B128: dst[L].e[j] = R(8*(L/8)+j)[L%8], also
// seed 000's formula; B64: the UNVERIFIED CK-derived model) and, for seed
// 000's claim that i16/bf16 "share" the f16 permutation, with each other
// (seed 000: docs/facts/starting-pages.md#seed-000). The probe itself:
// Inputs/cpu-reference/layout_probe.h (probe_tr), compiled into librdna4ref.
//
// ASSUMES: tr_b64_mapping
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t %t.json | FileCheck %s
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); t=d['operands']['transpose']; assert len(t)==4 and all(v['matches_model'] for v in t.values()), d['differences'][:5]" %t.json
// CHECK: global_load_tr_b128_v8f16: matches docs/facts/transpose.md#transpose-b128
// CHECK: global_load_tr_b128_v8i16: matches docs/facts/transpose.md#transpose-b128
// CHECK: global_load_tr_b128_v8bf16: matches docs/facts/transpose.md#transpose-b128
// CHECK: global_load_tr_b64_v2i32: matches {{.*}}UNVERIFIED
// CHECK: seed 000: i16 and bf16 share the f16 permutation: yes
// CHECK: PASS global_load_tr_layout device={{emu|hw}}
#include <hip/hip_runtime.h>

#include "probe.h"

typedef __fp16 v8fp16 __attribute__((ext_vector_type(8)));
typedef short v8s __attribute__((ext_vector_type(8)));
typedef __bf16 v8bf __attribute__((ext_vector_type(8)));
typedef int v2i __attribute__((ext_vector_type(2)));

// Lane L of wave n loads from base + offsets[n*32+L] and stores its result
// registers lane-major.
template <class V>
__device__ inline void store_result(uint32_t* out, const V& v) {
  const size_t lane = size_t(blockIdx.x) * 32 + threadIdx.x;
  __builtin_memcpy(out + lane * (sizeof(V) / 4), &v, sizeof(V));
}
#define TR_KERNEL(NAME, VEC)                                                                   \
  __global__ void k_##NAME(const uint8_t* base, const uint32_t* offsets, uint32_t* out) {     \
    const uint8_t* p = base + offsets[size_t(blockIdx.x) * 32 + threadIdx.x];                 \
    store_result(out, __builtin_amdgcn_##NAME((__attribute__((address_space(1))) VEC*)p));    \
  }
TR_KERNEL(global_load_tr_b128_v8f16, v8fp16)
TR_KERNEL(global_load_tr_b128_v8i16, v8s)
TR_KERNEL(global_load_tr_b128_v8bf16, v8bf)
TR_KERNEL(global_load_tr_b64_v2i32, v2i)

int main(int argc, char** argv) {
  return probe::probe_tr("global_load_tr_layout",
                         {{"global_load_tr_b128_v8f16", (const void*)k_global_load_tr_b128_v8f16, true},
                          {"global_load_tr_b128_v8i16", (const void*)k_global_load_tr_b128_v8i16, true},
                          {"global_load_tr_b128_v8bf16", (const void*)k_global_load_tr_b128_v8bf16, true},
                          {"global_load_tr_b64_v2i32", (const void*)k_global_load_tr_b64_v2i32, false}},
                         argc, argv);
}
