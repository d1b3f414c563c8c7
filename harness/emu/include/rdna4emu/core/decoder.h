// Standalone gfx12 decoder: bytes -> Insn. No state, no allocation; usable by
// the disassembly printer, the fuzzer and the predecoder alike.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "rdna4emu/core/insn.h"

namespace rdna4emu::core {

struct DecodeResult {
  bool ok = false;
  Insn insn;            // on failure: family Invalid, size = bytes consumed (>= 4 when size >= 4), error set
  std::string error;    // why it failed (truncated, unknown opcode, ...)
};

// Decode one instruction at `bytes` (at most `size` bytes available).
// wave_size selects lane-mask widths (32 or 64). Never reads past `size`.
DecodeResult decode(const uint8_t* bytes, size_t size, int wave_size = 32);

// All decode-table rows (for tests and the printer).
std::vector<const OpInfo*> all_opinfos();
// Graphics-only rows (isa/graphics.csv; flag F_GRAPHICS, never executed), not in all_opinfos().
std::vector<const OpInfo*> graphics_opinfos();
// Row by family and opcode, or nullptr.
const OpInfo* find_opinfo(Family f, unsigned opcode);
const OpInfo* find_opinfo(const std::string& mnemonic);

// The decoder's view of an instruction, roughly in llvm-objdump syntax
// (mnemonic and operands). The later printer refines it.
std::string format_insn(const Insn& insn, int wave_size = 32);
// Best-effort name of the encoding (family + opcode, mnemonic if known) for
// words that failed to decode.
std::string describe_bytes(const uint8_t* bytes, size_t size);

}  // namespace rdna4emu::core
