// __builtin_amdgcn_global_load_tr_b64_v2i32: v2i(v2i __attribute__((address_space(1))) *p)
// -> global_load_tr_b64 with a 2-VGPR destination. Feature gfx12-insts,wavefrontsize32.
// Every load must be the transpose load itself, with no cache-policy hint (llvm PR #79104
// once emitted th:TH_LOAD_NT): each ISA line ends right after its operands ({{$}}).
// REQUIRES: builtin-global_load_tr_b64_v2i32
// RUN: %hip_device_ll -O3 %s | FileCheck %s --check-prefix=IR
// RUN: %hip_device_s -O0 %s | FileCheck %s --check-prefix=ISA
// RUN: %hip_device_s -O3 %s | FileCheck %s --check-prefix=ISA

#include "matrix_types.h"

// IR-LABEL: define {{.*}}void @plain(
// IR: call {{.*}}<2 x i32> @llvm.amdgcn.global.load.tr.b64.v2i32(ptr addrspace(1) %{{[^,)]+}})
// ISA-LABEL: {{^}}plain:
// ISA: global_load_tr_b64 v[[[#D:]]:
// ISA-SAME: [[#D+1]]], {{v[0-9]+, s\[[0-9]+:[0-9]+\]|v\[[0-9]+:[0-9]+\], off}}{{$}}
KERNEL plain(v2i *out, GLOBAL v2i *p) {
  *out = __builtin_amdgcn_global_load_tr_b64_v2i32(p);
}

// A constant element offset folds into the instruction's immediate offset (4 x 8 bytes).
// ISA-LABEL: {{^}}imm_offset:
// ISA: global_load_tr_b64 v[{{[0-9]+:[0-9]+}}], {{v[0-9]+, s\[[0-9]+:[0-9]+\]|v\[[0-9]+:[0-9]+\], off}} offset:32{{$}}
KERNEL imm_offset(v2i *out, GLOBAL v2i *p) {
  *out = __builtin_amdgcn_global_load_tr_b64_v2i32(p + 4);
}

// Per-lane addresses (the usual use): still one transpose load, offset folded.
// ISA-LABEL: {{^}}per_lane:
// ISA: global_load_tr_b64 v[{{[0-9]+:[0-9]+}}], {{v[0-9]+, s\[[0-9]+:[0-9]+\]|v\[[0-9]+:[0-9]+\], off}} offset:32{{$}}
KERNEL per_lane(v2i *out, GLOBAL v2i *p) {
  int lane = __builtin_amdgcn_workitem_id_x();
  out[lane] = __builtin_amdgcn_global_load_tr_b64_v2i32(p + lane + 4);
}
