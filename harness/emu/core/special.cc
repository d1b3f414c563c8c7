// Semantics that need the executor's machinery: faults, barriers, end of
// program, VOPD pairing, WMMA / SWMMAC / transpose loads (through wmma.h).
#include <cinttypes>
#include <cstdio>

#include "rdna4emu/core/decoder.h"
#include "rdna4emu/core/program.h"
#include "semantics.h"
#include "rdna4emu/wmma.h"

namespace rdna4emu::core {

void Wave::fault_at(int kind, const Insn& in, const std::string& msg) {
  if (stop == StopReason::Fault) return;
  stop = StopReason::Fault;
  fault_kind = kind;
  char head[160];
  std::snprintf(head, sizeof head, "kernel %s, pc 0x%x (byte offset from the kernel entry), wave %u of workgroup (%u,%u,%u): ",
                L && L->prog ? L->prog->kernel.c_str() : "?", in.pc, wave_id, wg ? wg->id[0] : 0,
                wg ? wg->id[1] : 0, wg ? wg->id[2] : 0);
  std::string dis = in.info ? format_insn(in, int(W)) : std::string("<undecodable>");
  fault_msg = std::string(head) + msg + "\n  instruction: " + dis + "\n  encoding: " +
              describe_bytes(reinterpret_cast<const uint8_t*>(in.raw), in.size ? in.size : 4);
  if (L) L->abort.store(true, std::memory_order_relaxed);
}

void exec_illegal(Wave& w, const Insn& in) {
  const uint8_t* b = reinterpret_cast<const uint8_t*>(in.raw);
  std::string guess = describe_bytes(b, 4);
  std::string what = std::string("illegal instruction (") + (in.error ? in.error : "undecodable") + "), family " +
                     family_name(in.family);
  if (in.info) what += std::string(", opcode of ") + in.info->mnemonic;
  w.fault_at(int(Fault::IllegalInstruction), in, what);
}

void exec_unimplemented(Wave& w, const Insn& in) {
  if (in.info && (in.info->flags & F_GRAPHICS)) {  // isa/graphics.csv: out of scope
    w.fault_at(int(Fault::IllegalInstruction), in,
               std::string("graphics instruction ") + in.info->mnemonic + " is not emulated (" +
                   family_name(in.family) + " encoding; see isa/graphics.csv)");
    return;
  }
  w.fault_at(int(Fault::IllegalInstruction), in,
             std::string("instruction decodes but its semantics are not implemented in the emulator: ") +
                 (in.info ? in.info->mnemonic : "?"));
}

void exec_fell_off(Wave& w, const Insn& in) {
  w.fault_at(int(Fault::IllegalInstruction), in, "execution ran past the end of the kernel's code (no s_endpgm)");
}

void exec_bad_target(Wave& w, const Insn& in) {
  w.fault_at(int(Fault::IllegalInstruction), in, "branch to an address that is not an instruction of this kernel");
}

void not_supported(Wave& w, const Insn& in, const char* what) {
  w.fault_at(int(Fault::IllegalInstruction), in, std::string("unsupported: ") + what);
}

void exec_vopd(Wave& w, const Insn& in) {
  const Insn& x = *in.half[0];
  const Insn& y = *in.half[1];
  uint32_t* t = w.vreg(kVopdRow);
  uint32_t* dx = w.vreg(in.dst.reg);
  std::memcpy(t, dx, sizeof(uint32_t) * w.W);
  x.fn(w, x);   // reads the old state, writes the staging row
  y.fn(w, y);   // reads the old state (X's result is still staged)
  std::memcpy(dx, t, sizeof(uint32_t) * w.W);
}

void jump_to(Wave& w, const Insn& in, uint64_t addr) {
  const Program& p = *w.L->prog;
  uint64_t off = addr - w.L->code_base;
  auto it = p.pc_to_index.find(uint32_t(off));
  if (int64_t(off) != int64_t(int32_t(uint32_t(off))) || it == p.pc_to_index.end()) {
    char b[128];
    std::snprintf(b, sizeof b, "jump to device address 0x%" PRIx64 ", which is not an instruction of this code object",
                  addr);
    w.fault_at(int(Fault::IllegalInstruction), in, b);
    return;
  }
  w.pc = it->second;
}

void barrier_signal(Wave& w, const Insn& in) {
  int32_t id = int32_t(sread(w, in.src[0]));
  if (id != -1) { not_supported(w, in, "s_barrier_signal with a named barrier (only -1, the workgroup barrier)"); return; }
  Workgroup& g = *w.wg;
  ++w.signals;
  if (++g.arrived >= g.live_waves) {
    g.arrived = 0;
    ++g.generation;
  }
}

void barrier_wait(Wave& w, const Insn& in) {
  (void)in;
  if (w.wg->generation < w.signals) {
    --w.pc;  // re-execute the wait when resumed
    --w.icount;
    if (w.counts) --w.counts[in.index];
    w.stop = StopReason::Barrier;
  }
}

void endpgm(Wave& w, const Insn& in) {
  (void)in;
  w.stop = StopReason::Ended;
}

void code_end(Wave& w, const Insn& in) {
  w.fault_at(int(Fault::IllegalInstruction), in, "executed s_code_end (padding after the kernel)");
}

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

void exec_wmma(Wave& w, const Insn& in) {
  wmma::Dense v;
  if (!wmma::dense_from_opcode(in.info->opcode, &v)) {
    w.fault_at(int(Fault::IllegalInstruction), in, "not a dense WMMA opcode");
    return;
  }
  wmma::Shape sh = wmma::dense_shape(v, int(w.W));
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
  wmma::Mods m;
  m.neg_lo = in.neg;
  m.neg_hi = in.neg_hi;
  m.op_sel = in.opsel;
  m.op_sel_hi = in.opsel_hi;
  m.clamp = in.clamp;
  const char* why = nullptr;
  if (!wmma::dense(v, m, int(w.W), w.vreg(in.src[0].reg), w.vreg(in.src[1].reg), c, w.vreg(in.dst.reg), w.W, &why))
    wmma_mods_fault(w, in, "WMMA", why);
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
  wmma::Mods m;
  m.neg_lo = in.neg;
  m.neg_hi = in.neg_hi;
  m.op_sel = in.opsel;
  m.op_sel_hi = in.opsel_hi;
  m.clamp = in.clamp;
  const char* why = nullptr;
  if (!wmma::sparse(v, m, int(w.W), w.vreg(in.src[0].reg), w.vreg(in.src[1].reg), w.vreg(in.src[2].reg),
                    w.vreg(in.dst.reg), w.W, &why))
    wmma_mods_fault(w, in, "SWMMAC", why);
}

void exec_transpose_load(Wave& w, const Insn& in, bool b128) {
  const wmma::TrLoad kind = b128 ? wmma::TrLoad::B128 : wmma::TrLoad::B64;
  // Each lane fetches the destination size: 16/8 bytes in wave32, 8/4 in wave64.
  const unsigned n = unsigned(wmma::transpose_bytes_per_lane(kind, int(w.W)));
  uint8_t data[64 * 16];
  std::memset(data, 0, sizeof data);
  uint64_t e = w.exec();
  for (unsigned l = 0; l < w.W; ++l) {
    if (!((e >> l) & 1)) continue;
    uint8_t* p = global_ptr(w, in, vmem_addr(w, in, l), n, l, false);
    if (!p) return;
    std::memcpy(data + size_t(l) * n, p, n);
  }
  wmma::transpose_load(kind, int(w.W), data, e, w.vreg(in.dst.reg), w.W);
}

}  // namespace rdna4emu::core
