// Driver for the per-builtin dense WMMA runtime tests in runtime/wmma-w32/
// (and runtime/wmma-w64/: Spec::wave = 64). A test file supplies the builtin's kernels (one per
// modifier/signedness/clamp variant) and a Spec; this header builds the input
// cases as plain matrices, packs them into register images with the
// DOCUMENTED layouts (fragments.h), runs every kernel on every case, unpacks D
// and compares it with the CPU reference (matmul.h, formats.h).
//
// Kernel ABI: one wave (W = 32 or 64 lanes) per case (blockIdx.x = case). Lane
// L of case n reads its A registers from a[(n*W + L)*AR ...] (lane-major register
// images, AR = registers of A), likewise B, C, and writes D.
//
// Comparison rules (printed by every test):
//  - cases marked exact: device bits must equal the reference rounded once to
//    the output format (RNE); any NaN matches any NaN; +0 and -0 are equal.
//  - other float cases: |D - exact| <= (K+1) * 2^-23 * (|C| + sum|A*B|),
//    plus one ulp of the output format for f16/bf16 output: what a correct
//    fp32 accumulation satisfies whatever its order. Inf/NaN must match.
//  - integer variants: bit-exact always.
// The tests compile at -O2, so that source negation (-a, -b, -c, fabs(c))
// reaches the device as neg_lo/neg_hi modifiers; -O0 code is exercised by
// runtime/gemm.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "formats.h"
#include "fragments.h"
#include "hiptest.h"
#include "matmul.h"

// ---- device side ------------------------------------------------------------
#if defined(__HIP__)
// Load this lane's fragment of the current case from a lane-major image.
template <class V>
__device__ inline V wt_load(const uint32_t* base) {
  constexpr int nregs = sizeof(V) / 4;
  const size_t off = (size_t(blockIdx.x) * blockDim.x + threadIdx.x) * nregs;
  V v;
  __builtin_memcpy(&v, base + off, sizeof(V));
  return v;
}
template <class V>
__device__ inline void wt_store(uint32_t* base, V v) {
  constexpr int nregs = sizeof(V) / 4;
  const size_t off = (size_t(blockIdx.x) * blockDim.x + threadIdx.x) * nregs;
  __builtin_memcpy(base + off, &v, sizeof(V));
}
#endif

// Modifier bits a test kernel template is instantiated with.
enum WtMod : int {
  WT_PLAIN = 0,
  WT_NEG_A = 1,   // float: -a  (compiler folds into neg_lo/neg_hi bit 0)
  WT_NEG_B = 2,   // float: -b
  WT_NEG_C = 4,   // float: -c  (neg_lo bit 2)
  WT_ABS_C = 8,   // float: fabs(c) (neg_hi bit 2)
  WT_SIGN_A = 16, // integer: A signed
  WT_SIGN_B = 32, // integer: B signed
  WT_CLAMP = 64,  // integer: clamp
};

