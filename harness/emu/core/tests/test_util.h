// Helpers for the emulator-core tests: compile HIP kernels and assemble
// hand-written kernels with the installed LLVM toolchains, load them with the
// real loader and launch them on a Device.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "rdna4emu/codeobject.h"
#include "rdna4emu/device.h"

namespace rdna4test {

// Directory with the corpus kernels (tests/corpus) and a scratch output dir.
std::string corpus_dir();
std::string out_dir();
std::string corpus_build_dir();
bool have_clang(int version);
std::string llvm_tool(int version, const std::string& tool);  // /usr/lib/llvm-N/bin/tool

// Compile tests/corpus/<file>.hip (cached). Empty string + *err on failure.
std::string compile_hip(const std::string& file, int clang, const std::string& opt, const std::string& arch,
                        bool wave64, std::string* err);
// Assemble + link a kernel written in assembly (text). Returns the .co path.
std::string assemble(const std::string& name, const std::string& asm_text, std::string* err, int llvm = 22);

std::shared_ptr<rdna4emu::CodeObject> load_co(const std::string& path, const std::string& arch = "gfx1201");

// Run a shell command, capture stdout. Returns exit status.
int run_cmd(const std::string& cmd, std::string* out);

// Kernarg builder in metadata order (explicit args), then hidden args.
struct Args {
  std::vector<std::vector<uint8_t>> vals;
  template <class T>
  Args& add(T v) {
    std::vector<uint8_t> b(sizeof(T));
    std::memcpy(b.data(), &v, sizeof(T));
    vals.push_back(b);
    return *this;
  }
  Args& raw(const void* p, size_t n) {
    vals.emplace_back((const uint8_t*)p, (const uint8_t*)p + n);
    return *this;
  }
};
// Builds the kernarg segment; fails the current test on a size mismatch.
std::vector<uint8_t> kernarg(const rdna4emu::KernelInfo& k, const Args& a, const rdna4emu::LaunchConfig& cfg);

// Minimal .amdhsa kernel wrapper: `body` is the instruction text; the kernel
// gets a kernarg pointer in s[0:1] and `nptr` pointer arguments.
struct AsmKernel {
  std::string name = "k";
  std::string body;
  int nptr = 1;
  int lds = 0;
  int priv = 0;
  bool wave64 = false;
  int vgprs = 32;
  int workitem_vgprs = 0;  // .amdhsa_system_vgpr_workitem_id
  bool dispatch_ptr = false;
  int denorm32 = 3;
};
std::string asm_text(const AsmKernel& k);

// Assembles k, loads it and launches one workgroup of `threads` work-items on d with
// `args` (the kernel's pointers, in order). ok = false (and the current test fails)
// when assembling fails or the kernel is missing; r is the launch result; co keeps
// the code object alive as long as the caller needs it.
struct AsmLaunch {
  bool ok = false;
  std::shared_ptr<rdna4emu::CodeObject> co;
  rdna4emu::LaunchResult r;
};
AsmLaunch launch_asm(rdna4emu::Device& d, const AsmKernel& k, unsigned threads, const Args& args,
                     const rdna4emu::LaunchOptions& opts = {});

// Compiles tests/corpus/<file>.hip with clang `clang` at `opt` for `arch` and loads it.
// Null when that clang is not installed; null and the current test fails when
// compiling fails (the compiler's message in the failure).
std::shared_ptr<rdna4emu::CodeObject> build_hip(const std::string& file, int clang, const std::string& opt,
                                                const std::string& arch, bool wave64 = false);

// Launches kernel `name` of co (grid x block work-items, args; opts.threads = threads).
// The current test fails when the kernel is missing (an empty result) or the launch faults.
rdna4emu::LaunchResult launch_kernel(rdna4emu::Device& d, const rdna4emu::CodeObject& co, const std::string& name,
                                     rdna4emu::Dim3 grid, rdna4emu::Dim3 block, const Args& args,
                                     unsigned threads = 0);

template <class T>
std::vector<T> read_back(rdna4emu::Device& d, uint64_t addr, size_t n) {
  std::vector<T> v(n);
  d.read(addr, v.data(), n * sizeof(T));
  return v;
}
template <class T>
uint64_t upload(rdna4emu::Device& d, const std::vector<T>& v, size_t extra = 0) {
  uint64_t a = d.alloc(v.size() * sizeof(T) + extra);
  d.write(a, v.data(), v.size() * sizeof(T));
  return a;
}

uint16_t f32_to_f16(float f);
float f16_to_f32(uint16_t h);

}  // namespace rdna4test
