// Wave32 dense WMMA fast path (see dense_wave32.h). One template per row of
// variants.def; the arithmetic is that of compute.cpp's multiply_accumulate:
// MODEL(float_accumulation) sum in binary64, ascending k, C last, one rounding;
// MODEL(int_clamp) exact int64 sum, saturated or wrapped.
#include "dense_wave32.h"

#include <array>
#include <cstring>
#include <limits>

#include "compute.h"
#include "formats.h"

namespace rdna4emu::wmma::detail {
namespace {

constexpr int bits_of(Type t) {
  return t == Type::F16 || t == Type::BF16 ? 16 : t == Type::IU4 ? 4 : t == Type::F32 || t == Type::I32 ? 32 : 8;
}
constexpr bool is_int(Type t) { return t == Type::IU8 || t == Type::IU4 || t == Type::I32; }

// Exact decode of a raw float element: bf16 is the top half of a binary32,
// the other formats go through their decode table (compute.cpp's Decoder).
template <Type T>
inline double decode(uint32_t raw, const float* table) {
  if constexpr (T == Type::BF16) {
    const uint32_t u = raw << 16;
    float f;
    std::memcpy(&f, &u, 4);
    return f;
  } else {
    return table[raw];
  }
}

// A (ROWMAJOR: dst[row * K + k]) or B (dst[k * 16 + row]) of a float variant.
// `flip` applies neg_lo / neg_hi to the raw words (16-bit types only).
template <Type T, int K, bool ROWMAJOR>
inline void gather_float32(const uint32_t* regs, size_t stride, const float* table, uint32_t flip,
                           double* dst) {
  constexpr int BITS = bits_of(T), NG = K * BITS / 64, NS = 32 / BITS;
  constexpr uint32_t mask = (1u << BITS) - 1;
  for (int g = 0; g < NG; ++g)
    for (int h = 0; h < 2; ++h)
      for (int row = 0; row < 16; ++row) {
        const uint32_t w = regs[static_cast<size_t>(g) * stride + 16 * h + row] ^ flip;
        for (int s = 0; s < NS; ++s) {
          const int k = dense32_k(BITS, K, g, h, s);
          dst[ROWMAJOR ? row * K + k : k * 16 + row] = decode<T>((w >> (s * BITS)) & mask, table);
        }
      }
}

// A or B of an integer variant, sign- or zero-extended (SIGNED from NEG[0]/[1]).
template <int BITS, int K, bool ROWMAJOR, bool SIGNED>
inline void gather_int32(const uint32_t* regs, size_t stride, int16_t* dst) {
  constexpr int NG = K * BITS / 64, NS = 32 / BITS;
  for (int g = 0; g < NG; ++g)
    for (int h = 0; h < 2; ++h)
      for (int row = 0; row < 16; ++row) {
        const uint32_t w = regs[static_cast<size_t>(g) * stride + 16 * h + row];
        for (int s = 0; s < NS; ++s) {
          const int k = dense32_k(BITS, K, g, h, s);
          const uint32_t top = w << (32 - BITS - s * BITS);
          dst[ROWMAJOR ? row * K + k : k * 16 + row] = static_cast<int16_t>(
              SIGNED ? static_cast<int32_t>(top) >> (32 - BITS) : static_cast<int32_t>(top >> (32 - BITS)));
        }
      }
}

template <int BITS, int K, bool ROWMAJOR>
inline void gather_int32(const uint32_t* regs, size_t stride, bool is_signed, int16_t* dst) {
  is_signed ? gather_int32<BITS, K, ROWMAJOR, true>(regs, stride, dst)
            : gather_int32<BITS, K, ROWMAJOR, false>(regs, stride, dst);
}

// D from out[i * 16 + j] (raw results, 32 or 16 bits).
template <int ACC_BITS>
inline void scatter32(const uint32_t* out, uint32_t* d, size_t stride) {
  for (int g = 0; g < (ACC_BITS == 32 ? 8 : 4); ++g)
    for (int h = 0; h < 2; ++h)
      for (int j = 0; j < 16; ++j) {
        const int i0 = acc32_i(ACC_BITS, g, h, 0), i1 = acc32_i(ACC_BITS, g, h, 1);
        d[static_cast<size_t>(g) * stride + 16 * h + j] =
            ACC_BITS == 32 ? out[i0 * 16 + j] : out[i0 * 16 + j] | out[i1 * 16 + j] << 16;
      }
}

template <Type TA, Type TB, Type TACC, int K>
void run_float(const Mods& m, const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* d,
               size_t stride) {
  static_assert(K == 16, "float WMMA has K = 16");
  double fa[16 * 16], fb[16 * 16], fc[16 * 16];
  static const float* const ta = decoder(TA).table;  // built on first use
  static const float* const tb = decoder(TB).table;
  // neg_lo / neg_hi negate the low / high 16-bit element of each A/B word
  // (check_mods() has rejected them on 8-bit types), as gather_float.
  auto flip = [&](int src) {
    return ((m.neg_lo >> src) & 1 ? 0x8000u : 0u) | ((m.neg_hi >> src) & 1 ? 0x80000000u : 0u);
  };
  gather_float32<TA, K, true>(a, stride, ta, bits_of(TA) == 16 ? flip(0) : 0u, fa);
  gather_float32<TB, K, false>(b, stride, tb, bits_of(TB) == 16 ? flip(1) : 0u, fb);

  // C, MODEL(c_modifiers) as read_c: |C| (NEG_HI[2]) then -C (NEG[2]).
  constexpr int CB = bits_of(TACC);
  constexpr uint32_t sign = CB == 32 ? 0x80000000u : 0x80008000u;
  const uint32_t clear = (m.neg_hi & 4) ? sign : 0u, cflip = (m.neg_lo & 4) ? sign : 0u;
  static const float* const tc = decoder(TACC).table;
  for (int g = 0; g < (CB == 32 ? 8 : 4); ++g)
    for (int h = 0; h < 2; ++h)
      for (int j = 0; j < 16; ++j) {
        const uint32_t raw = (c[static_cast<size_t>(g) * stride + 16 * h + j] & ~clear) ^ cflip;
        if constexpr (CB == 32) {
          float f;
          std::memcpy(&f, &raw, 4);
          fc[acc32_i(32, g, h, 0) * 16 + j] = f;
        } else {
          fc[acc32_i(16, g, h, 0) * 16 + j] = decode<TACC>(raw & 0xffff, tc);
          fc[acc32_i(16, g, h, 1) * 16 + j] = decode<TACC>(raw >> 16, tc);
        }
      }

  // Rows of D in two-double vectors (GCC/Clang vector extension: element-wise
  // IEEE operations, the same roundings as the scalar code).
  typedef double v2d __attribute__((vector_size(16)));
  v2d bv[16][8];
  std::memcpy(bv, fb, sizeof bv);
  uint32_t out[16 * 16];
  for (int i = 0; i < 16; ++i) {
    // The generic path starts from -0 and adds the k = 0 product first;
    // -0 + x == x for every x (and NaN stays NaN), so start from that product.
    v2d acc[8];
    const v2d a0 = {fa[i * 16], fa[i * 16]};
    for (int q = 0; q < 8; ++q) acc[q] = a0 * bv[0][q];
    for (int k = 1; k < 16; ++k) {
      const v2d ak = {fa[i * 16 + k], fa[i * 16 + k]};
      for (int q = 0; q < 8; ++q) acc[q] += ak * bv[k][q];
    }
    for (int j = 0; j < 16; ++j) {
      const double s = acc[j / 2][j % 2] + fc[i * 16 + j];
      out[i * 16 + j] = TACC == Type::F32   ? fmt::round_to_f32(s)
                        : TACC == Type::F16 ? fmt::round_ieee<5, 10>(s, fmt::kF16QNaN)
                                            : fmt::round_ieee<8, 7>(s, fmt::kBF16QNaN);
    }
  }
  scatter32<CB>(out, d, stride);
}

template <Type TA, int K>
void run_int(const Mods& m, const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* d,
             size_t stride) {
  constexpr int BITS = bits_of(TA);
  // Elements in int16 (-128..255), products and sums in int32 (|a*b| <= 255 * 255,
  // K <= 32 products): exact, so the summation order is free.
  int16_t ia[16 * K], ib[K * 16];
  gather_int32<BITS, K, true>(a, stride, m.neg_lo & 1, ia);
  gather_int32<BITS, K, false>(b, stride, m.neg_lo & 2, ib);
  int32_t ic[16 * 16];
  for (int g = 0; g < 8; ++g)
    for (int h = 0; h < 2; ++h)
      for (int j = 0; j < 16; ++j)
        ic[acc32_i(32, g, h, 0) * 16 + j] = static_cast<int32_t>(c[static_cast<size_t>(g) * stride + 16 * h + j]);
  uint32_t out[16 * 16];
  for (int i = 0; i < 16; ++i) {
    int32_t acc[16] = {};
    for (int k = 0; k < K; ++k) {
      const int32_t ak = ia[i * K + k];
      const int16_t* brow = &ib[k * 16];
      for (int j = 0; j < 16; ++j) acc[j] += ak * brow[j];
    }
    for (int j = 0; j < 16; ++j) {
      int64_t s = int64_t{acc[j]} + ic[i * 16 + j];
      if (m.clamp) {
        if (s > std::numeric_limits<int32_t>::max()) s = std::numeric_limits<int32_t>::max();
        if (s < std::numeric_limits<int32_t>::min()) s = std::numeric_limits<int32_t>::min();
      }
      out[i * 16 + j] = static_cast<uint32_t>(static_cast<uint64_t>(s));
    }
  }
  scatter32<32>(out, d, stride);
}

template <Type TA, Type TB, Type TACC, int K>
void run(const Mods& m, const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* d,
         size_t stride) {
  if constexpr (is_int(TA)) {
    static_assert(TA == TB && TACC == Type::I32);
    run_int<TA, K>(m, a, b, c, d, stride);
  } else {
    static_assert(bits_of(TA) == bits_of(TB));
    run_float<TA, TB, TACC, K>(m, a, b, c, d, stride);
  }
}

}  // namespace

Wave32Fn dense_wave32_portable_fn(Dense v) {
  switch (v) {
#define RDNA4_DENSE(name, mnem, ta, tb, tacc, K, ...) \
  case Dense::name: return &run<Type::ta, Type::tb, Type::tacc, K>;
#include "variants.def"
  }
  return nullptr;
}

bool dense_wave32_portable(Dense v, const Mods& m, const uint32_t* a, const uint32_t* b,
                           const uint32_t* c, uint32_t* d, size_t stride) {
  const Wave32Fn fn = dense_wave32_portable_fn(v);
  if (!fn) return false;
  fn(m, a, b, c, d, stride);
  return true;
}

Wave32Fn dense_wave32_fn(Dense v) {
  // One table per process: the selected ISA's implementation where it covers
  // the variant (RDNA4EMU_WMMA_ISA, read once), else the portable one.
  static const std::array<Wave32Fn, kDenseCount> fns = [] {
    const bool avx2 = selected_isa() == Isa::Avx2;
    std::array<Wave32Fn, kDenseCount> t{};
    for (int i = 0; i < kDenseCount; ++i) {
      const Dense dv = static_cast<Dense>(i);
      t[i] = avx2 ? dense_wave32_avx2_fn(dv) : nullptr;
      if (!t[i]) t[i] = dense_wave32_portable_fn(dv);
    }
    return t;
  }();
  return fns[static_cast<int>(v)];
}

void dense_wave32(Dense v, const Mods& m, const uint32_t* a, const uint32_t* b, const uint32_t* c,
                  uint32_t* d, size_t stride) {
  dense_wave32_fn(v)(m, a, b, c, d, stride);  // dense() has checked v
}

}  // namespace rdna4emu::wmma::detail
