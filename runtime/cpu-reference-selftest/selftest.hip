// SINGLE-TARGET: the CPU reference's own unit test (host only, no device code).
// 1. Compiles Inputs/cpu-reference/selftest.cpp as plain C++ with the compiler under
//    test and checks the number formats (f16, bf16, fp8 E4M3fn, bf8 E5M2, int4/
//    int8), the matrix maths and the documented layout formulas against
//    hand-computed values.
// 2. Compiles this file as plain C++ and checks the case catalogue of the WMMA
//    and SWMMAC runtime tests (Inputs/cpu-reference/cases.h) with both "make A"
//    hooks (dense, 2:4 sparse) for every instruction format, and the case
//    reference (Inputs/cpu-reference/expected.h) on it: each case's claims (identity,
//    zeros, NaN/inf placement, denormals, max, signed zeros, extremes,
//    signedness, clamp overflow, modifiers) hold in the expected D, and the
//    2:4 structure is what sparse.h packs. A hook asked for an impossible
//    placement stops with a clear error and exit code 1.
//
// RUN: %clang -std=c++17 -O1 -x c++ %S/../../Inputs/cpu-reference/selftest.cpp -o %t
// RUN: %t | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: reference selftest: PASS ({{[0-9]+}} checks)
//
// RUN: %clang -std=c++17 -O1 -x c++ %s -o %t.cases
// RUN: %t.cases | FileCheck %s --check-prefix=CASES
// CASES: catalogue dense  f16 x f16 -> f32 K=16: 9 cases
// CASES: catalogue sparse iu4 x iu4 -> i32 K=64: 7 cases
// CASES-NOT: FAIL
// CASES: case catalogue selftest: PASS ({{[0-9]+}} checks)
// RUN: not %t.cases conflict | FileCheck %s --check-prefix=CONFLICT
// CONFLICT: FAIL: case catalogue (Inputs/cpu-reference/cases.h): case probe: A[0][1] required but its group already keeps two required positions
#include <cmath>
#include <cstdio>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "../../Inputs/cpu-reference/cases.h"
#include "../../Inputs/cpu-reference/expected.h"

using wt::Acc;
using wt::Case;
using wt::CaseSpec;
using wt::Elem;

static int g_checks = 0, g_fail = 0;
static void check(bool ok, const std::string& what) {
  ++g_checks;
  if (!ok) {
    ++g_fail;
    std::printf("FAIL %s\n", what.c_str());
  }
}

// The instruction formats of the 22 WMMA/SWMMAC builtins per wave size (data:
// element types, accumulator, dense K, sparse K).
struct Format {
  Elem a, b;
  Acc acc;
  int dense_k, sparse_k;
};
static const Format kFormats[] = {
    {Elem::F16, Elem::F16, Acc::F32, 16, 32},   {Elem::BF16, Elem::BF16, Acc::F32, 16, 32},
    {Elem::F16, Elem::F16, Acc::F16, 16, 32},   {Elem::BF16, Elem::BF16, Acc::BF16, 16, 32},
    {Elem::I8, Elem::I8, Acc::I32, 16, 32},     {Elem::I4, Elem::I4, Acc::I32, 16, 32},
    {Elem::I4, Elem::I4, Acc::I32, 32, 64},     {Elem::FP8, Elem::FP8, Acc::F32, 16, 32},
    {Elem::FP8, Elem::BF8, Acc::F32, 16, 32},   {Elem::BF8, Elem::FP8, Acc::F32, 16, 32},
    {Elem::BF8, Elem::BF8, Acc::F32, 16, 32},
};

static const std::vector<std::string> kFloatNames = {"random#1", "random#2", "random-wide", "exact-small", "zeros",
                                                     "identity", "max",      "inf-nan",     "denormals"};
static const std::vector<std::string> kIntNames = {"random#1",           "random#2",           "extremes",
                                                   "clamp-overflow-high", "clamp-overflow-low", "clamp-no-final-overflow",
                                                   "identity"};

