// Register classes of source operands, as LLVM's AMDGPU disassembler enforces them: an
// encoding whose operand lies outside its class is an illegal instruction here (the
// decoder fails with the reason; executing it is an illegal-instruction fault).
//
// Evidence: llvm-mc --disassemble (LLVM 19 and 22, -mcpu=gfx1201, wave32 and wave64) of
// encodings made from llvm-mc's own by changing one source field. LLVM prints the operand
// with "/*Invalid register, operand has 'VReg_256' register class*/" (an SGPR, VCC, EXEC,
// a trap temporary), "/*Invalid immediate*/" (a constant where a register is required) or
// refuses the word ("invalid instruction encoding": M0, EXEC_HI, DPP codes; LLVM 22 also
// src_shared_base.., src_scc.., which LLVM 19 prints). Both print `null` (code 124) in
// every class without a complaint, so null stays accepted. The rows (WMMA by flag, the
// rest by mnemonic) and what LLVM says for each are below. Not enforced: LLVM's 'VGPR_32_Lo128'
// for 16-bit operands of e32 forms above v127, which the emulator runs as true16 register halves
// (the field's bit 7 selects the half) as LLVM decodes them with +real-true16.
#include <cstring>

#include "rdna4emu/core/insn.h"

namespace rdna4emu::core {

namespace {

enum class Class : uint8_t {
  Vgpr,          // a VGPR (VReg_*, VGPR_32, VRegOrLds_32)
  VgprOrConst,   // a VGPR, an inline constant or a literal (WMMA C: VISrc_*)
  NotVgpr,       // an SGPR or a constant (SReg_32, SRegOrLds_32, SCSrc_b32)
  Sgpr,          // an SGPR, no constant (SReg_32 / SReg_64 where LLVM says "Invalid immediate")
  NotConst,      // a register, no constant (a VOP3 lane mask: LLVM 19 also refuses a VGPR, LLVM 22 not)
};

bool in_class(const Operand& o, Class c) {
  const unsigned code = o.code;
  if (o.kind == OperandKind::None) return true;  // the operand is not there
  if (code == 124) return true;                  // null: printed by LLVM in every class
  switch (c) {
    case Class::Vgpr: return code >= 256;
    case Class::VgprOrConst:
      return code >= 256 || (code >= 128 && code <= 208) || (code >= 240 && code <= 248) || code == 255;
    case Class::NotVgpr: return code < 256;
    case Class::Sgpr: return code < 128;
    case Class::NotConst: return code < 128 || code >= 256;
  }
  return true;
}

struct Row {
  const char* mnemonic;
  int src;
  Class cls;
  const char* why;  // the decode error: the operand and LLVM's register class
};

// LLVM's messages for an operand out of class (same in LLVM 19 and 22).
const Row kRows[] = {
    {"v_readlane_b32", 0, Class::Vgpr,
     "invalid operand: v_readlane_b32 src0 must be a VGPR (LLVM: operand has 'VRegOrLds_32' register class)"},
    {"v_readlane_b32", 1, Class::NotVgpr,
     "invalid operand: v_readlane_b32 lane select must be an SGPR or a constant (LLVM: operand has 'SReg_32' register class)"},
    {"v_readfirstlane_b32", 0, Class::Vgpr,
     "invalid operand: v_readfirstlane_b32 src0 must be a VGPR (LLVM: operand has 'VRegOrLds_32' register class)"},
    {"v_writelane_b32", 0, Class::NotVgpr,
     "invalid operand: v_writelane_b32 src0 must be an SGPR or a constant (LLVM: operand has 'SRegOrLds_32' register class)"},
    {"v_writelane_b32", 1, Class::NotVgpr,
     "invalid operand: v_writelane_b32 lane select must be an SGPR or a constant (LLVM: operand has 'SReg_32' register class)"},
    {"v_permlane16_b32", 0, Class::Vgpr,
     "invalid operand: v_permlane16_b32 src0 must be a VGPR (LLVM: operand has 'VGPR_32' register class)"},
    {"v_permlane16_b32", 1, Class::NotVgpr,
     "invalid operand: v_permlane16_b32 src1 must be an SGPR or a constant (LLVM: operand has 'SReg_32' register class)"},
    {"v_permlane16_b32", 2, Class::NotVgpr,
     "invalid operand: v_permlane16_b32 src2 must be an SGPR or a constant (LLVM: operand has 'SReg_32' register class)"},
    {"v_permlanex16_b32", 0, Class::Vgpr,
     "invalid operand: v_permlanex16_b32 src0 must be a VGPR (LLVM: operand has 'VGPR_32' register class)"},
    {"v_permlanex16_b32", 1, Class::NotVgpr,
     "invalid operand: v_permlanex16_b32 src1 must be an SGPR or a constant (LLVM: operand has 'SReg_32' register class)"},
    {"v_permlanex16_b32", 2, Class::NotVgpr,
     "invalid operand: v_permlanex16_b32 src2 must be an SGPR or a constant (LLVM: operand has 'SReg_32' register class)"},
    {"v_permlane16_var_b32", 0, Class::Vgpr,
     "invalid operand: v_permlane16_var_b32 src0 must be a VGPR (LLVM: operand has 'VGPR_32' register class)"},
    {"v_permlane16_var_b32", 1, Class::Vgpr,
     "invalid operand: v_permlane16_var_b32 src1 must be a VGPR (LLVM: operand has 'VGPR_32' register class)"},
    {"v_permlanex16_var_b32", 0, Class::Vgpr,
     "invalid operand: v_permlanex16_var_b32 src0 must be a VGPR (LLVM: operand has 'VGPR_32' register class)"},
    {"v_permlanex16_var_b32", 1, Class::Vgpr,
     "invalid operand: v_permlanex16_var_b32 src1 must be a VGPR (LLVM: operand has 'VGPR_32' register class)"},
    {"v_movrels_b32", 0, Class::Vgpr,
     "invalid operand: v_movrels_b32 src0 must be a VGPR (LLVM: operand has 'VGPR_32' register class)"},
    {"v_movrelsd_b32", 0, Class::Vgpr,
     "invalid operand: v_movrelsd_b32 src0 must be a VGPR (LLVM: operand has 'VGPR_32' register class)"},
    {"v_movrelsd_2_b32", 0, Class::Vgpr,
     "invalid operand: v_movrelsd_2_b32 src0 must be a VGPR (LLVM: operand has 'VGPR_32' register class)"},
    {"v_swaprel_b32", 0, Class::Vgpr,
     "invalid operand: v_swaprel_b32 src0 must be a VGPR (LLVM: operand has 'VGPR_32' register class)"},
    {"s_movrels_b32", 0, Class::Sgpr,
     "invalid operand: s_movrels_b32 src0 must be an SGPR (LLVM: invalid immediate)"},
    {"s_movrels_b64", 0, Class::Sgpr,
     "invalid operand: s_movrels_b64 src0 must be an SGPR pair (LLVM: invalid immediate)"},
    {"s_setpc_b64", 0, Class::Sgpr,
     "invalid operand: s_setpc_b64 src0 must be an SGPR pair (LLVM: invalid immediate)"},
    {"s_rfe_b64", 0, Class::Sgpr,
     "invalid operand: s_rfe_b64 src0 must be an SGPR pair (LLVM: invalid immediate)"},
    {"v_cndmask_b32", 2, Class::NotConst,
     "invalid operand: the lane mask (src2) of v_cndmask_b32_e64 cannot be a constant (LLVM: invalid immediate)"},
    {"v_cndmask_b16", 2, Class::NotConst,
     "invalid operand: the lane mask (src2) of v_cndmask_b16 cannot be a constant (LLVM: invalid immediate)"},
    {"v_add_co_ci_u32", 2, Class::NotConst,
     "invalid operand: the carry-in mask (src2) of v_add_co_ci_u32_e64 cannot be a constant (LLVM: invalid immediate)"},
    {"v_sub_co_ci_u32", 2, Class::NotConst,
     "invalid operand: the carry-in mask (src2) of v_sub_co_ci_u32_e64 cannot be a constant (LLVM: invalid immediate)"},
    {"v_subrev_co_ci_u32", 2, Class::NotConst,
     "invalid operand: the carry-in mask (src2) of v_subrev_co_ci_u32_e64 cannot be a constant (LLVM: invalid immediate)"},
    {"v_mqsad_u32_u8", 2, Class::Vgpr,
     "invalid operand: v_mqsad_u32_u8 src2 must be a VGPR range (LLVM: operand has 'VReg_128' register class)"},
};

// WMMA and SWMMAC (F_WMMA): A and B are VGPR ranges (VReg_64/128/...), the dense C a VGPR
// range or a constant, the SWMMAC index a VGPR (its C is the destination).
const char* const kWmmaA = "invalid operand: WMMA/SWMMAC A (src0) must be a VGPR range (LLVM: operand has a 'VReg_*' register class)";
const char* const kWmmaB = "invalid operand: WMMA/SWMMAC B (src1) must be a VGPR range (LLVM: operand has a 'VReg_*' register class)";
const char* const kWmmaC = "invalid operand: WMMA C (src2) must be a VGPR range or a constant (LLVM: operand has a 'VReg_*' register class)";
const char* const kSwmmacIndex = "invalid operand: SWMMAC index (src2) must be a VGPR (LLVM: operand has 'VGPR_32' register class)";

}  // namespace

// VALU forms of SALU float operations (v_s_*_f32/f16, VOP3 with an SGPR destination): the
// source is scalar (LLVM: operand has 'SReg_32' register class for a VGPR).
const char* const kVopScalarSrc =
    "invalid operand: the source of a v_s_* instruction must be an SGPR or a constant (LLVM: operand has "
    "'SReg_32' register class)";
const char* const kVopScalarDst =
    "invalid operand: a v_s_* instruction cannot write exec (LLVM: operand has 'SReg_32_XEXEC' register class)";
// 32-bit SMEM loads cannot write M0 or EXEC (LLVM: operand has 'SReg_32_XM0_XEXEC' register class).
const char* const kSmemDst =
    "invalid operand: a 32-bit scalar load cannot write m0 or exec (LLVM: operand has 'SReg_32_XM0_XEXEC' "
    "register class)";

const char* operand_class_error(const Insn& in) {
  if (!in.info) return nullptr;
  const uint32_t flags = in.info->flags;
  if (!std::strncmp(in.info->mnemonic, "v_s_", 4)) {
    if (!in_class(in.src[0], Class::NotVgpr)) return kVopScalarSrc;
    if (in.dst.code == 126 || in.dst.code == 127) return kVopScalarDst;
  }
  if (in.family == Family::SMEM && in.dst.kind == OperandKind::SGPR && in.dst.nregs == 1 &&
      in.dst.code >= 125 && in.dst.code <= 127)
    return kSmemDst;
  if (flags & F_WMMA) {
    if (!in_class(in.src[0], Class::Vgpr)) return kWmmaA;
    if (!in_class(in.src[1], Class::Vgpr)) return kWmmaB;
    if (flags & F_SPARSE) return in_class(in.src[2], Class::Vgpr) ? nullptr : kSwmmacIndex;
    return in_class(in.src[2], Class::VgprOrConst) ? nullptr : kWmmaC;
  }
  for (const Row& r : kRows)
    if (std::strcmp(r.mnemonic, in.info->mnemonic) == 0 && !in_class(in.src[r.src], r.cls)) return r.why;
  return nullptr;
}

}  // namespace rdna4emu::core
