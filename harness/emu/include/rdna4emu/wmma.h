// Matrix semantics of the RDNA4 WMMA / SWMMAC instructions and the transpose
// loads, as pure functions over register images. The executor
// (harness/emu/core) decodes operands and calls these; they know nothing of
// decoding, memory or waves beyond the register images passed in.
//
// Register images: operand register g of lane L is regs[g * stride + L]
// (the executor's VGPR file is register-major, lanes contiguous). D may alias
// C: every function reads all of its inputs before writing any output.
//
// CONTRACT shared by harness/emu/wmma (implementation) and harness/emu/core
// (caller). Change it only together with both.
#pragma once

#include <cstddef>
#include <cstdint>

namespace rdna4emu::wmma {

// The variants come from one table, harness/emu/wmma/variants.def (X-macro rows):
// these enums, the variant data (variants.cpp), the wave32 fast-path dispatch
// (dense_wave32.cpp), the opcode -> variant mapping below (executor dispatch and the
// cycle model) all expand it. Rows are in VOP3P opcode order: dense from 0x40, sparse
// from 0x50 (docs/facts/isa.md#wmma-encoding; checked against isa/vop3p.csv by
// core/tests/decoder_test.cc).

// Dense WMMA.
enum class Dense : uint8_t {
#define RDNA4_DENSE(name, ...) name,
#include "../../wmma/variants.def"
};

// Sparse WMMA (SWMMAC).
enum class Sparse : uint8_t {
#define RDNA4_SPARSE(name, ...) name,
#include "../../wmma/variants.def"
};

constexpr int kDenseCount = 0
#define RDNA4_DENSE(...) + 1
#include "../../wmma/variants.def"
    ;
constexpr int kSparseCount = 0
#define RDNA4_SPARSE(...) + 1
#include "../../wmma/variants.def"
    ;

// VOP3P opcodes of the first dense / sparse row.
constexpr unsigned kDenseOpcodeBase = 0x40, kSparseOpcodeBase = 0x50;
// The variant of a VOP3P opcode, or false when it is not a dense / sparse WMMA.
inline bool dense_from_opcode(unsigned op, Dense* v) {
  if (op < kDenseOpcodeBase || op >= kDenseOpcodeBase + unsigned(kDenseCount)) return false;
  *v = Dense(op - kDenseOpcodeBase);
  return true;
}
inline bool sparse_from_opcode(unsigned op, Sparse* v) {
  if (op < kSparseOpcodeBase || op >= kSparseOpcodeBase + unsigned(kSparseCount)) return false;
  *v = Sparse(op - kSparseOpcodeBase);
  return true;
}

// VOP3P modifier bits as encoded: bit n of neg_lo/neg_hi refers to source n
// (0 = A, 1 = B, 2 = C). op_sel is the 3-bit OPSEL field (SWMMAC: index key).
struct Mods {
  uint8_t neg_lo = 0;
  uint8_t neg_hi = 0;
  uint8_t op_sel = 0;
  uint8_t op_sel_hi = 0;
  bool clamp = false;
};

// Number of VGPRs of each operand for a given wave size (32 or 64), so the
// executor can validate register ranges against what the decoder printed.
struct Shape {
  int a_regs, b_regs, c_regs, d_regs, index_regs;  // index_regs = 0 for dense
};
Shape dense_shape(Dense v, int wave_size);
Shape sparse_shape(Sparse v, int wave_size);
const char* dense_mnemonic(Dense v);   // "v_wmma_f32_16x16x16_f16", ...
const char* sparse_mnemonic(Sparse v); // "v_swmmac_f32_16x16x32_f16", ...

// Returns false (and writes nothing) if the modifiers are invalid for the
// variant (e.g. NEG_HI on an integer type): the executor then raises an
// illegal-instruction fault with `*why` set.
bool dense(Dense v, const Mods& m, int wave_size,
           const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* d,
           size_t stride, const char** why);

// SWMMAC: D = C + sparse(A, index) * B. `d_and_c` is both the accumulator
// input and output (SWMMAC's vdst is also its C).
bool sparse(Sparse v, const Mods& m, int wave_size,
            const uint32_t* a, const uint32_t* b, const uint32_t* index,
            uint32_t* d_and_c, size_t stride, const char** why);

// Transpose loads. lane_data holds, for every lane L, the bytes the lane
// fetched from its own address: bytes_per_lane = transpose_bytes_per_lane()
// (wave32: 16 for B128, 8 for B64; wave64: 8 and 4, the destination size) at
// lane_data[L * bytes_per_lane]. lane_valid is the mask of lanes whose data
// was fetched (EXEC). Output: dst register g of lane L at out[g * stride + L],
// written only for lanes in exec.
enum class TrLoad : uint8_t { B128, B64 };
void transpose_load(TrLoad kind, int wave_size, const uint8_t* lane_data,
                    uint64_t exec, uint32_t* out, size_t stride);

// Bytes each lane fetches for a transpose load (= destination bytes per lane).
int transpose_bytes_per_lane(TrLoad kind, int wave_size);

// Number of valid SWMMAC index_key values (index sets in the index VGPR);
// index_key is op_sel[1:0] (llvm-mc: index_key:1 sets OPSEL bit 0).
int sparse_index_sets(Sparse v, int wave_size);

// Modelled issue cycles of one instruction (docs/facts/hardware-figures.md#wmma-throughput), for the
// emulator's modelled cycle count.
int dense_cycles(Dense v, int wave_size);
int sparse_cycles(Sparse v, int wave_size);

}  // namespace rdna4emu::wmma
