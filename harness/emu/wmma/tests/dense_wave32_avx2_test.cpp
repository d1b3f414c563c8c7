// The AVX2 implementation of the wave32 dense fast path (dense_wave32_avx2.cpp)
// against the portable one (dense_wave32.cpp) and the generic plan-based path
// (dense_generic), bit for bit: every variant, every accepted modifier
// combination, inputs rich in special values, every f16/bf16/fp8/bf8 encoding
// decoded in isolation, sums placed on and around rounding ties of f16/bf16/f32
// (denormal, normal and overflow ranges), overlapping register operands. Plus
// the RDNA4EMU_WMMA_ISA selection. Skipped (with a reason) on hosts without
// AVX2/FMA/F16C.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
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
using detail::Isa;
using wmma_test::accepted_mods;
using wmma_test::Census;
using wmma_test::Gen;
using wmma_test::operand;

#define SKIP_WITHOUT_AVX2()                                                                     \
  if (!detail::isa_supported(Isa::Avx2))                                                        \
  GTEST_SKIP() << "host (or build) without AVX2 + FMA + F16C: only the portable path exists here"

// Variants the AVX2 implementation covers (all; dense_wave32() falls back to
// the portable one for any it would not).
bool avx2_covers(Dense v) {
  std::vector<uint32_t> z(8 * 32, 0), d(8 * 32, 0);
  return detail::dense_wave32_avx2(v, Mods{}, z.data(), z.data(), z.data(), d.data(), 32);
}

// Runs the three implementations on the same operands; fails on any difference.
// Returns the AVX2 result.
std::vector<uint32_t> run_all(Dense dv, const Mods& m, const std::vector<uint32_t>& a,
                              const std::vector<uint32_t>& b, const std::vector<uint32_t>& c,
                              size_t stride, const std::string& what) {
  std::vector<uint32_t> fast(c.size(), 0xdeadbeefu), port(c.size(), 0xdeadbeefu), gen(c.size(), 0xdeadbeefu);
  EXPECT_TRUE(detail::dense_wave32_avx2(dv, m, a.data(), b.data(), c.data(), fast.data(), stride)) << what;
  EXPECT_TRUE(detail::dense_wave32_portable(dv, m, a.data(), b.data(), c.data(), port.data(), stride)) << what;
  detail::dense_generic(dv, m, 32, a.data(), b.data(), c.data(), gen.data(), stride);
  for (size_t e = 0; e < c.size(); ++e) {
    if (fast[e] != port[e] || fast[e] != gen[e]) {
      ADD_FAILURE() << what << ": " << info(dv).mnemonic << " neg_lo " << int(m.neg_lo) << " neg_hi "
                    << int(m.neg_hi) << " reg " << e / stride << " lane " << e % stride << std::hex
                    << ": avx2 0x" << fast[e] << " portable 0x" << port[e] << " generic 0x" << gen[e];
      break;
    }
    if (e % stride >= 32 && fast[e] != 0xdeadbeefu) {
      ADD_FAILURE() << what << ": lane beyond the wave written";
      break;
    }
  }
  return fast;
}

TEST(DenseWave32Isa, ParseIsaValues) {
  Isa isa = Isa::Portable;
  const char* why = nullptr;
  const Isa best = detail::isa_supported(Isa::Avx2) ? Isa::Avx2 : Isa::Portable;
  for (const char* v : {static_cast<const char*>(nullptr), "", "auto"}) {
    isa = v && *v ? Isa::Portable : Isa::Avx2;  // overwritten
    ASSERT_TRUE(detail::parse_isa(v, &isa, &why)) << (v ? v : "(null)");
    EXPECT_EQ(isa, best);
  }
  ASSERT_TRUE(detail::parse_isa("portable", &isa, &why));
  EXPECT_EQ(isa, Isa::Portable);
  if (detail::isa_supported(Isa::Avx2)) {
    ASSERT_TRUE(detail::parse_isa("avx2", &isa, &why));
    EXPECT_EQ(isa, Isa::Avx2);
  } else {
    why = nullptr;
    EXPECT_FALSE(detail::parse_isa("avx2", &isa, &why));
    ASSERT_NE(why, nullptr);
    EXPECT_NE(std::string(why).find("lacks AVX2"), std::string::npos) << why;
  }
  for (const char* bad : {"AVX2", "sse", " portable", "avx512", "portable,avx2"}) {
    why = nullptr;
    EXPECT_FALSE(detail::parse_isa(bad, &isa, &why)) << bad;
    ASSERT_NE(why, nullptr) << bad;
    EXPECT_NE(std::string(why).find("expected auto, portable or avx2"), std::string::npos) << why;
  }
  EXPECT_STREQ(detail::isa_name(Isa::Portable), "portable");
  EXPECT_STREQ(detail::isa_name(Isa::Avx2), "avx2");
}

