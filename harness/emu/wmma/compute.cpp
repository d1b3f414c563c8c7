#include "compute.h"

#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <mutex>

#include "formats.h"
#include "rdna4emu/model.h"

namespace rdna4emu::wmma::detail {
namespace {

namespace model = rdna4emu::model;
using model::active;

bool is_8bit_float(Type t) { return t == Type::FP8 || t == Type::BF8; }

struct F16Table {
  std::vector<float> v;
  F16Table() : v(65536) {
    for (uint32_t i = 0; i < 65536; ++i) v[i] = fmt::f16_to_float(static_cast<uint16_t>(i));
  }
};
struct F8Tables {
  std::array<float, 256> fp8{}, bf8{};
  F8Tables() {
    for (uint32_t i = 0; i < 256; ++i) {
      fp8[i] = fmt::fp8_to_float(static_cast<uint8_t>(i));
      bf8[i] = fmt::bf8_to_float(static_cast<uint8_t>(i));
    }
  }
};
const F16Table& f16_table() { static const F16Table t; return t; }
const F8Tables& f8_tables() { static const F8Tables t; return t; }

// MODEL(fp8_bf8_decoding) candidate fnuz: E4M3 with bias 8 and E5M2 with bias
// 16, no infinity, no negative zero: 0x80 is the only NaN, every other code finite.
float fnuz_decode(uint8_t v, int mbits, int bias) {
  if (v == 0x80) return std::numeric_limits<float>::quiet_NaN();
  const int e = (v & 0x7f) >> mbits, m = v & ((1 << mbits) - 1);
  const float mag = e == 0 ? std::ldexp(static_cast<float>(m), 1 - bias - mbits)
                           : std::ldexp(static_cast<float>(m | (1 << mbits)), e - bias - mbits);
  return (v & 0x80) ? -mag : mag;
}
struct F8FnuzTables {
  std::array<float, 256> fp8{}, bf8{};
  F8FnuzTables() {
    for (uint32_t i = 0; i < 256; ++i) {
      fp8[i] = fnuz_decode(static_cast<uint8_t>(i), 3, 8);
      bf8[i] = fnuz_decode(static_cast<uint8_t>(i), 2, 16);
    }
  }
};
const F8FnuzTables& f8_fnuz_tables() { static const F8FnuzTables t; return t; }

// MODEL(fp8_bf8_decoding) candidate e4m3_ieee: fp8 is E4M3 with the IEEE 754 special
// values (LLVM APFloat's Float8E4M3): bias 7, exponent field 15 holds +-inf (fraction 0)
// and NaN (fraction != 0), largest finite 240; 0x80 is -0. bf8 stays OCP E5M2.
float e4m3_ieee_decode(uint8_t v) {
  const int e = (v >> 3) & 0xf, m = v & 7;
  float mag;
  if (e == 0xf) mag = m ? std::numeric_limits<float>::quiet_NaN() : std::numeric_limits<float>::infinity();
  else if (e == 0) mag = std::ldexp(static_cast<float>(m), 1 - 7 - 3);
  else mag = std::ldexp(static_cast<float>(m | 8), e - 7 - 3);
  return (v & 0x80) ? -mag : mag;
}
struct F8IeeeTable {
  std::array<float, 256> fp8{};
  F8IeeeTable() {
    for (uint32_t i = 0; i < 256; ++i) fp8[i] = e4m3_ieee_decode(static_cast<uint8_t>(i));
  }
};
const F8IeeeTable& f8_ieee_table() { static const F8IeeeTable t; return t; }

}  // namespace

bool check_mods(const VariantInfo& vi, const Mods& m, int wave, const char** why) {
  auto fail = [&](const char* w) {
    if (why) *why = w;
    return false;
  };
  if (wave != 32 && wave != 64) return fail("wave size must be 32 or 64");
  if (m.neg_lo & ~7u) return fail("neg_lo has bits beyond the three sources");
  if (m.neg_hi & ~7u) return fail("neg_hi has bits beyond the three sources");
  if (vi.sparse) {
    if (m.op_sel & ~3u) return fail("SWMMAC: OPSEL bit 2 must be 0 (only index_key = OPSEL[1:0])");
    if ((m.op_sel & 3) >= vi.index_sets[wave == 64])
      return fail("SWMMAC: index_key out of range for this variant and wave size");
    if ((m.neg_lo | m.neg_hi) & 4) return fail("SWMMAC: NEG bits for source 2 (index) must be 0");
  } else if (m.op_sel != 0) {
    return fail("WMMA: OPSEL must be 0 on gfx12 (no D/C half select)");
  }
  if (type_is_int(vi.a)) {
    if (m.neg_hi) return fail("integer WMMA: NEG_HI must be 0");
    if (m.neg_lo & 4) return fail("integer WMMA: NEG[2] must be 0 (C is signed int32)");
    return true;
  }
  // MODEL(float_clamp): the clamp bit on float WMMA/SWMMAC is rejected
  // (candidates clamp_0_1 and ignored accept it; multiply_accumulate applies them).
  if (m.clamp && active<model::FloatClamp>() == model::FloatClamp::Illegal) return fail("float WMMA: clamp is not supported (llvm-mc rejects it)");
  if (is_8bit_float(vi.a) || is_8bit_float(vi.b)) {
    if ((m.neg_lo | m.neg_hi) & 3) return fail("fp8/bf8 WMMA: NEG bits for A and B must be 0");
  }
  return true;
}

Decoder decoder(Type t) {
  Decoder d;
  if (t == Type::F16) d.table = f16_table().v.data();
  const auto f8 = active<model::Fp8Bf8Decoding>();
  const bool fnuz = f8 == model::Fp8Bf8Decoding::Fnuz;
  if (t == Type::FP8)
    d.table = fnuz ? f8_fnuz_tables().fp8.data() : f8 == model::Fp8Bf8Decoding::E4m3Ieee ? f8_ieee_table().fp8.data() : f8_tables().fp8.data();
  if (t == Type::BF8) d.table = fnuz ? f8_fnuz_tables().bf8.data() : f8_tables().bf8.data();
  return d;
}

void read_c(const VariantInfo& vi, const Plan& p, const Mods& m, const uint32_t* c, size_t stride,
            Operands& op) {
  if (vi.acc == Type::I32) {
    for (const Word& w : p.c) op.ic[w.elem[0]] = static_cast<int32_t>(c[w.gpr * stride + w.lane]);
    return;
  }
  // MODEL(c_modifiers): NEG_HI[2] clears the sign bit of every C element
  // (|C|), then NEG[2] flips it (-C); for packed f16/bf16 C both halves.
  const uint32_t sign = vi.acc == Type::F32 ? 0x80000000u : 0x80008000u;
  uint32_t clear = (m.neg_hi & 4) ? sign : 0u;
  uint32_t flip = (m.neg_lo & 4) ? sign : 0u;
  const auto cmod = active<model::CModifiers>();
  if (cmod == model::CModifiers::Ignored) clear = flip = 0;  // candidate ignored: C is read as it is
  if (cmod == model::CModifiers::NegThenAbs && clear && flip) flip = 0;  // candidate neg_then_abs: |-C| = |C|
  if (vi.acc == Type::F32) {
    for (const Word& w : p.c) {
      const uint32_t raw = (c[w.gpr * stride + w.lane] & ~clear) ^ flip;
      float f;
      std::memcpy(&f, &raw, 4);
      op.fc[w.elem[0]] = f;
    }
    return;
  }
  const Decoder dec = decoder(vi.acc);
  for (const Word& w : p.c) {
    const uint32_t raw = (c[w.gpr * stride + w.lane] & ~clear) ^ flip;
    op.fc[w.elem[0]] = dec(raw & 0xffff);
    op.fc[w.elem[1]] = dec(raw >> 16);
  }
}

namespace {

template <int BITS>
void gather_float_t(const std::vector<Word>& words, const uint32_t* regs, size_t stride,
                    const Decoder& dec, uint32_t flip, double* dst) {
  constexpr uint32_t mask = (1u << BITS) - 1;
  for (const Word& w : words) {
    const uint32_t word = regs[w.gpr * stride + w.lane] ^ flip;
    for (int s = 0; s < 32 / BITS; ++s)
      if (w.elem[s] >= 0) dst[w.elem[s]] = dec((word >> (s * BITS)) & mask);
  }
}

template <int BITS, bool SIGNED>
void gather_int_t(const std::vector<Word>& words, const uint32_t* regs, size_t stride, int32_t* dst) {
  for (const Word& w : words) {
    const uint32_t word = regs[w.gpr * stride + w.lane];
    for (int s = 0; s < 32 / BITS; ++s) {
      if (w.elem[s] < 0) continue;
      // Field s moved to the top of the word, then shifted back down:
      // arithmetic shift sign-extends, logical shift zero-extends.
      const uint32_t top = word << (32 - BITS - s * BITS);
      dst[w.elem[s]] = SIGNED ? static_cast<int32_t>(top) >> (32 - BITS)
                              : static_cast<int32_t>(top >> (32 - BITS));
    }
  }
}

}  // namespace

void gather_float(const std::vector<Word>& words, int bits, const uint32_t* regs, size_t stride,
                  const Decoder& dec, bool neg_lo, bool neg_hi, double* dst) {
  if (bits == 16)
    gather_float_t<16>(words, regs, stride, dec, (neg_lo ? 0x8000u : 0u) | (neg_hi ? 0x80000000u : 0u), dst);
  else
    gather_float_t<8>(words, regs, stride, dec, 0, dst);
}

void gather_int(const std::vector<Word>& words, int bits, const uint32_t* regs, size_t stride,
                bool is_signed, int32_t* dst) {
  if (bits == 8)
    is_signed ? gather_int_t<8, true>(words, regs, stride, dst) : gather_int_t<8, false>(words, regs, stride, dst);
  else
    is_signed ? gather_int_t<4, true>(words, regs, stride, dst) : gather_int_t<4, false>(words, regs, stride, dst);
}

namespace {

// Smallest normal magnitude of an element format (denormals candidates).
double min_normal(Type t) {
  switch (t) {
    case Type::F16: return 0x1p-14;
    case Type::FP8: return active<model::Fp8Bf8Decoding>() == model::Fp8Bf8Decoding::Fnuz ? 0x1p-7 : 0x1p-6;
    case Type::BF8: return active<model::Fp8Bf8Decoding>() == model::Fp8Bf8Decoding::Fnuz ? 0x1p-15 : 0x1p-14;
    default: return 0x1p-126;  // f32, bf16
  }
}
double flush(double x, double mn) { return std::fabs(x) < mn ? std::copysign(0.0, x) : x; }

uint32_t round_to(Type acc, double s) {
  return acc == Type::F32 ? fmt::round_to_f32(s) : acc == Type::F16 ? fmt::round_to_f16(s) : fmt::round_to_bf16(s);
}
double value_of(Type acc, uint32_t bits) {
  if (acc == Type::F32) {
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  }
  return acc == Type::F16 ? fmt::f16_to_float(static_cast<uint16_t>(bits))
                          : fmt::bf16_to_float(static_cast<uint16_t>(bits));
}

// MODEL(float_accumulation) candidate pairwise: each product rounded to f32 (exact
// unless a bf16 product leaves f32's range), the T products (dense: K order; sparse:
// term order, a dropped term counts as -0) summed as a balanced binary tree of f32
// additions (terms 2m and 2m+1 first, then neighbouring partial sums), each rounded to
// nearest even; C is added last, rounded to f32. Float arithmetic: one rounding per add.
double pairwise_sum(const Operands& op, int i, int j, int T, bool flush_in, double mna, double mnb, double c) {
  float part[64];
  for (int t = 0; t < T; ++t) {
    const int k = op.kidx[i * 64 + t];
    if (k < 0) {
      part[t] = -0.0f;
      continue;
    }
    double a = op.fa[i * 64 + t], b = op.fb[k * 16 + j];
    if (flush_in) a = flush(a, mna), b = flush(b, mnb);
    part[t] = static_cast<float>(a * b);  // a * b is exact in binary64
  }
  for (int n = T; n > 1; n /= 2)  // T is 8, 16, 32 or 64
    for (int m = 0; m < n / 2; ++m) part[m] = part[2 * m] + part[2 * m + 1];
  return part[0] + static_cast<float>(c);
}

// The candidate models of the float and integer accumulation (every choice
// other than the defaults runs here; the default path below is unchanged).
void accumulate_candidates(const VariantInfo& vi, const Mods& m, const Operands& op, uint32_t* out) {
  const int T = op.K;
  if (op.is_int) {
    using IC = model::IntClamp;
    const IC clamp = active<IC>();
    const int eb = type_bits(vi.a);
    const bool any_signed = (m.neg_lo & 3) != 0, both_unsigned = (m.neg_lo & 3) == 0;
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) {
        int64_t s = op.ic[i * 16 + j];
        for (int t = 0; t < T; ++t) {
          const int k = op.kidx[i * 64 + t];
          if (k >= 0) s += int64_t{op.ia[i * 64 + t]} * op.ib[k * 16 + j];
        }
        // MODEL(int_clamp) candidates: wrap ignores clamp; input_type saturates
        // to the element type's range (signed when A or B is signed);
        // uint32_unsigned saturates unsigned*unsigned to [0, 2^32-1], else as int32.
        int64_t lo = std::numeric_limits<int32_t>::min(), hi = std::numeric_limits<int32_t>::max();
        if (clamp == IC::InputType) {
          lo = any_signed ? -(int64_t{1} << (eb - 1)) : 0;
          hi = any_signed ? (int64_t{1} << (eb - 1)) - 1 : (int64_t{1} << eb) - 1;
        }
        if (clamp == IC::Uint32Unsigned && both_unsigned) lo = 0, hi = 0xffffffffLL;
        if (m.clamp && clamp != IC::Wrap) s = s < lo ? lo : s > hi ? hi : s;
        out[i * 16 + j] = static_cast<uint32_t>(static_cast<uint64_t>(s));
      }
    return;
  }
  using FA = model::FloatAccumulation;
  using DN = model::Denormals;
  const FA accum = active<FA>();
  const DN den = active<DN>();
  const bool flush_in = den == DN::FlushInputs || den == DN::FlushAll;
  const bool flush_out = den == DN::FlushOutputs || den == DN::FlushAll;
  const bool propagate_c = active<model::NanResults>() == model::NanResults::PropagateC;
  const auto fclamp = active<model::FloatClamp>();
  const double mna = min_normal(vi.a), mnb = min_normal(vi.b), mnc = min_normal(vi.acc);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      double c = op.fc[i * 16 + j];
      if (flush_in) c = flush(c, mnc);  // MODEL(denormals) candidates flush_inputs, flush_all
      double s;
      if (accum == FA::F32EachStep) {
        // MODEL(float_accumulation) candidate f32_each_step: from C, each product
        // added in K order and the sum rounded to f32 (nearest even) every step:
        // one fused multiply-add in binary32 per step (a, b and C are f16, bf16,
        // fp8, bf8 or f32 values, all exact as floats), so each step rounds once.
        float f = static_cast<float>(c);
        for (int t = 0; t < T; ++t) {
          const int k = op.kidx[i * 64 + t];
          if (k < 0) continue;
          double a = op.fa[i * 64 + t], b = op.fb[k * 16 + j];
          if (flush_in) a = flush(a, mna), b = flush(b, mnb);
          f = std::fma(static_cast<float>(a), static_cast<float>(b), f);
        }
        s = f;
      } else if (accum == FA::Pairwise) {
        s = pairwise_sum(op, i, j, T, flush_in, mna, mnb, c);
      } else {
        s = -0.0;
        for (int t = 0; t < T; ++t) {
          const int k = op.kidx[i * 64 + t];
          if (k < 0) continue;
          double a = op.fa[i * 64 + t], b = op.fb[k * 16 + j];
          if (flush_in) a = flush(a, mna), b = flush(b, mnb);
          s += a * b;
        }
        s += c;
      }
      if (m.clamp && fclamp == model::FloatClamp::Clamp0_1)  // MODEL(float_clamp) candidate clamp_0_1: NaN gives +0
        s = std::isnan(s) ? 0.0 : s < 0 ? 0.0 : s > 1 ? 1.0 : s;
      uint32_t r = round_to(vi.acc, s);
      if (accum == FA::ExactTruncate && !std::isnan(s) && std::fabs(value_of(vi.acc, r)) > std::fabs(s))
        --r;  // candidate exact_truncate: toward zero (one step down in magnitude)
      const int ab = type_bits(vi.acc);
      const uint32_t sign = 1u << (ab - 1), expo = vi.acc == Type::F16 ? 0x7c00u : vi.acc == Type::BF16 ? 0x7f80u : 0x7f800000u;
      if (flush_out && (r & expo) == 0) r &= sign;  // denormal (or zero) result -> signed zero
      if (propagate_c && std::isnan(s) && std::isnan(c)) {
        // MODEL(nan_results) candidate propagate_c: a NaN C is returned quieted, sign and payload kept.
        const float cf = static_cast<float>(c);
        uint32_t fb;
        std::memcpy(&fb, &cf, 4);
        fb |= 0x00400000u;
        r = vi.acc == Type::F32 ? fb
            : vi.acc == Type::F16 ? ((fb >> 16) & 0x8000u) | 0x7e00u | ((fb >> 13) & 0x3ffu)
                                  : (fb >> 16) | 0x40u;
      }
      out[i * 16 + j] = r;
    }
}

}  // namespace

