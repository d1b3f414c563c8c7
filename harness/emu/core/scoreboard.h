// Wait-counter and hazard checking (HAZARDS.md): the scoreboard.
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
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "rdna4emu/core/insn.h"
#include "rdna4emu/core/program.h"
#include "rdna4emu/core/wave.h"

#if defined(__GNUC__)
#define RDNA4_HZ_INLINE inline __attribute__((always_inline))
#else
#define RDNA4_HZ_INLINE inline
#endif

namespace rdna4emu::core {

// The rules the scoreboard checks; each can be switched off on its own
// (Scoreboard::Options). Names are the ones printed in diagnostics.
enum class HazardRule : uint8_t {
  LoadCnt,        // VMEM load / atomic-with-return result read or overwritten before s_wait_loadcnt
  DsCnt,          // LDS load result before s_wait_dscnt
  KmCnt,          // SMEM result before s_wait_kmcnt
  LdsBarrier,     // LDS store of one wave not complete (s_wait_dscnt) at its s_barrier_signal, read by another wave
  WmmaAB,         // WMMA D -> next WMMA A/B (or SWMMAC index) without an intervening VALU (v_nop)
  SgprRead,       // gfx12 SGPR/VCC read hazards (AMDGPUWaitSGPRHazards): s_wait_alu depctr_sa_sdst/va_sdst/va_vcc
  kCount
};
const char* hazard_rule_name(HazardRule r);

// One register range touched by an instruction (file 0 = VGPR, 1 = SGPR).
struct HzRange {
  uint16_t first = 0;
  uint8_t n = 0;
  uint8_t file = 0;
};

// Per-instruction summary, computed once per launch (cold: the slow path and
// diagnostics read it; the fast path reads HzHot).
struct HzInsn {
  enum Kind : uint8_t { Other, VALU, SALU, Load, Store, Wait, WaitAlu, BarrierSignal, Idle };
  Kind kind = Other;
  uint8_t cnt = 0;            // Counter of a Load/Store (Counter enum value)
  bool wmma = false, swmmac = false, ds = false, flat = false, smem = false;
  bool implicit_vcc_use = false, implicit_vcc_def = false;  // for the SGPR rule
  // M0-relative operands (row flags m0src/m0dst/m0split): read[]/write[] hold M0 and
  // the fixed operands; the indexed registers are added when the instruction
  // executes (Scoreboard::before_slow, m0rel_ranges).
  bool m0rel = false;
  uint8_t nread = 0, nwrite = 0;
  HzRange read[10];
  HzRange write[4];
  HzRange wmma_d, wmma_ab[3];  // D; A, B, (SWMMAC) index
  uint8_t nab = 0;
  // Wait: per-counter limit (0xff = not waited on this counter); WaitAlu: depctr fields.
  uint8_t wait[5] = {0xff, 0xff, 0xff, 0xff, 0xff};
  uint16_t depctr = 0xffff;
};

// Register bit masks: words 0..3 = v0..v255, words 4..5 = SGPR operand
// numbers 0..127 (vcc, ttmp, m0, exec included).
constexpr unsigned kHzMaskWords = 6;

// One-word summary of a register set, the filter of the fast path: VGPR r
// sets bit r % 64, SGPR r bit 63 - r % 64 (so kernels with few registers
// rarely collide). Disjoint summaries prove disjoint sets; overlapping ones
// send the instruction to the exact check (Scoreboard::touches_pending).
inline uint64_t hz_summary_bit(unsigned file, unsigned reg) {
  return uint64_t(1) << (file ? 63 - (reg & 63) : (reg & 63));
}

// The fast path's per-instruction record (32 bytes; Scoreboard::before reads
// only this, HzMasks on a summary hit).
struct HzHot {
  // What Scoreboard::before does with the instruction when it touches no
  // register with an in-flight result (decided per launch from the kind and
  // the enabled rules).
  // Values 0 and 1, then one bit per class (tested by bit in frequency
  // order: no jump table in the Device's execution loop).
  enum Class : uint8_t {
    Valu = 0,        // VALU: becomes the wave's last VALU
    Plain = 1,       // SALU, s_wait_alu, other: nothing to record
    Issue = 0x02,    // memory instruction without a tracked result: count it
    Track = 0x04,    // memory instruction with a tracked result: count it, in-flight entry
    WaitAll = 0x08,  // s_wait_* 0 on one counter: everything on it retires
    Wmma = 0x10,     // WMMA/SWMMAC with the wmma rule: D -> A/B check, then last VALU
    Wait1 = 0x20,    // s_wait_* N > 0 on one counter: retire all but the N newest
    Barrier = 0x40,  // s_barrier_signal: snapshot DScnt for the lds rule
    Slow = 0x80,     // Scoreboard::before_slow (opt-in rules, multi-counter waits, s_wait_idle, ...)
  };
  uint64_t touch = 0;  // summary of every register read or written
  uint64_t wsum = 0;   // summary of the tracked result (Track) / of the WMMA D
  uint64_t absum = 0;  // WMMA: summary of A, B (SWMMAC index)
  Class cls = Slow;
  uint8_t cnt = 0;     // counter of a memory instruction / of a Wait1
  uint8_t flat = 0;    // FLAT: also counts on DScnt
  uint8_t wmma = 0;    // WMMA/SWMMAC (for the D -> A/B rule)
  uint8_t wn = 0;      // Wait1: the limit
  uint8_t track = 0;   // a memory instruction with a tracked result (HAZARDS.md, "Cost")
  uint8_t sg = 0;      // sgpr rule: HzSgpr::Kind of the instruction (0: the rule ignores it)
  uint8_t pad_ = 0;
};

// What the sgpr rule needs of one instruction (cold; Scoreboard::sgpr_step).
// SGPR masks: bit r of word r / 64 for SGPR numbers 0..123 and VCC (106, 107);
// M0, EXEC, NULL and registers >= 128 are excluded, as in LLVM's
// AMDGPUWaitSGPRHazards::sgprNumber.
struct HzSgpr {
  enum Kind : uint8_t { None = 0, Valu, Salu, WaitAlu, Clear };
  uint64_t rd[2] = {0, 0};  // SGPRs read (explicit operands and implicit VCC)
  uint64_t wr[2] = {0, 0};  // SGPRs written
  uint16_t depctr = 0xffff; // WaitAlu: the s_wait_alu immediate
  Kind kind = None;
};

// Exact register masks of one instruction (cold; zero-initialised in bulk).
struct HzMasks {
  uint64_t touch[kHzMaskWords];  // every register read or written
  uint64_t write[kHzMaskWords];  // tracked result (zero if not tracked)
  uint64_t wmma_d[4];            // WMMA D (VGPRs)
  uint64_t wmma_ab[4];           // WMMA A, B, SWMMAC index
};

// A wave's scoreboard state (Wave::hazard points at it). The fields the
// inline fast path of Scoreboard::before uses come first.
struct ScoreboardHot {
  static constexpr unsigned kNCnt = 5;  // Counter enum: None, LOAD, STORE, DS, KM
  // Summary (hz_summary_bit) of the registers with an unretired result: the
  // union of the in-flight entries' summaries, rebuilt by every retirement.
  uint64_t pend_sum;
  const HzHot* hot;  // Scoreboard::hot_ (the fast path needs no Scoreboard register)
  // lv[0]: index of the last VALU executed (Scoreboard::n_ = none); lv[1]: a
  // sink for Plain instructions (one store serves both classes).
  uint32_t lv[2];
  uint32_t issued[kNCnt];
  uint32_t done[kNCnt];  // every operation with seq <= done[c] is complete
  uint64_t csum[kNCnt];  // per counter: summary of its in-flight entries (pend_sum = their union)
  // In-flight memory instructions with a tracked result, per counter, in
  // issue order: a ring ring[c][head[c] .. tail[c]) (indices masked by
  // mask[c] = capacity - 1). The register producer data lives only here: the
  // slow path finds a register's producer by scanning (Scoreboard::producer).
  struct Flight {
    uint64_t sum;    // summary of its result (HzHot::wsum)
    uint32_t seq;    // sequence number on its counter
    uint32_t index;  // instruction index (HzMasks::write = its registers)
  };
  Flight* ring[kNCnt];
  uint32_t mask[kNCnt], head[kNCnt], tail[kNCnt];
  // LDS barrier rule: this wave's DScnt state at its last s_barrier_signal.
  uint32_t ds_issued_at_signal, ds_done_at_signal;
  int64_t signal_index;

