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
  // The kernel's code in program order, its "fell off the end" sentinel
  // [end_index], the "bad branch target" sentinel [bad_target_index]; then the
  // code object's other functions (callees), each followed by a sentinel.
  std::vector<Insn> insns;
  uint32_t end_index = 0;
  uint32_t bad_target_index = 0;
  std::deque<Insn> halves;            // VOPD X/Y halves
  std::unordered_map<uint32_t, uint32_t> pc_to_index;  // byte offset from the kernel entry (mod 2^32) -> index
  uint64_t code_bytes = 0;
  // One past the highest VGPR row any instruction names statically (reg + nregs over
  // every VGPR operand, VOPD halves included). With the kernel's VGPR allocation (the
  // bound of M0-indexed accesses) it limits the rows a wave can write: the launch
  // re-zeroes only those (device.cc init_wave).
  uint32_t vgpr_rows = 0;
};

// Decode `kernel`'s code from the code object's image. Never fails on an
// undecodable word: it becomes an instruction that faults when executed.
// Throws std::runtime_error only if the entry point lies outside the image.
std::shared_ptr<const Program> predecode(const CodeObject& co, const KernelInfo& kernel);

// Wave size of a kernel: kernel_code_properties bit 10 (wave32), else 64.
int kernel_wave_size(const KernelInfo& k);

}  // namespace rdna4emu::core
