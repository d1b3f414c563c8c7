// Driver and operand layouts for the SWMMAC (2:4 structured-sparse WMMA)
// runtime tests in runtime/swmmac-w32/ and runtime/swmmac-w64/.
//
// What the test does: it takes the shared case catalogue (cases.h) through
// the 2:4 "make A" hook (sp::Sparse24A): a DENSE 16xK matrix A with exactly
// two kept positions in every group of four K columns (the other two are
// zero), a dense Kx16 B and a 16x16 C; it compresses A itself into the
// SWMMAC A operand (the two kept values of a group, lower K position first) and the
// index VGPR (2-bit position of each kept value), runs the builtin, and
// compares D with C + A x B computed from the dense A by plain matrix maths
// over the kept positions (expected.h, through wmma_dense.h's check_variant;
// a pruned position contributes no product, so an inf/NaN in B facing a
// pruned zero does not make a NaN: the index selects the B elements;
// UNVERIFIED, the inf-nan case measures it).
//
// Sources of the packing formulas (written here from the formulas, nothing
// shared with harness/emu/**): AMD Matrix Instruction Calculator,
// github.com/ROCm/amd_matrix_instruction_calculator (commit 2ef9189),
// InstCalcGfx12: __get_input_reg / __get_input_lane / __get_compression_bits /
// get_num_compression_sets / _get_num_compression_bit_offset, and its comment
// on the compression index ("2 bits for each actually-stored entry: which of
// the four values is stored in the first location, and which ... in the
// second location"). Number of index sets and index_key = OPSEL: the
// calculator; that clang folds `index >> (key * 32/sets)` into `index_key:key`
// was checked with clang 19 and 22 (-S). None of this has a hardware
// measurement behind it: every test prints "UNVERIFIED model".
//
// Kernel ABI (like wmma_dense.h): one wave (W lanes) per case, blockIdx.x =
// case; lane L reads its lane-major register images a[(n*W+L)*AR ..],
// b[(n*W+L)*BR ..], c[(n*W+L)*CR ..], the index word idx[n*W+L], and writes D
// like C. A kernel is instantiated per (modifier bits, index_key).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "cases.h"
#include "wmma_dense.h"

