// WMMA / SWMMAC / transpose-load glue: operand checks, C inline constants, modifiers,
// then the wmma library (include/rdna4emu/wmma.h, harness/emu/wmma).
#include <cstring>

#include "semantics.h"
#include "rdna4emu/wmma.h"

namespace rdna4emu::core {

// The fault of check_vgpr, out of line (cold): the fast path stays small.
__attribute__((noinline, cold)) static bool vgpr_fault(Wave& w, const Insn& in, const Operand& o, const char* what) {
  w.fault_at(int(Fault::IllegalInstruction), in,
             std::string("WMMA operand ") + what +
                 (o.kind != OperandKind::VGPR ? " must be a VGPR range" : " exceeds v255"));
  return false;
}

static inline bool check_vgpr(Wave& w, const Insn& in, const Operand& o, int regs, const char* what) {
  if (o.kind == OperandKind::VGPR && o.reg + regs <= int(kVgprRows)) return true;
  return vgpr_fault(w, in, o, what);
}

__attribute__((noinline, cold)) static void wmma_mods_fault(Wave& w, const Insn& in, const char* kind,
                                                            const char* why) {
  w.fault_at(int(Fault::IllegalInstruction), in, std::string("invalid ") + kind + " modifiers: " + (why ? why : "?"));
}

// Register counts of every dense variant in wave32 [0] and wave64 [1], computed
// once per process (dense_shape is a library call: not on the per-WMMA path).
static const wmma::Shape& dense_shape_of(wmma::Dense v, unsigned W) {
  struct Table {
    wmma::Shape s[2][wmma::kDenseCount];
    Table() {
      for (int i = 0; i < wmma::kDenseCount; ++i) {
        s[0][i] = wmma::dense_shape(wmma::Dense(i), 32);
        s[1][i] = wmma::dense_shape(wmma::Dense(i), 64);
      }
    }
  };
  static const Table t;
  return t.s[W == 64][int(v)];
}

// The VOP3P modifier fields as the wmma library takes them.
static inline wmma::Mods wmma_mods(const Insn& in) {
  wmma::Mods m;
  m.neg_lo = in.neg;
  m.neg_hi = in.neg_hi;
  m.op_sel = in.opsel;
  m.op_sel_hi = in.opsel_hi;
  m.clamp = in.clamp;
  return m;
}

// True when a WMMA/SWMMAC advances the SHADER_CYCLES counter by more than 1 (salu.h
// count_matrix_cycles): only under a non-default salu_hwreg_shader_cycles or wave64_cycles.
static bool matrix_cycles_counted() {
  static const bool b = shader_cycles_model() != model::SaluHwregShaderCycles::InstructionCount ||
                        model::active<model::Wave64Cycles>() != model::Wave64Cycles::Same;
  return b;
}

void exec_wmma(Wave& w, const Insn& in) {
  wmma::Dense v;
  if (!wmma::dense_from_opcode(in.info->opcode, &v)) {
    w.fault_at(int(Fault::IllegalInstruction), in, "not a dense WMMA opcode");
    return;
  }
  const wmma::Shape& sh = dense_shape_of(v, w.W);
  if (!check_vgpr(w, in, in.src[0], sh.a_regs, "A") || !check_vgpr(w, in, in.src[1], sh.b_regs, "B") ||
      !check_vgpr(w, in, in.dst, sh.d_regs, "D"))
    return;
  const uint32_t* c;
  if (in.src[2].kind == OperandKind::VGPR) {
    if (!check_vgpr(w, in, in.src[2], sh.c_regs, "C")) return;
    c = w.vreg(in.src[2].reg);
  } else {
    // Inline constant / literal C: the same value in every element.
    uint32_t k = sread(w, in.src[2]);
    if (v == wmma::Dense::F16_16x16x16_F16 || v == wmma::Dense::BF16_16x16x16_BF16)
      k = (k & 0xffff) | (k << 16);
    uint32_t* t = w.tmp;  // 8 rows of W lanes (device.cc sizes it), enough for 8 C registers
    for (int r = 0; r < sh.c_regs; ++r)
      for (unsigned l = 0; l < w.W; ++l) t[size_t(r) * w.W + l] = k;
    c = t;
  }
  const wmma::Mods m = wmma_mods(in);
  const char* why = nullptr;
  if (!wmma::dense(v, m, int(w.W), w.vreg(in.src[0].reg), w.vreg(in.src[1].reg), c, w.vreg(in.dst.reg), w.W, &why))
    wmma_mods_fault(w, in, "WMMA", why);
  else if (matrix_cycles_counted())
    count_matrix_cycles(w, wmma::dense_cycles(v, int(w.W)), wmma::dense_cycles(v, 32));
}

void exec_swmmac(Wave& w, const Insn& in) {
  wmma::Sparse v;
  if (!wmma::sparse_from_opcode(in.info->opcode, &v)) {
    w.fault_at(int(Fault::IllegalInstruction), in, "not an SWMMAC opcode");
    return;
  }
  wmma::Shape sh = wmma::sparse_shape(v, int(w.W));
  if (!check_vgpr(w, in, in.src[0], sh.a_regs, "A") || !check_vgpr(w, in, in.src[1], sh.b_regs, "B") ||
      !check_vgpr(w, in, in.dst, sh.d_regs, "D") || !check_vgpr(w, in, in.src[2], sh.index_regs, "index"))
    return;
  const wmma::Mods m = wmma_mods(in);
  const char* why = nullptr;
  if (!wmma::sparse(v, m, int(w.W), w.vreg(in.src[0].reg), w.vreg(in.src[1].reg), w.vreg(in.src[2].reg),
                    w.vreg(in.dst.reg), w.W, &why))
    wmma_mods_fault(w, in, "SWMMAC", why);
  else if (matrix_cycles_counted())
    count_matrix_cycles(w, wmma::sparse_cycles(v, int(w.W)), wmma::sparse_cycles(v, 32));
}

void exec_transpose_load(Wave& w, const Insn& in, bool b128) {
  const wmma::TrLoad kind = b128 ? wmma::TrLoad::B128 : wmma::TrLoad::B64;
  // Each lane fetches the destination size: 16/8 bytes in wave32, 8/4 in wave64.
  const unsigned n = unsigned(wmma::transpose_bytes_per_lane(kind, int(w.W)));
  uint8_t data[64 * 16];
  std::memset(data, 0, sizeof data);
  uint64_t e = w.exec();
  // Candidate fetch_inactive (RDNA4_EMU_MODEL=tr_partial_exec=fetch_inactive): lanes outside
  // EXEC fetch from their addresses too (transpose_load then reads every lane's data).
  static const bool fetch_all = model::active<model::TrPartialExec>() == model::TrPartialExec::FetchInactive;
  for (unsigned l = 0; l < w.W; ++l) {
    if (!fetch_all && !((e >> l) & 1)) continue;
    uint8_t* p = global_ptr(w, in, vmem_addr(w, in, l), n, l, false);
    if (!p) return;
    std::memcpy(data + size_t(l) * n, p, n);
  }
  wmma::transpose_load(kind, int(w.W), data, e, w.vreg(in.dst.reg), w.W);
}

}  // namespace rdna4emu::core
