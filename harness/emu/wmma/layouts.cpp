// Formulas transcribed from AMD's Matrix Instruction Calculator
// (github.com/ROCm/amd_matrix_instruction_calculator, InstCalcGfx12:
// __get_input_reg, __get_input_lane, __get_output_reg_lanes,
// __get_compression_bits, get_num_compression_sets). The unit test
// layout_vs_calculator checks every element against a dump of the calculator.
#include "layouts.h"

#include "rdna4emu/model.h"

// MODEL(wave64_layouts): the wave64 branches below come from the calculator only.

namespace rdna4emu::wmma::layout {

Loc dense_ab(int bits, int K, int wave, int row, int k) {
  if (wave == 32) {
    switch (bits) {
      case 16: return {2 * (k / 8) + (k / 2) % 2, 16 * (k % 2), 16 * ((k / 4) % 2) + row};
      case 8: return {(k / 4) % 2, 8 * (k % 4), 16 * (k / 8) + row};
      default:
        if (K == 16) return {0, 4 * (k % 8), 16 * (k / 8) + row};
        return {(k / 8) % 2, 4 * (k % 8), 16 * (k / 16) + row};
    }
  }
  switch (bits) {
    case 16: return {(k / 2) % 2, 16 * (k % 2), 32 * ((k / 8) % 2) + 16 * ((k / 4) % 2) + row};
    case 8:
      // MODEL(wave64_layouts) candidate row_major_ab8: lane L holds dword L of the
      // row-major A (column-major B) 16x16 byte tile: row L/4, k 4*(L%4) + byte.
      if (model::active<model::Wave64Layouts>() == model::Wave64Layouts::RowMajorAb8) return {0, 8 * (k % 4), 4 * row + k / 4};
      return {0, 8 * (k % 4), 32 * ((k / 4) % 2) + 16 * ((k / 8) % 2) + row};
    default:
      if (K == 16) return {0, 4 * (k % 8), 16 * (k / 8) + row};  // lanes 32-63 unused
      return {0, 4 * (k % 8), 32 * ((k / 8) % 2) + 16 * ((k / 16) % 2) + row};
  }
}

Loc acc(int acc_bits, int wave, int i, int j) {
  if (wave == 32) {
    if (acc_bits == 32) return {i % 8, 0, 16 * (i / 8) + j};
    return {(i / 2) % 4, 16 * (i % 2), 16 * (i / 8) + j};
  }
  int lane = 32 * ((i / 4) % 2) + 16 * (i / 8) + j;
  // MODEL(wave64_layouts): candidate linear_cd puts the four row groups of 4 in
  // lane quarters in row order (16 * (i / 4) + j) instead of the calculator's.
  if (model::active<model::Wave64Layouts>() == model::Wave64Layouts::LinearCd) lane = 16 * (i / 4) + j;
  if (acc_bits == 32) return {i % 4, 0, lane};
  return {(i / 2) % 2, 16 * (i % 2), lane};
}

Loc sparse_a(int bits, int K, int wave, int i, int k) {
  if (wave == 32) {
    switch (bits) {
      case 16: return {2 * (k / 16) + (k / 4) % 2, 0, 16 * ((k / 8) % 2) + i};
      case 8: return {(k / 8) % 2, 16 * ((k / 4) % 2), 16 * (k / 16) + i};
      default:
        if (K == 32) return {0, 8 * ((k / 4) % 4), 16 * (k / 16) + i};
        return {(k / 16) % 2, 8 * ((k / 4) % 4), 16 * (k / 32) + i};
    }
  }
  switch (bits) {
    case 16: return {(k / 4) % 2, 0, 16 * (k / 8) + i};
    case 8: return {0, 16 * ((k / 4) % 2), 32 * ((k / 8) % 2) + 16 * (k / 16) + i};
    default:
      if (K == 32) return {0, 8 * ((k / 4) % 4), 16 * (k / 16) + i};  // lanes 32-63 unused
      return {0, 8 * ((k / 4) % 4), 32 * ((k / 16) % 2) + 16 * (k / 32) + i};
  }
}

Loc sparse_b(int bits, int K, int wave, int j, int k) {
  if (wave == 32) {
    switch (bits) {
      case 16: return {4 * (k / 16) + (k / 2) % 4, 16 * (k % 2), 16 * ((k / 8) % 2) + j};
      case 8: return {(k / 4) % 4, 8 * (k % 4), 16 * (k / 16) + j};
      default:
        if (K == 32) return {(k / 8) % 2, 4 * (k % 8), 16 * (k / 16) + j};
        return {(k / 8) % 4, 4 * (k % 8), 16 * (k / 32) + j};
    }
  }
  switch (bits) {
    case 16: return {(k / 2) % 4, 16 * (k % 2), 16 * (k / 8) + j};
    case 8: return {(k / 4) % 2, 8 * (k % 4), 32 * ((k / 8) % 2) + 16 * (k / 16) + j};
    default:
      if (K == 32) return {0, 4 * (k % 8), 32 * ((k / 8) % 2) + 16 * (k / 16) + j};
      return {(k / 8) % 2, 4 * (k % 8), 32 * ((k / 16) % 2) + 16 * (k / 32) + j};
  }
}

int sparse_index_sets(int bits, int K, int wave) {
  if (wave == 32) return (bits == 4 && K == 64) ? 1 : 2;
  return bits == 4 ? 2 : 4;
}

Loc sparse_index(int bits, int K, int wave, int i, int k, int key) {
  int base;
  if (wave == 32) {
    if (bits == 16) base = 8 * (k / 16) + 4 * ((k / 4) % 2);
    else if (bits == 8 || K == 32) base = 4 * ((k / 4) % 4);
    else base = 4 * ((k / 4) % 8);
  } else {
    base = bits == 4 ? 4 * ((k / 4) % 4) : 4 * ((k / 4) % 2);
  }
  const int sets = sparse_index_sets(bits, K, wave);
  // MODEL(sparse_index) candidate key_from_high: index_key counts the sets from the
  // high end of the index VGPR (set 0 in the top 32/sets bits).
  if (model::active<model::SparseIndex>() == model::SparseIndex::KeyFromHigh) key = sets - 1 - key;
  base += key * (32 / sets);
  return {0, base, sparse_a(bits, K, wave, i, k).lane};
}

}  // namespace rdna4emu::wmma::layout
