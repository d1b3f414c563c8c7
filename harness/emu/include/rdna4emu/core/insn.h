// Decoded gfx12 instructions: the decoder's output and the executor's input.
//
// An Insn is self-contained (no pointers into the code bytes) except for
// `info` (a row of the generated decode tables, static storage) and, after
// predecode, `half[]` of a VOPD pair (owned by the Program).
#pragma once

#include <cstdint>
#include <string>

namespace rdna4emu::core {

enum class Family : uint8_t {
  Invalid, SOP1, SOP2, SOPK, SOPC, SOPP, SMEM, VOP1, VOP2, VOPC, VOP3, VOP3P,
  VOPD, DS, VFLAT, VGLOBAL, VSCRATCH, VBUFFER,
  // Graphics-only encodings (isa/graphics.csv): recognised, never executed (F_GRAPHICS).
  VIMAGE, VSAMPLE, VEXPORT, VINTERP, VDSDIR,
};
const char* family_name(Family f);

// Operand types from the data tables (isa/README.md).
enum class OpType : uint8_t {
  None, B16, F16, BF16, B32, F32, B64, I64, F64, Mask, B96, B128, B256, B512,
  TrB128, TrB64, W1, W2, W4, W8,  // W*: WMMA operands, N VGPRs in wave32, N/2 (>= 1) in wave64
  B1024,                          // 32 registers (global/scratch_*_block)
};
int optype_regs(OpType t, int wave_size);  // registers covered
bool optype_is_64(OpType t);

// Wait counter a memory instruction is tracked on (core/HAZARDS.md).
enum class Counter : uint8_t { None, LOAD, STORE, DS, KM };
const char* counter_name(Counter c);

// Row flags (isa/README.md gives the csv word of each). Resolved at decode and
// predecode time; the run loop never looks at mnemonics.
enum InsnFlags : uint32_t {
  F_SCC = 1u << 0,     // writes SCC
  F_CMPX = 1u << 1,    // v_cmpx: the compare's mask destination is EXEC
  F_SD = 1u << 2,      // VOP3SD form (carry-out / scalar dst)
  F_BRANCH = 1u << 3,
  F_NOP = 1u << 4,     // no architectural effect
  F_VECTOR = 1u << 5,  // VALU / VMEM / DS: counted in lane_operations
  F_ATOMIC = 1u << 6,
  F_WMMA = 1u << 7,    // dense WMMA or SWMMAC
  F_SDST = 1u << 8,    // VALU whose destination is an SGPR (v_readlane, v_readfirstlane, v_s_*)
  F_KIMM = 1u << 9,    // src2 is a 32-bit literal K after the base encoding (v_fmaak/v_fmamk)
  F_KIMM_MID = 1u << 10,  // ... printed between src0 and src1 (v_fmamk)
  F_TIED = 1u << 11,   // src2 is the destination register (v_fmac_*, v_writelane); not printed
  F_NOADDR = 1u << 12, // memory instruction without address operands (global_inv, global_wb)
  F_VCC_READ = 1u << 13,  // reads VCC implicitly (s_cbranch_vccz/vccnz)
  F_BARRIER_SIGNAL = 1u << 14,
  F_CODE_END = 1u << 15,  // s_code_end: padding after the code; predecode stops there
  F_DS_2ADDR = 1u << 16,  // DS two-address form (offset0/offset1 in elements)
  F_DS_STRIDE64 = 1u << 17,  // ... offsets scaled by 64 elements
  F_LDS_READ = 1u << 18,  // DS: reads LDS
  F_LDS_WRITE = 1u << 19, // DS: writes LDS
  F_FMA_MIX = 1u << 20,   // v_fma_mix*: f32/f16 sources by op_sel_hi, abs in neg_hi
  F_INT_MODS = 1u << 21,  // abs/neg apply to (and are printed on) non-float sources (v_cndmask_b32)
  F_OPSEL = 1u << 22,     // VOP3 op_sel printed without 16-bit operands (v_alignbit/alignbyte)
  F_SPARSE = 1u << 23,    // SWMMAC: OPSEL[1:0] is the sparsity index_key
  F_GRAPHICS = 1u << 24,  // graphics-only row (isa/graphics.csv): decodes, faults when executed
  F_SWAP = 1u << 25,      // src0 is also written and the destination also read (v_swap_*, v_swaprel_b32)
  F_READS_DST = 1u << 26, // reads its destination's old value (v_permlane16/x16: lanes left unwritten keep it)
  F_M0_SRC = 1u << 27,    // src0's register number is relative to M0 (v_movrels*, s_movrels*)
  F_M0_DST = 1u << 28,    // the destination's register number is relative to M0 (v_movreld, s_movreld*)
  F_M0_SPLIT = 1u << 29,  // src0 relative to M0[9:0], the destination to M0[25:16] (*_movrelsd_2, v_swaprel)
  F_NO_E64 = 1u << 30,    // VOP1/VOP2 row without a VOP3 (e64) form: that encoding is illegal
};

// What the simm16 of a wait instruction counts (flag wait=...).
enum class WaitKind : uint8_t { None, Load, Store, Ds, Km, LoadDs, StoreDs, Idle, Alu };
// How a SOPP prints its simm16 (flag simm=...).
enum class SimmFormat : uint8_t { Hex, Dec, None, DelayAlu, Depctr, Sendmsg };

constexpr uint8_t kDpp16 = 1, kDpp8 = 2;  // Insn::dpp

struct Wave;
struct Insn;
using Handler = void (*)(Wave&, const Insn&);

// One row of a generated decode table (isa/*.csv).
struct OpInfo {
  const char* mnemonic;   // base mnemonic, e.g. "v_add_f32" (no _e32/_e64)
  Handler fn;             // semantics (insns/<mnemonic>.h); nullptr: not implemented
  OpType dst, src0, src1, src2;
  uint32_t flags;          // InsnFlags
  Counter counter;
  uint16_t opcode;
  Family family;
  const char* semantics;   // sem=: the row whose insns/<m>.h applies (VOPD halves, v_cmpx); else nullptr.
                           // F_GRAPHICS rows: why the row is out of scope (graphics.csv reason)
  OpType cconst;           // cconst=: type of src2 inline constants (WMMA C); None: src2's own type
  WaitKind wait;           // wait=
  SimmFormat simm;         // simm=
};

enum class OperandKind : uint8_t {
  None,
  SGPR,    // reg = scalar operand number (0-105 s, 106/107 vcc, 108-123 ttmp, 124 null, 125 m0, 126/127 exec)
  VGPR,    // reg = VGPR number
  Const,   // inline constant or literal, already typed: `value` (64 bit for 64-bit operands)
  SCC,     // src_scc
  VCCZ,    // src_vccz
  EXECZ,   // src_execz
};

struct Operand {
  OperandKind kind = OperandKind::None;
  uint8_t nregs = 0;     // registers covered
  uint16_t reg = 0;
  uint64_t value = 0;    // Const
  bool literal = false;  // Const came from a 32-bit literal
  uint16_t code = 0;     // raw encoding field (for the printer)
};

struct Insn {
  Handler fn = nullptr;
  const OpInfo* info = nullptr;   // nullptr: undecodable (Family::Invalid)
  Family family = Family::Invalid;
  uint8_t size = 0;               // bytes (4, 8, 12; +4 with a literal)
  bool vop3 = false;              // VOP1/VOP2/VOPC in their VOP3 (e64) form
  uint8_t neg = 0, abs = 0, neg_hi = 0, opsel = 0, opsel_hi = 0, omod = 0;
  bool clamp = false;
  Operand dst;                    // vdst / sdst / loaded data
  Operand sdst;                   // VOP3SD carry-out, VOPC e64 mask destination
  Operand src[4];                 // src0..src2 (memory: src0 = store data, src1 = data1)
  // Memory: addr = vaddr (VGPR), saddr (SGPR pair or SGPR, kind None = off).
  Operand vaddr, saddr;
  int32_t imm = 0;                // SOPP/SOPK simm16 (sign-extended), memory offset
  uint16_t offset1 = 0;           // DS offset1
  uint8_t th = 0, scope = 0;      // cache policy bits (printed only)
  // VBUFFER: data format (tbuffer_*), idxen/offen (vaddr holds index, offset or both), tfe, soffset.
  uint8_t buf_format = 0;
  bool idxen = false, offen = false, tfe = false;
  Operand soffset;
  // DPP (src0 field 0xFA: DPP16; 0xE9 / 0xEA: DPP8 without / with fetch-inactive):
  // src[0] is the DPP word's VGPR, read from another lane (core/dpp.cc).
  uint8_t dpp = 0;                // 0 none, kDpp16, kDpp8
  bool dpp_fi = false, dpp_bound_ctrl = false;
  uint8_t dpp_row_mask = 0xf, dpp_bank_mask = 0xf;
  uint16_t dpp_ctrl = 0;          // DPP16 control (quad_perm, row_shl, ...)
  uint32_t dpp8_sel = 0;          // DPP8: lane_sel[i] = bits 3i+2..3i
  Handler dpp_inner = nullptr;    // the instruction's semantics (predecode puts exec_dpp in fn)
  // VOPD: second half (Y). The first half (X) uses dst/src.
  const OpInfo* yinfo = nullptr;
  Operand ydst, ysrc[3];
  const Insn* half[2] = {nullptr, nullptr};  // X, Y as standalone VOP2-like insns (predecode)
  // Filled by predecode:
  uint32_t pc = 0;                // byte offset from kernel entry
  int32_t target = -1;            // branch target instruction index
  uint32_t index = 0;             // position in the program
  uint32_t raw[4] = {0, 0, 0, 0}; // encoding words (with literal)
  const char* error = nullptr;    // why decoding failed (Invalid) or why execution faults
};

}  // namespace rdna4emu::core
