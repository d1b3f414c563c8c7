// The WMMA library's test oracle (not to be confused with Inputs/cpu-reference/,
// the runtime tests' CPU reference): the matrix instructions written from plain
// matrix maths, the OCP/IEEE format definitions and AMD's Matrix Instruction
// Calculator's layout dump (data/calculator_layouts.txt). It shares no code
// with the library under test (only the public header rdna4emu/wmma.h).
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "rdna4emu/wmma.h"

namespace ref {

enum class Ty { F16, BF16, FP8, BF8, IU8, IU4, F32, I32 };
int bits(Ty t);
bool is_int(Ty t);

// The 22 variants, from docs/facts/builtins.md#dense-wmma-wave32 (names) and the ISA mnemonics.
struct Variant {
  const char* mnemonic;
  Ty a, b, acc;
  int K;
  bool sparse;
  int id;  // rdna4emu::wmma::Dense or Sparse enumerator value
};
const std::vector<Variant>& variants();

// Element decoding (exact) and rounding of a double to a destination format.
double decode(Ty t, uint32_t raw);                 // F16, BF16, FP8, BF8, F32
int64_t decode_int(Ty t, uint32_t raw, bool sgn);  // IU8, IU4 (two's complement if sgn), I32
uint32_t round_to(Ty acc, double x);               // F32, F16, BF16; NaN -> canonical qNaN
uint32_t canonical_nan(Ty acc);

// Calculator layout of one operand: element e -> field.
struct Field {
  int gpr, bit, width, lane;
};
// matrix: 'a' (A[i][k], i outer), 'b' (B[k][j], k outer), 'd' (C/D[i][j]), 'k' (index, per A[i][k]).
const std::vector<Field>& layout(const std::string& mnemonic, int wave, char matrix, int opsel = 0);

// Register images.
struct Regs {
  size_t stride;
  std::vector<uint32_t> v;
  Regs(int nregs, size_t stride_, uint32_t fill = 0) : stride(stride_), v(nregs * stride_, fill) {}
  uint32_t get(const Field& f) const;
  void put(const Field& f, uint32_t value);
  uint32_t* data() { return v.data(); }
};

}  // namespace ref

namespace ref {

// One instruction's inputs as plain matrices of raw element bits.
struct Problem {
  const Variant* v = nullptr;
  int wave = 32;
  size_t stride = 0;                 // 0: the wave size
  rdna4emu::wmma::Mods mods;
  std::vector<uint32_t> a;           // dense: 16 x K;  sparse: kept values, 16 x (K/2), t = 2g + s
  std::vector<uint32_t> idx;         // sparse: 16 x (K/4) 4-bit index fields (pos0 | pos1 << 2)
  std::vector<uint32_t> b;           // K x 16
  std::vector<uint32_t> c;           // 16 x 16
  uint32_t fill = 0xdeadbeef;        // initial value of every register bit not set by an operand
};

// Packs the problem into register images with the calculator's layouts, runs
// rdna4emu::wmma::dense or ::sparse, and unpacks D (16 x 16 raw). ok/why: the
// library's verdict.
std::vector<uint32_t> run(const Problem& p, bool* ok, const char** why = nullptr);

// Plain matrix maths: D[i][j] = round(sum_k A'[i][k] * B'[k][j] + C'[i][j]) with
// A', B', C' the decoded values after the NEG modifiers; the sum in binary64,
// ascending k (sparse: over the kept values, group by group), C last, rounded
// once (round to nearest even); integers exact in int64, then wrapped or saturated.
std::vector<uint32_t> expect(const Problem& p);

// Random inputs.
uint32_t random_element(Ty t, std::mt19937& rng, bool allow_special = false);
Problem random_problem(const Variant& v, int wave, std::mt19937& rng);

}  // namespace ref
