// Wave32 dense WMMA with AVX2 + FMA + F16C (see dense_wave32.h; chosen at run
// time by dense_wave32_isa.cpp). Bit-identical to the portable dense_wave32.cpp,
// which is the same model written without intrinsics:
// MODEL(float_accumulation) binary64 sum in ascending k starting with the k = 0
// product, C added last, one rounding; NaN results canonical.
//
// Why the vector operations give the same bits:
// * Decoding is exact: F16C's vcvtph2ps converts every f16 (denormals, inf) exactly
//   and keeps NaN a NaN; bf16 is the top half of a binary32; fp8/bf8 use the same
//   decode tables as the portable path (gathered). binary32 -> binary64 is exact.
// * Every product of two decoded elements is exact in binary64 (<= 22 significant
//   bits, exponents far from binary64's limits), so fma(a, b, acc) == acc + a * b
//   bit for bit; 4 lanes hold 4 columns j of D, so each element keeps its own
//   ascending-k order.
// * Rounding: f32 by vcvtpd2ps (round to nearest even under the default MXCSR, as
//   the portable static_cast<float>); f16 by rounding to odd at 24 bits (integer
//   sticky bit) then vcvtpd2ps (exact) and vcvtps2ph with explicit nearest-even:
//   round-to-odd at >= p + 2 bits followed by round-to-nearest at p bits is the
//   correctly rounded result; bf16 by adding and subtracting 1.5 * 2^(52 + q)
//   (q the exponent of the result's last bit, from the element's exponent), which
//   rounds to nearest even at 2^q, then vcvtpd2ps (exact). NaN: f32 results that
//   are NaN (a NaN sum converts to a NaN, a finite or infinite one never does) are
//   replaced by the canonical one after the row loop, which only records whether
//   any occurred; for f16 / bf16, NaN sums are replaced by the binary64 quiet NaN
//   first, which the conversions turn into the canonical f16 / bf16 quiet NaN.
// * Order of reads and writes: A and B are decoded before D is written; an f32 C
//   is read row by row just before the same row of D is written, so it is first
//   copied when it overlaps D other than exactly (and when it has modifiers).
//   The modifiers are applied to copies of the raw words, never on the hot path.
// * Integer variants: int16 elements, vpmaddwd pairs (exact in int32), wrapping
//   int32 sums (exact: |sum of products| < 2^22), C added with int32 saturation
//   when clamping (MODEL(int_clamp)).
#include "dense_wave32.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))

#include <immintrin.h>

#include "compute.h"
#include "formats.h"

#define RDNA4_AVX2 __attribute__((target("avx2,fma,f16c")))
#define RDNA4_AVX2_INLINE __attribute__((target("avx2,fma,f16c"), always_inline)) inline