// ctest runs the suite twice (without RDNA4EMU_WMMA_ISA and with =portable): the
// selection must follow the environment, so that the second run really
// exercises the portable path through dense().
TEST(DenseWave32Isa, SelectedIsaFollowsEnvironment) {
  const char* env = std::getenv("RDNA4EMU_WMMA_ISA");
  Isa want = Isa::Portable;
  ASSERT_TRUE(detail::parse_isa(env, &want, nullptr)) << env;
  EXPECT_EQ(detail::selected_isa(), want) << "RDNA4EMU_WMMA_ISA=" << (env ? env : "(unset)");
  std::printf("dense() wave32 ISA: %s\n", detail::isa_name(detail::selected_isa()));
}

TEST(DenseWave32IsaDeathTest, BadEnvironmentValueStopsWithMessage) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");  // a fresh process: selected_isa() not cached yet
  EXPECT_EXIT(
      {
        setenv("RDNA4EMU_WMMA_ISA", "fastest", 1);
        detail::selected_isa();
      },
      ::testing::ExitedWithCode(2), "RDNA4EMU_WMMA_ISA=fastest: unknown value \\(expected auto, portable or avx2\\)");
  if (!detail::isa_supported(Isa::Avx2))
    EXPECT_EXIT(
        {
          setenv("RDNA4EMU_WMMA_ISA", "avx2", 1);
          detail::selected_isa();
        },
        ::testing::ExitedWithCode(2), "RDNA4EMU_WMMA_ISA=avx2: avx2 requested, but this host");
}

TEST(DenseWave32Avx2, CoversEveryVariant) {
  SKIP_WITHOUT_AVX2();
  for (int v = 0; v < kDenseCount; ++v)
    EXPECT_TRUE(avx2_covers(static_cast<Dense>(v))) << info(static_cast<Dense>(v)).mnemonic;
  std::vector<uint32_t> z(8 * 32, 0), d(8 * 32, 0x12345678u);
  EXPECT_FALSE(detail::dense_wave32_avx2(static_cast<Dense>(kDenseCount), Mods{}, z.data(), z.data(), z.data(),
                                         d.data(), 32));
  EXPECT_EQ(d, std::vector<uint32_t>(8 * 32, 0x12345678u)) << "D written for an unknown variant";
}

