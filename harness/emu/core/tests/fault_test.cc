// Every fault kind stops the kernel with a clear diagnostic; the host never
// crashes or hangs. Kernels are hand-written assembly (llvm-mc + ld.lld) or
// compiled HIP fed bad launch parameters.
#include <gtest/gtest.h>

#include <chrono>
#include <random>

#include "test_util.h"

using namespace rdna4emu;
using namespace rdna4test;

namespace {

struct Ran {
  LaunchResult r;
  bool ok = false;
};

// Runs k (named `name`, one workgroup of `threads` work-items, each pointer argument a
// fresh 256-byte buffer) under an instruction budget; ok = false without llvm 22.
Ran run_asm(const std::string& name, AsmKernel k, unsigned threads = 32, uint64_t budget = 4'000'000'000ull) {
  Ran out;
  if (!have_clang(22)) return out;
  k.name = name;
  Device d;
  Args a;
  for (int i = 0; i < k.nptr; ++i) a.add(d.alloc(256));
  LaunchOptions o;
  o.instruction_budget = budget;
  AsmLaunch l = launch_asm(d, k, threads, a, o);
  out.r = l.r;
  out.ok = l.ok;
  return out;
}

// The launch faulted with `f`, and its diagnostic contains every one of `parts`.
void expect_fault(const LaunchResult& r, Fault f, std::initializer_list<const char*> parts) {
  EXPECT_EQ(r.fault, f) << fault_name(r.fault) << ": " << r.diagnostic;
  for (const char* part : parts)
    EXPECT_NE(r.diagnostic.find(part), std::string::npos) << "'" << part << "' not in: " << r.diagnostic;
}

// tests/corpus/vadd.hip compiled by clang `clang` at -O3 for gfx1201, and its kernel.
struct Vadd {
  std::shared_ptr<CodeObject> co;
  const KernelInfo* k = nullptr;
};
Vadd vadd(int clang) {
  Vadd v;
  v.co = build_hip("vadd", clang, "O3", "gfx1201");
  if (v.co) v.k = v.co->find_kernel("vadd");
  return v;
}

#define NEED(x) \
  if (!(x).ok) GTEST_SKIP() << "llvm 22 tools not installed"

TEST(Faults, UnknownEncodingIsIllegalInstruction) {
  AsmKernel k;
  k.body = "  s_nop 0\n  s_mov_b32 s4, 1\n  .long 0xfc000000\n  s_endpgm\n";
  auto r = run_asm("bad_word", k);
  NEED(r);
  expect_fault(r.r, Fault::IllegalInstruction, {"kernel bad_word", "pc 0x8", "FC000000", "unknown encoding family"});
  EXPECT_EQ(r.r.stats.per_mnemonic.count("s_endpgm"), 0u);
}

// v_wmma_f32_16x16x16_f16 v[0:7], v[32:35], v[48:51], s[8:15]: llvm-objdump prints C with
// "Invalid register, operand has 'VReg_256' register class"; the decoder refuses it (operand_classes.cc).
TEST(Faults, OperandOutsideItsRegisterClassIsIllegalInstruction) {
  AsmKernel k;
  k.body = "  .long 0xcc404000, 0x18226120\n  s_endpgm\n";
  auto r = run_asm("wmma_sgpr_c", k);
  NEED(r);
  expect_fault(r.r, Fault::IllegalInstruction, {"CC404000", "WMMA C (src2) must be a VGPR range", "'VReg_*'"});
}

TEST(Faults, UnknownOpcodeNamesFamily) {
  AsmKernel k;
  k.body = "  .long 0xbe80ff00\n  s_endpgm\n";  // SOP1 opcode 0xff: not an instruction
  auto r = run_asm("bad_sop1", k);
  NEED(r);
  expect_fault(r.r, Fault::IllegalInstruction, {"unknown opcode", "SOP1", "BE80FF00"});
}

TEST(Faults, UndecodablePaddingOnlyFaultsWhenExecuted) {
  AsmKernel k;
  k.body = "  s_branch .Lskip\n  .long 0xfc000000\n.Lskip:\n  s_endpgm\n";
  auto r = run_asm("skip_bad", k);
  NEED(r);
  EXPECT_TRUE(r.r.ok()) << r.r.diagnostic;
}

TEST(Faults, RunningPastTheEndAndBadBranchTarget) {
  AsmKernel k;
  k.body = "  s_nop 0\n";
  auto r = run_asm("no_endpgm", k);
  NEED(r);
  expect_fault(r.r, Fault::IllegalInstruction, {"past the end"});
  AsmKernel k2;
  k2.body = "  s_branch 1\n  s_mov_b32 s0, 0x12345678\n  s_endpgm\n";  // target = middle of the literal
  auto r2 = run_asm("mid_branch", k2);
  expect_fault(r2.r, Fault::IllegalInstruction, {"not an instruction"});
}

TEST(Faults, GlobalOutOfBoundsNamesLaneAddressAndAllocation) {
  AsmKernel k;
  // Each lane loads buf[lane * 16]: lanes >= 16 fall past the 256-byte allocation.
  k.body =
      "  s_load_b64 s[2:3], s[0:1], 0x0\n  s_wait_kmcnt 0\n"
      "  v_lshlrev_b32 v1, 6, v0\n  global_load_b32 v2, v1, s[2:3]\n  s_wait_loadcnt 0\n  s_endpgm\n";
  auto r = run_asm("oob_global", k);
  NEED(r);
  // Lane 4: 4 * 64 = 256 is the first byte past the end.
  expect_fault(r.r, Fault::MemoryViolation,
               {"kernel oob_global", "lane 4", "global load of 4 bytes at address 0x1000", "nearest allocation",
                "0 bytes past its end", "global_load_b32", "pc 0x"});
}

TEST(Faults, LdsOutOfBounds) {
  AsmKernel k;
  k.lds = 256;
  k.body = "  v_lshlrev_b32 v1, 3, v0\n  ds_load_b32 v2, v1\n  s_wait_dscnt 0\n  s_endpgm\n";
  auto r = run_asm("oob_lds", k, 64);
  NEED(r);
  // Work-item 32 (address 256) is lane 0 of wave 1.
  expect_fault(r.r, Fault::MemoryViolation,
               {"out-of-bounds LDS load of 4 bytes at address 0x100 (lane 0)", "wave 1 of workgroup (0,0,0)",
                "workgroup LDS is 256 bytes"});
}

TEST(Faults, ScratchOutOfBounds) {
  AsmKernel k;
  k.priv = 64;
  k.body = "  v_mov_b32 v1, 7\n  scratch_store_b32 off, v1, off offset:60\n  scratch_load_b32 v2, off, off offset:64\n"
           "  s_wait_loadcnt 0\n  s_endpgm\n";
  auto r = run_asm("oob_scratch", k);
  NEED(r);
  expect_fault(r.r, Fault::MemoryViolation, {"scratch load of 4 bytes at address 0x40 (lane 0)", "64 bytes per lane"});
}

TEST(Faults, BudgetStopsRunawayKernel) {
  AsmKernel k;
  k.body = ".Lloop:\n  s_add_co_u32 s4, s4, 1\n  s_branch .Lloop\n  s_endpgm\n";
  auto r = run_asm("runaway", k, 32, 1000000);
  NEED(r);
  expect_fault(r.r, Fault::BudgetExceeded, {"budget", "kernel runaway"});
}

// The wall-time watchdog (LaunchOptions::time_limit_seconds) stops a runaway kernel whose
// instruction budget is out of reach, soon after the limit: it is checked at every budget
// chunk a wave takes.
TEST(Faults, WatchdogStopsRunawayKernel) {
  if (!have_clang(22)) GTEST_SKIP() << "needs llvm 22";
  AsmKernel k;
  k.name = "spinner";
  k.body = ".Lloop:\n  s_add_co_u32 s4, s4, 1\n  s_branch .Lloop\n  s_endpgm\n";
  Device d;
  Args a;
  for (int i = 0; i < k.nptr; ++i) a.add(d.alloc(256));
  LaunchOptions o;
  o.instruction_budget = ~0ull >> 1;  // about 4.6e18 wave-instructions: never reached
  o.time_limit_seconds = 0.5;
  o.threads = 2;
  auto t0 = std::chrono::steady_clock::now();
  AsmLaunch l = launch_asm(d, k, 64, a, o);
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  NEED(l);
  expect_fault(l.r, Fault::BudgetExceeded,
               {"watchdog", "wall-time limit of 0.5 s", "kernel spinner"});
  EXPECT_GE(secs, 0.5);
  EXPECT_LT(secs, 20.0);  // generous: the test machine may be loaded
  // No limit (0) is the default: a short kernel runs to completion.
  AsmKernel ok;
  ok.body = "  s_endpgm\n";
  ok.name = "quick";
  LaunchOptions none;
  EXPECT_EQ(none.time_limit_seconds, 0.0);
  AsmLaunch q = launch_asm(d, ok, 32, a, none);
  NEED(q);
  EXPECT_TRUE(q.r.ok()) << q.r.diagnostic;
}

TEST(Faults, BarrierDeadlockIsCleanFault) {
  AsmKernel k;
  // Wave 0 signals three times, wave 1 once: wave 0 waits for a phase nobody completes.
  k.body =
      "  v_readfirstlane_b32 s2, v0\n  s_cmp_eq_u32 s2, 0\n  s_cbranch_scc0 .Lone\n"
      "  s_barrier_signal -1\n  s_barrier_signal -1\n.Lone:\n  s_barrier_signal -1\n  s_barrier_wait -1\n  s_endpgm\n";
  auto r = run_asm("deadlock", k, 64);
  NEED(r);
  expect_fault(r.r, Fault::IllegalInstruction, {"barrier deadlock"});
  // The same kernel with every wave signalling once completes.
  AsmKernel ok;
  ok.body = "  s_barrier_signal -1\n  s_barrier_wait -1\n  s_barrier_signal -1\n  s_barrier_wait -1\n  s_endpgm\n";
  auto r2 = run_asm("barrier_ok", ok, 128);
  EXPECT_TRUE(r2.r.ok()) << r2.r.diagnostic;
  EXPECT_EQ(r2.r.stats.per_mnemonic["s_barrier_wait"], 8u);  // 4 waves x 2, blocked retries not counted
}

TEST(Faults, LaunchErrors) {
  if (!have_clang(22)) GTEST_SKIP() << "clang 22 not installed";
  const Vadd v = vadd(22);
  ASSERT_NE(v.k, nullptr);  // a compile failure is reported by build_hip
  Device d;
  std::vector<uint8_t> ka(v.k->kernarg_segment_size, 0);
  auto r = d.launch(*v.co, *v.k, LaunchConfig{{1, 1, 1}, {2048, 1, 1}, 0}, ka);
  expect_fault(r, Fault::LaunchError, {"exceeds"});
  r = d.launch(*v.co, *v.k, LaunchConfig{{0, 1, 1}, {64, 1, 1}, 0}, ka);
  EXPECT_EQ(r.fault, Fault::LaunchError);
  r = d.launch(*v.co, *v.k, LaunchConfig{{1, 1, 1}, {64, 1, 1}, 70000}, ka);
  EXPECT_EQ(r.fault, Fault::LaunchError);
  std::vector<uint8_t> small(4);
  r = d.launch(*v.co, *v.k, LaunchConfig{{1, 1, 1}, {64, 1, 1}, 0}, small);
  EXPECT_EQ(r.fault, Fault::LaunchError);
}

TEST(Faults, CompiledKernelOverrunsBuffer) {
  if (!have_clang(19)) GTEST_SKIP() << "clang 19 not installed";
  const Vadd v = vadd(19);
  ASSERT_NE(v.k, nullptr);  // a compile failure is reported by build_hip
  Device d;
  uint64_t a = d.alloc(400), b = d.alloc(400), c = d.alloc(400);
  LaunchConfig cfg{{2, 1, 1}, {64, 1, 1}, 0};
  auto r = d.launch(*v.co, *v.k, cfg, kernarg(*v.k, Args().add(a).add(b).add(c).add(128), cfg));  // n = 128 > 100 floats
  // Work-item 100 = wave 3, lane 4 of workgroup 1.
  expect_fault(r, Fault::MemoryViolation, {"kernel vadd", "(lane 4)", "workgroup (1,0,0)"});
}

TEST(Faults, ThreadCountDoesNotChangeFaultReport) {
  if (!have_clang(22)) GTEST_SKIP() << "clang 22 not installed";
  const Vadd v = vadd(22);
  ASSERT_NE(v.k, nullptr);  // a compile failure is reported by build_hip
  std::string diag[2];
  for (unsigned t : {1u, 2u}) {
    Device d;
    uint64_t a = d.alloc(4000), b = d.alloc(4000), c = d.alloc(4000);
    LaunchConfig cfg{{40, 1, 1}, {64, 1, 1}, 0};
    LaunchOptions o;
    o.threads = t;
    auto r = d.launch(*v.co, *v.k, cfg, kernarg(*v.k, Args().add(a).add(b).add(c).add(2560), cfg), o);
    EXPECT_EQ(r.fault, Fault::MemoryViolation);
    diag[t - 1] = r.diagnostic;
  }
  EXPECT_EQ(diag[0], diag[1]);
}

}  // namespace

