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
//  * The other candidates of these three models (docs/facts/unverified.md) run through
//    alt_source_lane and finish_lane_mask; the defaults never reach them.
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
#include "rdna4emu/device.h"
#include "dpp.h"
#include "semantics.h"

namespace rdna4emu::core {

namespace {

constexpr unsigned kDppRow = kVopdRow + 1;  // staging rows kDppRow, kDppRow + 1 (within kVgprSlack)

bool writes_exec(const Operand& o) {
  return o.kind == OperandKind::SGPR && (o.reg == kExecLo || o.reg == kExecHi);
}

// Source lane of `lane` under the non-default candidates (-1: reads 0); clears *written
// when the lane is left unwritten. k16: dpp16_invalid_source (bound_ctrl_inverted: the
// bit's meaning swapped; inactive_zero: a source off in EXEC reads 0 without fi and the
// lane is written; inactive_read: EXEC never makes a source invalid). k8:
// dpp8_inactive_source (read_anyway: fi ignored, the lane read; unwritten: a source off
// in EXEC without fi leaves the lane unwritten).
int alt_source_lane(const Insn& in, uint64_t exec, unsigned lane, model::Dpp16InvalidSource k16,
                    model::Dpp8InactiveSource k8, bool* written) {
  using K16 = model::Dpp16InvalidSource;
  using K8 = model::Dpp8InactiveSource;
  const bool fi = in.dpp_fi;
  if (in.dpp == kDpp8) {
    int s = dpp8_source_lane(in.dpp8_sel, lane);
    if (!fi && !((exec >> s) & 1)) {
      if (k8 == K8::Unwritten) *written = false;
      else if (k8 == K8::ZeroUnlessFi) s = -1;
    }
    return s;
  }
  int s = dpp16_source_lane(in.dpp_ctrl, lane);
  bool invalid = s < 0;
  if (s >= 0 && !fi && !((exec >> s) & 1) && k16 != K16::InactiveRead) {
    s = -1;
    invalid = k16 != K16::InactiveZero;
  }
  const bool bc = k16 == K16::BoundCtrlInverted ? !in.dpp_bound_ctrl : in.dpp_bound_ctrl;
  if (invalid && !bc) *written = false;
  return s;
}

// dpp_lane_disable_writes candidates kept (the mask bits of exec lanes DPP left
// unwritten keep their old value) and computed (those bits are the instruction's
// result for the value the lane reads; its VGPR is still not written). Runs the
// instruction with `t` and restores EXEC as exec_dpp does.
void run_alt_lane_mask(Wave& w, const Insn& in, const Insn& t, uint64_t exec, uint64_t write,
                       model::DppLaneDisableWrites kw) {
  const bool computed = kw == model::DppLaneDisableWrites::Computed;
  const uint64_t skipped = exec & ~write;
  const bool mask_dst = in.sdst.kind == OperandKind::SGPR && in.sdst.reg != kNull;
  const uint64_t old = mask_dst ? sread_mask(w, in.sdst) : 0;
  uint32_t keep[2][64];
  const unsigned nd = in.dst.kind == OperandKind::VGPR ? (in.dst.nregs > 1 ? 2u : 1u) : 0u;
  if (computed) {
    for (unsigned k = 0; k < nd; ++k) std::memcpy(keep[k], w.vreg(in.dst.reg + k), w.W * sizeof(uint32_t));
    w.set_exec(exec);
  } else {
    w.set_exec(write);
  }
  in.dpp_inner(w, t);
  if (computed) {
    for (unsigned k = 0; k < nd; ++k)
      for (unsigned l = 0; l < w.W; ++l)
        if ((skipped >> l) & 1) w.vreg(in.dst.reg + k)[l] = keep[k][l];
  } else if (mask_dst) {
    swrite_mask(w, in.sdst, (sread_mask(w, in.sdst) & ~skipped) | (old & skipped));
  }
  if (!(in.info && (in.info->flags & F_CMPX)) && !writes_exec(in.sdst) && !writes_exec(in.dst)) w.set_exec(exec);
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
  static const auto k16 = model::active<model::Dpp16InvalidSource>();
  static const auto k8 = model::active<model::Dpp8InactiveSource>();
  static const auto kw = model::active<model::DppLaneDisableWrites>();
  for (unsigned l = 0; l < W; ++l) {
    int s;
    if (k16 != model::Dpp16InvalidSource::LlvmDoc || k8 != model::Dpp8InactiveSource::ZeroUnlessFi) {
      bool written = true;
      s = alt_source_lane(in, exec, l, k16, k8, &written);
      const bool row_on = in.dpp == kDpp8 || ((in.dpp_row_mask >> (l >> 4)) & 1);
      const bool bank_on = in.dpp == kDpp8 || ((in.dpp_bank_mask >> ((l >> 2) & 3)) & 1);
      if (!written || !row_on || !bank_on) write &= ~(uint64_t(1) << l);
    } else if (in.dpp == kDpp8) {
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
  if (kw != model::DppLaneDisableWrites::Cleared) {
    run_alt_lane_mask(w, in, t, exec, write, kw);
    return;
  }
  w.set_exec(write);
  in.dpp_inner(w, t);
  // Restore EXEC unless the instruction wrote it (v_cmpx, a VOPC e64 with EXEC as sdst).
  if (!(in.info && (in.info->flags & F_CMPX)) && !writes_exec(in.sdst) && !writes_exec(in.dst)) w.set_exec(exec);
}

}  // namespace rdna4emu::core
