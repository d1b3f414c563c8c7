// Shared machinery of dense.cpp and sparse.cpp: operand plans (precomputed
// layouts), element decoding with NEG modifiers, modifier validation, and the
// accumulation model. Every UNVERIFIED modelling choice of the matrix
// instructions is made in exactly one function here, marked MODEL(<id>),
// with <id> the entry of model_assumptions() (model.cpp) that documents it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "layouts.h"
#include "variants.h"

namespace rdna4emu::wmma::detail {

// Register image field access.
inline uint32_t get_field(const uint32_t* regs, size_t stride, const layout::Loc& l, int bits) {
  uint32_t w = regs[static_cast<size_t>(l.gpr) * stride + static_cast<size_t>(l.lane)];
  return bits == 32 ? w : (w >> l.bit) & ((1u << bits) - 1);
}
inline void put_field(uint32_t* regs, size_t stride, const layout::Loc& l, int bits, uint32_t v) {
  uint32_t& w = regs[static_cast<size_t>(l.gpr) * stride + static_cast<size_t>(l.lane)];
  if (bits == 32) {
    w = v;
  } else {
    uint32_t mask = ((1u << bits) - 1) << l.bit;
    w = (w & ~mask) | ((v << l.bit) & mask);
  }
}

// Checks the VOP3P modifiers against the variant; on failure sets *why.
bool check_mods(const VariantInfo& vi, const Mods& m, int wave, const char** why);

// Decoded operand values of one instruction, as plain matrices.
struct Operands {
  int K = 0;         // number of A terms per row (dense: K; sparse: K / 2)
  bool is_int = false;
  // Float: a[i][t], b[k][j], c[i][j] as doubles; int: the same as int64.
  double fa[16 * 64], fb[64 * 16], fc[16 * 16];
  int64_t ia[16 * 64], ib[64 * 16], ic[16 * 16];
  int kidx[16 * 64];  // B row used by term t of row i (dense: t)
};

// Decode one A/B element (raw bits of width type_bits(t)) to double, with the
// NEG modifiers for A/B already applied by flipping the sign bit.
double decode_float(Type t, uint32_t raw);
// Integer element: signed (two's complement of its width) or unsigned.
int64_t decode_int(Type t, uint32_t raw, bool is_signed);

// Float A/B neg: does (neg_lo, neg_hi) bit `src` apply to the field at `bit`?
inline bool neg_applies(const Mods& m, int src, int bit) {
  return bit < 16 ? ((m.neg_lo >> src) & 1) : ((m.neg_hi >> src) & 1);
}

// Read C (accumulator) with its modifiers. MODEL(c_modifiers)
struct Plan;
void read_c(const VariantInfo& vi, const Plan& p, const Mods& m, const uint32_t* c, size_t stride,
            Operands& op);

// D = C + A*B, per the accumulation model, written to d. MODEL(float_accumulation),
// MODEL(nan_results), MODEL(int_clamp).
void multiply_accumulate(const VariantInfo& vi, const Plan& p, const Mods& m, const Operands& op,
                         uint32_t* d, size_t stride);

// Precomputed layout of one operand for (variant, wave): element e's location.
struct Plan {
  std::vector<layout::Loc> a, b, c, idx;  // a: 16 x K (dense) / 16 x K (sparse slot per k)
};
const Plan& dense_plan(Dense v, int wave);
const Plan& sparse_plan(Sparse v, int wave, int key);

}  // namespace rdna4emu::wmma::detail
