// The wave32 dense fast path (dense_wave32.cpp) against the generic plan-based
// path (dense_generic in dense.cpp): bit-identical D for every dense variant,
// every accepted modifier combination and inputs rich in special values (NaN
// encodings, infinities, denormals, signed zeros, extremes), plus its inverted
// layout formulas against layouts.cpp. The independent oracle (oracle.cpp,
// dense_test.cpp) also runs through the fast path, since dense() takes it for wave32.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "compute.h"
#include "dense_wave32.h"
#include "layouts.h"
#include "variants.h"
#include "wave32_inputs.h"

namespace {

using namespace rdna4emu::wmma;
using wmma_test::accepted_mods;
using wmma_test::Census;
using wmma_test::Gen;
using wmma_test::operand;

TEST(DenseWave32, InvertedOperandLayoutMatchesLayouts) {
  int checked = 0;
  for (int v = 0; v < kDenseCount; ++v) {
    const VariantInfo& vi = info(static_cast<Dense>(v));
    const int bits = type_bits(vi.a), K = vi.k, NG = vi.regs[0][0], NS = 32 / bits;
    ASSERT_EQ(NG, K * bits / 64) << vi.mnemonic;
    std::vector<int> seen(16 * K, 0);
    for (int g = 0; g < NG; ++g)
      for (int h = 0; h < 2; ++h)
        for (int row = 0; row < 16; ++row)
          for (int s = 0; s < NS; ++s) {
            const int k = detail::dense32_k(bits, K, g, h, s);
            ASSERT_TRUE(k >= 0 && k < K) << vi.mnemonic;
            const layout::Loc l = layout::dense_ab(bits, K, 32, row, k);
            EXPECT_EQ(l.gpr, g) << vi.mnemonic << " k " << k;
            EXPECT_EQ(l.bit, s * bits) << vi.mnemonic << " k " << k;
            EXPECT_EQ(l.lane, 16 * h + row) << vi.mnemonic << " k " << k;
            ++seen[row * K + k];
            ++checked;
          }
    for (int e = 0; e < 16 * K; ++e) EXPECT_EQ(seen[e], 1) << vi.mnemonic << " element " << e;
  }
  EXPECT_EQ(checked, 10 * 256 + 512);  // K = 32 only for iu4 16x16x32
}

TEST(DenseWave32, InvertedAccumulatorLayoutMatchesLayouts) {
  for (int bits : {32, 16}) {
    std::vector<int> seen(256, 0);
    for (int g = 0; g < (bits == 32 ? 8 : 4); ++g)
      for (int h = 0; h < 2; ++h)
        for (int j = 0; j < 16; ++j)
          for (int s = 0; s < 32 / bits; ++s) {
            const int i = detail::acc32_i(bits, g, h, s);
            ASSERT_TRUE(i >= 0 && i < 16);
            const layout::Loc l = layout::acc(bits, 32, i, j);
            EXPECT_EQ(l.gpr, g);
            EXPECT_EQ(l.bit, s * bits);
            EXPECT_EQ(l.lane, 16 * h + j);
            ++seen[i * 16 + j];
          }
    for (int e = 0; e < 256; ++e) EXPECT_EQ(seen[e], 1) << bits << "-bit element " << e;
  }
}

TEST(DenseWave32, BitIdenticalToGenericPathAllVariantsAllModifiers) {
  Gen gen(20261129);
  long compared = 0;
  for (int v = 0; v < kDenseCount; ++v) {
    const Dense dv = static_cast<Dense>(v);
    const VariantInfo& vi = info(dv);
    const std::vector<Mods> mods = accepted_mods(vi);
    // 16-bit float: 8 x 8 NEG combinations; fp8/bf8: NEG[2] x NEG_HI[2]; integer: 4 signedness x clamp.
    const size_t want = type_is_int(vi.a) ? 8 : type_bits(vi.a) == 16 ? 64 : 4;
    ASSERT_EQ(mods.size(), want) << vi.mnemonic;
    Census census;
    for (const Mods& m : mods)
      for (int trial = 0; trial < 12; ++trial) {
        const size_t stride = trial % 4 == 3 ? 37 : 32;  // register file wider than the wave
        // Trial mixes: special-heavy, sparse specials, mostly signed zeros, plain.
        static const int special_pct[] = {50, 3, 2, 0}, zero_pct[] = {0, 5, 90, 0};
        gen.special_percent = special_pct[trial % 4];
        gen.zero_percent = zero_pct[(trial / 4 + trial) % 4];
        const auto a = operand(gen, vi.a, vi.regs[0][0], stride);
        const auto b = operand(gen, vi.b, vi.regs[0][1], stride);
        std::vector<uint32_t> c(vi.regs[0][2] * stride);
        for (uint32_t& w : c) w = gen.acc_word(vi.acc);
        std::vector<uint32_t> fast(c.size(), 0xdeadbeefu), slow(c.size(), 0xdeadbeefu);
        const char* why = nullptr;
        ASSERT_TRUE(dense(dv, m, 32, a.data(), b.data(), c.data(), fast.data(), stride, &why))
            << vi.mnemonic << ": " << (why ? why : "?");
        detail::dense_generic(dv, m, 32, a.data(), b.data(), c.data(), slow.data(), stride);
        for (size_t e = 0; e < c.size(); ++e) {
          ASSERT_EQ(fast[e], slow[e]) << vi.mnemonic << " neg_lo " << int(m.neg_lo) << " neg_hi "
                                      << int(m.neg_hi) << " clamp " << m.clamp << " trial " << trial
                                      << " reg " << e / stride << " lane " << e % stride;
          if (e % stride < 32) census.add(vi.acc, fast[e]);
          else EXPECT_EQ(fast[e], 0xdeadbeefu) << "lane beyond the wave written";
          ++compared;
        }
        // D aliasing C gives the same result.
        std::vector<uint32_t> alias = c;
        ASSERT_TRUE(dense(dv, m, 32, a.data(), b.data(), alias.data(), alias.data(), stride, &why));
        for (size_t e = 0; e < c.size(); ++e)
          if (e % stride < 32) ASSERT_EQ(alias[e], slow[e]) << vi.mnemonic << " D aliasing C";
      }
    // The inputs reach every result class (else the comparison proves little).
    if (vi.acc != Type::I32) {
      EXPECT_GT(census.nan, 0) << vi.mnemonic;
      EXPECT_GT(census.inf, 0) << vi.mnemonic;
      EXPECT_GT(census.zero, 0) << vi.mnemonic;
      EXPECT_GT(census.finite, census.words / 20) << vi.mnemonic;
    }
  }
  EXPECT_GT(compared, 700000);
}

// Rounding-sensitive inputs: per row, +2^15 and -2^15 in A at two k (B rows
// there 2^15: products +-2^30 that cancel), tiny A values elsewhere (B near 1).
// Tiny products summed before / between the big ones lose their low bits, so
// the binary64 accumulation order decides the result's last bits in f32: a
// reordered sum differs here. (Fused multiply-adds would not: every product
// is exact in binary64, so fma(a, b, acc) == acc + a * b.)
std::vector<uint32_t> pack(int bits, int regs, const uint32_t (&m)[16][16], bool is_a) {
  std::vector<uint32_t> r(regs * 32, 0);
  for (int row = 0; row < 16; ++row)
    for (int k = 0; k < 16; ++k) {
      const layout::Loc l = layout::dense_ab(bits, 16, 32, row, k);
      r[l.gpr * 32 + l.lane] |= (is_a ? m[row][k] : m[k][row]) << l.bit;
    }
  return r;
}

TEST(DenseWave32, OrderSensitiveSumsBitIdenticalToGenericPath) {
  std::mt19937 rng(99);
  int sensitive = 0, trials = 0;
  for (Dense dv : {Dense::F32_16x16x16_F16, Dense::F32_16x16x16_BF16, Dense::F16_16x16x16_F16,
                   Dense::BF16_16x16x16_BF16}) {
    const VariantInfo& vi = info(dv);
    const bool f16 = vi.a == Type::F16;
    const uint32_t big = f16 ? 0x7800 : 0x4700, sign = 0x8000;  // 2^15
    auto tiny = [&]() -> uint32_t {  // about 2^-14 .. 2^-11 (f16: also denormals), random sign
      const uint32_t s = (rng() & 1) ? sign : 0;
      return f16 ? s | (rng() % 0x1400) : s | ((110 + rng() % 4) << 7) | (rng() & 0x7f);
    };
    auto near_one = [&]() -> uint32_t { return f16 ? 0x3c00 | (rng() & 0x3ff) : 0x3f80 | (rng() & 0x7f); };
    for (int trial = 0; trial < 25; ++trial, ++trials) {
      uint32_t am[16][16], bm[16][16], ar[16][16], br[16][16];
      const int k1 = rng() % 16, k2 = (k1 + 1 + rng() % 15) % 16;
      for (int k = 0; k < 16; ++k)
        for (int x = 0; x < 16; ++x) {
          am[x][k] = k == k1 ? big : k == k2 ? big | sign : tiny();
          bm[k][x] = k == k1 || k == k2 ? big : near_one();
        }
      for (int k = 0; k < 16; ++k)  // the same products, summed in reverse k order
        for (int x = 0; x < 16; ++x) {
          ar[x][k] = am[x][15 - k];
          br[k][x] = bm[15 - k][x];
        }
      const int bits = 16;
      const auto a = pack(bits, 4, am, true), b = pack(bits, 4, bm, false);
      std::vector<uint32_t> c(vi.regs[0][2] * 32, 0), fast(c.size()), slow(c.size()), rev(c.size());
      ASSERT_TRUE(dense(dv, Mods{}, 32, a.data(), b.data(), c.data(), fast.data(), 32, nullptr));
      detail::dense_generic(dv, Mods{}, 32, a.data(), b.data(), c.data(), slow.data(), 32);
      ASSERT_EQ(fast, slow) << vi.mnemonic << " trial " << trial;
      const auto a2 = pack(bits, 4, ar, true), b2 = pack(bits, 4, br, false);
      ASSERT_TRUE(dense(dv, Mods{}, 32, a2.data(), b2.data(), c.data(), rev.data(), 32, nullptr));
      if (rev != fast) ++sensitive;
    }
  }
  // The data must be order-sensitive most of the time, else this proves little.
  EXPECT_GT(sensitive, trials / 4) << "of " << trials;
}

}  // namespace
