// The float_accumulation candidates (RDNA4_EMU_MODEL, harness/emu/models/matrix.toml)
// against their definitions in docs/facts/unverified.md#float_accumulation, written
// here independently of compute.cpp: f32_each_step rounds f32 + (exact product) once per
// step (binary64 TwoSum, then a correct rounding to binary32 that looks at the error
// term, so no double rounding); pairwise sums f32-rounded products as a balanced tree.
// tests/CMakeLists.txt registers this file's tests once per candidate (the choice is
// read once per process); each run checks the candidate that is active.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <random>

#include "oracle.h"
#include "rdna4emu/device.h"
#include "rdna4emu/model.h"

namespace {

using ref::Ty;

// Round to nearest even of the exact f + p (p a product of two decoded elements,
// exact in binary64), without rounding twice.
float add_rn32(float f, double p) {
  const double hi = static_cast<double>(f) + p;
  if (!std::isfinite(hi)) return static_cast<float>(hi);
  const double bb = hi - f;  // Knuth's TwoSum: hi + lo == f + p exactly
  const double lo = (f - (hi - bb)) + (p - bb);
  const float r = static_cast<float>(hi);
  if (lo == 0) return r;
  if (std::isinf(r)) {  // hi at the overflow threshold FLT_MAX + ulp/2, the error below it
    if (std::fabs(hi) == 0x1.ffffffp127 && (lo < 0) != (hi < 0)) return std::copysign(FLT_MAX, static_cast<float>(hi));
    return r;
  }
  const double rd = r;
  if (rd == hi) return r;  // |lo| <= half a binary64 ulp of hi: far below half an f32 ulp
  const float other = std::nextafter(r, hi > rd ? INFINITY : -INFINITY);
  if (hi != (rd + static_cast<double>(other)) / 2) return r;  // not a tie: r is right
  return ((lo > 0) == (other > r)) ? other : r;  // a tie in binary64 only: lo decides
}

float tree(const float* x, int n) { return n == 1 ? x[0] : tree(x, n / 2) + tree(x + n / 2, n / 2); }

// Term t of row i: (A value, B row) per the problem (sparse: kept value s of group g
// multiplies B row 4g + index[2s+1:2s]).
struct Term {
  double a;
  int k;
};
Term term(const ref::Problem& p, int i, int t) {
  const ref::Variant& v = *p.v;
  if (!v.sparse) return {ref::decode(v.a, p.a[i * v.K + t]), t};
  const int g = t / 2, s = t % 2;
  const uint32_t idx = p.idx[i * (v.K / 4) + g];
  return {ref::decode(v.a, p.a[i * (v.K / 2) + t]), 4 * g + static_cast<int>((idx >> (2 * s)) & 3)};
}

using FA = rdna4emu::model::FloatAccumulation;

std::vector<uint32_t> expect_candidate(const ref::Problem& p, FA cand) {
  const ref::Variant& v = *p.v;
  const int T = v.sparse ? v.K / 2 : v.K;
  std::vector<uint32_t> d(256);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      const float c = static_cast<float>(ref::decode(v.acc, p.c[i * 16 + j]));
      float f;
      if (cand == FA::F32EachStep) {  // f32_each_step: from C, in term order
        f = c;
        for (int t = 0; t < T; ++t) {
          const Term x = term(p, i, t);
          f = add_rn32(f, x.a * ref::decode(v.b, p.b[x.k * 16 + j]));
        }
      } else {  // pairwise: f32 products, balanced tree, then C
        float leaf[64];
        for (int t = 0; t < T; ++t) {
          const Term x = term(p, i, t);
          leaf[t] = static_cast<float>(x.a * ref::decode(v.b, p.b[x.k * 16 + j]));
        }
        f = tree(leaf, T) + c;
      }
      d[i * 16 + j] = ref::round_to(v.acc, f);
    }
  return d;
}

