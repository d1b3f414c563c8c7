// Shared machinery of dense.cpp and sparse.cpp: operand plans (precomputed
// layouts), element decoding with NEG modifiers, modifier validation, and the
// accumulation model. Every UNVERIFIED modelling choice of the matrix
// instructions is made in exactly one place (mostly compute.cpp), marked
// MODEL(<id>) in the .cpp, <id> being the model of ../models/matrix.toml.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "layouts.h"
#include "variants.h"

namespace rdna4emu::wmma::detail {

// Register image field access (register g of lane L at regs[g * stride + L]).
inline uint32_t get_field(const uint32_t* regs, size_t stride, const layout::Loc& l, int bits) {
  uint32_t w = regs[static_cast<size_t>(l.gpr) * stride + static_cast<size_t>(l.lane)];
  return bits == 32 ? w : (w >> l.bit) & ((1u << bits) - 1);
}

// Checks the VOP3P modifiers against the variant; on failure sets *why.
bool check_mods(const VariantInfo& vi, const Mods& m, int wave, const char** why);

// Decoded operand values of one instruction, as plain matrices.
struct Operands {
  int K = 0;         // number of A terms per row (dense: K; sparse: K / 2)
  bool is_int = false;
  // a[i * 64 + t], b[k * 16 + j], c[i * 16 + j]: doubles (float types) or integers.
  double fa[16 * 64], fb[64 * 16], fc[16 * 16];
  int32_t ia[16 * 64], ib[64 * 16];  // |a*b| <= 255 * 255: 64 products fit in int32
  int64_t ic[16 * 16];
  int kidx[16 * 64];  // B row used by term t of row i (dense: t)
};

// Fast decoder for one element type: a lookup table (f16, fp8, bf8) or the
// bf16 bit shift.
struct Decoder {
  const float* table = nullptr;  // null: bf16
  double operator()(uint32_t raw) const {
    if (table) return table[raw];
    uint32_t u = raw << 16;
    float f;
    std::memcpy(&f, &u, 4);
    return f;
  }
};
Decoder decoder(Type t);

// Read C (accumulator) with its modifiers. MODEL(c_modifiers)
struct Plan;
void read_c(const VariantInfo& vi, const Plan& p, const Mods& m, const uint32_t* c, size_t stride,
            Operands& op);

// D = C + A*B, per the accumulation model, written to d. MODEL(float_accumulation),
// MODEL(nan_results), MODEL(int_clamp).
void multiply_accumulate(const VariantInfo& vi, const Plan& p, const Mods& m, const Operands& op,
                         uint32_t* d, size_t stride);

// One operand register (of one lane) and the matrix elements packed in it:
// sub-field s (bits [s*w+w-1 : s*w], w the element width) holds element
// elem[s] (an index into the Operands arrays), or nothing when elem[s] < 0.
struct Word {
  uint16_t gpr, lane;
  int16_t elem[8];
};

// Precomputed layouts for (variant, wave[, index_key]), derived once from layouts.cpp.
struct Plan {
  std::vector<layout::Loc> idx;  // sparse: index field of (row i, group g) at i * (K/4) + g
  std::vector<Word> a, b, c;     // A -> fa/ia, B -> fb/ib, C/D -> fc/ic (i * 16 + j)
};

// Decode every element of an A or B operand into dst; for 16-bit floats,
// neg_lo / neg_hi negate sub-field 0 / 1 (the low / high half).
void gather_float(const std::vector<Word>& words, int bits, const uint32_t* regs, size_t stride,
                  const Decoder& dec, bool neg_lo, bool neg_hi, double* dst);
void gather_int(const std::vector<Word>& words, int bits, const uint32_t* regs, size_t stride,
                bool is_signed, int32_t* dst);
const Plan& dense_plan(Dense v, int wave);
const Plan& sparse_plan(Sparse v, int wave, int key);

}  // namespace rdna4emu::wmma::detail