namespace rdna4emu::wmma::detail {
namespace {

constexpr int bits_of(Type t) {
  return t == Type::F16 || t == Type::BF16 ? 16 : t == Type::IU4 ? 4 : t == Type::F32 || t == Type::I32 ? 32 : 8;
}

// Operands are first decoded into "planes": sub-field s of register g in lane L
// goes to plane[(g * NS + s) * 32 + L] (NS = 32 / bits), so one k of B is 16
// consecutive doubles (its 16 columns j), and A[row][k] is one double to broadcast.
// plane_k(bits, k): plane index of A[0][k] and of B[k][0] (add row / j). The
// inverse of dense32_k (K = 16), checked below.
constexpr int plane_k(int bits, int k) {
  return bits == 16 ? ((2 * (k / 8) + (k / 2) % 2) * 2 + k % 2) * 32 + 16 * ((k / 4) % 2)
                    : (((k / 4) % 2) * 4 + k % 4) * 32 + 16 * (k / 8);
}
constexpr bool plane_k_inverts_dense32_k(int bits) {
  const int ns = 32 / bits;
  for (int g = 0; g < 16 * bits / 64; ++g)
    for (int h = 0; h < 2; ++h)
      for (int s = 0; s < ns; ++s)
        if (plane_k(bits, dense32_k(bits, 16, g, h, s)) != (g * ns + s) * 32 + 16 * h) return false;
  return true;
}
static_assert(plane_k_inverts_dense32_k(16) && plane_k_inverts_dense32_k(8));

// Plane index of C/D[i][0] (add j): the inverse of acc32_i.
constexpr int plane_acc(int acc_bits, int i) {
  return acc_bits == 32 ? (i % 8) * 32 + 16 * (i / 8) : (((i / 2) % 4) * 2 + i % 2) * 32 + 16 * (i / 8);
}
constexpr bool plane_acc_inverts_acc32_i(int acc_bits) {
  const int ns = 32 / acc_bits;
  for (int g = 0; g < 8 / ns; ++g)
    for (int h = 0; h < 2; ++h)
      for (int s = 0; s < ns; ++s)
        if (plane_acc(acc_bits, acc32_i(acc_bits, g, h, s)) != (g * ns + s) * 32 + 16 * h) return false;
  return true;
}
static_assert(plane_acc_inverts_acc32_i(32) && plane_acc_inverts_acc32_i(16));

RDNA4_AVX2_INLINE void store8(double* p, __m256 f) {
  _mm256_store_pd(p, _mm256_cvtps_pd(_mm256_castps256_ps128(f)));
  _mm256_store_pd(p + 4, _mm256_cvtps_pd(_mm256_extractf128_ps(f, 1)));
}

// NG registers with the NEG modifiers applied to every word (bits `clear`
// cleared, then bits `flip` flipped), copied to tmp with stride 32. Only with
// modifiers (rare): the hot path reads the registers themselves.
template <int NG>
RDNA4_AVX2_INLINE const uint32_t* modified(const uint32_t* regs, size_t stride, uint32_t clear, uint32_t flip,
                                           uint32_t* tmp) {
  const __m256i vclear = _mm256_set1_epi32(static_cast<int>(clear));
  const __m256i vflip = _mm256_set1_epi32(static_cast<int>(flip));
  for (int g = 0; g < NG; ++g)
    for (int c = 0; c < 4; ++c) {
      const __m256i w = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(regs + g * stride + 8 * c));
      _mm256_store_si256(reinterpret_cast<__m256i*>(tmp + g * 32 + 8 * c),
                         _mm256_xor_si256(_mm256_andnot_si256(vclear, w), vflip));
    }
  return tmp;
}

// Decodes NG registers of element type T into planes (doubles).
template <Type T, int NG>
RDNA4_AVX2_INLINE void decode_planes(const uint32_t* regs, size_t stride, double* out) {
  constexpr int NS = 32 / bits_of(T);
  const float* table = nullptr;
  if constexpr (T == Type::FP8 || T == Type::BF8) {
    static const float* const t = decoder(T).table;  // the portable path's tables
    table = t;
  }
  for (int g = 0; g < NG; ++g) {
    const uint32_t* r = regs + g * stride;
    double* o = out + g * NS * 32;
    if constexpr (T == Type::F16) {
      // 4 words = 8 halves (lo0 hi0 lo1 hi1 ...) -> 8 floats, permuted to
      // lo0..lo3 | hi0..hi3: the low halves go to plane 2g, the high to 2g + 1.
      const __m256i split = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
      for (int c = 0; c < 8; ++c) {
        const __m256 f = _mm256_permutevar8x32_ps(
            _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(r + 4 * c))), split);
        _mm256_store_pd(o + 4 * c, _mm256_cvtps_pd(_mm256_castps256_ps128(f)));
        _mm256_store_pd(o + 32 + 4 * c, _mm256_cvtps_pd(_mm256_extractf128_ps(f, 1)));
      }
    } else {
      for (int c = 0; c < 4; ++c) {
        const uint32_t* rc = r + 8 * c;
        double* oc = o + 8 * c;
        if constexpr (T == Type::F32) {
          _mm256_store_pd(oc, _mm256_cvtps_pd(_mm_loadu_ps(reinterpret_cast<const float*>(rc))));
          _mm256_store_pd(oc + 4, _mm256_cvtps_pd(_mm_loadu_ps(reinterpret_cast<const float*>(rc + 4))));
        } else if constexpr (T == Type::BF16) {
          const __m256i w = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(rc));
          store8(oc, _mm256_castsi256_ps(_mm256_slli_epi32(w, 16)));
          store8(oc + 32, _mm256_castsi256_ps(_mm256_and_si256(w, _mm256_set1_epi32(static_cast<int>(0xffff0000u)))));
        } else {
          static_assert(T == Type::FP8 || T == Type::BF8);
          const __m256i w = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(rc));
          for (int s = 0; s < 4; ++s) {
            const __m256i idx = _mm256_and_si256(_mm256_srli_epi32(w, 8 * s), _mm256_set1_epi32(0xff));
            store8(oc + 32 * s, _mm256_i32gather_ps(table, idx, 4));
          }
        }
      }
    }
  }
}

