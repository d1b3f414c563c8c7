// The CPU reference of the WMMA and SWMMAC runtime tests: the expected D of
// a case (cases.h) under a variant's modifiers, by plain matrix maths
// (matmul.h) and the number formats (formats.h), and the error bound of the
// tolerance check. Host C++17, no HIP, nothing shared with harness/emu/**;
// used by wmma_dense.h and sparse.h (through wmma_dense.h's check_variant)
// and checked on its own by runtime/cpu-reference-selftest/selftest.hip.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "api.h"
#include "cases.h"
#include "formats.h"
#include "matmul.h"

// Modifier bits (WtMod): api.h.

namespace wt {

struct Expected {
  ref::Matrix<uint32_t> bits;  // reference rounded to the output format
  ref::Matrix<double> value, magnitude;
  ref::Matrix<int64_t> exact_int;  // integer variants: exact sum before narrowing
};

// D = op(C) + op(A) x op(B) by plain matrix maths (matmul.h) over the
// positions of A that take part (c.keep: every position for dense A; the
// kept ones for 2:4 sparse A, a pruned position contributing no product),
// rounded once to the output format; integers exact in int64, then wrapped
// or (clamp) saturated to int32. S: anything with the members a, b (Elem) and
// acc (Acc): wt::Spec, wt::CaseSpec.
template <class S>
inline Expected reference(const S& s, const Case& c, int mods) {
  const int K = c.A.cols;
  const ref::Matrix<uint8_t>* keep = c.keep.v.empty() ? nullptr : &c.keep;
  Expected e;
  e.bits = ref::Matrix<uint32_t>(16, 16);
  if (is_int(s.a)) {
    ref::Matrix<int64_t> A(16, K), B(K, 16), C(16, 16);
    for (size_t n = 0; n < A.v.size(); ++n) A.v[n] = ref::int_value(c.A.v[n], elem_bits(s.a), mods & WT_SIGN_A);
    for (size_t n = 0; n < B.v.size(); ++n) B.v[n] = ref::int_value(c.B.v[n], elem_bits(s.b), mods & WT_SIGN_B);
    for (size_t n = 0; n < C.v.size(); ++n) C.v[n] = int32_t(c.C.v[n]);
    e.exact_int = ref::matmul_int(A, B, C, keep);
    for (size_t n = 0; n < e.bits.v.size(); ++n)
      e.bits.v[n] = uint32_t((mods & WT_CLAMP) ? ref::saturate_i32(e.exact_int.v[n])
                                                : ref::wrap_i32(e.exact_int.v[n]));
    return e;
  }
  ref::Matrix<double> A(16, K), B(K, 16), C(16, 16);
  for (size_t n = 0; n < A.v.size(); ++n) {
    A.v[n] = ref::decode(elem_fmt(s.a), c.A.v[n]);
    if (mods & WT_NEG_A) A.v[n] = -A.v[n];
  }
  for (size_t n = 0; n < B.v.size(); ++n) {
    B.v[n] = ref::decode(elem_fmt(s.b), c.B.v[n]);
    if (mods & WT_NEG_B) B.v[n] = -B.v[n];
  }
  for (size_t n = 0; n < C.v.size(); ++n) {
    C.v[n] = acc_decode(s.acc, c.C.v[n]);
    if (mods & WT_NEG_C) C.v[n] = -C.v[n];
    if (mods & WT_ABS_C) C.v[n] = std::fabs(C.v[n]);
  }
  ref::FloatResult r = ref::matmul_float(A, B, C, keep);
  e.value = r.value;
  e.magnitude = r.magnitude;
  for (size_t n = 0; n < e.bits.v.size(); ++n) e.bits.v[n] = acc_encode(s.acc, r.value.v[n]);
  return e;
}

// Error bound for the tolerance check (rules: wmma_dense.h's header comment);
// K: products
// per element of D (terms(case): K dense, K/2 for 2:4 sparse A).
template <class S>
inline double bound(const S& s, int K, double exact, double magnitude) {
  double b = (K + 1) * ref::kF32Ulp1 * magnitude;
  if (s.acc == Acc::F16) b += ref::ulp(ref::kF16, exact);
  if (s.acc == Acc::BF16) b += ref::ulp(ref::kBF16, exact);
  return b;
}

}  // namespace wt
