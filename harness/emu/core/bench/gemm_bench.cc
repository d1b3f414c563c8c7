// Emulator throughput benchmark (issue 3 item 5): compiles the tiled f16
// WMMA GEMM (tests/corpus/gemm_f16.hip: LDS staging, 4 waves per workgroup)
// and runs it under emulation at 256^3 and 1024^3, printing executed
// wave-instructions, wave-instructions per second and lane-operations per
// second, wall and CPU time, and checks the result against a host GEMM.
//
//   rdna4-emu-bench [--clang /usr/lib/llvm-22/bin/clang++] [--sizes 256,1024] [--threads N]
//                   [--hazards strict|off] [--opt O3]
#include <sys/resource.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "rdna4emu/codeobject.h"
#include "rdna4emu/device.h"

using namespace rdna4emu;

static double cpu_seconds() {
  rusage u;
  getrusage(RUSAGE_SELF, &u);
  return u.ru_utime.tv_sec + u.ru_stime.tv_sec + 1e-6 * (u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

static uint16_t to_f16(float f) {
  _Float16 h = (_Float16)f;
  uint16_t u;
  std::memcpy(&u, &h, 2);
  return u;
}

int main(int argc, char** argv) {
  std::string clang = "/usr/lib/llvm-22/bin/clang++", sizes = "256,1024", opt = "O3";
  unsigned threads = 0;
  HazardMode hz = HazardMode::Off;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) { std::fprintf(stderr, "rdna4-emu-bench: %s needs a value\n", a.c_str()); std::exit(2); }
      return argv[++i];
    };
    if (a == "--clang") clang = next();
    else if (a == "--sizes") sizes = next();
    else if (a == "--threads") threads = unsigned(std::atoi(next().c_str()));
    else if (a == "--opt") opt = next();
    else if (a == "--hazards") {
      std::string v = next();
      if (v == "strict") hz = HazardMode::Strict;
      else if (v == "off") hz = HazardMode::Off;
      else { std::fprintf(stderr, "rdna4-emu-bench: --hazards strict|off\n"); return 2; }
    } else {
      std::fprintf(stderr, "usage: rdna4-emu-bench [--clang PATH] [--sizes 256,1024] [--threads N] [--hazards strict|off] [--opt O3]\n");
      return 2;
    }
  }
  std::string co_path = "/tmp/rdna4-emu-bench-gemm." + opt + ".co";
  std::string cmd = "CLANG_NO_DEFAULT_CONFIG=1 " + clang + " -x hip --cuda-device-only --offload-arch=gfx1201 -nogpulib "
                    "-nogpuinc -" + opt + " --no-gpu-bundle-output -I " RDNA4_CORPUS_DIR " " RDNA4_CORPUS_DIR
                    "/gemm_f16.hip -o " + co_path;
  if (std::system(cmd.c_str()) != 0) {
    std::fprintf(stderr, "rdna4-emu-bench: compile failed: %s\n", cmd.c_str());
    return 2;
  }
  std::ifstream f(co_path, std::ios::binary);
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(f)), {});
  std::shared_ptr<CodeObject> co;
  try {
    co = CodeObject::load_any(bytes.data(), bytes.size(), "gfx1201");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "rdna4-emu-bench: %s\n", e.what());
    return 2;
  }
  const KernelInfo* k = co->find_kernel("gemm_f16");
  std::printf("kernel gemm_f16 (%s, %s), hazards %s, threads %u\n", clang.c_str(), opt.c_str(),
              hz == HazardMode::Strict ? "strict" : "off", threads);
  std::stringstream ss(sizes);
  std::string tok;
  int rc = 0;
  while (std::getline(ss, tok, ',')) {
    int n = std::atoi(tok.c_str());
    if (n <= 0 || n % 64) { std::fprintf(stderr, "size %s: must be a positive multiple of 64\n", tok.c_str()); return 2; }
    std::mt19937 rng(n);
    std::vector<float> A(size_t(n) * n), B(size_t(n) * n);
    std::vector<uint16_t> Ah(A.size()), Bh(B.size());
    for (size_t i = 0; i < A.size(); ++i) { A[i] = float(int(rng() % 5) - 2); Ah[i] = to_f16(A[i]); }
    for (size_t i = 0; i < B.size(); ++i) { B[i] = float(int(rng() % 5) - 2); Bh[i] = to_f16(B[i]); }
    Device d;
    uint64_t da = d.alloc(Ah.size() * 2), db = d.alloc(Bh.size() * 2), dc = d.alloc(size_t(n) * n * 4);
    d.write(da, Ah.data(), Ah.size() * 2);
    d.write(db, Bh.data(), Bh.size() * 2);
    LaunchConfig cfg{{uint32_t(n / 64), uint32_t(n / 64), 1}, {128, 1, 1}, 0};
    std::vector<uint8_t> ka(k->kernarg_segment_size, 0);
    int32_t dims[3] = {n, n, n};
    uint64_t ptrs[3] = {da, db, dc};
    size_t ai = 0;
    for (const KernelArg& arg : k->args) {
      if (arg.value_kind.rfind("hidden_", 0) == 0) continue;
      if (ai < 3) std::memcpy(&ka[arg.offset], &ptrs[ai], 8);
      else std::memcpy(&ka[arg.offset], &dims[ai - 3], 4);
      ++ai;
    }
    fill_hidden_args(*k, cfg, ka);
    LaunchOptions o;
    o.threads = threads;
    o.hazards = hz;
    double c0 = cpu_seconds();
    auto t0 = std::chrono::steady_clock::now();
    LaunchResult r = d.launch(*co, *k, cfg, ka, o);
    double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    double cpu = cpu_seconds() - c0;
    if (!r.ok()) {
      std::fprintf(stderr, "%d^3: fault %s: %s\n", n, fault_name(r.fault), r.diagnostic.c_str());
      return 1;
    }
    std::vector<float> C(size_t(n) * n);
    d.read(dc, C.data(), C.size() * 4);
    size_t bad = 0;
    for (int i = 0; i < n && bad < 10; i += (n >= 512 ? 7 : 1))
      for (int j = 0; j < n; j += (n >= 512 ? 5 : 1)) {
        float s = 0;
        for (int kk = 0; kk < n; ++kk) s += A[size_t(i) * n + kk] * B[size_t(kk) * n + j];
        if (C[size_t(i) * n + j] != s) ++bad;
      }
    const LaunchStats& st = r.stats;
    std::printf("%5d^3: %9.3f s wall, %7.3f s CPU, %10llu wave-instructions, %6.2f M wave-instr/s (wall), %6.2f M/s (CPU), "
                "%8.1f M lane-ops/s, %llu WMMAs, %llu modelled cycles, result %s\n",
                n, wall, cpu, (unsigned long long)st.wave_instructions, st.wave_instructions / wall / 1e6,
                st.wave_instructions / cpu / 1e6, st.lane_operations / wall / 1e6,
                (unsigned long long)(st.per_mnemonic.count("v_wmma_f32_16x16x16_f16") ? st.per_mnemonic.at("v_wmma_f32_16x16x16_f16") : 0),
                (unsigned long long)st.modelled_cycles, bad ? "WRONG" : "exact");
    if (bad) rc = 1;
  }
  return rc;
}
