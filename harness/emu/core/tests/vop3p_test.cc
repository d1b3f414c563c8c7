// VOP3P / VOPD decoding and printing: encodings and texts from llvm-mc 22
// (echo '<asm>' | llvm-mc -triple=amdgcn -mcpu=gfx1201 -show-encoding), and the
// wave64 rule for VOPD. The semantics are tested by the golden vectors
// harness/emu/tests/golden/vop3p.golden and vopd.golden.
#include <gtest/gtest.h>

#include "rdna4emu/core/decoder.h"

using namespace rdna4emu::core;

namespace {

std::string dis(std::vector<uint8_t> b, int wave = 32) {
  DecodeResult r = decode(b.data(), b.size(), wave);
  return r.ok ? format_insn(r.insn, wave) : "ERROR: " + r.error;
}

TEST(Vop3p, PackedAndDotForms) {
  EXPECT_EQ(dis({0x00, 0xca, 0x0f, 0xcc, 0x01, 0x05, 0x02, 0x30}),
            "v_pk_add_f16 v0, v1, v2 op_sel:[1,0] op_sel_hi:[0,1] neg_lo:[1,0] neg_hi:[0,1] clamp");
  EXPECT_EQ(dis({0x00, 0x38, 0x0e, 0xcc, 0x01, 0x05, 0x0e, 0x04}),
            "v_pk_fma_f16 v0, v1, v2, v3 op_sel:[1,1,1] op_sel_hi:[0,0,0]");
  EXPECT_EQ(dis({0x00, 0x40, 0x0f, 0xcc, 0x01, 0xff, 0x01, 0x18, 0x78, 0x56, 0x34, 0x12}),
            "v_pk_add_f16 v0, v1, 0x12345678");  // a packed literal prints whole
  EXPECT_EQ(dis({0x00, 0x40, 0x0a, 0xcc, 0x01, 0x83, 0x01, 0x18}), "v_pk_add_u16 v0, v1, -1");
  EXPECT_EQ(dis({0x00, 0x40, 0x0f, 0xcc, 0x01, 0xe5, 0x01, 0x08}), "v_pk_add_f16 v0, v1, 1.0 op_sel_hi:[1,0]");
  EXPECT_EQ(dis({0x00, 0xc7, 0x13, 0xcc, 0x01, 0x05, 0x0e, 0xfc}),
            "v_dot2_f32_f16 v0, v1, v2, v3 neg_lo:[1,1,1] neg_hi:[1,1,1] clamp");
  EXPECT_EQ(dis({0x00, 0xc0, 0x16, 0xcc, 0x01, 0x05, 0x0e, 0x7c}),
            "v_dot4_i32_iu8 v0, v1, v2, v3 neg_lo:[1,1,0] clamp");
  EXPECT_EQ(dis({0x00, 0x40, 0x24, 0xcc, 0x01, 0x05, 0x0e, 0x9c}),
            "v_dot4_f32_fp8_bf8 v0, v1, v2, v3 neg_lo:[0,0,1]");
  EXPECT_EQ(dis({0x00, 0x60, 0x66, 0xd6, 0x01, 0x05, 0x0e, 0x04}), "v_dot2_f16_f16 v0, v1, v2, v3 op_sel:[0,0,1,1]");
  EXPECT_EQ(dis({0x00, 0x02, 0x66, 0xd6, 0x01, 0x05, 0x0e, 0x24}), "v_dot2_f16_f16 v0, -v1, |v2|, v3");
  EXPECT_EQ(dis({0x00, 0x00, 0x67, 0xd6, 0x01, 0xe5, 0x0d, 0x04}), "v_dot2_bf16_bf16 v0, v1, 1.0, v3");
}

TEST(Vopd, Dot2accAndWave32Only) {
  const std::vector<uint8_t> dot2acc = {0x01, 0x05, 0x08, 0xcb, 0x04, 0x0b, 0x02, 0x00};
  EXPECT_EQ(dis(dot2acc), "v_dual_dot2acc_f32_f16 v0, v1, v2 :: v_dual_add_f32 v3, v4, v5");
  EXPECT_EQ(dis({0x01, 0x05, 0xd0, 0xc9, 0x04, 0x01, 0x02, 0x00}),
            "v_dual_mul_dx9_zero_f32 v0, v1, v2 :: v_dual_mov_b32 v3, v4");
  EXPECT_EQ(dis({0xf2, 0x00, 0x1a, 0xca, 0xf2, 0x0a, 0x02, 0x00}),
            "v_dual_mov_b32 v0, 1.0 :: v_dual_dot2acc_f32_bf16 v3, 1.0, v5");
  // llvm-mc -mattr=+wavefrontsize64: "instruction requires wavesize=32".
  DecodeResult r = decode(dot2acc.data(), dot2acc.size(), 64);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("wave32"), std::string::npos) << r.error;
}

}  // namespace

