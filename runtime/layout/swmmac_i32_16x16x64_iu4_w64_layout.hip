// Layout probe for v_swmmac_i32_16x16x64_iu4 in wave64 (4-bit integer A/B, K = 64): measures where every
// field of the compressed A operand (row, slot 2*group+v), of B (col, k), of C/D (row, col)
// and every 4-bit field of the index VGPR (row, group it governs, for each of the 2
// index_key sets) lands, compares with docs/facts/layouts.md#swmmac-layout (AMD Matrix
// Instruction Calculator; UNVERIFIED on hardware) and writes the measurement as JSON (method
// and schema: Inputs/cpu-reference/layout_probe.h). index_key: kernel KEY passes `index >> (KEY * 16)`, which clang
// folds into index_key:KEY.
//
// ASSUMES: sparse_index wave64_layouts
// RUN: %hipcc -O2 -mwavefrontsize64 %s -o %t
// RUN: %run %t %t.json | FileCheck %s
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['schema']=='rdna4-layout-probe/1' and d['sparse'] and d['wave_size']==64 and d['mismatches']==0 and d['device'] in ('emu','hw') and len([o for o in d['operands'] if o.startswith('index_key')])==2, d['differences'][:5]" %t.json
// CHECK: layout written to
// CHECK: wave64 A: {{[0-9]+}} fields, B: {{[0-9]+}} fields, D: 256 fields, index: 512 nibbles x 2 index_key(s)
// CHECK: layout A/B/D/index matches docs/facts/layouts.md#swmmac-layout; UNVERIFIED model sparse_index wave64_layouts
// CHECK: PASS swmmac_i32_16x16x64_iu4_w64_layout device={{emu|hw}}
#include <hip/hip_runtime.h>

#include "probe.h"

typedef int a_t;
typedef int b_t __attribute__((ext_vector_type(2)));
typedef int c_t __attribute__((ext_vector_type(4)));

template <int KEY>
__global__ void kern(const uint32_t* a, const uint32_t* b, const uint32_t* c, const uint32_t* idx, uint32_t* d) {
  const a_t A = wt_load<a_t>(a);
  const b_t B = wt_load<b_t>(b);
  const c_t C = wt_load<c_t>(c);
  const uint32_t I = wt_load<uint32_t>(idx) >> (KEY * 16);
  wt_store(d, __builtin_amdgcn_swmmac_i32_16x16x64_iu4_w64(false, A, false, B, C, I, false));
}

int main(int argc, char** argv) {
  const sp::Spec spec{"swmmac_i32_16x16x64_iu4_w64", wt::Elem::I4, wt::Elem::I4, wt::Acc::I32, sp::Kind::B4x64, 64};
  return probe::probe_swmmac("swmmac_i32_16x16x64_iu4_w64_layout", spec, "v_swmmac_i32_16x16x64_iu4", {(const void*)kern<0>, (const void*)kern<1>}, argc, argv);
}
