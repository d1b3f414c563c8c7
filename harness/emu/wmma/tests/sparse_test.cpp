// SWMMAC (11 variants, wave32 and wave64) against the test-only reference.
#include <gtest/gtest.h>

#include <cstring>

#include "oracle.h"

namespace {

using ref::Problem;
using ref::Ty;
using ref::Variant;

std::vector<const Variant*> sparse_variants() {
  std::vector<const Variant*> out;
  for (const Variant& v : ref::variants())
    if (v.sparse) out.push_back(&v);
  return out;
}

const Variant& find(const char* mnem) {
  for (const Variant& v : ref::variants())
    if (std::string(v.mnemonic) == mnem) return v;
  throw std::runtime_error(mnem);
}

// index_key values per (variant, wave): llvm-mc accepts exactly these.
int sets(const Variant& v, int wave) {
  if (wave == 32) return v.K == 64 ? 1 : 2;
  return ref::bits(v.a) == 4 ? 2 : 4;
}

void expect_same(const Problem& p, const std::string& what) {
  bool ok = false;
  const char* why = nullptr;
  auto got = ref::run(p, &ok, &why);
  ASSERT_TRUE(ok) << what << ": rejected: " << (why ? why : "?");
  auto want = ref::expect(p);
  int bad = 0;
  for (int e = 0; e < 256 && bad < 5; ++e)
    if (got[e] != want[e]) {
      ++bad;
      ADD_FAILURE() << what << " D[" << e / 16 << "][" << e % 16 << "] = 0x" << std::hex << got[e]
                    << " expected 0x" << want[e];
    }
}

TEST(Sparse, RandomInputsAllVariantsWavesAndIndexKeys) {
  std::mt19937 rng(4321);
  int runs = 0;
  for (const Variant* v : sparse_variants())
    for (int wave : {32, 64})
      for (int key = 0; key < sets(*v, wave); ++key)
        for (int trial = 0; trial < 6; ++trial) {
          Problem p = ref::random_problem(*v, wave, rng);
          p.mods.op_sel = key;
          if (ref::is_int(v->a)) {
            p.mods.neg_lo = trial % 4;
            p.mods.clamp = trial >= 4;
          }
          expect_same(p, std::string(v->mnemonic) + " w" + std::to_string(wave) + " key " +
                             std::to_string(key));
          ++runs;
        }
  EXPECT_GT(runs, 11 * 2 * 6);
}

// A structured-sparse matrix with small integer values: D must equal plain
// integer matrix maths on the expanded 16 x K matrix (zeros where pruned).
TEST(Sparse, ExpandedMatrixMathsExact) {
  std::mt19937 rng(17);
  static const int pairs[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
  for (const Variant* v : sparse_variants())
    for (int wave : {32, 64}) {
      const int K = v->K;
      std::vector<int> A(16 * K, 0), B(K * 16), C(256);
      Problem p;
      p.v = v;
      p.wave = wave;
      auto enc = [&](Ty t, int x) -> uint32_t {  // small integers, exact in every type
        if (ref::is_int(t)) return static_cast<uint32_t>(x) & ((1u << ref::bits(t)) - 1);
        for (uint32_t r = 0; r < 256; ++r) {  // 8-bit formats
          if (ref::bits(t) == 8 && ref::decode(t, r) == x && !(x == 0 && r)) return r;
        }
        // 16-bit: x in -3..3 scaled: f16 1.0 = 0x3c00, bf16 1.0 = 0x3f80
        float f = static_cast<float>(x);
        uint32_t u;
        std::memcpy(&u, &f, 4);
        if (t == Ty::BF16) return u >> 16;
        _Float16 h = static_cast<_Float16>(x);
        uint16_t hu;
        std::memcpy(&hu, &h, 2);
        return hu;
      };
      const bool sgn = ref::is_int(v->a);
      p.mods.neg_lo = sgn ? 3 : 0;  // signed integers
      for (int i = 0; i < 16; ++i)
        for (int g = 0; g < K / 4; ++g) {
          const int* pr = pairs[rng() % 6];
          p.idx.push_back(pr[0] | (pr[1] << 2));
          for (int s = 0; s < 2; ++s) {
            int x = static_cast<int>(rng() % 7) - 3;
            A[i * K + 4 * g + pr[s]] = x;
            p.a.push_back(enc(v->a, x));
          }
        }
      for (int e = 0; e < K * 16; ++e) {
        B[e] = static_cast<int>(rng() % 7) - 3;
        p.b.push_back(enc(v->b, B[e]));
      }
      for (int e = 0; e < 256; ++e) {
        C[e] = static_cast<int>(rng() % 64) - 32;
        if (v->acc == Ty::F32) {
          float f = static_cast<float>(C[e]);
          uint32_t u;
          std::memcpy(&u, &f, 4);
          p.c.push_back(u);
        } else {
          p.c.push_back(enc(v->acc == Ty::I32 ? Ty::IU8 : v->acc, C[e]));
          if (v->acc == Ty::I32) p.c.back() = static_cast<uint32_t>(C[e]);
        }
      }
      bool ok = false;
      auto got = ref::run(p, &ok);
      ASSERT_TRUE(ok) << v->mnemonic;
      for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j) {
          int s = C[i * 16 + j];
          for (int k = 0; k < K; ++k) s += A[i * K + k] * B[k * 16 + j];
          double g = v->acc == Ty::I32 ? static_cast<int32_t>(got[i * 16 + j])
                                       : ref::decode(v->acc, got[i * 16 + j]);
          ASSERT_EQ(g, s) << v->mnemonic << " w" << wave << " D[" << i << "][" << j << "]";
        }
    }
}

// The index set selected by index_key is the one used: the other sets hold
// different indices and must not matter.
TEST(Sparse, IndexKeySelectsTheSet) {
  std::mt19937 rng(8);
  const Variant& v = find("v_swmmac_f32_16x16x32_f16");
  for (int wave : {32, 64}) {
    Problem p = ref::random_problem(v, wave, rng);
    bool ok = false;
    std::vector<std::vector<uint32_t>> results;
    for (int key = 0; key < sets(v, wave); ++key) {
      p.mods.op_sel = key;
      p.fill = 0x1b1b1b1bu + key * 0x11111111u;  // other index sets: different positions
      results.push_back(ref::run(p, &ok));
      ASSERT_TRUE(ok);
      EXPECT_EQ(results.back(), ref::expect(p));
    }
    for (size_t k = 1; k < results.size(); ++k) EXPECT_EQ(results[k], results[0]);
  }
}

TEST(Sparse, UnorderedAndEqualIndices) {
  std::mt19937 rng(21);
  for (const char* mn : {"v_swmmac_f32_16x16x32_f16", "v_swmmac_i32_16x16x32_iu8"}) {
    const Variant& v = find(mn);
    for (int wave : {32, 64}) {
      Problem p = ref::random_problem(v, wave, rng);
      for (auto& x : p.idx) x = rng() % 16;  // any 4-bit value: reversed and equal pairs too
      expect_same(p, std::string(mn) + " arbitrary indices");
    }
  }
}

TEST(Sparse, NegModifiersAndInvalid) {
  std::mt19937 rng(31);
  for (const char* mn : {"v_swmmac_f32_16x16x32_f16", "v_swmmac_bf16_16x16x32_bf16"}) {
    const Variant& v = find(mn);
    for (int lo = 0; lo < 4; ++lo)
      for (int hi = 0; hi < 4; ++hi) {
        Problem p = ref::random_problem(v, 32, rng);
        p.mods.neg_lo = lo;
        p.mods.neg_hi = hi;
        expect_same(p, std::string(mn) + " neg");
      }
  }
  struct Bad {
    const char* mnem;
    int wave;
    uint8_t lo, hi, opsel;
    bool clamp;
  };
  const Bad bad[] = {
      {"v_swmmac_f32_16x16x32_f16", 32, 4, 0, 0, false},     // NEG on the index source
      {"v_swmmac_f32_16x16x32_f16", 32, 0, 4, 0, false},
      {"v_swmmac_f32_16x16x32_f16", 32, 0, 0, 2, false},     // index_key 2 in wave32
      {"v_swmmac_f32_16x16x32_f16", 64, 0, 0, 4, false},     // OPSEL[2]
      {"v_swmmac_i32_16x16x64_iu4", 32, 0, 0, 1, false},     // one index set only
      {"v_swmmac_i32_16x16x32_iu4", 64, 0, 0, 2, false},
      {"v_swmmac_i32_16x16x32_iu8", 32, 0, 1, 0, false},     // NEG_HI on integer
      {"v_swmmac_f32_16x16x32_fp8_fp8", 32, 1, 0, 0, false}, // NEG on fp8
      {"v_swmmac_f32_16x16x32_f16", 32, 0, 0, 0, true},      // clamp on float
  };
  for (const Bad& b : bad) {
    const Variant& v = find(b.mnem);
    rdna4emu::wmma::Mods m;
    m.neg_lo = b.lo;
    m.neg_hi = b.hi;
    m.op_sel = b.opsel;
    m.clamp = b.clamp;
    std::vector<uint32_t> A(8 * 64, 1), B(8 * 64, 1), I(64, 0), D(8 * 64, 0x77);
    const char* why = nullptr;
    EXPECT_FALSE(rdna4emu::wmma::sparse(static_cast<rdna4emu::wmma::Sparse>(v.id), m, b.wave, A.data(),
                                        B.data(), I.data(), D.data(), 64, &why))
        << b.mnem;
    EXPECT_NE(why, nullptr) << b.mnem;
    for (uint32_t x : D) ASSERT_EQ(x, 0x77u) << b.mnem;
  }
}

TEST(Sparse, IntegerClampAndCorners) {
  const Variant& v = find("v_swmmac_i32_16x16x32_iu8");
  for (int sg = 0; sg < 4; ++sg)
    for (bool clamp : {false, true}) {
      std::mt19937 rng(sg);
      Problem p = ref::random_problem(v, 32, rng);
      p.mods.neg_lo = sg;
      p.mods.clamp = clamp;
      for (auto& x : p.a) x = 0x80;
      for (auto& x : p.b) x = 0x7f;
      for (int e = 0; e < 256; ++e) p.c[e] = e % 2 ? 0x7fffff00u : 0x80000100u;
      expect_same(p, "iu8 clamp");
    }
  // fp8 / bf8 specials through the sparse path.
  const Variant& f = find("v_swmmac_f32_16x16x32_bf8_fp8");
  std::mt19937 rng(2);
  Problem p = ref::random_problem(f, 64, rng);
  p.a[0] = 0x7c;   // +inf (bf8)
  p.a[40] = 0x7f;  // NaN (bf8)
  p.b[5] = 0x7f;   // NaN (fp8)
  p.b[7] = 0x7e;   // 448
  expect_same(p, "bf8/fp8 specials");
}

}  // namespace