void multiply_accumulate(const VariantInfo& vi, const Plan& p, const Mods& m, const Operands& op,
                         uint32_t* d, size_t stride) {
  const int T = op.K;
  const int bits = type_bits(vi.acc);
  uint32_t out[256];
  if (!model::all_default()) {
    accumulate_candidates(vi, m, op, out);
  } else if (op.is_int) {
    for (int i = 0; i < 16; ++i) {
      int32_t acc[16] = {};  // exact: at most 64 products of magnitude <= 255 * 255
      for (int t = 0; t < T; ++t) {
        const int32_t a = op.ia[i * 64 + t];
        const int32_t* brow = &op.ib[op.kidx[i * 64 + t] * 16];
        for (int j = 0; j < 16; ++j) acc[j] += a * brow[j];
      }
      for (int j = 0; j < 16; ++j) {
        // MODEL(int_clamp): the exact sum C + sum(A*B) (C signed int32,
        // products per the A/B signedness) is saturated to the signed int32
        // range when clamp is set, else wrapped modulo 2^32.
        int64_t s = int64_t{acc[j]} + op.ic[i * 16 + j];
        if (m.clamp) {
          if (s > std::numeric_limits<int32_t>::max()) s = std::numeric_limits<int32_t>::max();
          if (s < std::numeric_limits<int32_t>::min()) s = std::numeric_limits<int32_t>::min();
        }
        out[i * 16 + j] = static_cast<uint32_t>(static_cast<uint64_t>(s));
      }
    }
  } else {
    for (int i = 0; i < 16; ++i) {
      // MODEL(float_accumulation): products are exact in binary64 (at most
      // 11x11 significant bits); they are summed in binary64 in ascending term
      // order (dense: k = 0..K-1; sparse: group by group, kept value 0 then 1)
      // starting from -0 (the identity of IEEE addition), C is added last, and
      // the sum is rounded once to the destination format, round to nearest
      // even, denormals kept (MODEL(denormals)).
      double acc[16];
      for (double& x : acc) x = -0.0;
      for (int t = 0; t < T; ++t) {
        const double a = op.fa[i * 64 + t];
        const double* brow = &op.fb[op.kidx[i * 64 + t] * 16];
        for (int j = 0; j < 16; ++j) acc[j] += a * brow[j];
      }
      for (int j = 0; j < 16; ++j) {
        const double s = acc[j] + op.fc[i * 16 + j];
        // MODEL(nan_results): any NaN result is written as the canonical quiet NaN.
        out[i * 16 + j] = vi.acc == Type::F32   ? fmt::round_to_f32(s)
                          : vi.acc == Type::F16 ? fmt::round_to_f16(s)
                                                : fmt::round_to_bf16(s);
      }
    }
  }
  for (const Word& w : p.c) {  // every sub-field of a C/D word holds an element
    uint32_t word = 0;
    for (int s = 0; s < 32 / bits; ++s) word |= out[w.elem[s]] << (s * bits);
    d[w.gpr * stride + w.lane] = word;
  }
}

