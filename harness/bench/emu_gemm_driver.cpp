// Host driver of harness/bench/emu_gemm: runs one GEMM kernel of
// emu_gemm_kernel.hip under the emulator (rdna4emu::Device) once per requested
// host thread count, checks every element of C against a CPU reference and
// compares the C images of the runs bit for bit. Output is "key=value" lines
// that the emu_gemm script formats; run it directly for debugging:
//
//   emu_gemm_driver --co K.co --kernel emu_gemm_t64 --tile 64 --size 256x256x256
//                   [--threads 1,2] [--hazards strict|off] [--seed N] [--budget N]
//                   [--mnemonics N]
//
// Inputs are multiples of 1/4 in [-2, 2], so every product is a multiple of
// 1/16 and every partial sum with K < 2^18 is exact in fp32 whatever the
// accumulation order: the reference (exact integer arithmetic) must match
// bit for bit. Exit: 0 all runs correct and identical, 1 a wrong result, a
// fault or differing runs, 2 bad usage or input.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "rdna4emu/codeobject.h"
#include "rdna4emu/device.h"

using namespace rdna4emu;

namespace {

[[noreturn]] void usage_error(const std::string& msg) {
  std::fprintf(stderr, "emu_gemm_driver: %s\n", msg.c_str());
  std::fprintf(stderr,
               "usage: emu_gemm_driver --co FILE --kernel NAME --tile 64|32 --size MxNxK "
               "[--threads 1,2] [--hazards strict|off] [--seed N] [--budget N] [--mnemonics N]\n");
  std::exit(2);
}

bool parse_u64(const std::string& s, uint64_t* out) {
  if (s.empty() || s.size() > 19) return false;
  uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + uint64_t(c - '0');
  }
  *out = v;
  return true;
}

std::vector<uint64_t> parse_list(const std::string& s, char sep, const char* what) {
  std::vector<uint64_t> r;
  size_t p = 0;
  while (true) {
    size_t q = s.find(sep, p);
    std::string tok = s.substr(p, q == std::string::npos ? std::string::npos : q - p);
    uint64_t v;
    if (!parse_u64(tok, &v)) usage_error(std::string("bad ") + what + " '" + s + "'");
    r.push_back(v);
    if (q == std::string::npos) break;
    p = q + 1;
  }
  return r;
}

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);  // all threads of this process
  return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         1e-6 * double(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

// splitmix64: the inputs depend on the seed only, not on the host library.
uint64_t splitmix(uint64_t* s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// Exact f16 encoding of q/4 for an integer q in [-8, 8].
uint16_t quarter_to_f16(int q) {
  if (q == 0) return 0;
  uint16_t sign = q < 0 ? 0x8000 : 0;
  unsigned m = unsigned(q < 0 ? -q : q);  // value m * 2^-2, m in 1..8
  int e = 0;
  while ((m >> e) > 1) ++e;                // m = 2^e * (1.f)
  unsigned frac = (m << (10 - e)) & 0x3ff; // 10 fraction bits
  unsigned exp = unsigned(e - 2 + 15);     // biased exponent
  return uint16_t(sign | (exp << 10) | frac);
}

std::vector<uint8_t> read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    std::fprintf(stderr, "emu_gemm_driver: cannot open code object '%s'\n", path.c_str());
    std::exit(2);
  }
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(f)), {});
}

}  // namespace

