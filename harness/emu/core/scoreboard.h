// Wait-counter and hazard checking (issue 5): the scoreboard.
//
// The emulator completes every memory access at once. Real gfx12 hardware
// returns load data later and reports completion through the wait counters
// (LOADcnt, STOREcnt, DScnt, KMcnt); code that reads a result before an
// s_wait_* guarantees it reads stale data, sometimes. The scoreboard models
// each result as "in flight" until a wait retires it, and stops the wave with
// Fault::HazardViolation the moment an instruction would observe an
// unretired result, or breaks one of the gfx12 hazard rules of LLVM's
// GCNHazardRecognizer / AMDGPUWaitSGPRHazards. See HAZARDS.md for every rule
// and its source.
//
// Integration: the Device creates one Scoreboard per launch (strict mode) and
// installs it as an ExecHook. Per-instruction facts (registers read and
// written, counter class, wait immediates) are precomputed once per launch
// from the predecoded Program; the per-executed-instruction work is a few
// array lookups. Per-wave state lives in Wave::hazard (owned by the Scoreboard).
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "rdna4emu/core/insn.h"
#include "rdna4emu/core/program.h"
#include "rdna4emu/core/wave.h"

namespace rdna4emu::core {

// The rules the scoreboard checks; each can be switched off on its own
// (Scoreboard::Options). Names are the ones printed in diagnostics.
enum class HazardRule : uint8_t {
  LoadCnt,        // VMEM load / atomic-with-return result read or overwritten before s_wait_loadcnt
  DsCnt,          // LDS load result before s_wait_dscnt
  KmCnt,          // SMEM result before s_wait_kmcnt
  LdsBarrier,     // LDS store of one wave not complete (s_wait_dscnt) at its s_barrier_signal, read by another wave
  WmmaAB,         // WMMA D -> next WMMA A/B (or SWMMAC index) without an intervening VALU (v_nop)
  SgprRead,       // gfx12 VALU-read-SGPR hazard (AMDGPUWaitSGPRHazards): s_wait_alu sa_sdst/va_sdst/va_vcc
  kCount
};
const char* hazard_rule_name(HazardRule r);

// One register range touched by an instruction (file 0 = VGPR, 1 = SGPR).
struct HzRange {
  uint16_t first = 0;
  uint8_t n = 0;
  uint8_t file = 0;
};

// Per-instruction summary, computed once per launch.
struct HzInsn {
  enum Kind : uint8_t { Other, VALU, SALU, Load, Store, Wait, WaitAlu, BarrierSignal, Idle };
  Kind kind = Other;
  uint8_t cnt = 0;            // Counter of a Load/Store (Counter enum value)
  bool wmma = false, swmmac = false, ds = false, flat = false, smem = false;
  bool implicit_vcc_use = false, implicit_vcc_def = false;  // for the SGPR rule
  uint8_t nread = 0, nwrite = 0;
  HzRange read[10];
  HzRange write[4];
  HzRange wmma_d, wmma_ab[3];  // D; A, B, (SWMMAC) index
  uint8_t nab = 0;
  // Wait: per-counter limit (0xff = not waited on this counter); WaitAlu: depctr fields.
  uint8_t wait[5] = {0xff, 0xff, 0xff, 0xff, 0xff};
  uint16_t depctr = 0xffff;
  // Every register in read[] or write[] as bit masks (VGPRs 0..256, SGPRs 0..127),
  // filled by the Scoreboard: one AND against the wave's pending masks dismisses
  // an instruction that touches no register with a possibly unretired result.
  uint64_t vtouch[5] = {0, 0, 0, 0, 0};
  uint64_t stouch[2] = {0, 0};
  uint64_t wmma_dmask[5] = {0, 0, 0, 0, 0}, wmma_abmask[5] = {0, 0, 0, 0, 0};  // wmma_d, wmma_ab[]
  // VALU (not WMMA/SWMMAC), SALU or Other, and s_wait_alu, when the SGPR rule
  // is off: see Scoreboard::before.
  bool simple = false;
};

// The part of a wave's scoreboard state the inline fast path of
// Scoreboard::before reads (Wave::hazard points at it).
struct ScoreboardHot {
  static constexpr unsigned kNCnt = 5;  // Counter enum: None, LOAD, STORE, DS, KM
  uint32_t issued[kNCnt];
  uint32_t done[kNCnt];    // every operation with seq <= done[c] is complete
  int64_t last_valu = -1;  // index of the last VALU instruction executed
  // Registers that may hold an unretired result: the union of the register
  // masks of the in-flight memory instructions (queue below), recomputed when
  // a wait retires some. A superset of the exact set (a register's latest
  // producer decides: Scoreboard::before_slow), so a clear bit guarantees
  // "nothing in flight" and most instructions are dismissed by one mask test
  // (HzInsn::vtouch/stouch).
  uint64_t vpend[5];  // kVgprRows + 1 registers
  uint64_t spend[2];
  // In-flight memory instructions that write registers, per counter, in issue
  // order: queue[c][head[c]..] (sequence number and written registers).
  struct Flight {
    uint32_t seq;
    uint64_t vm[5], sm[2];
  };
  std::vector<Flight> queue[kNCnt];
  size_t head[kNCnt];
  // Pop what done[] retired and rebuild vpend/spend (Scoreboard::retire).
  bool retirable() const {
    for (unsigned c = 1; c < kNCnt; ++c)
      if (head[c] < queue[c].size() && queue[c][head[c]].seq <= done[c]) return true;
    return false;
  }
};

class Scoreboard final : public ExecHook {
 public:
  struct Options {
    bool rule[size_t(HazardRule::kCount)];
    Options();  // every rule on except the opt-in SgprRead and LdsBarrier (HAZARDS.md)
  };
  Scoreboard(const Program& prog, int wave_size, Options opts = Options());
  ~Scoreboard() override;