namespace sp {

// Element width / K of the SWMMAC variants.
// Kind, Spec, Variant: api.h.

inline int depth(Kind k) { return k == Kind::B4x64 ? 64 : 32; }
inline int bits(Kind k) { return k == Kind::B16 ? 16 : k == Kind::B8 ? 8 : 4; }
inline int groups(Kind k) { return depth(k) / 4; }

// VGPRs of the A (compressed), B operands and number of index sets
// (calculator; the builtin signatures in clang's BuiltinsAMDGPU.def and its tests agree).
inline int a_regs(Kind k, int W) {
  if (W == 32) return k == Kind::B16 ? 4 : k == Kind::B4x32 ? 1 : 2;
  return k == Kind::B16 ? 2 : 1;
}
inline int b_regs(Kind k, int W) {
  if (W == 32) return k == Kind::B16 ? 8 : k == Kind::B4x32 ? 2 : 4;
  return k == Kind::B16 ? 4 : k == Kind::B4x32 ? 1 : 2;
}
inline int index_sets(Kind k, int W) {
  if (W == 32) return k == Kind::B4x64 ? 1 : 2;
  return (k == Kind::B16 || k == Kind::B8) ? 4 : 2;
}
// Bit offset of index set `key` (calculator: key * 32 / sets).
inline int index_set_shift(Kind k, int W) { return 32 / index_sets(k, W); }

// Where the two kept values of row i, group g (K columns 4g..4g+3) of A
// live: lane, VGPR and the lowest bit of the 2-element slot; kept value v
// (0 = lower K position) is at bit + v * bits(k). From the calculator's
// sparse-A formulas with k = 4g.
inline ref::Slot a_pair_slot(Kind kd, int i, int g, int W) {
  if (W == 32) {
    switch (kd) {
      case Kind::B16: return {16 * ((g / 2) % 2) + i, 2 * (g / 4) + g % 2, 0};
      case Kind::B8: return {16 * (g / 4) + i, (g / 2) % 2, 16 * (g % 2)};
      case Kind::B4x32: return {16 * (g / 4) + i, 0, 8 * (g % 4)};
      case Kind::B4x64: return {16 * (g / 8) + i, (g / 4) % 2, 8 * (g % 4)};
    }
  }
  switch (kd) {
    case Kind::B16: return {16 * (g / 2) + i, g % 2, 0};
    case Kind::B8: return {32 * ((g / 2) % 2) + 16 * (g / 4) + i, 0, 16 * (g % 2)};
    case Kind::B4x32: return {16 * (g / 4) + i, 0, 8 * (g % 4)};  // lanes 0-31 only
    case Kind::B4x64: return {32 * ((g / 4) % 2) + 16 * (g / 8) + i, 0, 8 * (g % 4)};
  }
  return {0, 0, 0};
}

// B[k][j] (dense, K = depth): calculator's "dense matrix B for sparse instruction".
inline ref::Slot b_slot(Kind kd, int j, int k, int W) {
  if (W == 32) {
    switch (kd) {
      case Kind::B16: return {16 * ((k / 8) % 2) + j, 4 * (k / 16) + (k / 2) % 4, 16 * (k % 2)};
      case Kind::B8: return {16 * (k / 16) + j, (k / 4) % 4, 8 * (k % 4)};
      case Kind::B4x32: return {16 * (k / 16) + j, (k / 8) % 2, 4 * (k % 8)};
      case Kind::B4x64: return {16 * (k / 32) + j, (k / 8) % 4, 4 * (k % 8)};
    }
  }
  switch (kd) {
    case Kind::B16: return {16 * (k / 8) + j, (k / 2) % 4, 16 * (k % 2)};
    case Kind::B8: return {32 * ((k / 8) % 2) + 16 * (k / 16) + j, (k / 4) % 2, 8 * (k % 4)};
    case Kind::B4x32: return {32 * ((k / 8) % 2) + 16 * (k / 16) + j, 0, 4 * (k % 8)};
    case Kind::B4x64: return {32 * ((k / 16) % 2) + 16 * (k / 32) + j, (k / 8) % 2, 4 * (k % 8)};
  }
  return {0, 0, 0};
}

// The 4-bit index field of row i, group g in set `key` (VGPR 0 of the index
// operand): bits [1:0] = position (0..3) of kept value 0, [3:2] of kept
// value 1. Lane as A's (calculator's "k" matrix uses the A lane formula).
inline ref::Slot index_slot(Kind kd, int i, int g, int W, int key) {
  int bit;
  if (W == 32) {
    if (kd == Kind::B16) bit = 8 * (g / 4) + 4 * (g % 2);
    else if (kd == Kind::B4x64) bit = 4 * (g % 8);
    else bit = 4 * (g % 4);
  } else {
    bit = (kd == Kind::B16 || kd == Kind::B8) ? 4 * (g % 2) : 4 * (g % 4);
  }
  return {a_pair_slot(kd, i, g, W).lane, 0, bit + key * index_set_shift(kd, W)};
}

constexpr const char* kModelStatus =
    "UNVERIFIED model: SWMMAC operand layouts, index fields ([1:0] = position of the first stored "
    "value, [3:2] of the second) and index_key (set at bit key*32/sets) from AMD's Matrix "
    "Instruction Calculator (InstCalcGfx12); pruned positions contribute no product; no hardware measurement";

// kPairs (the six kept pairs) and the 2:4 "make A" hook Sparse24A: cases.h.

using Case = wt::Case;

inline wt::CaseSpec case_spec(const Spec& s) { return wt::CaseSpec{s.a, s.b, s.acc, depth(s.kind)}; }

// Compress case `c` into the lane-major images of case slot n, index set `key`;
// the other index sets get decoy fields (a different pair per group), so a
// device reading the wrong set computes another product.
inline void pack(const Spec& s, const Case& c, int key, std::vector<uint32_t>& a, std::vector<uint32_t>& b,
                 std::vector<uint32_t>& cc, std::vector<uint32_t>& idx, size_t n) {
  const int W = s.wave, K = depth(s.kind), G = groups(s.kind), eb = bits(s.kind);
  const int ar = a_regs(s.kind, W), br = b_regs(s.kind, W);
  if (c.A.cols != K || c.keep.rows != 16 || c.keep.cols != K)
    wt::catalogue_error("case " + c.name + ": not a 16x" + std::to_string(K) + " 2:4 sparse A");
  std::vector<uint32_t> ia(W * ar, 0), ib(W * br, 0), ix(W, 0);
  for (int i = 0; i < 16; ++i)
    for (int g = 0; g < G; ++g) {
      const int p = pair_of(c, i, g);
      if (p < 0)
        wt::catalogue_error("case " + c.name + ": row " + std::to_string(i) + ", group " + std::to_string(g) +
                            " does not keep exactly two positions");
      ref::Slot sl = a_pair_slot(s.kind, i, g, W);
      for (int v = 0; v < 2; ++v) {
        ref::Slot e = sl;
        e.bit += v * eb;
        ref::put_field(ia, ar, e, eb, c.A.at(i, 4 * g + kPairs[p][v]));
      }
      for (int set = 0; set < index_sets(s.kind, W); ++set) {
        const int q = set == key ? p : (p + 1 + set) % 6;
        ref::put_field(ix, 1, index_slot(s.kind, i, g, W, set), 4, uint32_t(kPairs[q][0] | kPairs[q][1] << 2));
      }
    }
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < 16; ++j) ref::put_field(ib, br, b_slot(s.kind, j, k, W), eb, c.B.at(k, j));
  wt::put_image(a, ia, n);
  wt::put_image(b, ib, n);
  wt::put_image(idx, ix, n);
  wt::pack_c(s.dense(), c, cc, n);
}

