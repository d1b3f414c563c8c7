// Every fault kind stops the kernel with a clear diagnostic; the host never
// crashes or hangs. Kernels are hand-written assembly (llvm-mc + ld.lld) or
// compiled HIP fed bad launch parameters.
#include <gtest/gtest.h>

#include <random>

#include "test_util.h"

using namespace rdna4emu;
using namespace rdna4test;

namespace {

struct Ran {
  LaunchResult r;
  bool ok = false;
};

Ran run_asm(const std::string& name, AsmKernel k, Dim3 block = {32, 1, 1}, uint64_t budget = 4'000'000'000ull,
            Dim3 grid = {1, 1, 1}) {
  Ran out;
  if (!have_clang(22)) return out;
  k.name = name;
  std::string err;
  std::string path = assemble(name, asm_text(k), &err);
  EXPECT_FALSE(path.empty()) << err;
  if (path.empty()) return out;
  auto co = load_co(path);
  Device d;
  std::vector<uint64_t> bufs;
  Args a;
  for (int i = 0; i < k.nptr; ++i) {
    bufs.push_back(d.alloc(256));
    a.add(bufs.back());
  }
  const KernelInfo* ki = co->find_kernel(name);
  EXPECT_NE(ki, nullptr);
  if (!ki) return out;
  LaunchConfig cfg{grid, block, 0};
  LaunchOptions o;
  o.instruction_budget = budget;
  out.r = d.launch(*co, *ki, cfg, kernarg(*ki, a, cfg), o);
  out.ok = true;
  return out;
}

#define NEED(x) \
  if (!(x).ok) GTEST_SKIP() << "llvm 22 tools not installed"

TEST(Faults, UnknownEncodingIsIllegalInstruction) {
  AsmKernel k;
  k.body = "  s_nop 0\n  s_mov_b32 s4, 1\n  .long 0xfc000000\n  s_endpgm\n";
  auto r = run_asm("bad_word", k);
  NEED(r);
  EXPECT_EQ(r.r.fault, Fault::IllegalInstruction);
  EXPECT_NE(r.r.diagnostic.find("kernel bad_word"), std::string::npos) << r.r.diagnostic;
  EXPECT_NE(r.r.diagnostic.find("pc 0x8"), std::string::npos) << r.r.diagnostic;
  EXPECT_NE(r.r.diagnostic.find("FC000000"), std::string::npos) << r.r.diagnostic;
  EXPECT_NE(r.r.diagnostic.find("unknown encoding family"), std::string::npos) << r.r.diagnostic;
  EXPECT_EQ(r.r.stats.per_mnemonic.count("s_endpgm"), 0u);
}

TEST(Faults, UnknownOpcodeNamesFamily) {
  AsmKernel k;
  k.body = "  .long 0xbe80ff00\n  s_endpgm\n";  // SOP1 opcode 0xff: not an instruction
  auto r = run_asm("bad_sop1", k);
  NEED(r);
  EXPECT_EQ(r.r.fault, Fault::IllegalInstruction);
  EXPECT_NE(r.r.diagnostic.find("unknown opcode"), std::string::npos) << r.r.diagnostic;
  EXPECT_NE(r.r.diagnostic.find("SOP1"), std::string::npos) << r.r.diagnostic;
  EXPECT_NE(r.r.diagnostic.find("BE80FF00"), std::string::npos) << r.r.diagnostic;
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
  EXPECT_EQ(r.r.fault, Fault::IllegalInstruction);
  EXPECT_NE(r.r.diagnostic.find("past the end"), std::string::npos) << r.r.diagnostic;
  AsmKernel k2;
  k2.body = "  s_branch 1\n  s_mov_b32 s0, 0x12345678\n  s_endpgm\n";  // target = middle of the literal
  auto r2 = run_asm("mid_branch", k2);
  EXPECT_EQ(r2.r.fault, Fault::IllegalInstruction);
  EXPECT_NE(r2.r.diagnostic.find("not an instruction"), std::string::npos) << r2.r.diagnostic;
}

TEST(Faults, GlobalOutOfBoundsNamesLaneAddressAndAllocation) {
  AsmKernel k;
  // Each lane loads buf[lane * 16]: lanes >= 16 fall past the 256-byte allocation.
  k.body =
      "  s_load_b64 s[2:3], s[0:1], 0x0\n  s_wait_kmcnt 0\n"
      "  v_lshlrev_b32 v1, 6, v0\n  global_load_b32 v2, v1, s[2:3]\n  s_wait_loadcnt 0\n  s_endpgm\n";
  auto r = run_asm("oob_global", k);
  NEED(r);
  EXPECT_EQ(r.r.fault, Fault::MemoryViolation);
  const std::string& m = r.r.diagnostic;
  EXPECT_NE(m.find("kernel oob_global"), std::string::npos) << m;
  EXPECT_NE(m.find("lane 4"), std::string::npos) << m;  // 4 * 64 = 256: first byte past the end
  EXPECT_NE(m.find("global load of 4 bytes at address 0x1000"), std::string::npos) << m;
  EXPECT_NE(m.find("nearest allocation"), std::string::npos) << m;
  EXPECT_NE(m.find("0 bytes past its end"), std::string::npos) << m;
  EXPECT_NE(m.find("global_load_b32"), std::string::npos) << m;
  EXPECT_NE(m.find("pc 0x"), std::string::npos) << m;
}

TEST(Faults, LdsOutOfBounds) {
  AsmKernel k;
  k.lds = 256;
  k.body = "  v_lshlrev_b32 v1, 3, v0\n  ds_load_b32 v2, v1\n  s_wait_dscnt 0\n  s_endpgm\n";
  auto r = run_asm("oob_lds", k, {64, 1, 1});
  NEED(r);
  EXPECT_EQ(r.r.fault, Fault::MemoryViolation);
  // Work-item 32 (address 256) is lane 0 of wave 1.
  EXPECT_NE(r.r.diagnostic.find("out-of-bounds LDS load of 4 bytes at address 0x100 (lane 0)"), std::string::npos)
      << r.r.diagnostic;
  EXPECT_NE(r.r.diagnostic.find("wave 1 of workgroup (0,0,0)"), std::string::npos) << r.r.diagnostic;
  EXPECT_NE(r.r.diagnostic.find("workgroup LDS is 256 bytes"), std::string::npos) << r.r.diagnostic;
}

TEST(Faults, ScratchOutOfBounds) {
  AsmKernel k;
  k.priv = 64;
  k.body = "  v_mov_b32 v1, 7\n  scratch_store_b32 off, v1, off offset:60\n  scratch_load_b32 v2, off, off offset:64\n"
           "  s_wait_loadcnt 0\n  s_endpgm\n";
  auto r = run_asm("oob_scratch", k);
  NEED(r);
  EXPECT_EQ(r.r.fault, Fault::MemoryViolation);
  EXPECT_NE(r.r.diagnostic.find("scratch load of 4 bytes at address 0x40 (lane 0)"), std::string::npos)
      << r.r.diagnostic;
  EXPECT_NE(r.r.diagnostic.find("64 bytes per lane"), std::string::npos) << r.r.diagnostic;
}

TEST(Faults, BudgetStopsRunawayKernel) {
  AsmKernel k;
  k.body = ".Lloop:\n  s_add_co_u32 s4, s4, 1\n  s_branch .Lloop\n  s_endpgm\n";
  auto r = run_asm("runaway", k, {32, 1, 1}, 1000000);
  NEED(r);
  EXPECT_EQ(r.r.fault, Fault::BudgetExceeded);
  EXPECT_NE(r.r.diagnostic.find("budget"), std::string::npos) << r.r.diagnostic;
  EXPECT_NE(r.r.diagnostic.find("kernel runaway"), std::string::npos) << r.r.diagnostic;
}

TEST(Faults, BarrierDeadlockIsCleanFault) {
  AsmKernel k;
  // Wave 0 signals three times, wave 1 once: wave 0 waits for a phase nobody completes.
  k.body =
      "  v_readfirstlane_b32 s2, v0\n  s_cmp_eq_u32 s2, 0\n  s_cbranch_scc0 .Lone\n"
      "  s_barrier_signal -1\n  s_barrier_signal -1\n.Lone:\n  s_barrier_signal -1\n  s_barrier_wait -1\n  s_endpgm\n";
  auto r = run_asm("deadlock", k, {64, 1, 1});
  NEED(r);
  EXPECT_EQ(r.r.fault, Fault::IllegalInstruction);
  EXPECT_NE(r.r.diagnostic.find("barrier deadlock"), std::string::npos) << r.r.diagnostic;
  // The same kernel with every wave signalling once completes.
  AsmKernel ok;
  ok.body = "  s_barrier_signal -1\n  s_barrier_wait -1\n  s_barrier_signal -1\n  s_barrier_wait -1\n  s_endpgm\n";
  auto r2 = run_asm("barrier_ok", ok, {128, 1, 1});
  EXPECT_TRUE(r2.r.ok()) << r2.r.diagnostic;
  EXPECT_EQ(r2.r.stats.per_mnemonic["s_barrier_wait"], 8u);  // 4 waves x 2, blocked retries not counted
}

TEST(Faults, LaunchErrors) {
  if (!have_clang(22)) GTEST_SKIP();
  std::string err;
  auto path = compile_hip("vadd", 22, "O3", "gfx1201", false, &err);
  ASSERT_FALSE(path.empty()) << err;
  auto co = load_co(path);
  const KernelInfo* k = co->find_kernel("vadd");
  Device d;
  std::vector<uint8_t> ka(k->kernarg_segment_size, 0);
  auto r = d.launch(*co, *k, LaunchConfig{{1, 1, 1}, {2048, 1, 1}, 0}, ka);
  EXPECT_EQ(r.fault, Fault::LaunchError);
  EXPECT_NE(r.diagnostic.find("exceeds"), std::string::npos) << r.diagnostic;
  r = d.launch(*co, *k, LaunchConfig{{0, 1, 1}, {64, 1, 1}, 0}, ka);
  EXPECT_EQ(r.fault, Fault::LaunchError);
  r = d.launch(*co, *k, LaunchConfig{{1, 1, 1}, {64, 1, 1}, 70000}, ka);
  EXPECT_EQ(r.fault, Fault::LaunchError);
  std::vector<uint8_t> small(4);
  r = d.launch(*co, *k, LaunchConfig{{1, 1, 1}, {64, 1, 1}, 0}, small);
  EXPECT_EQ(r.fault, Fault::LaunchError);
}

TEST(Faults, CompiledKernelOverrunsBuffer) {
  if (!have_clang(19)) GTEST_SKIP();
  std::string err;
  auto path = compile_hip("vadd", 19, "O3", "gfx1201", false, &err);
  ASSERT_FALSE(path.empty()) << err;
  auto co = load_co(path);
  const KernelInfo* k = co->find_kernel("vadd");
  Device d;
  uint64_t a = d.alloc(400), b = d.alloc(400), c = d.alloc(400);
  LaunchConfig cfg{{2, 1, 1}, {64, 1, 1}, 0};
  auto r = d.launch(*co, *k, cfg, kernarg(*k, Args().add(a).add(b).add(c).add(128), cfg));  // n = 128 > 100 floats
  EXPECT_EQ(r.fault, Fault::MemoryViolation);
  EXPECT_NE(r.diagnostic.find("kernel vadd"), std::string::npos) << r.diagnostic;
  EXPECT_NE(r.diagnostic.find("(lane 4)"), std::string::npos) << r.diagnostic;  // work-item 100 = wave 3 lane 4
  EXPECT_NE(r.diagnostic.find("workgroup (1,0,0)"), std::string::npos) << r.diagnostic;
}

TEST(Faults, ThreadCountDoesNotChangeFaultReport) {
  if (!have_clang(22)) GTEST_SKIP();
  std::string err;
  auto path = compile_hip("vadd", 22, "O3", "gfx1201", false, &err);
  ASSERT_FALSE(path.empty()) << err;
  auto co = load_co(path);
  const KernelInfo* k = co->find_kernel("vadd");
  std::string diag[2];
  for (unsigned t : {1u, 2u}) {
    Device d;
    uint64_t a = d.alloc(4000), b = d.alloc(4000), c = d.alloc(4000);
    LaunchConfig cfg{{40, 1, 1}, {64, 1, 1}, 0};
    LaunchOptions o;
    o.threads = t;
    auto r = d.launch(*co, *k, cfg, kernarg(*k, Args().add(a).add(b).add(c).add(2560), cfg), o);
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
  if (!have_clang(22)) GTEST_SKIP();
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
    auto r = run_asm("random" + std::to_string(prog), k, {64, 1, 1}, 100000);
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
  if (!have_clang(22)) GTEST_SKIP();
  std::string err;
  auto path = compile_hip("vadd", 22, "O3", "gfx1201", false, &err);
  ASSERT_FALSE(path.empty()) << err;
  auto co = load_co(path);
  const KernelInfo* k = co->find_kernel("vadd");
  for (unsigned threads : {1u, 2u}) {
    Device d;
    const int n = 512 * 64;
    uint64_t a = d.alloc(4 * n), b = d.alloc(4 * n), c = d.alloc(4 * n);
    LaunchConfig cfg{{512, 1, 1}, {64, 1, 1}, 0};
    LaunchOptions o;
    o.threads = threads;
    o.instruction_budget = 200000;  // about 1024 waves x 30 instructions are needed
    auto r = d.launch(*co, *k, cfg, kernarg(*k, Args().add(a).add(b).add(c).add(n), cfg), o);
    EXPECT_TRUE(r.ok()) << r.diagnostic;
    EXPECT_LT(r.stats.wave_instructions, 200000u);
    o.instruction_budget = 5000;
    r = d.launch(*co, *k, cfg, kernarg(*k, Args().add(a).add(b).add(c).add(n), cfg), o);
    EXPECT_EQ(r.fault, Fault::BudgetExceeded);
  }
}

}  // namespace
