// Host-side tests of <hip/hip_fp16.h>, <hip/hip_bf16.h> and <hip/hip_bfloat16.h> against
// a reference written independently of the headers' integer rounding code:
//  * decoding: sign * significand * 2^exponent with std::ldexp, straight from the field
//    layout (IEEE 754-2019 3.4: binary16 has 5 exponent / 10 fraction bits, bias 15;
//    bfloat16 is the upper half of binary32: 8 / 7, bias 127);
//  * encoding: a sorted table of every finite non-negative value of the format; a value is
//    placed between its two neighbours by binary search and the neighbour is chosen by the
//    rounding direction (IEEE 754-2019 4.3.1 / 4.3.2; overflow per 7.4: ties-to-even and
//    the directed mode away from zero go to infinity beyond the largest finite value);
//  * where the host compiler has _Float16 (GCC >= 12 / clang on x86-64), its conversions
//    as a second reference for round-to-nearest-even.
// Every f16 and bf16 encoding is decoded and re-encoded in every mode (65,536 each), and
// float -> f16/bf16 is checked for every mode on the ties, their float neighbours, every
// representable value's neighbours, subnormals, overflow thresholds, NaN and infinity, and
// a stride through all 2^32 float encodings.
#include <gtest/gtest.h>

#include <hip/hip_bf16.h>
#include <hip/hip_bfloat16.h>
#include <hip/hip_fp16.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