TEST(DenseWave32Avx2, BitIdenticalToPortableAndGenericAllModifiers) {
  SKIP_WITHOUT_AVX2();
  Gen gen(777);
  int variants = 0;
  for (int v = 0; v < kDenseCount; ++v) {
    const Dense dv = static_cast<Dense>(v);
    const VariantInfo& vi = info(dv);
    if (!avx2_covers(dv)) continue;
    ++variants;
    Census census;
    long saturated = 0, wrapped = 0;  // integer: results at the int32 limits with / without clamp
    for (const Mods& m : accepted_mods(vi))
      for (int trial = 0; trial < 12; ++trial) {
        const size_t stride = trial % 4 == 3 ? 37 : 32;
        static const int special_pct[] = {50, 3, 2, 0}, zero_pct[] = {0, 5, 90, 0};
        gen.special_percent = special_pct[trial % 4];
        gen.zero_percent = zero_pct[(trial / 4 + trial) % 4];
        const auto a = operand(gen, vi.a, vi.regs[0][0], stride);
        const auto b = operand(gen, vi.b, vi.regs[0][1], stride);
        std::vector<uint32_t> c(vi.regs[0][2] * stride);
        for (uint32_t& w : c) w = gen.acc_word(vi.acc);
        const auto d = run_all(dv, m, a, b, c, stride, "trial " + std::to_string(trial));
        if (HasFailure()) return;
        for (size_t e = 0; e < d.size(); ++e) {
          if (e % stride >= 32) continue;
          census.add(vi.acc, d[e]);
          if (vi.acc == Type::I32 && (d[e] == 0x7fffffffu || d[e] == 0x80000000u)) {
            // Saturated (clamp), or C at the limit plus a zero product sum (either).
            (m.clamp ? saturated : wrapped)++;
          }
        }
      }
    if (vi.acc == Type::I32) {
      // Saturation reached, more often than the limits occur without clamp.
      EXPECT_GT(saturated, wrapped + 100) << vi.mnemonic;
    } else {
      EXPECT_GT(census.nan, 0) << vi.mnemonic;
      EXPECT_GT(census.inf, 0) << vi.mnemonic;
      EXPECT_GT(census.zero, 0) << vi.mnemonic;
      EXPECT_GT(census.finite, census.words / 20) << vi.mnemonic;
    }
  }
  EXPECT_EQ(variants, kDenseCount);
}

// Puts x (raw element) at A[row][k] (is_a) or B[k][row] of a 16-bit or 8-bit operand.
void put(std::vector<uint32_t>& regs, int bits, int row, int k, uint32_t x, size_t stride) {
  const layout::Loc l = layout::dense_ab(bits, 16, 32, row, k);
  uint32_t& w = regs[l.gpr * stride + l.lane];
  const uint32_t mask = ((1u << bits) - 1) << l.bit;
  w = (w & ~mask) | (x << l.bit);
}

uint32_t one(Type t) {
  return t == Type::F16 ? 0x3c00 : t == Type::BF16 ? 0x3f80 : t == Type::FP8 ? 0x38 : 0x3c;  // 1.0
}

// Every encoding of each input type, decoded alone: the coded side holds one
// code per row i (A[i][k_i]) or column j (B[k_j][j]), zeros elsewhere, the other
// side all ones, C = +0 (f32 accumulate). So D[i][j] = code + zeros (an inf or
// NaN code meets no zero factor): the decoded value itself, NaN-ness included.
TEST(DenseWave32Avx2, EveryInputEncodingDecodedAlone) {
  SKIP_WITHOUT_AVX2();
  for (Dense dv : {Dense::F32_16x16x16_F16, Dense::F32_16x16x16_BF16, Dense::F32_16x16x16_FP8_FP8,
                   Dense::F32_16x16x16_BF8_BF8, Dense::F32_16x16x16_FP8_BF8}) {
    const VariantInfo& vi = info(dv);
    const int bits = type_bits(vi.a), codes = 1 << bits;
    for (int side = 0; side < 2; ++side) {
      const Type t = side == 0 ? vi.a : vi.b;
      long nan = 0, inf = 0;
      for (int base = 0; base < codes; base += 16) {
        std::vector<uint32_t> a(vi.regs[0][0] * 32, 0), b(vi.regs[0][1] * 32, 0), c(8 * 32, 0);
        for (int x = 0; x < 16; ++x) {
          const int k = (x + base / 16) % 16;  // every k position in turn
          const uint32_t code = static_cast<uint32_t>(base + x);
          for (int y = 0; y < 16; ++y)
            if (side == 0) {
              put(b, bits, y, x, one(vi.b), 32);  // B all ones
              if (y == 0) put(a, bits, x, k, code, 32);
            } else {
              put(a, bits, y, x, one(vi.a), 32);  // A all ones
              if (y == 0) put(b, bits, x, k, code, 32);
            }
        }
        const auto d = run_all(dv, Mods{}, a, b, c, 32, std::string(side ? "B" : "A") + " codes from " + std::to_string(base));
        if (HasFailure()) return;
        for (uint32_t w : d) {
          nan += w == 0x7fc00000u;
          inf += (w & 0x7fffffffu) == 0x7f800000u;
        }
      }
      // Each code lands in 16 elements. NaN encodings: f16 2046, bf16 254, fp8 2,
      // bf8 6; infinities: 2 (fp8: none).
      const long want = t == Type::F16 ? 2046 : t == Type::BF16 ? 254 : t == Type::FP8 ? 2 : 6;
      EXPECT_EQ(nan, 16 * want) << vi.mnemonic << (side ? " B" : " A");
      EXPECT_EQ(inf, t == Type::FP8 ? 0 : 32) << vi.mnemonic << (side ? " B" : " A");
    }
  }
}