int main(int argc, char** argv) {
  std::string co_path, kernel_name, size_s, threads_s = "1,2", hazards_s = "strict";
  uint64_t tile = 0, seed = 1, budget = 0, mnemonics = 0;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) usage_error(a + " needs a value");
      return argv[++i];
    };
    if (a == "--co") co_path = next();
    else if (a == "--kernel") kernel_name = next();
    else if (a == "--tile") { if (!parse_u64(next(), &tile)) usage_error("bad --tile"); }
    else if (a == "--size") size_s = next();
    else if (a == "--threads") threads_s = next();
    else if (a == "--hazards") hazards_s = next();
    else if (a == "--seed") { if (!parse_u64(next(), &seed)) usage_error("bad --seed"); }
    else if (a == "--budget") { if (!parse_u64(next(), &budget) || !budget) usage_error("bad --budget"); }
    else if (a == "--mnemonics") { if (!parse_u64(next(), &mnemonics)) usage_error("bad --mnemonics"); }
    else usage_error("unknown argument '" + a + "'");
  }
  if (co_path.empty() || kernel_name.empty() || size_s.empty() || !tile)
    usage_error("--co, --kernel, --tile and --size are required");
  if (tile != 32 && tile != 64) usage_error("--tile must be 32 or 64");
  HazardMode hz;
  if (hazards_s == "strict") hz = HazardMode::Strict;
  else if (hazards_s == "off") hz = HazardMode::Off;
  else usage_error("--hazards must be strict or off");

  std::vector<uint64_t> dims = parse_list(size_s, 'x', "--size (MxNxK)");
  if (dims.size() != 3) usage_error("--size must be MxNxK");
  const uint64_t M = dims[0], N = dims[1], K = dims[2];
  if (!M || !N || !K || M % tile || N % tile || K % 16)
    usage_error("--size " + size_s + ": M and N must be positive multiples of the tile (" +
                std::to_string(tile) + "), K a positive multiple of 16");
  if (M > 16384 || N > 16384 || K >= (1u << 18))
    usage_error("--size " + size_s + ": M, N <= 16384 and K < 262144 (exactness of the check)");
  std::vector<uint64_t> threads = parse_list(threads_s, ',', "--threads");
  for (uint64_t t : threads)
    if (t == 0 || t > 256) usage_error("--threads entries must be 1..256");

  std::shared_ptr<CodeObject> co;
  const KernelInfo* k = nullptr;
  try {
    std::vector<uint8_t> bytes = read_file(co_path);
    co = CodeObject::load_any(bytes.data(), bytes.size(), "gfx1201");
    k = co->find_kernel(kernel_name);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "emu_gemm_driver: %s: %s\n", co_path.c_str(), e.what());
    return 2;
  }
  if (!k) {
    std::string names;
    for (const KernelInfo& ki : co->kernels()) names += " " + ki.name;
    std::fprintf(stderr, "emu_gemm_driver: no kernel '%s' in %s (has:%s)\n", kernel_name.c_str(),
                 co_path.c_str(), names.c_str());
    return 2;
  }
  // The kernel signature is (const half* A, const half* B, float* C, int M, int N, int K).
  std::vector<const KernelArg*> explicit_args;
  for (const KernelArg& arg : k->args)
    if (arg.value_kind.rfind("hidden_", 0) != 0) explicit_args.push_back(&arg);
  if (explicit_args.size() != 6) {
    std::fprintf(stderr, "emu_gemm_driver: kernel %s has %zu explicit arguments, expected 6\n",
                 kernel_name.c_str(), explicit_args.size());
    return 2;
  }
  for (int a = 0; a < 6; ++a) {
    uint32_t want = a < 3 ? 8 : 4;
    const KernelArg* arg = explicit_args[a];
    if (arg->size != want || uint64_t(arg->offset) + arg->size > k->kernarg_segment_size) {
      std::fprintf(stderr, "emu_gemm_driver: kernel %s argument %d: size %u at offset %u, expected size %u\n",
                   kernel_name.c_str(), a, arg->size, arg->offset, want);
      return 2;
    }
  }

  // Inputs (quarters in [-8, 8]) and the exact reference C*16 in integers.
  std::vector<int8_t> Aq(M * K), Bq(K * N);
  std::vector<uint16_t> Ah(M * K), Bh(K * N);
  uint64_t s = seed;
  for (size_t i = 0; i < Aq.size(); ++i) { Aq[i] = int8_t(int(splitmix(&s) % 17) - 8); Ah[i] = quarter_to_f16(Aq[i]); }
  for (size_t i = 0; i < Bq.size(); ++i) { Bq[i] = int8_t(int(splitmix(&s) % 17) - 8); Bh[i] = quarter_to_f16(Bq[i]); }
  auto t_ref0 = std::chrono::steady_clock::now();
  std::vector<int32_t> ref(M * N, 0), Bw(Bq.begin(), Bq.end());  // int32 B: the j loop vectorizes
  for (uint64_t i = 0; i < M; ++i) {
    int32_t* row = &ref[i * N];
    for (uint64_t kk = 0; kk < K; ++kk) {
      const int32_t a = Aq[i * K + kk];
      if (!a) continue;
      const int32_t* brow = &Bw[kk * N];
      for (uint64_t j = 0; j < N; ++j) row[j] += a * brow[j];
    }
  }
  double ref_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t_ref0).count();
  std::printf("size M=%" PRIu64 " N=%" PRIu64 " K=%" PRIu64 " kernel=%s tile=%" PRIu64
              " hazards=%s seed=%" PRIu64 " reference_seconds=%.3f\n",
              M, N, K, kernel_name.c_str(), tile, hazards_s.c_str(), seed, ref_seconds);

  const uint32_t gx = uint32_t(N / tile), gy = uint32_t(M / tile);
  LaunchConfig cfg{{gx, gy, 1}, {128, 1, 1}, 0};
  std::vector<uint8_t> kernarg(k->kernarg_segment_size, 0);
  fill_hidden_args(*k, cfg, kernarg);

  int rc = 0;
  std::vector<uint32_t> first_image;
  uint64_t first_thread = 0;
  for (uint64_t t : threads) {
    Device dev("gfx1201");  // fresh device: every run pays its own predecode
    uint64_t da = dev.alloc(Ah.size() * 2), db = dev.alloc(Bh.size() * 2), dc = dev.alloc(M * N * 4);
    if (!da || !db || !dc || !dev.write(da, Ah.data(), Ah.size() * 2) ||
        !dev.write(db, Bh.data(), Bh.size() * 2) || !dev.fill(dc, 0xff, M * N * 4)) {
      std::fprintf(stderr, "emu_gemm_driver: device allocation/copy failed for %s\n", size_s.c_str());
      return 2;
    }
    const uint64_t ptrs[3] = {da, db, dc};
    const int32_t ints[3] = {int32_t(M), int32_t(N), int32_t(K)};
    for (int a = 0; a < 3; ++a) std::memcpy(&kernarg[explicit_args[a]->offset], &ptrs[a], 8);
    for (int a = 0; a < 3; ++a) std::memcpy(&kernarg[explicit_args[3 + a]->offset], &ints[a], 4);
    LaunchOptions opts;
    opts.threads = unsigned(t);
    opts.hazards = hz;
    if (budget) opts.instruction_budget = budget;
    double c0 = cpu_seconds();
    auto w0 = std::chrono::steady_clock::now();
    LaunchResult r = dev.launch(*co, *k, cfg, kernarg, opts);
    double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
    double cpu = cpu_seconds() - c0;
    if (!r.ok()) {
      std::printf("run threads=%" PRIu64 " fault=%s\n", t, fault_name(r.fault));
      std::fprintf(stderr, "emu_gemm_driver: threads=%" PRIu64 ": fault %s: %s\n", t, fault_name(r.fault),
                   r.diagnostic.c_str());
      rc = 1;
      continue;
    }
    std::vector<uint32_t> img(M * N);
    if (!dev.read(dc, img.data(), img.size() * 4)) {
      std::fprintf(stderr, "emu_gemm_driver: reading C back failed\n");
      return 2;
    }
    uint64_t mismatches = 0, first_bad = UINT64_MAX;
    for (uint64_t e = 0; e < img.size(); ++e) {
      float want = float(ref[e]) / 16.0f;  // exact: |ref| < 2^24
      uint32_t wbits;
      std::memcpy(&wbits, &want, 4);
      if (img[e] != wbits) {
        if (first_bad == UINT64_MAX) first_bad = e;
        ++mismatches;
      }
    }
    uint64_t wmma = 0;
    for (const auto& kv : r.stats.per_mnemonic)
      if (kv.first.rfind("v_wmma", 0) == 0) wmma += kv.second;
    const LaunchStats& st = r.stats;
    std::printf("run threads=%" PRIu64 " fault=None wall=%.6f cpu=%.6f emu_seconds=%.6f wave_instructions=%" PRIu64
                " lane_operations=%" PRIu64 " modelled_cycles=%" PRIu64 " waves=%" PRIu64 " workgroups=%" PRIu64
                " wmma=%" PRIu64 " mismatches=%" PRIu64 "\n",
                t, wall, cpu, st.seconds, st.wave_instructions, st.lane_operations, st.modelled_cycles, st.waves,
                st.workgroups, wmma, mismatches);
    if (mismatches) {
      uint64_t i = first_bad / N, j = first_bad % N;
      float got;
      std::memcpy(&got, &img[first_bad], 4);
      std::fprintf(stderr,
                   "emu_gemm_driver: threads=%" PRIu64 ": %" PRIu64 " of %zu elements of C differ from the CPU "
                   "reference; first C[%" PRIu64 "][%" PRIu64 "] = %.9g (0x%08x), expected %.9g\n",
                   t, mismatches, img.size(), i, j, double(got), img[first_bad], double(ref[first_bad]) / 16.0);
      rc = 1;
    }
    if (mnemonics) {
      std::vector<std::pair<uint64_t, std::string>> v;
      for (const auto& kv : st.per_mnemonic) v.push_back({kv.second, kv.first});
      std::sort(v.rbegin(), v.rend());
      for (size_t q = 0; q < v.size() && q < mnemonics; ++q)
        std::printf("mnemonic threads=%" PRIu64 " name=%s count=%" PRIu64 "\n", t, v[q].second.c_str(), v[q].first);
    }
    if (first_image.empty()) {
      first_image = std::move(img);
      first_thread = t;
    } else {
      bool same = first_image == img;
      std::printf("identical threads=%" PRIu64 " vs=%" PRIu64 " result=%s\n", t, first_thread, same ? "yes" : "no");
      if (!same) rc = 1;
    }
  }
  return rc;
}
