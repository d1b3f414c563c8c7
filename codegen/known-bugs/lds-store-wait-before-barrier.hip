// Known bugs: the wait for LDS stores before a gfx12 barrier went missing twice.
//  * https://github.com/llvm/llvm-project/pull/90595 (backported to LLVM 18 by
//    https://github.com/llvm/llvm-project/pull/90719): SIInsertWaitcnts only knew S_BARRIER as a
//    barrier; gfx12 splits it into s_barrier_signal / s_barrier_wait, so no wait was put before it.
//  * https://github.com/llvm/llvm-project/pull/159282 (LLVM 22): a workgroup release fence limited
//    to LDS (`__builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup", "local")`) emitted no wait.
// Since https://github.com/llvm/llvm-project/pull/154970 a bare barrier has no memory semantics
// (clang 22 puts no wait before a barrier without fences), so the pattern checked is the one HIP's
// __syncthreads() uses: LDS store, release fence, barrier, acquire fence, LDS load of another
// lane's element. Correct output: `s_wait_dscnt 0x0` between the ds_store and s_barrier_signal.
// docs/known-bugs.md#lds-store-wait-before-barrier.
// RUN: %hip_device_s -O3 %s | FileCheck %s

#include "matrix_types.h"

static __attribute__((shared)) int tile[64];

// CHECK-LABEL: {{^}}release_workgroup:
// CHECK: ds_store_b32
// CHECK-NOT: s_barrier_signal
// CHECK: s_wait_dscnt 0x0
// CHECK-NEXT: s_barrier_signal -1
// CHECK: ds_load_b32
KERNEL release_workgroup(int *out, const int *in) {
  int l = LANE;
  tile[l] = in[l];
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
  out[l] = tile[63 - l];
}

// CHECK-LABEL: {{^}}release_workgroup_lds_only:
// CHECK: ds_store_b32
// CHECK-NOT: s_barrier_signal
// CHECK: s_wait_dscnt 0x0
// CHECK-NEXT: s_barrier_signal -1
// CHECK: ds_load_b32
KERNEL release_workgroup_lds_only(int *out, const int *in) {
  int l = LANE;
  tile[l] = in[l];
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup", "local");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup", "local");
  out[l] = tile[63 - l];
}