static const Case* find(const std::vector<Case>& v, const char* name) {
  for (const Case& c : v)
    if (c.name == name) return &c;
  return nullptr;
}
static bool is_subnormal_bits(Elem e, uint32_t bits) {
  const ref::MiniFloat& f = wt::elem_fmt(e);
  const uint32_t exp = (bits >> f.mbits) & ((1u << f.ebits) - 1), man = bits & ((1u << f.mbits) - 1);
  return exp == 0 && man != 0;
}
static bool is_acc_subnormal(Acc a, uint32_t bits) {
  const double v = std::fabs(wt::acc_decode(a, bits));
  const double tiny = a == Acc::F32 ? std::ldexp(1.0, -126) : a == Acc::F16 ? std::ldexp(1.0, -14) : std::ldexp(1.0, -126);
  return v != 0 && v < tiny;
}

static void check_structure(const std::string& id, const std::vector<Case>& v, bool sparse, int K) {
  for (const Case& c : v) {
    const std::string at = id + " case " + c.name;
    check(c.A.rows == 16 && c.A.cols == K && c.B.rows == K && c.B.cols == 16 && c.C.rows == 16 && c.C.cols == 16,
          at + ": matrix shapes 16xK, Kx16, 16x16");
    check(wt::terms(c) == (sparse ? K / 2 : K), at + ": products per element of D");
    if (!sparse) {
      check(c.keep.v.empty(), at + ": dense A has no keep mask");
      continue;
    }
    std::set<int> pairs;
    bool groups_ok = true, pruned_zero = true;
    for (int i = 0; i < 16; ++i)
      for (int g = 0; g < K / 4; ++g) {
        const int p = sp::pair_of(c, i, g);
        groups_ok = groups_ok && p >= 0;
        pairs.insert(p);
        for (int q = 0; q < 4; ++q)
          if (!c.kept(i, 4 * g + q)) pruned_zero = pruned_zero && c.A.at(i, 4 * g + q) == 0;
      }
    check(groups_ok, at + ": every group of four K columns keeps exactly two positions");
    check(pairs.size() == 6 && !pairs.count(-1), at + ": all six kept pairs used");
    check(pruned_zero, at + ": A is +0 at every pruned position");
  }
}

