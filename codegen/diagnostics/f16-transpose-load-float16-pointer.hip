// __builtin_amdgcn_global_load_tr_b128_v8f16 takes a pointer to 8 x __fp16 (clang 19 and 22;
// llvm PR #185446 tried _Float16 and was reverted by #185861). A _Float16 vector pointer is a
// type error in HIP/C++, not a silent conversion.
// RUN: not %hip_device -fsyntax-only %s 2>&1 | FileCheck %s

#include "matrix_types.h"

typedef _Float16 v8float16 __attribute__((ext_vector_type(8)));

// CHECK: f16-transpose-load-float16-pointer.hip:[[#@LINE+2]]:{{[0-9]+}}: error: cannot initialize a parameter of type '__attribute__((__vector_size__(8 * sizeof(__fp16)))) __fp16 __device__ *' with an rvalue of type '__device__ v8float16 *'
KERNEL f16_pointer(v8float16 *out, GLOBAL v8float16 *p) {
  out[LANE] = __builtin_amdgcn_global_load_tr_b128_v8f16(p + LANE);
}