// The A operand, only ever broadcast, so any order will do. f16: the halves in
// register order, element s of lane L of register g at (g * 32 + L) * 2 + s
// (8 halves per vcvtph2ps, no shuffle); other types: planes.
template <Type T>
constexpr int a_row_step() {  // doubles from A[i][k] to A[i + 1][k]
  return T == Type::F16 ? 2 : 1;
}
template <Type T>
constexpr int a_index(int k) {  // A[0][k]
  return T == Type::F16 ? ((2 * (k / 8) + (k / 2) % 2) * 32 + 16 * ((k / 4) % 2)) * 2 + k % 2
                        : plane_k(bits_of(T), k);
}
constexpr bool a_index_inverts_dense32_k() {
  for (int g = 0; g < 4; ++g)
    for (int h = 0; h < 2; ++h)
      for (int s = 0; s < 2; ++s)
        if (a_index<Type::F16>(dense32_k(16, 16, g, h, s)) != (g * 32 + 16 * h) * 2 + s) return false;
  return true;
}
static_assert(a_index_inverts_dense32_k());

template <Type T, int NG>
RDNA4_AVX2_INLINE void decode_a(const uint32_t* regs, size_t stride, double* out) {
  if constexpr (T == Type::F16) {
    for (int g = 0; g < NG; ++g)
      for (int c = 0; c < 8; ++c)  // 4 words = 8 halves
        store8(out + (g * 32 + 4 * c) * 2,
               _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(regs + g * stride + 4 * c))));
  } else {
    decode_planes<T, NG>(regs, stride, out);
  }
}

// Rounding of a binary64 vector (no NaN: replaced before) to f16 / bf16, as the
// f32 values that hold the result exactly (see the top of the file).
RDNA4_AVX2_INLINE __m128 round_odd_to_f32(__m256d x) {
  const __m256i u = _mm256_castpd_si256(x);
  const __m256i low = _mm256_set1_epi64x((int64_t{1} << 29) - 1);
  const __m256i exact = _mm256_cmpeq_epi64(_mm256_and_si256(u, low), _mm256_setzero_si256());
  const __m256i odd = _mm256_or_si256(_mm256_andnot_si256(low, u),
                                      _mm256_andnot_si256(exact, _mm256_set1_epi64x(int64_t{1} << 29)));
  return _mm256_cvtpd_ps(_mm256_castsi256_pd(odd));  // exact for |x| >= 2^-126 (below: f16 zero anyway)
}
RDNA4_AVX2_INLINE __m128 round_to_bf16_as_f32(__m256d x) {
  const __m256d sign = _mm256_set1_pd(-0.0);
  const __m256i u = _mm256_castpd_si256(x);
  // Biased binary64 exponent, clamped to [emin, 128] of bf16 (below: denormal
  // grid 2^-133; above: overflows anyway), then M = 1.5 * 2^(E - 7 + 52).
  __m256i e = _mm256_and_si256(_mm256_srli_epi64(u, 52), _mm256_set1_epi64x(0x7ff));
  e = _mm256_min_epi32(_mm256_max_epi32(e, _mm256_set1_epi64x(1023 - 126)), _mm256_set1_epi64x(1023 + 128));
  const __m256d M = _mm256_castsi256_pd(_mm256_or_si256(_mm256_slli_epi64(_mm256_add_epi64(e, _mm256_set1_epi64x(52 - 7)), 52),
                                                        _mm256_set1_epi64x(int64_t{1} << 51)));
  const __m256d ax = _mm256_andnot_pd(sign, x);
  const __m256d r = _mm256_or_pd(_mm256_sub_pd(_mm256_add_pd(ax, M), M), _mm256_and_pd(x, sign));
  return _mm256_cvtpd_ps(r);  // a bf16 value (or beyond its range: inf): exact
}

