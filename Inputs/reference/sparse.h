// Driver and reference for the SWMMAC (2:4 structured-sparse WMMA) runtime
// tests in runtime/swmmac-w32/ and runtime/swmmac-w64/.
//
// What the test does: it builds a DENSE 16xK matrix A with exactly two kept
// positions in every group of four K columns (the other two are zero), a
// dense Kx16 B and a 16x16 C; it compresses A itself into the SWMMAC A
// operand (the two kept values of a group, lower K position first) and the
// index VGPR (2-bit position of each kept value), runs the builtin, and
// compares D with C + A x B computed from the dense A by plain matrix maths
// over the kept positions (a pruned position contributes no product, so an
// inf/NaN in B facing a pruned zero does not make a NaN: the index selects
// the B elements; UNVERIFIED, the inf-nan case measures it).
//
// Sources of the packing formulas (written here from the formulas, nothing
// shared with harness/emu/**): AMD Matrix Instruction Calculator,
// github.com/ROCm/amd_matrix_instruction_calculator (commit 2ef9189),
// InstCalcGfx12: __get_input_reg / __get_input_lane / __get_compression_bits /
// get_num_compression_sets / _get_num_compression_bit_offset, and its comment
// on the compression index ("2 bits for each actually-stored entry: which of
// the four values is stored in the first location, and which ... in the
// second location"). Number of index sets and index_key = OPSEL: the
// calculator; that clang folds `index >> (key * 32/sets)` into `index_key:key`
// was checked with clang 19 and 22 (-S). None of this has a hardware
// measurement behind it: every test prints "UNVERIFIED model".
//
// Kernel ABI (like wmma_dense.h): one wave (W lanes) per case, blockIdx.x =
// case; lane L reads its lane-major register images a[(n*W+L)*AR ..],
// b[(n*W+L)*BR ..], c[(n*W+L)*CR ..], the index word idx[n*W+L], and writes D
// like C. A kernel is instantiated per (modifier bits, index_key).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "wmma_dense.h"

