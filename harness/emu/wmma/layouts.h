// Where each matrix element lives in the register images: the lane/GPR/bit
// formulas of AMD's Matrix Instruction Calculator (InstCalcGfx12) for RDNA4,
// wave32 and wave64, dense and sparse. The one place these formulas live.
//
// A[i][k] is M x K (i = row), B[k][j] is K x N (j = column): for B pass the
// column j as `row`. Element widths: 16, 8 or 4 bits; K is the variant's K.
#pragma once

namespace rdna4emu::wmma::layout {

struct Loc {
  int gpr;   // operand register index
  int bit;   // lowest bit of the field within the 32-bit register
  int lane;
};

// Dense A[row][k] / B[k][row].
Loc dense_ab(int bits, int K, int wave, int row, int k);

// C/D[i][j] for 32-bit (f32, i32) or 16-bit (f16, bf16, packed) accumulators.
Loc acc(int acc_bits, int wave, int i, int j);

// SWMMAC A: the slot (2 * bits wide; 32 bits for 16-bit types) holding the
// two kept values of the group of four K columns containing k, row i.
// Kept value s (0, 1) is at bit + s * bits.
Loc sparse_a(int bits, int K, int wave, int i, int k);

// SWMMAC B[k][j] (dense, K rows).
Loc sparse_b(int bits, int K, int wave, int j, int k);

// SWMMAC index: the 4-bit field for the group containing A[i][k], in index
// register 0, for index set `key` (0 .. index_sets-1). Bits [1:0] give the
// position (0..3) inside the group of kept value 0, bits [3:2] of kept value 1.
Loc sparse_index(int bits, int K, int wave, int i, int k, int key);
int sparse_index_sets(int bits, int K, int wave);

}  // namespace rdna4emu::wmma::layout
