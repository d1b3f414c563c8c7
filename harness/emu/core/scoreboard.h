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
};

class Scoreboard : public ExecHook {
 public:
  struct Options {
    bool rule[size_t(HazardRule::kCount)];
    Options();  // every rule on except the opt-in SgprRead and LdsBarrier (HAZARDS.md)
  };
  Scoreboard(const Program& prog, int wave_size, Options opts = Options());
  ~Scoreboard() override;

  bool before(Wave& w, const Insn& in) override;
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
  std::vector<HzInsn> hz_;
  std::mutex mu_;
  std::vector<std::unique_ptr<WaveState>> states_;  // owned; pointed to by Wave::hazard
};

// Build the summary of one instruction (exposed for tests).
HzInsn summarize(const Insn& in, int wave_size);
// "v5", "v[4:7]", "s[0:1]", "vcc_lo", "m0", ...
std::string reg_name(unsigned file, unsigned first, unsigned n);

}  // namespace rdna4emu::core
