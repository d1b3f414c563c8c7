// libFuzzer target over the gfx12 decoder and its printer: any byte string,
// decoded instruction after instruction the way the predecoder walks a kernel
// (resynchronising on the next word after an undecodable one), must decode or
// fail cleanly, and print. A crash, a sanitizer report (reads past the input:
// the bytes are copied into an exactly-sized heap block), a hang or a broken
// invariant below (__builtin_trap) is a bug.
//
// The predecoder itself (core::predecode) needs a loaded CodeObject and the
// executor's fault handlers, so it has no standalone entry point: this target
// repeats its walk over the decoder instead. fuzz_loader covers the loader.
//
// Built and run by ./run_fuzzers; fuzzers.txt lists the decoder sources and the
// gen-cmd that generates the decode tables without semantics (every fn nullptr).
// Input: byte 0 bit 0 selects wave32/wave64; the rest is machine code.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "rdna4emu/core/decoder.h"

using namespace rdna4emu::core;

namespace {

void check_operand(const Operand& o) {
  switch (o.kind) {
    case OperandKind::SGPR:
      if (o.reg > 127 || o.nregs == 0 || o.nregs > 16) __builtin_trap();
      break;
    case OperandKind::VGPR:
      if (o.reg > 255 || o.nregs == 0 || o.nregs > 32) __builtin_trap();  // block loads: 32
      break;
    default:
      break;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const int wave = (data[0] & 1) ? 64 : 32;
  // Exactly-sized heap copy: any read past `n` is an ASan heap-buffer-overflow.
  const size_t n = size - 1;
  uint8_t* code = new uint8_t[n ? n : 1];
  if (n) std::memcpy(code, data + 1, n);
  volatile size_t sink = 0;
  size_t off = 0;
  for (int steps = 0; off < n; ++steps) {
    if (steps > 1 << 20) __builtin_trap();  // the walk must always advance
    const size_t left = n - off;
    DecodeResult r = decode(code + off, left, wave);
    std::string text = format_insn(r.insn, wave);
    std::string bytes = describe_bytes(code + off, left);
    sink = sink + text.size() + bytes.size();
    if (r.ok) {
      const Insn& in = r.insn;
      if (!in.info || in.family == Family::Invalid) __builtin_trap();
      if (in.size < 4 || in.size > 16 || in.size % 4 || in.size > left) __builtin_trap();
      if (text.empty() || text.compare(0, std::strlen(in.info->mnemonic), in.info->mnemonic) != 0)
        __builtin_trap();  // the text starts with the mnemonic
      check_operand(in.dst);
      check_operand(in.sdst);
      check_operand(in.vaddr);
      check_operand(in.saddr);
      for (const Operand& o : in.src) check_operand(o);
      if (in.family == Family::VOPD) {
        if (!in.yinfo) __builtin_trap();
        check_operand(in.ydst);
        for (const Operand& o : in.ysrc) check_operand(o);
      }
      // Decoding is a pure function of the bytes.
      DecodeResult again = decode(code + off, left, wave);
      if (!again.ok || format_insn(again.insn, wave) != text) __builtin_trap();
      off += in.size;
    } else {
      if (r.error.empty()) __builtin_trap();  // every failure says why
      if (left >= 4 && r.insn.size < 4) __builtin_trap();
      if (left < 4) break;
      off += 4;  // as the predecoder does: resynchronise on the next word
    }
  }
  // The table lookups by name and family must agree with the decode tables.
  if (n >= 2) {
    const OpInfo* by_op = find_opinfo(Family(1 + code[0] % 16), code[1]);
    if (by_op && find_opinfo(Family(1 + code[0] % 16), code[1]) != by_op) __builtin_trap();
  }
  delete[] code;
  return 0;
}
