// The decoder's textual view of an instruction (close to llvm-objdump syntax).
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <utility>

#include "rdna4emu/core/decoder.h"

namespace rdna4emu::core {
namespace {

std::string reg_range(char p, unsigned r, unsigned n) {
  char b[32];
  if (n <= 1) std::snprintf(b, sizeof b, "%c%u", p, r);
  else std::snprintf(b, sizeof b, "%c[%u:%u]", p, r, r + n - 1);
  return b;
}

std::string sreg(unsigned r, unsigned n) {
  if (r == 106 && n == 2) return "vcc";
  if (r == 126 && n == 2) return "exec";
  if (n == 1) {
    switch (r) {
      case 106: return "vcc_lo";
      case 107: return "vcc_hi";
      case 124: return "null";
      case 125: return "m0";
      case 126: return "exec_lo";
      case 127: return "exec_hi";
    }
  }
  if (r == 124) return "null";
  if (r >= 108 && r <= 123) {
    char b[32];
    if (n <= 1) std::snprintf(b, sizeof b, "ttmp%u", r - 108);
    else std::snprintf(b, sizeof b, "ttmp[%u:%u]", r - 108, r - 108 + n - 1);
    return b;
  }
  return reg_range('s', r, n);
}

std::string operand(const Operand& o) {
  char b[48];
  switch (o.kind) {
    case OperandKind::None: return "";
    case OperandKind::SGPR: return sreg(o.reg, o.nregs);
    case OperandKind::VGPR: return reg_range('v', o.reg, o.nregs);
    case OperandKind::SCC: return "src_scc";
    case OperandKind::VCCZ: return "src_vccz";
    case OperandKind::EXECZ: return "src_execz";
    case OperandKind::Const:
      if (o.code == 124) return "null";
      if (o.code >= 128 && o.code <= 208) {
        std::snprintf(b, sizeof b, "%d", o.code <= 192 ? int(o.code) - 128 : 192 - int(o.code));
        return b;
      }
      if (o.code >= 240 && o.code <= 248) {
        static const char* f[] = {"0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0", "0.15915494"};
        if (o.code == 248 && o.nregs == 2) return "0.15915494309189532";  // 1/(2pi) as f64
        return f[o.code - 240];
      }
      if (o.code == 235) return "src_shared_base";
      if (o.code == 236) return "src_shared_limit";
      if (o.code == 237) return "src_private_base";
      if (o.code == 238) return "src_private_limit";
      if (o.literal) {
        // An inlinable value encoded as a literal: llvm-objdump 22 prints lit(0x..).
        int64_t v = o.nregs == 2 ? int64_t(o.value) : int64_t(int32_t(o.value));
        if (v >= -16 && v <= 64) {
          std::snprintf(b, sizeof b, "lit(0x%" PRIx64 ")", uint64_t(o.value & 0xffffffffull));
          return b;
        }
      }
      std::snprintf(b, sizeof b, "0x%" PRIx64,
                    uint64_t(o.literal && o.value >> 32 && !(o.value & 0xffffffff) ? o.value >> 32 : (o.value & 0xffffffffull)));
      return b;
  }
  return "?";
}

// Instructions whose llvm-objdump 22 syntax differs from the table-driven rule (found by
// forms_compare.py against llvm-mc --disassemble -mcpu=gfx1201).
bool named(const Insn& in, std::initializer_list<const char*> names) {
  for (const char* n : names)
    if (std::strcmp(in.info->mnemonic, n) == 0) return true;
  return false;
}

// A message id as llvm-objdump 22 prints it for gfx12 (s_sendmsg, s_sendmsghalt,
// s_sendmsg_rtn_*): a known id in bits [7:0] by name (bits 8-15 ignored), else
// sendmsg(id, 0, 0) up to 255 and the plain number above.
std::string sendmsg_text(unsigned v) {
  static const char* const kRtn[8] = {"MSG_RTN_GET_DOORBELL", "MSG_RTN_GET_DDID", "MSG_RTN_GET_TMA",
                                      "MSG_RTN_GET_REALTIME", "MSG_RTN_SAVE_WAVE", "MSG_RTN_GET_TBA",
                                      "MSG_RTN_GET_TBA_TO_PC", "MSG_RTN_GET_SE_AID_ID"};
  const unsigned id = v & 0xff;
  const char* n = id == 1 ? "MSG_INTERRUPT" : id == 2 ? "MSG_HS_TESSFACTOR" : id == 3 ? "MSG_DEALLOC_VGPRS"
                : id == 9 ? "MSG_GS_ALLOC_REQ" : (id >= 128 && id < 136) ? kRtn[id - 128] : nullptr;
  if (!n && v > 255) return std::to_string(v);
  return n ? std::string("sendmsg(") + n + ")" : "sendmsg(" + std::to_string(v) + ", 0, 0)";
}

bool is_fma_mix(const Insn& in) {
  return in.family == Family::VOP3P && (in.info->flags & F_FMA_MIX);
}

// v_mov_b16 in its VOP1 encodings (e32, DPP): llvm prints true16 register halves, the
// field's bit 7 selecting the high half (v0.h), as semantics.h src16/dst16 read them.
bool true16_vop1(const Insn& in) { return in.family == Family::VOP1 && named(in, {"v_mov_b16"}); }
std::string t16_operand(const Operand& o) {
  if (o.kind != OperandKind::VGPR || o.code < 256 || o.code >= 512) return operand(o);
  const unsigned f = o.code - 256u;
  return "v" + std::to_string(f & 127u) + ((f & 128u) ? ".h" : ".l");
}

std::string with_mods(const Insn& in, int i) {
  std::string s = true16_vop1(in) ? t16_operand(in.src[i]) : operand(in.src[i]);
  // 16-bit operands: llvm-objdump prints the low 16 bits of a literal.
  OpType t = i == 0 ? in.info->src0 : i == 1 ? in.info->src1 : in.info->src2;
  // v_cmp(x)_class_f16: llvm types the class mask as a 16-bit float operand (16-bit literal, abs/neg).
  if (i == 1 && named(in, {"v_cmp_class_f16", "v_cmpx_class_f16"})) t = OpType::F16;
  // v_alignbit/alignbyte_b32: llvm 22 types the shift (src2) as 16 bits (literal low half, f16 inline bits).
  if (i == 2 && in.family == Family::VOP3 && named(in, {"v_alignbit_b32", "v_alignbyte_b32"})) t = OpType::B16;
  bool lit16 = t == OpType::B16 || t == OpType::F16 || t == OpType::BF16;
  // v_fma_mix*: llvm 22 prints the low 16 bits of a literal whatever op_sel_hi selects.
  if (i == 2 && (in.info->flags & F_KIMM)) lit16 = false;  // K of v_fmamk/fmaak_f16: llvm prints all 32 bits
  // Packed 16-bit pairs (VOP3P packed math and dots; S0/S1 of VOP3 v_dot2_f16_f16 and
  // v_dot2_bf16_bf16, opcodes 0x266/0x267): the literal is both halves, printed whole
  // (llvm prints every bf16 literal of 0x267 whole, too).
  if ((in.family == Family::VOP3P && !is_fma_mix(in)) ||
      (in.family == Family::VOP3 && in.info->family == Family::VOP3 &&
       ((i < 2 && in.info->opcode == 0x266) || in.info->opcode == 0x267)))  // llvm: a bf16 literal whole
    lit16 = false;
  if (is_fma_mix(in)) lit16 = true;
  // WMMA with an f16 accumulator: a literal C is printed as its low 16 bits (bf16: whole).
  if (i == 2 && (in.info->flags & F_WMMA) && in.info->cconst == OpType::F16) lit16 = true;
  // SALU f16 literals and the K of v_fmamk/fmaak_f16: llvm prints the whole literal word.
  if (in.family == Family::SOP1 || (i == 2 && (in.info->flags & F_KIMM) && in.family == Family::VOP2))
    lit16 = false;
  // s_cmp_*_f16: llvm prints an inline float constant as its f16 bits.
  if (in.family == Family::SOPC && t == OpType::F16 && in.src[i].code >= 240 && in.src[i].code <= 248) {
    char b[16];
    std::snprintf(b, sizeof b, "0x%x", unsigned(in.src[i].value & 0xffff));
    s = b;
  }
  // ... but not on v_cvt_pk_f32_fp8/bf8 and v_ldexp_f16_e64, where it prints the float name.
  const bool float_name = named(in, {"v_cvt_pk_f32_fp8", "v_cvt_pk_f32_bf8"}) ||
                          (in.family == Family::VOP3 && named(in, {"v_ldexp_f16"}));
  if (t == OpType::B16 && !float_name && !is_fma_mix(in) && in.src[i].code >= 240 && in.src[i].code <= 248) {
    char b[16];  // float inline constant on a 16-bit integer operand: llvm prints its f16 bits
    static const uint16_t f16[] = {0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118};
    std::snprintf(b, sizeof b, "0x%x", unsigned(f16[in.src[i].code - 240]));
    s = b;
  }
  bool lit_fn = false;  // printed as lit(...): negation is then "-", not neg()
  if (in.src[i].literal && lit16) {
    char b[32];
    const unsigned lo = unsigned(in.src[i].value & 0xffff);
    static const uint16_t f16i[] = {0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118};
    bool inl = lo <= 64 || lo >= 0xfff0;
    for (uint16_t f : f16i) inl = inl || lo == f;
    // llvm 22: a literal whose low half is an inline constant is printed whole as lit(0x...).
    // (v_not_b16's b16 and s_cmp_*_f16: plain 0x33)
    if (inl && in.family != Family::SOPC && !named(in, {"v_cmp_class_f16", "v_cmpx_class_f16"}) && t == OpType::F16) {
      std::snprintf(b, sizeof b, "lit(0x%x)", unsigned(in.src[i].value & 0xffffffffu));
      lit_fn = true;
    } else {
      std::snprintf(b, sizeof b, "0x%x", lo);
    }
    s = b;
  }
  // v_fma_mix*: NEG_HI is |x| and NEG_LO is -x of a source (VOP3 syntax, not neg_lo/neg_hi).
  // VOP3: llvm has abs/neg only on float sources (and v_cndmask_b32); on others the bits
  // are not modifiers (found by random_compare.py: v_ldexp_f32's i32 src1, v_alignbit_b32).
  bool mods = is_fma_mix(in) || t == OpType::F16 || t == OpType::BF16 || t == OpType::F32 ||
              t == OpType::F64 || (in.info->flags & F_INT_MODS) ||
              (i < 2 && named(in, {"v_cndmask_b16"}));
  bool abs = mods && (is_fma_mix(in) ? (in.neg_hi >> i) & 1 : (in.abs >> i) & 1);
  if (abs) s = "|" + s + "|";
  if (mods && (in.neg >> i) & 1 && (in.family != Family::VOP3P || is_fma_mix(in))) {
    // llvm prints neg(K) for a negated constant without |..| (-1.0 vs neg(-1.0)).
    if (!abs && !lit_fn && in.src[i].kind == OperandKind::Const && in.src[i].code != 124) s = "neg(" + s + ")";
    else s = "-" + s;
  }
  return s;
}

void join(std::string& out, const std::string& s) {
  if (s.empty()) return;
  out += out.back() == ' ' ? "" : ", ";
  out += s;
}

// Cache-policy operands of SMEM / VMEM (gfx12 TH and SCOPE fields), as llvm-objdump
// prints them: th:TH_{LOAD,STORE,ATOMIC}_* (omitted when 0; TH 3 is BYPASS at SCOPE_SYS,
// else LU for loads / WB for stores), then scope:SCOPE_* (omitted when CU).
std::string cache_policy(const Insn& in) {
  std::string s;
  char b[32];
  const OpInfo& I = *in.info;
  unsigned th = in.th, scope = in.scope & 3;
  if (th) {
    if (I.flags & F_ATOMIC) {
      if (th & 4) {
        if (scope >= 2) s = std::string(" th:TH_ATOMIC_CASCADE") + ((th & 2) ? "_NT" : "_RT");
        else { std::snprintf(b, sizeof b, " th:TH_ATOMIC_0x%x", th); s = b; }  // llvm 22's spelling
      } else if (th & 2) s = std::string(" th:TH_ATOMIC_NT") + ((th & 1) ? "_RETURN" : "");
      else s = " th:TH_ATOMIC_RETURN";
    } else {
      bool store = I.dst == OpType::None && I.src0 != OpType::None;
      if (!store && th == 7) { std::snprintf(b, sizeof b, " th:0x%x", th); s = b; }
      else {
        static const char* n[] = {"", "NT", "HT", "", "NT_RT", "RT_NT", "NT_HT", "NT_WB"};
        const char* name = th == 3 ? (scope == 3 ? "BYPASS" : store ? "WB" : "LU") : n[th];
        s = std::string(" th:") + (store ? "TH_STORE_" : "TH_LOAD_") + name;
      }
    }
  }
  static const char* sc[] = {"", " scope:SCOPE_SE", " scope:SCOPE_DEV", " scope:SCOPE_SYS"};
  return s + sc[scope];
}


// DPP controls as llvm prints them (AMDGPUInstPrinter::printDPPCtrl, printDPP8, printFI):
// the pattern, then row_mask/bank_mask in hex, bound_ctrl:1 and fi:1 when set.
std::string dpp_suffix(const Insn& in) {
  char b[96];
  if (in.dpp == kDpp8) {
    std::string s = " dpp8:[";
    for (int i = 0; i < 8; ++i) {
      std::snprintf(b, sizeof b, "%s%u", i ? "," : "", unsigned(in.dpp8_sel >> (3 * i)) & 7);
      s += b;
    }
    return s + (in.dpp_fi ? "] fi:1" : "]");
  }
  const unsigned c = in.dpp_ctrl;
  if (c <= 0xff) std::snprintf(b, sizeof b, " quad_perm:[%u,%u,%u,%u]", c & 3, (c >> 2) & 3, (c >> 4) & 3, (c >> 6) & 3);
  else if (c >= 0x101 && c <= 0x10f) std::snprintf(b, sizeof b, " row_shl:%u", c & 0xf);
  else if (c >= 0x111 && c <= 0x11f) std::snprintf(b, sizeof b, " row_shr:%u", c & 0xf);
  else if (c >= 0x121 && c <= 0x12f) std::snprintf(b, sizeof b, " row_ror:%u", c & 0xf);
  else if (c == 0x140) std::snprintf(b, sizeof b, " row_mirror");
  else if (c == 0x141) std::snprintf(b, sizeof b, " row_half_mirror");
  else if (c >= 0x150 && c <= 0x15f) std::snprintf(b, sizeof b, " row_share:%u", c & 0xf);
  else if (c >= 0x160 && c <= 0x16f) std::snprintf(b, sizeof b, " row_xmask:%u", c & 0xf);
  else std::snprintf(b, sizeof b, " dpp_ctrl:0x%x", c);  // reserved (the decoder refuses these)
  std::string s = b;
  std::snprintf(b, sizeof b, " row_mask:0x%x bank_mask:0x%x", unsigned(in.dpp_row_mask), unsigned(in.dpp_bank_mask));
  s += b;
  if (in.dpp_bound_ctrl) s += " bound_ctrl:1";
  if (in.dpp_fi) s += " fi:1";
  return s;
}

}  // namespace

// ds_swizzle_b32: the offset as llvm-objdump prints it (offset:swizzle(...); nothing for 0);
// the lane selection itself is in memory_ds.cc (ds_swizzle).
std::string ds_swizzle_text(unsigned off) {
  char b[64];
  if (off == 0) return "";
  if (off >= 0xe000) {
    std::snprintf(b, sizeof b, " offset:swizzle(FFT,%u)", off & 31);
  } else if (off >= 0xc000) {
    std::snprintf(b, sizeof b, " offset:swizzle(ROTATE,%u,%u)", (off >> 10) & 1, (off >> 5) & 31);
  } else if ((off & 0xff00) == 0x8000) {
    std::snprintf(b, sizeof b, " offset:swizzle(QUAD_PERM,%u,%u,%u,%u)", off & 3, (off >> 2) & 3, (off >> 4) & 3,
                  (off >> 6) & 3);
  } else if (off & 0x8000) {
    std::snprintf(b, sizeof b, " offset:%u", off);
  } else {
    const unsigned andm = off & 31, orm = (off >> 5) & 31, xorm = (off >> 10) & 31;
    const bool pow2 = xorm && !(xorm & (xorm - 1));
    if (andm == 31 && orm == 0 && pow2) {
      std::snprintf(b, sizeof b, " offset:swizzle(SWAP,%u)", xorm);
    } else if (andm == 31 && orm == 0 && xorm && !((xorm + 1) & xorm)) {
      std::snprintf(b, sizeof b, " offset:swizzle(REVERSE,%u)", xorm + 1);
    } else if (xorm == 0 && !(((32 - andm) & (31 - andm)) ) && orm < 32 - andm && andm != 31) {
      std::snprintf(b, sizeof b, " offset:swizzle(BROADCAST,%u,%u)", 32 - andm, orm);
    } else {
      char m[6];
      for (unsigned k = 0; k < 5; ++k) {
        const unsigned bit = 4 - k, a = (andm >> bit) & 1, o = (orm >> bit) & 1, x = (xorm >> bit) & 1;
        m[k] = a && !o ? (x ? 'i' : 'p') : ((o ^ x) ? '1' : '0');
      }
      m[5] = 0;
      std::snprintf(b, sizeof b, " offset:swizzle(BITMASK_PERM,\"%s\")", m);
    }
  }
  return b;
}

std::string buffer_format_name(unsigned format);  // buffer_formats.cc

namespace {

// The mnemonic with llvm's encoding suffix (_e32, _e64, _dpp, _e64_dpp) and a space.
std::string mnemonic_text(const Insn& in, const OpInfo& I) {
  const std::string m = I.mnemonic;
  switch (in.family) {
    case Family::VOP1: case Family::VOP2: case Family::VOPC:
      // No _e32 suffix where the instruction has no VOP3 twin in llvm's syntax; DPP
      // forms are _dpp (VOPC DPP: no suffix at all).
      if (in.dpp) return m + (in.family == Family::VOPC ? " " : "_dpp ");
      return m + ((I.flags & (F_SDST | F_NOP | F_KIMM)) ||
                  named(in, {"v_swap_b32", "v_permlane64_b32", "v_swaprel_b32", "v_pk_fmac_f16"})
                      ? " " : "_e32 ");
    case Family::VOP3:
      if (in.dpp) return m + "_e64_dpp ";
      return m + ((I.family == Family::VOP1 || I.family == Family::VOP2 || I.family == Family::VOPC) &&
                  !named(in, {"v_nop", "v_pipeflush"}) ? "_e64 " : " ");
    case Family::VOP3P:
      return m + (in.dpp ? "_e64_dpp " : " ");
    default:
      return m + " ";
  }
}

// SOPP: the simm16 in the form llvm prints for the instruction.
void format_sopp(const Insn& in, const OpInfo& I, std::string& out) {
  char b[64];
  if ((I.flags & F_BRANCH) || I.simm == SimmFormat::Dec) {
    std::snprintf(b, sizeof b, "%u", unsigned(uint16_t(in.imm)));
    out += b;
  } else if (I.simm == SimmFormat::DelayAlu) {
    static const char* id[] = {"NO_DEP", "VALU_DEP_1", "VALU_DEP_2", "VALU_DEP_3", "VALU_DEP_4",
                               "TRANS32_DEP_1", "TRANS32_DEP_2", "TRANS32_DEP_3", "FMA_ACCUM_CYCLE_1",
                               "SALU_CYCLE_1", "SALU_CYCLE_2", "SALU_CYCLE_3"};
    static const char* skip[] = {"SAME", "NEXT", "SKIP_1", "SKIP_2", "SKIP_3", "SKIP_4"};
    unsigned v = uint16_t(in.imm), i0 = v & 15, sk = (v >> 4) & 7, i1 = (v >> 7) & 15;
    // llvm 22: bits above 10 ignored, 0 as "0", out-of-range fields as a comment.
    const char* bad_id = "/* invalid instid value */";
    if ((v & 0x7ff) == 0) out += "0";
    else {
      std::string t;  // fields that are 0 are left out (instid0(NO_DEP) too)
      if (i0) t += std::string(" | instid0(") + (i0 < 12 ? id[i0] : bad_id) + ")";
      if (sk) t += std::string(" | instskip(") + (sk < 6 ? skip[sk] : "/* invalid instskip value */") + ")";
      if (i1) t += std::string(" | instid1(") + (i1 < 12 ? id[i1] : bad_id) + ")";
      out += t.substr(3);
    }
  } else if (I.simm == SimmFormat::Depctr) {
    // DEPCTR fields: print those below their maximum (no wait).
    unsigned v = uint16_t(in.imm);
    struct F { const char* n; unsigned sh, w; } f[] = {{"hold_cnt", 7, 1}, {"sa_sdst", 0, 1}, {"va_vdst", 12, 4},
                                                       {"va_sdst", 9, 3}, {"va_ssrc", 8, 1}, {"va_vcc", 1, 1},
                                                       {"vm_vsrc", 2, 3}};
    std::string t;
    // Bits 5 and 6 belong to no field: then llvm prints the number.
    for (auto& x : f) {
      if (v & 0x60) break;
      unsigned val = (v >> x.sh) & ((1u << x.w) - 1);
      if (val != (1u << x.w) - 1) {
        std::snprintf(b, sizeof b, "%sdepctr_%s(%u)", t.empty() ? "" : " ", x.n, val);
        t += b;
      }
    }
    if (t.empty()) { std::snprintf(b, sizeof b, "0x%x", v); t = b; }
    out += t;
  } else if (I.mnemonic == std::string("s_waitcnt")) {
    // gfx11+ layout: expcnt [2:0], lgkmcnt [9:4], vmcnt [15:10]; llvm prints the counters
    // below their maximum, or all three when none is.
    const unsigned v = uint16_t(in.imm), vm = v >> 10, exp = v & 7, lgkm = (v >> 4) & 63;
    const bool all = vm == 63 && exp == 7 && lgkm == 63;
    std::string t;
    if (all || vm != 63) t += " vmcnt(" + std::to_string(vm) + ")";
    if (all || exp != 7) t += " expcnt(" + std::to_string(exp) + ")";
    if (all || lgkm != 63) t += " lgkmcnt(" + std::to_string(lgkm) + ")";
    out += t.substr(1);
  } else if (I.mnemonic == std::string("s_wait_idle")) {
    // no operand in llvm's syntax (llvm decodes only a zero immediate)
  } else if (I.mnemonic == std::string("s_endpgm")) {
    if (uint16_t(in.imm)) out += std::to_string(unsigned(uint16_t(in.imm)));  // llvm: decimal, when not 0
  } else if (I.simm == SimmFormat::Sendmsg) {
    out += sendmsg_text(uint16_t(in.imm));

  } else if (I.simm != SimmFormat::None) {
    std::snprintf(b, sizeof b, "0x%x", unsigned(uint16_t(in.imm)));
    out += b;
  }
}

// SOPK: hwreg(...) operands, s_version's code version, else sdst and simm16.
void format_sopk(const Insn& in, const OpInfo& I, std::string& out) {
  char b[64];
  if (I.opcode >= 0x11 && I.opcode <= 0x13) {
    // s_getreg_b32 / s_setreg_b32 / s_setreg_imm32_b32: simm16 = hwreg(id [5:0], offset [10:6],
    // size - 1 [15:11]); llvm-objdump 22 names the id where it knows one and omits offset 0, size 32.
    static const char* const kHwreg[33] = {
        nullptr, "HW_REG_WAVE_MODE", "HW_REG_WAVE_STATUS", nullptr, "HW_REG_WAVE_STATE_PRIV",
        "HW_REG_WAVE_GPR_ALLOC", "HW_REG_WAVE_LDS_ALLOC", "HW_REG_IB_STS", nullptr, nullptr,
        "HW_REG_PERF_SNAPSHOT_DATA", "HW_REG_PERF_SNAPSHOT_PC_LO", "HW_REG_PERF_SNAPSHOT_PC_HI", nullptr,
        nullptr, "HW_REG_PERF_SNAPSHOT_DATA1", "HW_REG_PERF_SNAPSHOT_DATA2", "HW_REG_WAVE_EXCP_FLAG_PRIV",
        "HW_REG_WAVE_EXCP_FLAG_USER", "HW_REG_WAVE_TRAP_CTRL", "HW_REG_WAVE_SCRATCH_BASE_LO",
        "HW_REG_WAVE_SCRATCH_BASE_HI", nullptr, "HW_REG_WAVE_HW_ID1", "HW_REG_WAVE_HW_ID2", nullptr,
        "HW_REG_WAVE_SCHED_MODE", nullptr, nullptr, "HW_REG_SHADER_CYCLES_LO", "HW_REG_SHADER_CYCLES_HI",
        "HW_REG_WAVE_DVGPR_ALLOC_LO", "HW_REG_WAVE_DVGPR_ALLOC_HI"};
    const unsigned v = uint16_t(in.imm), id = v & 63, off = (v >> 6) & 31, size = ((v >> 11) & 31) + 1;
    std::string h = "hwreg(" + (id < 33 && kHwreg[id] ? std::string(kHwreg[id]) : std::to_string(id));
    if (off != 0 || size != 32) h += ", " + std::to_string(off) + ", " + std::to_string(size);
    h += ")";
    if (in.dst.kind != OperandKind::None) join(out, operand(in.dst));  // s_getreg_b32
    join(out, h);
    if (I.flags & F_KIMM) {  // s_setreg_imm32_b32: the literal, printed as llvm prints an immediate
      const int32_t k = int32_t(uint32_t(in.src[0].value));
      static const uint32_t fbits[] = {0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000,
                                       0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983};
      static const char* fname[] = {"0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0", "0.15915494"};
      if (k >= -16 && k <= 64) std::snprintf(b, sizeof b, "%d", k);
      else std::snprintf(b, sizeof b, "0x%x", unsigned(k));
      for (int f = 0; f < 9; ++f)  // llvm prints an f32 inline-constant value by its name
        if (uint32_t(k) == fbits[f]) std::snprintf(b, sizeof b, "%s", fname[f]);
      join(out, b);
    } else if (in.src[0].kind != OperandKind::None) {
      join(out, operand(in.src[0]));  // s_setreg_b32: the source SGPR
    }
    return;
  }
  if (I.opcode == 0x01) {  // s_version: llvm 22 names the code version and the flag bits 13-15
    const unsigned v = uint16_t(in.imm), ver = v & 0xff;
    if (v & 0x1f00) { std::snprintf(b, sizeof b, "0x%x", v); out += b; return; }
    std::string t = ver == 0 ? "UC_VERSION_GFX7" : ver == 4 ? "UC_VERSION_GFX10" : ver == 6 ? "UC_VERSION_GFX11"
                  : ver == 9 ? "UC_VERSION_GFX12" : std::to_string(ver);
    bool ored = false;  // llvm nests each further "|" in parentheses: (A|B)|C
    for (auto [bit, flag] : {std::pair<unsigned, const char*>{0x2000, "UC_VERSION_W64_BIT"},
                             {0x4000, "UC_VERSION_W32_BIT"}, {0x8000, "UC_VERSION_MDP_BIT"}}) {
      if (!(v & bit)) continue;
      t = (ored ? "(" + t + ")|" : t + "|") + flag;
      ored = true;
    }
    out += t;
    return;
  }
  if (in.dst.kind != OperandKind::None) join(out, operand(in.dst));  // not s_version
  // s_call_b64: the branch offset in decimal, as s_branch.
  std::snprintf(b, sizeof b, (I.flags & F_BRANCH) ? "%u" : "0x%x", unsigned(uint16_t(in.imm)));
  join(out, b);
}

// SMEM: sdata, base, offset (and soffset), cache policy; s_atc_probe/s_prefetch take SDATA as an immediate.
void format_smem(const Insn& in, const OpInfo& I, std::string& out) {
  char b[64];
  if (I.flags & F_NOADDR) return;  // s_dcache_inv
  if (I.opcode >= 0x22 && I.opcode <= 0x28) {  // s_atc_probe*, s_prefetch_*: SDATA is an immediate
    const unsigned sdata = (in.raw[0] >> 6) & 0x7f;
    const bool probe = I.opcode <= 0x23, pc_rel = I.opcode == 0x25 || I.opcode == 0x28;
    if (probe) { std::snprintf(b, sizeof b, "%u", sdata); join(out, b); }
    if (!pc_rel) join(out, operand(in.saddr));
    if (probe && in.src[0].kind != OperandKind::None) {
      join(out, operand(in.src[0]));
      std::snprintf(b, sizeof b, " offset:%s0x%x", in.imm < 0 ? "-" : "", unsigned(in.imm < 0 ? -in.imm : in.imm));
      out += b;
      return;
    }
    std::snprintf(b, sizeof b, "%s0x%x", in.imm < 0 ? "-" : "", unsigned(in.imm < 0 ? -in.imm : in.imm));
    join(out, b);
    if (!probe) {
      join(out, in.src[0].kind != OperandKind::None ? operand(in.src[0]) : std::string("null"));
      std::snprintf(b, sizeof b, "%u", sdata);
      join(out, b);
    }
    return;
  }
  join(out, operand(in.dst));
  join(out, operand(in.saddr));
  if (in.src[0].kind != OperandKind::None) {
    join(out, operand(in.src[0]));
    std::snprintf(b, sizeof b, " offset:%s0x%x", in.imm < 0 ? "-" : "", unsigned(in.imm < 0 ? -in.imm : in.imm));
    out += b;
  } else {
    std::snprintf(b, sizeof b, "%s0x%x", in.imm < 0 ? "-" : "", unsigned(in.imm < 0 ? -in.imm : in.imm));  // signed 24 bits
    join(out, b);
  }
  out += cache_policy(in);
}

// DS: data, address, data0/data1, offsets (ds_swizzle_b32: the swizzle pattern).
void format_ds(const Insn& in, const OpInfo& I, std::string& out) {
  char b[64];
  join(out, operand(in.dst));
  join(out, operand(in.vaddr));
  join(out, operand(in.src[0]));
  join(out, operand(in.src[1]));
  if (I.flags & F_DS_2ADDR) {
    if (in.imm) { std::snprintf(b, sizeof b, " offset0:%d", in.imm); out += b; }
    if (in.offset1) { std::snprintf(b, sizeof b, " offset1:%u", in.offset1); out += b; }
  } else if (I.opcode == 0x35) {  // ds_swizzle_b32: the offset is a swizzle pattern
    out += ds_swizzle_text(unsigned(in.imm) | (unsigned(in.offset1) << 8));
  } else {
    unsigned off = unsigned(in.imm) | (unsigned(in.offset1) << 8);
    if (off) { std::snprintf(b, sizeof b, " offset:%u", off); out += b; }
  }
}

// VBUFFER: vdata, vaddr, rsrc, soffset, format, idxen/offen, offset, cache policy, tfe.
void format_vbuffer(const Insn& in, const OpInfo& I, std::string& out) {
  char b[64];
  join(out, operand(in.src[0].kind != OperandKind::None ? in.src[0] : in.dst));
  join(out, in.vaddr.kind != OperandKind::None ? operand(in.vaddr) : std::string("off"));
  join(out, operand(in.saddr));
  join(out, operand(in.soffset));
  if (I.opcode >= 0x80 && in.buf_format != 1) {  // tbuffer_*: the format, unless the default 1
    std::snprintf(b, sizeof b, " format:%s", buffer_format_name(in.buf_format).c_str());
    out += b;
  }
  if (in.idxen) out += " idxen";
  if (in.offen) out += " offen";
  if (in.imm) { std::snprintf(b, sizeof b, " offset:%d", in.imm); out += b; }
  out += cache_policy(in);
  if (in.tfe) out += " tfe";
}

// FLAT / GLOBAL / SCRATCH: vdst, vaddr, data, saddr, offset, cache policy, nv.
void format_flat(const Insn& in, const OpInfo& I, std::string& out) {
  char b[64];
  join(out, operand(in.dst));
  if (in.vaddr.kind != OperandKind::None) join(out, operand(in.vaddr));
  else if (!(I.flags & F_NOADDR) && I.src1 != OpType::B64) join(out, "off");  // B64: global_*_addtid_b32
  join(out, operand(in.src[0]));
  if (in.family != Family::VFLAT && !(I.flags & F_NOADDR))
    join(out, in.saddr.kind == OperandKind::SGPR ? operand(in.saddr) : "off");
  if (I.flags & F_NOADDR) {  // global_inv/wb/wbinv: llvm prints no offset, one space before scope
    while (!out.empty() && out.back() == ' ') out.pop_back();
  } else if (in.imm) { std::snprintf(b, sizeof b, " offset:%d", in.imm); out += b; }
  out += cache_policy(in);
  if (in.raw[0] & 0x80) out += " nv";  // VMEM word 0 bit 7
}

// VOPD: the two halves, X :: Y.
void format_vopd(const Insn& in, const OpInfo& I, std::string& out) {
  auto half = [&](const OpInfo* h, const Operand& d, const Operand* s) {
    std::string r = std::string(h->mnemonic) + " " + operand(d);
    static const int natural[3] = {0, 1, 2}, fmamk[3] = {0, 2, 1};  // fmamk: src0, K, src1
    const int* order = (h->flags & F_KIMM_MID) ? fmamk : natural;
    for (int k = 0; k < 3; ++k) {
      const int i = order[k];
      if (s[i].kind == OperandKind::None) continue;
      if (i == 2 && ((h->flags & F_TIED) || h->src2 == OpType::Mask)) continue;  // implicit operand
      r += ", " + operand(s[i]);
    }
    return r;
  };
  out = half(&I, in.dst, in.src) + " :: " + half(in.yinfo, in.ydst, in.ysrc);
}

// SALU and VALU: destination, sources with modifiers, then the VOP3P / VOP3 / DPP suffixes.
// VOP3P suffixes: index_key and op_sel of SWMMAC, op_sel/op_sel_hi/neg_lo/neg_hi as llvm prints
// them for WMMA, v_fma_mix* and packed math.
void vop3p_suffix(const Insn& in, const OpInfo& I, std::string& out) {
  char b[64];
  auto bits = [&](const char* name, unsigned v) {
    if (!v) return;
    std::snprintf(b, sizeof b, " %s:[%u,%u,%u]", name, v & 1, (v >> 1) & 1, (v >> 2) & 1);
    out += b;
  };
  // Packed math and dot products: neither WMMA/SWMMAC nor v_fma_mix*.
  const bool packed = !(I.flags & F_WMMA) && !is_fma_mix(in);
  if (I.flags & F_SPARSE) {
    // SWMMAC: OPSEL[1:0] is the sparsity index set (llvm syntax index_key:N).
    if (in.opsel & 3) { std::snprintf(b, sizeof b, " index_key:%u", in.opsel & 3u); out += b; }
    bits("op_sel", in.opsel & 4);
  } else if (!packed) {
    bits("op_sel", in.opsel);
  }
  if (is_fma_mix(in)) {
    bits("op_sel_hi", in.opsel_hi);  // f16 (1) or f32 (0) source; printed when not all f32
  } else if (packed) {
    // llvm prints one element per
    // source; op_sel_hi when not all ones, the others when not all zeros.
    const int ns = in.src[2].kind != OperandKind::None ? 3 : 2;
    const unsigned all = (1u << ns) - 1;
    auto list = [&](const char* name, unsigned v, bool show) {
      if (!show) return;
      out += std::string(" ") + name + ":[";
      for (int k = 0; k < ns; ++k) out += std::string(k ? "," : "") + (((v >> k) & 1) ? "1" : "0");
      out += "]";
    };
    // The integer and fp8/bf8 dots (opcodes 0x16-0x19, 0x24-0x27) have no op_sel in llvm 22.
    const unsigned op = I.opcode;
    const bool sel = !((op >= 0x16 && op <= 0x19) || (op >= 0x24 && op <= 0x27));
    list("op_sel", in.opsel, sel && (in.opsel & all) != 0);
    list("op_sel_hi", in.opsel_hi, sel && (in.opsel_hi & all) != all);
    list("neg_lo", in.neg, (in.neg & all) != 0);
    list("neg_hi", in.neg_hi, (in.neg_hi & all) != 0);
  } else {
    bits("neg_lo", in.neg);
    bits("neg_hi", in.neg_hi);
  }
}

// VOP3 op_sel (and the byte_sel / two-element op_sel forms of some conversions and permutes),
// printed where llvm's gfx12 syntax has them.
void vop3_opsel_suffix(const Insn& in, const OpInfo& I, std::string& out) {
  char b[64];
  auto is16 = [](OpType t) { return t == OpType::B16 || t == OpType::F16 || t == OpType::BF16; };
  // Only VOP3-only opcodes have op_sel in llvm's gfx12 syntax (not the promoted VOP1/2/C).
  bool has_opsel = I.family == Family::VOP3 && (is16(I.dst) || is16(I.src0) || is16(I.src1) ||
                   is16(I.src2) || (I.flags & F_OPSEL));
  // v_dot2_f16_f16 / v_dot2_bf16_bf16 (0x266/0x267): S0/S1 are packed pairs, llvm
  // prints (and the semantics use) only op_sel[2] and op_sel[3].
  const unsigned osel = (I.family == Family::VOP3 && (I.opcode == 0x266 || I.opcode == 0x267))
                            ? in.opsel & 0xcu : in.opsel;
  // llvm 22 (gfx1201) prints no op_sel on these 16-bit integer VOP3 opcodes.
  if (named(in, {"v_and_b16", "v_or_b16", "v_xor_b16", "v_lshlrev_b16", "v_lshrrev_b16", "v_ashrrev_i16",
                 "v_min_i16", "v_max_i16", "v_min_u16", "v_max_u16", "v_mul_lo_u16", "v_cndmask_b16"}))
    has_opsel = false;
  // nor on v_s_exp/log/rcp/rsq/sqrt_f16 (SGPR destination)
  if (std::strncmp(I.mnemonic, "v_s_", 4) == 0) has_opsel = false;
  const auto sel_bit = [&](int k) { return unsigned(in.opsel >> k) & 1u; };
  if (in.family == Family::VOP3 && named(in, {"v_permlane16_var_b32", "v_permlanex16_var_b32"})) {
    has_opsel = false;  // two elements: OPSEL bits 0 and 1
    if (in.opsel & 3) { std::snprintf(b, sizeof b, " op_sel:[%u,%u]", sel_bit(0), sel_bit(1)); out += b; }
  } else if (in.family == Family::VOP3 && named(in, {"v_cvt_pk_f32_fp8", "v_cvt_pk_f32_bf8"})) {
    // op_sel:[src0, dst]: OPSEL bits 0 and 3
    if (in.opsel & 9) { std::snprintf(b, sizeof b, " op_sel:[%u,%u]", sel_bit(0), sel_bit(3)); out += b; }
  } else if (in.family == Family::VOP3 && named(in, {"v_cvt_f32_fp8", "v_cvt_f32_bf8"})) {
    // byte_sel = OPSEL[0] * 2 + OPSEL[1]
    if (in.opsel & 3) { std::snprintf(b, sizeof b, " byte_sel:%u", sel_bit(0) * 2 + sel_bit(1)); out += b; }
  } else if (in.family == Family::VOP3 && named(in, {"v_cvt_sr_fp8_f32", "v_cvt_sr_bf8_f32"})) {
    has_opsel = false;  // byte_sel = OPSEL[3] * 2 + OPSEL[2]
    if (in.opsel & 12) { std::snprintf(b, sizeof b, " byte_sel:%u", sel_bit(3) * 2 + sel_bit(2)); out += b; }
  }
  if (in.family == Family::VOP3 && osel && has_opsel && !(I.flags & F_SD)) {
    // VOP3 OPSEL: one bit per source, then the destination (bit 3), as op_sel:[...].
    int ns = in.src[2].kind != OperandKind::None ? 3 : in.src[1].kind != OperandKind::None ? 2 : 1;
    std::string v = " op_sel:[";
    for (int k = 0; k < ns; ++k) v += ((osel >> k) & 1) ? "1," : "0,";
    out += v + (((osel >> 3) & 1) ? "1]" : "0]");
  }
}

void format_alu(const Insn& in, const OpInfo& I, std::string& out) {
  join(out, true16_vop1(in) ? t16_operand(in.dst) : operand(in.dst));
  if (in.sdst.kind != OperandKind::None && !(I.flags & F_CMPX)) join(out, operand(in.sdst));
  int n = 3;
  static const int natural[3] = {0, 1, 2}, fmamk[3] = {0, 2, 1};  // v_fmamk: src0, K, src1
  const int* order = (I.flags & F_KIMM_MID) ? fmamk : natural;
  for (int k = 0; k < n; ++k) {
    const int i = order[k];
    if (in.src[i].kind == OperandKind::None) continue;
    bool implicit_dst = i == 2 && (I.flags & F_TIED);
    if (implicit_dst) continue;
    join(out, with_mods(in, i));
  }
  if (in.family == Family::SOP1 && (I.opcode == 0x4c || I.opcode == 0x4d)) {
    // s_sendmsg_rtn_b32/b64: the ssrc0 field is the message id (llvm-objdump 22 names).
    join(out, sendmsg_text(in.raw[0] & 0xff));
  }
  if (in.family == Family::VOP3P) vop3p_suffix(in, I, out);
  vop3_opsel_suffix(in, I, out);
  if (in.clamp) out += " clamp";
  if (in.omod) out += in.omod == 1 ? " mul:2" : in.omod == 2 ? " mul:4" : " div:2";
  if (in.dpp) out += dpp_suffix(in);
}

}  // namespace

std::string format_insn(const Insn& in, int wave) {
  (void)wave;
  if (!in.info) return std::string("<illegal: ") + (in.error ? in.error : "?") + ">";
  const OpInfo& I = *in.info;
  std::string out = mnemonic_text(in, I);
  switch (in.family) {
    case Family::SOPP: format_sopp(in, I, out); break;
    case Family::SOPK: format_sopk(in, I, out); break;
    case Family::SMEM: format_smem(in, I, out); break;
    case Family::DS: format_ds(in, I, out); break;
    case Family::VBUFFER: format_vbuffer(in, I, out); break;
    case Family::VFLAT: case Family::VGLOBAL: case Family::VSCRATCH: format_flat(in, I, out); break;
    case Family::VOPD: format_vopd(in, I, out); break;
    default: format_alu(in, I, out);
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

}  // namespace rdna4emu::core
