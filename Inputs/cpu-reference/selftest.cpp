// Host-only unit test of the CPU reference (formats.h, matmul.h, fragments.h)
// against hand-computed values from the format specifications. Run by the lit
// test runtime/cpu-reference-selftest/selftest.hip. Prints one line per failure and
// "reference selftest: PASS (N checks)" at the end; exits 1 on any failure.
#include <cmath>
#include <cstdio>
#include <set>
#include <tuple>

#include "fragments.h"
#include "formats.h"
#include "matmul.h"

static int g_checks = 0, g_fail = 0;
#define CHECK_EQ(a, b)                                                                   \
  do {                                                                                   \
    ++g_checks;                                                                          \
    auto va_ = (a);                                                                      \
    auto vb_ = (b);                                                                      \
    if (!(va_ == vb_)) {                                                                 \
      ++g_fail;                                                                          \
      std::printf("FAIL %s:%d: %s == %s: got %.17g, expected %.17g\n", __FILE__,         \
                  __LINE__, #a, #b, double(va_), double(vb_));                           \
    }                                                                                    \
  } while (0)
#define CHECK_TRUE(c)                                                                    \
  do {                                                                                   \
    ++g_checks;                                                                          \
    if (!(c)) {                                                                          \
      ++g_fail;                                                                          \
      std::printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c);                           \
    }                                                                                    \
  } while (0)

using namespace ref;

static void test_f16() {
  CHECK_EQ(decode(kF16, 0x3C00), 1.0);
  CHECK_EQ(decode(kF16, 0xC000), -2.0);
  CHECK_EQ(decode(kF16, 0x7BFF), 65504.0);
  CHECK_EQ(decode(kF16, 0x0001), std::ldexp(1.0, -24));
  CHECK_EQ(decode(kF16, 0x03FF), 1023 * std::ldexp(1.0, -24));
  CHECK_EQ(decode(kF16, 0x0400), std::ldexp(1.0, -14));
  CHECK_TRUE(std::isinf(decode(kF16, 0x7C00)) && decode(kF16, 0x7C00) > 0);
  CHECK_TRUE(std::isinf(decode(kF16, 0xFC00)) && decode(kF16, 0xFC00) < 0);
  CHECK_TRUE(std::isnan(decode(kF16, 0x7E00)));
  CHECK_TRUE(std::isnan(decode(kF16, 0x7C01)));
  CHECK_TRUE(std::signbit(decode(kF16, 0x8000)));
  CHECK_EQ(encode(kF16, 1.0), 0x3C00u);
  CHECK_EQ(encode(kF16, 0.1), 0x2E66u);
  CHECK_EQ(encode(kF16, -0.0), 0x8000u);
  CHECK_EQ(encode(kF16, 65504.0), 0x7BFFu);
  CHECK_EQ(encode(kF16, 65519.0), 0x7BFFu);
  CHECK_EQ(encode(kF16, 65520.0), 0x7C00u);  // tie, rounds to even = overflow
  CHECK_EQ(encode(kF16, -1e9), 0xFC00u);
  CHECK_EQ(encode(kF16, 1.0 + std::ldexp(1.0, -11)), 0x3C00u);      // tie to even
  CHECK_EQ(encode(kF16, 1.0 + 3 * std::ldexp(1.0, -11)), 0x3C02u);  // tie to even (up)
  CHECK_EQ(encode(kF16, std::ldexp(1.0, -25)), 0x0000u);            // tie to even (0)
  CHECK_EQ(encode(kF16, std::ldexp(1.5, -25)), 0x0001u);
  CHECK_EQ(encode(kF16, std::ldexp(1023.5, -24)), 0x0400u);  // subnormal rounds up to normal
  CHECK_EQ(encode(kF16, std::nan("")) & 0x7C00u, 0x7C00u);
  CHECK_TRUE(encode(kF16, std::nan("")) & 0x03FFu);
  CHECK_EQ(ulp(kF16, 1.0), std::ldexp(1.0, -10));
  CHECK_EQ(ulp(kF16, 1e-7), std::ldexp(1.0, -24));
}

