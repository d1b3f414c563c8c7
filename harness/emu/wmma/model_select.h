// Run-time choice among the candidate models of the UNVERIFIED matrix
// assumptions (model.cpp: the candidate names; RDNA4_EMU_MODEL selects them).
// Candidate 0 of every assumption is the default model; with every choice at
// its default the library behaves exactly as without this mechanism (the code
// paths of the defaults are unchanged, the candidates take separate paths).
#pragma once

namespace rdna4emu::wmma::detail {

// The assumptions with candidates, in the order of model.cpp's candidate table.
enum class Choice : int {
  FloatAccumulation,  // 0 exact, 1 f32_each_step, 2 exact_truncate
  Denormals,          // 0 keep, 1 flush_inputs, 2 flush_outputs, 3 flush_all
  NanResults,         // 0 canonical, 1 propagate_c
  Fp8Bf8Decoding,     // 0 ocp, 1 fnuz
  CModifiers,         // 0 abs_then_neg, 1 neg_then_abs, 2 ignored
  FloatClamp,         // 0 illegal, 1 clamp_0_1, 2 ignored
  IntClamp,           // 0 int32, 1 wrap, 2 input_type, 3 uint32_unsigned
  Wave64Layouts,      // 0 calculator, 1 linear_cd
  SparseIndex,        // 0 positions, 1 swapped_fields, 2 equal_last_wins, 3 equal_first_wins
  TrB64Mapping,       // 0 ck_inferred, 1 b128_rule
  TrWave64,           // 0 half_width_blocks, 1 interleaved_rows, 2 tr4x4
  TrPartialExec,      // 0 exec_lanes_only, 1 write_all_lanes, 2 fetch_inactive
  Wave64Cycles,       // 0 same, 1 double
  // Instruction-level choices (read by the core through model_choice()).
  CvtPk16Saturates,     // 0 saturate, 1 truncate
  SaluBfeWideWidth,     // 0 all_bits, 1 width_mod
  SaluRndneSignedZero,  // 0 keep_sign, 1 positive_zero
  DsSwizzleRotate,      // 0 dir0_reads_higher, 1 dir0_reads_lower
  GlobalAddtidOffset,   // 0 full_offset, 1 offset_12bit
  CvtPkU8F32Rounding,   // 0 toward_zero, 1 nearest_even
  kCount
};

// Index of the active candidate (0 = default). RDNA4_EMU_MODEL is parsed on
// first use; a bad value stops the process with exit status 2.
int pick(Choice c);

// True when every choice is its default (the wave32 fast path's precondition).
bool all_default();

}  // namespace rdna4emu::wmma::detail
