// Choice of the wave32 dense fast path's host instruction set (dense_wave32.h):
// the best one this host supports, or the one RDNA4EMU_WMMA_ISA names.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "dense_wave32.h"

namespace rdna4emu::wmma::detail {

const char* isa_name(Isa isa) { return isa == Isa::Avx2 ? "avx2" : "portable"; }

bool isa_supported(Isa isa) {
  if (isa == Isa::Portable) return true;
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  static const bool avx2 = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
           __builtin_cpu_supports("f16c");
  }();
  return avx2;
#else
  return false;  // dense_wave32_avx2.cpp compiles to a stub
#endif
}

bool parse_isa(const char* value, Isa* out, const char** why) {
  if (!value || !*value || std::strcmp(value, "auto") == 0) {
    *out = isa_supported(Isa::Avx2) ? Isa::Avx2 : Isa::Portable;
    return true;
  }
  if (std::strcmp(value, "portable") == 0) {
    *out = Isa::Portable;
    return true;
  }
  if (std::strcmp(value, "avx2") == 0) {
    if (isa_supported(Isa::Avx2)) {
      *out = Isa::Avx2;
      return true;
    }
    if (why) *why = "avx2 requested, but this host (or build) lacks AVX2, FMA or F16C";
    return false;
  }
  if (why) *why = "unknown value (expected auto, portable or avx2)";
  return false;
}

Isa selected_isa() {
  static const Isa isa = [] {
    const char* value = std::getenv("RDNA4EMU_WMMA_ISA");
    Isa chosen = Isa::Portable;
    const char* why = "?";
    if (!parse_isa(value, &chosen, &why)) {
      std::fprintf(stderr, "rdna4emu: RDNA4EMU_WMMA_ISA=%s: %s\n", value, why);
      std::exit(2);
    }
    return chosen;
  }();
  return isa;
}

}  // namespace rdna4emu::wmma::detail