static void test_bf16() {
  CHECK_EQ(decode(kBF16, 0x3F80), 1.0);
  CHECK_EQ(decode(kBF16, 0x4040), 3.0);
  CHECK_EQ(decode(kBF16, 0x7F7F), double(std::ldexp(255.0, 127 - 7)));
  CHECK_EQ(decode(kBF16, 0x0001), std::ldexp(1.0, -133));
  CHECK_TRUE(std::isinf(decode(kBF16, 0x7F80)));
  CHECK_TRUE(std::isnan(decode(kBF16, 0x7FC0)));
  CHECK_EQ(encode(kBF16, 1.0), 0x3F80u);
  CHECK_EQ(encode(kBF16, 1.0 + std::ldexp(1.0, -8)), 0x3F80u);      // tie to even
  CHECK_EQ(encode(kBF16, 1.0 + 3 * std::ldexp(1.0, -8)), 0x3F82u);  // tie to even (up)
  CHECK_EQ(encode(kBF16, 3.4e38), 0x7F80u);  // > max + half ulp: inf
  // bf16 is the top half of binary32: cross-check against the f32 bit pattern.
  CHECK_EQ(encode(kBF16, 3.140625), f32_bits(3.140625f) >> 16);
  CHECK_EQ(max_finite(kBF16), double(std::ldexp(255.0, 120)));
}

static void test_fp8() {
  CHECK_EQ(decode(kFP8, 0x38), 1.0);
  CHECK_EQ(decode(kFP8, 0x7E), 448.0);
  CHECK_EQ(decode(kFP8, 0xFE), -448.0);
  CHECK_EQ(decode(kFP8, 0x78), 256.0);  // exponent field 15 is a normal binade in "fn"
  CHECK_TRUE(std::isnan(decode(kFP8, 0x7F)));
  CHECK_TRUE(std::isnan(decode(kFP8, 0xFF)));
  CHECK_EQ(decode(kFP8, 0x01), std::ldexp(1.0, -9));
  CHECK_EQ(decode(kFP8, 0x08), std::ldexp(1.0, -6));
  CHECK_EQ(max_finite(kFP8), 448.0);
  CHECK_EQ(encode(kFP8, 448.0), 0x7Eu);
  CHECK_EQ(encode(kFP8, 464.0), 0x7Eu);         // tie between 448 and 480: even = 448
  CHECK_EQ(encode(kFP8, 470.0), 0x7Fu);         // rounds past max: NaN (non-saturating)
  CHECK_EQ(encode(kFP8, 470.0, true), 0x7Eu);   // saturating
  CHECK_EQ(encode(kFP8, -1000.0, true), 0xFEu);
  CHECK_EQ(encode(kFP8, 0.3125), 0x2Au);        // 1.25 * 2^-2: exp 5, man 2
  // every finite encoding round-trips
  for (uint32_t b = 0; b < 256; ++b)
    if (!std::isnan(decode(kFP8, b))) CHECK_EQ(encode(kFP8, decode(kFP8, b)), b);
}

static void test_bf8() {
  CHECK_EQ(decode(kBF8, 0x3C), 1.0);
  CHECK_EQ(decode(kBF8, 0x7B), 57344.0);
  CHECK_TRUE(std::isinf(decode(kBF8, 0x7C)));
  CHECK_TRUE(std::isnan(decode(kBF8, 0x7D)));
  CHECK_TRUE(std::isnan(decode(kBF8, 0xFF)));
  CHECK_EQ(decode(kBF8, 0x01), std::ldexp(1.0, -16));
  CHECK_EQ(max_finite(kBF8), 57344.0);
  CHECK_EQ(encode(kBF8, 61440.0), 0x7Cu);  // tie between 57344 and 65536: even = overflow
  CHECK_EQ(encode(kBF8, 61439.0), 0x7Bu);
  for (uint32_t b = 0; b < 256; ++b)
    if (!std::isnan(decode(kBF8, b))) CHECK_EQ(encode(kBF8, decode(kBF8, b)), b);
  for (uint32_t b = 0; b < 65536; b += 7)
    if (!std::isnan(decode(kF16, b))) CHECK_EQ(encode(kF16, decode(kF16, b)), b);
}

