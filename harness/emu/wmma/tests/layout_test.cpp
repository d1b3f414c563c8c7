// Layouts: the library's formulas (layouts.cpp) and the wave32 formulas of
// docs/facts/layouts.md#wave32-a-and-b, both against the dump of AMD's Matrix Instruction Calculator.
#include <gtest/gtest.h>

#include <set>

#include "layouts.h"
#include "oracle.h"

namespace {

using ref::Field;
using ref::Variant;

void check_same(const Field& want, const rdna4emu::wmma::layout::Loc& got, int width,
                const std::string& what) {
  ASSERT_EQ(got.gpr, want.gpr) << what;
  ASSERT_EQ(got.lane, want.lane) << what;
  ASSERT_EQ(want.width == 32 ? 0 : want.bit, got.bit) << what;
  (void)width;
}

TEST(Layout, LibraryMatchesCalculatorEveryElement) {
  namespace L = rdna4emu::wmma::layout;
  int checked = 0;
  for (const Variant& v : ref::variants())
    for (int wave : {32, 64}) {
      const int K = v.K, eb = ref::bits(v.a), cb = ref::bits(v.acc);
      const auto& la = ref::layout(v.mnemonic, wave, 'a');
      const auto& lb = ref::layout(v.mnemonic, wave, 'b');
      const auto& ld = ref::layout(v.mnemonic, wave, 'd');
      const std::string name = std::string(v.mnemonic) + " w" + std::to_string(wave);
      for (int i = 0; i < 16; ++i)
        for (int k = 0; k < K; ++k) {
          auto got = v.sparse ? L::sparse_a(eb, K, wave, i, k) : L::dense_ab(eb, K, wave, i, k);
          check_same(la[i * K + k], got, eb, name + " A");
          ++checked;
        }
      for (int k = 0; k < K; ++k)
        for (int j = 0; j < 16; ++j) {
          auto got = v.sparse ? L::sparse_b(eb, K, wave, j, k) : L::dense_ab(eb, K, wave, j, k);
          check_same(lb[k * 16 + j], got, eb, name + " B");
          ++checked;
        }
      for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j) {
          check_same(ld[i * 16 + j], L::acc(cb, wave, i, j), cb, name + " D");
          ++checked;
        }
      if (!v.sparse) continue;
      const int sets = L::sparse_index_sets(eb, K, wave);
      for (int key = 0; key < sets; ++key) {
        const auto& lk = ref::layout(v.mnemonic, wave, 'k', key);
        for (int i = 0; i < 16; ++i)
          for (int k = 0; k < K; ++k) {
            check_same(lk[i * K + k], L::sparse_index(eb, K, wave, i, k, key), 4, name + " index");
            ++checked;
          }
      }
      // The calculator has no index set beyond `sets`.
      EXPECT_THROW(ref::layout(v.mnemonic, wave, 'k', sets), std::runtime_error) << name;
    }
  EXPECT_GT(checked, 40000);
}

// docs/facts/layouts.md#wave32-a-and-b (wave32 dense), transcribed independently.
TEST(Layout, ReferenceMdWave32FormulasMatchCalculator) {
  for (const Variant& v : ref::variants()) {
    if (v.sparse) continue;
    const int K = v.K, eb = ref::bits(v.a);
    const auto& la = ref::layout(v.mnemonic, 32, 'a');
    const auto& lb = ref::layout(v.mnemonic, 32, 'b');
    const auto& ld = ref::layout(v.mnemonic, 32, 'd');
    for (int i = 0; i < 16; ++i)
      for (int k = 0; k < K; ++k) {
        int gpr, bit, lane;
        if (eb == 16) {
          gpr = 2 * (k / 8) + (k / 2) % 2, bit = 16 * (k % 2), lane = 16 * ((k / 4) % 2) + i;
        } else if (eb == 8) {
          gpr = (k / 4) % 2, bit = 8 * (k % 4), lane = 16 * (k / 8) + i;
        } else if (K == 16) {
          gpr = 0, bit = 4 * (k % 8), lane = 16 * (k / 8) + i;
        } else {
          gpr = (k / 8) % 2, bit = 4 * (k % 8), lane = 16 * (k / 16) + i;
        }
        for (const Field* f : {&la[i * K + k], &lb[k * 16 + i]}) {
          ASSERT_EQ(f->gpr, gpr) << v.mnemonic;
          ASSERT_EQ(f->bit, bit) << v.mnemonic;
          ASSERT_EQ(f->width, eb) << v.mnemonic;
          ASSERT_EQ(f->lane, lane) << v.mnemonic;
        }
      }
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) {
        const Field& f = ld[i * 16 + j];
        if (ref::bits(v.acc) == 32) {
          ASSERT_EQ(f.gpr, i % 8);
          ASSERT_EQ(f.width, 32);
        } else {
          ASSERT_EQ(f.gpr, (i / 2) % 4);
          ASSERT_EQ(f.bit, 16 * (i % 2));
        }
        ASSERT_EQ(f.lane, 16 * (i / 8) + j);
      }
  }
}

// Every operand layout is a partial bijection: no register bit holds two elements.
TEST(Layout, NoTwoElementsShareBits) {
  for (const Variant& v : ref::variants())
    for (int wave : {32, 64})
      for (char m : {'a', 'b', 'd'}) {
        const auto& l = ref::layout(v.mnemonic, wave, m);
        std::set<std::tuple<int, int, int>> used;  // (gpr, lane, bit)
        const int K = v.K;
        for (size_t e = 0; e < l.size(); ++e) {
          if (v.sparse && m == 'a' && (e % K) % 4 != 0) continue;  // a group shares one slot
          const Field& f = l[e];
          for (int b = 0; b < f.width; ++b)
            ASSERT_TRUE(used.insert({f.gpr, f.lane, f.bit + b}).second)
                << v.mnemonic << " w" << wave << " " << m << " element " << e;
          ASSERT_LT(f.lane, wave);
        }
      }
}

}  // namespace
