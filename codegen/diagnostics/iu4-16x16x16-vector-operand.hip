// The 16x16x16 iu4 WMMA takes A and B as ONE int each (32 4-bit values per lane in wave32 is
// 16 x 16 / 32 lanes x 4 bits = 32 bits). A v2i operand (the 16x16x32 iu4 shape) is a type error.
// RUN: not %hip_device -fsyntax-only %s 2>&1 | FileCheck %s

#include "matrix_types.h"

// CHECK: iu4-16x16x16-vector-operand.hip:[[#@LINE+3]]:{{[0-9]+}}: error: cannot initialize a parameter of type 'int' with an lvalue of type 'const v2i' (vector of 2 'int' values)
KERNEL iu4_vector(v8i *out, const v2i *a, const v2i *b, const v8i *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_i32_16x16x16_iu4_w32_gfx12(0, a[l], 0, b[l], c[l], 0);
}
