// Host side of the GEMM examples (runtime/gemm/*.hip): launching a <TilePolicy,
// ComputePolicy> pair, modelled figures on the emulator and timing on hardware.
// Inputs, the CPU reference and the check (float outputs within (K+2) * 2^-23 *
// sum|A*B|, int32 bit-exact) are in librdna4ref: Inputs/cpu-reference/gemm_ref.h.
#pragma once

#include <hip/hip_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>

#include "../../Inputs/cpu-reference/device.h"
#include "policies.h"

namespace gemm_host {

// Elem, Size, Outcome: Inputs/cpu-reference/api.h.
inline std::string size_str(const Size& s) {
  return std::to_string(s.m) + "x" + std::to_string(s.n) + "x" + std::to_string(s.k);
}

// A problem: its inputs and exact product live in librdna4ref (Inputs/cpu-reference/gemm_ref.h).
struct Problem {
  Elem elem;
  Size sz;
  ProblemData* data;
  Problem(Elem e, Size s, unsigned seed, bool full) : elem(e), sz(s), data(rdna4ref::gemm_problem(e, s, seed, full)) {}
  ~Problem() { rdna4ref::gemm_free(data); }
  Problem(const Problem&) = delete;
  Problem& operator=(const Problem&) = delete;
};
inline Problem make_problem(Elem e, Size s, unsigned seed, bool full_reference = true) {
  return Problem(e, s, seed, full_reference);
}

// Run one policy pair on a problem: reject unsupported sizes with the policy's
// reason, otherwise launch, check, and report.
template <class Tile, class Compute>
Outcome run_policy(const char* policy, const Problem& p, int timed_iterations = 0) {
  Outcome o;
  const Size& s = p.sz;
  if (const char* why = Tile::unsupported(s.m, s.n, s.k)) {
    std::printf("REJECTED policy=%s size=%s: %s\n", policy, size_str(s).c_str(), why);
    o.rejected = true;
    return o;
  }
  using EA = typename Compute::elem_a;
  using OUT = typename Compute::out_t;
  const size_t esz = sizeof(EA);
  rt::DevBuf<uint8_t> da(size_t(s.m) * s.k * esz), db(size_t(s.k) * s.n * esz);
  rt::DevBuf<OUT> dc(size_t(s.m) * s.n);
  for (int which = 0; which < 2; ++which) {
    size_t bytes = 0;
    const void* host = rdna4ref::gemm_input(p.data, which, &bytes);
    RDNA4_HIP_CHECK(hipMemcpy(which == 0 ? da.p : db.p, host, bytes, hipMemcpyHostToDevice));
  }
  RDNA4_HIP_CHECK(hipMemset(dc.p, 0xff, dc.n * sizeof(OUT)));  // poison: unwritten outputs are NaN / -1
  const EA* pa = (const EA*)da.p;
  const EA* pb = (const EA*)db.p;
  OUT* pc = dc.p;
  int m = s.m, n = s.n, k = s.k;
  const dim3 grid((s.n + Tile::block_tile_n - 1) / Tile::block_tile_n,
                  (s.m + Tile::block_tile_m - 1) / Tile::block_tile_m);
  const void* kern = (const void*)gemm::gemm_kernel<Tile, Compute>;
  const std::string what = std::string("policy=") + policy + " size=" + size_str(s);
  if (!rt::try_launch(what.c_str(), kern, grid, dim3(gemm::kThreads), {&pa, &pb, &pc, &m, &n, &k})) {
    o.ok = false;
    return o;
  }
  std::vector<OUT> host = dc.download();
  if constexpr (std::is_same<OUT, float>::value) o.ok = rdna4ref::gemm_check(p.data, policy, host.data(), nullptr, &o);
  else o.ok = rdna4ref::gemm_check(p.data, policy, nullptr, host.data(), &o);

  if (timed_iterations > 0) {
    hipEvent_t start, stop;
    RDNA4_HIP_CHECK(hipEventCreate(&start));
    RDNA4_HIP_CHECK(hipEventCreate(&stop));
    RDNA4_HIP_CHECK(hipEventRecord(start, nullptr));
    std::vector<void*> args{&pa, &pb, &pc, &m, &n, &k};
    for (int it = 0; it < timed_iterations; ++it)
      RDNA4_HIP_CHECK(hipLaunchKernel(kern, grid, dim3(gemm::kThreads), args.data(), 0, nullptr));
    RDNA4_HIP_CHECK(hipEventRecord(stop, nullptr));
    RDNA4_HIP_CHECK(hipEventSynchronize(stop));
    float ms = 0;
    RDNA4_HIP_CHECK(hipEventElapsedTime(&ms, start, stop));
    RDNA4_HIP_CHECK(hipGetLastError());
    o.ms = ms / timed_iterations;
    (void)hipEventDestroy(start);
    (void)hipEventDestroy(stop);
  }

  // Modelled figures (docs/facts/hardware-figures.md#wmma-throughput): WMMA instructions this launch executes.
  const long blocks = long(grid.x) * grid.y;
  const long ktiles = (s.k + Tile::k_tile_size - 1) / Tile::k_tile_size;
  const long wmma = Compute::wmma_per_tile16 * blocks * 4 * ktiles * (Tile::k_tile_size / 16);
  const int cyc = p.elem == Elem::I8 ? 8 : 16;
  if (o.ok) {
    if constexpr (std::is_same<OUT, float>::value)
      std::printf("policy=%s size=%s ok: worst error %.3g (bound %.3g, %.1f%% of bound); "
                  "wmma instructions %ld, modelled WMMA cycles %ld (%d per instruction, docs/facts/hardware-figures.md#wmma-throughput)\n",
                  policy, size_str(s).c_str(), o.worst_err, o.worst_bound, 100 * o.worst_ratio, wmma,
                  wmma * cyc, cyc);
    else
      std::printf("policy=%s size=%s ok: bit-exact; wmma instructions %ld, modelled WMMA cycles %ld "
                  "(%d per instruction, docs/facts/hardware-figures.md#wmma-throughput)\n",
                  policy, size_str(s).c_str(), wmma, wmma * cyc, cyc);
  }
  return o;
}

// Seed 003's (docs/facts/starting-pages.md#seed-003) measurements on an RX 9070 XT (gfx1201), docs/facts/hardware-figures.md#rx-9070-xt-figures.
inline void print_seed003_figures() {
  std::printf("seed 003 figures at 4096^3 on RX 9070 XT (gfx1201): rocBLAS fp16 GEMM 1.4 ms (~100 TFLOPS), "
              "rocBLAS sgemm 9.1 ms (15 TFLOPS), hand-written tiled fp32 GEMM ~17 ms (~8 TFLOPS)\n");
}
inline void print_timing(const char* policy, const Size& s, const Outcome& o) {
  const double flop = 2.0 * s.m * s.n * double(s.k);
  std::printf("timing policy=%s size=%s: %.3f ms, %.1f GFLOP/s (device=%s, hipEvent, mean of launches)\n",
              policy, size_str(s).c_str(), o.ms, flop / (o.ms * 1e6), rt::device_info().label.c_str());
}

}  // namespace gemm_host
