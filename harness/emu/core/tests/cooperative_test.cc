// Cooperative launches (LaunchOptions::cooperative, device.cc run_cooperative): every
// workgroup of the grid is resident at once, so a workgroup can wait in a spin loop for
// all the others. The kernel: lane 0 of each workgroup (one wave) adds 1 to a counter in
// global memory, then polls it until it equals the number of workgroups and stores what it
// saw at out[1 + workgroup id]. That completes only if every workgroup gets to run its
// increment while the others poll: in a cooperative launch each entry is the workgroup
// count; in an ordinary one-thread launch workgroup 0 polls for ever and the launch ends
// at the instruction budget. The poll loop is built with s_sleep (the wave yields there)
// and without (it yields only at the end of its quantum). Each workgroup has two waves;
// the second has no lane 0 and ends at once.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_util.h"

using namespace rdna4emu;
using namespace rdna4test;

namespace {

constexpr unsigned kGroups = 5;

std::string spin_body(bool sleep) {
  return std::string(
             "  s_load_b64 s[2:3], s[0:1], 0x0\n"
             "  s_wait_kmcnt 0\n"
             "  v_mov_b32 v1, 0\n  v_mov_b32 v2, 1\n"
             "  v_cmp_eq_u32 vcc_lo, 0, v0\n  s_and_saveexec_b32 s4, vcc_lo\n"
             "  s_cbranch_execz .Lend\n"  // wave 1 (lanes 32-63) has no lane 0: it ends
             "  global_atomic_add_u32 v1, v2, s[2:3] scope:SCOPE_DEV\n"
             ".Lspin:\n"
             "  global_load_b32 v3, v1, s[2:3] scope:SCOPE_DEV\n"
             "  s_wait_loadcnt 0\n"
             "  v_readfirstlane_b32 s5, v3\n"
             "  s_wait_alu 0\n"
             "  s_cmp_eq_u32 s5, ") +
         std::to_string(kGroups) + "\n  s_cbranch_scc1 .Ldone\n" + (sleep ? "  s_sleep 1\n" : "") +
         "  s_branch .Lspin\n"
         ".Ldone:\n"
         "  v_mov_b32 v4, ttmp9\n  v_lshlrev_b32 v4, 2, v4\n"
         "  global_store_b32 v4, v3, s[2:3] offset:4\n"
         ".Lend:\n"
         "  s_endpgm\n";
}

struct Spin {
  std::shared_ptr<CodeObject> co;
  const KernelInfo* k = nullptr;
};

Spin build(bool sleep) {
  AsmKernel a;
  a.name = sleep ? "spin_sleep" : "spin_busy";
  a.body = spin_body(sleep);
  std::string err;
  std::string path = assemble(a.name, asm_text(a), &err);
  EXPECT_FALSE(path.empty()) << err;
  Spin s;
  if (path.empty()) return s;
  s.co = load_co(path);
  s.k = s.co ? s.co->find_kernel(a.name) : nullptr;
  EXPECT_NE(s.k, nullptr);
  return s;
}

LaunchResult run(Device& d, const Spin& s, uint64_t out, bool cooperative, uint64_t budget) {
  LaunchConfig cfg{{kGroups, 1, 1}, {64, 1, 1}, 0};  // two waves per workgroup
  LaunchOptions o;
  o.cooperative = cooperative;
  o.threads = 1;
  o.instruction_budget = budget;
  return d.launch(*s.co, *s.k, cfg, kernarg(*s.k, Args().add(out), cfg), o);
}

class Cooperative : public ::testing::TestWithParam<bool> {};

TEST_P(Cooperative, EveryWorkgroupSeesAllOthersArrive) {
  Spin s = build(GetParam());
  ASSERT_NE(s.k, nullptr);
  Device d;
  uint64_t out = d.alloc(4 * (kGroups + 1));
  LaunchResult r = run(d, s, out, /*cooperative=*/true, 10'000'000);
  ASSERT_TRUE(r.ok()) << r.diagnostic;
  auto v = read_back<uint32_t>(d, out, kGroups + 1);
  EXPECT_EQ(v[0], kGroups) << "the counter: one increment per workgroup";
  for (unsigned g = 0; g < kGroups; ++g) EXPECT_EQ(v[1 + g], kGroups) << "workgroup " << g;
  EXPECT_EQ(r.stats.workgroups, kGroups);
  EXPECT_EQ(r.stats.waves, 2u * kGroups);
}

TEST_P(Cooperative, OrdinaryLaunchCannotProgress) {
  Spin s = build(GetParam());
  ASSERT_NE(s.k, nullptr);
  Device d;
  uint64_t out = d.alloc(4 * (kGroups + 1));
  LaunchResult r = run(d, s, out, /*cooperative=*/false, 2'000'000);
  EXPECT_EQ(r.fault, Fault::BudgetExceeded) << r.diagnostic;
  auto v = read_back<uint32_t>(d, out, kGroups + 1);
  EXPECT_EQ(v[0], 1u) << "only workgroup 0 ran (and polls for ever)";
}

INSTANTIATE_TEST_SUITE_P(PollLoop, Cooperative, ::testing::Values(true, false),
                         [](const ::testing::TestParamInfo<bool>& i) { return i.param ? "s_sleep" : "busy"; });

}  // namespace

// A cooperative launch keeps every workgroup's wave state at once: a grid whose state
// exceeds the host limit (4 GiB; here 4096 one-wave workgroups x 32 lanes x 64 KiB of
// private memory = 8 GiB) is refused before anything runs, with the figures.
TEST(CooperativeLimits, HostMemoryForResidentWorkgroups) {
  AsmKernel a;
  a.name = "big_private";
  a.priv = 65536;
  a.body = "  s_endpgm\n";
  std::string err;
  std::string path = assemble(a.name, asm_text(a), &err);
  ASSERT_FALSE(path.empty()) << err;
  auto co = load_co(path);
  const KernelInfo* k = co->find_kernel(a.name);
  ASSERT_NE(k, nullptr);
  Device d;
  uint64_t out = d.alloc(64);
  LaunchConfig cfg{{4096, 1, 1}, {32, 1, 1}, 0};
  LaunchOptions o;
  o.cooperative = true;
  LaunchResult r = d.launch(*co, *k, cfg, kernarg(*k, Args().add(out), cfg), o);
  EXPECT_EQ(r.fault, Fault::LaunchError);
  EXPECT_NE(r.diagnostic.find("cooperative launch of 4096 workgroups needs"), std::string::npos) << r.diagnostic;
  EXPECT_EQ(r.stats.waves, 0u);
  o.cooperative = false;  // one workgroup at a time: runs
  r = d.launch(*co, *k, cfg, kernarg(*k, Args().add(out), cfg), o);
  EXPECT_TRUE(r.ok()) << r.diagnostic;
}
