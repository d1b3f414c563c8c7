// Known bug class: s_sendmsg sendmsg(MSG_DEALLOC_VGPRS) before s_endpgm while scratch stores may
// still be in flight. On gfx11 and gfx12 SIInsertWaitcnts may end a kernel whose VMEM stores are
// pending with that message, which frees the wave's VGPRs (and its scratch) without waiting for
// the stores. That is only safe when no pending store can target scratch: the hardware would
// otherwise release the scratch allocation under an outstanding scratch store
// (https://github.com/llvm/llvm-project/pull/160669, review comments). Upstream fixes of cases
// where the compiler sent it anyway:
//  * https://github.com/llvm/llvm-project/pull/77439 (LLVM 18 cycle): after a call (the callee's
//    stores to its stack may be in flight when it returns).
//  * https://github.com/llvm/llvm-project/pull/178401 (after LLVM 22): the decision was taken on
//    the first visit of the s_endpgm block; scratch stores reaching it only around a loop back
//    edge were seen on a later visit, too late.
//  * https://github.com/llvm/llvm-project/pull/178461 (LLVM 22.1, backport PR 178748): the same
//    in the presence of spills to scratch.
// Neither Debian clang-19 nor clang-22 sends the message in the kernels below (measured); this
// file holds the rule. The message is only sent by optimized code, and since
// https://github.com/llvm/llvm-project/pull/112765 (LLVM 20) only by kernels whose VGPR count
// limits occupancy, so every kernel here clobbers v100 (101 VGPRs: fewer than 16 waves per SIMD).
// `global_only` proves the message is emitted at all, so the CHECK-NOTs of the others can fail.
// docs/known-bugs.md#dealloc-vgprs-with-pending-scratch-stores.
// RUN: %hip_device_s -O3 %s | FileCheck %s

#include "matrix_types.h"

// Control: only global stores pending at the end: the message is correct here.
// CHECK-LABEL: {{^}}global_only:
// CHECK: global_store_b32
// CHECK-NOT: s_endpgm
// CHECK: s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)
// CHECK-NEXT: s_endpgm
KERNEL global_only(int *out, const int *in) {
  int l = LANE;
  asm volatile("" ::: "v100");
  out[l] = in[l] * 3;
}

// A private array indexed at run time lives in scratch: 64 scratch stores, then one scratch load
// and a global store. The stores are still pending at s_endpgm: no message.
// CHECK-LABEL: {{^}}scratch_stores_pending:
// CHECK: scratch_store_b32
// CHECK-NOT: MSG_DEALLOC_VGPRS
// CHECK: global_store_b32
// CHECK-NOT: MSG_DEALLOC_VGPRS
// CHECK: s_endpgm
KERNEL scratch_stores_pending(int *out, const int *in, int k) {
  int l = LANE;
  int buf[64];
  asm volatile("" ::: "v100");
  for (int i = 0; i < 64; ++i) buf[(i * 7 + k) & 63] = in[i];  // 7 is odd: every element written
  out[l] = buf[(l + k) & 63];
}

// The PR 178401 shape: the s_endpgm block is reached straight from the entry (n <= 0, no scratch
// store) and from the loop, whose body ends with scratch stores. No message.
// CHECK-LABEL: {{^}}scratch_stores_in_loop:
// CHECK: scratch_store_b32
// CHECK-NOT: MSG_DEALLOC_VGPRS
// CHECK: s_endpgm
KERNEL scratch_stores_in_loop(int *out, const int *in, int n, int k) {
  int l = LANE;
  int buf[64];
  asm volatile("" ::: "v100");
  for (int i = 0; i < n; ++i) {
    buf[(l + i) & 63] = in[i];
    buf[(l + i + 1) & 63] = in[i + 1];
    out[i * 32 + l] = buf[(l + i + (k & 1)) & 63];  // one of the two elements just stored
  }
}

// The PR 77439 shape: a call returns without waiting for its stores, so the callee's stores to
// its own stack (scratch) may still be in flight at the caller's s_endpgm. No message.
__attribute__((noinline)) __attribute__((device)) int scratch_callee(const int *in, int k) {
  int buf[64];
  for (int i = 0; i < 64; ++i) buf[(i * 7 + k) & 63] = in[i];
  return buf[k & 63];
}

// CHECK-LABEL: {{^}}after_call:
// CHECK: s_swappc_b64
// CHECK-NOT: MSG_DEALLOC_VGPRS
// CHECK: s_endpgm
KERNEL after_call(int *out, const int *in, int k) {
  int l = LANE;
  asm volatile("" ::: "v100");
  out[l] = scratch_callee(in, k + l);
}