namespace sp {

// Element width / K of the SWMMAC variants.
enum class Kind { B16, B8, B4x32, B4x64 };

inline int depth(Kind k) { return k == Kind::B4x64 ? 64 : 32; }
inline int bits(Kind k) { return k == Kind::B16 ? 16 : k == Kind::B8 ? 8 : 4; }
inline int groups(Kind k) { return depth(k) / 4; }

// VGPRs of the A (compressed), B operands and number of index sets
// (calculator; the builtin signatures in REFERENCE.md 1 / clang's tests agree).
inline int a_regs(Kind k, int W) {
  if (W == 32) return k == Kind::B16 ? 4 : k == Kind::B4x32 ? 1 : 2;
  return k == Kind::B16 ? 2 : 1;
}
inline int b_regs(Kind k, int W) {
  if (W == 32) return k == Kind::B16 ? 8 : k == Kind::B4x32 ? 2 : 4;
  return k == Kind::B16 ? 4 : k == Kind::B4x32 ? 1 : 2;
}
inline int index_sets(Kind k, int W) {
  if (W == 32) return k == Kind::B4x64 ? 1 : 2;
  return (k == Kind::B16 || k == Kind::B8) ? 4 : 2;
}
// Bit offset of index set `key` (calculator: key * 32 / sets).
inline int index_set_shift(Kind k, int W) { return 32 / index_sets(k, W); }

// Where the two kept values of row i, group g (K columns 4g..4g+3) of A
// live: lane, VGPR and the lowest bit of the 2-element slot; kept value v
// (0 = lower K position) is at bit + v * bits(k). From the calculator's
// sparse-A formulas with k = 4g.
inline ref::Slot a_pair_slot(Kind kd, int i, int g, int W) {
  if (W == 32) {
    switch (kd) {
      case Kind::B16: return {16 * ((g / 2) % 2) + i, 2 * (g / 4) + g % 2, 0};
      case Kind::B8: return {16 * (g / 4) + i, (g / 2) % 2, 16 * (g % 2)};
      case Kind::B4x32: return {16 * (g / 4) + i, 0, 8 * (g % 4)};
      case Kind::B4x64: return {16 * (g / 8) + i, (g / 4) % 2, 8 * (g % 4)};
    }
  }
  switch (kd) {
    case Kind::B16: return {16 * (g / 2) + i, g % 2, 0};
    case Kind::B8: return {32 * ((g / 2) % 2) + 16 * (g / 4) + i, 0, 16 * (g % 2)};
    case Kind::B4x32: return {16 * (g / 4) + i, 0, 8 * (g % 4)};  // lanes 0-31 only
    case Kind::B4x64: return {32 * ((g / 4) % 2) + 16 * (g / 8) + i, 0, 8 * (g % 4)};
  }
  return {0, 0, 0};
}

// B[k][j] (dense, K = depth): calculator's "dense matrix B for sparse instruction".
inline ref::Slot b_slot(Kind kd, int j, int k, int W) {
  if (W == 32) {
    switch (kd) {
      case Kind::B16: return {16 * ((k / 8) % 2) + j, 4 * (k / 16) + (k / 2) % 4, 16 * (k % 2)};
      case Kind::B8: return {16 * (k / 16) + j, (k / 4) % 4, 8 * (k % 4)};
      case Kind::B4x32: return {16 * (k / 16) + j, (k / 8) % 2, 4 * (k % 8)};
      case Kind::B4x64: return {16 * (k / 32) + j, (k / 8) % 4, 4 * (k % 8)};
    }
  }
  switch (kd) {
    case Kind::B16: return {16 * (k / 8) + j, (k / 2) % 4, 16 * (k % 2)};
    case Kind::B8: return {32 * ((k / 8) % 2) + 16 * (k / 16) + j, (k / 4) % 2, 8 * (k % 4)};
    case Kind::B4x32: return {32 * ((k / 8) % 2) + 16 * (k / 16) + j, 0, 4 * (k % 8)};
    case Kind::B4x64: return {32 * ((k / 16) % 2) + 16 * (k / 32) + j, (k / 8) % 2, 4 * (k % 8)};
  }
  return {0, 0, 0};
}

// The 4-bit index field of row i, group g in set `key` (VGPR 0 of the index
// operand): bits [1:0] = position (0..3) of kept value 0, [3:2] of kept
// value 1. Lane as A's (calculator's "k" matrix uses the A lane formula).
inline ref::Slot index_slot(Kind kd, int i, int g, int W, int key) {
  int bit;
  if (W == 32) {
    if (kd == Kind::B16) bit = 8 * (g / 4) + 4 * (g % 2);
    else if (kd == Kind::B4x64) bit = 4 * (g % 8);
    else bit = 4 * (g % 4);
  } else {
    bit = (kd == Kind::B16 || kd == Kind::B8) ? 4 * (g % 2) : 4 * (g % 4);
  }
  return {a_pair_slot(kd, i, g, W).lane, 0, bit + key * index_set_shift(kd, W)};
}

constexpr const char* kModelStatus =
    "UNVERIFIED model: SWMMAC operand layouts, index fields ([1:0] = position of the first stored "
    "value, [3:2] of the second) and index_key (set at bit key*32/sets) from AMD's Matrix "
    "Instruction Calculator (InstCalcGfx12); pruned positions contribute no product; no hardware measurement";

// The six choices of two kept positions out of four.
constexpr int kPairs[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};

struct Spec {
  const char* builtin;
  wt::Elem a, b;
  wt::Acc acc;
  Kind kind;
  int wave;
  wt::Spec dense() const { return wt::Spec{builtin, a, b, acc, ref::AB::B16, wave}; }
};

struct Variant {
  const void* kernel;
  int mods;  // WtMod bits (wmma_dense.h)
  int key;   // index_key the kernel selects (by shifting the index word)
};

// A test case: the dense A (16xK, two kept positions per group), B, C, and
// the kept positions.
struct Case {
  wt::Case m;                 // raw bits; m.A holds zeros outside the kept positions
  std::vector<uint8_t> pair;  // 16 x groups: index into kPairs
};

class Cases {
 public:
  Cases(const Spec& s, unsigned seed) : s_(s), K_(depth(s.kind)), rng_(seed) {}

