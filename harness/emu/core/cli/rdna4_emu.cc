// rdna4-emu: debugging CLI for the gfx12 emulator.
//
//   rdna4-emu info   FILE [--arch gfx1201]
//   rdna4-emu info   --isa
//   rdna4-emu disasm FILE KERNEL [--arch gfx1201]
//   rdna4-emu run    FILE KERNEL --grid X[,Y[,Z]] --block X[,Y[,Z]] [--arg SPEC]...
//                    [--dynamic-lds N] [--trace] [--budget N] [--threads N] [--hazards strict|off]
//                    [--stats] [--arch A]
//   rdna4-emu batch  FILE [--hazards strict|off] [--budget N] [--arch A]
//       reads launches from stdin, one per line: KERNEL --grid .. --block .. --arg SPEC...
//       (the options of `run`); after each prints "@@ exit N" (and "@@ fault ..." on stdout).
//
// Argument SPECs, one per explicit kernel argument, in order:
//   i8:V i16:V i32:V i64:V u8:V u16:V u32:V u64:V f32:V f64:V
//   ptr:BYTES[:INIT][:out=PATH][:print=f32|i32|u32|hex]
//       INIT = zero (default) | fill=BYTE | file=PATH | bytes=HEX | iota-i32 | iota-f32 | rand=SEED
//   hex:BYTES_IN_HEX   (raw bytes for struct arguments, e.g. hex:0100000002000000)
// Exit status: 0 success, 1 kernel fault, 2 usage or input error.
#include <cctype>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "rdna4emu/codeobject.h"
#include "rdna4emu/core/decoder.h"
#include "rdna4emu/core/program.h"
#include "rdna4emu/device.h"
#include "rdna4emu/model.h"

using namespace rdna4emu;

namespace rdna4emu::core {
const char* const* limits_all(size_t* n);  // generated tables.cc, from isa/limits.csv
}  // namespace rdna4emu::core

namespace {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void usage() {
  std::fputs(
      "usage:\n"
      "  rdna4-emu models   (the UNVERIFIED models, one per line: harness/emu/models/*.toml)\n"
      "  rdna4-emu models --facts model-facts.json   (VERIFIED/CONTRADICTED per probed model)\n"
      "                   (`assumptions` is the command's former name and still accepted)\n"
      "  rdna4-emu info   FILE [--arch gfx1201]\n"
      "  rdna4-emu info   --isa   (decode-table rows per family: emulated, out of scope, graphics-only)\n"
      "  rdna4-emu disasm FILE KERNEL [--arch gfx1201]\n"
      "  rdna4-emu run    FILE KERNEL --grid X[,Y[,Z]] --block X[,Y[,Z]] [--arg SPEC]...\n"
      "                   [--dynamic-lds N] [--trace] [--budget N] [--threads N] [--stats]\n"
      "                   [--hazards strict|off]   (default strict: missing s_wait_* / v_nop faults)\n"
      "  rdna4-emu batch  FILE [--hazards strict|off] [--budget N]   (launches from stdin, one per line:\n"
      "                   KERNEL --grid .. --block .. --arg SPEC...; prints \"@@ exit N\" after each)\n"
      "arg SPEC: i8|i16|i32|i64|u8|u16|u32|u64|f32|f64:VALUE, hex:BYTES,\n"
      "          ptr:BYTES[:zero|fill=B|file=PATH|bytes=HEX|iota-i32|iota-f32|rand=SEED][:out=PATH][:print=f32|i32|u32|hex]\n",
      stderr);
}

std::vector<uint8_t> read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw UsageError("cannot open '" + path + "'");
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(f), {});
}

uint64_t parse_u64(const std::string& s, const char* what) {
  char* end = nullptr;
  errno = 0;
  unsigned long long v = std::strtoull(s.c_str(), &end, 0);
  if (s.empty() || *end || errno || s[0] == '-') throw UsageError(std::string("bad ") + what + ": '" + s + "'");
  return v;
}

