// Dense WMMA (11 variants, wave32 and wave64) against the test-only reference
// (oracle.cpp: plain matrix maths + AMD calculator layouts).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <map>

#include "oracle.h"

namespace {

using ref::Problem;
using ref::Ty;
using ref::Variant;

std::vector<const Variant*> dense_variants() {
  std::vector<const Variant*> out;
  for (const Variant& v : ref::variants())
    if (!v.sparse) out.push_back(&v);
  return out;
}

const Variant& find(const char* mnem) {
  for (const Variant& v : ref::variants())
    if (std::string(v.mnemonic) == mnem) return v;
  throw std::runtime_error(mnem);
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

uint32_t f32_bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

TEST(Dense, RandomInputsAllVariantsBothWaveSizes) {
  std::mt19937 rng(1234);
  int runs = 0;
  for (const Variant* v : dense_variants())
    for (int wave : {32, 64})
      for (int trial = 0; trial < 12; ++trial) {
        Problem p = ref::random_problem(*v, wave, rng);
        if (ref::is_int(v->a)) {
          p.mods.neg_lo = trial % 4;  // all four signedness combinations
          p.mods.clamp = trial % 8 >= 4;
        }
        if (trial == 5) p.stride = wave + 7;  // register file wider than the wave
        expect_same(p, std::string(v->mnemonic) + " w" + std::to_string(wave) + " trial " +
                           std::to_string(trial));
        ++runs;
      }
  EXPECT_EQ(runs, 11 * 2 * 12);
}

// Small integer-valued inputs: every product and sum is exact, so the result
// must equal integer matrix maths whatever the accumulation order or precision.
TEST(Dense, ExactlyRepresentableInputsAreBitExact) {
  std::mt19937 rng(7);
  for (const Variant* v : dense_variants()) {
    if (ref::is_int(v->a)) continue;
    for (int wave : {32, 64}) {
      Problem p;
      p.v = v;
      p.wave = wave;
      // Encodings of -3..3 in each type.
      auto enc = [&](Ty t, int x) -> uint32_t {
        static std::map<std::pair<int, int>, uint32_t> cache;
        auto key = std::make_pair(static_cast<int>(t), x);
        auto it = cache.find(key);
        if (it != cache.end()) return it->second;
        for (uint32_t r = 0; r < (ref::bits(t) == 8 ? 256u : 65536u); ++r)
          if (ref::decode(t, r) == x && !(x == 0 && (r & (ref::bits(t) == 8 ? 0x80u : 0x8000u))))
            return cache[key] = r;
        throw std::runtime_error("no encoding");
      };
      std::vector<int> ia, ib, ic;
      for (int e = 0; e < 16 * v->K; ++e) {
        ia.push_back(static_cast<int>(rng() % 7) - 3);
        p.a.push_back(enc(v->a, ia.back()));
      }
      for (int e = 0; e < 16 * v->K; ++e) {
        ib.push_back(static_cast<int>(rng() % 7) - 3);
        p.b.push_back(enc(v->b, ib.back()));
      }
      for (int e = 0; e < 256; ++e) {
        ic.push_back(static_cast<int>(rng() % 201) - 100);
        p.c.push_back(v->acc == Ty::F32 ? f32_bits(static_cast<float>(ic.back())) : enc(v->acc, ic.back()));
      }
      bool ok = false;
      auto got = ref::run(p, &ok);
      ASSERT_TRUE(ok);
      for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j) {
          int s = ic[i * 16 + j];
          for (int k = 0; k < v->K; ++k) s += ia[i * v->K + k] * ib[k * 16 + j];
          ASSERT_EQ(ref::decode(v->acc, got[i * 16 + j]), s)
              << v->mnemonic << " w" << wave << " D[" << i << "][" << j << "]";
        }
    }
  }
}

// Every NEG_LO/NEG_HI combination on the 16-bit float variants.
TEST(Dense, FloatNegModifiersAllCombinations) {
  std::mt19937 rng(99);
  for (const Variant* v : dense_variants()) {
    if (ref::bits(v->a) != 16) continue;
    for (int wave : {32, 64})
      for (int lo = 0; lo < 8; ++lo)
        for (int hi = 0; hi < 8; ++hi) {
          Problem p = ref::random_problem(*v, wave, rng);
          p.mods.neg_lo = lo;
          p.mods.neg_hi = hi;
          expect_same(p, std::string(v->mnemonic) + " neg_lo " + std::to_string(lo) + " neg_hi " +
                             std::to_string(hi));
        }
  }
}

// A negation must be visible: NEG_LO[0] on A changes D (unless A is zero).
TEST(Dense, NegModifierChangesResult) {
  std::mt19937 rng(5);
  const Variant& v = find("v_wmma_f32_16x16x16_f16");
  Problem p = ref::random_problem(v, 32, rng);
  bool ok = false;
  auto plain = ref::run(p, &ok);
  p.mods.neg_lo = 1;
  p.mods.neg_hi = 1;
  auto neg = ref::run(p, &ok);
  // D(-A) = C - AB differs from C + AB almost everywhere.
  int differ = 0;
  for (int e = 0; e < 256; ++e) differ += plain[e] != neg[e];
  EXPECT_GT(differ, 200);
}

struct Special {
  const char* mnem;
  uint32_t a, b, c;  // splat raw values
  double want;       // expected value of every D element (NaN: canonical NaN)
};

TEST(Dense, CornerCasesSplat) {
  // Splat A, B, C: D = C + K * a * b for every element.
  const double inf = INFINITY, nan = NAN;
  const Special cases[] = {
      {"v_wmma_f32_16x16x16_f16", 0x0000, 0x3c00, 0x00000000, 0.0},
      {"v_wmma_f32_16x16x16_f16", 0x7bff, 0x7bff, 0x00000000, 16.0 * 65504.0 * 65504.0},  // f16 max^2
      {"v_wmma_f32_16x16x16_f16", 0x0001, 0x0001, 0x00000000, 16.0 * std::ldexp(1.0, -48)},  // denormals
      {"v_wmma_f32_16x16x16_f16", 0x7c00, 0x3c00, 0x3f800000, inf},
      {"v_wmma_f32_16x16x16_f16", 0x7c00, 0x0000, 0x3f800000, nan},  // inf * 0
      {"v_wmma_f32_16x16x16_f16", 0x7e00, 0x3c00, 0x3f800000, nan},  // NaN input
      {"v_wmma_f32_16x16x16_f16", 0x7c00, 0x3c00, 0xff800000, nan},  // inf + -inf
      {"v_wmma_f32_16x16x16_f16", 0x3c00, 0x3c00, 0x7f7fffff, 3.4028234663852886e38},  // max + 16
      {"v_wmma_f16_16x16x16_f16", 0x7bff, 0x3c00, 0x0000, inf},            // 16 * 65504 overflows f16
      {"v_wmma_f16_16x16x16_f16", 0x0001, 0x3c00, 0x0000, 16 * std::ldexp(1.0, -24)},  // denormal sum
      {"v_wmma_f16_16x16x16_f16", 0x0001, 0x0001, 0x0000, 0.0},            // 16 * 2^-48 rounds to 0
      {"v_wmma_f16_16x16x16_f16", 0x3c00, 0x3c00, 0x7e00, nan},            // NaN C
      {"v_wmma_f32_16x16x16_bf16", 0x7f7f, 0x3f80, 0x00000000, inf},  // 16 * bf16 max overflows f32
      {"v_wmma_f32_16x16x16_bf16", 0x7f7f, 0xbf80, 0x7f7fffff, -inf},  // -16 * bf16 max + f32 max still overflows
      {"v_wmma_f32_16x16x16_bf16", 0x0001, 0x3f80, 0x00000000, 16.0 * std::ldexp(1.0, -133)},  // bf16 denormal
      {"v_wmma_f32_16x16x16_bf16", 0xff80, 0x3f80, 0x00000000, -inf},
      {"v_wmma_bf16_16x16x16_bf16", 0x7f7f, 0x4000, 0x0000, inf},
      {"v_wmma_bf16_16x16x16_bf16", 0x3f80, 0x3f80, 0x3f80, 17.0},
      {"v_wmma_f32_16x16x16_fp8_fp8", 0x7e, 0x7e, 0x00000000, 16.0 * 448 * 448},  // E4M3 max 448
      {"v_wmma_f32_16x16x16_fp8_fp8", 0xfe, 0x7e, 0x00000000, -16.0 * 448 * 448},
      {"v_wmma_f32_16x16x16_fp8_fp8", 0x7f, 0x38, 0x00000000, nan},            // S.1111.111 NaN
      {"v_wmma_f32_16x16x16_fp8_fp8", 0xff, 0x38, 0x00000000, nan},
      {"v_wmma_f32_16x16x16_fp8_fp8", 0x78, 0x38, 0x00000000, 16.0 * 256},   // 0x78 = 256 (no inf in E4M3)
      {"v_wmma_f32_16x16x16_fp8_fp8", 0x01, 0x01, 0x00000000, 16.0 * std::ldexp(1.0, -18)},  // 2^-9 denormal
      {"v_wmma_f32_16x16x16_fp8_fp8", 0x80, 0x38, 0x00000000, 0.0},          // -0 * 1 + 0
      {"v_wmma_f32_16x16x16_bf8_bf8", 0x7b, 0x7b, 0x00000000, 16.0 * 57344.0 * 57344.0},  // E5M2 max
      {"v_wmma_f32_16x16x16_bf8_bf8", 0x7c, 0x3c, 0x00000000, inf},           // E5M2 inf
      {"v_wmma_f32_16x16x16_bf8_bf8", 0xfc, 0x3c, 0x00000000, -inf},
      {"v_wmma_f32_16x16x16_bf8_bf8", 0x7d, 0x3c, 0x00000000, nan},
      {"v_wmma_f32_16x16x16_bf8_bf8", 0x7e, 0x3c, 0x00000000, nan},
      {"v_wmma_f32_16x16x16_bf8_bf8", 0x7f, 0x3c, 0x00000000, nan},
      {"v_wmma_f32_16x16x16_bf8_bf8", 0x01, 0x01, 0x00000000, 16.0 * std::ldexp(1.0, -32)},
      {"v_wmma_f32_16x16x16_fp8_bf8", 0x7e, 0x7b, 0x00000000, 16.0 * 448 * 57344.0},
      {"v_wmma_f32_16x16x16_bf8_fp8", 0x7c, 0x00, 0x00000000, nan},           // inf * 0
  };
  for (const Special& s : cases) {
    const Variant& v = find(s.mnem);
    for (int wave : {32, 64}) {
      Problem p;
      p.v = &v;
      p.wave = wave;
      p.a.assign(16 * v.K, s.a);
      p.b.assign(16 * v.K, s.b);
      p.c.assign(256, s.c);
      bool ok = false;
      auto got = ref::run(p, &ok);
      ASSERT_TRUE(ok) << s.mnem;
      auto want = ref::expect(p);
      for (int e = 0; e < 256; ++e) {
        ASSERT_EQ(got[e], want[e]) << s.mnem << " a=" << s.a << " b=" << s.b;
        if (std::isnan(s.want)) {
          ASSERT_EQ(got[e], ref::canonical_nan(v.acc)) << s.mnem;
        } else {
          ASSERT_EQ(ref::decode(v.acc, got[e]), s.want) << s.mnem << " a=0x" << std::hex << s.a;
        }
      }
    }
  }
}

TEST(Dense, SignOfZero) {
  const Variant& v = find("v_wmma_f32_16x16x16_f16");
  Problem p;
  p.v = &v;
  p.a.assign(256, 0x8000);  // -0
  p.b.assign(256, 0x3c00);  // 1
  p.c.assign(256, 0x80000000u);  // -0
  bool ok = false;
  auto got = ref::run(p, &ok);
  ASSERT_TRUE(ok);
  for (uint32_t x : got) ASSERT_EQ(x, 0x80000000u);  // -0 + sum of -0 = -0
  p.c.assign(256, 0);
  got = ref::run(p, &ok);
  for (uint32_t x : got) ASSERT_EQ(x, 0u);
}

// Rounding of the f16/bf16 accumulators: ties to even, computed once.
TEST(Dense, HalfAccumulatorRoundsOnceToNearestEven) {
  const Variant& v = find("v_wmma_f16_16x16x16_f16");
  Problem p;
  p.v = &v;
  // C = 2048 (ulp 2 in f16); A*B sums to 1 (tie: 2049 -> 2048) or 3 (2051 -> 2052).
  p.a.assign(256, 0);
  p.b.assign(256, 0x3c00);
  p.c.assign(256, 0x6800);  // 2048
  for (int i = 0; i < 16; ++i) p.a[i * 16] = 0x3c00;  // one product of 1 per row
  bool ok = false;
  auto got = ref::run(p, &ok);
  for (uint32_t x : got) ASSERT_EQ(x, 0x6800u);  // 2049 -> 2048 (even)
  for (int i = 0; i < 16; ++i) p.a[i * 16 + 1] = 0x4000;  // + 2 = 2051 -> 2052
  got = ref::run(p, &ok);
  for (uint32_t x : got) ASSERT_EQ(x, 0x6802u);
  // Single rounding: 2048 + 1 + 2^-10 would round up (not a tie); a double
  // rounding through f32 would not change that, but rounding per step would
  // give 2048 + 1 -> 2048, + 2^-10 -> 2048.
  for (int i = 0; i < 16; ++i) {
    p.a[i * 16 + 1] = 0;
    p.a[i * 16 + 2] = 0x1400;  // 2^-10
  }
  got = ref::run(p, &ok);
  for (uint32_t x : got) ASSERT_EQ(x, 0x6801u);  // 2050
}

TEST(Dense, IntegerSignednessAndExtremes) {
  for (const char* mn : {"v_wmma_i32_16x16x16_iu8", "v_wmma_i32_16x16x16_iu4", "v_wmma_i32_16x16x32_iu4"}) {
    const Variant& v = find(mn);
    const uint32_t top = v.a == Ty::IU8 ? 0x80 : 0x8;   // most negative signed / 128 or 8 unsigned
    const uint32_t ones = v.a == Ty::IU8 ? 0xff : 0xf;  // -1 signed / 255 or 15 unsigned
    for (int wave : {32, 64})
      for (int sg = 0; sg < 4; ++sg) {
        Problem p;
        p.v = &v;
        p.wave = wave;
        p.mods.neg_lo = sg;
        p.a.assign(16 * v.K, top);
        p.b.assign(16 * v.K, ones);
        p.c.assign(256, 5);
        bool ok = false;
        auto got = ref::run(p, &ok);
        ASSERT_TRUE(ok);
        const int64_t a = (sg & 1) ? -static_cast<int64_t>(top) : top;
        const int64_t b = (sg & 2) ? int64_t{-1} : static_cast<int64_t>(ones);
        for (uint32_t x : got) ASSERT_EQ(static_cast<int32_t>(x), 5 + v.K * a * b) << mn << " sg " << sg;
      }
  }
}

TEST(Dense, IntegerClampSaturatesInt32) {
  const Variant& v = find("v_wmma_i32_16x16x16_iu8");
  for (int sg = 0; sg < 4; ++sg)
    for (bool clamp : {false, true}) {
      Problem p;
      p.v = &v;
      p.mods.neg_lo = sg;
      p.mods.clamp = clamp;
      // Row i < 8: C near INT32_MAX, products +1 each (A=1, B=1): overflow up.
      // Row i >= 8: C near INT32_MIN, products -1 each when A is signed (0xff = -1), else +255.
      p.a.assign(256, 0);
      p.b.assign(256, 1);
      p.c.assign(256, 0);
      for (int i = 0; i < 16; ++i)
        for (int k = 0; k < 16; ++k) p.a[i * 16 + k] = i < 8 ? 1 : 0xff;
      for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j) p.c[i * 16 + j] = i < 8 ? 0x7ffffff8u : 0x80000008u;
      bool ok = false;
      auto got = ref::run(p, &ok);
      ASSERT_TRUE(ok);
      EXPECT_EQ(got, ref::expect(p));
      const int64_t up = int64_t{INT32_MAX} - 7 + 16;  // 2^31 + 8: overflows
      int32_t want_up = clamp ? INT32_MAX : static_cast<int32_t>(static_cast<uint32_t>(up));
      EXPECT_EQ(static_cast<int32_t>(got[0]), want_up) << "sg " << sg << " clamp " << clamp;
      const int64_t prod = (sg & 1) ? -16 : 16 * 255;
      const int64_t dn = int64_t{INT32_MIN} + 8 + prod;
      int32_t want_dn = (clamp && dn < INT32_MIN) ? INT32_MIN : static_cast<int32_t>(static_cast<uint32_t>(dn));
      EXPECT_EQ(static_cast<int32_t>(got[8 * 16]), want_dn) << "sg " << sg << " clamp " << clamp;
    }
}

