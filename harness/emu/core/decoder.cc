// gfx12 instruction decoder. Field positions per encoding family are written
// here (and in isa/*.csv headers); opcode rows come from the generated tables.
#include "rdna4emu/core/decoder.h"

#include <algorithm>
#include "fields.h"  // generated from isa/fields.csv: fields::<encoding>::<field>(w)
#include <cstdio>
#include <cstring>

namespace rdna4emu::core {

const OpInfo* table_lookup(Family fam, unsigned op);      // tables.cc (generated)
const OpInfo* const* table_all(size_t* n);                // tables.cc (generated)
const OpInfo* graphics_lookup(Family fam, unsigned op);   // tables.cc, from isa/graphics.csv
const OpInfo* const* graphics_all(size_t* n);             // tables.cc, from isa/graphics.csv
const char* operand_class_error(const Insn& in);          // operand_classes.cc

const char* family_name(Family f) {
  switch (f) {
    case Family::Invalid: return "invalid";
    case Family::SOP1: return "SOP1";
    case Family::SOP2: return "SOP2";
    case Family::SOPK: return "SOPK";
    case Family::SOPC: return "SOPC";
    case Family::SOPP: return "SOPP";
    case Family::SMEM: return "SMEM";
    case Family::VOP1: return "VOP1";
    case Family::VOP2: return "VOP2";
    case Family::VOPC: return "VOPC";
    case Family::VOP3: return "VOP3";
    case Family::VOP3P: return "VOP3P";
    case Family::VOPD: return "VOPD";
    case Family::DS: return "DS";
    case Family::VFLAT: return "VFLAT";
    case Family::VGLOBAL: return "VGLOBAL";
    case Family::VSCRATCH: return "VSCRATCH";
    case Family::VBUFFER: return "VBUFFER";
    case Family::VIMAGE: return "VIMAGE";
    case Family::VSAMPLE: return "VSAMPLE";
    case Family::VEXPORT: return "VEXPORT";
    case Family::VINTERP: return "VINTERP";
    case Family::VDSDIR: return "VDSDIR";
  }
  return "?";
}

const char* counter_name(Counter c) {
  switch (c) {
    case Counter::None: return "none";
    case Counter::LOAD: return "LOADcnt";
    case Counter::STORE: return "STOREcnt";
    case Counter::DS: return "DScnt";
    case Counter::KM: return "KMcnt";
  }
  return "?";
}

int optype_regs(OpType t, int w) {
  switch (t) {
    case OpType::None: return 0;
    case OpType::B16: case OpType::F16: case OpType::BF16: case OpType::B32: case OpType::F32: return 1;
    case OpType::B64: case OpType::I64: case OpType::F64: return 2;
    case OpType::Mask: return w == 64 ? 2 : 1;
    case OpType::B96: return 3;
    case OpType::B128: return 4;
    case OpType::B256: return 8;
    case OpType::B512: return 16;
    case OpType::TrB128: return w == 64 ? 2 : 4;
    case OpType::TrB64: return w == 64 ? 1 : 2;
    case OpType::W1: return 1;
    case OpType::W2: return w == 64 ? 1 : 2;
    case OpType::W4: return w == 64 ? 2 : 4;
    case OpType::W8: return w == 64 ? 4 : 8;
    case OpType::B1024: return 32;
  }
  return 0;
}
bool optype_is_64(OpType t) { return t == OpType::B64 || t == OpType::I64 || t == OpType::F64; }

namespace {

inline uint32_t rd32(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

// Inline float constants 240..248 by operand type.
uint64_t inline_float(unsigned code, OpType t) {
  static const uint32_t f32[] = {0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000,
                                 0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983};
  static const uint64_t f64[] = {0x3fe0000000000000ull, 0xbfe0000000000000ull, 0x3ff0000000000000ull,
                                 0xbff0000000000000ull, 0x4000000000000000ull, 0xc000000000000000ull,
                                 0x4010000000000000ull, 0xc010000000000000ull, 0x3fc45f306dc9c882ull};
  static const uint16_t f16[] = {0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118};
  static const uint16_t bf16[] = {0x3f00, 0xbf00, 0x3f80, 0xbf80, 0x4000, 0xc000, 0x4080, 0xc080, 0x3e23};
  unsigned i = code - 240;
  switch (t) {
    case OpType::F64: return f64[i];
    case OpType::F16: return f16[i];
    case OpType::B16: return f16[i];  // 16-bit integer operands get the f16 bit patterns too (as
                                      // llvm-mc --disassemble: code 242 on a u16 source is 0x3c00)
    case OpType::BF16: return bf16[i];
    case OpType::B64: case OpType::I64:
      // 64-bit integer operands get the f64 bit patterns (AMD RDNA4 ISA reference guide,
      // "Inline constants": a float constant on a 64-bit operand is the double value; LLVM's
      // AMDGPUBaseInfo.cpp isInlinableLiteral64 loads the double 1.0 as `s_mov_b64 s[..], 1.0`).
      return f64[i];
    default: return f32[i];
  }
}

struct Ctx {
  const uint8_t* bytes;
  size_t size;
  size_t len;        // bytes of the base encoding
  bool has_lit = false;
  uint32_t lit = 0;
  const char* err = nullptr;
  int wave;
  uint32_t w[3] = {0, 0, 0};  // the base encoding's words (fields.h accessors take w)

  // The instruction is n bytes long (base encoding plus DPP word): read its words.
  bool need(size_t n) {
    if (size < n) { err = "truncated: instruction extends past the end of the code"; return false; }
    len = n;
    if (n >= 8) w[1] = rd32(bytes + 4);
    if (n >= 12) w[2] = rd32(bytes + 8);
    return true;
  }
};

// Aperture values returned by src_shared_base/limit, src_private_base/limit:
// the device's LDS and private apertures (see executor's memory map).
constexpr uint64_t kSharedBase = 0x0000200000000000ull;
constexpr uint64_t kPrivateBase = 0x0000300000000000ull;

// Multi-dword SGPR operands are aligned (2 dwords: even; 3 or more: a multiple of 4):
// the low bits of the field are ignored, as llvm-objdump decodes them (an odd s[13:14]
// prints as s[12:13]; s_load_b128 with field 83 as s[80:83]). Found by random_compare.py.
unsigned sgpr_align(unsigned code, int nregs) {
  if (code > 123 || nregs < 2) return code;
  return code & ~(nregs == 2 ? 1u : 3u);
}

// Decode a scalar-or-vector source field (9 bits for VOP sources, 8 bits
// for SALU: callers pass the code; codes >= 256 are VGPRs).
Operand src_operand(Ctx& c, unsigned code, OpType t) {
  Operand o;
  o.code = uint16_t(code);
  int nregs = optype_regs(t, c.wave);
  if (nregs == 0) nregs = 1;
  o.nregs = uint8_t(nregs);
  if (code >= 256) {
    o.kind = OperandKind::VGPR;
    o.reg = uint16_t(code - 256);
    return o;
  }
  if (code <= 105 || (code >= 106 && code <= 123) || code == 125 || code == 126 || code == 127) {
    o.kind = OperandKind::SGPR;
    o.reg = uint16_t(sgpr_align(code, nregs));
    return o;
  }
  o.kind = OperandKind::Const;
  bool is64 = optype_is_64(t);
  if (code == 124) { o.value = 0; return o; }  // null
  if (code >= 128 && code <= 192) {
    int64_t v = int64_t(code) - 128;
    o.value = is64 ? uint64_t(v) : uint64_t(uint32_t(v));
    return o;
  }
  if (code >= 193 && code <= 208) {
    int64_t v = 192 - int64_t(code);
    o.value = is64 ? uint64_t(v) : uint64_t(uint32_t(int32_t(v)));
    if (t == OpType::B16 || t == OpType::F16 || t == OpType::BF16) o.value = uint64_t(uint32_t(int32_t(v)));
    return o;
  }
  if (code >= 240 && code <= 248) { o.value = inline_float(code, t); return o; }
  switch (code) {
    case 235: o.value = is64 ? kSharedBase : uint32_t(kSharedBase); return o;         // src_shared_base
    case 236: o.value = is64 ? kSharedBase + 0xffffffffull : uint32_t(kSharedBase + 0xffffffffull); return o;
    case 237: o.value = is64 ? kPrivateBase : uint32_t(kPrivateBase); return o;       // src_private_base
    case 238: o.value = is64 ? kPrivateBase + 0xffffffffull : uint32_t(kPrivateBase + 0xffffffffull); return o;
    case 251: o.kind = OperandKind::VCCZ; return o;
    case 252: o.kind = OperandKind::EXECZ; return o;
    case 253: o.kind = OperandKind::SCC; return o;
    case 255: {
      if (!c.has_lit) {
        if (c.size < c.len + 4) { c.err = "truncated: literal constant past the end of the code"; return o; }
        c.lit = rd32(c.bytes + c.len);
        c.has_lit = true;
      }
      o.literal = true;
      if (t == OpType::F64) o.value = uint64_t(c.lit) << 32;
      else if (t == OpType::I64) o.value = uint64_t(int64_t(int32_t(c.lit)));
      else o.value = c.lit;
      return o;
    }
    default:
      break;
  }
  c.err = "unsupported source operand encoding (DPP/SDWA/LDS-direct or reserved)";
  return o;
}

Operand sdst_operand(Ctx& c, unsigned code, OpType t) {
  Operand o;
  o.code = uint16_t(code);
  o.nregs = uint8_t(optype_regs(t, c.wave) ? optype_regs(t, c.wave) : 1);
  if (code <= 127 && code != 124) {
    o.kind = OperandKind::SGPR;
    o.reg = uint16_t(sgpr_align(code, o.nregs));
  } else if (code == 124) {
    o.kind = OperandKind::SGPR;  // null: writes are discarded (s[124] is a sink)
    o.reg = 124;
  } else {
    c.err = "invalid scalar destination";
  }
  return o;
}

Operand vgpr_operand(unsigned reg, OpType t, int wave) {
  Operand o;
  o.kind = OperandKind::VGPR;
  o.reg = uint16_t(reg);
  o.code = uint16_t(reg + 256);
  int n = optype_regs(t, wave);
  o.nregs = uint8_t(n ? n : 1);
  return o;
}

// DPP: these src0 codes mean "src0 is the VGPR named in the DPP word after the base
// encoding" (AMD RDNA4 ISA reference guide, "DPP16" and "DPP8"; llvm-mc -show-encoding).
constexpr unsigned kSrcDpp8 = 233, kSrcDpp8Fi = 234, kSrcDpp16 = 250;
inline bool is_dpp_code(unsigned code) { return code == kSrcDpp8 || code == kSrcDpp8Fi || code == kSrcDpp16; }

// DPP16 controls with a meaning: quad_perm 0x00-0xff, row_shl/shr/ror 1-15 (0x101-0x12f
// without 0x110/0x120), row_mirror 0x140, row_half_mirror 0x141, row_share 0x150-0x15f,
// row_xmask 0x160-0x16f. The rest are reserved (llvm-objdump does not decode them).
inline bool dpp16_ctrl_valid(unsigned c) {
  return c <= 0xff || (c >= 0x101 && c <= 0x12f && (c & 0xf) != 0) || c == 0x140 || c == 0x141 ||
         (c >= 0x150 && c <= 0x16f);
}

// Fill in's DPP fields from the DPP word `dw`; returns src0 (the word's VGPR). The e32
// forms carry abs/neg of src0/src1 in the DPP16 word; VOP3/VOP3P forms keep theirs.
Operand dpp_operand(Ctx& c, Insn& in, unsigned code, uint32_t dw, OpType t, bool vop3) {
  namespace F = fields;
  if (code == kSrcDpp16) {
    in.dpp = kDpp16;
    in.dpp_ctrl = uint16_t(F::dpp16::dpp_ctrl(&dw));
    in.dpp_fi = F::dpp16::fi(&dw);
    in.dpp_bound_ctrl = F::dpp16::bound_ctrl(&dw);
    in.dpp_row_mask = uint8_t(F::dpp16::row_mask(&dw));
    in.dpp_bank_mask = uint8_t(F::dpp16::bank_mask(&dw));
    if (!vop3) {
      in.neg |= uint8_t(F::dpp16::src0_neg(&dw) | F::dpp16::src1_neg(&dw) << 1);
      in.abs |= uint8_t(F::dpp16::src0_abs(&dw) | F::dpp16::src1_abs(&dw) << 1);
    }
    if (!dpp16_ctrl_valid(in.dpp_ctrl)) c.err = "reserved DPP16 control value";
  } else {
    in.dpp = kDpp8;
    in.dpp_fi = code == kSrcDpp8Fi;
    in.dpp8_sel = F::dpp8::lane_sel(&dw);
  }
  return vgpr_operand(F::dpp16::vsrc0(&dw), t, c.wave);
}

void fail(DecodeResult& r, const char* why, size_t size) {
  r.ok = false;
  r.insn.family = Family::Invalid;
  r.insn.info = nullptr;
  r.insn.error = why;
  r.insn.size = uint8_t(size);
  r.error = why;
}

// The encoding family and opcode of the first word. SOP1/SOPC/SOPP before SOPK before SOP2:
// their encoding fields nest.
Family identify(const uint32_t* w, unsigned& op) {
  namespace F = fields;
  if (F::sop1::is_encoding(w)) { op = F::sop1::op(w); return Family::SOP1; }
  if (F::sopc::is_encoding(w)) { op = F::sopc::op(w); return Family::SOPC; }
  if (F::sopp::is_encoding(w)) { op = F::sopp::op(w); return Family::SOPP; }
  if (F::sopk::is_encoding(w)) { op = F::sopk::op(w); return Family::SOPK; }
  if (F::sop2::is_encoding(w)) { op = F::sop2::op(w); return Family::SOP2; }
  if (F::smem::is_encoding(w)) { op = F::smem::op(w); return Family::SMEM; }
  if (F::vop1::is_encoding(w)) { op = F::vop1::op(w); return Family::VOP1; }
  if (F::vopc::is_encoding(w)) { op = F::vopc::op(w); return Family::VOPC; }
  if (F::vop2::is_encoding(w)) { op = F::vop2::op(w); return Family::VOP2; }
  if (F::vop3::is_encoding(w)) { op = F::vop3::op(w); return Family::VOP3; }
  if (F::vop3p::is_encoding(w)) { op = F::vop3p::op(w); return Family::VOP3P; }
  if (F::vopd::is_encoding(w)) { op = F::vopd::opx(w); return Family::VOPD; }
  if (F::ds::is_encoding(w)) { op = F::ds::op(w); return Family::DS; }
  if (F::vbuffer::is_encoding(w)) { op = F::vbuffer::op(w); return Family::VBUFFER; }
  if (F::flat::is_encoding(w)) {
    const unsigned seg = F::flat::seg(w);
    op = F::flat::op(w);
    return seg == 0 ? Family::VFLAT : seg == 1 ? Family::VSCRATCH : seg == 2 ? Family::VGLOBAL : Family::Invalid;
  }
  return Family::Invalid;
}

// Graphics-only encodings (isa/graphics.csv, whose header gives the fixed bits and sizes): the
// mnemonic is decoded, the operands are not; executing one faults (exec_unimplemented).
// Returns false when the word is none of them.
bool decode_graphics(Ctx& c, DecodeResult& r) {
  namespace F = fields;
  const uint32_t* w = c.w;
  Insn& in = r.insn;
  Family fam = Family::Invalid;
  unsigned op = 0;
  size_t gsize = 0;
  if (F::vimage::is_encoding(w)) { fam = Family::VIMAGE; op = F::vimage::op(w); gsize = 12; }
  else if (F::vsample::is_encoding(w)) { fam = Family::VSAMPLE; op = F::vsample::op(w); gsize = 12; }
  else if (F::vexport::is_encoding(w)) { fam = Family::VEXPORT; op = 0; gsize = 8; }
  else if (F::vinterp::is_encoding(w)) { fam = Family::VINTERP; op = F::vinterp::op(w); gsize = 8; }
  else if (F::vdsdir::is_encoding(w)) { fam = Family::VDSDIR; op = F::vdsdir::op(w); gsize = 4; }
  if (fam == Family::Invalid) return false;
  in.raw[0] = w[0];
  if (!c.need(gsize)) { fail(r, c.err, c.size); in.family = fam; return true; }
  const OpInfo* g = graphics_lookup(fam, op);
  if (!g) { fail(r, "unknown opcode", gsize); in.family = fam; return true; }
  in.family = fam;
  in.info = g;
  in.raw[1] = w[1];
  in.raw[2] = w[2];
  in.size = uint8_t(gsize);
  r.ok = true;
  return true;
}

// Bytes of the base encoding of a family (without DPP word or literal).
size_t base_size(Family fam) {
  switch (fam) {
    case Family::SMEM: case Family::VOP3: case Family::VOP3P: case Family::VOPD: case Family::DS: return 8;
    case Family::VFLAT: case Family::VGLOBAL: case Family::VSCRATCH: case Family::VBUFFER: return 12;
    default: return 4;
  }
}

void decode_sop1(Ctx& c, Insn& in, const OpInfo* info) {
  namespace F = fields;
  const uint32_t* w = c.w;
  if (info->dst != OpType::None) in.dst = sdst_operand(c, F::sop1::sdst(w), info->dst);
  if (info->src0 != OpType::None) in.src[0] = src_operand(c, F::sop1::ssrc0(w), info->src0);  // s_getpc_b64 has none
}

void decode_sop2(Ctx& c, Insn& in, const OpInfo* info) {
  namespace F = fields;
  const uint32_t* w = c.w;
  in.dst = sdst_operand(c, F::sop2::sdst(w), info->dst);
  in.src[0] = src_operand(c, F::sop2::ssrc0(w), info->src0);
  in.src[1] = src_operand(c, F::sop2::ssrc1(w), info->src1);
  if (info->flags & F_KIMM) in.src[2] = src_operand(c, 255, info->src2);  // s_fmaak/s_fmamk_f32: K literal
}

void decode_sopc(Ctx& c, Insn& in, const OpInfo* info) {
  namespace F = fields;
  const uint32_t* w = c.w;
  in.src[0] = src_operand(c, F::sopc::ssrc0(w), info->src0);
  in.src[1] = src_operand(c, F::sopc::ssrc1(w), info->src1);
}

void decode_sopk(Ctx& c, Insn& in, const OpInfo* info) {
  namespace F = fields;
  const uint32_t* w = c.w;
  in.imm = int16_t(F::sopk::simm16(w));
  if (info->flags & F_KIMM)  // s_setreg_imm32_b32: the source is the literal after the instruction
    in.src[0] = src_operand(c, 255, info->src0);
  else if (info->src0 != OpType::None)  // s_setreg_b32: the sdst field names the source SGPR
    in.src[0] = src_operand(c, F::sopk::sdst(w), info->src0);
  if (info->dst != OpType::None) in.dst = sdst_operand(c, F::sopk::sdst(w), info->dst);  // not s_version
}

void decode_sopp(Ctx& c, Insn& in, const OpInfo* info) {
  namespace F = fields;
  const uint32_t* w = c.w;
  in.imm = int16_t(F::sopp::simm16(w));
}

void decode_smem(Ctx& c, Insn& in, const OpInfo* info) {
  namespace F = fields;
  const uint32_t* w = c.w;
  if (info->dst != OpType::None) in.dst = sdst_operand(c, F::smem::sdata(w), info->dst);
  if (info->flags & F_NOADDR) return;  // s_dcache_inv: no operands
  in.saddr.kind = OperandKind::SGPR;
  in.saddr.nregs = info->src1 == OpType::B128 ? 4 : 2;  // smem.csv: src1 b128 = buffer resource (s_buffer_*)
  // A buffer resource is 4-aligned (llvm-objdump: field 25 is s[48:51]), as the other SGPR tuples.
  in.saddr.reg = uint16_t(sgpr_align(F::smem::sbase(w) << 1, in.saddr.nregs));
  unsigned soff = F::smem::soffset(w);
  if (soff != 124) in.src[0] = src_operand(c, soff, OpType::B32);
  in.imm = int32_t(F::smem::ioffset(w) << 8) >> 8;  // signed 24 bits
  in.th = uint8_t(F::smem::th(w));
  in.scope = uint8_t(F::smem::scope(w));
}

void decode_vop1(Ctx& c, Insn& in, const OpInfo* info) {
  namespace F = fields;
  const uint32_t* w = c.w;
  const int W = c.wave;
  if (info->dst != OpType::None) {
    if (info->flags & F_SDST)
      in.dst = sdst_operand(c, F::vop1::vdst(w), OpType::B32);
    else
      in.dst = vgpr_operand(F::vop1::vdst(w), info->dst, W);
  }
  if (info->src0 != OpType::None) {
    const unsigned s0 = F::vop1::src0(w);
    if (!is_dpp_code(s0)) in.src[0] = src_operand(c, s0, info->src0);
    else if (c.need(8)) in.src[0] = dpp_operand(c, in, s0, c.w[1], info->src0, false);
  }
}

void decode_vop2(Ctx& c, Insn& in, const OpInfo* info) {
  namespace F = fields;
  const uint32_t* w = c.w;
  const int W = c.wave;
  in.dst = vgpr_operand(F::vop2::vdst(w), info->dst, W);
  if (!is_dpp_code(F::vop2::src0(w))) in.src[0] = src_operand(c, F::vop2::src0(w), info->src0);
  else if (info->flags & F_KIMM) c.err = "DPP with a literal K operand";
  else if (c.need(8)) in.src[0] = dpp_operand(c, in, F::vop2::src0(w), c.w[1], info->src0, false);
  in.src[1] = vgpr_operand(F::vop2::vsrc1(w), info->src1, W);
  if (info->src2 == OpType::Mask) {  // implicit VCC carry-in / condition
    in.src[2].kind = OperandKind::SGPR; in.src[2].reg = 106; in.src[2].nregs = uint8_t(W / 32); in.src[2].code = 106;
  } else if (info->src2 != OpType::None) {
    if (info->flags & F_KIMM) {
      // K: literal constant operand after the base encoding.
      if (!c.need(8)) return;
      c.len = 4;
      Operand k = src_operand(c, 255, info->src2);
      in.src[2] = k;
    } else if (info->flags & F_TIED) {
      in.src[2] = in.dst;  // fmac: the destination is the addend
    }
  }
  if (info->flags & F_SD) {  // implicit VCC carry-out
    in.sdst.kind = OperandKind::SGPR; in.sdst.reg = 106; in.sdst.nregs = uint8_t(W / 32); in.sdst.code = 106;
  }
}

void decode_vopc(Ctx& c, Insn& in, const OpInfo* info) {
  namespace F = fields;
  const uint32_t* w = c.w;
  const int W = c.wave;
  if (!is_dpp_code(F::vopc::src0(w))) in.src[0] = src_operand(c, F::vopc::src0(w), info->src0);
  else if (c.need(8)) in.src[0] = dpp_operand(c, in, F::vopc::src0(w), c.w[1], info->src0, false);
  in.src[1] = vgpr_operand(F::vopc::vsrc1(w), info->src1, W);
  // v_cmp writes VCC, v_cmpx EXEC (the same semantics file serves both: sem=).
  in.sdst.kind = OperandKind::SGPR;
  in.sdst.reg = (info->flags & F_CMPX) ? 126 : 106;
  in.sdst.nregs = uint8_t(W / 32);
  in.sdst.code = in.sdst.reg;
}

void decode_vop3(Ctx& c, Insn& in, const OpInfo* info) {
  namespace F = fields;
  const uint32_t* w = c.w;
  const int W = c.wave;
  in.vop3 = true;
  bool sd = (info->flags & F_SD) != 0;
  unsigned vdst = F::vop3::vdst(w);
  in.clamp = F::vop3::clamp(w);
  if (!sd) {
    in.abs = uint8_t(F::vop3::abs(w));
    in.opsel = uint8_t(F::vop3::opsel(w));
  } else {
    in.sdst = sdst_operand(c, F::vop3::sdst(w), OpType::Mask);
  }
  in.neg = uint8_t(F::vop3::neg(w));
  in.omod = uint8_t(F::vop3::omod(w));
  OpType ts[3] = {info->src0, info->src1, info->src2};
  const unsigned codes[3] = {F::vop3::src0(w), F::vop3::src1(w), F::vop3::src2(w)};
  int nsrc = 0;
  for (int i = 0; i < 3; ++i) {
    unsigned code = codes[i];
    if (ts[i] == OpType::None) continue;
    // v_fmac_*_e64: src2 is the destination (set below); its field is not an operand and
    // must not pull in a literal.
    if (i == 2 && (info->flags & (F_TIED | F_KIMM))) continue;
    if (i == 0 && is_dpp_code(code)) {  // VOP3 DPP: the DPP word is the third dword
      if (c.need(12)) in.src[0] = dpp_operand(c, in, code, c.w[2], ts[0], true);
      continue;
    }
    in.src[i] = src_operand(c, code, ts[i]);
    nsrc = i + 1;
  }
  (void)nsrc;
  if (info->family == Family::VOPC) {
    if (info->flags & F_CMPX) {  // writes EXEC; the vdst field is ignored
      in.sdst.kind = OperandKind::SGPR; in.sdst.reg = 126; in.sdst.nregs = uint8_t(W / 32); in.sdst.code = 126;
    } else {
      in.sdst = sdst_operand(c, vdst, OpType::Mask);
    }
  } else if (info->flags & F_SDST) {
    in.dst = sdst_operand(c, vdst, info->dst);
  } else if (info->dst != OpType::None) {
    in.dst = vgpr_operand(vdst, info->dst, W);
  }
  if (info->flags & F_TIED) in.src[2] = in.dst;  // v_fmac_*_e64, v_writelane_b32: dst is also read
}

void decode_vop3p(Ctx& c, Insn& in, const OpInfo* info) {
  namespace F = fields;
  const uint32_t* w = c.w;
  const int W = c.wave;
  unsigned vdst = F::vop3p::vdst(w);
  in.neg_hi = uint8_t(F::vop3p::neg_hi(w));
  in.opsel = uint8_t(F::vop3p::opsel(w));
  in.opsel_hi = uint8_t(F::vop3p::opsel_hi(w) | (F::vop3p::opsel_hi2(w) << 2));
  in.clamp = F::vop3p::clamp(w);
  in.neg = uint8_t(F::vop3p::neg(w));
  in.dst = vgpr_operand(vdst, info->dst, W);
  OpType ts[3] = {info->src0, info->src1, info->src2};
  const unsigned codes[3] = {F::vop3p::src0(w), F::vop3p::src1(w), F::vop3p::src2(w)};
  for (int i = 0; i < 3; ++i) {
    unsigned code = codes[i];
    if (ts[i] == OpType::None) continue;
    OpType t = ts[i];
    // WMMA C inline constants are f32/f16/bf16 typed by the accumulator.
    if (i == 2 && info->cconst != OpType::None) t = info->cconst;
    if (i == 0 && is_dpp_code(code) && !(info->flags & F_WMMA)) {  // VOP3P DPP (third dword)
      if (c.need(12)) in.src[0] = dpp_operand(c, in, code, c.w[2], t, true);
    } else {
      in.src[i] = src_operand(c, code, t);
    }
    if (in.src[i].kind == OperandKind::VGPR) in.src[i].nregs = uint8_t(std::max(1, optype_regs(ts[i], W)));
  }
}

const char* decode_vopd(Ctx& c, Insn& in, const OpInfo* info, unsigned op) {
  namespace F = fields;
  const uint32_t* w = c.w;
  const int W = c.wave;
  unsigned opy = F::vopd::opy(w);
  const OpInfo* y = table_lookup(Family::VOPD, opy);
  if (!y || op > 13) return "unknown VOPD opcode";
  // VOPD is wave32 only (llvm-mc: "instruction requires wavesize=32"; llvm-objdump
  // with +wavefrontsize64 does not decode it).
  if (W == 64) return "VOPD (v_dual_*) exists in wave32 only";
  in.yinfo = y;
  unsigned vdstx = F::vopd::vdstx(w);
  unsigned vdsty = (F::vopd::vdsty(w) << 1) | ((vdstx & 1) ^ 1);  // the other bank's parity
  auto half = [&](const OpInfo* h, unsigned s0, unsigned s1, unsigned d, Operand& od, Operand* os) {
    od = vgpr_operand(d, OpType::B32, W);
    os[0] = src_operand(c, s0, h->src0);
    if (h->src1 != OpType::None) os[1] = vgpr_operand(s1, h->src1, W);
    if (h->src2 == OpType::Mask) {
      os[2].kind = OperandKind::SGPR; os[2].reg = 106; os[2].nregs = uint8_t(W / 32); os[2].code = 106;
    } else if (h->flags & F_KIMM) {
      os[2] = src_operand(c, 255, h->src2);
    } else if (h->flags & F_TIED) {
      os[2] = od;  // fmac
    }
  };
  half(info, F::vopd::src0x(w), F::vopd::vsrc1x(w), vdstx, in.dst, in.src);
  half(y, F::vopd::src0y(w), F::vopd::vsrc1y(w), vdsty, in.ydst, in.ysrc);
  return nullptr;
}

void decode_ds(Ctx& c, Insn& in, const OpInfo* info) {
  namespace F = fields;
  const uint32_t* w = c.w;
  const int W = c.wave;
  in.imm = int32_t(F::ds::offset0(w));
  in.offset1 = uint16_t(F::ds::offset1(w));
  if (!(info->flags & F_NOADDR)) in.vaddr = vgpr_operand(F::ds::addr(w), OpType::B32, W);  // ds_append, ds_nop, ...
  if (info->src0 != OpType::None) in.src[0] = vgpr_operand(F::ds::data0(w), info->src0, W);
  if (info->src1 != OpType::None) in.src[1] = vgpr_operand(F::ds::data1(w), info->src1, W);
  if (info->dst != OpType::None) in.dst = vgpr_operand(F::ds::vdst(w), info->dst, W);
}

void decode_flat(Ctx& c, Insn& in, const OpInfo* info, Family fam) {
  namespace F = fields;
  const uint32_t* w = c.w;
  const int W = c.wave;
  unsigned saddr = F::flat::saddr(w);
  in.th = uint8_t(F::flat::th(w));
  in.scope = uint8_t(F::flat::scope(w));
  in.imm = int32_t(F::flat::ioffset(w) << 8) >> 8;  // signed 24 bits
  bool sv = F::flat::sve(w);  // scratch: SVE (vaddr enabled)
  if (info->dst != OpType::None) in.dst = vgpr_operand(F::flat::vdst(w), info->dst, W);
  if (info->src0 != OpType::None) in.src[0] = vgpr_operand(F::flat::vsrc(w), info->src0, W);
  if (fam == Family::VSCRATCH) {
    if (saddr != 124) { in.saddr.kind = OperandKind::SGPR; in.saddr.reg = uint16_t(saddr); in.saddr.nregs = 1; }
    if (sv) in.vaddr = vgpr_operand(F::flat::vaddr(w), OpType::B32, W);
  } else if (info->src1 == OpType::B64) {  // vglobal.csv: src1 b64 = SGPR address only (global_*_addtid_b32)
    if (saddr != 124) { in.saddr.kind = OperandKind::SGPR; in.saddr.reg = uint16_t(sgpr_align(saddr, 2)); in.saddr.nregs = 2; }
  } else if (info->flags & F_NOADDR) {
    // no address operands
  } else {
    if (saddr != 124 && fam == Family::VGLOBAL) {
      in.saddr.kind = OperandKind::SGPR; in.saddr.reg = uint16_t(sgpr_align(saddr, 2)); in.saddr.nregs = 2;
      in.vaddr = vgpr_operand(F::flat::vaddr(w), OpType::B32, W);
    } else {
      in.vaddr = vgpr_operand(F::flat::vaddr(w), OpType::B64, W);
    }
  }
  if ((info->flags & F_ATOMIC) && !(in.th & 1)) in.dst = Operand{};  // no return value
}

void decode_vbuffer(Ctx& c, Insn& in, const OpInfo* info) {
  namespace F = fields;
  const uint32_t* w = c.w;
  const int W = c.wave;
  // Fields: isa/fields.csv VBUFFER (checked with llvm-mc -show-encoding).
  in.th = uint8_t(F::vbuffer::th(w));
  in.scope = uint8_t(F::vbuffer::scope(w));
  in.buf_format = uint8_t(F::vbuffer::format(w));
  in.offen = F::vbuffer::offen(w);
  in.idxen = F::vbuffer::idxen(w);
  in.tfe = F::vbuffer::tfe(w);
  if (F::vbuffer::ioffset(w) >> 23) c.err = "VBUFFER offset bit 23 is reserved";
  in.imm = int32_t(F::vbuffer::ioffset(w));
  in.soffset = src_operand(c, F::vbuffer::soffset(w), OpType::B32);
  // rsrc: the first SGPR of the buffer resource (its low 7 bits name it).
  in.saddr.kind = OperandKind::SGPR; in.saddr.reg = uint16_t(F::vbuffer::rsrc(w) & 0x7f); in.saddr.nregs = 4;
  if (in.idxen || in.offen)
    in.vaddr = vgpr_operand(F::vbuffer::vaddr(w), in.idxen && in.offen ? OpType::B64 : OpType::B32, W);
  // vdata: loaded data (dst), stored data (src0), or both (atomics: data in, old value out).
  if (info->dst != OpType::None) in.dst = vgpr_operand(F::vbuffer::vdata(w), info->dst, W);
  if (info->src0 != OpType::None) in.src[0] = vgpr_operand(F::vbuffer::vdata(w), info->src0, W);
  if (in.tfe && in.dst.kind == OperandKind::VGPR) ++in.dst.nregs;  // TFE: one more (status) register
  if ((info->flags & F_ATOMIC) && !(in.th & 1)) in.dst = Operand{};  // no return value
}

// The operands of one instruction of a known row (c.err set on a bad operand). Returns an error
// that fails the decode outright (no row info kept), or nullptr.
const char* decode_operands(Ctx& c, Insn& in, const OpInfo* info, Family fam, unsigned op) {
  switch (fam) {
    case Family::SOP1: decode_sop1(c, in, info); break;
    case Family::SOP2: decode_sop2(c, in, info); break;
    case Family::SOPC: decode_sopc(c, in, info); break;
    case Family::SOPK: decode_sopk(c, in, info); break;
    case Family::SOPP: decode_sopp(c, in, info); break;
    case Family::SMEM: decode_smem(c, in, info); break;
    case Family::VOP1: decode_vop1(c, in, info); break;
    case Family::VOP2: decode_vop2(c, in, info); break;
    case Family::VOPC: decode_vopc(c, in, info); break;
    case Family::VOP3: decode_vop3(c, in, info); break;
    case Family::VOP3P: decode_vop3p(c, in, info); break;
    case Family::VOPD: return decode_vopd(c, in, info, op);
    case Family::DS: decode_ds(c, in, info); break;
    case Family::VFLAT: case Family::VGLOBAL: case Family::VSCRATCH: decode_flat(c, in, info, fam); break;
    case Family::VBUFFER: decode_vbuffer(c, in, info); break;
    default: break;
  }
  return nullptr;
}

}  // namespace

DecodeResult decode(const uint8_t* bytes, size_t size, int wave) {
  DecodeResult r;
  Insn& in = r.insn;
  if (size < 4) {
    fail(r, "truncated: fewer than 4 bytes", size);
    return r;
  }
  Ctx c{bytes, size, 4, false, 0, nullptr, wave};
  c.w[0] = rd32(bytes);
  unsigned op = 0;
  const Family fam = identify(c.w, op);
  if (fam == Family::Invalid && decode_graphics(c, r)) return r;
  in.family = fam;
  in.raw[0] = c.w[0];
  if (fam == Family::Invalid) {
    fail(r, "unknown encoding family", 4);
    return r;
  }
  const OpInfo* info = table_lookup(fam, op);
  const size_t base = base_size(fam);
  if (!c.need(base)) { fail(r, c.err, size); return r; }
  in.raw[1] = c.w[1];
  in.raw[2] = c.w[2];
  if (!info) {
    fail(r, "unknown opcode", base);
    in.family = fam;
    return r;
  }
  // A VOP1/VOP2 row flagged noe64 has no VOP3 form (LLVM's disassembler decodes none).
  if (fam == Family::VOP3 && (info->flags & F_NO_E64)) {
    fail(r, "unknown opcode (no VOP3 form of this VOP1/VOP2 instruction)", base);
    in.family = fam;
    return r;
  }
  in.info = info;
  in.fn = info->fn;
  if (const char* hard = decode_operands(c, in, info, fam, op)) {
    fail(r, hard, c.len);
    return r;
  }
  // An operand outside the register class LLVM's disassembler requires (operand_classes.cc).
  if (!c.err) c.err = operand_class_error(in);
  if (c.err) {
    fail(r, c.err, c.len);
    in.info = info;
    in.family = fam;
    return r;
  }
  in.size = uint8_t(c.len + (c.has_lit ? 4 : 0));
  in.raw[1] = c.w[1];  // DPP / literal words read after the base size
  in.raw[2] = c.w[2];
  if (c.has_lit) in.raw[c.len / 4] = c.lit;
  r.ok = true;
  return r;
}

std::vector<const OpInfo*> all_opinfos() {
  size_t n = 0;
  const OpInfo* const* a = table_all(&n);
  return std::vector<const OpInfo*>(a, a + n);
}

const OpInfo* find_opinfo(Family f, unsigned opcode) { return table_lookup(f, opcode); }

std::vector<const OpInfo*> graphics_opinfos() {
  size_t n = 0;
  const OpInfo* const* a = graphics_all(&n);
  return std::vector<const OpInfo*>(a, a + n);
}

const OpInfo* find_opinfo(const std::string& m) {
  for (const OpInfo* i : all_opinfos())
    if (m == i->mnemonic) return i;
  return nullptr;
}

std::string describe_bytes(const uint8_t* bytes, size_t size) {
  std::string s;
  char buf[32];
  for (size_t i = 0; i + 4 <= size && i < 16; i += 4) {
    std::snprintf(buf, sizeof buf, "%s%08X", i ? " " : "", rd32(bytes + i));
    s += buf;
  }
  if (size < 4) s = "(truncated)";
  return s;
}

}  // namespace rdna4emu::core
