// Run-time choice among the candidate models of the UNVERIFIED matrix
// assumptions (candidates.csv: the candidate names; RDNA4_EMU_MODEL selects them).
// Candidate 0 of every assumption is the default model; with every choice at
// its default the library behaves exactly as without this mechanism (the code
// paths of the defaults are unchanged, the candidates take separate paths).
#pragma once

#include "model_candidates.inc"  // generated from candidates.csv (gen_candidates.py)

namespace rdna4emu::wmma::detail {

// The assumptions with candidates, in the order of candidates.csv (the data file
// the candidate names and their order come from: candidate k of a row is pick() == k).
#define RDNA4_MODEL_CHOICE_ENUM(E, ...) E,
enum class Choice : int { RDNA4_MODEL_CHOICES(RDNA4_MODEL_CHOICE_ENUM) kCount };
#undef RDNA4_MODEL_CHOICE_ENUM

// Index of the active candidate (0 = default). RDNA4_EMU_MODEL is parsed on
// first use; a bad value stops the process with exit status 2.
int pick(Choice c);

// True when every choice is its default (the wave32 fast path's precondition).
bool all_default();

}  // namespace rdna4emu::wmma::detail