namespace {

// Group element locations into register words. `target(e)` is element e's
// index in the Operands array; sub-field = bit / bits.
template <typename F>
std::vector<Word> words_of(const std::vector<layout::Loc>& locs, int bits, F target) {
  // Words indexed by (gpr, lane) in a flat array (gpr < 16, lane < 64), then
  // collected in (gpr, lane) order: sequential reads.
  std::vector<Word> slot(16 * 64, Word{0, 0, {-1, -1, -1, -1, -1, -1, -1, -1}});
  std::vector<bool> used(16 * 64, false);
  for (size_t e = 0; e < locs.size(); ++e) {
    const layout::Loc& l = locs[e];
    const size_t at = static_cast<size_t>(l.gpr) * 64 + static_cast<size_t>(l.lane);
    Word& w = slot.at(at);
    w.gpr = static_cast<uint16_t>(l.gpr);
    w.lane = static_cast<uint16_t>(l.lane);
    used[at] = true;
    w.elem[l.bit / bits] = static_cast<int16_t>(target(static_cast<int>(e)));
  }
  std::vector<Word> out;
  for (size_t at = 0; at < slot.size(); ++at)
    if (used[at]) out.push_back(slot[at]);
  return out;
}

std::vector<Word> acc_words(const VariantInfo& vi, int wave) {
  std::vector<layout::Loc> c;
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) c.push_back(layout::acc(type_bits(vi.acc), wave, i, j));
  return words_of(c, type_bits(vi.acc), [](int e) { return e; });
}

