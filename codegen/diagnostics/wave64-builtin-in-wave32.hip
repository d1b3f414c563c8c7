// Wave64 builtins in a default (wave32) RDNA4 compile: a clean error naming the wave64 feature.
// RUN: not %hip_device -S -o /dev/null -DDENSE %s 2>&1 | FileCheck %s --check-prefix=DENSE
// RUN: not %hip_device -S -o /dev/null -DSPARSE %s 2>&1 | FileCheck %s --check-prefix=SPARSE
// RUN: not %hip_device -S -o /dev/null -DTRLOAD %s 2>&1 | FileCheck %s --check-prefix=TRLOAD

#include "matrix_types.h"

// Dense WMMA feature spelling: gfx12-insts (clang 19 and 22); upstream main after llvm
// PR #180731 says wmma-128b-insts (docs/facts/builtins.md#target-feature-diagnostics). Both are accepted; nothing else is.

#ifdef DENSE
// DENSE: error: '__builtin_amdgcn_wmma_f32_16x16x16_f16_w64_gfx12' needs target feature {{gfx12-insts|wmma-128b-insts}},wavefrontsize64
KERNEL dense(v4f *out, const v4h *a, const v4h *b, const v4f *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w64_gfx12(a[l], b[l], c[l]);
}
#endif

#ifdef SPARSE
// SPARSE: error: '__builtin_amdgcn_swmmac_i32_16x16x32_iu4_w64' needs target feature gfx12-insts,wavefrontsize64
KERNEL sparse(v4i *out, const int *a, const int *b, const v4i *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_i32_16x16x32_iu4_w64(0, a[l], 0, b[l], c[l], idx[l], 0);
}
#endif

#ifdef TRLOAD
// TRLOAD: error: '__builtin_amdgcn_global_load_tr_b64_i32' needs target feature gfx12-insts,wavefrontsize64
KERNEL trload(int *out, GLOBAL int *p) {
  out[LANE] = __builtin_amdgcn_global_load_tr_b64_i32(p + LANE);
}
#endif
