// The variant table (variants.def) as C++ data: element types, K, register
// counts, index sets and cycles of every dense and sparse variant.
#pragma once

#include "rdna4emu/wmma.h"

namespace rdna4emu::wmma {

enum class Type : uint8_t { F16, BF16, FP8, BF8, IU8, IU4, F32, I32 };

int type_bits(Type t);     // 16, 16, 8, 8, 8, 4, 32, 32
bool type_is_int(Type t);  // IU8, IU4, I32

struct VariantInfo {
  const char* mnemonic;
  Type a, b, acc;
  int k;
  int regs[2][3];     // [wave64?][A, B, C/D]
  int index_sets[2];  // [wave64?]; 0 for dense
  int cycles;
  bool sparse;
};

const VariantInfo& info(Dense v);   // v must be a valid enumerator
const VariantInfo& info(Sparse v);
// kDenseCount, kSparseCount: wmma.h (counted from variants.def).

}  // namespace rdna4emu::wmma
