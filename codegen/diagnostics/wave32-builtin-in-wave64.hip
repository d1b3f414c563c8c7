// Wave32 builtins in a wave64 compile (-mwavefrontsize64) on RDNA4: a clean error naming the
// wave32 feature (one RUN line per family: only the first failing function is diagnosed).
// RUN: not %hip_device -mwavefrontsize64 -S -o /dev/null -DDENSE %s 2>&1 | FileCheck %s --check-prefix=DENSE
// RUN: not %hip_device -mwavefrontsize64 -S -o /dev/null -DSPARSE %s 2>&1 | FileCheck %s --check-prefix=SPARSE
// RUN: not %hip_device -mwavefrontsize64 -S -o /dev/null -DTRLOAD %s 2>&1 | FileCheck %s --check-prefix=TRLOAD

#include "matrix_types.h"

// Dense WMMA feature spelling: gfx12-insts (clang 19 and 22); upstream main after llvm
// PR #180731 says wmma-128b-insts (docs/facts/builtins.md#target-feature-diagnostics). Both are accepted; nothing else is.

#ifdef DENSE
// DENSE: error: '__builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12' needs target feature {{gfx12-insts|wmma-128b-insts}},wavefrontsize32
KERNEL dense(v8i *out, const v2i *a, const v2i *b, const v8i *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12(0, a[l], 0, b[l], c[l], 0);
}
#endif

#ifdef SPARSE
// SPARSE: error: '__builtin_amdgcn_swmmac_f32_16x16x32_f16_w32' needs target feature gfx12-insts,wavefrontsize32
KERNEL sparse(v8f *out, const v8fp16 *a, const v16fp16 *b, const v8f *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_f32_16x16x32_f16_w32(a[l], b[l], c[l], idx[l]);
}
#endif

#ifdef TRLOAD
// TRLOAD: error: '__builtin_amdgcn_global_load_tr_b64_v2i32' needs target feature gfx12-insts,wavefrontsize32
KERNEL trload(v2i *out, GLOBAL v2i *p) {
  out[LANE] = __builtin_amdgcn_global_load_tr_b64_v2i32(p + LANE);
}
#endif
