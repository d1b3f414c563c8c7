// Layout probe for the wave64 transpose loads (global_load_tr_b128 as _v4f16/_v4i16/_v4bf16,
// global_load_tr_b64_i32, compiled with -mwavefrontsize64): every lane s fetches its own
// index-coded data (element e of lane s holds 4*s + e; B128: 4 halves, B64: 4 bytes per lane,
// docs/facts/transpose.md#transpose-wave64), so each result element names the lane and
// element it came from. No mapping is documented for wave64: the measured map is compared
// with the three block transposes that generalise the wave32 rules to half-width lanes
// (Inputs/cpu-reference/load_tr_w64.h: tr4x4, tr8x4x8, tr16i); the probe fails when it
// matches none, and requires i16 and bf16 to share the f16 map. JSON: "rdna4-layout-probe/1",
// wave_size 64, operands.transpose.<builtin> (mapping rows dst_lane, dst_element, src_lane,
// src_element) with the candidate it matches. The probe itself:
// Inputs/cpu-reference/layout_probe.h (probe_tr_w64), compiled into librdna4ref.
//
// ASSUMES: tr_wave64
// RUN: %hipcc -O2 -mwavefrontsize64 %s -o %t
// RUN: %run %t %t.json | FileCheck %s
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); t=d['operands']['transpose']; assert d['wave_size']==64 and len(t)==4 and all(v['matches_model'] for v in t.values()), d['differences'][:5]" %t.json
// CHECK: global_load_tr_b128_v4f16: matches candidate {{tr4x4|tr8x4x8|tr16i}}; UNVERIFIED model tr_wave64
// CHECK: global_load_tr_b128_v4i16: matches candidate {{tr4x4|tr8x4x8|tr16i}}; UNVERIFIED model tr_wave64
// CHECK: global_load_tr_b128_v4bf16: matches candidate {{tr4x4|tr8x4x8|tr16i}}; UNVERIFIED model tr_wave64
// CHECK: global_load_tr_b64_i32: matches candidate {{tr4x4|tr8x4x8|tr16i}}; UNVERIFIED model tr_wave64
// CHECK: i16 and bf16 share the f16 map: yes
// CHECK: layout written to
// CHECK: PASS global_load_tr_w64_layout device={{emu|hw}}
#include <hip/hip_runtime.h>

#include "probe.h"

typedef __fp16 v4fp16 __attribute__((ext_vector_type(4)));
typedef short v4s __attribute__((ext_vector_type(4)));
typedef __bf16 v4bf __attribute__((ext_vector_type(4)));

#define TR_KERNEL(NAME, VEC)                                                                \
  __global__ void k_##NAME(const uint8_t* base, const uint32_t* offsets, uint32_t* out) {  \
    const size_t lane = size_t(blockIdx.x) * 64 + threadIdx.x;                              \
    const VEC v = __builtin_amdgcn_##NAME((__attribute__((address_space(1))) VEC*)(base + offsets[lane])); \
    __builtin_memcpy(out + lane * ((sizeof(VEC) + 3) / 4), &v, sizeof(VEC));              \
  }
TR_KERNEL(global_load_tr_b128_v4f16, v4fp16)
TR_KERNEL(global_load_tr_b128_v4i16, v4s)
TR_KERNEL(global_load_tr_b128_v4bf16, v4bf)
TR_KERNEL(global_load_tr_b64_i32, int)

int main(int argc, char** argv) {
  return probe::probe_tr_w64("global_load_tr_w64_layout",
                         {{"global_load_tr_b128_v4f16", (const void*)k_global_load_tr_b128_v4f16, true},
                          {"global_load_tr_b128_v4i16", (const void*)k_global_load_tr_b128_v4i16, true},
                          {"global_load_tr_b128_v4bf16", (const void*)k_global_load_tr_b128_v4bf16, true},
                          {"global_load_tr_b64_i32", (const void*)k_global_load_tr_b64_i32, false}},
                         argc, argv);
}
