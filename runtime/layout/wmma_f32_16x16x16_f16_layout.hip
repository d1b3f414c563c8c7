// Layout probe for v_wmma_f32_16x16x16_f16 (16-bit A/B (f16), 32-bit C/D): measures where every A, B and
// C/D register field lands in the matrices, and the A-B K pairing (A and B
// carry different index codes), compares with docs/facts/layouts.md#wave32-a-and-b and
// writes the measurement as JSON (method and schema: Inputs/cpu-reference/layout_probe.h).
//
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t %t.json | FileCheck %s
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['schema']=='rdna4-layout-probe/1' and d['mismatches']==0 and d['device'] in ('emu','hw'), d['differences'][:5]" %t.json
// CHECK: layout written to
// CHECK: layout A/B/D matches docs/facts/layouts.md#wave32-a-and-b (K pairing included)
// CHECK: PASS wmma_f32_16x16x16_f16_layout device={{emu|hw}}
#include <hip/hip_runtime.h>

#include "probe.h"

typedef _Float16 v8h __attribute__((ext_vector_type(8)));
typedef float v8f __attribute__((ext_vector_type(8)));

__global__ void kern(const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* d) {
  const v8h A = wt_load<v8h>(a), B = wt_load<v8h>(b);
  const v8f C = wt_load<v8f>(c);
  wt_store(d, __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(A, B, C));
}

int main(int argc, char** argv) {
  const wt::Spec spec{"wmma_f32_16x16x16_f16_w32_gfx12", wt::Elem::F16, wt::Elem::F16, wt::Acc::F32, ref::AB::B16};
  return probe::probe_wmma("wmma_f32_16x16x16_f16_layout", spec, "v_wmma_f32_16x16x16_f16", (const void*)kern, argc, argv);
}