namespace {

// Random instruction streams (valid family prefixes, random fields) run to a
// clean end or a clean fault: never a host crash, hang or overrun.
TEST(Faults, RandomProgramsNeverCrashTheHost) {
  if (!have_clang(22)) GTEST_SKIP() << "clang 22 not installed";
  std::mt19937 rng(777);
  static const uint32_t tops[] = {0xbe, 0xbf, 0x80, 0x8b, 0x7e, 0x7c, 0x06, 0x4a, 0xd5, 0xd6, 0xd7, 0xcc, 0xc8, 0xd8, 0xee, 0xed};
  int faults = 0, ok = 0;
  for (int prog = 0; prog < 12; ++prog) {
    AsmKernel k;
    k.lds = 256;
    k.priv = 64;
    std::string body = "  s_load_b64 s[2:3], s[0:1], 0x0\n  s_wait_kmcnt 0\n";
    for (int i = 0; i < 40; ++i) {
      uint32_t w = (tops[rng() % 16] << 24) | (rng() & 0xffffff);
      if ((w >> 24) == 0xbf) w = (w & 0xff80ffff) | (0x00 << 16);  // SOPP: s_nop (avoid endless branch loops)
      char b[64];
      std::snprintf(b, sizeof b, "  .long 0x%08x, 0x%08x, 0x%08x\n", w, uint32_t(rng()), uint32_t(rng()));
      body += b;
    }
    body += "  s_endpgm\n";
    k.body = body;
    auto r = run_asm("random" + std::to_string(prog), k, 64, 100000);
    NEED(r);
    if (r.r.ok()) ++ok;
    else {
      ++faults;
      EXPECT_FALSE(r.r.diagnostic.empty());
    }
  }
  EXPECT_EQ(ok + faults, 12);
}

}  // namespace

