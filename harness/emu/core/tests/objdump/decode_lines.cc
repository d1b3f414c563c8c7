// decode_lines: feed instruction bytes to the emulator's decoder and print its
// text, one line in, one line out (the comparison scripts' bridge to the decoder).
//
// Input lines:  w32|w64 WORD [WORD...]      (32-bit words in hex, as llvm-objdump
//               and llvm-mc print them: first word first, each word little-endian)
// Output lines: OK <TAB> size <TAB> text
//               ERR <TAB> size <TAB> error <TAB> text-or-empty
// A malformed input line prints "BADLINE <TAB> reason" and the exit status is 2.
// Blank lines and lines starting with '#' are echoed as empty output lines.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "rdna4emu/core/decoder.h"

using namespace rdna4emu::core;

int main(int argc, char** argv) {
  if (argc != 1) {
    std::fprintf(stderr, "usage: %s < lines   (each line: w32|w64 HEXWORD...)\n", argv[0]);
    return 2;
  }
  std::ios::sync_with_stdio(false);
  std::string line;
  int status = 0;
  while (std::getline(std::cin, line)) {
    if (line.empty() || line[0] == '#') { std::cout << "\n"; continue; }
    std::istringstream ss(line);
    std::string mode, w;
    ss >> mode;
    int wave = mode == "w32" ? 32 : mode == "w64" ? 64 : 0;
    std::vector<uint8_t> bytes;
    bool bad = wave == 0;
    std::string why = bad ? "first field must be w32 or w64" : "";
    while (!bad && ss >> w) {
      char* end = nullptr;
      if (w.size() > 8) { bad = true; why = "word longer than 8 hex digits: " + w; break; }
      unsigned long v = std::strtoul(w.c_str(), &end, 16);
      if (w.empty() || *end) { bad = true; why = "not a hex word: " + w; break; }
      for (int i = 0; i < 4; ++i) bytes.push_back(uint8_t(v >> (8 * i)));
    }
    if (!bad && bytes.empty()) { bad = true; why = "no instruction words"; }
    if (bad) {
      std::cout << "BADLINE\t" << why << "\n";
      status = 2;
      continue;
    }
    DecodeResult r = decode(bytes.data(), bytes.size(), wave);
    if (r.ok)
      std::cout << "OK\t" << unsigned(r.insn.size) << "\t" << format_insn(r.insn, wave) << "\n";
    else
      std::cout << "ERR\t" << unsigned(r.insn.size) << "\t" << r.error << "\t"
                << describe_bytes(bytes.data(), bytes.size()) << "\n";
  }
  return status;
}
