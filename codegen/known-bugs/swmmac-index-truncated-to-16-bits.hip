// Known bug: the SWMMAC builtins declared their sparse-index argument `short`, so an index
// computed in 32 bits lost its upper half before it reached the instruction. Fixed in clang by
// https://github.com/llvm/llvm-project/pull/129101 (index is `int` since LLVM 21; the
// intrinsics always accepted any integer width). The one RDNA4 SWMMAC whose index VGPR uses all
// 32 bits in wave32 is v_swmmac_i32_16x16x64_iu4: one 4-bit index field per group of four K,
// 8 groups per lane, a single index set (docs/facts/layouts.md#swmmac-layout).
// Triggering pattern: an index whose upper half is computed (here `idx | lane << 16`).
// Wrong output (clang 19): the `lane << 16` is dropped and the instruction reads the 16-bit
// value; correct: the index VGPR is the full 32-bit value (v_lshl_or_b32 ..., 16, ...) and
// nothing narrows it before the v_swmmac. docs/known-bugs.md#swmmac-index-truncated-to-16-bits.
// XFAIL: clang-major-18 || clang-major-19 || clang-major-20
// REQUIRES: builtin-swmmac_i32_16x16x64_iu4_w32
// RUN: %hip_device_s -O3 %s | FileCheck %s

#include "matrix_types.h"

// CHECK-LABEL: {{^}}iu4_index_high_half:
// CHECK: v_lshl_or_b32 v[[#IDX:]], v{{[0-9]+}}, 16, v{{[0-9]+}}
// CHECK-NOT: {{^[[:space:]]+v_[a-z0-9_]+ v}}[[#IDX]]{{,}}
// CHECK: v_swmmac_i32_16x16x64_iu4 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[[#IDX]]{{$}}
KERNEL iu4_index_high_half(v8i *out, const v2i *a, const v4i *b, const v8i *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_i32_16x16x64_iu4_w32(0, a[l], 0, b[l], c[l], idx[l] | (l << 16), 0);
}