// Clang's own packed and dot code (corpus/packed_dot.hip) against a CPU reference written
// from the pseudocode: fdot2 rounds per step (C + a0*b0, then + a1*b1; the products are
// exact in f32), the integer dots are exact sums (udot4 with clamp saturates), the packed
// f16 fma is one rounding per half.
#include <cmath>
#include "test_util.h"

namespace {

TEST(Vop3pE2E, ClangPackedAndDotCode) {
  using namespace rdna4test;
  using rdna4emu::Device;
  if (!have_clang(22)) GTEST_SKIP() << "clang 22 not installed";
  for (const char* opt : {"O0", "O3"}) {
    std::string err;
    std::string path = compile_hip("packed_dot", 22, opt, "gfx1201", false, &err);
    ASSERT_FALSE(path.empty()) << err;
    auto co = load_co(path);
    const rdna4emu::KernelInfo* ki = co->find_kernel("packed_dot");
    ASSERT_NE(ki, nullptr);
    const int N = 32;
    std::vector<uint32_t> a(N), b(N);
    std::vector<float> c(N);
    std::vector<int32_t> ia(N), ib(N);
    for (int i = 0; i < N; ++i) {
      a[i] = uint32_t(f32_to_f16(1.5f - i)) << 16 | f32_to_f16(i * 0.25f);
      b[i] = uint32_t(f32_to_f16(i * 0.125f)) << 16 | f32_to_f16(2.0f);
      c[i] = i * 0.5f - 3;
      ia[i] = int32_t((0x01020304u * uint32_t(i + 1)) ^ 0x80f07f10u);
      ib[i] = int32_t(0x7f80ff01u + uint32_t(i) * 0x01010101u);
    }
    Device d;
    uint64_t da = upload(d, a), db = upload(d, b), dc = upload(d, c), dia = upload(d, ia), dib = upload(d, ib);
    uint64_t of = d.alloc(8 * N), oi = d.alloc(12 * N), oh = d.alloc(4 * N), os = d.alloc(4 * N);
    rdna4emu::LaunchConfig cfg{{1, 1, 1}, {uint32_t(N), 1, 1}, 0};
    auto r = d.launch(*co, *ki, cfg,
                      kernarg(*ki, Args().add(da).add(db).add(dc).add(dia).add(dib).add(of).add(oi).add(oh).add(os), cfg));
    ASSERT_TRUE(r.ok()) << opt << ": " << r.diagnostic;
    auto f = read_back<float>(d, of, 2 * N);
    auto iv = read_back<int32_t>(d, oi, 3 * N);
    auto h = read_back<uint32_t>(d, oh, N);
    auto s = read_back<uint32_t>(d, os, N);
    for (int i = 0; i < N; ++i) {
      const float a0 = f16_to_f32(uint16_t(a[i])), a1 = f16_to_f32(uint16_t(a[i] >> 16));
      const float b0 = f16_to_f32(uint16_t(b[i])), b1 = f16_to_f32(uint16_t(b[i] >> 16));
      float want = c[i] + a0 * b0;
      want = want + a1 * b1;
      EXPECT_EQ(f[i], want) << opt << " fdot2 lane " << i;
      float want_neg = -c[i] + a0 * b0;  // fdot2(a, b, -c): clang sets neg_lo[2] and neg_hi[2]
      want_neg = want_neg + a1 * b1;
      EXPECT_EQ(f[i + N], want_neg) << opt << " fdot2 with -C lane " << i;
      int64_t sd4 = i - 5, ud4 = i, sd8 = 3;
      for (int k = 0; k < 4; ++k) {
        sd4 += int64_t(int8_t(ia[i] >> 8 * k)) * int8_t(ib[i] >> 8 * k);
        ud4 += int64_t(uint8_t(ia[i] >> 8 * k)) * uint8_t(ib[i] >> 8 * k);
      }
      for (int k = 0; k < 8; ++k) {
        int x = (ia[i] >> 4 * k) & 15, y = (ib[i] >> 4 * k) & 15;  // S0 signed, S1 unsigned
        sd8 += int64_t(x > 7 ? x - 16 : x) * y;
      }
      EXPECT_EQ(iv[i], int32_t(sd4)) << opt << " sudot4 lane " << i;
      EXPECT_EQ(uint32_t(iv[i + 32]), uint32_t(std::min<int64_t>(ud4, 0xffffffffll))) << opt << " udot4 lane " << i;
      EXPECT_EQ(iv[i + 64], int32_t(sd8)) << opt << " sudot8 lane " << i;
      // one f16 rounding of a*b + a per half: a*b + a is exact in double
      const uint16_t h0 = f32_to_f16(float(double(a0) * b0 + a0)), h1 = f32_to_f16(float(double(a1) * b1 + a1));
      EXPECT_EQ(h[i], uint32_t(h1) << 16 | h0) << opt << " v_pk_fma_f16 lane " << i;
      const int16_t sv[2] = {int16_t(ia[i]), int16_t(ib[i] >> 16)}, tv[2] = {int16_t(ib[i] >> 3), 7};
      uint32_t want_s = 0;
      for (int k = 0; k < 2; ++k) {
        const int16_t m = int16_t(sv[k] * tv[k] + sv[k]);
        want_s |= uint32_t(uint16_t(m > tv[k] ? int16_t(m - tv[k]) : tv[k])) << (16 * k);
      }
      EXPECT_EQ(s[i], want_s) << opt << " packed i16 lane " << i;
    }
  }
}

}  // namespace