// NaN words of an f32 D (any sign, any payload) become the canonical quiet NaN.
__attribute__((noinline, cold)) void canonicalize_f32_nans(uint32_t* d, size_t stride) {
  for (int g = 0; g < 8; ++g)
#pragma GCC unroll 1
    for (int l = 0; l < 32; ++l) {
      uint32_t& w = d[g * stride + l];
      if ((w & 0x7fffffffu) > 0x7f800000u) w = fmt::kF32QNaN;
    }
}

// D = C + A * B, float inputs. Register plan of the row loop: the 4
// accumulators (16 columns of one row of D) and the broadcast A element stay in
// registers, B is read by the FMAs' memory operands: 1 broadcast per 4 FMAs,
// 1,280 instructions for the 1,024 FMAs. Counted and rejected (more host
// instructions, same bits): 2 rows x 16 columns with B loaded into registers
// (4 loads + 2 broadcasts per 8 FMAs); 2x2 blocks per vector with A pairs by
// vmovddup (half the broadcasts, but B stored duplicated costs more to decode);
// 4x4 blocks with A vectors against 4 rotations of B (rotations cost more than
// the broadcasts they save). Summing k and k + 1 in one vector (the register
// order of the halves) would break the ascending-k order of each element.
template <Type TA, Type TB, Type TACC>
RDNA4_AVX2 void run_float(const Mods& m, const uint32_t* a, const uint32_t* b, const uint32_t* c,
                          uint32_t* d, size_t stride) {
  constexpr int BA = bits_of(TA), BB = bits_of(TB), CB = bits_of(TACC);
  constexpr int NGA = 16 * BA / 64, NGB = 16 * BB / 64, NGC = CB == 32 ? 8 : 4;
  static_assert(BA == BB);
  alignas(32) double pa[256], pb[256];
  // Modifiers (rare) are applied to copies of the raw words: tmp, stride 32.
  alignas(32) uint32_t tmp[(NGA + NGB + NGC) * 32];
  size_t sa = stride, sb = stride, sc = stride;
  uint32_t clear = 0, cflip = 0;  // C's modifiers
  if (m.neg_lo | m.neg_hi) {
    // neg_lo / neg_hi negate the low / high 16-bit element of each A/B word (16-bit
    // types only: check_mods() rejects them on 8-bit types).
    const uint32_t fa = BA == 16 ? ((m.neg_lo & 1) ? 0x8000u : 0u) | ((m.neg_hi & 1) ? 0x80000000u : 0u) : 0u;
    const uint32_t fb = BB == 16 ? ((m.neg_lo & 2) ? 0x8000u : 0u) | ((m.neg_hi & 2) ? 0x80000000u : 0u) : 0u;
    if (fa) a = modified<NGA>(a, stride, 0, fa, tmp), sa = 32;
    if (fb) b = modified<NGB>(b, stride, 0, fb, tmp + NGA * 32), sb = 32;
    // C, MODEL(c_modifiers) as read_c: |C| (NEG_HI[2]) then -C (NEG[2]).
    constexpr uint32_t sign = CB == 32 ? 0x80000000u : 0x80008000u;
    clear = (m.neg_hi & 4) ? sign : 0u;
    cflip = (m.neg_lo & 4) ? sign : 0u;
  }
  decode_a<TA, NGA>(a, sa, pa);
  decode_planes<TB, NGB>(b, sb, pb);
  uint32_t* const ctmp = tmp + (NGA + NGB) * 32;
  alignas(32) double pc[CB == 16 ? 256 : 1];
  if constexpr (CB == 32) {
    // C is read row by row while D is written, row by row in the same places:
    // a C that overlaps D other than exactly (or has modifiers) is copied first.
    const uintptr_t uc = reinterpret_cast<uintptr_t>(c), ud = reinterpret_cast<uintptr_t>(d);
    const uintptr_t span = (7 * stride + 32) * sizeof(uint32_t);
    if ((clear | cflip) || (uc != ud && uc < ud + span && ud < uc + span))
      c = modified<8>(c, stride, clear, cflip, ctmp), sc = 32;
  } else {
    if (clear | cflip) c = modified<NGC>(c, stride, clear, cflip, ctmp), sc = 32;
    decode_planes<TACC, NGC>(c, sc, pc);
  }
  // A and B are decoded (and C copied or decoded where needed): D may now be
  // written (it may alias C, A or B).
  alignas(32) uint16_t out16[CB == 16 ? 256 : 1];
  __m256 nan = _mm256_setzero_ps();  // f32: any NaN result (fixed after the loop)
#pragma GCC unroll 1
  for (int h = 0; h < 2; ++h)
#pragma GCC unroll 1
    for (int g = 0; g < 8; ++g) {
      const int i = 8 * h + g;
      const double* ai = pa + i * a_row_step<TA>();
      // Opaque to the optimiser: B stays in pb, read by the FMAs' memory operands
      // (else GCC hoists all of B out of the row loop and spills it).
      const double* pbi = pb;
      __asm__("" : "+r"(pbi));
      __m256d acc[4];
      {
        const __m256d ak = _mm256_broadcast_sd(ai + a_index<TA>(0));
        const double* bk = pbi + plane_k(BB, 0);
        for (int q = 0; q < 4; ++q) acc[q] = _mm256_mul_pd(ak, _mm256_load_pd(bk + 4 * q));
      }
#pragma GCC unroll 16
      for (int k = 1; k < 16; ++k) {
        const __m256d ak = _mm256_broadcast_sd(ai + a_index<TA>(k));
        const double* bk = pbi + plane_k(BB, k);
        for (int q = 0; q < 4; ++q) acc[q] = _mm256_fmadd_pd(ak, _mm256_load_pd(bk + 4 * q), acc[q]);
      }
      if constexpr (TACC == Type::F32) {
        // + C (C[i][j]: register i % 8, lane 16(i/8) + j, as D), one rounding.
        const float* ci = reinterpret_cast<const float*>(c + g * sc + 16 * h);
        uint32_t* row = d + g * stride + 16 * h;
        __m128 f[4];
        for (int q = 0; q < 4; ++q)
          f[q] = _mm256_cvtpd_ps(_mm256_add_pd(acc[q], _mm256_cvtps_pd(_mm_loadu_ps(ci + 4 * q))));
        const __m256 f01 = _mm256_set_m128(f[1], f[0]), f23 = _mm256_set_m128(f[3], f[2]);
        nan = _mm256_or_ps(nan, _mm256_cmp_ps(f01, f23, _CMP_UNORD_Q));
        _mm256_storeu_ps(reinterpret_cast<float*>(row), f01);
        _mm256_storeu_ps(reinterpret_cast<float*>(row + 8), f23);
      } else {
        const double* ci = pc + plane_acc(CB, i);
        // NaN sums become the binary64 quiet NaN, which the conversions below
        // turn into the canonical f16 / bf16 NaN.
        const __m256d qnan = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7ff8000000000000));
        for (int q = 0; q < 4; ++q) {
          const __m256d s = _mm256_add_pd(acc[q], _mm256_load_pd(ci + 4 * q));
          acc[q] = _mm256_blendv_pd(s, qnan, _mm256_cmp_pd(s, s, _CMP_UNORD_Q));
        }
        if constexpr (TACC == Type::F16) {
          for (int q = 0; q < 4; q += 2) {
            const __m256 f = _mm256_set_m128(round_odd_to_f32(acc[q + 1]), round_odd_to_f32(acc[q]));
            _mm_store_si128(reinterpret_cast<__m128i*>(out16 + 16 * i + 4 * q),
                            _mm256_cvtps_ph(f, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
          }
        } else {
          static_assert(TACC == Type::BF16);
          for (int q = 0; q < 4; q += 2) {
            const __m128i lo = _mm_srli_epi32(_mm_castps_si128(round_to_bf16_as_f32(acc[q])), 16);
            const __m128i hi = _mm_srli_epi32(_mm_castps_si128(round_to_bf16_as_f32(acc[q + 1])), 16);
            _mm_store_si128(reinterpret_cast<__m128i*>(out16 + 16 * i + 4 * q), _mm_packus_epi32(lo, hi));
          }
        }
      }
    }
  if constexpr (CB == 32) {
    // NaN results (any sign, any payload; rare) become the canonical quiet NaN.
    if (!_mm256_testz_ps(nan, nan)) canonicalize_f32_nans(d, stride);
  } else {
    // D[i][j]: register (i/2)%4, half i%2, lane 16(i/8)+j: rows 2g+8h and 2g+8h+1 interleaved.
    for (int g = 0; g < 4; ++g)
      for (int h = 0; h < 2; ++h) {
        const int i0 = 2 * g + 8 * h;
        const __m256i lo = _mm256_load_si256(reinterpret_cast<const __m256i*>(out16 + 16 * i0));
        const __m256i hi = _mm256_load_si256(reinterpret_cast<const __m256i*>(out16 + 16 * i0 + 16));
        const __m256i w0 = _mm256_unpacklo_epi16(lo, hi), w1 = _mm256_unpackhi_epi16(lo, hi);
        uint32_t* row = d + g * stride + 16 * h;
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(row), _mm256_permute2x128_si256(w0, w1, 0x20));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(row + 8), _mm256_permute2x128_si256(w0, w1, 0x31));
      }
  }
}