  std::vector<Case> build() {
    std::vector<Case> v;
    if (wt::is_int(s_.a)) {
      v.push_back(int_random("random#1"));
      v.push_back(int_random("random#2"));
      v.push_back(int_extremes());
      v.push_back(int_clamp_high());
      v.push_back(int_clamp_low());
      v.push_back(identity());
    } else {
      v.push_back(float_random("random#1", 2.0));
      v.push_back(float_random("random#2", 0.25));
      v.push_back(float_wide());
      v.push_back(float_exact());
      v.push_back(zeros());
      v.push_back(identity());
      v.push_back(float_max());
      v.push_back(float_specials());
      v.push_back(float_denormals());
    }
    return v;
  }

 private:
  // A blank case with kept pairs rotating over all six choices (row, group
  // and case number all shift the choice).
  Case blank(const std::string& name, bool exact, const std::string& note) {
    Case c;
    c.m.name = name;
    c.m.exact = exact;
    c.m.note = note;
    c.m.A = ref::Matrix<uint32_t>(16, K_);
    c.m.B = ref::Matrix<uint32_t>(K_, 16);
    c.m.C = ref::Matrix<uint32_t>(16, 16);
    c.pair.resize(16 * groups(s_.kind));
    for (int i = 0; i < 16; ++i)
      for (int g = 0; g < groups(s_.kind); ++g) c.pair[i * groups(s_.kind) + g] = uint8_t((i + 3 * g + n_) % 6);
    ++n_;
    return c;
  }
  bool kept(const Case& c, int i, int k) const {
    const int p = c.pair[i * groups(s_.kind) + k / 4];
    return kPairs[p][0] == k % 4 || kPairs[p][1] == k % 4;
  }
  // Fill A's kept positions with gen(), everything else 0 (+0 / integer 0).
  template <class F>
  void fill_a(Case& c, F gen) {
    for (int i = 0; i < 16; ++i)
      for (int k = 0; k < K_; ++k) c.m.A.at(i, k) = kept(c, i, k) ? gen(i, k) : 0u;
  }
  // Make (i, k) a kept position of its group (keeping one other position).
  void force(Case& c, int i, int k) {
    uint8_t& p = c.pair[i * groups(s_.kind) + k / 4];
    if (kPairs[p][0] == k % 4 || kPairs[p][1] == k % 4) return;
    for (int q = 0; q < 6; ++q)
      if ((kPairs[q][0] == k % 4 || kPairs[q][1] == k % 4) &&
          (kPairs[q][0] == kPairs[p][0] || kPairs[q][1] == kPairs[p][0])) {
        p = uint8_t(q);
        return;
      }
  }
  double uni(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng_); }
  int unii(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  uint32_t ea(double v) { return wt::elem_encode(s_.a, v); }
  uint32_t eb(double v) { return wt::elem_encode(s_.b, v); }
  uint32_t ec(double v) { return wt::acc_encode(s_.acc, v); }
  uint32_t f8(wt::Elem e) {
    for (;;) {
      const uint32_t b = uint32_t(unii(0, 255));
      if (std::isfinite(ref::decode(wt::elem_fmt(e), b))) return b;
    }
  }
  bool is8(wt::Elem e) const { return e == wt::Elem::FP8 || e == wt::Elem::BF8; }

  Case float_random(const std::string& name, double r) {
    Case c = blank(name, false, "uniform in [-" + std::to_string(r) + ", " + std::to_string(r) +
                                    "] (x8 for fp8/bf8), rounded to the input format; tolerance check");
    fill_a(c, [&](int, int) { return ea(uni(-r, r) * (is8(s_.a) ? 8 : 1)); });
    for (auto& x : c.m.B.v) x = eb(uni(-r, r) * (is8(s_.b) ? 8 : 1));
    for (auto& x : c.m.C.v) x = ec(uni(-4 * r, 4 * r));
    return c;
  }
  Case float_wide() {
    Case c = blank("random-wide", false, "random exponents over a wide range; tolerance check");
    auto gen = [&](wt::Elem e) -> uint32_t {
      if (is8(e)) return f8(e);
      const int span = e == wt::Elem::F16 ? 5 : 30;
      return wt::elem_encode(e, std::ldexp(uni(-1, 1), unii(-span, span)));
    };
    fill_a(c, [&](int, int) { return gen(s_.a); });
    for (auto& x : c.m.B.v) x = gen(s_.b);
    const int cspan = s_.acc == wt::Acc::F16 ? 10 : 40;
    for (auto& x : c.m.C.v) x = ec(std::ldexp(uni(-1, 1), unii(-cspan, cspan)));
    return c;
  }
  // Every kept value nonzero and every B row distinct: a device that takes
  // the wrong position (index fields swapped or misread) gives another sum.
  Case float_exact() {
    const bool bf = s_.acc == wt::Acc::BF16;
    Case c = blank("exact-small", true,
                   "A kept values in {+-1/2, +-1, +-3/2, +-2}, B in {-4..4}, C small integers: every partial "
                   "sum exact; all six kept-position pairs used");
    fill_a(c, [&](int, int) { return ea((unii(0, 1) ? 1 : -1) * unii(1, 4) / 2.0); });
    for (auto& x : c.m.B.v) x = eb(unii(bf ? -2 : -4, bf ? 2 : 4));
    for (auto& x : c.m.C.v) x = ec(unii(-16, 16));
    return c;
  }
  Case zeros() {
    Case c = blank("zeros", true, "kept A values = +-0, B = +-0: D = C");
    fill_a(c, [&](int, int) { return ea(unii(0, 1) ? 0.0 : -0.0); });
    for (auto& x : c.m.B.v) x = eb(unii(0, 1) ? 0.0 : -0.0);
    for (auto& x : c.m.C.v) x = ec(uni(-8, 8));
    return c;
  }
  // A[i][2i] = 1 (the other kept value of the group 0), C = 0: D[i][j] = B[2i][j].
  Case identity() {
    Case c = blank("identity", true, "A[i][2i] = 1 (other kept value 0), C = 0: D[i][j] = B[2i][j]");
    for (int i = 0; i < 16; ++i) force(c, i, 2 * i);
    fill_a(c, [&](int i, int k) -> uint32_t {
      if (k != 2 * i) return 0u;
      return wt::is_int(s_.a) ? 1u : ea(1.0);
    });
    for (auto& x : c.m.B.v) {
      if (wt::is_int(s_.b)) x = uint32_t(unii(0, (1 << wt::elem_bits(s_.b)) - 1));
      else if (is8(s_.b)) x = f8(s_.b);
      else x = eb(uni(-100, 100));
    }
    return c;
  }
  Case float_max() {
    Case c = blank("max", true, "kept A = +-max, B = +-max (fp8/bf8 saturation values; sign fixed per row/column), C = +-1");
    fill_a(c, [&](int i, int) { return ea((i % 2 ? -1 : 1) * wt::elem_max(s_.a)); });
    for (int k = 0; k < K_; ++k)
      for (int j = 0; j < 16; ++j) c.m.B.at(k, j) = eb((j % 4 == 3 ? -1 : 1) * (j < 8 ? wt::elem_max(s_.b) : 1.0));
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) c.m.C.at(i, j) = ec((i + j) % 2 ? 1.0 : -1.0);
    return c;
  }
  Case float_specials() {
    Case c = blank("inf-nan", true, "inf/NaN in kept A values, B and C; NaN compared as 'any NaN'");
    const std::pair<int, int> pos[] = {{0, 0}, {1, 2}, {2, 3}, {3, 1}, {3, 4}, {4, 6}, {5, 7}};
    for (auto& p : pos) force(c, p.first, p.second);
    fill_a(c, [&](int, int) { return ea(unii(-3, 3)); });
    for (auto& x : c.m.B.v) x = eb(unii(1, 3));
    for (auto& x : c.m.C.v) x = ec(unii(-3, 3));
    const uint32_t nan_a = ref::encode(wt::elem_fmt(s_.a), NAN), nan_b = ref::encode(wt::elem_fmt(s_.b), NAN);
    if (wt::elem_has_inf(s_.a)) {
      c.m.A.at(0, 0) = ea(INFINITY);
      c.m.A.at(1, 2) = ea(-INFINITY);
      c.m.A.at(2, 3) = ea(INFINITY);  // x B[3][5] = 0 -> NaN in column 5
      c.m.A.at(3, 1) = ea(INFINITY);
      c.m.A.at(3, 4) = ea(-INFINITY);  // inf - inf -> NaN
    }
    c.m.B.at(3, 5) = eb(0.0);
    c.m.A.at(4, 6) = nan_a;
    c.m.A.at(5, 7) = nan_a | (1u << (wt::elem_bits(s_.a) - 1));
    c.m.B.at(8, 9) = nan_b;
    if (wt::elem_has_inf(s_.b)) c.m.B.at(9, 10) = eb(INFINITY);
    c.m.C.at(6, 11) = ec(INFINITY);
    c.m.C.at(7, 12) = ec(-INFINITY);
    c.m.C.at(8, 13) = ec(NAN);
    if (wt::elem_has_inf(s_.a)) c.m.C.at(0, 14) = ec(-INFINITY);
    return c;
  }
  Case float_denormals() {
    Case c = blank("denormals", true, "UNVERIFIED model (REFERENCE.md 3): denormal inputs and outputs honoured (no flush)");
    const ref::MiniFloat& fa = wt::elem_fmt(s_.a);
    const int mmax = std::min((1 << fa.mbits) - 1, s_.acc == wt::Acc::BF16 ? 7 : 63);
    fill_a(c, [&](int i, int) {
      uint32_t m = i < 8 ? uint32_t(unii(1, mmax)) : 0u;
      if (i % 2) m |= 1u << (wt::elem_bits(s_.a) - 1);
      return m;
    });
    for (auto& x : c.m.B.v) x = eb(unii(-1, 1));
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) {
        const double n = i < 8 ? 0.0 : double(unii(-50, 50));
        const int e = s_.acc == wt::Acc::F32 ? -140 : s_.acc == wt::Acc::F16 ? -24 : -133;
        c.m.C.at(i, j) = ec(std::ldexp(n, e));
      }
    return c;
  }

  uint32_t rbits(wt::Elem e) { return uint32_t(unii(0, (1 << wt::elem_bits(e)) - 1)); }
  Case int_random(const std::string& name) {
    Case c = blank(name, true, "uniform raw bit patterns in kept A values and B; C uniform in [-2^20, 2^20]");
    fill_a(c, [&](int, int) { return rbits(s_.a); });
    for (auto& x : c.m.B.v) x = rbits(s_.b);
    for (auto& x : c.m.C.v) x = uint32_t(unii(-(1 << 20), 1 << 20));
    return c;
  }
  Case int_extremes() {
    const int b = wt::elem_bits(s_.a);
    const uint32_t all = (1u << b) - 1, top = 1u << (b - 1);
    const uint32_t pats[] = {0, 1, top - 1, top, all};
    Case c = blank("extremes", true, "raw patterns {0, 1, 0x7f.., 0x80.., 0xff..}; C in {INT32_MAX, INT32_MIN, 0}");
    fill_a(c, [&](int i, int k) { return pats[(i + k / 3) % 5]; });
    for (int k = 0; k < K_; ++k)
      for (int j = 0; j < 16; ++j) c.m.B.at(k, j) = pats[(j + k * (j % 2)) % 5];
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j)
        c.m.C.at(i, j) = uint32_t((i + j) % 3 == 0 ? INT32_MAX : (i + j) % 3 == 1 ? INT32_MIN : 0);
    return c;
  }
  Case int_clamp_high() {
    const uint32_t maxpos = (1u << (wt::elem_bits(s_.a) - 1)) - 1;
    Case c = blank("clamp-overflow-high", true, "C = INT32_MAX - 100 + j, kept A = B = 0x7f..: exact result > INT32_MAX (row 15: A = 0, control)");
    fill_a(c, [&](int i, int) { return i == 15 ? 0u : maxpos; });
    for (auto& x : c.m.B.v) x = maxpos;
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) c.m.C.at(i, j) = uint32_t(INT32_MAX - 100 + j);
    return c;
  }
  Case int_clamp_low() {
    const int b = wt::elem_bits(s_.a);
    Case c = blank("clamp-overflow-low", true, "C = INT32_MIN + 100 + j, kept A = 0x80.., B = 0x7f..: underflow when A is signed");
    fill_a(c, [&](int, int) { return 1u << (b - 1); });
    for (auto& x : c.m.B.v) x = (1u << (b - 1)) - 1;
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) c.m.C.at(i, j) = uint32_t(INT32_MIN + 100 + j);
    return c;
  }

  Spec s_;
  int K_;
  int n_ = 0;
  std::mt19937 rng_;
};