static void test_ints() {
  CHECK_EQ(int_value(0x80, 8, true), -128);
  CHECK_EQ(int_value(0x80, 8, false), 128);
  CHECK_EQ(int_value(0xF, 4, true), -1);
  CHECK_EQ(int_value(0xF, 4, false), 15);
  CHECK_EQ(int_value(0x7, 4, true), 7);
  CHECK_EQ(int_raw(-8, 4), 0x8u);
  CHECK_EQ(wrap_i32(int64_t(2147483647) + 1), int32_t(-2147483647 - 1));
  CHECK_EQ(saturate_i32(int64_t(2147483647) + 1), 2147483647);
  CHECK_EQ(saturate_i32(-int64_t(3000000000)), int32_t(-2147483647 - 1));
  CHECK_EQ(f32_bits(1.0f), 0x3F800000u);
  CHECK_EQ(ulp_f32(1.0), std::ldexp(1.0, -23));
}

static void test_matmul() {
  Matrix<double> A(2, 3), B(3, 2), C(2, 2);
  // A = [1 2 3; 4 5 6], B = [7 8; 9 10; 11 12], C = [1 -1; 0 0.5]
  double a[] = {1, 2, 3, 4, 5, 6}, b[] = {7, 8, 9, 10, 11, 12}, c[] = {1, -1, 0, 0.5};
  A.v.assign(a, a + 6);
  B.v.assign(b, b + 6);
  C.v.assign(c, c + 4);
  auto r = matmul_float(A, B, C);
  CHECK_EQ(r.value.at(0, 0), 59.0);    // 58 + 1
  CHECK_EQ(r.value.at(0, 1), 63.0);    // 64 - 1
  CHECK_EQ(r.value.at(1, 0), 139.0);
  CHECK_EQ(r.value.at(1, 1), 154.5);
  CHECK_EQ(r.magnitude.at(0, 1), 65.0);
  A.at(0, 0) = INFINITY;
  B.at(0, 1) = 0;
  r = matmul_float(A, B, C);
  CHECK_TRUE(std::isinf(r.value.at(0, 0)));
  CHECK_TRUE(std::isnan(r.value.at(0, 1)));  // inf * 0
  // keep mask: a masked-out term is absent (no 0 * inf = NaN).
  Matrix<uint8_t> keep(2, 3, 1);
  keep.at(0, 1) = 0;
  A.at(0, 1) = 0;
  B.at(1, 1) = INFINITY;
  r = matmul_float(A, B, C, &keep);
  CHECK_TRUE(std::isnan(r.value.at(0, 1)));  // still inf(A[0][0]) * 0(B[0][1])
  CHECK_EQ(r.value.at(1, 0), 139.0);
  CHECK_TRUE(std::isinf(r.value.at(1, 1)));  // row 1 keeps its inf term
  keep.at(0, 0) = 0;
  r = matmul_float(A, B, C, &keep);
  CHECK_EQ(r.value.at(0, 1), 3.0 * 12 - 1);  // only k = 2 remains
  Matrix<int64_t> IA(1, 2), IB(2, 1), IC(1, 1);
  IA.v = {-128, 127};
  IB.v = {255, -8};
  IC.v = {5};
  CHECK_EQ(matmul_int(IA, IB, IC).at(0, 0), int64_t(-128 * 255 - 127 * 8 + 5));
  Matrix<uint8_t> ikeep(1, 2, 1);
  ikeep.at(0, 0) = 0;
  CHECK_EQ(matmul_int(IA, IB, IC, &ikeep).at(0, 0), int64_t(-127 * 8 + 5));
}

