// The decoder's textual view of an instruction (close to llvm-objdump syntax).
#include <cinttypes>
#include <cstdio>
#include <cstring>

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
        return f[o.code - 240];
      }
      if (o.code == 235) return "src_shared_base";
      if (o.code == 236) return "src_shared_limit";
      if (o.code == 237) return "src_private_base";
      if (o.code == 238) return "src_private_limit";
      std::snprintf(b, sizeof b, "0x%" PRIx64, o.literal && o.value >> 32 && !(o.value & 0xffffffff) ? o.value >> 32 : (o.value & 0xffffffffull));
      return b;
  }
  return "?";
}

std::string with_mods(const Insn& in, int i) {
  std::string s = operand(in.src[i]);
  if ((in.abs >> i) & 1) s = "|" + s + "|";
  if ((in.neg >> i) & 1 && in.family != Family::VOP3P) s = "-" + s;
  return s;
}

void join(std::string& out, const std::string& s) {
  if (s.empty()) return;
  out += out.back() == ' ' ? "" : ", ";
  out += s;
}

}  // namespace

std::string format_insn(const Insn& in, int wave) {
  (void)wave;
  if (!in.info) return std::string("<illegal: ") + (in.error ? in.error : "?") + ">";
  const OpInfo& I = *in.info;
  std::string m = I.mnemonic;
  std::string out;
  char b[64];
  switch (in.family) {
    case Family::VOP1: case Family::VOP2: case Family::VOPC:
      out = m + "_e32 ";
      break;
    case Family::VOP3:
      out = m + ((I.family == Family::VOP1 || I.family == Family::VOP2 || I.family == Family::VOPC) ? "_e64 " : " ");
      break;
    default:
      out = m + " ";
  }
  switch (in.family) {
    case Family::SOPP:
      if (I.flags & F_BRANCH) { std::snprintf(b, sizeof b, "%d", int(in.imm)); out += b; }
      else if (m != "s_endpgm" && m != "s_code_end" && m != "s_barrier_wait") {
        std::snprintf(b, sizeof b, "0x%x", unsigned(uint16_t(in.imm))); out += b;
      } else if (m == "s_barrier_wait") { std::snprintf(b, sizeof b, "0x%x", unsigned(uint16_t(in.imm))); out += b; }
      break;
    case Family::SOPK:
      join(out, operand(in.dst));
      std::snprintf(b, sizeof b, "0x%x", unsigned(uint16_t(in.imm)));
      join(out, b);
      break;
    case Family::SMEM:
      join(out, operand(in.dst));
      join(out, operand(in.saddr));
      std::snprintf(b, sizeof b, "0x%x", unsigned(in.imm) & 0xffffff);
      join(out, b);
      if (in.src[0].kind != OperandKind::None) join(out, operand(in.src[0]));
      break;
    case Family::DS:
      join(out, operand(in.dst));
      join(out, operand(in.vaddr));
      join(out, operand(in.src[0]));
      join(out, operand(in.src[1]));
      if (m.find("2addr") != std::string::npos) {
        if (in.imm) { std::snprintf(b, sizeof b, " offset0:%d", in.imm); out += b; }
        if (in.offset1) { std::snprintf(b, sizeof b, " offset1:%u", in.offset1); out += b; }
      } else {
        unsigned off = unsigned(in.imm) | (unsigned(in.offset1) << 8);
        if (off) { std::snprintf(b, sizeof b, " offset:%u", off); out += b; }
      }
      break;
    case Family::VFLAT: case Family::VGLOBAL: case Family::VSCRATCH:
      join(out, operand(in.dst));
      if (in.vaddr.kind != OperandKind::None) join(out, operand(in.vaddr));
      else if (m != "global_inv" && m != "global_wb") join(out, "off");
      join(out, operand(in.src[0]));
      if (in.family != Family::VFLAT && m != "global_inv" && m != "global_wb")
        join(out, in.saddr.kind == OperandKind::SGPR ? operand(in.saddr) : "off");
      if (in.imm) { std::snprintf(b, sizeof b, " offset:%d", in.imm); out += b; }
      break;
    case Family::VOPD: {
      auto half = [&](const OpInfo* h, const Operand& d, const Operand* s) {
        std::string r = std::string(h->mnemonic) + " " + operand(d);
        for (int i = 0; i < 3; ++i) {
          if (s[i].kind == OperandKind::None) continue;
          if (i == 2 && std::strstr(h->mnemonic, "fmac")) continue;
          r += ", " + operand(s[i]);
        }
        return r;
      };
      out = half(&I, in.dst, in.src) + " :: " + half(in.yinfo, in.ydst, in.ysrc);
      break;
    }
    default: {
      join(out, operand(in.dst));
      if (in.sdst.kind != OperandKind::None) join(out, operand(in.sdst));
      int n = 3;
      for (int i = 0; i < n; ++i) {
        if (in.src[i].kind == OperandKind::None) continue;
        bool implicit_dst = in.src[i].kind == in.dst.kind && in.src[i].reg == in.dst.reg && i == 2 &&
                            (m.find("fmac") != std::string::npos || m == "v_writelane_b32");
        if (implicit_dst) continue;
        join(out, with_mods(in, i));
      }
      if (in.family == Family::VOP3P) {
        auto bits = [&](const char* name, unsigned v) {
          if (!v) return;
          std::snprintf(b, sizeof b, " %s:[%u,%u,%u]", name, v & 1, (v >> 1) & 1, (v >> 2) & 1);
          out += b;
        };
        bits("op_sel", in.opsel);
        bits("neg_lo", in.neg);
        bits("neg_hi", in.neg_hi);
      }
      if (in.clamp) out += " clamp";
      if (in.omod) out += in.omod == 1 ? " mul:2" : in.omod == 2 ? " mul:4" : " div:2";
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

}  // namespace rdna4emu::core