static void check_float(const std::string& id, const CaseSpec& s, const std::vector<Case>& v, bool sparse) {
  const ref::MiniFloat& fa = wt::elem_fmt(s.a);
  const int K = s.K;
  // identity: D[i][j] = B[(K/16) i][j]
  if (const Case* c = find(v, "identity")) {
    const wt::Expected e = wt::reference(s, *c, WT_PLAIN);
    bool ok = true;
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j)
        ok = ok && e.value.at(i, j) == ref::decode(wt::elem_fmt(s.b), c->B.at(K / 16 * i, j));  // +0 == -0
    check(ok, id + " identity: D[i][j] = B[(K/16)i][j]");
  }
  if (const Case* c = find(v, "zeros")) {
    const wt::Expected e = wt::reference(s, *c, WT_PLAIN);
    bool ok = true, pos = false, neg = false;
    for (int n = 0; n < 256; ++n) ok = ok && e.value.v[n] == wt::acc_decode(s.acc, c->C.v[n]);
    for (uint32_t x : c->A.v) (x ? neg : pos) = true;
    check(ok, id + " zeros: D = C");
    check(pos && neg, id + " zeros: A holds +0 and -0");
  }
  if (const Case* c = find(v, "exact-small")) {
    const wt::Expected e = wt::reference(s, *c, WT_PLAIN);
    bool ok = true;
    for (int n = 0; n < 256; ++n) ok = ok && wt::acc_decode(s.acc, e.bits.v[n]) == e.value.v[n];
    check(c->exact && ok, id + " exact-small: the exact result is representable in the output format");
  }
  if (const Case* c = find(v, "max")) {
    bool pmax = false, nmax = false;
    for (int i = 0; i < 16; ++i)
      for (int k = 0; k < K; ++k)
        if (c->kept(i, k)) {
          const double a = ref::decode(fa, c->A.at(i, k));
          pmax = pmax || a == wt::elem_max(s.a);
          nmax = nmax || a == -wt::elem_max(s.a);
        }
    check(pmax && nmax, id + " max: A holds +max and -max");
  }
  if (const Case* c = find(v, "inf-nan")) {
    const wt::Expected e = wt::reference(s, *c, WT_PLAIN);
    bool pinf = false, ninf = false, anan = false, bnan = false;
    for (int i = 0; i < 16; ++i)
      for (int k = 0; k < K; ++k)
        if (c->kept(i, k)) {
          const double a = ref::decode(fa, c->A.at(i, k));
          pinf = pinf || a == INFINITY;
          ninf = ninf || a == -INFINITY;
          anan = anan || std::isnan(a);
        }
    for (uint32_t x : c->B.v) bnan = bnan || std::isnan(ref::decode(wt::elem_fmt(s.b), x));
    bool cinf = false, cninf = false, cnan = false;
    for (uint32_t x : c->C.v) {
      const double cv = wt::acc_decode(s.acc, x);
      cinf = cinf || cv == INFINITY;
      cninf = cninf || cv == -INFINITY;
      cnan = cnan || std::isnan(cv);
    }
    check(anan && bnan && cinf && cninf && cnan, id + " inf-nan: NaN in A and B, +inf, -inf and NaN in C");
    if (wt::elem_has_inf(s.a)) check(pinf && ninf, id + " inf-nan: +inf and -inf in A");
    bool row4 = true;
    for (int j = 0; j < 16; ++j) row4 = row4 && std::isnan(e.value.at(4, j));
    check(row4, id + " inf-nan: a NaN in A row 4 makes D row 4 NaN");
    if (wt::elem_has_inf(s.a)) {
      check(std::isnan(e.value.at(2, 5)), id + " inf-nan: inf x 0 -> NaN at D[2][5]");
      check(std::isnan(e.value.at(3, 0)), id + " inf-nan: inf - inf -> NaN in row 3");
      check(e.value.at(0, 1) == INFINITY && e.value.at(1, 1) == -INFINITY, id + " inf-nan: +inf row 0, -inf row 1");
    }
    // B's NaN sits in row 8: dense, every D[i][9] is NaN; 2:4 sparse, rows
    // whose A[i][8] is pruned see no NaN from it (finite D[i][9] somewhere).
    bool all_nan = true, some_finite = false;
    for (int i = 6; i < 16; ++i) {
      all_nan = all_nan && std::isnan(e.value.at(i, 9));
      some_finite = some_finite || (!c->kept(i, 8) && std::isfinite(e.value.at(i, 9)));
    }
    if (sparse) check(some_finite, id + " inf-nan: a pruned A position facing B's NaN contributes no product");
    else check(all_nan, id + " inf-nan: B's NaN reaches every D[i][9]");
  }
  if (const Case* c = find(v, "denormals")) {
    bool pos = false, neg = false, csub = false;
    for (int i = 0; i < 16; ++i)
      for (int k = 0; k < K; ++k)
        if (c->kept(i, k) && is_subnormal_bits(s.a, c->A.at(i, k)))
          (c->A.at(i, k) >> (wt::elem_bits(s.a) - 1) ? neg : pos) = true;
    for (uint32_t x : c->C.v) csub = csub || is_acc_subnormal(s.acc, x);
    const wt::Expected e = wt::reference(s, *c, WT_PLAIN);
    bool dsub = false, exact = true;
    for (int n = 0; n < 256; ++n) {
      dsub = dsub || is_acc_subnormal(s.acc, e.bits.v[n]);
      exact = exact && wt::acc_decode(s.acc, e.bits.v[n]) == e.value.v[n];
    }
    check(pos && neg, id + " denormals: subnormal A of both signs");
    check(csub && dsub, id + " denormals: subnormal C and subnormal expected D");
    check(exact, id + " denormals: expected D exact in the output format");
  }
  // Modifiers: each changes the expected D of random#1 as its definition says.
  if (const Case* c = find(v, "random#1")) {
    const wt::Expected e0 = wt::reference(s, *c, WT_PLAIN);
    const wt::Expected na = wt::reference(s, *c, WT_NEG_A), nb = wt::reference(s, *c, WT_NEG_B);
    const wt::Expected nc = wt::reference(s, *c, WT_NEG_C), ac = wt::reference(s, *c, WT_ABS_C);
    bool ok_a = true, ok_b = true, ok_c = true, ok_abs = true, abs_differs = false;
    for (int n = 0; n < 256; ++n) {
      const double cv = wt::acc_decode(s.acc, c->C.v[n]), prod = e0.value.v[n] - cv;
      ok_a = ok_a && std::fabs(na.value.v[n] - (cv - prod)) <= 1e-9 * e0.magnitude.v[n];
      ok_b = ok_b && std::fabs(nb.value.v[n] - (cv - prod)) <= 1e-9 * e0.magnitude.v[n];
      ok_c = ok_c && std::fabs(nc.value.v[n] - (-cv + prod)) <= 1e-9 * e0.magnitude.v[n];
      ok_abs = ok_abs && std::fabs(ac.value.v[n] - (std::fabs(cv) + prod)) <= 1e-9 * e0.magnitude.v[n];
      abs_differs = abs_differs || ac.bits.v[n] != e0.bits.v[n];
    }
    check(ok_a && ok_b, id + " modifiers: -a and -b negate the product");
    check(ok_c && ok_abs && abs_differs, id + " modifiers: -c and |c| act on C (random#1 has negative C)");
  }
}

