// Faults: how a wave stops with a diagnostic (Wave::fault_at) and the handlers the
// predecoder installs for what cannot run: undecodable words, rows without semantics,
// graphics-only encodings, running off the end, bad branch targets, s_code_end.
#include <cstdio>

#include "rdna4emu/core/decoder.h"
#include "rdna4emu/core/program.h"
#include "semantics.h"

namespace rdna4emu::core {

void Wave::fault_at(int kind, const Insn& in, const std::string& msg) {
  if (stop == StopReason::Fault) return;
  stop = StopReason::Fault;
  fault_kind = kind;
  char head[160];
  std::snprintf(head, sizeof head, "kernel %s, pc 0x%x (byte offset from the kernel entry), wave %u of workgroup (%u,%u,%u): ",
                L && L->prog ? L->prog->kernel.c_str() : "?", in.pc, wave_id, wg ? wg->id[0] : 0,
                wg ? wg->id[1] : 0, wg ? wg->id[2] : 0);
  std::string dis = in.info ? format_insn(in, int(W)) : std::string("<undecodable>");
  fault_msg = std::string(head) + msg + "\n  instruction: " + dis + "\n  encoding: " +
              describe_bytes(reinterpret_cast<const uint8_t*>(in.raw), in.size ? in.size : 4);
  if (L) L->note_fault(wg ? wg->index : 0);
}

void exec_illegal(Wave& w, const Insn& in) {
  const uint8_t* b = reinterpret_cast<const uint8_t*>(in.raw);
  std::string guess = describe_bytes(b, 4);
  std::string what = std::string("illegal instruction (") + (in.error ? in.error : "undecodable") + "), family " +
                     family_name(in.family);
  if (in.info) what += std::string(", opcode of ") + in.info->mnemonic;
  w.fault_at(int(Fault::IllegalInstruction), in, what);
}

void exec_unimplemented(Wave& w, const Insn& in) {
  if (in.info && (in.info->flags & F_GRAPHICS)) {  // isa/graphics.csv: out of scope
    w.fault_at(int(Fault::IllegalInstruction), in,
               std::string("graphics instruction ") + in.info->mnemonic + " is not emulated (" +
                   family_name(in.family) + " encoding; see isa/graphics.csv)");
    return;
  }
  w.fault_at(int(Fault::IllegalInstruction), in,
             std::string("instruction decodes but its semantics are not implemented in the emulator: ") +
                 (in.info ? in.info->mnemonic : "?"));
}

void exec_fell_off(Wave& w, const Insn& in) {
  w.fault_at(int(Fault::IllegalInstruction), in, "execution ran past the end of the kernel's code (no s_endpgm)");
}

void exec_bad_target(Wave& w, const Insn& in) {
  w.fault_at(int(Fault::IllegalInstruction), in, "branch to an address that is not an instruction of this kernel");
}

void not_supported(Wave& w, const Insn& in, const char* what) {
  w.fault_at(int(Fault::IllegalInstruction), in, std::string("unsupported: ") + what);
}

void code_end(Wave& w, const Insn& in) {
  w.fault_at(int(Fault::IllegalInstruction), in, "executed s_code_end (padding after the kernel)");
}

}  // namespace rdna4emu::core
