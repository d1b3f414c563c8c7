#include "variants.h"

namespace rdna4emu::wmma {
namespace {

constexpr VariantInfo kDense[] = {
#define RDNA4_DENSE(name, mnem, ta, tb, tacc, K, a32, b32, c32, a64, b64, c64, cycles) \
  {mnem, Type::ta, Type::tb, Type::tacc, K, {{a32, b32, c32}, {a64, b64, c64}}, {0, 0}, cycles, false},
#include "variants.def"
};

constexpr VariantInfo kSparse[] = {
#define RDNA4_SPARSE(name, mnem, ta, tb, tacc, K, a32, b32, c32, a64, b64, c64, s32, s64, cycles) \
  {mnem, Type::ta, Type::tb, Type::tacc, K, {{a32, b32, c32}, {a64, b64, c64}}, {s32, s64}, cycles, true},
#include "variants.def"
};

static_assert(sizeof(kDense) / sizeof(kDense[0]) == kDenseCount);
static_assert(sizeof(kSparse) / sizeof(kSparse[0]) == kSparseCount);

}  // namespace

int type_bits(Type t) {
  switch (t) {
    case Type::F16: case Type::BF16: return 16;
    case Type::FP8: case Type::BF8: case Type::IU8: return 8;
    case Type::IU4: return 4;
    case Type::F32: case Type::I32: return 32;
  }
  return 0;
}

bool type_is_int(Type t) { return t == Type::IU8 || t == Type::IU4 || t == Type::I32; }

const VariantInfo& info(Dense v) { return kDense[static_cast<int>(v)]; }
const VariantInfo& info(Sparse v) { return kSparse[static_cast<int>(v)]; }

}  // namespace rdna4emu::wmma