namespace {

typedef __float128 q128;  // GCC/clang on x86-64: 113-bit significand, exact for the fma tests

float f_of(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
uint32_t u_of(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

struct Format {
  int exp_bits, frac_bits, bias;
  uint16_t max_finite() const { return (uint16_t)((((1u << exp_bits) - 1u) << frac_bits) - 1u); }
  uint16_t inf() const { return (uint16_t)(((1u << exp_bits) - 1u) << frac_bits); }
  uint16_t sign() const { return (uint16_t)(1u << (exp_bits + frac_bits)); }
  bool is_nan(uint16_t h) const { return (h & (sign() - 1)) > inf(); }
  // Reference decoding (exact in double).
  double decode(uint16_t h) const {
    int e = (h >> frac_bits) & ((1 << exp_bits) - 1);
    int f = h & ((1 << frac_bits) - 1);
    double s = (h & sign()) ? -1.0 : 1.0;
    if (e == (1 << exp_bits) - 1)
      return f ? std::numeric_limits<double>::quiet_NaN() : s * HUGE_VAL;
    if (e == 0) return s * std::ldexp((double)f, 1 - bias - frac_bits);
    return s * std::ldexp((double)(f + (1 << frac_bits)), e - bias - frac_bits);
  }
};
const Format kF16{5, 10, 15};
const Format kBF16{8, 7, 127};

enum Mode { RN, RZ, RD, RU };

// Reference encoder: every finite non-negative value in increasing order (the encodings
// 0 .. max_finite are monotone in value).
struct Encoder {
  Format fmt;
  std::vector<q128> table;
  explicit Encoder(Format f) : fmt(f) {
    for (uint32_t h = 0; h <= fmt.max_finite(); ++h) table.push_back((q128)fmt.decode((uint16_t)h));
  }
  // Beyond the largest finite value the next "neighbour" is infinity; for the tie rule it
  // sits where the next binade would start (IEEE 754-2019 7.4).
  q128 above_max() const {
    return (q128)std::ldexp(1.0, (1 << fmt.exp_bits) - 2 - fmt.bias + 1);
  }
  uint16_t encode(q128 x, Mode m) const {
    bool neg = x < 0;
    q128 a = neg ? -x : x;
    uint16_t sgn = neg ? fmt.sign() : 0;
    size_t i = std::upper_bound(table.begin(), table.end(), a) - table.begin() - 1;  // table[i] <= a
    if (table[i] == a) return sgn | (uint16_t)i;
    q128 lo = table[i];
    q128 hi = i + 1 < table.size() ? table[i + 1] : above_max();
    uint16_t lo_e = (uint16_t)i, hi_e = (uint16_t)(i + 1);  // i + 1 == inf() past the top
    bool pick_hi;
    switch (m) {
      case RN: {
        q128 dl = a - lo, dh = hi - a;
        pick_hi = dh < dl || (dh == dl && (hi_e & 1) == 0);
        break;
      }
      case RZ: pick_hi = false; break;
      case RU: pick_hi = !neg; break;
      default: pick_hi = neg; break;
    }
    return sgn | (pick_hi ? hi_e : lo_e);
  }
};

const Encoder& enc16() {
  static Encoder e(kF16);
  return e;
}
const Encoder& encbf() {
  static Encoder e(kBF16);
  return e;
}

uint16_t ref_encode_float(const Encoder& E, float f, Mode m) {
  if (std::isnan(f)) return 0xffff;  // marker: any NaN accepted
  if (std::isinf(f)) return f < 0 ? (E.fmt.sign() | E.fmt.inf()) : E.fmt.inf();
  if (f == 0) return std::signbit(f) ? E.fmt.sign() : 0;
  return E.encode((q128)f, m);
}

uint16_t f16_mode(float f, Mode m) {
  switch (m) {
    case RN: return __half_as_ushort(__float2half(f));
    case RZ: return __half_as_ushort(__float2half_rz(f));
    case RD: return __half_as_ushort(__float2half_rd(f));
    default: return __half_as_ushort(__float2half_ru(f));
  }
}
uint16_t bf16_mode(float f, Mode m) {
  switch (m) {
    case RN: return __bfloat16_as_ushort(__float2bfloat16(f));
    case RZ: return __bfloat16_as_ushort(__float2bfloat16_rz(f));
    case RD: return __bfloat16_as_ushort(__float2bfloat16_rd(f));
    default: return __bfloat16_as_ushort(__float2bfloat16_ru(f));
  }
}

// The float inputs: every representable value of the format, the midpoints between
// neighbours (the ties), the float neighbours of both, specials, and a stride through
// all float encodings.
std::vector<float> dense_floats(const Format& fmt) {
  std::vector<float> v;
  auto push_around = [&](float x) {
    v.push_back(x);
    v.push_back(std::nextafter(x, HUGE_VALF));
    v.push_back(std::nextafter(x, -HUGE_VALF));
    v.push_back(-x);
  };
  for (uint32_t h = 0; h <= fmt.max_finite(); ++h) {
    double a = fmt.decode((uint16_t)h);
    double b = h < fmt.max_finite() ? fmt.decode((uint16_t)(h + 1)) : 2 * a - fmt.decode((uint16_t)(h - 1));
    push_around((float)a);
    float mid = (float)((a + b) / 2);  // exact in float for both formats (<= 12 bits)
    EXPECT_EQ((double)mid, (a + b) / 2);
    push_around(mid);
  }
  for (uint64_t u = 0; u < (1ull << 32); u += 65521) v.push_back(f_of((uint32_t)u));
  for (uint32_t u : {0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00001u, 0x7f800001u, 0x00000001u,
                     0x80000001u, 0x007fffffu, 0x00800000u, 0x7f7fffffu, 0xff7fffffu, 0x80000000u})
    v.push_back(f_of(u));
  return v;
}

// ---------------------------------------------------------------------------- f16
TEST(Fp16, EveryEncodingToFloatAndBack) {
  for (uint32_t h = 0; h < 65536; ++h) {
    __half x = __ushort_as_half((uint16_t)h);
    float f = __half2float(x);
    double r = kF16.decode((uint16_t)h);
    if (kF16.is_nan((uint16_t)h)) {
      ASSERT_TRUE(std::isnan(f)) << std::hex << h;
      ASSERT_TRUE(__hisnan(x));
      for (Mode m : {RN, RZ, RD, RU}) ASSERT_TRUE(kF16.is_nan(f16_mode(f, m))) << std::hex << h;
      continue;
    }
    ASSERT_EQ((double)f, r) << std::hex << h;
    ASSERT_EQ(std::signbit(f), (h & 0x8000) != 0) << std::hex << h;
    ASSERT_FALSE(__hisnan(x));
    ASSERT_EQ(__hisinf(x), std::isinf(r));
    for (Mode m : {RN, RZ, RD, RU}) ASSERT_EQ(f16_mode(f, m), h) << std::hex << h << " mode " << m;
    ASSERT_EQ(__half_as_ushort(__double2half(r)), h);
  }
}

#if defined(__FLT16_MANT_DIG__)
TEST(Fp16, AgreesWithHostFloat16) {
  for (uint32_t h = 0; h < 65536; ++h) {
    _Float16 n;
    uint16_t hh = (uint16_t)h;
    std::memcpy(&n, &hh, 2);
    float f = __half2float(__ushort_as_half(hh));
    if (std::isnan((float)n)) continue;
    ASSERT_EQ(u_of(f), u_of((float)n)) << std::hex << h;
  }
  for (float f : dense_floats(kF16)) {
    if (std::isnan(f)) continue;
    _Float16 n = (_Float16)f;
    uint16_t nb;
    std::memcpy(&nb, &n, 2);
    ASSERT_EQ(__half_as_ushort(__float2half(f)), nb) << f;
  }
}
#endif

TEST(Fp16, FloatToHalfEveryMode) {
  for (float f : dense_floats(kF16))
    for (Mode m : {RN, RZ, RD, RU}) {
      uint16_t want = ref_encode_float(enc16(), f, m), got = f16_mode(f, m);
      if (want == 0xffff) {
        ASSERT_TRUE(kF16.is_nan(got)) << f;
        continue;
      }
      ASSERT_EQ(got, want) << "f=" << f << " bits=" << std::hex << u_of(f) << " mode " << m;
    }
}

TEST(Fp16, KnownValues) {
  // Hand-derived: 65520 = 65504 + 16 is the tie between the largest finite (0x7bff) and
  // 2^16 (odd 0x7bff vs even 0x7c00): to nearest even gives infinity.
  EXPECT_EQ(__half_as_ushort(__float2half(65520.0f)), 0x7c00);
  EXPECT_EQ(__half_as_ushort(__float2half_rz(65520.0f)), 0x7bff);
  EXPECT_EQ(__half_as_ushort(__float2half_rd(1e9f)), 0x7bff);
  EXPECT_EQ(__half_as_ushort(__float2half_ru(-1e9f)), 0xfbff);
  // 2^-25 is half the smallest subnormal 2^-24: tie to even (0) under _rn, 1 ulp under _ru.
  EXPECT_EQ(__half_as_ushort(__float2half(0x1p-25f)), 0x0000);
  EXPECT_EQ(__half_as_ushort(__float2half_ru(0x1p-25f)), 0x0001);
  EXPECT_EQ(__half_as_ushort(__float2half(0x1.8p-24f)), 0x0002);  // 1.5 ulp -> 2 (even)
  EXPECT_EQ(__half_as_ushort(__float2half(-0x1p-30f)), 0x8000);   // -tiny -> -0
  EXPECT_EQ(__half_as_ushort(__float2half(1.0f)), 0x3c00);
  EXPECT_EQ(__half_as_ushort(__float2half(0.1f)), 0x2e66);  // 0.1 = 0x1.99999ap-4 -> 1.1001100110|0110.. -> down
  EXPECT_EQ(__half_as_ushort(__float2half_ru(0.1f)), 0x2e67);
}

TEST(Fp16, IntegerConversions) {
  const Encoder& E = enc16();
  for (long long v = -70000; v <= 70000; v += 7) {
    for (Mode m : {RN, RZ, RD, RU}) {
      uint16_t want = v == 0 ? 0 : E.encode((q128)v, m);
      uint16_t got = m == RN ? __half_as_ushort(__int2half_rn((int)v))
                     : m == RZ ? __half_as_ushort(__int2half_rz((int)v))
                     : m == RD ? __half_as_ushort(__int2half_rd((int)v))
                               : __half_as_ushort(__int2half_ru((int)v));
      ASSERT_EQ(got, want) << v << " mode " << m;
      if (v >= 0) {
        ASSERT_EQ(__half_as_ushort(__ull2half_rn((unsigned long long)v)), E.encode((q128)v, RN));
      }
    }
  }
  for (uint32_t h = 0; h < 65536; ++h) {
    __half x = __ushort_as_half((uint16_t)h);
    double d = kF16.decode((uint16_t)h);
    if (std::isnan(d)) {
      ASSERT_EQ(__half2int_rn(x), 0);
      continue;
    }
    // Reference: the C library's rounding functions on the exact value (f16 values are at
    // most 65504 in magnitude, within int's range; infinities saturate).
    auto clampi = [](double r) -> long long {
      if (r > 2147483647.0) return 2147483647;
      if (r < -2147483648.0) return -2147483648ll;
      return (long long)r;
    };
    ASSERT_EQ(__half2int_rn(x), clampi(std::nearbyint(d))) << std::hex << h;  // default FE_TONEAREST
    ASSERT_EQ(__half2int_rz(x), clampi(std::trunc(d))) << std::hex << h;
    ASSERT_EQ(__half2int_rd(x), clampi(std::floor(d))) << std::hex << h;
    ASSERT_EQ(__half2int_ru(x), clampi(std::ceil(d))) << std::hex << h;
    long long want_s = std::max(-32768.0, std::min(32767.0, std::trunc(d)));
    ASSERT_EQ(__half2short_rz(x), want_s) << std::hex << h;
    double want_u = std::max(0.0, std::min(4294967295.0, std::trunc(d)));
    ASSERT_EQ((double)__half2uint_rz(x), want_u) << std::hex << h;
  }
}

// Arithmetic: the exact result in binary128 (sums, products and fma of f16 values need at
// most ~60 significant bits) rounded by the reference encoder.
q128 q16(uint16_t h) { return (q128)kF16.decode(h); }
uint16_t ref16(q128 exact) {
  if (exact == 0) return 0;  // callers handle the signs of zero separately
  if (exact >= (q128)65536 * 2) return 0x7c00;
  if (exact <= -(q128)65536 * 2) return 0xfc00;
  return enc16().encode(exact, RN);
}
TEST(Fp16, ArithmeticCorrectlyRounded) {
  std::mt19937 rng(12345);
  auto rand_finite = [&]() {
    for (;;) {
      uint16_t h = (uint16_t)rng();
      if ((h & 0x7c00) != 0x7c00) return h;
    }
  };
  for (int i = 0; i < 400000; ++i) {
    uint16_t a = rand_finite(), b = rand_finite(), c = rand_finite();
    // Make many fma cases near a tie: c tiny relative to a*b.
    if (i % 4 == 0) c = (uint16_t)((c & 0x83ff) | (rng() % 3 << 10));
    __half A = __ushort_as_half(a), B = __ushort_as_half(b), C = __ushort_as_half(c);
    q128 s = q16(a) + q16(b), p = q16(a) * q16(b), f = p + q16(c);
    if (s != 0) {
      ASSERT_EQ(__half_as_ushort(__hadd(A, B)), ref16(s)) << std::hex << a << " " << b;
    }
    if (p != 0) {
      ASSERT_EQ(__half_as_ushort(__hmul(A, B)), ref16(p)) << std::hex << a << " " << b;
    }
    if (f != 0) {
      ASSERT_EQ(__half_as_ushort(__hfma(A, B, C)), ref16(f))
          << std::hex << a << " " << b << " " << c;
    }
    if (q16(b) - q16(a) != 0) {
      ASSERT_EQ(__half_as_ushort(__hsub(B, A)), ref16(q16(b) - q16(a)));
    }
  }
  // Hand-derived fma tie: 1 * (1 + 2^-10) = 0x3c01 exactly; adding +-2^-24 (0x0001) moves
  // it off no tie; (1 + 2^-11) is the tie between 0x3c00 and 0x3c01: with c = +tiny it
  // rounds up, with -tiny down; without c, ties-to-even gives 0x3c00.
  __half one_half_ulp = __float2half(1.0f + 0x1p-11f);  // itself rounds to 1.0 (tie, even)
  EXPECT_EQ(__half_as_ushort(one_half_ulp), 0x3c00);
  __half a = __float2half(1.0f + 0x1p-10f), b = __float2half(1.0f + 0x1p-10f);
  // (1 + 2^-10)^2 = 1 + 2^-9 + 2^-20: not a tie, nearest is 1 + 2^-9 (0x3c02).
  EXPECT_EQ(__half_as_ushort(__hfma(a, b, __ushort_as_half(0))), 0x3c02);
  // 0x3c01 * 0x3800 (0.5) = 0.5 + 2^-11 = exactly representable? 0.5's ulp is 2^-11: yes, 0x3801.
  EXPECT_EQ(__half_as_ushort(__hmul(__ushort_as_half(0x3c01), __ushort_as_half(0x3800))), 0x3801);
  // 1 + 2^-11 tie via fma: 0x3c00 * 0x3c00 + 2^-11 -> 0x3c00 (even); + (2^-11 + 2^-21) -> 0x3c01.
  EXPECT_EQ(__half_as_ushort(__hfma(__ushort_as_half(0x3c00), __ushort_as_half(0x3c00),
                                    __ushort_as_half(0x1000))), 0x3c00);
  EXPECT_EQ(__half_as_ushort(__hfma(__ushort_as_half(0x3c01), __ushort_as_half(0x0001),
                                    __ushort_as_half(0x3c00))), 0x3c00);  // 1 + ~2^-24
}

TEST(Fp16, ComparisonsAndMinMax) {
  __half nan = __ushort_as_half(0x7e00), one = __float2half(1.0f), two = __float2half(2.0f);
  __half pz = __ushort_as_half(0), nz = __ushort_as_half(0x8000);
  EXPECT_TRUE(__hlt(one, two));
  EXPECT_FALSE(__hlt(nan, two));
  EXPECT_TRUE(__hltu(nan, two));
  EXPECT_FALSE(__heq(nan, nan));
  EXPECT_TRUE(__hequ(nan, nan));
  EXPECT_TRUE(__heq(pz, nz));
  EXPECT_FALSE(__hne(one, nan));
  EXPECT_TRUE(__hneu(one, nan));
  EXPECT_EQ(__half_as_ushort(__hmax(one, nan)), 0x3c00);
  EXPECT_EQ(__half_as_ushort(__hmin(nan, two)), 0x4000);
  EXPECT_TRUE(__hisnan(__hmax_nan(one, nan)));
  EXPECT_EQ(__half_as_ushort(__hmax(nz, pz)), 0x0000);
  EXPECT_EQ(__half_as_ushort(__hmin(pz, nz)), 0x8000);
  __half2 r = __hlt2(__halves2half2(one, two), __halves2half2(two, one));
  EXPECT_EQ(__half_as_ushort(r.x), 0x3c00);
  EXPECT_EQ(__half_as_ushort(r.y), 0x0000);
  EXPECT_TRUE(__hbgt2(__halves2half2(two, two), __halves2half2(one, one)));
  EXPECT_FALSE(__hbgt2(__halves2half2(two, one), __halves2half2(one, one)));
  EXPECT_EQ(__half_as_ushort(__hadd_sat(two, one)), 0x3c00);
  EXPECT_EQ(__half_as_ushort(__hsub_sat(one, two)), 0x0000);
  EXPECT_EQ(__half_as_ushort(__hmul_sat(nan, one)), 0x0000);
  __half2 p = __hfma2(__halves2half2(one, two), __halves2half2(two, two), __half2half2(one));
  EXPECT_EQ(__low2float(p), 3.0f);
  EXPECT_EQ(__high2float(p), 5.0f);
}

// ---------------------------------------------------------------------------- bf16
TEST(Bf16, EveryEncodingToFloatAndBack) {
  for (uint32_t h = 0; h < 65536; ++h) {
    __hip_bfloat16 x = __ushort_as_bfloat16((uint16_t)h);
    float f = __bfloat162float(x);
    double r = kBF16.decode((uint16_t)h);
    hip_bfloat16 old;
    old.data = (uint16_t)h;
    if (kBF16.is_nan((uint16_t)h)) {
      ASSERT_TRUE(std::isnan(f));
      ASSERT_TRUE(std::isnan((float)old));
      for (Mode m : {RN, RZ, RD, RU}) ASSERT_TRUE(kBF16.is_nan(bf16_mode(f, m))) << std::hex << h;
      ASSERT_TRUE(kBF16.is_nan(hip_bfloat16(f).data));
      ASSERT_TRUE(kBF16.is_nan(hip_bfloat16(f, hip_bfloat16::truncate).data));
      continue;
    }
    ASSERT_EQ((double)f, r) << std::hex << h;
    ASSERT_EQ(std::signbit(f), (h & 0x8000) != 0);
    ASSERT_EQ((double)(float)old, r);
    for (Mode m : {RN, RZ, RD, RU}) ASSERT_EQ(bf16_mode(f, m), h) << std::hex << h << " mode " << m;
    ASSERT_EQ(hip_bfloat16(f).data, h);
    ASSERT_EQ(__bfloat16_as_ushort(__double2bfloat16(r)), h);
  }
}

TEST(Bf16, FloatToBf16EveryMode) {
  for (float f : dense_floats(kBF16))
    for (Mode m : {RN, RZ, RD, RU}) {
      uint16_t want = ref_encode_float(encbf(), f, m), got = bf16_mode(f, m);
      if (want == 0xffff) {
        ASSERT_TRUE(kBF16.is_nan(got)) << f;
        continue;
      }
      ASSERT_EQ(got, want) << "f=" << f << " bits=" << std::hex << u_of(f) << " mode " << m;
      if (m == RN) {
        ASSERT_EQ(hip_bfloat16(f).data, want);
      }
      if (m == RZ) {
        ASSERT_EQ(hip_bfloat16(f, hip_bfloat16::truncate).data, want);
      }
      if (m == RN) {
        ASSERT_EQ(hip_bfloat16::round_to_bfloat16(f).data, want);
      }
    }
}

TEST(Bf16, KnownValues) {
  // 1 + 2^-8 is the tie between 1.0 (0x3f80, even) and 1 + 2^-7 (0x3f81): to even.
  EXPECT_EQ(__bfloat16_as_ushort(__float2bfloat16(1.0f + 0x1p-8f)), 0x3f80);
  EXPECT_EQ(__bfloat16_as_ushort(__float2bfloat16(1.0f + 0x1p-7f + 0x1p-8f)), 0x3f82);
  EXPECT_EQ(__bfloat16_as_ushort(__float2bfloat16_ru(1.0f + 0x1p-23f)), 0x3f81);
  EXPECT_EQ(__bfloat16_as_ushort(__float2bfloat16_rd(-1.0f - 0x1p-23f)), 0xbf81);
  EXPECT_EQ(__bfloat16_as_ushort(__float2bfloat16(0x1.fffffep127f)), 0x7f80);  // FLT_MAX -> inf
  EXPECT_EQ(__bfloat16_as_ushort(__float2bfloat16_rz(0x1.fffffep127f)), 0x7f7f);
  EXPECT_EQ(__bfloat16_as_ushort(__float2bfloat16(0x1p-149f)), 0x0000);  // < half of 2^-133
  EXPECT_EQ(hip_bfloat16(3.0f, hip_bfloat16::truncate).data, 0x4040);
}

TEST(Bf16, ArithmeticAndIntegers) {
  std::mt19937 rng(777);
  const Encoder& E = encbf();
  for (int i = 0; i < 200000; ++i) {
    // Exponents within +-25 of 1.0 keep a*b+c exact in binary128.
    auto r = [&]() { return (uint16_t)(((rng() % 50 + 102) << 7) | (rng() & 0x7f) | (rng() & 0x8000)); };
    uint16_t a = r(), b = r(), c = r();
    __hip_bfloat16 A = __ushort_as_bfloat16(a), B = __ushort_as_bfloat16(b), C = __ushort_as_bfloat16(c);
    q128 qa = (q128)kBF16.decode(a), qb = (q128)kBF16.decode(b), qc = (q128)kBF16.decode(c);
    if (qa + qb != 0) {
      ASSERT_EQ(__bfloat16_as_ushort(__hadd(A, B)), E.encode(qa + qb, RN));
    }
    ASSERT_EQ(__bfloat16_as_ushort(__hmul(A, B)), E.encode(qa * qb, RN));
    if (qa * qb + qc != 0) {
      ASSERT_EQ(__bfloat16_as_ushort(__hfma(A, B, C)), E.encode(qa * qb + qc, RN))
          << std::hex << a << " " << b << " " << c;
    }
    hip_bfloat16 oa, ob;
    oa.data = a;
    ob.data = b;
    if (qa + qb != 0) {
      ASSERT_EQ((oa + ob).data, E.encode(qa + qb, RN));
    }
    ASSERT_EQ((oa * ob).data, E.encode(qa * qb, RN));
  }
  for (long long v = -300000; v <= 300000; v += 13) {
    if (v == 0) continue;
    ASSERT_EQ(__bfloat16_as_ushort(__int2bfloat16_rn((int)v)), E.encode((q128)v, RN)) << v;
    ASSERT_EQ(__bfloat16_as_ushort(__int2bfloat16_rz((int)v)), E.encode((q128)v, RZ)) << v;
    ASSERT_EQ(__bfloat16_as_ushort(__int2bfloat16_rd((int)v)), E.encode((q128)v, RD)) << v;
    ASSERT_EQ(__bfloat16_as_ushort(__int2bfloat16_ru((int)v)), E.encode((q128)v, RU)) << v;
  }
  for (uint32_t h = 0; h < 65536; ++h) {
    double d = kBF16.decode((uint16_t)h);
    if (std::isnan(d)) continue;
    __hip_bfloat16 x = __ushort_as_bfloat16((uint16_t)h);
    double lim = std::max(-2147483648.0, std::min(2147483647.0, std::floor(d)));
    ASSERT_EQ((double)__bfloat162int_rd(x), lim) << std::hex << h;
    double ll = std::max(-9223372036854775808.0, std::min(9223372036854775807.0, std::ceil(d)));
    if (std::fabs(d) < 0x1p62) {
      ASSERT_EQ((double)__bfloat162ll_ru(x), ll) << std::hex << h;
    }
  }
  __hip_bfloat16 nan = __ushort_as_bfloat16(0x7fc0), one = 1.0f;
  EXPECT_FALSE(__heq(nan, nan));
  EXPECT_TRUE(__hneu(nan, one));
  EXPECT_EQ(__bfloat16_as_ushort(__hmax(nan, one)), 0x3f80);
  EXPECT_EQ(__bfloat162int_rn(nan), 0);
}

TEST(VectorTypes, LayoutAndOps) {
  static_assert(sizeof(float2) == 8 && alignof(float2) == 8, "float2");
  static_assert(sizeof(float4) == 16 && alignof(float4) == 16, "float4");
  static_assert(sizeof(float3) == 12 && alignof(float3) == 4, "float3");
  static_assert(sizeof(__half2) == 4 && alignof(__half2) == 4, "__half2");
  static_assert(sizeof(__half) == 2 && sizeof(__hip_bfloat16) == 2, "16-bit types");
  static_assert(sizeof(__hip_bfloat162) == 4 && sizeof(hip_bfloat16) == 2, "bf16 types");
  float4 a = make_float4(1, 2, 3, 4), b = make_float4(4, 3, 2, 1);
  a += b;
  EXPECT_EQ(a, make_float4(5, 5, 5, 5));
  int2 i = make_int2(7, -1) * make_int2(2, 3);
  EXPECT_EQ(i.x, 14);
  EXPECT_EQ(i.y, -3);
}

}  // namespace
