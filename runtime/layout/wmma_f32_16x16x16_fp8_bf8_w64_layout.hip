// Layout probe for v_wmma_f32_16x16x16_fp8_bf8 in wave64 (8-bit A (fp8) and B (bf8), 32-bit C/D): measures where
// every A, B and C/D register field of the 64 lanes lands in the matrices, and the A-B K pairing
// (A and B carry different index codes), compares with docs/facts/layouts.md#wave64-layouts
// (AMD Matrix Instruction Calculator, UNVERIFIED on hardware) and writes the measurement as JSON
// (method and schema: Inputs/cpu-reference/layout_probe.h).
//
// ASSUMES: wave64_layouts
// RUN: %hipcc -O2 -mwavefrontsize64 %s -o %t
// RUN: %run %t %t.json | FileCheck %s
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['schema']=='rdna4-layout-probe/1' and d['wave_size']==64 and d['mismatches']==0 and d['device'] in ('emu','hw'), d['differences'][:5]" %t.json
// CHECK: layout written to
// CHECK: wave64 A: {{[0-9]+}} fields
// CHECK: layout A/B/D matches docs/facts/layouts.md#wave64-layouts (K pairing included); UNVERIFIED model wave64_layouts
// CHECK: PASS wmma_f32_16x16x16_fp8_bf8_w64_layout device={{emu|hw}}
#include <hip/hip_runtime.h>

#include "probe.h"

typedef float v4f __attribute__((ext_vector_type(4)));

__global__ void kern(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* d) {
  const int A = wt_load<int>(a), B = wt_load<int>(b);
  const v4f C = wt_load<v4f>(c);
  wt_store(d, __builtin_amdgcn_wmma_f32_16x16x16_fp8_bf8_w64_gfx12(A, B, C));
}

int main(int argc, char** argv) {
  const wt::Spec spec{"wmma_f32_16x16x16_fp8_bf8_w64_gfx12", wt::Elem::FP8, wt::Elem::BF8, wt::Acc::F32, ref::AB::B8, 64};
  return probe::probe_wmma("wmma_f32_16x16x16_fp8_bf8_w64_layout", spec, "v_wmma_f32_16x16x16_fp8_bf8", (const void*)kern, argc, argv);
}
