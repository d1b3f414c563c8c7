// The a_sign, b_sign and clamp operands of the integer WMMA/SWMMAC builtins must be integer
// constant expressions: a runtime value is a Sema error (checked with -fsyntax-only and -S).
// RUN: not %hip_device -fsyntax-only -DA_SIGN %s 2>&1 | FileCheck %s --check-prefix=A_SIGN
// RUN: not %hip_device -fsyntax-only -DB_SIGN %s 2>&1 | FileCheck %s --check-prefix=B_SIGN
// RUN: not %hip_device -fsyntax-only -DCLAMP %s 2>&1 | FileCheck %s --check-prefix=CLAMP
// RUN: not %hip_device -S -o /dev/null -DSPARSE_CLAMP %s 2>&1 | FileCheck %s --check-prefix=SPARSE_CLAMP

#include "matrix_types.h"

#ifdef A_SIGN
// A_SIGN: non-constant-sign-clamp.hip:[[#@LINE+3]]:{{[0-9]+}}: error: argument to '__builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12' must be a constant integer
KERNEL a_sign(v8i *out, const v2i *a, const v2i *b, const v8i *c, bool s) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12(s, a[l], 0, b[l], c[l], 0);
}
#endif

#ifdef B_SIGN
// B_SIGN: non-constant-sign-clamp.hip:[[#@LINE+3]]:{{[0-9]+}}: error: argument to '__builtin_amdgcn_wmma_i32_16x16x32_iu4_w32_gfx12' must be a constant integer
KERNEL b_sign(v8i *out, const v2i *a, const v2i *b, const v8i *c, bool s) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_i32_16x16x32_iu4_w32_gfx12(0, a[l], s, b[l], c[l], 0);
}
#endif

#ifdef CLAMP
// CLAMP: non-constant-sign-clamp.hip:[[#@LINE+3]]:{{[0-9]+}}: error: argument to '__builtin_amdgcn_wmma_i32_16x16x16_iu4_w32_gfx12' must be a constant integer
KERNEL clamp(v8i *out, const int *a, const int *b, const v8i *c, bool s) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_i32_16x16x16_iu4_w32_gfx12(0, a[l], 0, b[l], c[l], s);
}
#endif

#ifdef SPARSE_CLAMP
// SPARSE_CLAMP: error: argument to '__builtin_amdgcn_swmmac_i32_16x16x32_iu8_w32' must be a constant integer
KERNEL sparse_clamp(v8i *out, const v2i *a, const v4i *b, const v8i *c, const int *idx, bool s) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_i32_16x16x32_iu8_w32(0, a[l], 0, b[l], c[l], idx[l], s);
}
#endif