  bool retirable(unsigned c) const {
    return head[c] != tail[c] && ring[c][head[c] & mask[c]].seq <= done[c];
  }
};

class Scoreboard final : public ExecHook {
 public:
  struct Options {
    bool rule[size_t(HazardRule::kCount)];
    Options();  // every rule on except the opt-in LdsBarrier (HAZARDS.md)
  };
  Scoreboard(const Program& prog, int wave_size, Options opts = Options());
  ~Scoreboard() override;

  // Inline fast path: an instruction whose register summary misses the
  // wave's pending summary is handled by its HzHot::Class in a few
  // operations; the rest, and every diagnostic, goes to before_slow.
  // Preconditions (the Device guarantees them): wave_start ran for w, and
  // in belongs to the Program this Scoreboard was built from.
  RDNA4_HZ_INLINE bool before(Wave& w, const Insn& in) override {
    auto* s = static_cast<ScoreboardHot*>(w.hazard);
    const uint32_t idx = in.index;
    const HzHot& h = s->hot[idx];
    if (__builtin_expect((h.touch & s->pend_sum) != 0, 0) && touches_pending(*s, idx)) return before_slow(w, in);
    // sgpr rule: SGPR reads and writes of VALU/SALU, s_wait_alu, the VMEM/SMEM that
    // clear the hazards (state updated here unless there is something to report).
    if (__builtin_expect(h.sg != 0, 0) && !sgpr_step(*s, idx)) return before_slow(w, in);
    const size_t cls = h.cls;
    if (cls <= HzHot::Plain) {  // Valu records itself as the last VALU, Plain writes the sink
      s->lv[cls] = idx;
      return true;
    }
    if (cls & HzHot::Issue) {
      ++s->issued[h.cnt];
      s->issued[uint8_t(Counter::DS)] += h.flat;
      return true;
    }
    if (cls & HzHot::Track) {
      issue_tracked(*s, h, idx);
      return true;
    }
    if (cls & HzHot::WaitAll) {  // N = 0 (any counter): everything issued is complete
      const size_t c = h.cnt;
      s->done[c] = s->issued[c];
      s->head[c] = s->tail[c];
      s->csum[c] = 0;
      s->pend_sum = s->csum[1] | s->csum[2] | s->csum[3] | s->csum[4];
      return true;
    }
    if (cls & HzHot::Wmma) {
      const uint32_t p = s->lv[0];
      if (__builtin_expect((s->hot[p].wsum & h.absum) != 0, 0) && s->hot[p].wmma && wmma_overlap(p, idx))
        return before_slow(w, in);
      s->lv[0] = idx;
      return true;
    }
    if (cls & HzHot::Wait1) {  // in order (KMcnt: only a wait for 0, see the constructor)
      const size_t c = h.cnt;
      const uint32_t n = h.wn, is = s->issued[c];
      if (is >= n && is - n > s->done[c]) s->done[c] = is - n;
      if (s->retirable(c)) retire1(*s, unsigned(c));
      return true;
    }
    if (cls & HzHot::Barrier) {
      s->ds_issued_at_signal = s->issued[uint8_t(Counter::DS)];
      s->ds_done_at_signal = s->done[uint8_t(Counter::DS)];
      s->signal_index = idx;
      return true;
    }
    return before_slow(w, in);
  }
  bool before_slow(Wave& w, const Insn& in);
  // Pop what done[] retired and rebuild pend_sum (retire1: counter c only).
  static void retire(ScoreboardHot& s);
  static void retire1(ScoreboardHot& s, unsigned c);
  // Whether the instruction touches a register with an in-flight result
  // (exact masks; called on a summary hit).
  bool touches_pending(const ScoreboardHot& s, uint32_t idx) const;
  // Whether instruction p's WMMA D overlaps instruction h's A/B/index.
  bool wmma_overlap(uint32_t p, uint32_t h) const {
    const uint64_t* d = masks_[p].wmma_d;
    const uint64_t* ab = masks_[h].wmma_ab;
    return ((d[0] & ab[0]) | (d[1] & ab[1]) | (d[2] & ab[2]) | (d[3] & ab[3])) != 0;
  }
  // Issue a memory instruction with a tracked result: count it, add an
  // in-flight entry, its registers become pending.
  RDNA4_HZ_INLINE void issue_tracked(ScoreboardHot& s, const HzHot& h, uint32_t idx) const {
    const size_t c = h.cnt;
    const uint32_t seq = ++s.issued[c];
    // FLAT may address LDS: it also counts on DScnt (HAZARDS.md).
    s.issued[uint8_t(Counter::DS)] += h.flat;
    const uint32_t t = s.tail[c];
    if (__builtin_expect(t - s.head[c] > s.mask[c], 0)) grow(s, unsigned(c));
    ScoreboardHot::Flight& f = s.ring[c][t & s.mask[c]];
    s.tail[c] = t + 1;
    f.sum = h.wsum;
    f.seq = seq;
    f.index = idx;
    s.csum[c] |= h.wsum;
    s.pend_sum |= h.wsum;
  }
  // s_wait_* (any number of counters): retire what the wait guarantees.
  static void apply_wait(ScoreboardHot& s, const uint8_t* wait);

