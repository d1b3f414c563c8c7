// The element type of the dense WMMA f16 operands changed from __fp16 (clang 18-21) to _Float16
// (clang 22, llvm PR #175039). With lax vector conversions (the default) both compile; with
// -flax-vector-conversions=none exactly one does. The probed type is feature f16-operand-*.
// RUN: %hip_device -fsyntax-only -flax-vector-conversions=none -DRDNA4_F16_CASE=%if f16-operand-float16 %{_Float16%} %else %{__fp16%} %s
// RUN: not %hip_device -fsyntax-only -flax-vector-conversions=none -DRDNA4_F16_CASE=%if f16-operand-float16 %{__fp16%} %else %{_Float16%} %s 2>&1 | FileCheck %s --check-prefix=%if f16-operand-float16 %{FLOAT16%} %else %{FP16%}
// RUN: %hip_device -fsyntax-only -DRDNA4_F16_CASE=__fp16 %s
// RUN: %hip_device -fsyntax-only -DRDNA4_F16_CASE=_Float16 %s

typedef RDNA4_F16_CASE v8x __attribute__((ext_vector_type(8)));
typedef float v8f __attribute__((ext_vector_type(8)));

// FLOAT16: error: cannot initialize a parameter of type '__attribute__((__vector_size__(8 * sizeof(_Float16)))) _Float16' (vector of 8 '_Float16' values) with an lvalue of type 'v8x' (vector of 8 '__fp16' values)
// FP16: error: cannot initialize a parameter of type '__attribute__((__vector_size__(8 * sizeof(__fp16)))) __fp16' (vector of 8 '__fp16' values) with an lvalue of type 'v8x' (vector of 8 '_Float16' values)
v8f use(v8x a, v8x b, v8f c) {
  return __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, c);
}