// Integer variants. An operand word holds 4 (iu8) or 8 (iu4) consecutive-slot
// elements of one row (A) or column (B); "pair p" of a word is two of them
// sign- or zero-extended into the two int16 halves of a dword, so that vpmaddwd
// of an A pair (broadcast) and the B pairs of 8 columns gives the two products'
// sum per column, exact in int32. A and B use the same pairing, so every k is
// summed once. iu8: pair 0 = bytes (0, 2), pair 1 = bytes (1, 3); iu4: pair t
// = nibbles (t, t + 4) (a nibble t < 4 sits in the low half, t + 4 in the high).
template <int BITS, bool SIGNED, int P>
RDNA4_AVX2_INLINE __m256i int_pair(__m256i w) {
  if constexpr (BITS == 8) {
    if constexpr (P == 0)
      return SIGNED ? _mm256_srai_epi16(_mm256_slli_epi16(w, 8), 8) : _mm256_and_si256(w, _mm256_set1_epi32(0x00ff00ff));
    else
      return SIGNED ? _mm256_srai_epi16(w, 8) : _mm256_srli_epi16(w, 8);
  } else {
    static_assert(BITS == 4 && P < 4);
    return SIGNED ? _mm256_srai_epi16(_mm256_slli_epi16(w, 12 - 4 * P), 12)
                  : _mm256_and_si256(_mm256_srli_epi16(w, 4 * P), _mm256_set1_epi32(0x000f000f));
  }
}

