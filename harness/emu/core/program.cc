#include "rdna4emu/core/program.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "rdna4emu/core/decoder.h"
#include "rdna4emu/core/wave.h"
#include "rdna4emu/device.h"

namespace rdna4emu::core {

void exec_illegal(Wave& w, const Insn& in);
void exec_unimplemented(Wave& w, const Insn& in);
void exec_fell_off(Wave& w, const Insn& in);
void exec_bad_target(Wave& w, const Insn& in);
void exec_vopd(Wave& w, const Insn& in);
void exec_dpp(Wave& w, const Insn& in);  // dpp.cc

int kernel_wave_size(const KernelInfo& k) { return (k.kd.kernel_code_properties & (1u << 10)) ? 32 : 64; }

// Decode [from, to) of the image as one function; offsets are relative to the
// kernel entry (two's complement for functions placed before it).
static void decode_region(Program& p, const CodeObject& co, const KernelInfo& k, uint64_t from, uint64_t to,
                          bool known_size) {
  const auto& img = co.image();
  const int W = p.wave_size;
  uint64_t off = from;
  while (off + 4 <= to) {
    if (p.pc_to_index.count(uint32_t(off - k.code_vaddr))) break;  // already decoded (overlapping symbols)
    DecodeResult r = decode(img.data() + off, to - off, W);
    Insn in = r.insn;
    in.pc = uint32_t(off - k.code_vaddr);
    size_t n = in.size >= 4 ? in.size : 4;
    std::memset(in.raw, 0, sizeof in.raw);
    for (size_t i = 0; i < 4 && i * 4 + 4 <= n; ++i) std::memcpy(&in.raw[i], img.data() + off + i * 4, 4);
    if (!r.ok) {
      in.fn = &exec_illegal;
      in.size = 4;  // resynchronise on the next word
      n = 4;
    } else if (in.family == Family::VOPD) {
      in.fn = &exec_vopd;
    } else if (!in.fn) {
      in.fn = &exec_unimplemented;
    }
    if (r.ok && in.dpp && in.fn != &exec_unimplemented) {  // DPP: move src0 across lanes first
      in.dpp_inner = in.fn;
      in.fn = &exec_dpp;
    }
    in.index = uint32_t(p.insns.size());
    p.pc_to_index[in.pc] = in.index;
    p.insns.push_back(in);
    off += n;
    if (!known_size && r.ok && in.info && (in.info->flags & F_CODE_END)) break;
  }
  if (from == k.code_vaddr) p.code_bytes = off - from;
  Insn sentinel;
  sentinel.fn = &exec_fell_off;
  sentinel.pc = uint32_t(off - k.code_vaddr);
  sentinel.error = "execution ran past the end of the function's code";
  sentinel.index = uint32_t(p.insns.size());
  p.insns.push_back(sentinel);
}

std::shared_ptr<const Program> predecode(const CodeObject& co, const KernelInfo& k) {
  auto p = std::make_shared<Program>();
  p->kernel = k.name;
  p->wave_size = kernel_wave_size(k);
  const auto& img = co.image();
  if (k.code_vaddr >= img.size())
    throw std::runtime_error("kernel " + k.name + ": entry point 0x" + std::to_string(k.code_vaddr) +
                             " lies outside the loaded image");
  uint64_t end = k.code_size ? std::min<uint64_t>(k.code_vaddr + k.code_size, img.size()) : img.size();
  decode_region(*p, co, k, k.code_vaddr, end, k.code_size != 0);
  p->end_index = uint32_t(p->insns.size() - 1);
  Insn bad;
  bad.fn = &exec_bad_target;
  bad.error = "branch target is not the start of an instruction in this kernel";
  p->bad_target_index = uint32_t(p->insns.size());
  bad.index = p->bad_target_index;
  p->insns.push_back(bad);
  // Other functions of the code object (callees reached by s_swappc_b64 /
  // s_setpc_b64): each decoded up to the next function symbol or s_code_end.
  std::vector<uint64_t> starts;
  for (const auto& sym : co.symbols_)
    if (sym.second != k.code_vaddr && sym.second < img.size()) starts.push_back(sym.second);
  std::vector<uint64_t> all = starts;
  all.push_back(k.code_vaddr);
  std::sort(all.begin(), all.end());
  for (uint64_t st : starts) {
    auto it = std::upper_bound(all.begin(), all.end(), st);
    uint64_t to = it == all.end() ? img.size() : *it;
    decode_region(*p, co, k, st, std::min<uint64_t>(to, img.size()), false);
  }
  for (Insn& in : p->insns) {
    if (!in.info || !(in.info->flags & F_BRANCH)) continue;
    int64_t t = int64_t(in.pc) + 4 + int64_t(in.imm) * 4;
    auto it = t >= 0 ? p->pc_to_index.find(uint32_t(t)) : p->pc_to_index.end();
    in.target = it == p->pc_to_index.end() ? int32_t(p->bad_target_index) : int32_t(it->second);
  }
  // VOPD halves as standalone VOP2-like instructions; X writes the staging row.
  for (Insn& in : p->insns) {
    if (in.family != Family::VOPD || !in.info || !in.yinfo) continue;
    Insn x, y;
    x.family = y.family = Family::VOP2;
    x.info = in.info;
    y.info = in.yinfo;
    x.fn = in.info->fn ? in.info->fn : &exec_unimplemented;
    y.fn = in.yinfo->fn ? in.yinfo->fn : &exec_unimplemented;
    x.dst = in.dst;
    x.dst.reg = kVopdRow;
    for (int i = 0; i < 3; ++i) { x.src[i] = in.src[i]; y.src[i] = in.ysrc[i]; }
    y.dst = in.ydst;
    x.pc = y.pc = in.pc;
    x.index = y.index = in.index;
    p->halves.push_back(x);
    in.half[0] = &p->halves.back();
    p->halves.push_back(y);
    in.half[1] = &p->halves.back();
  }
  uint32_t rows = 0;
  auto see = [&](const Operand& o) {
    if (o.kind == OperandKind::VGPR) rows = std::max<uint32_t>(rows, uint32_t(o.reg) + std::max<uint32_t>(o.nregs, 1));
  };
  for (const Insn& in : p->insns) {
    for (const Operand* o : {&in.dst, &in.sdst, &in.vaddr, &in.saddr, &in.soffset, &in.ydst}) see(*o);
    for (const Operand& o : in.src) see(o);
    for (const Operand& o : in.ysrc) see(o);
  }
  p->vgpr_rows = rows;
  return p;
}

}  // namespace rdna4emu::core