// Random element bits, finite 98% of the time, any exponent (so that sums mix magnitudes
// far apart and cancel).
uint32_t element(Ty t, std::mt19937& rng) {
  const int bits = ref::bits(t);
  for (;;) {
    const uint32_t raw = bits == 32 ? static_cast<uint32_t>(rng()) : static_cast<uint32_t>(rng()) & ((1u << bits) - 1);
    if (std::isfinite(ref::decode(t, raw)) || rng() % 50 == 0) return raw;
  }
}

TEST(Candidates, FloatAccumulationMatchesItsDefinition) {
  const FA cand = rdna4emu::model::active<FA>();
  if (cand != FA::Exact && cand != FA::F32EachStep && cand != FA::Pairwise)
    GTEST_SKIP() << "candidate " << int(cand) << " is checked by Dense.*";
  std::mt19937 rng(20261201);
  int checked = 0, differs_from_exact = 0;
  for (const ref::Variant& v : ref::variants()) {
    if (ref::is_int(v.a)) continue;
    for (int wave : {32, 64})
      for (int rep = 0; rep < 6; ++rep) {
        ref::Problem p = ref::random_problem(v, wave, rng);
        p.mods = {};
        for (uint32_t& x : p.a) x = element(v.a, rng);
        for (uint32_t& x : p.b) x = element(v.b, rng);
        for (uint32_t& x : p.c) x = element(v.acc, rng);
        if (rep % 2) {  // rows whose sums sit on f32 ties: 1 + 2^-24 steps (f16 / bf16 / fp8 inputs)
          for (int i = 0; i < 16; ++i)
            for (int j = 0; j < 16; ++j) p.c[i * 16 + j] = v.acc == Ty::F32 ? 0x3f800000u : v.acc == Ty::F16 ? 0x3c00u : 0x3f80u;
        }
        bool ok = false;
        const std::vector<uint32_t> got = ref::run(p, &ok);
        ASSERT_TRUE(ok) << v.mnemonic;
        const std::vector<uint32_t> want = cand == FA::Exact ? ref::expect(p) : expect_candidate(p, cand);
        const std::vector<uint32_t> exact = ref::expect(p);
        for (int e = 0; e < 256; ++e) {
          ASSERT_EQ(got[e], want[e]) << v.mnemonic << " w" << wave << " rep " << rep << " element " << e
                                     << " candidate " << int(cand);
          differs_from_exact += got[e] != exact[e];
        }
        checked += 256;
      }
  }
  // The candidate is not the default in disguise: it changes some results.
  if (cand != FA::Exact) EXPECT_GT(differs_from_exact, 0) << "of " << checked;
}

// add_rn32 itself on hand-derived cases (IEEE 754-2019 roundTiesToEven, binary32).
TEST(Candidates, OracleStepRounding) {
  EXPECT_EQ(add_rn32(1.0f, 0x1p-24), 1.0f);                          // a tie: even (1.0)
  EXPECT_EQ(add_rn32(1.0f, 0x1p-24 + 0x1p-60), 0x1.000002p0f);       // above the tie: up
  EXPECT_EQ(add_rn32(0x1.000002p0f, 0x1p-24), 0x1.000004p0f);        // a tie: even (up)
  EXPECT_EQ(add_rn32(0x1.000002p0f, 0x1p-24 - 0x1p-70), 0x1.000002p0f);  // below the tie: down
  EXPECT_EQ(add_rn32(-1.0f, -(0x1p-24 + 0x1p-70)), -0x1.000002p0f);
  EXPECT_EQ(add_rn32(FLT_MAX, 0x1p103), INFINITY);                     // the overflow threshold: a tie, to inf
  EXPECT_EQ(add_rn32(FLT_MAX, 0x1p103 - 0x1p60), FLT_MAX);             // just below it
  EXPECT_EQ(add_rn32(0.0f, 0x1p-150), 0.0f);                           // half the smallest denormal: even (0)
  EXPECT_EQ(add_rn32(0.0f, 0x1p-150 + 0x1p-200), 0x1p-149f);
}

}  // namespace
