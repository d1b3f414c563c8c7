// CPU reference: plain matrix maths, D = op(A) x op(B) + op(C), from the
// definition of the matrix product. Host C++17, header only, no code shared
// with the emulator (harness/emu/**).
//
// Floating point: the exact-as-possible value is computed in double (every
// product of f16/bf16/fp8/bf8 values is exact in double; a 16..32-term sum in
// double is exact for the suite's "exact" inputs and otherwise within
// ~K*2^-53 relative of the sum of magnitudes), together with the sum of
// magnitudes |C| + sum|A*B| that the error bounds scale with. The rounding to
// the output format happens once, in the caller (formats.h encoders).
//
// Integers: exact in int64; the caller narrows to int32 by wrapping (modulo
// 2^32) or by saturation (clamp), see formats.h.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

namespace ref {

// Row-major dense matrix of T.
template <class T>
struct Matrix {
  int rows = 0, cols = 0;
  std::vector<T> v;
  Matrix() = default;
  Matrix(int r, int c, T init = T()) : rows(r), cols(c), v(size_t(r) * c, init) {}
  T& at(int r, int c) { return v[size_t(r) * cols + c]; }
  const T& at(int r, int c) const { return v[size_t(r) * cols + c]; }
};

struct FloatResult {
  Matrix<double> value;      // C + A*B in double (IEEE inf/NaN rules)
  Matrix<double> magnitude;  // |C| + sum |A*B| (for error bounds)
};

// D = C + A(MxK) * B(KxN), all as doubles. `keep` (optional, MxK): terms with
// keep(i,k) == 0 are absent from the sum (2:4-sparse A: a dropped position is
// not multiplied at all, so 0 * inf does not make a NaN).
inline FloatResult matmul_float(const Matrix<double>& A, const Matrix<double>& B,
                                const Matrix<double>& C, const Matrix<uint8_t>* keep = nullptr) {
  const int M = A.rows, K = A.cols, N = B.cols;
  FloatResult r{Matrix<double>(M, N), Matrix<double>(M, N)};
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double s = C.at(i, j), m = std::fabs(C.at(i, j));
      for (int k = 0; k < K; ++k) {
        if (keep && !keep->at(i, k)) continue;
        const double p = A.at(i, k) * B.at(k, j);
        s += p;
        m += std::fabs(p);
      }
      r.value.at(i, j) = s;
      r.magnitude.at(i, j) = m;
    }
  return r;
}

// D = C + A * B exactly, in int64.
inline Matrix<int64_t> matmul_int(const Matrix<int64_t>& A, const Matrix<int64_t>& B,
                                  const Matrix<int64_t>& C, const Matrix<uint8_t>* keep = nullptr) {
  const int M = A.rows, K = A.cols, N = B.cols;
  Matrix<int64_t> r(M, N);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      int64_t s = C.at(i, j);
      for (int k = 0; k < K; ++k)
        if (!keep || keep->at(i, k)) s += A.at(i, k) * B.at(k, j);
      r.at(i, j) = s;
    }
  return r;
}

}  // namespace ref