static void test_fragments() {
  // Every documented layout is a bijection between matrix elements and
  // register fields, and matches the prose of seed 001.
  for (AB kind : {AB::B16, AB::B8, AB::B4x16, AB::B4x32}) {
    std::set<std::tuple<int, int, int>> seen;
    for (int i = 0; i < 16; ++i)
      for (int k = 0; k < ab_depth(kind); ++k) {
        Slot s = ab_slot(kind, i, k);
        CHECK_TRUE(s.lane >= 0 && s.lane < 32 && s.gpr >= 0 && s.gpr < ab_regs(kind));
        CHECK_TRUE(s.lane % 16 == i);
        seen.insert({s.lane, s.gpr, s.bit});
      }
    CHECK_EQ(int(seen.size()), 32 * ab_regs(kind) * (32 / ab_bits(kind)));
  }
  // Wave64 layouts are bijections too (lanes 0..63).
  for (AB kind : {AB::B16, AB::B8, AB::B4x16, AB::B4x32}) {
    std::set<std::tuple<int, int, int>> seen;
    for (int i = 0; i < 16; ++i)
      for (int k = 0; k < ab_depth(kind); ++k) {
        Slot s = ab_slot(kind, i, k, 64);
        CHECK_TRUE(s.lane >= 0 && s.lane < 64 && s.gpr >= 0 && s.gpr < ab_regs(kind, 64));
        CHECK_TRUE(s.lane % 16 == i);
        seen.insert({s.lane, s.gpr, s.bit});
      }
    CHECK_EQ(int(seen.size()), 16 * ab_depth(kind));
  }
  {
    std::set<std::tuple<int, int, int>> s32, s16;
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) {
        Slot a = cd32_slot(i, j, 64), b = cd16_slot(i, j, 64);
        CHECK_TRUE(a.lane < 64 && a.gpr < 4 && b.lane < 64 && b.gpr < 2);
        s32.insert({a.lane, a.gpr, a.bit});
        s16.insert({b.lane, b.gpr, b.bit});
      }
    CHECK_EQ(int(s32.size()), 256);
    CHECK_EQ(int(s16.size()), 256);
  }
  // docs/facts/layouts.md#wave64-layouts: wave64 16-bit A lane 32*((k/8)%2) + 16*((k/4)%2) + i.
  CHECK_EQ(ab_slot(AB::B16, 3, 12, 64).lane, 32 + 16 + 3);
  // seed 001 (docs/facts/starting-pages.md#seed-001): lane group 0 covers K {0-3, 8-11}; VGPR 2 of group 1 holds K {12, 13}.
  CHECK_EQ(ab_slot(AB::B16, 0, 3).lane, 0);
  CHECK_EQ(ab_slot(AB::B16, 0, 4).lane, 16);
  CHECK_EQ(ab_slot(AB::B16, 0, 9).lane, 0);
  CHECK_EQ(ab_slot(AB::B16, 5, 12).lane, 21);
  CHECK_EQ(ab_slot(AB::B16, 5, 12).gpr, 2);
  CHECK_EQ(ab_slot(AB::B16, 5, 13).bit, 16);
  // seed 001 accumulator: lane = (i/8)*16 + j, VGPR = i%8.
  CHECK_EQ(cd32_slot(9, 3).lane, 19);
  CHECK_EQ(cd32_slot(9, 3).gpr, 1);
  CHECK_EQ(cd16_slot(9, 3).gpr, 0);
  CHECK_EQ(cd16_slot(9, 3).bit, 16);
  // docs/facts/transpose.md#transpose-b128-prefetch-mapping: seed 000's element mapping for its addressing is the
  // 8x8-transpose model. Lane tx fetched row tx/4, columns (tx%4)*8 .. +7.
  for (int L = 0; L < 32; ++L)
    for (int e = 0; e < 8; ++e) {
      TrSource s = tr_b128_source(L, e);
      RowCol fetched{seed000_lane_address(s.lane).row, seed000_lane_address(s.lane).col + s.elem};
      RowCol seed = seed000_tr_element(L, e);
      CHECK_TRUE(fetched.row == seed.row && fetched.col == seed.col);
    }
  // B64 model is a permutation of the 32x8 fetched bytes.
  std::set<std::pair<int, int>> b64;
  for (int L = 0; L < 32; ++L)
    for (int f = 0; f < 8; ++f) b64.insert({tr_b64_source(L, f).lane, tr_b64_source(L, f).elem});
  CHECK_EQ(int(b64.size()), 256);
  // put/get round trip
  std::vector<uint32_t> regs(32 * 4, 0);
  put_field(regs, 4, ab_slot(AB::B16, 3, 5), 16, 0xBEEF);
  CHECK_EQ(get_field(regs, 4, ab_slot(AB::B16, 3, 5), 16), 0xBEEFu);
  CHECK_EQ(regs[19 * 4 + 0], 0xBEEF0000u);  // k=5: lane 16+3, VGPR 0, high half
}

int main() {
  test_f16();
  test_bf16();
  test_fp8();
  test_bf8();
  test_ints();
  test_matmul();
  test_fragments();
  if (g_fail) {
    std::printf("reference selftest: FAIL (%d of %d checks failed)\n", g_fail, g_checks);
    return 1;
  }
  std::printf("reference selftest: PASS (%d checks)\n", g_checks);
  return 0;
}
