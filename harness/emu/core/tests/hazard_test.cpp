// Wait-counter and hazard checking (harness/emu/core/scoreboard.*, HAZARDS.md).
//
// 1. Hand-written kernels (tests/hazards/*.s, assembled by llvm-mc + ld.lld):
//    each runs clean as written in strict mode; deleting a line marked
//    `; GUARD: <text>` (or replacing it as `;; SWAP: <new> => <text>` says)
//    must stop the kernel with Fault::HazardViolation and a diagnostic
//    containing <text>.
// 2. Off mode never reports a hazard.
// 3. The corpus kernels compiled by clang-19 and clang-22 at -O0/-O2/-O3 run
//    clean in strict mode (no false alarms) — see CorpusClean.
// 4. The mutation test (mutation_test.py, registered separately) deletes every
//    s_wait_* / v_nop from compiled kernels and counts the mutants caught.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>

#include "rdna4emu/core/decoder.h"
#include "scoreboard.h"
#include "test_util.h"

using namespace rdna4emu;
using namespace rdna4test;

#ifndef RDNA4_HAZARD_DIR
#error RDNA4_HAZARD_DIR must point at tests/hazards
#endif

namespace {

struct Mutation {
  int line;              // 0-based line of the body
  std::string replace;   // empty: delete the line
  std::string expect;    // substring of the diagnostic
};

struct HzKernel {
  std::string name;
  std::vector<std::string> lines;  // body lines (header comments kept)
  AsmKernel k;
  unsigned block = 32;
  std::string rules;               // RDNA4_EMU_HAZARD_RULES value for the run
  std::vector<Mutation> muts;
};

std::string trim(std::string s) {
  while (!s.empty() && isspace((unsigned char)s.back())) s.pop_back();
  size_t i = 0;
  while (i < s.size() && isspace((unsigned char)s[i])) ++i;
  return s.substr(i);
}

HzKernel parse(const std::string& file) {
  HzKernel h;
  h.name = file.substr(0, file.find('.'));
  std::ifstream f(std::string(RDNA4_HAZARD_DIR) + "/" + file);
  EXPECT_TRUE(f.good()) << file;
  std::string line;
  while (std::getline(f, line)) {
    size_t kp = line.find("; KERNEL");
    if (kp != std::string::npos) {
      std::istringstream ss(line.substr(kp + 8));
      std::string kv;
      while (ss >> kv) {
        size_t eq = kv.find('=');
        std::string key = kv.substr(0, eq), val = eq == std::string::npos ? "" : kv.substr(eq + 1);
        if (key == "nptr") h.k.nptr = std::stoi(val);
        else if (key == "lds") h.k.lds = std::stoi(val);
        else if (key == "block") h.block = unsigned(std::stoi(val));
        else if (key == "vgprs") h.k.vgprs = std::stoi(val);
        else if (key == "rules") h.rules = val;
      }
    }
    int idx = int(h.lines.size());
    size_t g = line.find("; GUARD:");
    if (g != std::string::npos) {
      std::string rest = line.substr(g + 8);
      size_t sw = rest.find(";; SWAP:");
      std::string guard = trim(sw == std::string::npos ? rest : rest.substr(0, sw));
      h.muts.push_back({idx, "", guard});
      if (sw != std::string::npos) {
        std::string s = rest.substr(sw + 8);
        size_t arrow = s.find("=>");
        h.muts.push_back({idx, trim(s.substr(0, arrow)), trim(s.substr(arrow + 2))});
      }
    }
    h.lines.push_back(line);
  }
  h.k.name = "hz_" + h.name;
  return h;
}

std::string body(const HzKernel& h, const Mutation* m) {
  std::string b;
  for (int i = 0; i < int(h.lines.size()); ++i) {
    std::string l = h.lines[i];
    if (m && m->line == i) {
      if (m->replace.empty()) continue;
      l = m->replace;
    }
    size_t c = l.find(';');  // strip comments (GUARD annotations)
    if (c != std::string::npos) l = l.substr(0, c);
    b += l + "\n";
  }
  return b;
}

struct RunOut {
  LaunchResult r;
  std::string err;
};

// groups > 1: a cooperative launch of that many workgroups (all resident at once, their
// waves interleaved; device.cc run_cooperative).
RunOut run(const HzKernel& h, const std::string& tag, const std::string& text, HazardMode mode,
           unsigned groups = 1) {
  RunOut o;
  AsmKernel k = h.k;
  k.name = h.k.name;
  k.body = text;
  std::string text_full = asm_text(k);
  // The descriptor's kernarg_size must match the metadata (the loader checks).
  std::string kd = ".amdhsa_kernel " + k.name + "\n";
  size_t at = text_full.find(kd);
  if (at != std::string::npos && text_full.find(".amdhsa_kernarg_size") == std::string::npos)
    text_full.insert(at + kd.size(), "  .amdhsa_kernarg_size " + std::to_string(8 * k.nptr) + "\n");
  std::string path = assemble(h.name + "_" + tag, text_full, &o.err);
  if (path.empty()) return o;
  auto co = load_co(path);
  const KernelInfo* ki = co->find_kernel(k.name);
  if (!ki) { o.err = "kernel not found"; return o; }
  Device d;
  std::vector<uint64_t> bufs;
  Args a;
  for (int i = 0; i < k.nptr; ++i) {
    bufs.push_back(d.alloc(1 << 16));
    a.add(bufs.back());
  }
  LaunchConfig cfg{{groups, 1, 1}, {h.block, 1, 1}, 0};
  LaunchOptions lo;
  lo.hazards = mode;
  lo.cooperative = groups > 1;
  // Always set: compile_hip of a clang 19 kernel earlier in this process leaves "-sgpr" (test_util.cc).
  setenv("RDNA4_EMU_HAZARD_RULES", h.rules.empty() ? "+sgpr" : h.rules.c_str(), 1);
  o.r = d.launch(*co, *ki, cfg, kernarg(*ki, a, cfg), lo);
  unsetenv("RDNA4_EMU_HAZARD_RULES");
  return o;
}

class HazardAsm : public testing::TestWithParam<std::string> {};

TEST_P(HazardAsm, CleanAsWritten) {
  if (!have_clang(22)) GTEST_SKIP() << "llvm-22 tools not installed";
  HzKernel h = parse(GetParam());
  ASSERT_FALSE(h.muts.empty()) << "no GUARD lines in " << GetParam();
  RunOut o = run(h, "clean", body(h, nullptr), HazardMode::Strict);
  ASSERT_TRUE(o.err.empty()) << o.err;
  EXPECT_TRUE(o.r.ok()) << fault_name(o.r.fault) << ": " << o.r.diagnostic;
}

TEST_P(HazardAsm, EachMissingWaitIsCaught) {
  if (!have_clang(22)) GTEST_SKIP() << "llvm-22 tools not installed";
  HzKernel h = parse(GetParam());
  int n = 0;
  for (const Mutation& m : h.muts) {
    SCOPED_TRACE("line " + std::to_string(m.line + 1) + ": " + trim(h.lines[m.line]) +
                 (m.replace.empty() ? " deleted" : " replaced by " + m.replace));
    RunOut o = run(h, "mut" + std::to_string(n++), body(h, &m), HazardMode::Strict);
    ASSERT_TRUE(o.err.empty()) << o.err;
    EXPECT_EQ(o.r.fault, Fault::HazardViolation) << fault_name(o.r.fault) << ": " << o.r.diagnostic;
    EXPECT_NE(o.r.diagnostic.find(m.expect), std::string::npos)
        << "expected diagnostic to contain:\n  " << m.expect << "\ngot:\n  " << o.r.diagnostic;
    // The diagnostic names the kernel and the faulting pc.
    EXPECT_NE(o.r.diagnostic.find("kernel " + h.k.name), std::string::npos) << o.r.diagnostic;
    // Off mode: the same broken kernel runs to completion.
    RunOut off = run(h, "mut" + std::to_string(n - 1), body(h, &m), HazardMode::Off);
    EXPECT_TRUE(off.r.ok()) << fault_name(off.r.fault) << ": " << off.r.diagnostic;
  }
}

// The LDS-at-barrier rule in a cooperative launch (every workgroup resident, their waves
// interleaved; the rule's LDS shadow is kept per workgroup, Workgroup::slot): three
// workgroups run lds_barrier.s clean, and each mutation is caught. (All three run the same
// code, so this does not tell a per-workgroup shadow from a shared one; it checks that the
// rule still works when workgroups interleave.)
TEST(HazardCooperative, LdsBarrierPerWorkgroup) {
  if (!have_clang(22)) GTEST_SKIP() << "llvm-22 tools not installed";
  HzKernel h = parse("lds_barrier.s");
  ASSERT_FALSE(h.muts.empty());
  RunOut o = run(h, "coop_clean", body(h, nullptr), HazardMode::Strict, 3);
  ASSERT_TRUE(o.err.empty()) << o.err;
  EXPECT_TRUE(o.r.ok()) << fault_name(o.r.fault) << ": " << o.r.diagnostic;
  int n = 0;
  for (const Mutation& m : h.muts) {
    RunOut b = run(h, "coop_mut" + std::to_string(n++), body(h, &m), HazardMode::Strict, 3);
    ASSERT_TRUE(b.err.empty()) << b.err;
    EXPECT_EQ(b.r.fault, Fault::HazardViolation) << fault_name(b.r.fault) << ": " << b.r.diagnostic;
    EXPECT_NE(b.r.diagnostic.find(m.expect), std::string::npos) << b.r.diagnostic;
  }
}

std::vector<std::string> hazard_files() {
  return {"kmcnt.s",   "kmcnt_waw.s",   "loadcnt.s",       "loadcnt_waw.s", "loadcnt_b128.s",
          "transpose.s", "dscnt.s",      "ds_2addr.s",      "lds_barrier.s", "wmma_ab.s",
          "wmma_expiry.s", "swmmac_index.s", "sgpr_read.s", "sgpr_vcc.s", "dscnt_many.s",
          "buffer_soffset.s", "swap.s", "permlane_dst.s", "movrel.s", "loadcnt_waw_loads.s",
          "sgpr_va_sdst.s", "sgpr_mem_clear.s", "sgpr_vcc_salu.s"};
}

INSTANTIATE_TEST_SUITE_P(Kernels, HazardAsm, testing::ValuesIn(hazard_files()),
                         [](const testing::TestParamInfo<std::string>& p) {
                           return p.param.substr(0, p.param.find('.'));
                         });

// Strict mode checks every gfx12 rule by default but the LDS-at-barrier contract
// (HAZARDS.md): the SGPR rule is on.
TEST(HazardRules, DefaultRules) {
  core::Scoreboard::Options o;
  EXPECT_TRUE(o.rule[size_t(core::HazardRule::SgprRead)]);
  EXPECT_TRUE(o.rule[size_t(core::HazardRule::LoadCnt)]);
  EXPECT_TRUE(o.rule[size_t(core::HazardRule::DsCnt)]);
  EXPECT_TRUE(o.rule[size_t(core::HazardRule::KmCnt)]);
  EXPECT_TRUE(o.rule[size_t(core::HazardRule::WmmaAB)]);
  EXPECT_FALSE(o.rule[size_t(core::HazardRule::LdsBarrier)]);
  setenv("RDNA4_EMU_HAZARD_RULES", "-sgpr,-wmma,+lds", 1);
  core::Scoreboard::Options e = core::Scoreboard::options_from_env();
  unsetenv("RDNA4_EMU_HAZARD_RULES");
  EXPECT_FALSE(e.rule[size_t(core::HazardRule::SgprRead)]);
  EXPECT_FALSE(e.rule[size_t(core::HazardRule::WmmaAB)]);
  EXPECT_TRUE(e.rule[size_t(core::HazardRule::LdsBarrier)]);
}

// v_swap_b32 v2, v3 (llvm-mc -mcpu=gfx1201: 7e04cb03) writes both registers and reads
// both: the summary lists v3 as written (a WAW on it is otherwise hidden by the read).
TEST(HazardRules, SwapWritesItsSource) {
  const uint8_t code[4] = {0x03, 0xcb, 0x04, 0x7e};
  core::DecodeResult d = core::decode(code, sizeof code, 32);
  ASSERT_TRUE(d.ok) << d.error;
  const core::Insn& in = d.insn;
  core::HzInsn h = core::summarize(in, 32);
  bool w2 = false, w3 = false, r2 = false, r3 = false;
  for (uint8_t i = 0; i < h.nwrite; ++i)
    if (h.write[i].file == 0) { w2 |= h.write[i].first == 2; w3 |= h.write[i].first == 3; }
  for (uint8_t i = 0; i < h.nread; ++i)
    if (h.read[i].file == 0) { r2 |= h.read[i].first == 2; r3 |= h.read[i].first == 3; }
  EXPECT_TRUE(w2 && w3) << "v_swap_b32 writes v2 and v3";
  EXPECT_TRUE(r2 && r3) << "v_swap_b32 reads v2 and v3";
}

TEST(HazardRules, RegisterNames) {
  EXPECT_EQ(core::reg_name(0, 4, 4), "v[4:7]");
  EXPECT_EQ(core::reg_name(0, 5, 1), "v5");
  EXPECT_EQ(core::reg_name(1, 2, 2), "s[2:3]");
  EXPECT_EQ(core::reg_name(1, 106, 2), "vcc");
  EXPECT_EQ(core::reg_name(1, 106, 1), "vcc_lo");
}

// Corpus: every kernel of the core tests' kernel corpus, compiled by each clang
// at each opt level, runs with strict checking and no hazard reported. The
// launches use small grids; results are checked by the e2e tests, here only
// the absence of false alarms matters.
struct CorpusCase {
  std::string file;
  int clang;
  std::string opt;
  std::string rules;  // RDNA4_EMU_HAZARD_RULES for the run ("" = the default rules)
};

class CorpusClean : public testing::TestWithParam<CorpusCase> {};

TEST_P(CorpusClean, NoFalseAlarms) {
  const CorpusCase& c = GetParam();
  if (!have_clang(c.clang)) GTEST_SKIP() << "clang " << c.clang << " not installed";
  std::string err;
  bool w64 = c.file.find("w64") != std::string::npos;
  std::string path = compile_hip(c.file, c.clang, c.opt, "gfx1201", w64, &err);
  ASSERT_FALSE(path.empty()) << err;
  auto co = load_co(path);
  ASSERT_TRUE(co);
  int launched = 0;
  for (const KernelInfo& k : co->kernels()) {
    Device d;
    Args a;
    // Every argument: a pointer to a zeroed 1 MiB buffer, or a small integer.
    for (const KernelArg& arg : k.args) {
      if (arg.value_kind.rfind("hidden_", 0) == 0) continue;
      if (arg.value_kind == "global_buffer" || arg.size == 8) {
        uint64_t p = d.alloc(1 << 20);
        a.add(p);
      } else if (arg.size == 4) {
        a.add(uint32_t(64));
      } else {
        std::vector<uint8_t> z(arg.size, 0);
        a.raw(z.data(), z.size());
      }
    }
    unsigned block = std::min<unsigned>(k.max_flat_workgroup_size ? k.max_flat_workgroup_size : 64, 128);
    LaunchConfig cfg{{2, 1, 1}, {block, 1, 1}, 0};
    LaunchOptions lo;
    lo.hazards = HazardMode::Strict;
    lo.instruction_budget = 50'000'000;
    setenv("RDNA4_EMU_HAZARD_RULES", c.rules.empty() ? "+sgpr" : c.rules.c_str(), 1);  // see run()
    auto r = d.launch(*co, k, cfg, kernarg(k, a, cfg), lo);
    unsetenv("RDNA4_EMU_HAZARD_RULES");
    EXPECT_NE(r.fault, Fault::HazardViolation) << c.file << " clang" << c.clang << " -" << c.opt << " kernel " << k.name
                                               << ":\n" << r.diagnostic;
    ++launched;
  }
  EXPECT_GT(launched, 0);
}

std::vector<CorpusCase> corpus_cases() {
  std::vector<CorpusCase> v;
  for (const char* f : {"vadd", "lds_reduce", "spill", "index2d", "loops", "transpose", "float_ops", "gemm_f16",
                        "scalar_int", "wmma_w32", "wmma_w64"})
    for (int c : {19, 22})
      for (const char* o : {"O0", "O2", "O3"}) {
        // clang 19 predates LLVM's gfx12 SGPR hazard mitigation (llvm PR #100067, LLVM
        // 20): its code is checked without the sgpr rule (SgprRuleCatchesClang19 shows
        // the rule fails it); clang 22 code passes every default rule.
        v.push_back({f, c, o, c == 19 ? "-sgpr" : ""});
      }
  return v;
}

INSTANTIATE_TEST_SUITE_P(Corpus, CorpusClean, testing::ValuesIn(corpus_cases()),
                         [](const testing::TestParamInfo<CorpusCase>& p) {
                           return p.param.file + "_clang" + std::to_string(p.param.clang) + "_" + p.param.opt +
                                  (p.param.rules.empty() ? "" : "_nosgpr");
                         });

// The sgpr rule catches the known clang 19 bug: code of a compiler without LLVM's gfx12
// SGPR hazard mitigation (llvm PR #100067 / #118750, LLVM 20) stops with the missing
// s_wait_alu named; the same kernel passes with the rule off.
TEST(HazardRules, SgprRuleCatchesClang19) {
  if (!have_clang(19)) GTEST_SKIP() << "clang 19 not installed";
  std::string err;
  std::string path = compile_hip("vadd", 19, "O3", "gfx1201", false, &err);
  ASSERT_FALSE(path.empty()) << err;
  auto co = load_co(path);
  ASSERT_TRUE(co);
  const KernelInfo& k = co->kernels().at(0);
  for (const char* rules : {"+sgpr", "-sgpr"}) {
    Device d;
    Args a;
    for (const KernelArg& arg : k.args) {
      if (arg.value_kind.rfind("hidden_", 0) == 0) continue;
      if (arg.value_kind == "global_buffer" || arg.size == 8) a.add(d.alloc(1 << 20));
      else a.add(uint32_t(64));
    }
    LaunchConfig cfg{{2, 1, 1}, {64, 1, 1}, 0};
    LaunchOptions lo;
    setenv("RDNA4_EMU_HAZARD_RULES", rules, 1);
    auto r = d.launch(*co, k, cfg, kernarg(k, a, cfg), lo);
    unsetenv("RDNA4_EMU_HAZARD_RULES");
    if (rules[0] == '-') {
      EXPECT_TRUE(r.ok()) << fault_name(r.fault) << ": " << r.diagnostic;
    } else {
      EXPECT_EQ(r.fault, Fault::HazardViolation) << r.diagnostic;
      EXPECT_NE(r.diagnostic.find("missing s_wait_alu depctr_"), std::string::npos) << r.diagnostic;
      EXPECT_NE(r.diagnostic.find("[rule sgpr]"), std::string::npos) << r.diagnostic;
    }
  }
}

}  // namespace
