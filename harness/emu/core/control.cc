// Control flow and barriers: absolute jumps (s_setpc/s_swappc), the workgroup
// barrier (s_barrier_signal -1 / s_barrier_wait) and s_endpgm.
#include <cinttypes>
#include <cstdio>

#include "rdna4emu/core/program.h"
#include "semantics.h"

namespace rdna4emu::core {

void jump_to(Wave& w, const Insn& in, uint64_t addr) {
  const Program& p = *w.L->prog;
  uint64_t off = addr - w.L->code_base;
  auto it = p.pc_to_index.find(uint32_t(off));
  if (int64_t(off) != int64_t(int32_t(uint32_t(off))) || it == p.pc_to_index.end()) {
    char b[128];
    std::snprintf(b, sizeof b, "jump to device address 0x%" PRIx64 ", which is not an instruction of this code object",
                  addr);
    w.fault_at(int(Fault::IllegalInstruction), in, b);
    return;
  }
  w.pc = it->second;
}

void barrier_signal(Wave& w, const Insn& in) {
  int32_t id = int32_t(sread(w, in.src[0]));
  if (id != -1) { not_supported(w, in, "s_barrier_signal with a named barrier (only -1, the workgroup barrier)"); return; }
  Workgroup& g = *w.wg;
  ++w.signals;
  if (++g.arrived >= g.live_waves) {
    g.arrived = 0;
    ++g.generation;
  }
}

void barrier_wait(Wave& w, const Insn& in) {
  (void)in;
  if (w.wg->generation < w.signals) {
    --w.pc;  // re-execute the wait when resumed
    --w.icount;
    if (w.counts) --w.counts[in.index];
    w.stop = StopReason::Barrier;
  }
}

void endpgm(Wave& w, const Insn& in) {
  (void)in;
  w.stop = StopReason::Ended;
}

}  // namespace rdna4emu::core
