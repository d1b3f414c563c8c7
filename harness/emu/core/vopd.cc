// VOPD (v_dual_*): both halves read the old state; X's result is staged in a spare
// VGPR row until Y has run (AMD RDNA4 ISA reference guide, VOPD chapter).
#include <cstring>

#include "semantics.h"

namespace rdna4emu::core {

void exec_vopd(Wave& w, const Insn& in) {
  const Insn& x = *in.half[0];
  const Insn& y = *in.half[1];
  uint32_t* t = w.vreg(kVopdRow);
  uint32_t* dx = w.vreg(in.dst.reg);
  std::memcpy(t, dx, sizeof(uint32_t) * w.W);
  x.fn(w, x);   // reads the old state, writes the staging row
  y.fn(w, y);   // reads the old state (X's result is still staged)
  std::memcpy(dx, t, sizeof(uint32_t) * w.W);
}

}  // namespace rdna4emu::core