static void check_int(const std::string& id, const CaseSpec& s, const std::vector<Case>& v) {
  const int bits = wt::elem_bits(s.a), K = s.K;
  const uint32_t all = (1u << bits) - 1, top = 1u << (bits - 1);
  const int SS = WT_SIGN_A | WT_SIGN_B;
  if (const Case* c = find(v, "identity")) {
    const wt::Expected e = wt::reference(s, *c, SS);
    bool ok = true;
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) ok = ok && e.exact_int.at(i, j) == ref::int_value(c->B.at(K / 16 * i, j), bits, true);
    check(ok, id + " identity: D[i][j] = B[(K/16)i][j]");
  }
  if (const Case* c = find(v, "extremes")) {
    std::set<uint32_t> a, b, cc;
    for (int i = 0; i < 16; ++i)
      for (int k = 0; k < K; ++k)
        if (c->kept(i, k)) a.insert(c->A.at(i, k));
    b.insert(c->B.v.begin(), c->B.v.end());
    cc.insert(c->C.v.begin(), c->C.v.end());
    const std::set<uint32_t> want = {0u, 1u, top - 1, top, all};
    check(a == want && b == want, id + " extremes: A and B hold exactly {0, 1, 0x7f.., 0x80.., 0xff..}");
    check(cc.count(uint32_t(INT32_MAX)) && cc.count(uint32_t(INT32_MIN)), id + " extremes: C holds INT32_MAX/MIN");
  }
  if (const Case* c = find(v, "random#1")) {
    const wt::Expected u = wt::reference(s, *c, 0), sa = wt::reference(s, *c, WT_SIGN_A),
                       sb = wt::reference(s, *c, WT_SIGN_B);
    check(u.bits.v != sa.bits.v && u.bits.v != sb.bits.v && sa.bits.v != sb.bits.v,
          id + " signedness: A and B signedness each change the expected D");
  }
  for (int mods : {0, int(WT_SIGN_A), int(WT_SIGN_B), SS}) {
    const std::string m = " mods=" + std::to_string(mods);
    if (const Case* c = find(v, "clamp-overflow-high")) {
      const wt::Expected w = wt::reference(s, *c, mods), k = wt::reference(s, *c, mods | WT_CLAMP);
      check(w.exact_int.at(0, 0) > INT32_MAX, id + m + " clamp-overflow-high: exact result > INT32_MAX");
      check(k.bits.at(0, 0) == uint32_t(INT32_MAX) && w.bits.at(0, 0) == uint32_t(ref::wrap_i32(w.exact_int.at(0, 0))),
            id + m + " clamp-overflow-high: clamp saturates, no clamp wraps");
      bool control = true;
      for (int j = 0; j < 16; ++j) control = control && w.bits.at(15, j) == c->C.at(15, j);
      check(control, id + m + " clamp-overflow-high: row 15 (A = 0) gives D = C");
    }
    if (const Case* c = find(v, "clamp-overflow-low"); c && (mods & WT_SIGN_A)) {
      const wt::Expected k = wt::reference(s, *c, mods | WT_CLAMP);
      check(k.exact_int.at(0, 0) < INT32_MIN && k.bits.at(0, 0) == uint32_t(INT32_MIN),
            id + m + " clamp-overflow-low: signed A underflows, clamp gives INT32_MIN");
    }
  }
  if (const Case* c = find(v, "clamp-no-final-overflow")) {
    const wt::Expected e = wt::reference(s, *c, SS | WT_CLAMP);
    bool fits = true, partial_over = false;
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) {
        fits = fits && e.exact_int.at(i, j) <= INT32_MAX && e.exact_int.at(i, j) >= INT32_MIN;
        int64_t acc = int32_t(c->C.at(i, j));
        for (int k = 0; k < K; ++k)
          if (c->kept(i, k)) {
            acc += ref::int_value(c->A.at(i, k), bits, true) * ref::int_value(c->B.at(k, j), bits, true);
            partial_over = partial_over || acc > INT32_MAX;
          }
      }
    check(fits && partial_over, id + " clamp-no-final-overflow: a partial sum leaves int32, the exact result does not");
  }
}

