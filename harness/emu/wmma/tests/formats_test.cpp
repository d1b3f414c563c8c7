// Element formats against hand-computed values: the library's formats.h and
// the test reference's decoders must both agree with them.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "formats.h"
#include "oracle.h"

namespace {

namespace F = rdna4emu::wmma::fmt;
using ref::Ty;

struct Known {
  uint32_t raw;
  double value;  // NaN: a NaN
};

void check(Ty t, float (*lib)(uint8_t), const std::vector<Known>& ks) {
  for (const Known& k : ks) {
    double r = ref::decode(t, k.raw);
    float l = lib(static_cast<uint8_t>(k.raw));
    if (std::isnan(k.value)) {
      EXPECT_TRUE(std::isnan(r)) << std::hex << k.raw;
      EXPECT_TRUE(std::isnan(l)) << std::hex << k.raw;
    } else {
      EXPECT_EQ(r, k.value) << std::hex << k.raw;
      EXPECT_EQ(l, k.value) << std::hex << k.raw;
      EXPECT_EQ(std::signbit(l), std::signbit(k.value)) << std::hex << k.raw;
    }
  }
}

TEST(Formats, Fp8E4M3fn) {
  check(Ty::FP8, F::fp8_to_float,
        {{0x00, 0.0}, {0x80, -0.0}, {0x38, 1.0}, {0xb8, -1.0}, {0x40, 2.0}, {0x3c, 1.5},
         {0x7e, 448.0}, {0xfe, -448.0}, {0x78, 256.0}, {0x7f, NAN}, {0xff, NAN},
         {0x08, 0.015625},        // 2^-6, smallest normal
         {0x01, 0.001953125},     // 2^-9, smallest denormal
         {0x07, 0.013671875},     // 7 * 2^-9
         {0x77, 240.0}});         // 1.875 * 2^7
}

TEST(Formats, Bf8E5M2) {
  check(Ty::BF8, F::bf8_to_float,
        {{0x00, 0.0}, {0x80, -0.0}, {0x3c, 1.0}, {0xbc, -1.0}, {0x3e, 1.5}, {0x7b, 57344.0},
         {0xfb, -57344.0}, {0x7c, INFINITY}, {0xfc, -INFINITY}, {0x7d, NAN}, {0x7e, NAN},
         {0x7f, NAN}, {0xff, NAN},
         {0x04, 6.103515625e-05},   // 2^-14
         {0x01, 1.52587890625e-05},  // 2^-16
         {0x03, 4.57763671875e-05}});
}

TEST(Formats, F16AndBf16Decode) {
  const std::vector<Known> f16 = {{0x3c00, 1.0},     {0xc000, -2.0},   {0x7bff, 65504.0},
                                  {0x0400, 6.103515625e-05}, {0x0001, 5.9604644775390625e-08},
                                  {0x7c00, INFINITY}, {0xfc00, -INFINITY}, {0x7e00, NAN},
                                  {0x8000, -0.0},     {0x3555, 0.333251953125}};
  for (const Known& k : f16) {
    double r = ref::decode(Ty::F16, k.raw);
    float l = F::f16_to_float(static_cast<uint16_t>(k.raw));
    if (std::isnan(k.value)) {
      EXPECT_TRUE(std::isnan(r) && std::isnan(l));
    } else {
      EXPECT_EQ(r, k.value) << std::hex << k.raw;
      EXPECT_EQ(l, k.value) << std::hex << k.raw;
    }
  }
  const std::vector<Known> bf16 = {{0x3f80, 1.0}, {0xc040, -3.0}, {0x7f7f, 3.3895313892515355e38},
                                   {0x0080, 1.1754943508222875e-38}, {0x0001, 9.183549615799121e-41},
                                   {0x7f80, INFINITY}, {0x7fc0, NAN}};
  for (const Known& k : bf16) {
    double r = ref::decode(Ty::BF16, k.raw);
    float l = F::bf16_to_float(static_cast<uint16_t>(k.raw));
    if (std::isnan(k.value)) {
      EXPECT_TRUE(std::isnan(r) && std::isnan(l));
    } else {
      EXPECT_EQ(r, k.value) << std::hex << k.raw;
      EXPECT_EQ(l, k.value) << std::hex << k.raw;
    }
  }
}

TEST(Formats, RoundToF16) {
  struct R { double x; uint16_t want; };
  const R cases[] = {
      {1.0, 0x3c00}, {-2.0, 0xc000}, {65504.0, 0x7bff},
      {65519.99, 0x7bff}, {65520.0, 0x7c00},        // overflow threshold: max + half ulp ties to inf
      {1.0 + std::ldexp(1.0, -11), 0x3c00},        // tie, even stays
      {1.0 + 3 * std::ldexp(1.0, -11), 0x3c02},    // tie, odd rounds up
      {1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -30), 0x3c01},  // just above the tie
      {std::ldexp(1.0, -24), 0x0001}, {std::ldexp(1.0, -25), 0x0000},  // tie to even (0)
      {std::ldexp(3.0, -25), 0x0002},              // 1.5 * 2^-24: tie, rounds to 2 (even)
      {std::ldexp(1.0, -25) * 1.0000001, 0x0001},
      {-0.0, 0x8000}, {INFINITY, 0x7c00}, {-INFINITY, 0xfc00}, {NAN, 0x7e00},
      {std::ldexp(1023.0, -24) + std::ldexp(1.0, -25), 0x0400},  // largest denormal + half ulp -> min normal
  };
  for (const R& c : cases) {
    EXPECT_EQ(F::round_to_f16(c.x), c.want) << c.x;
    EXPECT_EQ(ref::round_to(Ty::F16, c.x), c.want) << c.x;
  }
}

