// GEMM example in the seeds' (docs/facts/starting-pages.md) policy style with INT8 inputs (signed x signed), int32 accumulate (__builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12):
// gemm_kernel<SingleBufferTilePolicy<int8_t, 32, 32, 16>, WmmaRdna4Policy<int8_t>>
// (policies.h), checked against the CPU reference (int32 results bit-exact).
// Sizes: tile multiples and ragged sizes (the scalar tile policy zero-fills).
// On hardware it also times 4096^3.
//
// RUN: %hipcc -O0 %s -o %t.O0
// RUN: env RDNA4_EMU_STATS=1 %run %t.O0 2>&1 | FileCheck %s --check-prefixes=CHECK,CHECK-%device
// RUN: %hipcc -O2 %s -o %t.O2
// RUN: env RDNA4_EMU_STATS=1 %run %t.O2 2>&1 | FileCheck %s --check-prefixes=CHECK,CHECK-%device
// RUN: %hipcc -O3 %s -o %t.O3
// RUN: env RDNA4_EMU_STATS=1 %run %t.O3 2>&1 | FileCheck %s --check-prefixes=CHECK,CHECK-%device
//
// CHECK-emu: hipemu: stats {{.*}}gemm_kernel{{.*}} wave_instructions={{[0-9]+}}
// CHECK: policy=WmmaRdna4I8Policy size=32x32x16 ok
// CHECK: policy=WmmaRdna4I8Policy size=64x96x64 ok
// CHECK: policy=WmmaRdna4I8Policy size=64x64x128 ok
// CHECK: policy=WmmaRdna4I8Policy size=33x64x48 ok
// CHECK: policy=WmmaRdna4I8Policy size=50x40x24 ok
// CHECK: policy=WmmaRdna4I8Policy size=17x31x5 ok
// CHECK-hw: timing policy=WmmaRdna4I8Policy size=4096x4096x4096
// CHECK: PASS gemm_int8_wmma device={{emu|hw}}
#include "gemm_host.h"

using namespace gemm;
using Tile = SingleBufferTilePolicy<int8_t, 32, 32, 16>;
using Compute = WmmaRdna4Policy<int8_t>;

static bool run_one(const gemm_host::Size& s, int timed) {
  const gemm_host::Problem p = gemm_host::make_problem(gemm_host::Elem::I8, s, 7 + s.m + s.n + s.k, timed == 0);
  const auto o = gemm_host::run_policy<Tile, Compute>("WmmaRdna4I8Policy", p, timed);
  if (timed && o.ok) {
    gemm_host::print_seed003_figures();
    gemm_host::print_timing("WmmaRdna4I8Policy", s, o);
  }
  return o.ok;
}

int main() {
  rt::print_device_header("gemm_int8_wmma");
  const gemm_host::Size sizes[] = {{32, 32, 16}, {64, 96, 64}, {64, 64, 128}, {33, 64, 48}, {50, 40, 24}, {17, 31, 5}};
  bool ok = true;
  for (const auto& s : sizes) ok = run_one(s, 0) && ok;
  if (!rt::on_emulator()) ok = run_one({4096, 4096, 4096}, 5) && ok;
  else std::printf("4096^3 timing: skipped on the emulator (hardware only)\n");
  if (!ok) {
    std::printf("FAIL gemm_int8_wmma %s\n", rt::device_tag().c_str());
    return 1;
  }
  std::printf("PASS gemm_int8_wmma %s\n", rt::device_tag().c_str());
  return 0;
}