TEST(Dense, InvalidModifiersRejected) {
  struct Bad {
    const char* mnem;
    rdna4emu::wmma::Mods m;
    int wave;
  };
  auto M = [](uint8_t lo, uint8_t hi, uint8_t opsel, bool clamp) {
    rdna4emu::wmma::Mods m;
    m.neg_lo = lo;
    m.neg_hi = hi;
    m.op_sel = opsel;
    m.clamp = clamp;
    return m;
  };
  const Bad bad[] = {
      {"v_wmma_i32_16x16x16_iu8", M(4, 0, 0, false), 32},   // NEG[2] on integer
      {"v_wmma_i32_16x16x16_iu8", M(0, 1, 0, false), 32},   // NEG_HI on integer
      {"v_wmma_i32_16x16x16_iu4", M(0, 4, 0, false), 64},
      {"v_wmma_i32_16x16x32_iu4", M(0, 2, 0, false), 32},
      {"v_wmma_f32_16x16x16_fp8_fp8", M(1, 0, 0, false), 32},  // NEG on fp8 A
      {"v_wmma_f32_16x16x16_fp8_bf8", M(0, 2, 0, false), 32},  // NEG_HI on bf8 B
      {"v_wmma_f32_16x16x16_bf8_bf8", M(2, 0, 0, false), 64},
      {"v_wmma_f32_16x16x16_f16", M(0, 0, 4, false), 32},     // OPSEL
      {"v_wmma_f16_16x16x16_f16", M(0, 0, 1, false), 32},
      {"v_wmma_f32_16x16x16_f16", M(0, 0, 0, true), 32},      // clamp on float
      {"v_wmma_f32_16x16x16_f16", M(8, 0, 0, false), 32},     // bit beyond the sources
      {"v_wmma_f32_16x16x16_f16", M(0, 0, 0, false), 16},     // bad wave size
  };
  std::mt19937 rng(3);
  for (const Bad& b : bad) {
    const Variant& v = find(b.mnem);
    Problem p = ref::random_problem(v, b.wave == 64 ? 64 : 32, rng);
    p.mods = b.m;
    // Run with the real wave size in the packing, the bad one in the call.
    std::vector<uint32_t> A(8 * 64, 1), B(8 * 64, 1), C(8 * 64, 2), D(8 * 64, 0x77);
    const char* why = nullptr;
    bool ok = rdna4emu::wmma::dense(static_cast<rdna4emu::wmma::Dense>(v.id), b.m, b.wave, A.data(),
                                    B.data(), C.data(), D.data(), 64, &why);
    EXPECT_FALSE(ok) << b.mnem;
    EXPECT_NE(why, nullptr);
    if (why) EXPECT_GT(std::strlen(why), 10u);
    for (uint32_t x : D) ASSERT_EQ(x, 0x77u) << "D written on rejection: " << b.mnem;
  }
  // C negation is accepted on fp8/bf8 (llvm-mc accepts neg_lo:[0,0,1] / neg_hi:[0,0,1]).
  const Variant& v = find("v_wmma_f32_16x16x16_fp8_fp8");
  std::mt19937 r2(4);
  Problem p = ref::random_problem(v, 32, r2);
  p.mods.neg_lo = 4;
  p.mods.neg_hi = 4;
  expect_same(p, "fp8 with -|C|");
  // Unknown enumerator.
  std::vector<uint32_t> R(8 * 32);
  const char* why = nullptr;
  EXPECT_FALSE(rdna4emu::wmma::dense(static_cast<rdna4emu::wmma::Dense>(11), {}, 32, R.data(), R.data(),
                                     R.data(), R.data(), 32, &why));
}