static void check_catalogue(const Format& f, bool sparse) {
  const CaseSpec s{f.a, f.b, f.acc, sparse ? f.sparse_k : f.dense_k};
  const wt::DenseA dense;
  const sp::Sparse24A sparse24;
  const wt::AShape& shape = sparse ? static_cast<const wt::AShape&>(sparse24) : dense;
  const std::string id = std::string(sparse ? "sparse " : "dense  ") + wt::elem_name(f.a) + " x " +
                         wt::elem_name(f.b) + " -> " + wt::acc_name(f.acc) + " K=" + std::to_string(s.K);
  for (unsigned seed : {12345u, 4242u, 7u}) {
    wt::Cases gen(s, shape, seed);
    const std::vector<Case> v = gen.build();
    const std::vector<Case> again = wt::Cases(s, shape, seed).build();
    if (seed == 12345u) std::printf("catalogue %s: %zu cases\n", id.c_str(), v.size());
    std::vector<std::string> names;
    for (const Case& c : v) names.push_back(c.name);
    const std::string at = id + " seed=" + std::to_string(seed);
    check(names == (wt::is_int(f.a) ? kIntNames : kFloatNames), at + ": the catalogue's case list");
    bool same = v.size() == again.size();
    for (size_t n = 0; same && n < v.size(); ++n)
      same = v[n].A.v == again[n].A.v && v[n].B.v == again[n].B.v && v[n].C.v == again[n].C.v && v[n].keep.v == again[n].keep.v;
    check(same, at + ": same seed, same cases");
    check_structure(at, v, sparse, s.K);
    if (wt::is_int(f.a)) check_int(at, s, v);
    else check_float(at, s, v, sparse);
  }
}

// require() on a group that already keeps two required positions.
static int conflict() {
  Case c;
  c.name = "probe";
  c.A = ref::Matrix<uint32_t>(16, 32);
  const sp::Sparse24A shape;
  shape.start(c, 0);
  shape.require(c, 0, 2);
  shape.require(c, 0, 3);
  shape.require(c, 0, 1);  // stops here
  std::printf("conflict not detected\n");
  return 0;
}

int main(int argc, char** argv) {
  if (argc > 1) {
    if (std::strcmp(argv[1], "conflict") == 0) return conflict();
    std::printf("FAIL: unknown argument '%s' (expected none or 'conflict')\n", argv[1]);
    return 2;
  }
  for (const Format& f : kFormats) {
    check_catalogue(f, false);
    check_catalogue(f, true);
  }
  if (g_fail) {
    std::printf("case catalogue selftest: FAIL (%d of %d checks failed)\n", g_fail, g_checks);
    return 1;
  }
  std::printf("case catalogue selftest: PASS (%d checks)\n", g_checks);
  return 0;
}