// Pair planes: slot ((g * 2 + h) * NP + p) holds pair p of register g, lanes
// 16h .. 16h + 15 (rows of A, columns of B), 16 dwords.
template <int BITS, int NG, bool SIGNED>
RDNA4_AVX2_INLINE void int_planes(const uint32_t* regs, size_t stride, int32_t* out) {
  constexpr int NP = BITS == 8 ? 2 : 4;
  for (int g = 0; g < NG; ++g)
    for (int c = 0; c < 4; ++c) {  // 8 lanes at a time: h = c / 2
      const __m256i w = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(regs + g * stride + 8 * c));
      int32_t* o = out + ((g * 2 + c / 2) * NP) * 16 + 8 * (c % 2);
      _mm256_store_si256(reinterpret_cast<__m256i*>(o), int_pair<BITS, SIGNED, 0>(w));
      _mm256_store_si256(reinterpret_cast<__m256i*>(o + 16), int_pair<BITS, SIGNED, 1>(w));
      if constexpr (NP == 4) {
        _mm256_store_si256(reinterpret_cast<__m256i*>(o + 32), int_pair<BITS, SIGNED, 2>(w));
        _mm256_store_si256(reinterpret_cast<__m256i*>(o + 48), int_pair<BITS, SIGNED, 3>(w));
      }
    }
}

