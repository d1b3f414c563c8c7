// Raw operand generators shared by the wave32 dense fast-path tests
// (dense_wave32_test.cpp, dense_wave32_avx2_test.cpp): special encodings of each
// element type, accepted modifier combinations, a census of result classes.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "compute.h"
#include "variants.h"

namespace wmma_test {

using namespace rdna4emu::wmma;

// Raw element generators: special encodings of each type half of the time,
// otherwise random bits or a value near 1 (cancellation and rounding cases).
struct Gen {
  std::mt19937 rng;
  explicit Gen(uint32_t seed) : rng(seed) {}
  uint32_t bits(int n) { return n == 32 ? rng() : rng() & ((1u << n) - 1); }
  bool coin(int percent) { return static_cast<int>(rng() % 100) < percent; }
  template <size_t N>
  uint32_t pick(const uint32_t (&list)[N]) { return list[rng() % N]; }

  int special_percent = 50;  // per trial: how many elements are special encodings
  int zero_percent = 0;      // per trial: how many elements are +0 / -0
  uint32_t elem(Type t) {
    if (coin(zero_percent)) return (rng() & 1) ? (t == Type::FP8 || t == Type::BF8 ? 0x80u : 0x8000u) & ((1u << type_bits(t)) - 1) : 0u;
    static const uint32_t f16[] = {0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x7c01, 0xfe00, 0x7fff,
                                   0x0001, 0x8001, 0x03ff, 0x83ff, 0x0400, 0x7bff, 0xfbff, 0x3c00,
                                   0xbc00, 0x3c01, 0x1400, 0x9400};
    static const uint32_t bf16[] = {0x0000, 0x8000, 0x7f80, 0xff80, 0x7fc0, 0x7f81, 0xffc0, 0x7fff,
                                    0x0001, 0x8001, 0x007f, 0x0080, 0x7f7f, 0xff7f, 0x3f80, 0xbf80,
                                    0x3f81, 0x2780, 0x5780, 0xd780};
    static const uint32_t fp8[] = {0x00, 0x80, 0x7f, 0xff, 0x7e, 0xfe, 0x01, 0x81,
                                   0x07, 0x08, 0x38, 0xb8, 0x39, 0x77};
    static const uint32_t bf8[] = {0x00, 0x80, 0x7c, 0xfc, 0x7d, 0x7e, 0x7f, 0xff,
                                   0x7b, 0xfb, 0x01, 0x81, 0x03, 0x04, 0x3c, 0xbc};
    static const uint32_t iu8[] = {0x00, 0x7f, 0x80, 0x81, 0xff, 0x01};
    static const uint32_t iu4[] = {0x0, 0x7, 0x8, 0x9, 0xf, 0x1};
    const bool special = coin(special_percent);
    switch (t) {
      case Type::F16:
        if (special) return pick(f16);
        // Near 1 with random sign and low bits, or any bits.
        return coin(50) ? ((rng() & 1) << 15) | (0x3800 + (rng() % 0x800)) : bits(16);
      case Type::BF16:
        if (special) return pick(bf16);
        return coin(50) ? ((rng() & 1) << 15) | (0x3f00 + (rng() % 0x100)) : bits(16);
      case Type::FP8: return special ? pick(fp8) : bits(8);
      case Type::BF8: return special ? pick(bf8) : bits(8);
      case Type::IU8: return special ? pick(iu8) : bits(8);
      case Type::IU4: return special ? pick(iu4) : bits(4);
      default: return bits(32);
    }
  }

  uint32_t acc_word(Type t) {
    static const uint32_t f32[] = {0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000,
                                   0x7f800001, 0xffc00000, 0x00000001, 0x80000001, 0x00800000,
                                   0x7f7fffff, 0xff7fffff, 0x3f800000, 0xbf800000, 0x4b800000};
    static const uint32_t i32[] = {0x7fffffff, 0x80000000, 0x7fff0000, 0x80010000, 0xffffffff, 0};
    switch (t) {
      case Type::F32: return coin(50) ? pick(f32) : bits(32);
      case Type::I32: return coin(50) ? pick(i32) : bits(32);
      default: return elem(t) | elem(t) << 16;  // packed f16 / bf16
    }
  }
};

inline std::vector<uint32_t> operand(Gen& gen, Type t, int regs, size_t stride) {
  std::vector<uint32_t> r(regs * stride);
  const int bits = type_bits(t);
  for (uint32_t& w : r) {
    w = 0;
    for (int s = 0; s < 32 / bits; ++s) w |= gen.elem(t) << (s * bits);
  }
  return r;
}

// Every modifier combination check_mods() accepts for a dense variant in wave32.
inline std::vector<Mods> accepted_mods(const VariantInfo& vi) {
  std::vector<Mods> out;
  for (int lo = 0; lo < 8; ++lo)
    for (int hi = 0; hi < 8; ++hi)
      for (int clamp = 0; clamp < 2; ++clamp) {
        Mods m;
        m.neg_lo = static_cast<uint8_t>(lo);
        m.neg_hi = static_cast<uint8_t>(hi);
        m.clamp = clamp;
        m.op_sel_hi = 7;  // ignored, as llvm-mc encodes it
        if (detail::check_mods(vi, m, 32, nullptr)) out.push_back(m);
      }
  return out;
}

struct Census {
  long words = 0, nan = 0, inf = 0, zero = 0, finite = 0;
  void add(Type acc, uint32_t w) {
    ++words;
    if (acc == Type::I32) return;
    const int n = acc == Type::F32 ? 1 : 2;
    for (int s = 0; s < n; ++s) {
      const uint32_t x = n == 1 ? w : (w >> (16 * s)) & 0xffff;
      const uint32_t expo = acc == Type::F32 ? 0x7f800000u : acc == Type::F16 ? 0x7c00u : 0x7f80u;
      const uint32_t mag = x & (acc == Type::F32 ? 0x7fffffffu : 0x7fffu);
      if ((x & expo) == expo) (mag == expo ? inf : nan)++;
      else (mag == 0 ? zero : finite)++;
    }
  }
};

}  // namespace wmma_test
