// Machine state of one wave, its workgroup and the launch, as seen by the
// per-instruction semantic functions (insns/*.h) and the execution loop.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "rdna4emu/core/insn.h"

namespace rdna4emu::core {

// Scalar operand numbers (SGPR file index = encoding).
enum : unsigned {
  kVccLo = 106, kVccHi = 107, kTtmp0 = 108, kNull = 124, kM0 = 125, kExecLo = 126, kExecHi = 127,
};
constexpr unsigned kTtmp7 = kTtmp0 + 7, kTtmp9 = kTtmp0 + 9;

// Device address-space layout (see decoder.cc for the aperture constants).
constexpr uint64_t kSharedAperture = 0x0000200000000000ull;   // LDS through flat
constexpr uint64_t kPrivateAperture = 0x0000300000000000ull;  // scratch through flat
constexpr uint64_t kApertureSize = 0x100000000ull;
constexpr unsigned kVgprRows = 256;   // architectural VGPRs v0..v255
constexpr unsigned kVopdRow = 256;    // extra row: VOPD X result staging
// Rows allocated past v255 so that any decodable register range (v255 plus
// up to 32 registers: global/scratch_*_block move 32 VGPRs) stays inside the
// VGPR file: never a host overrun.
constexpr unsigned kVgprSlack = 33;

class MemoryMap;  // device memory (executor.cc)
struct Wave;

// Per-instruction hook (the hazard scoreboard, core/HAZARDS.md, plugs in here): called before
// each executed instruction with the wave state; the Insn carries the
// registers it reads and writes (operands) and its wait counter (info->counter).
// Return false to stop the wave (the hook sets the fault with Wave::fault_at).
struct ExecHook {
  virtual ~ExecHook() = default;
  virtual bool before(Wave& w, const Insn& in) = 0;
  virtual void after(Wave& w, const Insn& in) { (void)w; (void)in; }
  // Called when a wave (re)starts, before its first instruction (hazard scoreboard).
  virtual void wave_start(Wave& w) { (void)w; }
};

struct Workgroup {
  uint32_t id[3] = {0, 0, 0};
  uint64_t index = 0;  // linear workgroup index (x fastest): the order of a one-thread launch
  // Which of the workgroups resident on its host thread this is: 0 in an ordinary launch
  // (one workgroup at a time per thread), the linear index in a cooperative launch (all of
  // them at once, device.cc run_cooperative). Per-workgroup hook state is kept by slot.
  uint32_t slot = 0;
  uint8_t* lds = nullptr;
  uint32_t lds_size = 0;
  // Barrier state (s_barrier_signal / s_barrier_wait).
  uint32_t live_waves = 0;
  uint32_t arrived = 0;
  uint64_t generation = 0;
};

struct LaunchCtx;

// Yield: the wave gave up the host thread but can run on at once (s_sleep, or the end of
// its quantum in a cooperative launch); the scheduler runs the other waves first.
enum class StopReason : uint8_t { Running, Ended, Barrier, Fault, Yield };

struct Wave {
  // Hot state first.
  uint32_t* v = nullptr;          // VGPRs, register-major: v[reg * W + lane]
  uint32_t s[128];                // SGPRs by operand number (vcc, ttmp, m0, exec included)
  bool scc = false;
  uint32_t W = 32;                // lanes
  uint64_t full = 0xffffffffu;    // all-lanes mask
  uint32_t pc = 0;                // index of the next instruction
  StopReason stop = StopReason::Running;
  bool ftz32 = false;             // cached: MODE f32 denorm field != 3 (see set_mode)
  bool ftz16 = false;             // cached: MODE f16/f64 denorm field != 3 (see set_mode)
  // HW_REG_MODE (s_getreg/s_setreg hwreg 1, s_round_mode, s_denorm_mode). Layout
  // (AMD RDNA4 ISA reference guide, "MODE" register; LLVM SIDefines.h FP_ROUND_* /
  // FP_DENORM_*; AMDGPUUsage compute_pgm_rsrc1 FLOAT_ROUND_MODE_* / FLOAT_DENORM_MODE_*):
  //   [1:0] f32 round mode      [3:2] f16/f64 round mode
  //         0 nearest even, 1 toward +inf, 2 toward -inf, 3 toward zero
  //   [5:4] f32 denormals       [7:6] f16/f64 denormals
  //         0 flush inputs and outputs, 1 keep inputs / flush outputs,
  //         2 flush inputs / keep outputs, 3 keep both (IEEE)
  //   [31:8] the other MODE fields (exception enables, trap-after-instruction, ...):
  //         stored and read back as written; the emulator gives them no effect.
  // At wave start MODE[7:0] = kernel descriptor compute_pgm_rsrc1[19:12]. Always
  // write it through set_mode() so the cached ftz32/ftz16 stay in step.
  uint32_t mode = 0;
  const Insn* prog = nullptr;
  size_t prog_size = 0;
  Workgroup* wg = nullptr;
  LaunchCtx* L = nullptr;
  uint32_t wave_id = 0;           // within the workgroup
  uint64_t signals = 0;           // barrier signals issued
  uint8_t* scratch = nullptr;     // this wave's private memory: lane-major, priv_size per lane
  uint32_t priv_size = 0;
  uint64_t lane_ops = 0;
  uint64_t icount = 0;
  uint64_t cycle_extra = 0;       // SHADER_CYCLES = icount + cycle_extra (salu.h; 0 under the default models)
  uint64_t* counts = nullptr;     // executed count per instruction index
  uint32_t* tmp = nullptr;        // scratch rows for operand modifiers: 4 rows of W lanes
  uint64_t tlb_base = 1, tlb_end = 0;  // last-hit translation cache (global memory)
  uint8_t* tlb_host = nullptr;
  uint64_t budget_left = 0;       // instructions this wave may run before refilling
  bool quantum_open = false;      // cooperative launch: a chunk was taken since the last yield
  void* hazard = nullptr;         // per-wave state of the hazard scoreboard, owned by it
  // Fault information.
  std::string fault_msg;
  int fault_kind = 0;             // rdna4emu::Fault value

  uint64_t exec() const {
    return W == 64 ? (uint64_t(s[kExecHi]) << 32) | s[kExecLo] : s[kExecLo];
  }
  void set_exec(uint64_t e) {
    s[kExecLo] = uint32_t(e);
    if (W == 64) s[kExecHi] = uint32_t(e >> 32);
  }
  uint64_t vcc() const { return W == 64 ? (uint64_t(s[kVccHi]) << 32) | s[kVccLo] : s[kVccLo]; }
  uint32_t* vreg(unsigned r) { return v + size_t(r) * W; }
  // Record a fault and stop the wave. kind = rdna4emu::Fault.
  void fault_at(int kind, const Insn& in, const std::string& msg);
};

// MODE register field accessors and the one writer (see Wave::mode).
constexpr uint32_t kModeRound32Shift = 0, kModeRound16Shift = 2, kModeDenorm32Shift = 4, kModeDenorm16Shift = 6;
inline uint32_t mode_round32(const Wave& w) { return w.mode & 3u; }
inline uint32_t mode_round16(const Wave& w) { return (w.mode >> 2) & 3u; }
inline uint32_t mode_denorm32(const Wave& w) { return (w.mode >> 4) & 3u; }
inline uint32_t mode_denorm16(const Wave& w) { return (w.mode >> 6) & 3u; }
inline void set_mode(Wave& w, uint32_t mode) {
  w.mode = mode;
  w.ftz32 = ((mode >> 4) & 3u) != 3u;
  w.ftz16 = ((mode >> 6) & 3u) != 3u;
}

}  // namespace rdna4emu::core
