// The GEMM examples' CPU reference (runtime/gemm): inputs, the exact product
// (matmul.h) and the check. Host C++17, no HIP; compiled into librdna4ref
// (entry points rdna4ref::gemm_*, api.h); the launches stay in runtime/gemm/gemm_host.h.
//
// Checks: float outputs |C - exact| <= (K+2) * 2^-23 * sum|A*B| (what any fp32
// accumulation order satisfies), worst error printed; int32 outputs bit-exact.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "api.h"
#include "formats.h"
#include "matmul.h"

namespace gemm_host {

inline std::string size_text(const Size& s) {
  return std::to_string(s.m) + "x" + std::to_string(s.n) + "x" + std::to_string(s.k);
}

// Inputs as raw element bits (uint16 for f16/bf16, int8 in the low byte for
// i8), their decoded values, and the reference product.
struct ProblemData {
  Elem elem;
  Size sz;
  std::vector<uint16_t> a16, b16;
  std::vector<int8_t> a8, b8;
  ref::Matrix<double> A, B;
  ref::FloatResult ref_f;
  ref::Matrix<int64_t> ref_i;
  bool reference_full = true;  // false at 4096^3: sampled check only
};

inline ProblemData make_problem_data(Elem e, Size s, unsigned seed, bool full_reference = true) {
  ProblemData p;
  p.elem = e;
  p.sz = s;
  p.reference_full = full_reference;
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::uniform_int_distribution<int> ui(-128, 127);
  p.A = ref::Matrix<double>(s.m, s.k);
  p.B = ref::Matrix<double>(s.k, s.n);
  auto fill = [&](ref::Matrix<double>& M, std::vector<uint16_t>& bits16, std::vector<int8_t>& bits8) {
    for (double& v : M.v) {
      if (e == Elem::I8) {
        const int x = ui(rng);
        bits8.push_back(int8_t(x));
        v = x;
      } else {
        const ref::MiniFloat& f = e == Elem::F16 ? ref::kF16 : ref::kBF16;
        const uint32_t b = ref::encode(f, u(rng));
        bits16.push_back(uint16_t(b));
        v = ref::decode(f, b);
      }
    }
  };
  fill(p.A, p.a16, p.a8);
  fill(p.B, p.b16, p.b8);
  if (full_reference) {
    if (e == Elem::I8) {
      ref::Matrix<int64_t> IA(s.m, s.k), IB(s.k, s.n), IC(s.m, s.n, 0);
      for (size_t i = 0; i < IA.v.size(); ++i) IA.v[i] = int64_t(p.A.v[i]);
      for (size_t i = 0; i < IB.v.size(); ++i) IB.v[i] = int64_t(p.B.v[i]);
      p.ref_i = ref::matmul_int(IA, IB, IC);
    } else {
      p.ref_f = ref::matmul_float(p.A, p.B, ref::Matrix<double>(s.m, s.n, 0.0));
    }
  }
  return p;
}

// One exact element of the product (for the sampled check at large sizes).
inline void exact_element(const ProblemData& p, int i, int j, double* value, double* mag) {
  double s = 0, m = 0;
  for (int kk = 0; kk < p.sz.k; ++kk) {
    const double t = p.A.at(i, kk) * p.B.at(kk, j);
    s += t;
    m += std::fabs(t);
  }
  *value = s;
  *mag = m;
}

// Compare the device result with the reference; prints the first mismatches.
inline bool check(const ProblemData& p, const char* policy, const std::vector<float>* cf,
                  const std::vector<int32_t>* ci, Outcome& o) {
  const Size& s = p.sz;
  long bad = 0;
  std::mt19937 rng(99);
  const long samples = p.reference_full ? long(s.m) * s.n : 512;
  for (long idx = 0; idx < samples; ++idx) {
    int i, j;
    if (p.reference_full) {
      i = int(idx / s.n);
      j = int(idx % s.n);
    } else {
      i = int(rng() % unsigned(s.m));
      j = int(rng() % unsigned(s.n));
    }
    const size_t at = size_t(i) * s.n + j;
    if (ci) {
      const int64_t want = p.reference_full ? p.ref_i.at(i, j) : [&] {
        double v, m;
        exact_element(p, i, j, &v, &m);
        return int64_t(v);
      }();
      if (int64_t((*ci)[at]) != want) {
        if (bad++ < 10)
          std::printf("MISMATCH policy=%s size=%s C[%d][%d]: expected %lld, actual %d\n", policy,
                      size_text(s).c_str(), i, j, (long long)want, (*ci)[at]);
      }
      continue;
    }
    double want, mag;
    if (p.reference_full) {
      want = p.ref_f.value.at(i, j);
      mag = p.ref_f.magnitude.at(i, j);
    } else {
      exact_element(p, i, j, &want, &mag);
    }
    const double got = (*cf)[at];
    const double err = std::fabs(got - want);
    const double bound = (s.k + 2) * ref::kF32Ulp1 * mag;
    if (bound > 0 && err / bound > o.worst_ratio) {
      o.worst_ratio = err / bound;
      o.worst_err = err;
      o.worst_bound = bound;
    }
    if (!(err <= bound)) {
      if (bad++ < 10)
        std::printf("MISMATCH policy=%s size=%s C[%d][%d]: expected %.9g (+- %.3g), actual %.9g\n", policy,
                    size_text(s).c_str(), i, j, want, bound, got);
    }
  }
  if (bad) std::printf("policy=%s size=%s: %ld mismatching elements\n", policy, size_text(s).c_str(), bad);
  return bad == 0;
}

}  // namespace gemm_host
