// Variant metadata (shapes, mnemonics, cycles, index sets) against llvm-mc and
// docs/facts/ facts. (That every model of harness/emu/models is read by the code is
// checked by harness/emu/models/tests/test_models.py.)
#include <gtest/gtest.h>

#include "rdna4emu/device.h"
#include "oracle.h"

namespace {

namespace W = rdna4emu::wmma;

// VGPR counts printed by `llvm-mc -triple=amdgcn -mcpu=gfx1201 -show-encoding`
// (wave64: -mattr=+wavefrontsize64) for each variant: A, B, C/D.
struct Regs3 { int a, b, c; };
const Regs3 kDenseW32[] = {{4, 4, 8}, {4, 4, 8}, {4, 4, 4}, {4, 4, 4}, {2, 2, 8}, {1, 1, 8},
                           {2, 2, 8}, {2, 2, 8}, {2, 2, 8}, {2, 2, 8}, {2, 2, 8}};
const Regs3 kDenseW64[] = {{2, 2, 4}, {2, 2, 4}, {2, 2, 2}, {2, 2, 2}, {1, 1, 4}, {1, 1, 4},
                           {1, 1, 4}, {1, 1, 4}, {1, 1, 4}, {1, 1, 4}, {1, 1, 4}};
const Regs3 kSparseW32[] = {{4, 8, 8}, {4, 8, 8}, {4, 8, 4}, {4, 8, 4}, {2, 4, 8}, {1, 2, 8},
                            {2, 4, 8}, {2, 4, 8}, {2, 4, 8}, {2, 4, 8}, {2, 4, 8}};
const Regs3 kSparseW64[] = {{2, 4, 4}, {2, 4, 4}, {2, 4, 2}, {2, 4, 2}, {1, 2, 4}, {1, 1, 4},
                            {1, 2, 4}, {1, 2, 4}, {1, 2, 4}, {1, 2, 4}, {1, 2, 4}};

TEST(Variants, ShapesMnemonicsCyclesIndexSets) {
  for (const ref::Variant& v : ref::variants()) {
    for (int wave : {32, 64}) {
      W::Shape s = v.sparse ? W::sparse_shape(static_cast<W::Sparse>(v.id), wave)
                            : W::dense_shape(static_cast<W::Dense>(v.id), wave);
      const Regs3& r = v.sparse ? (wave == 32 ? kSparseW32 : kSparseW64)[v.id]
                                : (wave == 32 ? kDenseW32 : kDenseW64)[v.id];
      EXPECT_EQ(s.a_regs, r.a) << v.mnemonic << " w" << wave;
      EXPECT_EQ(s.b_regs, r.b) << v.mnemonic;
      EXPECT_EQ(s.c_regs, r.c) << v.mnemonic;
      EXPECT_EQ(s.d_regs, r.c) << v.mnemonic;
      EXPECT_EQ(s.index_regs, v.sparse ? 1 : 0) << v.mnemonic;
      // The calculator layouts never use a register beyond the shape.
      for (char m : {'a', 'b', 'd'}) {
        int limit = m == 'a' ? s.a_regs : m == 'b' ? s.b_regs : s.c_regs;
        for (const ref::Field& f : ref::layout(v.mnemonic, wave, m)) ASSERT_LT(f.gpr, limit) << v.mnemonic;
      }
      // docs/facts/hardware-figures.md#wmma-throughput: 16 cycles with 16-bit inputs, else 8.
      int cyc = v.sparse ? W::sparse_cycles(static_cast<W::Sparse>(v.id), wave)
                         : W::dense_cycles(static_cast<W::Dense>(v.id), wave);
      EXPECT_EQ(cyc, ref::bits(v.a) == 16 ? 16 : 8) << v.mnemonic;
    }
    const char* mn = v.sparse ? W::sparse_mnemonic(static_cast<W::Sparse>(v.id))
                              : W::dense_mnemonic(static_cast<W::Dense>(v.id));
    EXPECT_STREQ(mn, v.mnemonic);
    if (v.sparse) {
      // llvm-mc accepts index_key 0..n-1 (wave32: iu4 16x16x64 has no index_key operand).
      int w32 = v.K == 64 ? 1 : 2, w64 = ref::bits(v.a) == 4 ? 2 : 4;
      EXPECT_EQ(W::sparse_index_sets(static_cast<W::Sparse>(v.id), 32), w32) << v.mnemonic;
      EXPECT_EQ(W::sparse_index_sets(static_cast<W::Sparse>(v.id), 64), w64) << v.mnemonic;
    }
  }
  W::Shape bad = W::dense_shape(W::Dense::F32_16x16x16_F16, 48);
  EXPECT_EQ(bad.a_regs, 0);
}

}  // namespace
