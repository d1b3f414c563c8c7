// The input cases of the WMMA and SWMMAC runtime tests (runtime/wmma-w32/,
// runtime/wmma-w64/, runtime/swmmac-w32/, runtime/swmmac-w64/): one catalogue,
// each generator written once, as plain 16xK, Kx16 and 16x16 matrices of raw
// bit patterns. Drivers: wmma_dense.h (dense A) and sparse.h (2:4 sparse A).
//
// The "make A" hook (AShape) is the one thing that differs between the two:
// which positions of A take part in the product. Every generator fills A
// through it (fill_a: the taking-part positions get values, the others +0),
// and a generator that needs a value at a fixed place (an infinity, the 1 of
// the identity) asks for that place with require(). DenseA: every position
// takes part. Sparse24A: two positions in every group of four K columns, the
// choice rotating over all six pairs with row, group and case number; the
// mask ends up in Case::keep, from which sparse.h derives the compressed A
// operand and the index fields and the reference (wmma_dense.h) skips the
// pruned positions. Host C++17, no HIP and nothing from harness/emu/**:
// runtime/cpu-reference-selftest/selftest.hip checks this header on its own.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "api.h"
#include "formats.h"
#include "matmul.h"

namespace wt {

// ---- element and accumulator formats -------------------------------------------
// Elem and Acc: api.h.

inline bool is_int(Elem e) { return e == Elem::I8 || e == Elem::I4; }
inline bool is_f8(Elem e) { return e == Elem::FP8 || e == Elem::BF8; }
inline int elem_bits(Elem e) {
  switch (e) {
    case Elem::F16: case Elem::BF16: return 16;
    case Elem::FP8: case Elem::BF8: case Elem::I8: return 8;
    case Elem::I4: return 4;
  }
  return 0;
}
inline const ref::MiniFloat& elem_fmt(Elem e) {
  switch (e) {
    case Elem::F16: return ref::kF16;
    case Elem::BF16: return ref::kBF16;
    case Elem::FP8: return ref::kFP8;
    default: return ref::kBF8;
  }
}
inline int acc_bits(Acc a) { return (a == Acc::F16 || a == Acc::BF16) ? 16 : 32; }
inline const char* elem_name(Elem e) {
  static const char* n[] = {"f16", "bf16", "fp8(E4M3fn)", "bf8(E5M2)", "iu8", "iu4"};
  return n[int(e)];
}
inline const char* acc_name(Acc a) {
  static const char* n[] = {"f32", "f16", "bf16", "i32"};
  return n[int(a)];
}
inline double acc_decode(Acc a, uint32_t bits) {
  switch (a) {
    case Acc::F32: return ref::decode_f32(bits);
    case Acc::F16: return ref::decode(ref::kF16, bits);
    case Acc::BF16: return ref::decode(ref::kBF16, bits);
    case Acc::I32: return double(int32_t(bits));
  }
  return 0;
}
inline uint32_t acc_encode(Acc a, double v) {
  switch (a) {
    case Acc::F32: return ref::encode_f32(v);
    case Acc::F16: return ref::encode(ref::kF16, v);
    case Acc::BF16: return ref::encode(ref::kBF16, v);
    case Acc::I32: return uint32_t(int32_t(v));
  }
  return 0;
}
inline uint32_t elem_encode(Elem e, double v) { return ref::encode(elem_fmt(e), v); }
inline double elem_max(Elem e) { return ref::max_finite(elem_fmt(e)); }
inline bool elem_has_inf(Elem e) { return e == Elem::F16 || e == Elem::BF16 || e == Elem::BF8; }

// ---- a case ----------------------------------------------------------------------
// Raw bit patterns of A (16xK), B (Kx16) and C (16x16), and which positions of
// A take part in the product.
struct Case {
  std::string name;
  bool exact = false;  // bit-exact comparison expected
  std::string note;    // printed with the case ("UNVERIFIED: ..." etc.)
  ref::Matrix<uint32_t> A, B, C;
  // 16 x K: 0 = pruned (A holds +0 there and the position contributes no
  // product), 1 = kept, 2 = kept because a generator required it. Empty:
  // every position takes part (dense).
  ref::Matrix<uint8_t> keep;
  bool kept(int i, int k) const { return keep.v.empty() || keep.at(i, k) != 0; }
};

// Products that make one element of D: K for dense A, K/2 for 2:4 sparse A.
inline int terms(const Case& c) {
  int most = 0;
  for (int i = 0; i < c.A.rows; ++i) {
    int n = 0;
    for (int k = 0; k < c.A.cols; ++k) n += c.kept(i, k) ? 1 : 0;
    most = std::max(most, n);
  }
  return most;
}

[[noreturn]] inline void catalogue_error(const std::string& what) {
  std::printf("FAIL: case catalogue (Inputs/cpu-reference/cases.h): %s\n", what.c_str());
  std::fflush(stdout);
  std::exit(1);
}

// ---- the "make A" hook ------------------------------------------------------------
class AShape {
 public:
  virtual ~AShape() = default;
  // How the notes name A's values ("A" or "kept A").
  virtual const char* a_word() const = 0;
  // A new blank case, the n-th of the catalogue (16 x K A): set c.keep.
  virtual void start(Case& c, int n) const = 0;
  // Position (i, k) must take part: a generator puts a chosen value there.
  virtual void require(Case& c, int i, int k) const = 0;
};

class DenseA : public AShape {
 public:
  const char* a_word() const override { return "A"; }
  void start(Case&, int) const override {}
  void require(Case&, int, int) const override {}
};

}  // namespace wt