namespace wt {

enum class Elem { F16, BF16, FP8, BF8, I8, I4 };
enum class Acc { F32, F16, BF16, I32 };

struct Spec {
  const char* builtin;
  Elem a, b;
  Acc acc;
  ref::AB layout;
  int wave = 32;  // 32: *_w32_gfx12 builtins; 64: *_w64_gfx12 (compiled with -mwavefrontsize64)
};

struct Variant {
  const void* kernel;
  int mods;  // WtMod bits
};

inline std::string mod_name(int m, bool integer) {
  if (m == 0 && !integer) return "plain";
  std::string s;
  auto add = [&](const char* t) { s += s.empty() ? t : std::string("+") + t; };
  if (m & WT_NEG_A) add("neg_a");
  if (m & WT_NEG_B) add("neg_b");
  if (m & WT_NEG_C) add("neg_c");
  if (m & WT_ABS_C) add("abs_c");
  if (integer) {
    s += s.empty() ? "" : "+";
    s += (m & WT_SIGN_A) ? "A=signed" : "A=unsigned";
    s += (m & WT_SIGN_B) ? ",B=signed" : ",B=unsigned";
    s += (m & WT_CLAMP) ? ",clamp=1" : ",clamp=0";
  }
  return s;
}

inline bool is_int(Elem e) { return e == Elem::I8 || e == Elem::I4; }
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
inline int acc_regs(Acc a, int wave = 32) { return (acc_bits(a) == 16 ? 4 : 8) * 32 / wave; }
inline const char* elem_name(Elem e) {
  static const char* n[] = {"f16", "bf16", "fp8(E4M3fn)", "bf8(E5M2)", "iu8", "iu4"};
  return n[int(e)];
}

// One test case: raw bit patterns of A (16xK), B (Kx16) and C (16x16).
struct Case {
  std::string name;
  bool exact = false;         // bit-exact comparison expected
  std::string note;           // printed with the case ("UNVERIFIED: ..." etc.)
  ref::Matrix<uint32_t> A, B, C;
};

// ---- value <-> bits helpers ----------------------------------------------------
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

// ---- case generation ---------------------------------------------------------------
class Cases {
 public:
  // K: the instruction's depth (0: the dense depth of the layout; SWMMAC passes
  // its own, the cases are then sparsified by Inputs/reference/swmmac.h).
  Cases(const Spec& s, unsigned seed, int K = 0) : s_(s), K_(K ? K : ref::ab_depth(s.layout)), rng_(seed) {}
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
  Case blank(const std::string& name, bool exact) {
    Case c;
    c.name = name;
    c.exact = exact;
    c.A = ref::Matrix<uint32_t>(16, K_);
    c.B = ref::Matrix<uint32_t>(K_, 16);
    c.C = ref::Matrix<uint32_t>(16, 16);
    return c;
  }
  double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng_); }
  int uniform_int(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  uint32_t acc_enc(double v) { return acc_encode(s_.acc, v); }
  uint32_t ea(double v) { return elem_encode(s_.a, v); }
  uint32_t eb(double v) { return elem_encode(s_.b, v); }
  // A random finite bit pattern of an 8-bit float format (no NaN/inf).
  uint32_t random_f8_bits(Elem e) {
    for (;;) {
      uint32_t b = uint32_t(uniform_int(0, 255));
      if (std::isfinite(ref::decode(elem_fmt(e), b))) return b;
    }
  }

  Case float_random(const std::string& name, double range) {
    Case c = blank(name, false);
    c.note = "uniform in [-" + std::to_string(range) + ", " + std::to_string(range) +
             "] rounded to the input format; tolerance check";
    for (auto& x : c.A.v) x = (s_.a == Elem::FP8 || s_.a == Elem::BF8) ? ea(uniform(-range, range) * 8) : ea(uniform(-range, range));
    for (auto& x : c.B.v) x = (s_.b == Elem::FP8 || s_.b == Elem::BF8) ? eb(uniform(-range, range) * 8) : eb(uniform(-range, range));
    for (auto& x : c.C.v) x = acc_enc(uniform(-4 * range, 4 * range));
    return c;
  }
  // Random bit patterns over the whole finite range (8-bit formats) or wide
  // exponents (16-bit formats): exercises exponent alignment.
  Case float_wide_random() {
    Case c = blank("random-wide", false);
    c.note = "random exponents over a wide range; tolerance check";
    auto gen = [&](Elem e) -> uint32_t {
      if (elem_bits(e) == 8) return random_f8_bits(e);
      const int span = e == Elem::F16 ? 5 : 30;
      return elem_encode(e, std::ldexp(uniform(-1, 1), uniform_int(-span, span)));
    };
    for (auto& x : c.A.v) x = gen(s_.a);
    for (auto& x : c.B.v) x = gen(s_.b);
    const int cspan = s_.acc == Acc::F16 ? 10 : 40;
    for (auto& x : c.C.v) x = acc_enc(std::ldexp(uniform(-1, 1), uniform_int(-cspan, cspan)));
    return c;
  }
  // Small integers and dyadic fractions: every partial sum is exactly
  // representable in the output format, so any accumulation order gives the
  // same bits.
  Case float_small_exact() {
    Case c = blank("exact-small", true);
    const bool bf16_out = s_.acc == Acc::BF16;
    c.note = "values in {-2..2}/2 (A), {-4..4} (B), C small integers: every partial sum exact";
    for (auto& x : c.A.v) x = ea(uniform_int(-4, 4) / 2.0);
    for (auto& x : c.B.v) x = eb(uniform_int(bf16_out ? -2 : -4, bf16_out ? 2 : 4));
    for (auto& x : c.C.v) x = acc_enc(uniform_int(-16, 16));
    return c;
  }
  Case zeros() {
    Case c = blank("zeros", true);
    c.note = "A = B = 0 (mixed signs): D = C";
    for (auto& x : c.A.v) x = ea(uniform_int(0, 1) ? 0.0 : -0.0);
    for (auto& x : c.B.v) x = eb(uniform_int(0, 1) ? 0.0 : -0.0);
    for (auto& x : c.C.v) x = is_int(s_.a) ? acc_enc(uniform_int(-1000, 1000)) : acc_enc(uniform(-8, 8));
    return c;
  }
  // A = I (K x K identity in the first 16 columns), C = 0: D = B's top rows, exact.
  Case identity() {
    Case c = blank("identity", true);
    c.note = "A = identity, C = 0: D[i][j] = B[i][j]";
    for (int i = 0; i < 16; ++i) c.A.at(i, i) = is_int(s_.a) ? 1u : ea(1.0);
    for (auto& x : c.B.v) {
      if (is_int(s_.b)) x = uint32_t(uniform_int(0, (1 << elem_bits(s_.b)) - 1));
      else if (elem_bits(s_.b) == 8) x = random_f8_bits(s_.b);
      else x = eb(uniform(-100, 100));
    }
    for (auto& x : c.C.v) x = 0;
    return c;
  }
  // +-max of the input format with a consistent sign per row of A and per
  // column of B, so no order of accumulation cancels: overflow (if any) is
  // unambiguous.
  Case float_max() {
    Case c = blank("max", true);
    c.note = "A = +-max, B = +-max (fp8/bf8 saturation values; sign fixed per row/column), C = +-1";
    for (int i = 0; i < 16; ++i)
      for (int k = 0; k < K_; ++k) c.A.at(i, k) = ea((i % 2 ? -1 : 1) * elem_max(s_.a));
    for (int k = 0; k < K_; ++k)
      for (int j = 0; j < 16; ++j) {
        const double mag = j < 8 ? elem_max(s_.b) : 1.0;  // columns 8..15: max * 1
        c.B.at(k, j) = eb((j % 4 == 3 ? -1 : 1) * mag);
      }
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) c.C.at(i, j) = acc_enc((i + j) % 2 ? 1.0 : -1.0);
    return c;
  }
  // Inf and NaN inputs (NaN only for fp8 E4M3fn, which has no infinity).
  Case float_specials() {
    Case c = blank("inf-nan", true);
    c.note = "inf/NaN in A, B and C; NaN results compared as 'any NaN'";
    for (auto& x : c.A.v) x = ea(uniform_int(-3, 3));
    for (auto& x : c.B.v) x = eb(uniform_int(1, 3));  // positive B
    for (auto& x : c.C.v) x = acc_enc(uniform_int(-3, 3));
    const double inf = INFINITY, nan = NAN;
    const ref::MiniFloat& fa = elem_fmt(s_.a);
    const ref::MiniFloat& fb = elem_fmt(s_.b);
    const uint32_t nan_a = ref::encode(fa, nan), nan_b = ref::encode(fb, nan);
    if (elem_has_inf(s_.a)) {
      c.A.at(0, 0) = ea(inf);                  // row 0: +inf
      c.A.at(1, 2) = ea(-inf);                 // row 1: -inf
      c.A.at(2, 3) = ea(inf);                  // row 2: inf * 0 in column 5 -> NaN
      c.A.at(3, 1) = ea(inf);
      c.A.at(3, 4) = ea(-inf);                 // row 3: inf - inf -> NaN
    }
    c.B.at(3, 5) = eb(0.0);
    c.A.at(4, 6) = nan_a;                      // row 4: NaN
    c.A.at(5, 7) = nan_a | (1u << (elem_bits(s_.a) - 1));  // row 5: negative NaN
    c.B.at(8, 9) = nan_b;                      // column 9: NaN
    if (elem_has_inf(s_.b)) c.B.at(9, 10) = eb(inf);  // column 10: +inf (rows 0,2 -> +inf; row 1: -inf*inf...)
    if (s_.acc != Acc::I32) {
      c.C.at(6, 11) = acc_enc(inf);
      c.C.at(7, 12) = acc_enc(-inf);
      c.C.at(8, 13) = acc_enc(nan);
      if (elem_has_inf(s_.a)) c.C.at(0, 14) = acc_enc(-inf);  // +inf row + -inf C -> NaN
    }
    return c;
  }
  // Subnormal inputs: rows 0-7 of A hold small subnormals (B in {-1,0,1},
  // C = 0), so every partial sum is an exact subnormal-scale value of the
  // output format; rows 8-15 of A are zero and C holds output-format
  // subnormals, so D = C.
  Case float_denormals() {
    Case c = blank("denormals", true);
    c.note = "UNVERIFIED model (REFERENCE.md 3): denormal inputs and outputs honoured (no flush)";
    const ref::MiniFloat& fa = elem_fmt(s_.a);
    const int mmax = std::min((1 << fa.mbits) - 1, s_.acc == Acc::BF16 ? 7 : 63);
    for (int i = 0; i < 16; ++i)
      for (int k = 0; k < K_; ++k) {
        uint32_t m = i < 8 ? uint32_t(uniform_int(1, mmax)) : 0u;
        if (i % 2) m |= 1u << (elem_bits(s_.a) - 1);  // odd rows negative
        c.A.at(i, k) = m;
      }
    for (auto& x : c.B.v) x = eb(uniform_int(-1, 1));
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) {
        const double n = i < 8 ? 0.0 : double(uniform_int(-50, 50));
        double v;
        if (s_.acc == Acc::F32) v = std::ldexp(n, -140);        // f32 subnormal
        else if (s_.acc == Acc::F16) v = std::ldexp(n, -24);    // f16 subnormal
        else v = std::ldexp(n, -133);                           // bf16 subnormal
        c.C.at(i, j) = acc_enc(v);
      }
    return c;
  }

  // ---- integer cases --------------------------------------------------------------
  uint32_t rint_bits(Elem e) { return uint32_t(uniform_int(0, (1 << elem_bits(e)) - 1)); }
  Case int_random(const std::string& name) {
    Case c = blank(name, true);
    c.note = "uniform raw bit patterns; C uniform in [-2^20, 2^20]";
    for (auto& x : c.A.v) x = rint_bits(s_.a);
    for (auto& x : c.B.v) x = rint_bits(s_.b);
    for (auto& x : c.C.v) x = uint32_t(uniform_int(-(1 << 20), 1 << 20));
    return c;
  }
  Case int_extremes() {
    Case c = blank("extremes", true);
    const int bits = elem_bits(s_.a);
    const uint32_t all = (1u << bits) - 1, top = 1u << (bits - 1);
    const uint32_t pats[] = {0, 1, top - 1, top, all};  // 0, 1, max signed, min signed/mid unsigned, -1/max unsigned
    c.note = "raw patterns {0, 1, 0x7f.., 0x80.., 0xff..} by row/column";
    for (int i = 0; i < 16; ++i)
      for (int k = 0; k < K_; ++k) c.A.at(i, k) = pats[(i + (k % 3 == 0 ? 0 : 1) * (i / 5)) % 5];
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
    Case c = blank("clamp-overflow-high", true);
    const int bits = elem_bits(s_.a);
    const uint32_t maxpos = (1u << (bits - 1)) - 1;  // 0x7f / 0x7: +127 / +7 either way
    c.note = "C = INT32_MAX - 100 + j, A = B = 0x7f..: exact result > INT32_MAX";
    for (auto& x : c.A.v) x = maxpos;
    for (auto& x : c.B.v) x = maxpos;
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) c.C.at(i, j) = uint32_t(INT32_MAX - 100 + j);
    // row 15: zero products, so D = C (no overflow) as a control
    for (int k = 0; k < K_; ++k) c.A.at(15, k) = 0;
    return c;
  }
  // C near INT32_MIN plus a negative sum (A = 0x80: -128 signed / +128
  // unsigned; B = 0x7f): underflows when A is signed.
  Case int_clamp_probe_low() {
    Case c = blank("clamp-overflow-low", true);
    const int bits = elem_bits(s_.a);
    c.note = "C = INT32_MIN + 100 + j, A = 0x80.., B = 0x7f..: underflow when A is signed";
    for (auto& x : c.A.v) x = 1u << (bits - 1);
    for (auto& x : c.B.v) x = (1u << (bits - 1)) - 1;
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) c.C.at(i, j) = uint32_t(INT32_MIN + 100 + j);
    return c;
  }
  // Partial sums could leave the int32 range in some accumulation orders but
  // the exact result does not: the reference expects the exact value.
  Case int_clamp_partial() {
    Case c = blank("clamp-no-final-overflow", true);
    const int bits = elem_bits(s_.a);
    const uint32_t maxpos = (1u << (bits - 1)) - 1, minneg = 1u << (bits - 1);
    c.note = "UNVERIFIED expectation: C = INT32_MAX - 10, products +/- alternate; "
             "the exact result fits int32, so saturation applies to the final value only";
    for (int i = 0; i < 16; ++i)
      for (int k = 0; k < K_; ++k) c.A.at(i, k) = k % 2 ? minneg : maxpos;
    for (auto& x : c.B.v) x = maxpos;
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) c.C.at(i, j) = uint32_t(INT32_MAX - 10);
    return c;
  }

  Spec s_;
  int K_;
  std::mt19937 rng_;
};

