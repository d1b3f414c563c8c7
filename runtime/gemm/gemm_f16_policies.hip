// The seeds' (docs/facts/starting-pages.md) FP16 GEMM examples (seed 001 WmmaRdna4F16Policy, seed 000
// WmmaRdna4F16TrPolicy + SingleBufferTilePolicyF16TrB) and a ScalarFMAPolicy
// baseline, run back to back on the same inputs and checked against the CPU
// reference (kernel and policies: policies.h; host side: gemm_host.h).
// Sizes: multiples of the 32x32x16 tile and ragged sizes; the transpose-load
// policy rejects N % 32 != 0 or K % 16 != 0 (no bounds checks in
// global_load_tr) with a message. On hardware it also times 4096^3.
//
// RUN: %hipcc -O0 %s -o %t.O0
// RUN: env RDNA4_EMU_STATS=1 %run %t.O0 2>&1 | FileCheck %s --check-prefixes=CHECK,CHECK-%device
// RUN: %hipcc -O2 %s -o %t.O2
// RUN: env RDNA4_EMU_STATS=1 %run %t.O2 2>&1 | FileCheck %s --check-prefixes=CHECK,CHECK-%device
// RUN: %hipcc -O3 %s -o %t.O3
// RUN: env RDNA4_EMU_STATS=1 %run %t.O3 2>&1 | FileCheck %s --check-prefixes=CHECK,CHECK-%device
//
// CHECK-emu: hipemu: stats {{.*}}gemm_kernel{{.*}} wave_instructions={{[0-9]+}}
// CHECK: policy=WmmaRdna4F16TrPolicy size=32x32x16 ok
// CHECK: policy=ScalarFMAPolicy size=64x96x64 ok
// CHECK: policy=WmmaRdna4F16Policy size=64x96x64 ok
// CHECK: policy=WmmaRdna4F16TrPolicy size=64x96x64 ok
// CHECK: policy=WmmaRdna4F16TrPolicy size=64x64x128 ok
// CHECK: policy=WmmaRdna4F16TrPolicy size=33x64x48 ok
// CHECK: policy=ScalarFMAPolicy size=50x40x24 ok
// CHECK: policy=WmmaRdna4F16Policy size=50x40x24 ok
// CHECK: REJECTED policy=WmmaRdna4F16TrPolicy size=50x40x24: needs N % 32 == 0 and K % 16 == 0
// CHECK: policy=WmmaRdna4F16Policy size=17x31x5 ok
// CHECK-hw: timing policy=WmmaRdna4F16TrPolicy size=4096x4096x4096
// CHECK: PASS gemm_f16_policies device={{emu|hw}}
#include "gemm_host.h"

using namespace gemm;
using ScalarTile = SingleBufferTilePolicy<_Float16, 32, 32, 16>;
using WmmaTilePolicy = SingleBufferTilePolicy<_Float16, 32, 32, 16>;
using WmmaTilePolicyTrB = SingleBufferTilePolicyF16TrB<32, 32, 16>;

static bool run_all(const gemm_host::Size& s, int timed) {
  const gemm_host::Problem p = gemm_host::make_problem(gemm_host::Elem::F16, s, 2024 + s.m + s.n + s.k, timed == 0);
  bool ok = true;
  auto o1 = gemm_host::run_policy<ScalarTile, ScalarFMAPolicy<_Float16>>("ScalarFMAPolicy", p, timed);
  auto o2 = gemm_host::run_policy<WmmaTilePolicy, WmmaRdna4F16Policy>("WmmaRdna4F16Policy", p, timed);
  auto o3 = gemm_host::run_policy<WmmaTilePolicyTrB, WmmaRdna4F16TrPolicy>("WmmaRdna4F16TrPolicy", p, timed);
  ok = o1.ok && o2.ok && o3.ok;
  if (timed) {
    gemm_host::print_seed003_figures();
    gemm_host::print_timing("ScalarFMAPolicy", s, o1);
    gemm_host::print_timing("WmmaRdna4F16Policy", s, o2);
    if (!o3.rejected) gemm_host::print_timing("WmmaRdna4F16TrPolicy", s, o3);
  }
  return ok;
}

int main() {
  rt::print_device_header("gemm_f16_policies");
  std::printf("tiles: 32x32 block, k_tile 16, 128 threads; bound |C - exact| <= (K+2)*2^-23*sum|A*B|\n");
  const gemm_host::Size sizes[] = {{32, 32, 16}, {64, 96, 64}, {64, 64, 128}, {33, 64, 48}, {50, 40, 24}, {17, 31, 5}};
  bool ok = true;
  for (const auto& s : sizes) ok = run_all(s, 0) && ok;
  if (!rt::on_emulator()) ok = run_all({4096, 4096, 4096}, 5) && ok;
  else std::printf("4096^3 timing: skipped on the emulator (hardware only)\n");
  if (!ok) {
    std::printf("FAIL gemm_f16_policies %s\n", rt::device_tag().c_str());
    return 1;
  }
  std::printf("PASS gemm_f16_policies %s\n", rt::device_tag().c_str());
  return 0;
}
