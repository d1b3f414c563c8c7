// Fast path of the wave32 dense WMMA variants: operands read straight from the
// register images with the inverted layout formulas (no plans, no per-element
// table walks), modifiers applied up front, then the same accumulation model as
// compute.cpp's multiply_accumulate, operation for operation (so bit-identical;
// tests/dense_wave32_test.cpp checks it against the generic path).
#pragma once

#include <cstddef>
#include <cstdint>

#include "variants.h"

namespace rdna4emu::wmma::detail {

// Wave32 dense A[row][k] / B[k][row]: the k held by sub-field s (bits
// [s*bits+bits-1 : s*bits]) of operand register g in lane 16*h + row (h = 0, 1).
// The inverse of layout::dense_ab(bits, K, 32, row, k) for the wave32 branch;
// tests/dense_wave32_test.cpp checks the two against each other.
constexpr int dense32_k(int bits, int K, int g, int h, int s) {
  return bits == 16 ? 8 * (g / 2) + 4 * h + 2 * (g % 2) + s   // gpr 2(k/8)+(k/2)%2, bit 16(k%2), lane 16((k/4)%2)+row
         : bits == 8 ? 8 * h + 4 * g + s                      // gpr (k/4)%2, bit 8(k%4), lane 16(k/8)+row
         : K == 16   ? 8 * h + s                              // iu4 x16: gpr 0, bit 4(k%8), lane 16(k/8)+row
                     : 16 * h + 8 * g + s;                    // iu4 x32: gpr (k/8)%2, bit 4(k%8), lane 16(k/16)+row
}

// Wave32 C/D: the row i held by sub-field s of accumulator register g in lane
// 16*h + j (column j). The inverse of layout::acc(acc_bits, 32, i, j):
// 32-bit gpr i%8, lane 16(i/8)+j; 16-bit gpr (i/2)%4, bit 16(i%2), lane 16(i/8)+j.
constexpr int acc32_i(int acc_bits, int g, int h, int s) {
  return acc_bits == 32 ? 8 * h + g : 8 * h + 2 * g + s;
}

// D = C + A * B for a wave32 dense variant whose modifiers check_mods() has
// accepted. Reads every input before writing D (D may overlap A, B or C). Runs the
// selected_isa() implementation when it covers the variant, else the portable one.
void dense_wave32(Dense v, const Mods& m, const uint32_t* a, const uint32_t* b, const uint32_t* c,
                  uint32_t* d, size_t stride);

// Host instruction sets of the fast path (dense_wave32_isa.cpp). Every
// implementation gives the same bits (tests/dense_wave32_avx2_test.cpp).
enum class Isa {
  Portable,  // dense_wave32.cpp: plain C++ (GCC/Clang vector extension), any host
  Avx2,      // dense_wave32_avx2.cpp: x86-64 with AVX2, FMA and F16C
};
const char* isa_name(Isa isa);  // "portable", "avx2"
bool isa_supported(Isa isa);    // this build and this host can run it
// An RDNA4EMU_WMMA_ISA value: null, "" or "auto" = the best supported ISA;
// "portable"; "avx2" (an error when the host lacks it). On error returns false
// and sets *why.
bool parse_isa(const char* value, Isa* out, const char** why);
// parse_isa(getenv("RDNA4EMU_WMMA_ISA")), read once (first call); a bad value
// stops the process with a message on stderr and exit status 2.
Isa selected_isa();

// One variant's implementation for one ISA (no checks: check_mods() has passed).
using Wave32Fn = void (*)(const Mods& m, const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* d,
                          size_t stride);
// The implementation dense_wave32() runs for a valid variant (the selected ISA's
// where it covers the variant, else the portable one): one table per process.
Wave32Fn dense_wave32_fn(Dense v);
Wave32Fn dense_wave32_portable_fn(Dense v);  // null for an unknown variant
Wave32Fn dense_wave32_avx2_fn(Dense v);      // null if not x86-64 or not covered (host support not checked)

// One implementation, whatever selected_isa() says. Return false (writing
// nothing) when the ISA is not supported here or does not cover the variant.
bool dense_wave32_portable(Dense v, const Mods& m, const uint32_t* a, const uint32_t* b,
                           const uint32_t* c, uint32_t* d, size_t stride);
bool dense_wave32_avx2(Dense v, const Mods& m, const uint32_t* a, const uint32_t* b,
                       const uint32_t* c, uint32_t* d, size_t stride);

// The generic path (plans, any wave size), kept for wave64 and as the
// reference of the differential test. Same preconditions.
void dense_generic(Dense v, const Mods& m, int wave_size, const uint32_t* a, const uint32_t* b,
                   const uint32_t* c, uint32_t* d, size_t stride);

}  // namespace rdna4emu::wmma::detail