namespace {

// The budget counts executed wave-instructions (in per-wave chunks that are
// returned when a wave ends): many short waves do not exhaust a small budget.
TEST(Faults, BudgetIsNotConsumedByIdleChunks) {
  if (!have_clang(22)) GTEST_SKIP() << "clang 22 not installed";
  const Vadd v = vadd(22);
  ASSERT_NE(v.k, nullptr);  // a compile failure is reported by build_hip
  for (unsigned threads : {1u, 2u}) {
    Device d;
    const int n = 512 * 64;
    uint64_t a = d.alloc(4 * n), b = d.alloc(4 * n), c = d.alloc(4 * n);
    LaunchConfig cfg{{512, 1, 1}, {64, 1, 1}, 0};
    LaunchOptions o;
    o.threads = threads;
    o.instruction_budget = 200000;  // about 1024 waves x 30 instructions are needed
    auto r = d.launch(*v.co, *v.k, cfg, kernarg(*v.k, Args().add(a).add(b).add(c).add(n), cfg), o);
    EXPECT_TRUE(r.ok()) << r.diagnostic;
    EXPECT_LT(r.stats.wave_instructions, 200000u);
    o.instruction_budget = 5000;
    r = d.launch(*v.co, *v.k, cfg, kernarg(*v.k, Args().add(a).add(b).add(c).add(n), cfg), o);
    EXPECT_EQ(r.fault, Fault::BudgetExceeded);
  }
}

}  // namespace
