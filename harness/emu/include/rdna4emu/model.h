// The emulator's models: where no public source fixes what RDNA4 hardware does, the
// emulator chooses one behaviour (an UNVERIFIED model) among named candidates. Each model
// is defined once, as data, in harness/emu/models/*.toml; gen_models.py generates
// rdna4emu/model_ids.h from it: per model an enum class of its candidates (the first is
// the default) and its model::Id.
//
// The semantics code asks for the active candidate of a model by type, so a mistyped
// model or candidate is a compile error:
//
//   static const auto k = model::active<model::DivScaleCases>();
//   if (k == model::DivScaleCases::Pseudocode) ...
//
// RDNA4_EMU_MODEL=id=candidate[,id=candidate...] selects other candidates at run time
// (parsed on first use; an unknown id or candidate, or bad syntax, stops the process with
// exit status 2).
#pragma once

#include <string>
#include <vector>

#include "rdna4emu/model_ids.h"  // generated from harness/emu/models/*.toml

namespace rdna4emu::model {

struct Candidate {
  std::string name;
  std::string meaning;  // one line
};

// One model as harness/emu/models/<scope>.toml defines it.
struct Model {
  std::string id;
  std::string scope;       // the .toml file: matrix, valu_int, dpp, salu, valu_float, vop3p, buffer, memory
  std::string probe;       // the probe of `rdna4-conformance probe` that decides it
  std::string behaviour;   // what the emulator does by default
  std::string unverified;  // "UNVERIFIED: ...": what the sources say or leave open
  std::vector<Candidate> candidates;  // the default first
};

// Every model, indexed by model::Id.
const std::vector<Model>& all();

// Index of the active candidate of a model (0: the default).
int active_index(Id id);

// The active candidate of model M.
template <class M>
M active() {
  return static_cast<M>(active_index(IdOf<M>::value));
}

// True when every model runs its default candidate (the wave32 WMMA fast path's precondition).
bool all_default();

// Checks an RDNA4_EMU_MODEL value; on false, *why says what is wrong.
bool selection_valid(const std::string& value, std::string* why);

}  // namespace rdna4emu::model