int64_t parse_i64(const std::string& s, const char* what) {
  char* end = nullptr;
  errno = 0;
  long long v = std::strtoll(s.c_str(), &end, 0);
  if (s.empty() || *end || errno) throw UsageError(std::string("bad ") + what + ": '" + s + "'");
  return v;
}

Dim3 parse_dim(const std::string& s, const char* what) {
  Dim3 d;
  uint32_t* f[3] = {&d.x, &d.y, &d.z};
  std::stringstream ss(s);
  std::string part;
  int i = 0;
  while (std::getline(ss, part, ',')) {
    if (i == 3) throw UsageError(std::string("too many components in ") + what + " '" + s + "'");
    uint64_t v = parse_u64(part, what);
    if (v == 0 || v > 0xffffffffu) throw UsageError(std::string(what) + " components must be 1..2^32-1: '" + s + "'");
    *f[i++] = uint32_t(v);
  }
  if (i == 0) throw UsageError(std::string("empty ") + what);
  return d;
}

std::vector<std::string> split(const std::string& s, char c) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string p;
  while (std::getline(ss, p, c)) out.push_back(p);
  return out;
}

// Without --arch, a plain ELF is taken for whatever gfx12 target it names;
// bundles need an entry for gfx1201 (or --arch).
bool g_arch_given = false;