  // Inline fast paths: waits; a VALU/SALU/other instruction (not WMMA, not
  // memory) that touches no register with a possibly unretired result, with
  // the SGPR rule off (HzInsn::simple), only records itself as the last VALU.
  bool before(Wave& w, const Insn& in) override {
    auto* s = static_cast<ScoreboardHot*>(w.hazard);
    if (!s || in.index >= hz_.size()) return true;
    const HzInsn& h = hz_[in.index];
    if (h.kind == HzInsn::Wait) {  // s_wait_*: retire what the wait guarantees
      for (unsigned c = 1; c < ScoreboardHot::kNCnt; ++c) {
        if (h.wait[c] == 0xff) continue;
        const uint32_t n = h.wait[c];
        if (c == uint8_t(Counter::KM)) {
          if (n == 0) s->done[c] = s->issued[c];  // out of order: only a wait for 0 guarantees a result
        } else if (s->issued[c] >= n) {
          s->done[c] = std::max(s->done[c], s->issued[c] - n);
        }
      }
      if (s->retirable()) retire(*s);
      return true;
    }
    if (h.wmma && !sgpr_rule_ && wmma_rule_) {  // WMMA/SWMMAC: inline unless a hazard is possible
      const bool inflight = (s->issued[1] ^ s->done[1]) | (s->issued[3] ^ s->done[3]) | (s->issued[4] ^ s->done[4]);
      const bool after_wmma = s->last_valu >= 0 && hz_[size_t(s->last_valu)].wmma;
      if ((!inflight || !((s->vpend[0] & h.vtouch[0]) | (s->vpend[1] & h.vtouch[1]) | (s->vpend[2] & h.vtouch[2]) |
                          (s->vpend[3] & h.vtouch[3]) | (s->vpend[4] & h.vtouch[4]) | (s->spend[0] & h.stouch[0]) |
                          (s->spend[1] & h.stouch[1]))) &&
          (!after_wmma || !wmma_overlap(hz_[size_t(s->last_valu)], h))) {
        s->last_valu = in.index;
        return true;
      }
      return before_slow(w, in);
    }
    if (h.simple) {
      const bool inflight = (s->issued[1] ^ s->done[1]) | (s->issued[3] ^ s->done[3]) | (s->issued[4] ^ s->done[4]);
      if (!inflight || !((s->vpend[0] & h.vtouch[0]) | (s->vpend[1] & h.vtouch[1]) | (s->vpend[2] & h.vtouch[2]) |
                         (s->vpend[3] & h.vtouch[3]) | (s->vpend[4] & h.vtouch[4]) | (s->spend[0] & h.stouch[0]) |
                         (s->spend[1] & h.stouch[1]))) {
        if (h.kind == HzInsn::VALU) s->last_valu = in.index;
        return true;
      }
    }
    return before_slow(w, in);
  }
  bool before_slow(Wave& w, const Insn& in);
  static void retire(ScoreboardHot& s);
  // Whether p's WMMA D overlaps h's A/B/index (HzInsn::wmma_dmask / wmma_abmask).
  static bool wmma_overlap(const HzInsn& p, const HzInsn& h) {
    uint64_t any = 0;
    for (int i = 0; i < 5; ++i) any |= p.wmma_dmask[i] & h.wmma_abmask[i];
    return any != 0;
  }
  // Reset the wave's state; called by the Device for every wave it starts
  // (wave 0 of a workgroup also resets this host thread's LDS shadow).
  void wave_start(Wave& w) override;

  const HzInsn& info(uint32_t index) const { return hz_[index]; }

  // Options from the environment: RDNA4_EMU_HAZARD_RULES="+sgpr,-lds,..." (names of
  // hazard_rule_name without the prefix), for debugging only.
  static Options options_from_env();

 private:
  struct WaveState;
  WaveState& state(Wave& w);
  bool violation(Wave& w, const Insn& in, const std::string& msg);
  bool check_lds(Wave& w, const Insn& in, WaveState& s, bool is_store);
  bool check_sgpr(Wave& w, const Insn& in, const HzInsn& h, WaveState& s);

  const Program& prog_;
  int W_;
  Options opts_;
  bool lds_rule_;
  bool sgpr_rule_;
  bool wmma_rule_;
  std::vector<HzInsn> hz_;
  std::mutex mu_;
  std::vector<std::unique_ptr<WaveState>> states_;  // owned; pointed to by Wave::hazard
};

// Build the summary of one instruction (exposed for tests).
HzInsn summarize(const Insn& in, int wave_size);
// "v5", "v[4:7]", "s[0:1]", "vcc_lo", "m0", ...
std::string reg_name(unsigned file, unsigned first, unsigned n);

}  // namespace rdna4emu::core