// The reference: D = C + sum over the KEPT positions of A x B, i.e. the dense
// product in which the pruned positions contribute no product at all (not
// 0 * B: a pruned zero times an infinite or NaN B element is not a NaN).
// Same number model as wmma_dense.h's reference: products and sums in double
// (int64 for integers), rounded once to the output format.
inline bool is_kept(const Case& c, int i, int k) {
  const int G = int(c.pair.size()) / 16, p = c.pair[i * G + k / 4];
  return kPairs[p][0] == k % 4 || kPairs[p][1] == k % 4;
}
inline wt::Expected reference(const Spec& s, const Case& c, int mods) {
  const int K = c.m.A.cols;
  wt::Expected e;
  e.bits = ref::Matrix<uint32_t>(16, 16);
  if (wt::is_int(s.a)) {
    const int b = wt::elem_bits(s.a);
    e.exact_int = ref::Matrix<int64_t>(16, 16);
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) {
        int64_t acc = int32_t(c.m.C.at(i, j));
        for (int k = 0; k < K; ++k)
          if (is_kept(c, i, k))
            acc += ref::int_value(c.m.A.at(i, k), b, mods & WT_SIGN_A) *
                   ref::int_value(c.m.B.at(k, j), wt::elem_bits(s.b), mods & WT_SIGN_B);
        e.exact_int.at(i, j) = acc;
        e.bits.at(i, j) = uint32_t((mods & WT_CLAMP) ? ref::saturate_i32(acc) : ref::wrap_i32(acc));
      }
    return e;
  }
  e.value = ref::Matrix<double>(16, 16);
  e.magnitude = ref::Matrix<double>(16, 16);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      double cv = wt::acc_decode(s.acc, c.m.C.at(i, j));
      if (mods & WT_NEG_C) cv = -cv;
      if (mods & WT_ABS_C) cv = std::fabs(cv);
      double sum = cv, mag = std::fabs(cv);
      for (int k = 0; k < K; ++k) {
        if (!is_kept(c, i, k)) continue;
        double av = ref::decode(wt::elem_fmt(s.a), c.m.A.at(i, k));
        double bv = ref::decode(wt::elem_fmt(s.b), c.m.B.at(k, j));
        if (mods & WT_NEG_A) av = -av;
        if (mods & WT_NEG_B) bv = -bv;
        const double p = av * bv;
        sum += p;
        mag += std::fabs(p);
      }
      e.value.at(i, j) = sum;
      e.magnitude.at(i, j) = mag;
      e.bits.at(i, j) = wt::acc_encode(s.acc, sum);
    }
  return e;
}