  // Reset the wave's state; called by the Device for every wave it starts
  // (wave 0 of a workgroup also resets this host thread's LDS shadow).
  void wave_start(Wave& w) override;

  const HzInsn& info(uint32_t index) const { return hz_[index]; }
  const HzHot& hot(uint32_t index) const { return hot_[index]; }
  const HzMasks& masks(uint32_t index) const { return masks_[index]; }
  uint32_t size() const { return n_; }

  // Options from the environment: RDNA4_EMU_HAZARD_RULES="+sgpr,-lds,..." (names of
  // hazard_rule_name without the prefix), for debugging only.
  static Options options_from_env();

 private:
  struct WaveState;
  WaveState& state(Wave& w);
  bool violation(Wave& w, const Insn& in, const std::string& msg);
  bool check_lds(Wave& w, const Insn& in, WaveState& s, bool is_store);
  bool check_sgpr(Wave& w, const Insn& in, WaveState& s);
  // sgpr rule (HAZARDS.md): the s_wait_alu fields instruction idx lacks (bits
  // kNeedVaSdst / kNeedSaSdst / kNeedVaVcc; 0: none) and, if any, the first
  // register concerned (*reg); sgpr_commit applies the instruction to the state.
  unsigned sgpr_need(const WaveState& s, uint32_t idx, unsigned* reg) const;
  void sgpr_commit(WaveState& s, uint32_t idx) const;
 public:
  // Fast path of the sgpr rule: false when instruction idx breaks it (state
  // untouched: before_slow reports it), else the state is updated.
  bool sgpr_step(ScoreboardHot& s, uint32_t idx) const;
 private:
  static void grow(ScoreboardHot& s, unsigned c);
  // The newest in-flight entry whose result includes the register (file 0 =
  // VGPR, 1 = SGPR), or nullptr; *cnt = its counter.
  const ScoreboardHot::Flight* producer(const ScoreboardHot& s, unsigned file, unsigned reg, unsigned* cnt) const;

  const Program& prog_;
  int W_;
  Options opts_;
  bool lds_rule_;
  bool sgpr_rule_;
  bool wmma_rule_;
  uint32_t n_ = 0;          // instructions; also the "no last VALU" index
  std::vector<HzInsn> hz_;  // n_ + 1 entries (the last one: a blank)
  std::vector<HzHot> hot_;  // n_ + 1 entries
  std::unique_ptr<HzMasks[]> masks_;  // n_ + 1 entries
  std::vector<HzSgpr> sg_;  // n_ + 1 entries (sgpr rule)
  std::mutex mu_;
  std::vector<std::unique_ptr<WaveState>> states_;  // owned; pointed to by Wave::hazard
};

// Build the summary of one instruction (exposed for tests).
HzInsn summarize(const Insn& in, int wave_size);
// "v5", "v[4:7]", "s[0:1]", "vcc_lo", "m0", ...
std::string reg_name(unsigned file, unsigned first, unsigned n);

}  // namespace rdna4emu::core
