// The DOCUMENTED wave32 fragment layouts (docs/facts/layouts.md#wave32-a-and-b,
// from AMD's Matrix Instruction Calculator) and transpose-load mappings
// (docs/facts/transpose.md#transpose-b128), as formulas. The runtime tests pack and unpack
// register images with these; the layout probes (runtime/layout/) measure
// whether a device agrees. Host C++17, header only, nothing shared with
// harness/emu/**.
//
// Register images in this suite are lane-major: register g of lane L of one
// fragment is regs[L * nregs + g] (so a lane reads its registers contiguously).
#pragma once

#include <cstdint>
#include <vector>

#include "api.h"

namespace ref {

// Where one matrix element lives: lane, VGPR index within the operand, and
// the lowest bit of its field in that VGPR.
struct Slot {
  int lane, gpr, bit;
};

// Element kinds of A/B operands (they determine the layout): ref::AB in api.h.

inline int ab_regs(AB k, int wave = 32) {
  switch (k) {
    case AB::B16: return wave == 32 ? 4 : 2;
    case AB::B8: return wave == 32 ? 2 : 1;
    case AB::B4x16: return 1;
    case AB::B4x32: return wave == 32 ? 2 : 1;
  }
  return 0;
}
inline int ab_bits(AB k) { return k == AB::B16 ? 16 : k == AB::B8 ? 8 : 4; }
inline int ab_depth(AB k) { return k == AB::B4x32 ? 32 : 16; }  // K of the instruction

// A[i][k] (or B[k][j] with i := j), docs/facts/layouts.md#wave32-a-and-b (wave32).
// Wave64 (AMD Matrix Instruction Calculator, InstCalcGfx12; formulas in
// docs/facts/layouts.md#wave64-layouts,
// UNVERIFIED by this suite): lanes 32-63 carry the second half of the K runs.
inline Slot ab_slot(AB kind, int i, int k, int wave = 32) {
  if (wave == 64) {
    switch (kind) {
      case AB::B16: return {32 * ((k / 8) % 2) + 16 * ((k / 4) % 2) + i, (k / 2) % 2, 16 * (k % 2)};
      case AB::B8: return {32 * ((k / 4) % 2) + 16 * ((k / 8) % 2) + i, 0, 8 * (k % 4)};
      case AB::B4x16: return {16 * (k / 8) + i, 0, 4 * (k % 8)};  // lanes 32-63 unused
      case AB::B4x32: return {32 * ((k / 8) % 2) + 16 * ((k / 16) % 2) + i, 0, 4 * (k % 8)};
    }
  }
  switch (kind) {
    case AB::B16: return {16 * ((k / 4) % 2) + i, 2 * (k / 8) + (k / 2) % 2, 16 * (k % 2)};
    case AB::B8: return {16 * (k / 8) + i, (k / 4) % 2, 8 * (k % 4)};
    case AB::B4x16: return {16 * (k / 8) + i, 0, 4 * (k % 8)};
    case AB::B4x32: return {16 * (k / 16) + i, (k / 8) % 2, 4 * (k % 8)};
  }
  return {0, 0, 0};
}

// C/D with 32-bit elements (f32, i32): 8 VGPRs (wave64: 4).
inline Slot cd32_slot(int i, int j, int wave = 32) {
  if (wave == 64) return {32 * ((i / 4) % 2) + 16 * (i / 8) + j, i % 4, 0};
  return {16 * (i / 8) + j, i % 8, 0};
}
// C/D with 16-bit elements (f16, bf16): 4 VGPRs, packed (wave64: 2).
inline Slot cd16_slot(int i, int j, int wave = 32) {
  if (wave == 64) return {32 * ((i / 4) % 2) + 16 * (i / 8) + j, (i / 2) % 2, 16 * (i % 2)};
  return {16 * (i / 8) + j, (i / 2) % 4, 16 * (i % 2)};
}

inline void put_field(std::vector<uint32_t>& regs, int nregs, Slot s, int bits, uint32_t v) {
  const uint32_t mask = bits == 32 ? 0xffffffffu : ((1u << bits) - 1) << s.bit;
  uint32_t& r = regs[size_t(s.lane) * nregs + s.gpr];
  r = (r & ~mask) | ((v << s.bit) & mask);
}
inline uint32_t get_field(const std::vector<uint32_t>& regs, int nregs, Slot s, int bits) {
  const uint32_t r = regs[size_t(s.lane) * nregs + s.gpr];
  return bits == 32 ? r : (r >> s.bit) & ((1u << bits) - 1);
}

// ---- transpose loads (wave32) ---------------------------------------------
// B128, 16-bit elements (docs/facts/transpose.md#transpose-b128; measured on gfx1201 by a
// third party): with R(s) the eight halves lane s fetched,
//   dst[L].e[j] = R(8*(L/8) + j)[L%8]    (element j in VGPR j/2, half j%2).
struct TrSource {
  int lane;  // source lane whose fetched data supplies the element
  int elem;  // element index within that lane's fetched data
};
inline TrSource tr_b128_source(int L, int j) { return {8 * (L / 8) + j, L % 8}; }

// B64, 8-bit elements: UNVERIFIED inference from CK's addressing
// (docs/facts/transpose.md#transpose-b64): within each 16-lane half h,
//   dst[16h+m].byte[f] = R(16h + 8*(f/4) + 4*(m/8) + f%4)[m%8].
inline TrSource tr_b64_source(int L, int f) {
  const int h = L / 16, m = L % 16;
  return {16 * h + 8 * (f / 4) + 4 * (m / 8) + f % 4, m % 8};
}
// kTrB64Status (the model status line of the B64 tests): api.h.

// Seed 000's (docs/facts/starting-pages.md#seed-000) statement of the same B128 mapping for its addressing
// ptr(tx) = &B[(k_tile + tx/4)*cols + block_n + (tx%4)*8]: element e of lane L
// is B[k_tile + 2*(L/8) + e/4][block_n + (e%4)*8 + L%8].
struct RowCol {
  int row, col;
};
inline RowCol seed000_tr_element(int L, int e) { return {2 * (L / 8) + e / 4, (e % 4) * 8 + L % 8}; }
inline RowCol seed000_lane_address(int tx) { return {tx / 4, (tx % 4) * 8}; }

}  // namespace ref
