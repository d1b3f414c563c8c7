// Host cost of one wave32 dense WMMA, for the README's Performance table (not a
// test). Usage:
//   dense_wave32_bench [CALLS]              wall time per call, every variant
//   valgrind --tool=callgrind --collect-atstart=no --toggle-collect='measure*' \
//       dense_wave32_bench CALLS VARIANT    host instructions of CALLS calls
// The first call (tables built on first use) is outside measure(); the ISA path
// is the one dense() picks (RDNA4EMU_WMMA_ISA=portable forces the portable one).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "dense_wave32.h"
#include "rdna4emu/wmma.h"
#include "variants.h"

using namespace rdna4emu::wmma;

namespace {

struct Operands {
  std::vector<uint32_t> a, b, c, d;
};

Operands make(const VariantInfo& vi) {
  std::mt19937 rng(7);
  Operands o;
  o.a.resize(vi.regs[0][0] * 32);
  o.b.resize(vi.regs[0][1] * 32);
  o.c.resize(vi.regs[0][2] * 32);
  o.d.resize(o.c.size());
  // Finite values near 1 (no NaN shortcuts anywhere): 16-bit types 0x3c00-ish / 0x3f80-ish.
  const int bits = type_bits(vi.a);
  for (auto* v : {&o.a, &o.b})
    for (uint32_t& w : *v) {
      w = rng();
      if (bits == 16) w = (w & 0x00ff00ffu) | (vi.a == Type::F16 ? 0x38003800u : 0x3f003f00u);
      else if (bits == 8 && !type_is_int(vi.a)) w &= 0x3b3b3b3bu;
    }
  for (uint32_t& w : o.c) w = vi.acc == Type::F32 ? 0x3f800000u | (rng() & 0xffff) : rng() & 0x3bff3bffu;
  return o;
}

__attribute__((noinline)) void measure(Dense v, Operands& o, long calls) {
  const Mods m{};
  for (long n = 0; n < calls; ++n) {
    dense(v, m, 32, o.a.data(), o.b.data(), o.c.data(), o.d.data(), 32, nullptr);
    o.c.swap(o.d);  // a dependency chain, as in a GEMM's K loop
  }
}

}  // namespace

int main(int argc, char** argv) {
  const long calls = argc > 1 ? std::atol(argv[1]) : 20000;
  if (calls <= 0) {
    std::fprintf(stderr, "dense_wave32_bench: CALLS must be a positive number\n");
    return 2;
  }
  std::printf("isa=%s\n", detail::isa_name(detail::selected_isa()));
  bool found = argc <= 2;
  for (int v = 0; v < kDenseCount; ++v) {
    const VariantInfo& vi = info(static_cast<Dense>(v));
    if (argc > 2 && std::strcmp(argv[2], vi.mnemonic) != 0) continue;
    found = true;
    Operands o = make(vi);
    dense(static_cast<Dense>(v), Mods{}, 32, o.a.data(), o.b.data(), o.c.data(), o.d.data(), 32,
          nullptr);  // first use: tables (outside measure())
    const auto t0 = std::chrono::steady_clock::now();
    measure(static_cast<Dense>(v), o, calls);
    const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%-30s %8.1f ns/call\n", vi.mnemonic, ns / calls);
  }
  if (!found) {
    std::fprintf(stderr, "dense_wave32_bench: unknown variant '%s' (give a mnemonic such as v_wmma_f32_16x16x16_f16)\n", argv[2]);
    return 2;
  }
  return 0;
}