// ---- reference -------------------------------------------------------------------
struct Expected {
  ref::Matrix<uint32_t> bits;  // reference rounded to the output format
  ref::Matrix<double> value, magnitude;
  ref::Matrix<int64_t> exact_int;  // integer variants: exact sum before narrowing
};

// keep: optional 16 x K mask of the A positions that take part (SWMMAC).
inline Expected reference(const Spec& s, const Case& c, int mods, const ref::Matrix<uint8_t>* keep = nullptr) {
  const int K = c.A.cols;
  Expected e;
  e.bits = ref::Matrix<uint32_t>(16, 16);
  if (is_int(s.a)) {
    const int bits = elem_bits(s.a);
    ref::Matrix<int64_t> A(16, K), B(K, 16), C(16, 16);
    for (size_t n = 0; n < A.v.size(); ++n) A.v[n] = ref::int_value(c.A.v[n], bits, mods & WT_SIGN_A);
    for (size_t n = 0; n < B.v.size(); ++n) B.v[n] = ref::int_value(c.B.v[n], bits, mods & WT_SIGN_B);
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

// Error bound for the tolerance check (see the header comment).
inline double bound(const Spec& s, int K, double exact, double magnitude) {
  double b = (K + 1) * ref::kF32Ulp1 * magnitude;
  if (s.acc == Acc::F16) b += ref::ulp(ref::kF16, exact);
  if (s.acc == Acc::BF16) b += ref::ulp(ref::kBF16, exact);
  return b;
}

// ---- packing ------------------------------------------------------------------------
inline void pack_case(const Spec& s, const Case& c, std::vector<uint32_t>& a, std::vector<uint32_t>& b,
                      std::vector<uint32_t>& cc, size_t n) {
  const int W = s.wave, ar = ref::ab_regs(s.layout, W), bits = elem_bits(s.a), K = c.A.cols;
  const int cr = acc_regs(s.acc, W), cbits = acc_bits(s.acc);
  std::vector<uint32_t> ia(W * ar, 0), ib(W * ar, 0), ic(W * cr, 0);
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < K; ++k) {
      ref::put_field(ia, ar, ref::ab_slot(s.layout, i, k, W), bits, c.A.at(i, k));
      ref::put_field(ib, ar, ref::ab_slot(s.layout, i, k, W), bits, c.B.at(k, i));
    }
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j)
      ref::put_field(ic, cr, cbits == 32 ? ref::cd32_slot(i, j, W) : ref::cd16_slot(i, j, W), cbits, c.C.at(i, j));
  std::copy(ia.begin(), ia.end(), a.begin() + n * ia.size());
  std::copy(ib.begin(), ib.end(), b.begin() + n * ib.size());
  std::copy(ic.begin(), ic.end(), cc.begin() + n * ic.size());
}
inline ref::Matrix<uint32_t> unpack_d(const Spec& s, const std::vector<uint32_t>& d, size_t n) {
  const int W = s.wave, cr = acc_regs(s.acc, W), cbits = acc_bits(s.acc);
  std::vector<uint32_t> img(d.begin() + n * W * cr, d.begin() + (n + 1) * W * cr);
  ref::Matrix<uint32_t> D(16, 16);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j)
      D.at(i, j) = ref::get_field(img, cr, cbits == 32 ? ref::cd32_slot(i, j, W) : ref::cd16_slot(i, j, W), cbits);
  return D;
}

