// DPP execution: a VALU instruction whose src0 is read from another lane of the
// same row (DPP16) or of the same group of eight lanes (DPP8).
//
// Semantics (AMD RDNA4 ISA reference guide, "Data Parallel Processing (DPP)"; the
// controls' names and encodings as in llvm/lib/Target/AMDGPU/SIDefines.h DppCtrl and
// llvm/docs/AMDGPUModifierSyntax.rst):
//  * Lanes form rows of 16 (two rows in wave32, four in wave64). DPP16 reads src0 of
//    lane l from one lane of l's row: quad_perm picks within each group of four,
//    row_shl:n reads l+n, row_shr:n reads l-n, row_ror:n rotates (reads (l-n) mod 16),
//    row_mirror reads 15-l, row_half_mirror 7-l within each half row, row_share:n
//    lane n of the row, row_xmask:n lane l^n (lane numbers within the row).
//  * A source lane is invalid when row_shl/row_shr reach past the row, or when it is
//    disabled in EXEC and fi is 0. An invalid source reads 0 when bound_ctrl is set;
//    otherwise the lane is not written (UNVERIFIED, MODEL(dpp16_invalid_source)).
//  * row_mask bit r clear: lanes of row r are not written; bank_mask bit b clear: lanes
//    with (l mod 16) / 4 = b are not written. Lanes left unwritten run as if EXEC were
//    clear for them, so a VOPC writes 0 to their mask bits (UNVERIFIED,
//    MODEL(dpp_lane_disable_writes)).
//  * DPP8 reads lane 8*(l/8) + lane_sel[l mod 8]; a source lane disabled in EXEC reads
//    0 unless fi is set (AMDGPUModifierSyntax.rst, "fi": "fetch zero for inactive
//    lanes"; UNVERIFIED, MODEL(dpp8_inactive_source)).
//  * abs/neg apply to the value read (the semantics function sees the moved value as
//    src0 and applies the modifiers itself).
//
// How: the moved src0 values are staged in VGPR rows past the architectural file,
// EXEC is narrowed to the lanes that write, and the instruction's own semantics run
// on a copy of the Insn whose src0 names the staging rows. Not on the hot path: only
// DPP instructions go through here (predecode installs exec_dpp for them).
#include <cstring>

#include "rdna4emu/core/insn.h"
#include "rdna4emu/core/wave.h"
#include "dpp.h"

namespace rdna4emu::core {

namespace {

constexpr unsigned kDppRow = kVopdRow + 1;  // staging rows kDppRow, kDppRow + 1 (within kVgprSlack)

bool writes_exec(const Operand& o) {
  return o.kind == OperandKind::SGPR && (o.reg == kExecLo || o.reg == kExecHi);
}

}  // namespace

int dpp16_source_lane(unsigned ctrl, unsigned lane) {
  const unsigned row = lane & ~15u, r = lane & 15u;
  if (ctrl <= 0xff) return int((lane & ~3u) | ((ctrl >> (2 * (lane & 3))) & 3));  // quad_perm
  const unsigned n = ctrl & 0xf;
  if (ctrl >= 0x101 && ctrl <= 0x10f) return r + n < 16 ? int(lane + n) : -1;    // row_shl
  if (ctrl >= 0x111 && ctrl <= 0x11f) return r >= n ? int(lane - n) : -1;        // row_shr
  if (ctrl >= 0x121 && ctrl <= 0x12f) return int(row | ((r - n) & 15));          // row_ror
  if (ctrl == 0x140) return int(row | (15 - r));                                 // row_mirror
  if (ctrl == 0x141) return int((lane & ~7u) | (7 - (lane & 7)));               // row_half_mirror
  if (ctrl >= 0x150 && ctrl <= 0x15f) return int(row | n);                       // row_share
  if (ctrl >= 0x160 && ctrl <= 0x16f) return int(row | (r ^ n));                 // row_xmask
  return -1;
}

int dpp8_source_lane(uint32_t sel, unsigned lane) {
  return int((lane & ~7u) | ((sel >> (3 * (lane & 7))) & 7));
}

void exec_dpp(Wave& w, const Insn& in) {
  const unsigned W = w.W;
  const uint64_t exec = w.exec();
  uint64_t write = exec;
  int srcl[64];
  for (unsigned l = 0; l < W; ++l) {
    int s;
    if (in.dpp == kDpp8) {
      s = dpp8_source_lane(in.dpp8_sel, l);
      if (!in.dpp_fi && !((exec >> s) & 1)) s = -1;  // reads 0
    } else {
      s = dpp16_source_lane(in.dpp_ctrl, l);
      if (s >= 0 && !in.dpp_fi && !((exec >> s) & 1)) s = -1;
      const bool row_on = (in.dpp_row_mask >> (l >> 4)) & 1, bank_on = (in.dpp_bank_mask >> ((l >> 2) & 3)) & 1;
      if (!row_on || !bank_on || (s < 0 && !in.dpp_bound_ctrl)) write &= ~(uint64_t(1) << l);
    }
    srcl[l] = s;
  }
  Insn t = in;
  t.fn = in.dpp_inner;
  t.dpp = 0;
  const unsigned nregs = in.src[0].nregs ? in.src[0].nregs : 1;
  for (unsigned k = 0; k < nregs && k < 2; ++k) {
    const uint32_t* from = w.vreg(in.src[0].reg + k);
    uint32_t* to = w.vreg(kDppRow + k);
    for (unsigned l = 0; l < W; ++l) to[l] = srcl[l] >= 0 ? from[srcl[l]] : 0u;
  }
  t.src[0].reg = uint16_t(kDppRow);
  if (write == exec) {
    in.dpp_inner(w, t);
    return;
  }
  w.set_exec(write);
  in.dpp_inner(w, t);
  // Restore EXEC unless the instruction wrote it (v_cmpx, a VOPC e64 with EXEC as sdst).
  if (!(in.info && (in.info->flags & F_CMPX)) && !writes_exec(in.sdst) && !writes_exec(in.dst)) w.set_exec(exec);
}

}  // namespace rdna4emu::core
