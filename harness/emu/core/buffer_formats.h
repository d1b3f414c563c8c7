// Buffer data formats (buffer_*_format_*, tbuffer_*): the format number names the
// channel count, channel width and numeric format. A table of its own so that the
// printer (format.cc) and the decoder-only fuzzer can use it without memory.cc.
#pragma once

#include <cstdint>
#include <string>

namespace rdna4emu::core {

enum class NumFmt : uint8_t { Unorm, Snorm, Uscaled, Sscaled, Uint, Sint, Float };
struct BufFmt {
  uint8_t nch = 0, bits = 0;  // nch 0: not emulated; packed formats: bits = 32 (one dword)
  NumFmt num = NumFmt::Uint;
  // Packed formats (10_11_11, 11_11_10, 10_10_10_2, 2_10_10_10): the width of
  // channel X, Y, Z, W; X in the least significant bits of the dword. 0: not packed.
  uint8_t cw[4] = {0, 0, 0, 0};
  bool packed() const { return cw[0] != 0; }
};
BufFmt buffer_fmt(unsigned format);
std::string buffer_format_name(unsigned format);  // as llvm-objdump prints it, e.g. "[BUF_FMT_8_UNORM]"

}  // namespace rdna4emu::core
