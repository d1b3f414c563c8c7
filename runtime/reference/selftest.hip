// SINGLE-TARGET: the CPU reference's own unit test (host only, no device code).
// Compiles Inputs/reference/selftest.cpp as plain C++ with the compiler under
// test and checks the number formats (f16, bf16, fp8 E4M3fn, bf8 E5M2, int4/
// int8), the matrix maths and the documented layout formulas against
// hand-computed values.
//
// RUN: %clang -std=c++17 -O1 -x c++ %S/../../Inputs/reference/selftest.cpp -o %t
// RUN: %t | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: reference selftest: PASS ({{[0-9]+}} checks)