// Compress case `c` into the lane-major images of case slot n, index set `key`;
// the other index sets get decoy fields (a different pair per group), so a
// device reading the wrong set computes another product.
inline void pack(const Spec& s, const Case& c, int key, std::vector<uint32_t>& a, std::vector<uint32_t>& b,
                 std::vector<uint32_t>& cc, std::vector<uint32_t>& idx, size_t n) {
  const int W = s.wave, K = depth(s.kind), G = groups(s.kind), eb = bits(s.kind);
  const int ar = a_regs(s.kind, W), br = b_regs(s.kind, W), cr = wt::acc_regs(s.acc, W), cb = wt::acc_bits(s.acc);
  std::vector<uint32_t> ia(W * ar, 0), ib(W * br, 0), ic(W * cr, 0), ix(W, 0);
  for (int i = 0; i < 16; ++i)
    for (int g = 0; g < G; ++g) {
      const int p = c.pair[i * G + g];
      ref::Slot sl = a_pair_slot(s.kind, i, g, W);
      for (int v = 0; v < 2; ++v) {
        ref::Slot e = sl;
        e.bit += v * eb;
        ref::put_field(ia, ar, e, eb, c.m.A.at(i, 4 * g + kPairs[p][v]));
      }
      for (int set = 0; set < index_sets(s.kind, W); ++set) {
        const int q = set == key ? p : (p + 1 + set) % 6;
        ref::put_field(ix, 1, index_slot(s.kind, i, g, W, set), 4, uint32_t(kPairs[q][0] | kPairs[q][1] << 2));
      }
    }
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < 16; ++j) ref::put_field(ib, br, b_slot(s.kind, j, k, W), eb, c.m.B.at(k, j));
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j)
      ref::put_field(ic, cr, cb == 32 ? ref::cd32_slot(i, j, W) : ref::cd16_slot(i, j, W), cb, c.m.C.at(i, j));
  std::copy(ia.begin(), ia.end(), a.begin() + n * ia.size());
  std::copy(ib.begin(), ib.end(), b.begin() + n * ib.size());
  std::copy(ic.begin(), ic.end(), cc.begin() + n * ic.size());
  std::copy(ix.begin(), ix.end(), idx.begin() + n * ix.size());
}

