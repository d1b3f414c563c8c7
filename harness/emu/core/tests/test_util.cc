#include "test_util.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>

namespace rdna4test {

std::string corpus_dir() { return RDNA4_CORPUS_DIR; }
std::string out_dir() {
  std::string d = RDNA4_TEST_OUT_DIR;
  mkdir(d.c_str(), 0755);
  return d;
}
// Compiled corpus kernels: one directory for the core tests, the hazard tests and
// decode_corpus_test.py (same flags, same names <file>.clang<N>.<opt>.<arch>[.w64].co), so a
// kernel is compiled once per build tree, not once per test binary.
std::string corpus_build_dir() {
#ifdef RDNA4_CORPUS_BUILD_DIR
  std::string d = RDNA4_CORPUS_BUILD_DIR;
  mkdir(d.c_str(), 0755);
  return d;
#else
  return out_dir();
#endif
}
std::string llvm_tool(int v, const std::string& tool) { return "/usr/lib/llvm-" + std::to_string(v) + "/bin/" + tool; }
bool have_clang(int v) { return access(llvm_tool(v, "clang++").c_str(), X_OK) == 0; }

int run_cmd(const std::string& cmd, std::string* out) {
  FILE* p = popen((cmd + " 2>&1").c_str(), "r");
  if (!p) return -1;
  std::array<char, 4096> buf;
  std::string s;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) s.append(buf.data(), n);
  int rc = pclose(p);
  if (out) *out = s;
  return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

static bool exists(const std::string& p) { return access(p.c_str(), R_OK) == 0; }

std::string compile_hip(const std::string& file, int clang, const std::string& opt, const std::string& arch,
                        bool wave64, std::string* err) {
  // clang 19 predates LLVM's gfx12 SGPR hazard mitigation (llvm PR #100067, LLVM 20): the
  // kernels it compiles break the default sgpr rule in nearly every kernel (HAZARDS.md), so
  // this test process runs them without it unless RDNA4_EMU_HAZARD_RULES says otherwise
  // (hazards.HazardRules.SgprRuleCatchesClang19 sets it explicitly).
  if (clang < 20) setenv("RDNA4_EMU_HAZARD_RULES", "-sgpr", 0);
  std::string out = corpus_build_dir() + "/" + file + ".clang" + std::to_string(clang) + "." + opt + "." + arch +
                    (wave64 ? ".w64" : "") + ".co";
  std::string src = corpus_dir() + "/" + file + ".hip";
  if (exists(out)) {  // current: newer than the source and the corpus header it includes
    struct stat a, b, h;
    const std::string hdr = corpus_dir() + "/hip_mini.h";
    if (stat(out.c_str(), &a) == 0 && stat(src.c_str(), &b) == 0 && a.st_mtime >= b.st_mtime &&
        (stat(hdr.c_str(), &h) != 0 || a.st_mtime >= h.st_mtime))
      return out;
  }
  // ctest runs tests in parallel: each process compiles to its own temporary name.
  const std::string tmp = ".tmp" + std::to_string(getpid());
  std::string cmd = "CLANG_NO_DEFAULT_CONFIG=1 " + llvm_tool(clang, "clang++") +
                    " -x hip --cuda-device-only --offload-arch=" + arch + " -nogpulib -nogpuinc -" + opt +
                    (wave64 ? " -mwavefrontsize64" : "") + " --no-gpu-bundle-output -I " + corpus_dir() + " " + src +
                    " -o " + out + tmp + " && mv " + out + tmp + " " + out;
  std::string log;
  if (run_cmd(cmd, &log) != 0) {
    if (err) *err = cmd + "\n" + log;
    return "";
  }
  return out;
}

std::string assemble(const std::string& name, const std::string& text, std::string* err, int llvm) {
  std::string base = out_dir() + "/asm_" + name;
  {
    std::ofstream f(base + ".s");
    f << text;
  }
  std::string cmd = llvm_tool(llvm, "llvm-mc") + " -triple=amdgcn-amd-amdhsa -mcpu=gfx1201 -filetype=obj " + base +
                    ".s -o " + base + ".o && " + llvm_tool(llvm, "ld.lld") + " -shared " + base + ".o -o " + base + ".co";
  std::string log;
  if (run_cmd(cmd, &log) != 0) {
    if (err) *err = cmd + "\n" + log;
    return "";
  }
  return base + ".co";
}

std::shared_ptr<rdna4emu::CodeObject> load_co(const std::string& path, const std::string& arch) {
  std::ifstream f(path, std::ios::binary);
  std::vector<uint8_t> b((std::istreambuf_iterator<char>(f)), {});
  return rdna4emu::CodeObject::load_any(b.data(), b.size(), arch);
}

std::vector<uint8_t> kernarg(const rdna4emu::KernelInfo& k, const Args& a, const rdna4emu::LaunchConfig& cfg) {
  std::vector<uint8_t> ka(std::max<uint32_t>(k.kernarg_segment_size, 8), 0);
  size_t i = 0;
  for (const auto& arg : k.args) {
    if (arg.value_kind.rfind("hidden_", 0) == 0) continue;
    if (i >= a.vals.size()) {
      ADD_FAILURE() << "kernel " << k.name << ": too few arguments";
      return ka;
    }
    EXPECT_EQ(arg.size, a.vals[i].size()) << "kernel " << k.name << " argument " << i;
    std::memcpy(&ka[arg.offset], a.vals[i].data(), std::min<size_t>(arg.size, a.vals[i].size()));
    ++i;
  }
  EXPECT_EQ(i, a.vals.size()) << "kernel " << k.name << ": too many arguments";
  rdna4emu::fill_hidden_args(k, cfg, ka);
  return ka;
}

std::string asm_text(const AsmKernel& k) {
  std::ostringstream s;
  s << ".amdgcn_target \"amdgcn-amd-amdhsa--gfx1201\"\n.text\n.globl " << k.name << "\n.p2align 8\n.type " << k.name
    << ",@function\n" << k.name << ":\n" << k.body << "\n.L" << k.name << "_end:\n.size " << k.name << ", .L" << k.name
    << "_end-" << k.name << "\n.rodata\n.p2align 6\n.amdhsa_kernel " << k.name << "\n"
    << "  .amdhsa_user_sgpr_kernarg_segment_ptr 1\n  .amdhsa_kernarg_size " << 8 * k.nptr << "\n"
    << (k.dispatch_ptr ? "  .amdhsa_user_sgpr_dispatch_ptr 1\n" : "")
    << "  .amdhsa_next_free_vgpr " << k.vgprs << "\n  .amdhsa_next_free_sgpr 32\n"
    << "  .amdhsa_wavefront_size32 " << (k.wave64 ? 0 : 1) << "\n"
    << "  .amdhsa_group_segment_fixed_size " << k.lds << "\n"
    << "  .amdhsa_private_segment_fixed_size " << k.priv << "\n"
    << "  .amdhsa_enable_private_segment " << (k.priv ? 1 : 0) << "\n"
    << "  .amdhsa_system_vgpr_workitem_id " << k.workitem_vgprs << "\n"
    << "  .amdhsa_float_denorm_mode_32 " << k.denorm32 << "\n"
    << ".end_amdhsa_kernel\n"
    << ".amdgpu_metadata\n---\namdhsa.version: [ 1, 2 ]\namdhsa.kernels:\n  - .name: " << k.name
    << "\n    .symbol: " << k.name << ".kd\n    .kernarg_segment_size: " << 8 * k.nptr
    << "\n    .kernarg_segment_align: 8\n    .group_segment_fixed_size: " << k.lds
    << "\n    .private_segment_fixed_size: " << k.priv << "\n    .wavefront_size: " << (k.wave64 ? 64 : 32)
    << "\n    .sgpr_count: 32\n    .vgpr_count: " << k.vgprs << "\n    .max_flat_workgroup_size: 1024\n    .args:\n";
  for (int i = 0; i < k.nptr; ++i)
    s << "      - .offset: " << 8 * i << "\n        .size: 8\n        .value_kind: global_buffer\n"
      << "        .address_space: global\n";
  s << "...\n.end_amdgpu_metadata\n";
  return s.str();
}

uint16_t f32_to_f16(float f) {
  // Exact for the test values used (representable in f16).
  _Float16 h = (_Float16)f;
  uint16_t u;
  std::memcpy(&u, &h, 2);
  return u;
}
float f16_to_f32(uint16_t u) {
  _Float16 h;
  std::memcpy(&h, &u, 2);
  return (float)h;
}

AsmLaunch launch_asm(rdna4emu::Device& d, const AsmKernel& k, unsigned threads, const Args& args,
                     const rdna4emu::LaunchOptions& opts) {
  AsmLaunch out;
  std::string err;
  const std::string path = assemble(k.name, asm_text(k), &err);
  EXPECT_FALSE(path.empty()) << err;
  if (path.empty()) return out;
  out.co = load_co(path);
  const rdna4emu::KernelInfo* ki = out.co ? out.co->find_kernel(k.name) : nullptr;
  EXPECT_NE(ki, nullptr) << "kernel " << k.name << " not in " << path;
  if (!ki) return out;
  const rdna4emu::LaunchConfig cfg{{1, 1, 1}, {threads, 1, 1}, 0};
  out.r = d.launch(*out.co, *ki, cfg, kernarg(*ki, args, cfg), opts);
  out.ok = true;
  return out;
}

std::shared_ptr<rdna4emu::CodeObject> build_hip(const std::string& file, int clang, const std::string& opt,
                                                const std::string& arch, bool wave64) {
  if (!have_clang(clang)) return nullptr;
  std::string err;
  const std::string path = compile_hip(file, clang, opt, arch, wave64, &err);
  EXPECT_FALSE(path.empty()) << err;
  return path.empty() ? nullptr : load_co(path, arch);
}

rdna4emu::LaunchResult launch_kernel(rdna4emu::Device& d, const rdna4emu::CodeObject& co, const std::string& name,
                                     rdna4emu::Dim3 grid, rdna4emu::Dim3 block, const Args& args, unsigned threads) {
  const rdna4emu::KernelInfo* k = co.find_kernel(name);
  EXPECT_NE(k, nullptr) << name;
  if (!k) return {};
  const rdna4emu::LaunchConfig cfg{grid, block, 0};
  rdna4emu::LaunchOptions o;
  o.threads = threads;
  auto r = d.launch(co, *k, cfg, kernarg(*k, args, cfg), o);
  EXPECT_TRUE(r.ok()) << rdna4emu::fault_name(r.fault) << ": " << r.diagnostic;
  return r;
}

}  // namespace rdna4test
