// SINGLE-TARGET: compiled for gfx950 (not RDNA4), whatever --param targets says.
// The RDNA4 matrix builtins on gfx950: a clean "needs target feature" error, one per builtin family
// (clang diagnoses only the first failing function of a file, hence one RUN line per builtin).
// REQUIRES: arch-gfx950
// RUN: not %hip_device_any_arch --offload-arch=gfx950 -S -o /dev/null -DDENSE %s 2>&1 | FileCheck %s --check-prefix=DENSE
// RUN: not %hip_device_any_arch --offload-arch=gfx950 -S -o /dev/null -DSPARSE %s 2>&1 | FileCheck %s --check-prefix=SPARSE
// RUN: not %hip_device_any_arch --offload-arch=gfx950 -S -o /dev/null -DTRLOAD %s 2>&1 | FileCheck %s --check-prefix=TRLOAD

#include "matrix_types.h"

// Dense WMMA feature spelling: gfx12-insts (clang 19 and 22); upstream main after llvm
// PR #180731 says wmma-128b-insts (docs/facts/builtins.md#target-feature-diagnostics). Both are accepted; nothing else is.

#ifdef DENSE
// DENSE: error: '__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12' needs target feature {{gfx12-insts|wmma-128b-insts}},wavefrontsize32
// DENSE: 1 error generated when compiling for gfx950.
KERNEL dense(v8f *out, const v8h *a, const v8h *b, const v8f *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a[l], b[l], c[l]);
}
#endif

#ifdef SPARSE
// SPARSE: error: '__builtin_amdgcn_swmmac_i32_16x16x32_iu8_w32' needs target feature gfx12-insts,wavefrontsize32
KERNEL sparse(v8i *out, const v2i *a, const v4i *b, const v8i *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_i32_16x16x32_iu8_w32(0, a[l], 0, b[l], c[l], idx[l], 0);
}
#endif

#ifdef TRLOAD
// TRLOAD: error: '__builtin_amdgcn_global_load_tr_b128_v8i16' needs target feature gfx12-insts,wavefrontsize32
KERNEL trload(v8s *out, GLOBAL v8s *p) {
  out[LANE] = __builtin_amdgcn_global_load_tr_b128_v8i16(p + LANE);
}
#endif