// ---- the test --------------------------------------------------------------------------
inline std::string fmt_val(const Spec& s, uint32_t bits) {
  char buf[96];
  const int w = acc_bits(s.acc) / 4;
  if (s.acc == Acc::I32) std::snprintf(buf, sizeof buf, "%d (0x%08x)", int32_t(bits), bits);
  else std::snprintf(buf, sizeof buf, "%.9g (0x%0*x)", acc_decode(s.acc, bits), w, bits);
  return buf;
}

// seed: fixed by default (reproducible runs); RDNA4_TEST_SEED=<n> overrides it
// for exploratory runs (the seed is printed either way).
inline int run(const Spec& s, const std::vector<Variant>& variants, unsigned seed = 12345) {
  rt::print_device_header(s.builtin);
  if (const char* e = std::getenv("RDNA4_TEST_SEED"); e && *e) {
    char* end = nullptr;
    const unsigned long v = std::strtoul(e, &end, 10);
    if (*end) {
      std::printf("FAIL: RDNA4_TEST_SEED='%s' is not a decimal number\n", e);
      return 1;
    }
    seed = unsigned(v);
  }
  Cases gen(s, seed);
  const int K = gen.K();
  std::vector<Case> cases = gen.build();
  const size_t nc = cases.size();
  const int W = s.wave, ar = ref::ab_regs(s.layout, W), cr = acc_regs(s.acc, W);
  std::printf("builtin=__builtin_amdgcn_%s wave%d A=%s B=%s acc=%s K=%d cases=%zu variants=%zu seed=%u\n",
              s.builtin, W, elem_name(s.a), elem_name(s.b),
              s.acc == Acc::F32 ? "f32" : s.acc == Acc::F16 ? "f16" : s.acc == Acc::BF16 ? "bf16" : "i32",
              K, nc, variants.size(), seed);
  if (W == 32)
    std::printf("layout: packed with the documented layout (REFERENCE.md 3 / seed 001); "
                "the K order inside A/B is not observable here (same permutation for A and B)\n");
  else
    std::printf("layout: packed with the wave64 layout of AMD's Matrix Instruction Calculator "
                "(UNVERIFIED by hardware; seeds 000/001 call RDNA4 WMMA wave32-only, REFERENCE.md 8 item 1)\n");
  if (!is_int(s.a))
    std::printf("bound: |D - exact| <= (K+1)*2^-23*(|C|+sum|A*B|)%s on tolerance cases; "
                "exact cases bit-exact (RNE, any NaN = any NaN, +0 = -0)\n"
                "model: accumulation precision/order, rounding, NaN and denormal handling inside WMMA "
                "are UNVERIFIED (REFERENCE.md 3)\n",
                s.acc == Acc::F32 ? "" : " + 1 ulp(output)");
  for (const Case& c : cases)
    std::printf("case %-24s %s%s\n", c.name.c_str(), c.exact ? "[bit-exact] " : "[tolerance] ", c.note.c_str());

  std::vector<uint32_t> ha(nc * W * ar), hb(nc * W * ar), hc(nc * W * cr);
  for (size_t n = 0; n < nc; ++n) pack_case(s, cases[n], ha, hb, hc, n);
  rt::DevBuf<uint32_t> da(ha), db(hb), dc(hc), dd(nc * W * cr);

  long failures = 0, printed = 0;
  for (const Variant& v : variants) {
    dd.zero();
    const uint32_t *pa = da.p, *pb = db.p, *pc = dc.p;
    uint32_t* pd = dd.p;
    rt::launch(v.kernel, dim3(unsigned(nc)), dim3(unsigned(W)), {&pa, &pb, &pc, &pd});
    std::vector<uint32_t> hd = dd.download();
    double worst_ratio = 0, worst_err = 0, worst_bound = 0;
    long vfail = 0;
    for (size_t n = 0; n < nc; ++n) {
      const Case& c = cases[n];
      Expected e = reference(s, c, v.mods);
      ref::Matrix<uint32_t> D = unpack_d(s, hd, n);
      for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j) {
          const uint32_t got = D.at(i, j), want = e.bits.at(i, j);
          bool ok;
          std::string why;
          if (is_int(s.a)) {
            ok = got == want;
          } else {
            const double g = acc_decode(s.acc, got), w = acc_decode(s.acc, want);
            if (std::isnan(w) || std::isnan(g)) ok = std::isnan(w) && std::isnan(g);
            else if (g == w) ok = true;  // equal values (includes +0 == -0)
            else if (c.exact || std::isinf(w) || std::isinf(g)) ok = false;
            else {
              const double ex = e.value.at(i, j), err = std::fabs(g - ex);
              const double bnd = bound(s, K, ex, e.magnitude.at(i, j));
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
            if (ok && !c.exact && std::isfinite(g) && std::isfinite(w)) {
              const double ex = e.value.at(i, j), err = std::fabs(g - ex);
              const double bnd = bound(s, K, ex, e.magnitude.at(i, j));
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
              std::printf("MISMATCH variant=%s case=%s D[%d][%d]: expected %s, actual %s%s\n",
                          mod_name(v.mods, is_int(s.a)).c_str(), c.name.c_str(), i, j, fmt_val(s, want).c_str(),
                          fmt_val(s, got).c_str(), why.c_str());
          }
        }
      // Clamp probe report: what the device did with an int32 overflow.
      if (is_int(s.a) && c.name.rfind("clamp-overflow", 0) == 0) {
        const int64_t ex = e.exact_int.at(0, 0);
        const int bits = elem_bits(s.a);
        const int64_t lo = (v.mods & WT_SIGN_A) || (v.mods & WT_SIGN_B) ? -(int64_t(1) << (bits - 1)) : 0;
        const int64_t hi = (v.mods & WT_SIGN_A) || (v.mods & WT_SIGN_B) ? (int64_t(1) << (bits - 1)) - 1
                                                                      : (int64_t(1) << bits) - 1;
        std::printf("clamp probe %s %s D[0][0]: exact=%lld device=%d (expected %d: %s); "
                    "wrap=%d, int32 saturation=%d, seed-001 'input type range' reading=%lld\n",
                    mod_name(v.mods, is_int(s.a)).c_str(), c.name.c_str(), (long long)ex, int32_t(D.at(0, 0)),
                    int32_t(e.bits.at(0, 0)),
                    (v.mods & WT_CLAMP) ? "clamp = int32 saturation, ISA meaning, UNVERIFIED on hw"
                                        : "no clamp = wrap modulo 2^32",
                    ref::wrap_i32(ex), ref::saturate_i32(ex),
                    (long long)std::min(std::max(ex, lo), hi));
      }
    }
    if (is_int(s.a))
      std::printf("variant %-40s %s (%zu cases, bit-exact)\n", mod_name(v.mods, is_int(s.a)).c_str(),
                  vfail ? "FAIL" : "ok", nc);
    else
      std::printf("variant %-14s %s: worst tolerance-case error %.3g (bound there %.3g, %.1f%% of bound)\n",
                  mod_name(v.mods, is_int(s.a)).c_str(), vfail ? "FAIL" : "ok", worst_err, worst_bound,
                  100 * worst_ratio);
    failures += vfail;
  }
  if (failures) {
    std::printf("FAIL %s: %ld mismatching elements %s\n", s.builtin, failures, rt::device_tag().c_str());
    return 1;
  }
  std::printf("PASS %s %s\n", s.builtin, rt::device_tag().c_str());
  return 0;
}

}  // namespace wt