// Sums on and around rounding boundaries of the accumulator type: C = a value
// with a random significand in a chosen binade (every binade of f16 / bf16,
// denormals and the largest finite values included), plus A[i][0] * B[0][j] =
// half or a quarter of C's ulp, A[i][2] * B[2][j] = 0 or another quarter,
// A[i][1] * B[1][j] = 0 or a sticky term 2^-20 ulp (beyond binary32's 24 bits
// for f16 and bf16 results), each of either sign: exact ties,
// near-ties, carries into the next binade, overflow to inf.
TEST(DenseWave32Avx2, RoundingBoundariesBitIdentical) {
  SKIP_WITHOUT_AVX2();
  std::mt19937 rng(4242);
  struct Case {
    Dense dv;
    int ebits, mbits;  // accumulator format
    int fmin, fmax;    // C exponent fields tried (where 2^ulp is an input value)
  };
  const Case cases[] = {{Dense::F16_16x16x16_F16, 5, 10, 0, 30},
                        {Dense::BF16_16x16x16_BF16, 8, 7, 0, 254},
                        {Dense::F32_16x16x16_F16, 8, 23, 126, 165},
                        {Dense::F32_16x16x16_BF16, 8, 23, 17, 254}};
  for (const Case& cs : cases) {
    const VariantInfo& vi = info(cs.dv);
    const bool f16in = vi.a == Type::F16;
    const int bias = (1 << (cs.ebits - 1)) - 1, cb = type_bits(vi.acc);
    // Raw 16-bit input for +-2^e (0 if not representable).
    auto pow2 = [&](int e, bool neg) -> uint32_t {
      const uint32_t s = neg ? 0x8000u : 0u;
      if (f16in) {
        if (e >= -14 && e <= 15) return s | static_cast<uint32_t>(e + 15) << 10;
        if (e >= -24 && e < -14) return s | (1u << (e + 24));
        return 0;
      }
      if (e >= -126 && e <= 127) return s | static_cast<uint32_t>(e + 127) << 7;
      if (e >= -133 && e < -126) return s | (1u << (e + 133));
      return 0;
    };
    long moved = 0, kept = 0, overflow = 0, denormal = 0;
    const int trials = 60;
    for (int trial = 0; trial < trials; ++trial) {
      std::vector<uint32_t> a(4 * 32, 0), b(4 * 32, 0), c(vi.regs[0][2] * 32, 0);
      for (int i = 0; i < 16; ++i) {
        // C's exponent field for row i: the ends of the range more often.
        const int r = rng() % 8;
        const int f = r == 0 ? cs.fmin : r == 1 ? cs.fmax : cs.fmin + static_cast<int>(rng() % (cs.fmax - cs.fmin + 1));
        const int ulp = (f < 1 ? 1 : f) - bias - cs.mbits;
        put(a, 16, i, 0, pow2(ulp, false), 32);      // times 2^-1 or 2^-2: half / quarter ulp
        put(a, 16, i, 2, pow2(ulp, false), 32);      // times 0 or +-2^-2
        put(a, 16, i, 1, pow2(ulp - 8, false), 32);  // times 0 or +-2^-12: sticky bit
        for (int j = 0; j < 16; ++j) {
          uint32_t raw = static_cast<uint32_t>(f) << cs.mbits | (rng() & ((1u << cs.mbits) - 1));
          if (rng() % 8 == 0) raw |= (1u << cs.mbits) - 1;  // all-ones significand: carry into the exponent
          raw |= (rng() & 1) << (cs.ebits + cs.mbits);
          const layout::Loc l = layout::acc(cb, 32, i, j);
          c[l.gpr * 32 + l.lane] |= raw << l.bit;
        }
      }
      for (int j = 0; j < 16; ++j) {
        put(b, 16, j, 0, pow2(-1 - static_cast<int>(rng() % 2), rng() & 1), 32);
        put(b, 16, j, 2, (rng() % 3) ? 0 : pow2(-2, rng() & 1), 32);
        put(b, 16, j, 1, (rng() % 2) ? 0 : pow2(-12, rng() & 1), 32);
      }
      const auto d = run_all(cs.dv, Mods{}, a, b, c, 32, "trial " + std::to_string(trial));
      if (HasFailure()) return;
      const uint32_t mask = cb == 32 ? ~0u : 0xffffu, expo = ((1u << cs.ebits) - 1) << cs.mbits;
      for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j) {
          const layout::Loc l = layout::acc(cb, 32, i, j);
          const uint32_t dv = (d[l.gpr * 32 + l.lane] >> l.bit) & mask;
          const uint32_t cv = (c[l.gpr * 32 + l.lane] >> l.bit) & mask;
          (dv == cv ? kept : moved)++;
          overflow += (dv & expo) == expo;
          denormal += (dv & expo) == 0 && (dv & ((1u << cs.mbits) - 1)) != 0;
        }
    }
    // Both outcomes common (else the boundaries were not reached); f16/bf16 reach
    // their overflow and denormal ranges.
    EXPECT_GT(moved, trials * 256 / 5) << vi.mnemonic;
    EXPECT_GT(kept, trials * 256 / 10) << vi.mnemonic;
    if (cb == 16) {
      EXPECT_GT(overflow, 0) << vi.mnemonic;
      EXPECT_GT(denormal, 0) << vi.mnemonic;
    }
  }
}

