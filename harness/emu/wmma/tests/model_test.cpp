// Variant metadata (shapes, mnemonics, cycles, index sets) against llvm-mc and
// docs/facts/ facts; every model of harness/emu/models/ is decided somewhere in the sources.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "rdna4emu/device.h"
#include "rdna4emu/model.h"
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

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// True when `id` is named where it is decided: MODEL(id), or the id as a whole word in a
// comment that says UNVERIFIED or model on the id's line or the line before, or its enum
// (model::<Name>) is read.
bool marked(const std::string& code, const std::string& id, const std::string& type) {
  if (code.find("MODEL(" + id + ")") != std::string::npos) return true;
  if (code.find("model::" + type + ">") != std::string::npos) return true;
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t p = code.find(id); p != std::string::npos; p = code.find(id, p + 1)) {
    if ((p > 0 && word(code[p - 1])) || (p + id.size() < code.size() && word(code[p + id.size()]))) continue;
    // The id's line and the line before it (a comment may wrap before the id).
    size_t b = code.rfind('\n', p);
    if (b != std::string::npos && b > 0) b = code.rfind('\n', b - 1);
    const size_t e = code.find('\n', p);
    const std::string line = code.substr(b == std::string::npos ? 0 : b + 1, e == std::string::npos ? e : e - b - 1);
    if (line.find("UNVERIFIED") != std::string::npos || line.find("model") != std::string::npos) return true;
  }
  return false;
}

// Each model is decided in the code at a place marked MODEL(id) or reading model::active<Type>().
TEST(Model, ModelsListedAndMarkedInCode) {
  const auto& list = rdna4emu::model::all();
  ASSERT_GE(list.size(), 10u);
  std::string code;
  for (const char* f : {"compute.cpp", "dense.cpp", "sparse.cpp", "transpose.cpp", "formats.cpp",
                        "layouts.cpp", "variants.def"})
    code += slurp(std::string(WMMA_SOURCE_DIR) + "/" + f);
  // The VALU and SALU models are decided in the emulator core's helpers (core/*.h, *.cc)
  // and semantics files (insns/*.h).
  for (const char* dir : {"/../core", "/../insns"})
    for (const auto& e : std::filesystem::directory_iterator(std::string(WMMA_SOURCE_DIR) + dir))
      if (e.path().extension() == ".h" || e.path().extension() == ".cc") code += slurp(e.path().string());
  ASSERT_GT(code.size(), 5000u);
  std::set<std::string> ids;
  for (const auto& a : list) {
    EXPECT_TRUE(ids.insert(a.id).second) << "duplicate id " << a.id;
    EXPECT_EQ(a.unverified.rfind("UNVERIFIED", 0), 0u) << a.id;
    EXPECT_GT(a.behaviour.size(), 40u) << a.id;
    std::string type;
    for (size_t i = 0; i < a.id.size(); ++i)
      type += (i == 0 || a.id[i - 1] == '_') ? char(std::toupper(static_cast<unsigned char>(a.id[i]))) : a.id[i];
    type.erase(std::remove(type.begin(), type.end(), '_'), type.end());
    EXPECT_TRUE(marked(code, a.id, type)) << "no MODEL(" << a.id << ") in the code (nor the id on a line that "
                                             "says UNVERIFIED or model, nor model::" << type << ">)";
  }
  for (const char* needed : {"float_accumulation", "denormals", "nan_results", "fp8_bf8_decoding",
                             "tr_b64_mapping", "tr_partial_exec", "tr_wave64", "wave64_layouts",
                             "sparse_index", "int_clamp"})
    EXPECT_TRUE(ids.count(needed)) << needed;
}

}  // namespace
