#include "compute.h"

#include <array>
#include <cmath>
#include <cstring>
#include <limits>

#include "formats.h"

namespace rdna4emu::wmma::detail {
namespace {

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
  // MODEL(float_clamp): the clamp bit on float WMMA/SWMMAC is rejected.
  if (m.clamp) return fail("float WMMA: clamp is not supported (llvm-mc rejects it)");
  if (is_8bit_float(vi.a) || is_8bit_float(vi.b)) {
    if ((m.neg_lo | m.neg_hi) & 3) return fail("fp8/bf8 WMMA: NEG bits for A and B must be 0");
  }
  return true;
}

double decode_float(Type t, uint32_t raw) {
  switch (t) {
    case Type::F16: return f16_table().v[raw & 0xffff];
    case Type::BF16: return fmt::bf16_to_float(static_cast<uint16_t>(raw));
    case Type::FP8: return f8_tables().fp8[raw & 0xff];
    case Type::BF8: return f8_tables().bf8[raw & 0xff];
    default: return 0;
  }
}

int64_t decode_int(Type t, uint32_t raw, bool is_signed) {
  int bits = type_bits(t);
  uint32_t mask = (1u << bits) - 1;
  raw &= mask;
  if (is_signed && (raw >> (bits - 1))) return static_cast<int64_t>(raw) - (int64_t{1} << bits);
  return raw;
}

void read_c(const VariantInfo& vi, const Plan& p, const Mods& m, const uint32_t* c, size_t stride,
            Operands& op) {
  const int bits = type_bits(vi.acc);
  // MODEL(c_modifiers): NEG_HI[2] clears the sign bit of every C element
  // (|C|), then NEG[2] flips it (-C); for packed f16/bf16 C both halves.
  const uint32_t sign = 1u << (bits - 1);
  for (int e = 0; e < 256; ++e) {
    uint32_t raw = get_field(c, stride, p.c[e], bits);
    if (vi.acc == Type::I32) {
      op.ic[e] = static_cast<int32_t>(raw);
      continue;
    }
    if (m.neg_hi & 4) raw &= ~sign;
    if (m.neg_lo & 4) raw ^= sign;
    if (vi.acc == Type::F32) {
      float f;
      std::memcpy(&f, &raw, 4);
      op.fc[e] = f;
    } else {
      op.fc[e] = decode_float(vi.acc, raw);
    }
  }
}

void multiply_accumulate(const VariantInfo& vi, const Plan& p, const Mods& m, const Operands& op,
                         uint32_t* d, size_t stride) {
  const int T = op.K;
  const int bits = type_bits(vi.acc);
  if (op.is_int) {
    for (int i = 0; i < 16; ++i) {
      int64_t acc[16] = {};
      for (int t = 0; t < T; ++t) {
        const int64_t a = op.ia[i * 64 + t];
        const int64_t* brow = &op.ib[op.kidx[i * 64 + t] * 16];
        for (int j = 0; j < 16; ++j) acc[j] += a * brow[j];
      }
      for (int j = 0; j < 16; ++j) {
        // MODEL(int_clamp): the exact sum C + sum(A*B) (C signed int32,
        // products per the A/B signedness) is saturated to the signed int32
        // range when clamp is set, else wrapped modulo 2^32.
        int64_t s = acc[j] + op.ic[i * 16 + j];
        if (m.clamp) {
          if (s > std::numeric_limits<int32_t>::max()) s = std::numeric_limits<int32_t>::max();
          if (s < std::numeric_limits<int32_t>::min()) s = std::numeric_limits<int32_t>::min();
        }
        put_field(d, stride, p.c[i * 16 + j], 32, static_cast<uint32_t>(static_cast<uint64_t>(s)));
      }
    }
    return;
  }
  for (int i = 0; i < 16; ++i) {
    // MODEL(float_accumulation): products are exact in binary64 (at most
    // 11x11 significant bits); they are summed in binary64 in ascending term
    // order (dense: k = 0..K-1; sparse: group by group, kept value 0 then 1),
    // C is added last, and the sum is rounded once to the destination format,
    // round to nearest even, denormals kept (MODEL(denormals)).
    double acc[16];
    for (double& x : acc) x = -0.0;  // identity of IEEE addition: an all -0 sum stays -0
    for (int t = 0; t < T; ++t) {
      const double a = op.fa[i * 64 + t];
      const double* brow = &op.fb[op.kidx[i * 64 + t] * 16];
      for (int j = 0; j < 16; ++j) acc[j] += a * brow[j];
    }
    for (int j = 0; j < 16; ++j) {
      double s = acc[j] + op.fc[i * 16 + j];
      // MODEL(nan_results): any NaN result is written as the canonical quiet NaN.
      uint32_t out = vi.acc == Type::F32   ? fmt::round_to_f32(s)
                     : vi.acc == Type::F16 ? fmt::round_to_f16(s)
                                           : fmt::round_to_bf16(s);
      put_field(d, stride, p.c[i * 16 + j], bits, out);
    }
  }
}

namespace {

Plan make_dense_plan(Dense v, int wave) {
  const VariantInfo& vi = info(v);
  Plan p;
  const int bits = type_bits(vi.a);
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < vi.k; ++k) p.a.push_back(layout::dense_ab(bits, vi.k, wave, i, k));
  for (int k = 0; k < vi.k; ++k)
    for (int j = 0; j < 16; ++j) p.b.push_back(layout::dense_ab(bits, vi.k, wave, j, k));
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) p.c.push_back(layout::acc(type_bits(vi.acc), wave, i, j));
  return p;
}

Plan make_sparse_plan(Sparse v, int wave, int key) {
  const VariantInfo& vi = info(v);
  Plan p;
  const int bits = type_bits(vi.a);
  // a and idx: one entry per (row, group of four K).
  for (int i = 0; i < 16; ++i)
    for (int g = 0; g < vi.k / 4; ++g) {
      p.a.push_back(layout::sparse_a(bits, vi.k, wave, i, 4 * g));
      p.idx.push_back(layout::sparse_index(bits, vi.k, wave, i, 4 * g, key));
    }
  for (int k = 0; k < vi.k; ++k)
    for (int j = 0; j < 16; ++j) p.b.push_back(layout::sparse_b(bits, vi.k, wave, j, k));
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) p.c.push_back(layout::acc(type_bits(vi.acc), wave, i, j));
  return p;
}

struct DensePlans {
  Plan p[kDenseCount][2];
  DensePlans() {
    for (int v = 0; v < kDenseCount; ++v)
      for (int w = 0; w < 2; ++w) p[v][w] = make_dense_plan(static_cast<Dense>(v), w ? 64 : 32);
  }
};
struct SparsePlans {
  Plan p[kSparseCount][2][4];
  SparsePlans() {
    for (int v = 0; v < kSparseCount; ++v)
      for (int w = 0; w < 2; ++w)
        for (int key = 0; key < info(static_cast<Sparse>(v)).index_sets[w]; ++key)
          p[v][w][key] = make_sparse_plan(static_cast<Sparse>(v), w ? 64 : 32, key);
  }
};

}  // namespace

const Plan& dense_plan(Dense v, int wave) {
  static const DensePlans plans;
  return plans.p[static_cast<int>(v)][wave == 64];
}
const Plan& sparse_plan(Sparse v, int wave, int key) {
  static const SparsePlans plans;
  return plans.p[static_cast<int>(v)][wave == 64][key];
}

}  // namespace rdna4emu::wmma::detail