// D overlapping A, B and C in one register file (as the executor passes it):
// every input must be read before D is written.
TEST(DenseWave32Avx2, OverlappingRegistersBitIdentical) {
  SKIP_WITHOUT_AVX2();
  Gen gen(31337);
  gen.special_percent = 5;
  for (int v = 0; v < kDenseCount; ++v) {
    const Dense dv = static_cast<Dense>(v);
    const VariantInfo& vi = info(dv);
    if (!avx2_covers(dv)) continue;
    const int na = vi.regs[0][0], nb = vi.regs[0][1], nc = vi.regs[0][2];
    const size_t stride = 40;
    // Register file: A at 0, B at na, C at na + nb; D at each offset from 0 to na + nb + nc.
    std::vector<uint32_t> rf((na + nb + 2 * nc) * stride);
    for (size_t r = 0; r < rf.size() / stride; ++r) {
      const Type t = r < static_cast<size_t>(na) ? vi.a : r < static_cast<size_t>(na + nb) ? vi.b : vi.acc;
      for (size_t L = 0; L < stride; ++L) {
        uint32_t w = 0;
        if (t == vi.acc) w = gen.acc_word(t);
        else
          for (int s = 0; s < 32 / type_bits(t); ++s) w |= gen.elem(t) << (s * type_bits(t));
        rf[r * stride + L] = w;
      }
    }
    for (int dreg = 0; dreg <= na + nb + nc; ++dreg) {
      std::vector<uint32_t> f = rf, p = rf, g = rf;
      const size_t A = 0, B = na * stride, C = (na + nb) * stride, D = dreg * stride;
      ASSERT_TRUE(detail::dense_wave32_avx2(dv, Mods{}, &f[A], &f[B], &f[C], &f[D], stride));
      ASSERT_TRUE(detail::dense_wave32_portable(dv, Mods{}, &p[A], &p[B], &p[C], &p[D], stride));
      detail::dense_generic(dv, Mods{}, 32, &g[A], &g[B], &g[C], &g[D], stride);
      ASSERT_EQ(f, g) << vi.mnemonic << " D at v" << dreg;
      ASSERT_EQ(p, g) << vi.mnemonic << " D at v" << dreg << " (portable)";
    }
  }
}

}  // namespace
