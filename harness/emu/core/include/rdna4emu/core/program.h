// A kernel predecoded once: instructions in program order with resolved
// handlers and branch targets.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "rdna4emu/codeobject.h"
#include "rdna4emu/core/insn.h"

namespace rdna4emu::core {

struct Program {
  std::string kernel;                 // kernel name (diagnostics)
  int wave_size = 32;
  std::vector<Insn> insns;            // program order; then two sentinels:
  uint32_t end_index = 0;             //   [end_index]: "fell off the end of the kernel"
  uint32_t bad_target_index = 0;      //   [bad_target_index]: "branch to a non-instruction"
  std::deque<Insn> halves;            // VOPD X/Y halves
  std::unordered_map<uint32_t, uint32_t> pc_to_index;  // byte offset -> index
  uint64_t code_bytes = 0;
};

// Decode `kernel`'s code from the code object's image. Never fails on an
// undecodable word: it becomes an instruction that faults when executed.
// Throws std::runtime_error only if the entry point lies outside the image.
std::shared_ptr<const Program> predecode(const CodeObject& co, const KernelInfo& kernel);

// Wave size of a kernel: kernel_code_properties bit 10 (wave32), else 64.
int kernel_wave_size(const KernelInfo& k);

}  // namespace rdna4emu::core