namespace sp {

// The six choices of two kept positions out of four (index into this table:
// a "pair"; the SWMMAC index field stores kPairs[p][0] | kPairs[p][1] << 2).
constexpr int kPairs[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};

// The pair kept in row i, group g (K columns 4g..4g+3) of c; -1 when the group
// does not keep exactly two positions.
inline int pair_of(const wt::Case& c, int i, int g) {
  int pos[4], n = 0;
  for (int q = 0; q < 4; ++q)
    if (c.kept(i, 4 * g + q)) {
      if (n == 2) return -1;
      pos[n++] = q;
    }
  if (n != 2) return -1;
  for (int p = 0; p < 6; ++p)
    if (kPairs[p][0] == pos[0] && kPairs[p][1] == pos[1]) return p;
  return -1;
}

// 2:4 structured sparsity: row i, group g of the n-th case keeps pair
// (i + 3g + n) % 6, so every case uses all six pairs and consecutive cases
// differ.
class Sparse24A : public wt::AShape {
 public:
  const char* a_word() const override { return "kept A"; }
  void start(wt::Case& c, int n) const override {
    const int K = c.A.cols;
    if (K % 4) wt::catalogue_error("2:4 sparse A needs K divisible by 4, got K=" + std::to_string(K));
    c.keep = ref::Matrix<uint8_t>(16, K, 0);
    for (int i = 0; i < 16; ++i)
      for (int g = 0; g < K / 4; ++g) {
        const int p = (i + 3 * g + n) % 6;
        c.keep.at(i, 4 * g + kPairs[p][0]) = 1;
        c.keep.at(i, 4 * g + kPairs[p][1]) = 1;
      }
  }
  // Make (i, k) kept: it replaces the higher kept position of its group that
  // no generator required (so two requirements in one group both hold).
  void require(wt::Case& c, int i, int k) const override {
    if (c.keep.at(i, k)) {
      c.keep.at(i, k) = 2;
      return;
    }
    const int g0 = 4 * (k / 4);
    for (int q = 3; q >= 0; --q)
      if (c.keep.at(i, g0 + q) == 1) {
        c.keep.at(i, g0 + q) = 0;
        c.keep.at(i, k) = 2;
        return;
      }
    wt::catalogue_error("case " + c.name + ": A[" + std::to_string(i) + "][" + std::to_string(k) +
                        "] required but its group already keeps two required positions");
  }
};

}  // namespace sp

namespace wt {

// What the catalogue needs to know of an instruction.
struct CaseSpec {
  Elem a, b;
  Acc acc;
  int K;  // depth of the instruction (uncompressed A is 16 x K)
};

// ---- the catalogue ------------------------------------------------------------------
// Integer variants: random#1, random#2, extremes, clamp-overflow-high,
// clamp-overflow-low, clamp-no-final-overflow, identity.
// Float variants: random#1, random#2, random-wide, exact-small, zeros,
// identity, max, inf-nan, denormals.
class Cases {
 public:
  // `shape` must outlive the catalogue.
  Cases(const CaseSpec& s, const AShape& shape, unsigned seed) : s_(s), K_(s.K), shape_(shape), rng_(seed) {
    if (K_ < 16 || K_ % 16) catalogue_error("K=" + std::to_string(K_) + ": expected 16, 32 or 64");
  }
  int K() const { return K_; }

