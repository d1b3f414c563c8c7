// __builtin_amdgcn_global_load_tr_b128_v4bf16: v4bf16(v4bf16 __attribute__((address_space(1))) *p)
// -> global_load_tr_b128 with a 2-VGPR destination. Feature gfx12-insts,wavefrontsize64.
// Every load must be the transpose load itself, with no cache-policy hint (llvm PR #79104
// once emitted th:TH_LOAD_NT): each ISA line ends right after its operands ({{$}}).
// REQUIRES: builtin-global_load_tr_b128_v4bf16
// RUN: %hip_device_ll -O3 -mwavefrontsize64 %s | FileCheck %s --check-prefix=IR
// RUN: %hip_device_s -O0 -mwavefrontsize64 %s | FileCheck %s --check-prefix=ISA
// RUN: %hip_device_s -O3 -mwavefrontsize64 %s | FileCheck %s --check-prefix=ISA

#include "matrix_types.h"

// IR-LABEL: define {{.*}}void @plain(
// IR: call {{.*}}<4 x bfloat> @llvm.amdgcn.global.load.tr.b128.v4bf16(ptr addrspace(1) %{{[^,)]+}})
// ISA-LABEL: {{^}}plain:
// ISA: global_load_tr_b128 v[[[#D:]]:
// ISA-SAME: [[#D+1]]], {{v[0-9]+, s\[[0-9]+:[0-9]+\]|v\[[0-9]+:[0-9]+\], off}}{{$}}
KERNEL plain(v4bf16 *out, GLOBAL v4bf16 *p) {
  *out = __builtin_amdgcn_global_load_tr_b128_v4bf16(p);
}

// A constant element offset folds into the instruction's immediate offset (4 x 8 bytes).
// ISA-LABEL: {{^}}imm_offset:
// ISA: global_load_tr_b128 v[{{[0-9]+:[0-9]+}}], {{v[0-9]+, s\[[0-9]+:[0-9]+\]|v\[[0-9]+:[0-9]+\], off}} offset:32{{$}}
KERNEL imm_offset(v4bf16 *out, GLOBAL v4bf16 *p) {
  *out = __builtin_amdgcn_global_load_tr_b128_v4bf16(p + 4);
}

// Per-lane addresses (the usual use): still one transpose load, offset folded.
// ISA-LABEL: {{^}}per_lane:
// ISA: global_load_tr_b128 v[{{[0-9]+:[0-9]+}}], {{v[0-9]+, s\[[0-9]+:[0-9]+\]|v\[[0-9]+:[0-9]+\], off}} offset:32{{$}}
KERNEL per_lane(v4bf16 *out, GLOBAL v4bf16 *p) {
  int lane = __builtin_amdgcn_workitem_id_x();
  out[lane] = __builtin_amdgcn_global_load_tr_b128_v4bf16(p + lane + 4);
}
