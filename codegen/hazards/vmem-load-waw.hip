// gfx12 VMEM loads may write their VGPR results out of order (llvm PR #105549): a load into
// a VGPR that an earlier, unfinished load also writes needs s_wait_loadcnt first. Typical
// source: a conditional load in a loop whose result is read after the loop (each iteration's
// load writes the loop-carried VGPR of the previous one). The wait must be in the loop,
// before the load, in the load's basic block (docs/facts/hazards.md#vmem-loads-may-write-their-vgprs-out-of-order).
// Exact on the wait; register numbers and the instructions around it are free.
// RUN: %hip_device_s -O3 %s | FileCheck %s
// RUN: %hip_device_s -O2 %s | FileCheck %s
// RUN: %hip_device_s -O1 %s | FileCheck %s

#include "matrix_types.h"

// CHECK-LABEL: {{^}}cond_load_loop:
// CHECK: s_wait_loadcnt 0x0
// CHECK-NOT: {{^[[:space:]]+(s_branch|s_cbranch_[a-z]+|s_setpc_b64|global_load_[a-z0-9]+|s_wait_loadcnt) |^\.LBB}}
// CHECK: global_load_b32 v[[#V:]], v[{{[0-9]+:[0-9]+}}], off{{$}}
// CHECK-NEXT: s_branch
// CHECK: s_wait_loadcnt 0x0
// CHECK: global_store_b32 v{{[0-9]+}}, v[[#V]], s[{{[0-9]+:[0-9]+}}]{{$}}
KERNEL cond_load_loop(int *out, const int *in, int n) {
  int l = LANE;
  int v = -1;
  for (int i = 0; i < n; ++i)
    if (((l + i) & 3) == 0) v = in[i * 32 + l];
  out[l] = v;
}

// Two sources of the loop-carried value (the compiler may merge them into one load).
// CHECK-LABEL: {{^}}two_source_loop:
// CHECK: s_wait_loadcnt 0x0
// CHECK-NOT: {{^[[:space:]]+(s_branch|s_cbranch_[a-z]+|s_setpc_b64|global_load_[a-z0-9]+|s_wait_loadcnt) |^\.LBB}}
// CHECK: global_load_b32 v[[#W:]], v[{{[0-9]+:[0-9]+}}], off{{$}}
// CHECK: s_wait_loadcnt 0x0
// CHECK: global_store_b32 v{{[0-9]+}}, v[[#W]], s[{{[0-9]+:[0-9]+}}]{{$}}
KERNEL two_source_loop(int *out, const int *a, const int *b, int n) {
  int l = LANE;
  int v = 0;
  for (int i = 0; i < n; ++i) {
    if (((l + i) % 3) == 0) v = a[i * 32 + l];
    else if (((l + i) % 3) == 1) v = b[i * 32 + l];
  }
  out[l] = v;
}