  std::vector<Case> build() {
    std::vector<Case> v;
    if (is_int(s_.a)) {
      v.push_back(int_random("random#1"));
      v.push_back(int_random("random#2"));
      v.push_back(int_extremes());
      v.push_back(int_clamp_probe_high());
      v.push_back(int_clamp_probe_low());
      v.push_back(int_clamp_partial());
      v.push_back(identity());
    } else {
      v.push_back(float_random("random#1", 2.0));
      v.push_back(float_random("random#2", 0.25));
      v.push_back(float_wide_random());
      v.push_back(float_small_exact());
      v.push_back(zeros());
      v.push_back(identity());
      v.push_back(float_max());
      v.push_back(float_specials());
      v.push_back(float_denormals());
    }
    return v;
  }

 private:
  Case blank(const std::string& name, bool exact, const std::string& note) {
    Case c;
    c.name = name;
    c.exact = exact;
    c.note = note;
    c.A = ref::Matrix<uint32_t>(16, K_);
    c.B = ref::Matrix<uint32_t>(K_, 16);
    c.C = ref::Matrix<uint32_t>(16, 16);
    shape_.start(c, n_++);
    return c;
  }
  std::string A() const { return shape_.a_word(); }
  // A's taking-part positions get gen(i, k), the others 0 (+0 / integer 0).
  template <class F>
  void fill_a(Case& c, F gen) {
    for (int i = 0; i < 16; ++i)
      for (int k = 0; k < K_; ++k) c.A.at(i, k) = c.kept(i, k) ? uint32_t(gen(i, k)) : 0u;
  }
  // Likewise with gen(i, n): n counts the taking-part positions of row i.
  template <class F>
  void fill_a_ordinal(Case& c, F gen) {
    for (int i = 0; i < 16; ++i)
      for (int k = 0, n = 0; k < K_; ++k) c.A.at(i, k) = c.kept(i, k) ? uint32_t(gen(i, n++)) : 0u;
  }
  template <class F>
  void fill(ref::Matrix<uint32_t>& m, F gen) {
    for (auto& x : m.v) x = uint32_t(gen());
  }
  // Draw once per statement: C++ leaves the order of function arguments and operands
  // unspecified (g++ and clang differ), and the cases must not depend on the compiler.
  double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng_); }
  int uniform_int(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  uint32_t ea(double v) { return elem_encode(s_.a, v); }
  uint32_t eb(double v) { return elem_encode(s_.b, v); }
  uint32_t ec(double v) { return acc_encode(s_.acc, v); }
  // A random finite bit pattern of an 8-bit float format (no NaN/inf).
  uint32_t random_f8_bits(Elem e) {
    for (;;) {
      const uint32_t b = uint32_t(uniform_int(0, 255));
      if (std::isfinite(ref::decode(elem_fmt(e), b))) return b;
    }
  }
  uint32_t random_int_bits(Elem e) { return uint32_t(uniform_int(0, (1 << elem_bits(e)) - 1)); }

  // ---- float cases ----------------------------------------------------------------
  Case float_random(const std::string& name, double r) {
    Case c = blank(name, false, "uniform in [-" + std::to_string(r) + ", " + std::to_string(r) +
                                    "] (x8 for fp8/bf8) rounded to the input format; tolerance check");
    fill_a(c, [&](int, int) { return ea(uniform(-r, r) * (is_f8(s_.a) ? 8 : 1)); });
    fill(c.B, [&] { return eb(uniform(-r, r) * (is_f8(s_.b) ? 8 : 1)); });
    fill(c.C, [&] { return ec(uniform(-4 * r, 4 * r)); });
    return c;
  }
  // Random bit patterns over the whole finite range (8-bit formats) or wide
  // exponents (16-bit formats): exercises exponent alignment.
  Case float_wide_random() {
    Case c = blank("random-wide", false, "random exponents over a wide range; tolerance check");
    auto gen = [&](Elem e) -> uint32_t {
      if (is_f8(e)) return random_f8_bits(e);
      const int span = e == Elem::F16 ? 5 : 30;
      const double m = uniform(-1, 1);  // one draw per statement: the same cases from any compiler
      const int x = uniform_int(-span, span);
      return elem_encode(e, std::ldexp(m, x));
    };
    fill_a(c, [&](int, int) { return gen(s_.a); });
    fill(c.B, [&] { return gen(s_.b); });
    const int cspan = s_.acc == Acc::F16 ? 10 : 40;
    fill(c.C, [&] {
      const double m = uniform(-1, 1);
      const int x = uniform_int(-cspan, cspan);
      return ec(std::ldexp(m, x));
    });
    return c;
  }
  // Small nonzero dyadic A, small integer B and C: every partial sum is
  // exactly representable in the output format, so any accumulation order
  // gives the same bits; every taking-part A value is nonzero, so a device
  // that multiplies the wrong position (layout, sparse index) gives another sum.
  Case float_small_exact() {
    const bool bf16_out = s_.acc == Acc::BF16;
    Case c = blank("exact-small", true,
                   A() + " in {+-1/2, +-1, +-3/2, +-2}, B in {-" + (bf16_out ? "2..2" : "4..4") +
                       "}, C in {-16..16}: every partial sum exact");
    fill_a(c, [&](int, int) {
      const int sign = uniform_int(0, 1) ? 1 : -1;
      const int mag = uniform_int(1, 4);
      return ea(sign * mag / 2.0);
    });
    fill(c.B, [&] { return eb(uniform_int(bf16_out ? -2 : -4, bf16_out ? 2 : 4)); });
    fill(c.C, [&] { return ec(uniform_int(-16, 16)); });
    return c;
  }
  Case zeros() {
    Case c = blank("zeros", true, A() + " = +-0, B = +-0 (mixed signs): D = C");
    fill_a(c, [&](int, int) { return ea(uniform_int(0, 1) ? 0.0 : -0.0); });
    fill(c.B, [&] { return eb(uniform_int(0, 1) ? 0.0 : -0.0); });
    fill(c.C, [&] { return ec(uniform(-8, 8)); });
    return c;
  }
  // A[i][s*i] = 1 with s = K/16 (every other taking-part A value 0), C = 0:
  // D[i][j] = B[s*i][j], B rows spread over the whole depth. Exact.
  Case identity() {
    const int s = K_ / 16;
    Case c = blank("identity", true,
                   "A[i][" + std::string(s > 1 ? std::to_string(s) : "") + "i] = 1, other " + A() +
                       " values 0, C = 0: D[i][j] = B[" + (s > 1 ? std::to_string(s) : "") + "i][j]");
    for (int i = 0; i < 16; ++i) shape_.require(c, i, s * i);
    const uint32_t one = is_int(s_.a) ? 1u : ea(1.0);
    fill_a(c, [&](int i, int k) { return k == s * i ? one : 0u; });
    fill(c.B, [&] {
      if (is_int(s_.b)) return random_int_bits(s_.b);
      if (is_f8(s_.b)) return random_f8_bits(s_.b);
      return eb(uniform(-100, 100));
    });
    fill(c.C, [] { return 0u; });
    return c;
  }
  // +-max of the input format with a consistent sign per row of A and per
  // column of B, so no order of accumulation cancels: overflow (if any) is
  // unambiguous.
  Case float_max() {
    Case c = blank("max", true,
                   A() + " = +-max, B = +-max (fp8/bf8 saturation values; sign fixed per row/column), C = +-1");
    fill_a(c, [&](int i, int) { return ea((i % 2 ? -1 : 1) * elem_max(s_.a)); });
    for (int k = 0; k < K_; ++k)
      for (int j = 0; j < 16; ++j) {
        const double mag = j < 8 ? elem_max(s_.b) : 1.0;  // columns 8..15: max * 1
        c.B.at(k, j) = eb((j % 4 == 3 ? -1 : 1) * mag);
      }
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) c.C.at(i, j) = ec((i + j) % 2 ? 1.0 : -1.0);
    return c;
  }
  // Inf and NaN inputs (NaN only for fp8 E4M3fn, which has no infinity). For
  // 2:4 sparse A, B's NaN (row 8) and inf (row 9) meet pruned positions in
  // some rows: a pruned position contributes no product (UNVERIFIED model).
  Case float_specials() {
    Case c = blank("inf-nan", true, "inf/NaN in " + A() + ", B and C; NaN results compared as 'any NaN'");
    static const int at[][2] = {{0, 0}, {1, 2}, {2, 3}, {3, 1}, {3, 4}, {4, 6}, {5, 7}};
    for (const auto& p : at) shape_.require(c, p[0], p[1]);
    fill_a(c, [&](int, int) { return ea(uniform_int(-3, 3)); });
    fill(c.B, [&] { return eb(uniform_int(1, 3)); });  // positive B
    fill(c.C, [&] { return ec(uniform_int(-3, 3)); });
    const double inf = INFINITY, nan = NAN;
    const uint32_t nan_a = ref::encode(elem_fmt(s_.a), nan), nan_b = ref::encode(elem_fmt(s_.b), nan);
    if (elem_has_inf(s_.a)) {
      c.A.at(0, 0) = ea(inf);   // row 0: +inf
      c.A.at(1, 2) = ea(-inf);  // row 1: -inf
      c.A.at(2, 3) = ea(inf);   // row 2: inf * B[3][5] = 0 in column 5 -> NaN
      c.A.at(3, 1) = ea(inf);
      c.A.at(3, 4) = ea(-inf);  // row 3: inf - inf -> NaN
    }
    c.B.at(3, 5) = eb(0.0);
    c.A.at(4, 6) = nan_a;                                  // row 4: NaN
    c.A.at(5, 7) = nan_a | (1u << (elem_bits(s_.a) - 1));  // row 5: negative NaN
    c.B.at(8, 9) = nan_b;                                  // column 9: NaN
    if (elem_has_inf(s_.b)) c.B.at(9, 10) = eb(inf);      // column 10: +inf
    c.C.at(6, 11) = ec(inf);
    c.C.at(7, 12) = ec(-inf);
    c.C.at(8, 13) = ec(nan);
    if (elem_has_inf(s_.a)) c.C.at(0, 14) = ec(-inf);  // +inf row + -inf C -> NaN
    return c;
  }
  // Subnormal inputs: rows 0-7 of A hold small subnormals (B in {-1,0,1},
  // C = 0), so every partial sum is an exact subnormal-scale value of the
  // output format; rows 8-15 of A are (signed) zero and C holds output-format
  // subnormals, so D = C.
  Case float_denormals() {
    Case c = blank("denormals", true,
                   "UNVERIFIED model (docs/facts/unverified.md#denormals): denormal inputs and outputs honoured (no flush)");
    const ref::MiniFloat& fa = elem_fmt(s_.a);
    const int mmax = std::min((1 << fa.mbits) - 1, s_.acc == Acc::BF16 ? 7 : 63);
    fill_a(c, [&](int i, int) {
      uint32_t m = i < 8 ? uint32_t(uniform_int(1, mmax)) : 0u;
      if (i % 2) m |= 1u << (elem_bits(s_.a) - 1);  // odd rows negative
      return m;
    });
    fill(c.B, [&] { return eb(uniform_int(-1, 1)); });
    // f32 / f16 / bf16 subnormal scale
    const int e = s_.acc == Acc::F32 ? -140 : s_.acc == Acc::F16 ? -24 : -133;
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) c.C.at(i, j) = ec(std::ldexp(i < 8 ? 0.0 : double(uniform_int(-50, 50)), e));
    return c;
  }

  // ---- integer cases ----------------------------------------------------------------
  Case int_random(const std::string& name) {
    Case c = blank(name, true, "uniform raw bit patterns in " + A() + " and B; C uniform in [-2^20, 2^20]");
    fill_a(c, [&](int, int) { return random_int_bits(s_.a); });
    fill(c.B, [&] { return random_int_bits(s_.b); });
    fill(c.C, [&] { return uniform_int(-(1 << 20), 1 << 20); });
    return c;
  }
  Case int_extremes() {
    const int bits = elem_bits(s_.a);
    const uint32_t all = (1u << bits) - 1, top = 1u << (bits - 1);
    const uint32_t pats[] = {0, 1, top - 1, top, all};  // 0, 1, max signed, min signed/mid unsigned, -1/max unsigned
    Case c = blank("extremes", true,
                   "raw patterns {0, 1, 0x7f.., 0x80.., 0xff..} by row/column; C in {INT32_MAX, INT32_MIN, 0}");
    fill_a(c, [&](int i, int k) { return pats[(i + (k % 3 == 0 ? 0 : 1) * (i / 5)) % 5]; });
    for (int k = 0; k < K_; ++k)
      for (int j = 0; j < 16; ++j) c.B.at(k, j) = pats[(j + k * (j % 2)) % 5];
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j)
        c.C.at(i, j) = uint32_t((i + j) % 3 == 0 ? INT32_MAX : (i + j) % 3 == 1 ? INT32_MIN : 0);
    return c;
  }
  // C near INT32_MAX plus a sum of products that is positive under every
  // signedness: overflows int32 (for clamp=0: wraps; clamp=1: saturates).
  Case int_clamp_probe_high() {
    const uint32_t maxpos = (1u << (elem_bits(s_.a) - 1)) - 1;  // 0x7f / 0x7: +127 / +7 either way
    Case c = blank("clamp-overflow-high", true,
                   "C = INT32_MAX - 100 + j, " + A() + " = B = 0x7f..: exact result > INT32_MAX "
                   "(row 15: A = 0, control: D = C)");
    fill_a(c, [&](int i, int) { return i == 15 ? 0u : maxpos; });
    fill(c.B, [&] { return maxpos; });
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) c.C.at(i, j) = uint32_t(INT32_MAX - 100 + j);
    return c;
  }
  // C near INT32_MIN plus a negative sum (A = 0x80: -128 signed / +128
  // unsigned; B = 0x7f): underflows when A is signed.
  Case int_clamp_probe_low() {
    const int bits = elem_bits(s_.a);
    Case c = blank("clamp-overflow-low", true,
                   "C = INT32_MIN + 100 + j, " + A() + " = 0x80.., B = 0x7f..: underflow when A is signed");
    fill_a(c, [&](int, int) { return 1u << (bits - 1); });
    fill(c.B, [&] { return (1u << (bits - 1)) - 1; });
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) c.C.at(i, j) = uint32_t(INT32_MIN + 100 + j);
    return c;
  }
  // Partial sums could leave the int32 range in some accumulation orders but
  // the exact result does not (signed A): the reference expects the exact value.
  Case int_clamp_partial() {
    const int bits = elem_bits(s_.a);
    const uint32_t maxpos = (1u << (bits - 1)) - 1, minneg = 1u << (bits - 1);
    Case c = blank("clamp-no-final-overflow", true,
                   "UNVERIFIED expectation: C = INT32_MAX - 10, products +/- alternate along each row of " + A() +
                       "; the exact result fits int32, so saturation applies to the final value only");
    fill_a_ordinal(c, [&](int, int n) { return n % 2 ? minneg : maxpos; });
    fill(c.B, [&] { return maxpos; });
    fill(c.C, [] { return uint32_t(INT32_MAX - 10); });
    return c;
  }

  CaseSpec s_;
  int K_;
  const AShape& shape_;
  int n_ = 0;
  std::mt19937 rng_;
};

// Prints the catalogue, one line a case.
inline void print_cases(const std::vector<Case>& cases) {
  for (const Case& c : cases)
    std::printf("case %-24s %s%s\n", c.name.c_str(), c.exact ? "[bit-exact] " : "[tolerance] ", c.note.c_str());
}

// The seed of a run: `fallback` (fixed: reproducible runs) unless
// RDNA4_TEST_SEED=<decimal> overrides it for exploratory runs (the drivers
// print the seed either way). False (with a FAIL line) on a malformed value.
inline bool seed_from_env(unsigned& seed) {
  const char* e = std::getenv("RDNA4_TEST_SEED");
  if (!e || !*e) return true;
  char* end = nullptr;
  const unsigned long v = std::strtoul(e, &end, 10);
  if (*end || *e == '-' || v > 0xffffffffUL) {
    std::printf("FAIL: RDNA4_TEST_SEED='%s' is not a decimal number below 2^32\n", e);
    return false;
  }
  seed = unsigned(v);
  return true;
}

}  // namespace wt
