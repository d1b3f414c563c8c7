// Operands of the wrong vector width or element type are Sema errors, not silent conversions:
// an f32 accumulator to the f16-accumulate WMMA, an 8-element B to SWMMAC (B is 16 elements),
// 8-element wave32 fragments to a wave64 builtin. The dense WMMA f16 element type is probed
// (_Float16 in clang 22, __fp16 before: feature f16-operand-*) and passed to FileCheck as F16.
// RUN: not %hip_device -fsyntax-only -DACC %s 2>&1 | FileCheck %s --check-prefix=ACC -DF16=%if f16-operand-float16 %{_Float16%} %else %{__fp16%}
// RUN: not %hip_device -fsyntax-only -DSPARSE_B %s 2>&1 | FileCheck %s --check-prefix=SPARSE_B
// RUN: not %hip_device -fsyntax-only -mwavefrontsize64 -DW64 %s 2>&1 | FileCheck %s --check-prefix=W64 -DF16=%if f16-operand-float16 %{_Float16%} %else %{__fp16%}

#include "matrix_types.h"

#ifdef ACC
// ACC: wrong-operand-width.hip:[[#@LINE+3]]:{{[0-9]+}}: error: cannot initialize a parameter of type '__attribute__((__vector_size__(8 * sizeof([[F16]])))) [[F16]]' (vector of 8 '[[F16]]' values) with an lvalue of type 'const v8f' (vector of 8 'float' values)
KERNEL f32_accumulator(v8h *out, const v8h *a, const v8h *b, const v8f *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12(a[l], b[l], c[l]);
}
#endif

#ifdef SPARSE_B
// SPARSE_B: wrong-operand-width.hip:[[#@LINE+3]]:{{[0-9]+}}: error: cannot initialize a parameter of type '__attribute__((__vector_size__(16 * sizeof(__fp16)))) __fp16' (vector of 16 '__fp16' values) with an lvalue of type 'const v8fp16' (vector of 8 '__fp16' values)
KERNEL sparse_b_too_narrow(v8f *out, const v8fp16 *a, const v8fp16 *b, const v8f *c, const int *idx) {
  int l = LANE;
  out[l] = __builtin_amdgcn_swmmac_f32_16x16x32_f16_w32(a[l], b[l], c[l], idx[l]);
}
#endif

#ifdef W64
// W64: wrong-operand-width.hip:[[#@LINE+3]]:{{[0-9]+}}: error: cannot initialize a parameter of type '__attribute__((__vector_size__(4 * sizeof([[F16]])))) [[F16]]' (vector of 4 '[[F16]]' values) with an lvalue of type 'const v8h' (vector of 8 '[[F16]]' values)
KERNEL wave32_fragments_to_w64(v4f *out, const v8h *a, const v8h *b, const v4f *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w64_gfx12(a[l], b[l], c[l]);
}
#endif
