// SWMMAC: D = C + sparse(A, index) * B, A 2:4 structured-sparse, wave32 and wave64.
#include "compute.h"
#include "rdna4emu/model.h"

namespace rdna4emu::wmma {

using detail::get_field;

static bool valid(Sparse v) { return static_cast<int>(v) < kSparseCount; }

Shape sparse_shape(Sparse v, int wave_size) {
  if (!valid(v) || (wave_size != 32 && wave_size != 64)) return {0, 0, 0, 0, 0};
  const int* r = info(v).regs[wave_size == 64];
  return {r[0], r[1], r[2], r[2], 1};
}

const char* sparse_mnemonic(Sparse v) { return valid(v) ? info(v).mnemonic : "v_swmmac_<invalid>"; }

int sparse_cycles(Sparse v, int wave_size) {
  // MODEL(wave64_cycles), as dense_cycles
  if (!valid(v)) return 0;
  return info(v).cycles * (wave_size == 64 && model::active<model::Wave64Cycles>() == model::Wave64Cycles::Double ? 2 : 1);
}

int sparse_index_sets(Sparse v, int wave_size) {
  if (!valid(v) || (wave_size != 32 && wave_size != 64)) return 0;
  return info(v).index_sets[wave_size == 64];
}

bool sparse(Sparse v, const Mods& m, int wave_size, const uint32_t* a, const uint32_t* b,
            const uint32_t* index, uint32_t* d_and_c, size_t stride, const char** why) {
  if (!valid(v)) {
    if (why) *why = "unknown SWMMAC variant";
    return false;
  }
  const VariantInfo& vi = info(v);
  if (!detail::check_mods(vi, m, wave_size, why)) return false;
  if (!a || !b || !index || !d_and_c || stride < static_cast<size_t>(wave_size)) {
    if (why) *why = "SWMMAC: null register image or stride smaller than the wave size";
    return false;
  }
  const int key = m.op_sel & 3;  // index_key
  const detail::Plan& p = detail::sparse_plan(v, wave_size, key);
  static thread_local detail::Operands op;
  const int K = vi.k, G = K / 4, bits = type_bits(vi.a);
  op.K = K / 2;
  op.is_int = type_is_int(vi.a);
  const bool sign_a = m.neg_lo & 1, sign_b = m.neg_lo & 2;
  const detail::Decoder dec_a = detail::decoder(vi.a), dec_b = detail::decoder(vi.b);
  if (op.is_int) {
    detail::gather_int(p.a, bits, a, stride, sign_a, op.ia);
    detail::gather_int(p.b, bits, b, stride, sign_b, op.ib);
  } else {
    // 16-bit A: kept value 0 is the low half (NEG[0]), kept value 1 the high half (NEG_HI[0]).
    detail::gather_float(p.a, bits, a, stride, dec_a, m.neg_lo & 1, m.neg_hi & 1, op.fa);
    detail::gather_float(p.b, bits, b, stride, dec_b, m.neg_lo & 2, m.neg_hi & 2, op.fb);
  }
  using SI = model::SparseIndex;
  const SI index_pick = model::active<SI>();
  for (int i = 0; i < 16; ++i)
    for (int g = 0; g < G; ++g) {
      const uint32_t idx = get_field(index, stride, p.idx[i * G + g], 4);
      for (int s = 0; s < 2; ++s)
        // MODEL(sparse_index): kept value s multiplies B row 4g + index[2s+1:2s];
        // two equal indices both use that row (products added separately).
        op.kidx[i * 64 + 2 * g + s] = 4 * g + static_cast<int>((idx >> (2 * s)) & 3);
      if (index_pick != SI::Positions) {
        // Candidates: swapped_fields (bits [3:2] place kept value 0), equal_last_wins /
        // equal_first_wins (equal positions: only kept value 1 / 0 contributes; -1 = dropped).
        const int p0 = static_cast<int>(idx & 3), p1 = static_cast<int>((idx >> 2) & 3);
        int* t = &op.kidx[i * 64 + 2 * g];
        if (index_pick == SI::SwappedFields) t[0] = 4 * g + p1, t[1] = 4 * g + p0;
        if (index_pick == SI::EqualLastWins && p0 == p1) t[0] = -1;
        if (index_pick == SI::EqualFirstWins && p0 == p1) t[1] = -1;
      }
    }
  detail::read_c(vi, p, m, d_and_c, stride, op);
  detail::multiply_accumulate(vi, p, m, op, d_and_c, stride);
  return true;
}

}  // namespace rdna4emu::wmma