template <int BITS, int NG>
RDNA4_AVX2_INLINE void int_planes(const uint32_t* regs, size_t stride, bool is_signed, int32_t* out) {
  is_signed ? int_planes<BITS, NG, true>(regs, stride, out) : int_planes<BITS, NG, false>(regs, stride, out);
}

// D = C + A * B, MODEL(int_clamp): the exact sum saturated to int32 with clamp, else wrapped.
template <Type TA, int K, bool CLAMP>
RDNA4_AVX2 void run_int_impl(const Mods& m, const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* d,
                        size_t stride) {
  constexpr int BITS = bits_of(TA), NG = K * BITS / 64, NSLOT = NG * 2 * (BITS == 8 ? 2 : 4);
  alignas(32) int32_t pa[NSLOT * 16], pb[NSLOT * 16], pc[256];
  int_planes<BITS, NG>(a, stride, m.neg_lo & 1, pa);  // NEG[0] / NEG[1]: signed A / B
  int_planes<BITS, NG>(b, stride, m.neg_lo & 2, pb);
  for (int g = 0; g < 8; ++g)  // C[i][j]: register i % 8, lane 16(i/8) + j, i.e. row 8h + g at pc[(8h + g) * 16]
    for (int h = 0; h < 2; ++h)
      for (int q = 0; q < 2; ++q)
        _mm256_store_si256(reinterpret_cast<__m256i*>(pc + (8 * h + g) * 16 + 8 * q),
                           _mm256_loadu_si256(reinterpret_cast<const __m256i*>(c + g * stride + 16 * h + 8 * q)));
  // Every input is read: D may now be written.
  for (int h = 0; h < 2; ++h)
#pragma GCC unroll 1
    for (int g = 0; g < 8; ++g) {
      const int i = 8 * h + g;
      const int32_t* pbi = pb;
      __asm__("" : "+r"(pbi));  // keep B in memory operands (see run_float)
      __m256i acc0, acc1;
      {
        const __m256i ak = _mm256_set1_epi32(pa[i]);
        acc0 = _mm256_madd_epi16(ak, _mm256_load_si256(reinterpret_cast<const __m256i*>(pbi)));
        acc1 = _mm256_madd_epi16(ak, _mm256_load_si256(reinterpret_cast<const __m256i*>(pbi + 8)));
      }
#pragma GCC unroll 16
      for (int t = 1; t < NSLOT; ++t) {
        const __m256i ak = _mm256_set1_epi32(pa[t * 16 + i]);
        acc0 = _mm256_add_epi32(acc0, _mm256_madd_epi16(ak, _mm256_load_si256(reinterpret_cast<const __m256i*>(pbi + t * 16))));
        acc1 = _mm256_add_epi32(acc1, _mm256_madd_epi16(ak, _mm256_load_si256(reinterpret_cast<const __m256i*>(pbi + t * 16 + 8))));
      }
      uint32_t* row = d + g * stride + 16 * h;
      const __m256i accs[2] = {acc0, acc1};
      for (int q = 0; q < 2; ++q) {
        const __m256i cv = _mm256_load_si256(reinterpret_cast<const __m256i*>(pc + i * 16 + 8 * q));
        __m256i sum = _mm256_add_epi32(accs[q], cv);  // wraps modulo 2^32
        if constexpr (CLAMP) {
          // Overflow iff the operands share a sign the sum lacks; then the
          // exact sum lies beyond the limit on the side of that sign.
          const __m256i ov = _mm256_and_si256(_mm256_xor_si256(accs[q], sum), _mm256_xor_si256(cv, sum));
          const __m256i sat = _mm256_xor_si256(_mm256_srai_epi32(accs[q], 31), _mm256_set1_epi32(0x7fffffff));
          sum = _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(sum), _mm256_castsi256_ps(sat),
                                                     _mm256_castsi256_ps(ov)));
        }
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(row + 8 * q), sum);
      }
    }
}