TEST(Dense, DMayAliasC) {
  std::mt19937 rng(11);
  const Variant& v = find("v_wmma_f32_16x16x16_f16");
  Problem p = ref::random_problem(v, 32, rng);
  const auto& la = ref::layout(v.mnemonic, 32, 'a');
  const auto& lb = ref::layout(v.mnemonic, 32, 'b');
  const auto& ld = ref::layout(v.mnemonic, 32, 'd');
  ref::Regs A(4, 32), B(4, 32), C(8, 32);
  for (int e = 0; e < 256; ++e) {
    A.put(la[e], p.a[e]);
    B.put(lb[e], p.b[e]);
    C.put(ld[e], p.c[e]);
  }
  const char* why = nullptr;
  ASSERT_TRUE(rdna4emu::wmma::dense(rdna4emu::wmma::Dense::F32_16x16x16_F16, {}, 32, A.data(), B.data(),
                                    C.data(), C.data(), 32, &why));
  auto want = ref::expect(p);
  for (int e = 0; e < 256; ++e) ASSERT_EQ(C.get(ld[e]), want[e]);
}

}  // namespace

namespace {

// Accuracy of the accumulation model against the exact sum (binary128 holds
// these sums exactly: products have <= 22 significant bits and the random
// inputs span < 2^90), in units of the destination's ulp. Prints the measured
// worst error and the share of results that are not correctly rounded.
TEST(Dense, AccuracyAgainstExactSum) {
  std::mt19937 rng(2024);
  for (const char* mn : {"v_wmma_f32_16x16x16_f16", "v_wmma_f32_16x16x16_bf16", "v_wmma_f16_16x16x16_f16",
                         "v_wmma_bf16_16x16x16_bf16", "v_wmma_f32_16x16x16_fp8_bf8"}) {
    const Variant& v = find(mn);
    double worst = 0;
    long not_rounded = 0, total = 0;
    const int mbits = v.acc == Ty::F32 ? 23 : v.acc == Ty::F16 ? 10 : 7;
    for (int trial = 0; trial < 40; ++trial) {
      Problem p = ref::random_problem(v, trial % 2 ? 64 : 32, rng);
      bool ok = false;
      auto got = ref::run(p, &ok);
      ASSERT_TRUE(ok);
      for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j) {
          __float128 exact = ref::decode(v.acc, p.c[i * 16 + j]);
          for (int k = 0; k < v.K; ++k)
            exact += static_cast<__float128>(ref::decode(v.a, p.a[i * v.K + k])) *
                     static_cast<__float128>(ref::decode(v.b, p.b[k * 16 + j]));
          const double g = ref::decode(v.acc, got[i * 16 + j]);
          if (exact == 0) continue;
          int e = 0;
          std::frexp(static_cast<double>(exact), &e);
          const __float128 ulp = std::ldexp(1.0, e - 1 - mbits);
          __float128 err = (static_cast<__float128>(g) - exact) / ulp;
          if (err < 0) err = -err;
          worst = std::max(worst, static_cast<double>(err));
          ++total;
          // correctly rounded <=> error <= 1/2 ulp (of the binade of the exact value)
          if (err > static_cast<__float128>(0.5)) ++not_rounded;
        }
    }
    std::printf("[ accuracy ] %-28s worst error %.6f ulp, not correctly rounded %ld of %ld\n", mn, worst,
                not_rounded, total);
    EXPECT_LE(worst, 0.5 + 1e-6) << mn;  // binary64 sum then one rounding
  }
}

}  // namespace