Plan make_dense_plan(Dense v, int wave) {
  const VariantInfo& vi = info(v);
  const int bits = type_bits(vi.a), K = vi.k;
  std::vector<layout::Loc> a, b;
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < K; ++k) a.push_back(layout::dense_ab(bits, K, wave, i, k));
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < 16; ++j) b.push_back(layout::dense_ab(bits, K, wave, j, k));
  Plan p;
  p.a = words_of(a, bits, [K](int e) { return (e / K) * 64 + e % K; });  // fa[i * 64 + k]
  p.b = words_of(b, bits, [](int e) { return e; });                      // fb[k * 16 + j]
  p.c = acc_words(vi, wave);
  return p;
}

Plan make_sparse_plan(Sparse v, int wave, int key) {
  const VariantInfo& vi = info(v);
  const int bits = type_bits(vi.a), K = vi.k, G = K / 4;
  // A: kept value s of (row i, group g) is term t = 2g + s, at the group's slot + s * bits.
  std::vector<layout::Loc> a, b;
  Plan p;
  for (int i = 0; i < 16; ++i)
    for (int g = 0; g < G; ++g) {
      layout::Loc slot = layout::sparse_a(bits, K, wave, i, 4 * g);
      for (int s = 0; s < 2; ++s) a.push_back({slot.gpr, slot.bit + s * bits, slot.lane});
      p.idx.push_back(layout::sparse_index(bits, K, wave, i, 4 * g, key));
    }
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < 16; ++j) b.push_back(layout::sparse_b(bits, K, wave, j, k));
  const int T = K / 2;
  p.a = words_of(a, bits, [T](int e) { return (e / T) * 64 + e % T; });  // fa[i * 64 + t]
  p.b = words_of(b, bits, [](int e) { return e; });
  p.c = acc_words(vi, wave);
  return p;
}

}  // namespace

// Plans are built on first use, one (variant, wave[, key]) at a time.
const Plan& dense_plan(Dense v, int wave) {
  static std::once_flag once[kDenseCount][2];
  static Plan plans[kDenseCount][2];
  const int vi = static_cast<int>(v), w = wave == 64;
  std::call_once(once[vi][w], [&] { plans[vi][w] = make_dense_plan(v, wave); });
  return plans[vi][w];
}
const Plan& sparse_plan(Sparse v, int wave, int key) {
  static std::once_flag once[kSparseCount][2][4];
  static Plan plans[kSparseCount][2][4];
  const int vi = static_cast<int>(v), w = wave == 64;
  std::call_once(once[vi][w][key], [&] { plans[vi][w][key] = make_sparse_plan(v, wave, key); });
  return plans[vi][w][key];
}

}  // namespace rdna4emu::wmma::detail