template <Type TA, int K>
RDNA4_AVX2 void run_int(const Mods& m, const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* d,
                        size_t stride) {
  m.clamp ? run_int_impl<TA, K, true>(m, a, b, c, d, stride) : run_int_impl<TA, K, false>(m, a, b, c, d, stride);
}

}  // namespace

Wave32Fn dense_wave32_avx2_fn(Dense v) {
  switch (v) {
    case Dense::F32_16x16x16_F16: return &run_float<Type::F16, Type::F16, Type::F32>;
    case Dense::F32_16x16x16_BF16: return &run_float<Type::BF16, Type::BF16, Type::F32>;
    case Dense::F16_16x16x16_F16: return &run_float<Type::F16, Type::F16, Type::F16>;
    case Dense::BF16_16x16x16_BF16: return &run_float<Type::BF16, Type::BF16, Type::BF16>;
    case Dense::F32_16x16x16_FP8_FP8: return &run_float<Type::FP8, Type::FP8, Type::F32>;
    case Dense::F32_16x16x16_FP8_BF8: return &run_float<Type::FP8, Type::BF8, Type::F32>;
    case Dense::F32_16x16x16_BF8_FP8: return &run_float<Type::BF8, Type::FP8, Type::F32>;
    case Dense::F32_16x16x16_BF8_BF8: return &run_float<Type::BF8, Type::BF8, Type::F32>;
    case Dense::I32_16x16x16_IU8: return &run_int<Type::IU8, 16>;
    case Dense::I32_16x16x16_IU4: return &run_int<Type::IU4, 16>;
    case Dense::I32_16x16x32_IU4: return &run_int<Type::IU4, 32>;
  }
  return nullptr;
}

}  // namespace rdna4emu::wmma::detail

#else  // not x86-64: no AVX2 path (isa_supported(Isa::Avx2) is false)

namespace rdna4emu::wmma::detail {
Wave32Fn dense_wave32_avx2_fn(Dense) { return nullptr; }
}  // namespace rdna4emu::wmma::detail

#endif

namespace rdna4emu::wmma::detail {

bool dense_wave32_avx2(Dense v, const Mods& m, const uint32_t* a, const uint32_t* b, const uint32_t* c,
                       uint32_t* d, size_t stride) {
  const Wave32Fn fn = isa_supported(Isa::Avx2) ? dense_wave32_avx2_fn(v) : nullptr;
  if (!fn) return false;
  fn(m, a, b, c, d, stride);
  return true;
}

}  // namespace rdna4emu::wmma::detail