// `assumptions --facts FILE`: the "matches" object of a model-facts.json
// (harness/conformance/probe.py) read with a small scanner: {"id": "candidate" | null, ...}.
struct Facts {
  std::string device;
  std::vector<std::pair<std::string, std::string>> matches;  // "" = none of the candidates
};
Facts read_facts(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw UsageError("--facts: cannot read '" + path + "'");
  const std::string t((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  auto bad = [&](const char* why) { return UsageError("--facts " + path + ": not a model-facts file (" + why + ")"); };
  size_t i = 0;
  auto ws = [&] { while (i < t.size() && std::isspace(static_cast<unsigned char>(t[i]))) ++i; };
  auto str = [&]() -> std::string {
    ws();
    if (i >= t.size() || t[i] != '"') throw bad("string expected");
    std::string v;
    for (++i; i < t.size() && t[i] != '"'; ++i) {
      if (t[i] == '\\') throw bad("escapes are not expected in ids");
      v += t[i];
    }
    if (i >= t.size()) throw bad("unterminated string");
    ++i;
    return v;
  };
  Facts out;
  if (t.find("\"rdna4-model-facts/1\"") == std::string::npos) throw bad("no schema rdna4-model-facts/1");
  const size_t d = t.find("\"device\":");
  if (d != std::string::npos) { i = d + 9; out.device = str(); }
  const size_t m = t.find("\"matches\":");
  if (m == std::string::npos) throw bad("no \"matches\" object");
  i = m + 10;
  ws();
  if (i >= t.size() || t[i] != '{') throw bad("\"matches\" is not an object");
  ++i;
  ws();
  if (i < t.size() && t[i] == '}') return out;
  for (;;) {
    std::string id = str();
    ws();
    if (i >= t.size() || t[i] != ':') throw bad("':' expected");
    ++i;
    ws();
    std::string v;
    if (t.compare(i, 4, "null") == 0) i += 4;
    else v = str();
    out.matches.push_back({id, v});
    ws();
    if (i < t.size() && t[i] == ',') { ++i; continue; }
    if (i < t.size() && t[i] == '}') return out;
    throw bad("',' or '}' expected");
  }
}

int cmd_models_facts(const std::string& path) {
  const Facts facts = read_facts(path);
  const std::string dev = facts.device.empty() ? "?" : facts.device;
  int contradicted = 0;
  const auto& models = rdna4emu::model::all();
  for (size_t i = 0; i < models.size(); ++i) {
    const rdna4emu::model::Model& c = models[i];
    const std::string& model =
        c.candidates[static_cast<size_t>(rdna4emu::model::active_index(static_cast<rdna4emu::model::Id>(i)))].name;
    const std::pair<std::string, std::string>* f = nullptr;
    for (const auto& m : facts.matches)
      if (m.first == c.id) f = &m;
    if (c.probe.empty()) {
      std::printf("%s: NOT PROBEABLE (model '%s'; no result depends on it)\n", c.id.c_str(), model.c_str());
    } else if (!f) {
      std::printf("%s: NOT PROBED (model '%s'; not in %s)\n", c.id.c_str(), model.c_str(), path.c_str());
    } else if (f->second.empty()) {
      ++contradicted;
      std::printf("%s: CONTRADICTED (device=%s matches none of the candidates; model '%s')\n", c.id.c_str(),
                  dev.c_str(), model.c_str());
    } else if (f->second == model) {
      std::printf("%s: VERIFIED (device=%s matches '%s')\n", c.id.c_str(), dev.c_str(), model.c_str());
    } else {
      ++contradicted;
      std::printf("%s: CONTRADICTED (device=%s matches '%s'; model '%s')\n", c.id.c_str(), dev.c_str(),
                  f->second.c_str(), model.c_str());
    }
  }
  if (dev == "emu") std::printf("note: device=emu: these facts describe the emulator's model, not hardware\n");
  return contradicted ? 1 : 0;
}
std::shared_ptr<CodeObject> load(const std::string& path, const std::string& arch) {
  auto bytes = read_file(path);
  if (!g_arch_given && !is_offload_bundle(bytes.data(), bytes.size()))
    return CodeObject::load_elf(bytes.data(), bytes.size());
  return CodeObject::load_any(bytes.data(), bytes.size(), arch);
}

const KernelInfo& find_kernel(const CodeObject& co, const std::string& name) {
  const KernelInfo* k = co.find_kernel(name);
  if (!k) {
    std::string names;
    for (auto& kk : co.kernels()) names += " " + kk.name;
    throw UsageError("no kernel '" + name + "' in the code object (kernels:" + names + ")");
  }
  return *k;
}

bool is_hidden(const KernelArg& a) { return a.value_kind.rfind("hidden_", 0) == 0; }

// `info --isa`: what the decode tables hold, per encoding family: rows, rows with semantics
// (emulated), rows without (flagged oos in isa/*.csv), then the graphics-only encodings of
// isa/graphics.csv, which decode and fault when executed.
int cmd_info_isa() {
  using core::Family;
  const Family fams[] = {Family::SOP1, Family::SOP2, Family::SOPK, Family::SOPC, Family::SOPP, Family::SMEM,
                         Family::VOP1, Family::VOP2, Family::VOPC, Family::VOP3, Family::VOP3P, Family::VOPD,
                         Family::DS, Family::VFLAT, Family::VGLOBAL, Family::VSCRATCH, Family::VBUFFER};
  std::printf("gfx12 decode tables (harness/emu/isa/*.csv), per encoding family:\n");
  std::printf("%-10s %6s %9s %14s\n", "family", "rows", "emulated", "out-of-scope");
  unsigned tr = 0, te = 0, to = 0;
  std::vector<const core::OpInfo*> rows = core::all_opinfos();
  for (Family f : fams) {
    unsigned r = 0, e = 0;
    for (const core::OpInfo* i : rows)
      if (i->family == f) { ++r; e += i->fn != nullptr; }
    std::printf("%-10s %6u %9u %14u\n", core::family_name(f), r, e, r - e);
    tr += r; te += e; to += r - e;
  }
  std::printf("%-10s %6u %9u %14u\n", "total", tr, te, to);
  std::printf("(VOP1, VOP2 and VOPC rows also decode in their VOP3 form; VOPD rows are the halves of a pair.)\n");
  std::printf("out-of-scope rows of the tables (flag oos; decode, fault as not implemented):\n");
  for (const core::OpInfo* i : rows)
    if (!i->fn) std::printf("  %-8s 0x%03x %s\n", core::family_name(i->family), unsigned(i->opcode), i->mnemonic);
  std::vector<const core::OpInfo*> g = core::graphics_opinfos();
  std::printf("\ngraphics-only encodings (harness/emu/isa/graphics.csv): %zu opcodes; they decode and a wave that\n"
              "executes one faults: \"graphics instruction <mnemonic> is not emulated\"\n", g.size());
  const Family gf[] = {Family::VIMAGE, Family::VSAMPLE, Family::VEXPORT, Family::VINTERP, Family::VDSDIR};
  for (Family f : gf) {
    unsigned n = 0;
    for (const core::OpInfo* i : g) n += i->family == f;
    std::printf("%-10s %6u\n", core::family_name(f), n);
  }
  for (const core::OpInfo* i : g)
    std::printf("  %-8s 0x%02x %-30s %s\n", core::family_name(i->family), unsigned(i->opcode), i->mnemonic,
                i->semantics ? i->semantics : "");
  size_t nl = 0;
  const char* const* lim = core::limits_all(&nl);
  std::printf("\ninstructions run in part (harness/emu/isa/limits.csv): %zu; the forms named fault with\n"
              "\"<mnemonic>: ... is not emulated\", every other form runs\n", nl);
  for (size_t k = 0; k < nl; ++k)
    std::printf("  %-26s %s: %s\n", lim[3 * k], lim[3 * k + 1], lim[3 * k + 2]);
  return 0;
}

int cmd_info(const CodeObject& co) {
  std::printf("arch %s, e_flags 0x%x, %zu kernel(s)\n", co.arch().c_str(), co.e_flags(), co.kernels().size());
  for (const KernelInfo& k : co.kernels()) {
    const KernelDescriptor& d = k.kd;
    std::printf("\nkernel %s (symbol %s)\n", k.name.c_str(), k.symbol.c_str());
    std::printf("  code at 0x%" PRIx64 ", %" PRIu64 " bytes; descriptor at 0x%" PRIx64 "\n", k.code_vaddr, k.code_size,
                k.kd_vaddr);
    std::printf("  wave%d, %u VGPRs, %u SGPRs, spills v%u s%u, max workgroup %u\n", core::kernel_wave_size(k),
                k.vgpr_count, k.sgpr_count, k.vgpr_spill_count, k.sgpr_spill_count, k.max_flat_workgroup_size);
    std::printf("  LDS %u bytes, private %u bytes/lane%s, kernarg %u bytes\n", d.group_segment_fixed_size,
                d.private_segment_fixed_size, k.uses_dynamic_stack ? " (+dynamic stack)" : "", k.kernarg_segment_size);
    std::printf("  rsrc1 0x%08x rsrc2 0x%08x rsrc3 0x%08x properties 0x%04x\n", d.compute_pgm_rsrc1, d.compute_pgm_rsrc2,
                d.compute_pgm_rsrc3, d.kernel_code_properties);
    std::printf("  float denorm mode f32 %u f16/f64 %u; user SGPRs %u; work-item id VGPRs %u\n",
                (d.compute_pgm_rsrc1 >> 16) & 3, (d.compute_pgm_rsrc1 >> 18) & 3, (d.compute_pgm_rsrc2 >> 1) & 31,
                (d.compute_pgm_rsrc2 >> 11) & 3);
    for (const KernelArg& a : k.args)
      std::printf("  arg @%-3u size %-3u %-28s %s%s%s\n", a.offset, a.size, a.value_kind.c_str(), a.name.c_str(),
                  a.type_name.empty() ? "" : " : ", a.type_name.c_str());
  }
  return 0;
}

int cmd_disasm(const CodeObject& co, const KernelInfo& k) {
  auto prog = core::predecode(co, k);
  std::printf("kernel %s: %u instructions, %" PRIu64 " bytes, wave%d\n", k.name.c_str(), prog->end_index,
              prog->code_bytes, prog->wave_size);
  for (size_t i = 0; i < prog->insns.size(); ++i) {
    const core::Insn& in = prog->insns[i];
    if (in.size == 0) {  // sentinel after a function's code; callees (if any) follow
      if (i + 1 < prog->insns.size() && i > prog->bad_target_index)
        std::printf("  -- end of function\n");
      else if (i == prog->end_index && prog->insns.size() > size_t(prog->bad_target_index) + 1)
        std::printf("  -- end of kernel; called functions follow (offsets relative to the kernel entry)\n");
      continue;
    }
    std::string text = core::format_insn(in, prog->wave_size);
    if (in.info && (in.info->flags & core::F_BRANCH) && in.target >= 0)
      text += "  // -> 0x" + [&] { char b[16]; std::snprintf(b, sizeof b, "%x", prog->insns[in.target].pc); return std::string(b); }();
    char pcbuf[24];
    if (int32_t(in.pc) < 0) std::snprintf(pcbuf, sizeof pcbuf, "-%05x", unsigned(-int32_t(in.pc)));
    else std::snprintf(pcbuf, sizeof pcbuf, "%06x", in.pc);
    std::printf("  %s: %-70s // %s\n", pcbuf, text.c_str(),
                core::describe_bytes(reinterpret_cast<const uint8_t*>(in.raw), in.size).c_str());
  }
  return 0;
}

// Where run prints its statistics and fault line: stderr, or stdout in batch mode
// (so that each fault follows the launch it belongs to).
FILE* g_diag = stderr;

struct BufArg {
  uint64_t addr = 0, size = 0;
  std::string out, print;
  std::string spec;
};

int cmd_run(const CodeObject& co, const KernelInfo& k, const std::vector<std::string>& arg_specs, const LaunchConfig& cfg,
            const LaunchOptions& opts, bool stats) {
  Device dev(co.arch());
  std::vector<const KernelArg*> explicit_args;
  for (const KernelArg& a : k.args)
    if (!is_hidden(a)) explicit_args.push_back(&a);
  if (arg_specs.size() != explicit_args.size())
    throw UsageError("kernel " + k.name + " takes " + std::to_string(explicit_args.size()) + " explicit argument(s), " +
                     std::to_string(arg_specs.size()) + " --arg given");
  std::vector<uint8_t> kernarg(std::max<uint32_t>(k.kernarg_segment_size, 1), 0);
  std::vector<BufArg> bufs;
  for (size_t i = 0; i < arg_specs.size(); ++i) {
    const KernelArg& a = *explicit_args[i];
    const std::string& s = arg_specs[i];
    auto colon = s.find(':');
    if (colon == std::string::npos) throw UsageError("bad --arg '" + s + "' (expected TYPE:VALUE)");
    std::string ty = s.substr(0, colon), val = s.substr(colon + 1);
    std::vector<uint8_t> bytes;
    auto put = [&](const void* p, size_t n) { bytes.assign((const uint8_t*)p, (const uint8_t*)p + n); };
    if (ty == "ptr") {
      auto parts = split(val, ':');
      if (parts.empty()) throw UsageError("bad --arg '" + s + "'");
      BufArg b;
      b.spec = s;
      b.size = parse_u64(parts[0], "buffer size");
      b.addr = dev.alloc(b.size);
      if (!b.addr) throw UsageError("cannot allocate " + parts[0] + " bytes for '" + s + "'");
      std::vector<uint8_t> init(b.size, 0);
      for (size_t j = 1; j < parts.size(); ++j) {
        const std::string& p = parts[j];
        if (p == "zero") {
        } else if (p.rfind("fill=", 0) == 0) {
          uint64_t v = parse_u64(p.substr(5), "fill byte");
          if (v > 255) throw UsageError("fill byte out of range in '" + s + "'");
          std::fill(init.begin(), init.end(), uint8_t(v));
        } else if (p.rfind("file=", 0) == 0) {
          auto f = read_file(p.substr(5));
          if (f.size() > b.size) throw UsageError("file " + p.substr(5) + " is larger than the buffer in '" + s + "'");
          std::copy(f.begin(), f.end(), init.begin());
        } else if (p.rfind("bytes=", 0) == 0) {  // inline contents, two hex digits per byte
          std::string h = p.substr(6);
          if (h.size() % 2) throw UsageError("odd number of hex digits in '" + s + "'");
          if (h.size() / 2 > b.size) throw UsageError("bytes= is larger than the buffer in '" + s + "'");
          for (size_t j = 0; j < h.size(); j += 2) init[j / 2] = uint8_t(parse_u64("0x" + h.substr(j, 2), "hex byte"));
        } else if (p == "iota-i32" || p == "iota-f32") {
          for (uint64_t e = 0; e + 4 <= b.size; e += 4) {
            uint32_t v = uint32_t(e / 4);
            if (p == "iota-f32") { float f = float(e / 4); std::memcpy(&v, &f, 4); }
            std::memcpy(&init[e], &v, 4);
          }
        } else if (p.rfind("rand=", 0) == 0) {
          uint64_t x = parse_u64(p.substr(5), "seed") * 6364136223846793005ull + 1442695040888963407ull;
          for (auto& c : init) { x = x * 6364136223846793005ull + 1442695040888963407ull; c = uint8_t(x >> 56); }
        } else if (p.rfind("out=", 0) == 0) {
          b.out = p.substr(4);
        } else if (p.rfind("print=", 0) == 0) {
          b.print = p.substr(6);
          if (b.print != "f32" && b.print != "i32" && b.print != "u32" && b.print != "hex")
            throw UsageError("bad print format in '" + s + "'");
        } else {
          throw UsageError("unknown buffer option '" + p + "' in '" + s + "'");
        }
      }
      dev.write(b.addr, init.data(), init.size());
      put(&b.addr, 8);
      bufs.push_back(b);
    } else if (ty == "f32") {
      char* end; float f = std::strtof(val.c_str(), &end);
      if (val.empty() || *end) throw UsageError("bad f32 '" + val + "'");
      put(&f, 4);
    } else if (ty == "f64") {
      char* end; double d = std::strtod(val.c_str(), &end);
      if (val.empty() || *end) throw UsageError("bad f64 '" + val + "'");
      put(&d, 8);
    } else if (ty == "hex") {
      if (val.size() % 2) throw UsageError("odd number of hex digits in '" + s + "'");
      for (size_t j = 0; j < val.size(); j += 2) bytes.push_back(uint8_t(parse_u64("0x" + val.substr(j, 2), "hex byte")));
    } else {
      static const std::pair<const char*, int> ints[] = {{"i8", 1}, {"u8", 1}, {"i16", 2}, {"u16", 2},
                                                         {"i32", 4}, {"u32", 4}, {"i64", 8}, {"u64", 8}};
      int n = 0;
      for (auto& [name, sz] : ints) if (ty == name) n = sz;
      if (!n) throw UsageError("unknown argument type '" + ty + "' in '" + s + "'");
      int64_t v = ty[0] == 'u' ? int64_t(parse_u64(val, "integer")) : parse_i64(val, "integer");
      put(&v, size_t(n));
    }
    if (bytes.size() != a.size)
      throw UsageError("argument " + std::to_string(i) + " ('" + a.name + "', " + a.value_kind + ") is " +
                       std::to_string(a.size) + " bytes; '" + s + "' gives " + std::to_string(bytes.size()));
    if (a.offset + bytes.size() > kernarg.size()) throw UsageError("argument outside the kernarg segment");
    std::memcpy(&kernarg[a.offset], bytes.data(), bytes.size());
  }
  fill_hidden_args(k, cfg, kernarg);
  LaunchResult r = dev.launch(co, k, cfg, kernarg, opts);
  for (const BufArg& b : bufs) {
    std::vector<uint8_t> data(b.size);
    dev.read(b.addr, data.data(), b.size);
    if (!b.out.empty()) {
      std::ofstream f(b.out, std::ios::binary);
      f.write((const char*)data.data(), std::streamsize(data.size()));
      if (!f) throw UsageError("cannot write '" + b.out + "'");
    }
    if (!b.print.empty()) {
      std::printf("%s:", b.spec.c_str());
      if (b.print == "hex") {
        for (uint64_t i = 0; i < b.size; ++i) std::printf("%s%02x", i % 32 ? " " : "\n  ", data[i]);
      } else {
        for (uint64_t i = 0; i + 4 <= b.size; i += 4) {
          uint32_t u; std::memcpy(&u, &data[i], 4);
          float f; std::memcpy(&f, &u, 4);
          if (b.print == "f32") std::printf("%s%g", (i / 4) % 8 ? " " : "\n  ", double(f));
          else if (b.print == "i32") std::printf("%s%d", (i / 4) % 8 ? " " : "\n  ", int32_t(u));
          else std::printf("%s%u", (i / 4) % 8 ? " " : "\n  ", u);
        }
      }
      std::printf("\n");
    }
  }
  if (stats || !r.ok()) {
    const LaunchStats& s = r.stats;
    std::fprintf(g_diag, "%" PRIu64 " workgroups, %" PRIu64 " waves, %" PRIu64 " wave-instructions, %" PRIu64
                 " lane-operations, %" PRIu64 " modelled cycles, %.3f s (%.1f M wave-instructions/s)\n",
                 s.workgroups, s.waves, s.wave_instructions, s.lane_operations, s.modelled_cycles, s.seconds,
                 s.seconds > 0 ? double(s.wave_instructions) / s.seconds / 1e6 : 0.0);
    if (stats)
      for (auto& [m, n] : s.per_mnemonic) std::fprintf(g_diag, "  %-40s %" PRIu64 "\n", m.c_str(), n);
  }
  if (!r.ok()) {
    std::fprintf(g_diag, g_diag == stderr ? "rdna4-emu: fault %s: %s\n" : "@@ fault %s: %s\n", fault_name(r.fault),
                 r.diagnostic.c_str());
    return 1;
  }
  return 0;
}

// batch: many launches of one code object from one process (the golden-vector and
// differential tests launch thousands of one-instruction kernels). Each stdin line is
// `KERNEL [--grid ..] [--block ..] [--arg SPEC]... [--dynamic-lds N] [--stats]`; after
// it, stdout gets the buffers' print= output, any fault line ("@@ fault ...") and
// "@@ exit N" (0 ok, 1 fault, 2 bad line: "@@ error ..."). Always exits 0 after stdin ends.
int cmd_batch(const CodeObject& co, const LaunchOptions& base_opts) {
  g_diag = stdout;
  std::string line;
  while (std::getline(std::cin, line)) {
    std::stringstream ss(line);
    std::vector<std::string> w;
    for (std::string t; ss >> t;) w.push_back(t);
    if (w.empty()) continue;
    int rc = 2;
    try {
      LaunchConfig cfg;
      LaunchOptions opts = base_opts;
      std::vector<std::string> arg_specs;
      bool stats = false;
      for (size_t i = 1; i < w.size(); ++i) {
        auto next = [&]() -> std::string {
          if (i + 1 >= w.size()) throw UsageError("option " + w[i] + " needs a value");
          return w[++i];
        };
        if (w[i] == "--grid") cfg.grid = parse_dim(next(), "--grid");
        else if (w[i] == "--block") cfg.block = parse_dim(next(), "--block");
        else if (w[i] == "--arg") arg_specs.push_back(next());
        else if (w[i] == "--dynamic-lds") cfg.dynamic_lds_bytes = uint32_t(parse_u64(next(), "--dynamic-lds"));
        else if (w[i] == "--stats") stats = true;
        else throw UsageError("unknown batch option '" + w[i] + "'");
      }
      rc = cmd_run(co, find_kernel(co, w[0]), arg_specs, cfg, opts, stats);
    } catch (const std::exception& e) {
      std::printf("@@ error %s\n", e.what());
      rc = 2;
    }
    std::printf("@@ exit %d\n", rc);
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "-h" || args[0] == "--help") {
    usage();
    return args.empty() ? 2 : 0;
  }
  try {
    std::string cmd = args[0], arch = "gfx1201";
    std::vector<std::string> pos, arg_specs;
    LaunchConfig cfg;
    LaunchOptions opts;
    bool have_grid = false, have_block = false, stats = false, isa = false;
    std::string facts;
    for (size_t i = 1; i < args.size(); ++i) {
      const std::string& a = args[i];
      auto next = [&]() -> std::string {
        if (i + 1 >= args.size()) throw UsageError("option " + a + " needs a value");
        return args[++i];
      };
      if (a == "--arch") { arch = next(); g_arch_given = true; }
      else if (a == "--grid") { cfg.grid = parse_dim(next(), "--grid"); have_grid = true; }
      else if (a == "--block") { cfg.block = parse_dim(next(), "--block"); have_block = true; }
      else if (a == "--arg") arg_specs.push_back(next());
      else if (a == "--dynamic-lds") cfg.dynamic_lds_bytes = uint32_t(parse_u64(next(), "--dynamic-lds"));
      else if (a == "--trace") opts.trace = true;
      else if (a == "--stats") stats = true;
      else if (a == "--facts") facts = next();
      else if (a == "--isa") isa = true;
      else if (a == "--budget") opts.instruction_budget = parse_u64(next(), "--budget");
      else if (a == "--threads") opts.threads = unsigned(parse_u64(next(), "--threads"));
      else if (a == "--hazards") {  // wait-counter / hazard checking (core/HAZARDS.md)
        std::string m = next();
        if (m == "strict") opts.hazards = HazardMode::Strict;
        else if (m == "off") opts.hazards = HazardMode::Off;
        else throw UsageError("--hazards takes strict or off, not '" + m + "'");
      }
      else if (a.size() > 1 && a[0] == '-' && a != "-") throw UsageError("unknown option '" + a + "'");
      else pos.push_back(a);
    }
    if (cmd == "models" || cmd == "assumptions") {
      if (!pos.empty()) throw UsageError(cmd + " takes no arguments");
      if (!facts.empty()) return cmd_models_facts(facts);
      const auto& models = rdna4emu::model::all();
      for (size_t i = 0; i < models.size(); ++i) {
        const rdna4emu::model::Model& m = models[i];
        // The candidates (RDNA4_EMU_MODEL=id=candidate): the active one marked '*'.
        const size_t active = size_t(rdna4emu::model::active_index(static_cast<rdna4emu::model::Id>(i)));
        std::string cands;
        for (size_t k = 0; k < m.candidates.size(); ++k)
          cands += (k ? ", " : " {candidates: ") + m.candidates[k].name + (k == active ? "*" : "") +
                   (k + 1 == m.candidates.size() ? "}" : "");
        std::printf("%s: %s [%s]%s\n", m.id.c_str(), m.behaviour.c_str(), m.unverified.c_str(), cands.c_str());
      }
      return 0;
    }
    if (!facts.empty()) throw UsageError("--facts belongs to the models command");
    if (cmd == "info" && isa) {
      if (!pos.empty()) throw UsageError("info --isa takes no FILE");
      return cmd_info_isa();
    }
    if (isa) throw UsageError("--isa belongs to the info command");
    if (cmd == "info") {
      if (pos.size() != 1) throw UsageError("info takes one FILE");
      return cmd_info(*load(pos[0], arch));
    }
    if (cmd == "disasm") {
      if (pos.size() != 2) throw UsageError("disasm takes FILE KERNEL");
      auto co = load(pos[0], arch);
      return cmd_disasm(*co, find_kernel(*co, pos[1]));
    }
    if (cmd == "run") {
      if (pos.size() != 2) throw UsageError("run takes FILE KERNEL");
      if (!have_grid || !have_block) throw UsageError("run needs --grid and --block");
      auto co = load(pos[0], arch);
      return cmd_run(*co, find_kernel(*co, pos[1]), arg_specs, cfg, opts, stats);
    }
    if (cmd == "batch") {
      if (pos.size() != 1) throw UsageError("batch takes FILE (launches come from stdin)");
      return cmd_batch(*load(pos[0], arch), opts);
    }
    throw UsageError("unknown command '" + cmd + "'");
  } catch (const UsageError& e) {
    std::fprintf(stderr, "rdna4-emu: error: %s\n", e.what());
    usage();
    return 2;
  } catch (const LoadError& e) {
    std::fprintf(stderr, "rdna4-emu: error: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "rdna4-emu: error: %s\n", e.what());
    return 2;
  }
}