TEST(Formats, RoundToBf16AndF32) {
  struct R { double x; uint16_t want; };
  const R cases[] = {
      {1.0, 0x3f80}, {1.0 + std::ldexp(1.0, -8), 0x3f80}, {1.0 + 3 * std::ldexp(1.0, -8), 0x3f82},
      {1.0 + std::ldexp(1.0, -8) + std::ldexp(1.0, -40), 0x3f81},  // a double rounding via f32 would tie
      {3.3895313892515355e38, 0x7f7f}, {3.396e38, 0x7f7f}, {3.397e38, 0x7f80},  // max + half ulp = 3.39618e38
      {std::ldexp(1.0, -133), 0x0001}, {std::ldexp(1.0, -134), 0x0000}, {-std::ldexp(3.0, -134), 0x8002},
      {NAN, 0x7fc0}, {-INFINITY, 0xff80},
  };
  for (const R& c : cases) {
    EXPECT_EQ(F::round_to_bf16(c.x), c.want) << c.x;
    EXPECT_EQ(ref::round_to(Ty::BF16, c.x), c.want) << c.x;
  }
  EXPECT_EQ(F::round_to_f32(1.0 + std::ldexp(1.0, -24)), 0x3f800000u);
  EXPECT_EQ(F::round_to_f32(1.0 + 3 * std::ldexp(1.0, -24)), 0x3f800002u);
  EXPECT_EQ(F::round_to_f32(std::ldexp(1.0, -149)), 0x00000001u);
  EXPECT_EQ(F::round_to_f32(std::ldexp(1.0, 128)), 0x7f800000u);
  EXPECT_EQ(F::round_to_f32(NAN), 0x7fc00000u);
  // The generic rounding agrees with the hardware conversion on f32.
  std::mt19937_64 rng(1);
  for (int n = 0; n < 20000; ++n) {
    uint64_t bits = rng();
    double x;
    std::memcpy(&x, &bits, 8);
    if (!std::isfinite(x)) continue;
    int e = 0;
    x = std::ldexp(std::frexp(x, &e), static_cast<int>(rng() % 300) - 170);  // spread the exponents
    ASSERT_EQ(F::round_to_ieee(x, 8, 23, 0x7fc00000u), F::round_to_f32(x)) << x;
  }
}

// Exhaustive: every f16 and bf16 value survives decode -> round.
TEST(Formats, RoundTripEveryHalf) {
  for (uint32_t r = 0; r < 65536; ++r) {
    double h = F::f16_to_float(static_cast<uint16_t>(r));
    if (std::isnan(h)) continue;
    ASSERT_EQ(F::round_to_f16(h), r);
    double b = F::bf16_to_float(static_cast<uint16_t>(r));
    if (std::isnan(b)) continue;
    ASSERT_EQ(F::round_to_bf16(b), r);
  }
}

}  // namespace