// seed: fixed by default; RDNA4_TEST_SEED=<n> overrides it (printed either way).
inline int drive(const Spec& s, const std::vector<Variant>& variants, unsigned seed) {
  rt::print_device_header(s.builtin);
  if (!wt::seed_from_env(seed)) return 1;
  const wt::Spec ds = s.dense();
  const Sparse24A shape;
  wt::Cases gen(case_spec(s), shape, seed);
  const std::vector<Case> cases = gen.build();
  const size_t nc = cases.size();
  const int W = s.wave, K = depth(s.kind), ar = a_regs(s.kind, W), br = b_regs(s.kind, W);
  const int cr = wt::acc_regs(s.acc, W);
  const bool integer = wt::is_int(s.a);
  std::printf("builtin=__builtin_amdgcn_%s wave%d A=%s (2:4 sparse, compressed) B=%s acc=%s K=%d index sets=%d "
              "cases=%zu variants=%zu seed=%u\n",
              s.builtin, W, wt::elem_name(s.a), wt::elem_name(s.b), wt::acc_name(s.acc), K, index_sets(s.kind, W),
              nc, variants.size(), seed);
  std::printf("model: %s%s\n", kModelStatus,
              W == 64 ? "; wave64 (seeds 000/001 call RDNA4 WMMA wave32-only: docs/facts/disagreements.md#wave32-only-claim)" : "");
  std::printf("reference: C + A x B over the kept positions of the uncompressed 16x%d A (plain matrix maths; "
              "pruned positions contribute no product)\n", K);
  if (!integer)
    std::printf("bound: |D - exact| <= (K/2+1)*2^-23*(|C|+sum|A*B|)%s on tolerance cases (K/2 = %d nonzero "
                "products); exact cases bit-exact (RNE, any NaN = any NaN, +0 = -0)\n",
                s.acc == wt::Acc::F32 ? "" : " + 1 ulp(output)", K / 2);
  wt::print_cases(cases);

  rt::DevBuf<uint32_t> dd(nc * W * cr);
  long failures = 0, printed = 0;
  for (const Variant& v : variants) {
    if (v.key < 0 || v.key >= index_sets(s.kind, W)) {
      std::printf("FAIL %s: variant index_key=%d out of range (sets=%d)\n", s.builtin, v.key, index_sets(s.kind, W));
      return 1;
    }
    std::vector<uint32_t> ha(nc * W * ar), hb(nc * W * br), hc(nc * W * cr), hi(nc * W);
    for (size_t n = 0; n < nc; ++n) pack(s, cases[n], v.key, ha, hb, hc, hi, n);
    rt::DevBuf<uint32_t> da(ha), db(hb), dc(hc), di(hi);
    dd.zero();
    const uint32_t *pa = da.p, *pb = db.p, *pc = dc.p, *pi = di.p;
    uint32_t* pd = dd.p;
    rt::launch(v.kernel, rt::Dim(unsigned(nc)), rt::Dim(unsigned(W)), {&pa, &pb, &pc, &pi, &pd});
    const std::string vname = wt::mod_name(v.mods, integer) + ",index_key=" + std::to_string(v.key);
    failures += wt::check_variant(ds, cases, dd.download(), v.mods, vname, printed);
  }
  return wt::verdict(s.builtin, failures);
}

}  // namespace sp
