// Host side of the GEMM examples (runtime/gemm/*.hip): inputs, the CPU
// reference (Inputs/cpu-reference/matmul.h), launching a <TilePolicy,
// ComputePolicy> pair, checking, modelled figures on the emulator and timing
// on hardware.
//
// Checks: float outputs |C - exact| <= (K+2) * 2^-23 * sum|A*B| (what any fp32
// accumulation order satisfies), worst error printed; int32 outputs bit-exact.
#pragma once

#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "../../Inputs/cpu-reference/formats.h"
#include "../../Inputs/cpu-reference/hiptest.h"
#include "../../Inputs/cpu-reference/matmul.h"
#include "policies.h"

namespace gemm_host {

enum class Elem { F16, BF16, I8 };

struct Size {
  int m, n, k;
};
inline std::string size_str(const Size& s) {
  return std::to_string(s.m) + "x" + std::to_string(s.n) + "x" + std::to_string(s.k);
}

// Inputs as raw element bits (uint16 for f16/bf16, int8 in the low byte for
// i8), their decoded values, and the reference product.
struct Problem {
  Elem elem;
  Size sz;
  std::vector<uint16_t> a16, b16;
  std::vector<int8_t> a8, b8;
  ref::Matrix<double> A, B;
  ref::FloatResult ref_f;
  ref::Matrix<int64_t> ref_i;
  bool reference_full = true;  // false at 4096^3: sampled check only
};

inline Problem make_problem(Elem e, Size s, unsigned seed, bool full_reference = true) {
  Problem p;
  p.elem = e;
  p.sz = s;
  p.reference_full = full_reference;
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::uniform_int_distribution<int> ui(-128, 127);
  p.A = ref::Matrix<double>(s.m, s.k);
  p.B = ref::Matrix<double>(s.k, s.n);
  auto fill = [&](ref::Matrix<double>& M, std::vector<uint16_t>& bits16, std::vector<int8_t>& bits8) {
    for (double& v : M.v) {
      if (e == Elem::I8) {
        const int x = ui(rng);
        bits8.push_back(int8_t(x));
        v = x;
      } else {
        const ref::MiniFloat& f = e == Elem::F16 ? ref::kF16 : ref::kBF16;
        const uint32_t b = ref::encode(f, u(rng));
        bits16.push_back(uint16_t(b));
        v = ref::decode(f, b);
      }
    }
  };
  fill(p.A, p.a16, p.a8);
  fill(p.B, p.b16, p.b8);
  if (full_reference) {
    if (e == Elem::I8) {
      ref::Matrix<int64_t> IA(s.m, s.k), IB(s.k, s.n), IC(s.m, s.n, 0);
      for (size_t i = 0; i < IA.v.size(); ++i) IA.v[i] = int64_t(p.A.v[i]);
      for (size_t i = 0; i < IB.v.size(); ++i) IB.v[i] = int64_t(p.B.v[i]);
      p.ref_i = ref::matmul_int(IA, IB, IC);
    } else {
      p.ref_f = ref::matmul_float(p.A, p.B, ref::Matrix<double>(s.m, s.n, 0.0));
    }
  }
  return p;
}

// One exact element of the product (for the sampled check at large sizes).
inline void exact_element(const Problem& p, int i, int j, double* value, double* mag) {
  double s = 0, m = 0;
  for (int kk = 0; kk < p.sz.k; ++kk) {
    const double t = p.A.at(i, kk) * p.B.at(kk, j);
    s += t;
    m += std::fabs(t);
  }
  *value = s;
  *mag = m;
}

struct Outcome {
  bool ok = true, rejected = false;
  double worst_err = 0, worst_bound = 0, worst_ratio = 0;
  double ms = 0;  // hardware timing (mean per launch)
};

// Compare the device result with the reference; prints the first mismatches.
inline bool check(const Problem& p, const char* policy, const std::vector<float>* cf,
                  const std::vector<int32_t>* ci, Outcome& o) {
  const Size& s = p.sz;
  long bad = 0;
  std::mt19937 rng(99);
  const long samples = p.reference_full ? long(s.m) * s.n : 512;
  for (long idx = 0; idx < samples; ++idx) {
    int i, j;
    if (p.reference_full) {
      i = int(idx / s.n);
      j = int(idx % s.n);
    } else {
      i = int(rng() % unsigned(s.m));
      j = int(rng() % unsigned(s.n));
    }
    const size_t at = size_t(i) * s.n + j;
    if (ci) {
      const int64_t want = p.reference_full ? p.ref_i.at(i, j) : [&] {
        double v, m;
        exact_element(p, i, j, &v, &m);
        return int64_t(v);
      }();
      if (int64_t((*ci)[at]) != want) {
        if (bad++ < 10)
          std::printf("MISMATCH policy=%s size=%s C[%d][%d]: expected %lld, actual %d\n", policy,
                      size_str(s).c_str(), i, j, (long long)want, (*ci)[at]);
      }
      continue;
    }
    double want, mag;
    if (p.reference_full) {
      want = p.ref_f.value.at(i, j);
      mag = p.ref_f.magnitude.at(i, j);
    } else {
      exact_element(p, i, j, &want, &mag);
    }
    const double got = (*cf)[at];
    const double err = std::fabs(got - want);
    const double bound = (s.k + 2) * ref::kF32Ulp1 * mag;
    if (bound > 0 && err / bound > o.worst_ratio) {
      o.worst_ratio = err / bound;
      o.worst_err = err;
      o.worst_bound = bound;
    }
    if (!(err <= bound)) {
      if (bad++ < 10)
        std::printf("MISMATCH policy=%s size=%s C[%d][%d]: expected %.9g (+- %.3g), actual %.9g\n", policy,
                    size_str(s).c_str(), i, j, want, bound, got);
    }
  }
  if (bad) std::printf("policy=%s size=%s: %ld mismatching elements\n", policy, size_str(s).c_str(), bad);
  return bad == 0;
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
  if (p.elem == Elem::I8) {
    RT_HIP(hipMemcpy(da.p, p.a8.data(), p.a8.size(), hipMemcpyHostToDevice));
    RT_HIP(hipMemcpy(db.p, p.b8.data(), p.b8.size(), hipMemcpyHostToDevice));
  } else {
    RT_HIP(hipMemcpy(da.p, p.a16.data(), p.a16.size() * 2, hipMemcpyHostToDevice));
    RT_HIP(hipMemcpy(db.p, p.b16.data(), p.b16.size() * 2, hipMemcpyHostToDevice));
  }
  RT_HIP(hipMemset(dc.p, 0xff, dc.n * sizeof(OUT)));  // poison: unwritten outputs are NaN / -1
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
  if constexpr (std::is_same<OUT, float>::value) o.ok = check(p, policy, &host, nullptr, o);
  else o.ok = check(p, policy, nullptr, &host, o);

  if (timed_iterations > 0) {
    hipEvent_t start, stop;
    RT_HIP(hipEventCreate(&start));
    RT_HIP(hipEventCreate(&stop));
    RT_HIP(hipEventRecord(start, nullptr));
    std::vector<void*> args{&pa, &pb, &pc, &m, &n, &k};
    for (int it = 0; it < timed_iterations; ++it)
      RT_HIP(hipLaunchKernel(kern, grid, dim3(gemm::kThreads), args.data(), 0, nullptr));
    RT_HIP(hipEventRecord(stop, nullptr));
    RT_HIP(hipEventSynchronize(stop));
    float ms = 0;
    RT_HIP(hipEventElapsedTime(&ms, start, stop));
    RT_HIP(hipGetLastError());
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