// exact_sum_odd (vop3p.h), the exact summation behind the `exact_once` and `f32_steps`
// candidates of dot_float_rounding: hand-derived sums, then random pairs against an
// independent derivation (TwoSum: s = RN(x + y) and the exact error e; the exact sum
// rounded to odd is s when e = 0, else whichever of s and its neighbour toward e has an
// odd significand).
#include <random>
#include "semantics.h"

namespace {

using rdna4emu::core::exact_sum_odd;

double sum_odd(std::initializer_list<double> t, unsigned rm = fp::kRoundNearestEven) {
  std::vector<double> v(t);
  return exact_sum_odd(v.data(), int(v.size()), rm);
}

TEST(Vop3pExactSum, HandDerived) {
  EXPECT_EQ(sum_odd({0x1p24, 1, 1}), 0x1p24 + 2);                       // exact: 2^24 + 2
  EXPECT_EQ(sum_odd({1, 0x1p-11, 0x1p-28}), 1 + 0x1p-11 + 0x1p-28);     // exact in double
  EXPECT_EQ(sum_odd({0x1p200, 1, -0x1p200}), 1.0);                      // a double sum gives 0
  EXPECT_EQ(sum_odd({0x1p100, 0x1p-100}), 0x1p100 + 0x1p48);            // inexact: odd last bit (2^48)
  EXPECT_EQ(sum_odd({-0x1p100, -0x1p-100}), -(0x1p100 + 0x1p48));
  EXPECT_EQ(sum_odd({0x1p100, -0x1p-100}), 0x1p100 - 0x1p47);           // below 2^100: spacing 2^47, odd
  EXPECT_EQ(sum_odd({0x1p259, 0x1p-266}), 0x1p259 + 0x1p207);           // the widest span
  EXPECT_EQ(sum_odd({0x1p259, 0x1p259, 0x1p259, 0x1p259}), 0x1p261);
  EXPECT_EQ(sum_odd({3 * 0x1p-149, -0x1p-149}), 0x1p-148);
  // exact zero: +0, -0 toward negative or when every term is -0 (IEEE 754-2019 clause 6.3)
  EXPECT_FALSE(std::signbit(sum_odd({1, -1})));
  EXPECT_TRUE(std::signbit(sum_odd({1, -1}, fp::kRoundDown)));
  EXPECT_TRUE(std::signbit(sum_odd({-0.0, -0.0})));
  EXPECT_FALSE(std::signbit(sum_odd({0.0, -0.0})));
  // rounded on to f32: 2^100 + 2^-100 is 2^100 to nearest, 2^100 + 2^77 upward
  const double x = sum_odd({0x1p100, 0x1p-100});
  EXPECT_EQ(fp::round_small_float(x, 8, 23, 127, 0x7fffff, 0x7f800000, fp::kRoundNearestEven), 0x71800000u);
  EXPECT_EQ(fp::round_small_float(x, 8, 23, 127, 0x7fffff, 0x7f800000, fp::kRoundUp), 0x71800001u);
}

TEST(Vop3pExactSum, RandomPairsAgainstTwoSum) {
  std::mt19937_64 g(12345);
  std::uniform_int_distribution<int> ex(-140, 140);
  std::uniform_int_distribution<uint64_t> sig(1u << 23, (1u << 24) - 1);
  for (int i = 0; i < 200000; ++i) {
    double x = std::ldexp(double(sig(g)), ex(g)), y = std::ldexp(double(sig(g)), ex(g));
    if (g() & 1) x = -x;
    if (g() & 1) y = -y;
    const double s = x + y, bb = s - x, e = (x - (s - bb)) + (y - bb);  // TwoSum
    double want = s;
    if (e != 0) {
      uint64_t u;
      std::memcpy(&u, &s, 8);
      if (!(u & 1)) want = std::nextafter(s, e > 0 ? INFINITY : -INFINITY);
    }
    const double t[2] = {x, y};
    ASSERT_EQ(exact_sum_odd(t, 2, fp::kRoundNearestEven), want) << std::hexfloat << x << " + " << y;
  }
}

}  // namespace