inline int run(const Spec& s, const std::vector<Variant>& variants, unsigned seed = 4242) {
  rt::print_device_header(s.builtin);
  const wt::Spec ds = s.dense();
  Cases gen(s, seed);
  std::vector<Case> cases = gen.build();
  const size_t nc = cases.size();
  const int W = s.wave, K = depth(s.kind), ar = a_regs(s.kind, W), br = b_regs(s.kind, W);
  const int cr = wt::acc_regs(s.acc, W), cb = wt::acc_bits(s.acc);
  const bool integer = wt::is_int(s.a);
  std::printf("builtin=__builtin_amdgcn_%s wave%d A=%s (2:4 sparse, compressed) B=%s acc=%s K=%d index sets=%d "
              "cases=%zu variants=%zu seed=%u\n",
              s.builtin, W, wt::elem_name(s.a), wt::elem_name(s.b),
              s.acc == wt::Acc::F32 ? "f32" : s.acc == wt::Acc::F16 ? "f16" : s.acc == wt::Acc::BF16 ? "bf16" : "i32",
              K, index_sets(s.kind, W), nc, variants.size(), seed);
  std::printf("model: %s%s\n", kModelStatus,
              W == 64 ? "; wave64 (seeds 000/001 call RDNA4 WMMA wave32-only, REFERENCE.md 8 item 1)" : "");
  std::printf("reference: C + A x B over the kept positions of the uncompressed 16x%d A (plain matrix maths; "
              "pruned positions contribute no product)\n", K);
  if (!integer)
    std::printf("bound: |D - exact| <= (K/2+1)*2^-23*(|C|+sum|A*B|)%s on tolerance cases (K/2 = %d nonzero "
                "products); exact cases bit-exact (RNE, any NaN = any NaN, +0 = -0)\n",
                s.acc == wt::Acc::F32 ? "" : " + 1 ulp(output)", K / 2);
  for (const Case& c : cases)
    std::printf("case %-22s %s%s\n", c.m.name.c_str(), c.m.exact ? "[bit-exact] " : "[tolerance] ", c.m.note.c_str());

  rt::DevBuf<uint32_t> dd(nc * W * cr);
  long failures = 0, printed = 0;
  for (const Variant& v : variants) {
    if (v.key < 0 || v.key >= index_sets(s.kind, W)) {
      std::printf("FAIL %s: variant index_key=%d out of range (sets=%d)\n", s.builtin, v.key, index_sets(s.kind, W));
      return 1;
    }
    std::vector<uint32_t> ha(nc * W * ar), hb(nc * W * br), hc(nc * W * cr), hi(nc * W);
    for (size_t n = 0; n < nc; ++n) pack(s, cases[n], v.key, ha, hb, hc, hi, n);
    rt::DevBuf<uint32_t> da(ha), db(hb), dc(hc), di(hi);
    dd.zero();
    const uint32_t *pa = da.p, *pb = db.p, *pc = dc.p, *pi = di.p;
    uint32_t* pd = dd.p;
    rt::launch(v.kernel, dim3(unsigned(nc)), dim3(unsigned(W)), {&pa, &pb, &pc, &pi, &pd});
    const std::vector<uint32_t> hd = dd.download();
    double worst_ratio = 0, worst_err = 0, worst_bound = 0;
    long vfail = 0;
    const std::string vname = wt::mod_name(v.mods, integer) + ",index_key=" + std::to_string(v.key);
    for (size_t n = 0; n < nc; ++n) {
      const Case& c = cases[n];
      const wt::Expected e = reference(s, c, v.mods);
      const std::vector<uint32_t> img(hd.begin() + n * W * cr, hd.begin() + (n + 1) * W * cr);
      for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j) {
          const uint32_t got = ref::get_field(img, cr, cb == 32 ? ref::cd32_slot(i, j, W) : ref::cd16_slot(i, j, W), cb);
          const uint32_t want = e.bits.at(i, j);
          bool ok;
          std::string why;
          if (integer) {
            ok = got == want;
          } else {
            const double g = wt::acc_decode(s.acc, got), w = wt::acc_decode(s.acc, want);
            if (std::isnan(w) || std::isnan(g)) ok = std::isnan(w) && std::isnan(g);
            else if (g == w) ok = true;
            else if (c.m.exact || std::isinf(w) || std::isinf(g)) ok = false;
            else {
              const double ex = e.value.at(i, j), err = std::fabs(g - ex);
              const double bnd = wt::bound(ds, K / 2, ex, e.magnitude.at(i, j));
              ok = err <= bnd;
              if (bnd > 0 && err / bnd > worst_ratio) {
                worst_ratio = err / bnd;
                worst_err = err;
                worst_bound = bnd;
              }
              if (!ok) {
                char buf[128];
                std::snprintf(buf, sizeof buf, " (error %.3g > bound %.3g)", err, bnd);
                why = buf;
              }
            }
          }
          if (!integer && ok && !c.m.exact) {  // measured error of a passing element
            const double g = wt::acc_decode(s.acc, got), ex = e.value.at(i, j);
            if (std::isfinite(g) && std::isfinite(ex)) {
              const double err = std::fabs(g - ex), bnd = wt::bound(ds, K / 2, ex, e.magnitude.at(i, j));
              if (bnd > 0 && err / bnd > worst_ratio) {
                worst_ratio = err / bnd;
                worst_err = err;
                worst_bound = bnd;
              }
            }
          }
          if (!ok) {
            ++vfail;
            if (printed++ < 20)
              std::printf("MISMATCH variant=%s case=%s D[%d][%d]: expected %s, actual %s%s\n", vname.c_str(),
                          c.m.name.c_str(), i, j, wt::fmt_val(ds, want).c_str(), wt::fmt_val(ds, got).c_str(),
                          why.c_str());
          }
        }
      if (integer && c.m.name.rfind("clamp-overflow", 0) == 0) {
        const int64_t ex = e.exact_int.at(0, 0);
        const uint32_t got = ref::get_field(img, cr, ref::cd32_slot(0, 0, W), 32);
        std::printf("clamp probe %s %s D[0][0]: exact=%lld device=%d (expected %d: %s); wrap=%d, int32 saturation=%d\n",
                    vname.c_str(), c.m.name.c_str(), (long long)ex, int32_t(got), int32_t(e.bits.at(0, 0)),
                    (v.mods & WT_CLAMP) ? "clamp = int32 saturation, ISA meaning, UNVERIFIED on hw"
                                        : "no clamp = wrap modulo 2^32",
                    ref::wrap_i32(ex), ref::saturate_i32(ex));
      }
    }
    if (integer)
      std::printf("variant %-48s %s (%zu cases, bit-exact)\n", vname.c_str(), vfail ? "FAIL" : "ok", nc);
    else
      std::printf("variant %-24s %s: worst tolerance-case error %.3g (bound there %.3g, %.1f%% of bound)\n",
                  vname.c_str(), vfail ? "FAIL" : "ok", worst_err, worst_bound, 100 * worst_ratio);
    failures += vfail;
  }
  if (failures) {
    std::printf("FAIL %s: %ld mismatching elements %s\n", s.builtin, failures, rt::device_tag().c_str());
    return 1;
  }
  std::printf("PASS %s %s\n", s.builtin, rt::device_tag().c_str());
  return 0;
}

}  // namespace sp
