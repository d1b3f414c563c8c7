#include "buffer_formats.h"

namespace rdna4emu::core {

// ---- Buffer data formats (buffer_*_format_*, tbuffer_*) --------------------------
// The format number (instruction field of tbuffer_*, V# field otherwise) names the
// channel count, channel width and numeric format (AMD RDNA4 ISA reference guide,
// "Buffer formats"; names as llvm-objdump prints them).
// Packed formats (30..41) hold every channel in one dword. Their names list the
// channel widths from the most significant end: 10_11_11_FLOAT is Z[31:22]
// Y[21:11] X[10:0], the layout of Vulkan's B10G11R11_UFLOAT_PACK32 / DXGI's
// R11G11B10_FLOAT; 2_10_10_10 is W[31:30] Z[29:20] Y[19:10] X[9:0], Vulkan's
// A2B10G10R10 / DXGI's R10G10B10A2 (Mesa maps those API formats to these
// hardware formats, src/amd/common/ac_formats.c).
static const char* const kNumNames[] = {"UNORM", "SNORM", "USCALED", "SSCALED", "UINT", "SINT", "FLOAT"};
BufFmt buffer_fmt(unsigned f) {
  static const NumFmt six[] = {NumFmt::Unorm, NumFmt::Snorm, NumFmt::Uscaled, NumFmt::Sscaled, NumFmt::Uint, NumFmt::Sint, NumFmt::Float};
  static const NumFmt three[] = {NumFmt::Uint, NumFmt::Sint, NumFmt::Float};
  auto mk = [](unsigned nch, unsigned bits, NumFmt n) { BufFmt b; b.nch = uint8_t(nch); b.bits = uint8_t(bits); b.num = n; return b; };
  if (f >= 1 && f <= 6) return mk(1, 8, six[f - 1]);
  if (f >= 7 && f <= 13) return mk(1, 16, six[f - 7]);
  if (f >= 14 && f <= 19) return mk(2, 8, six[f - 14]);
  if (f >= 20 && f <= 22) return mk(1, 32, three[f - 20]);
  if (f >= 23 && f <= 29) return mk(2, 16, six[f - 23]);
  if (f >= 30 && f <= 41) {
    // 30: 10_11_11_FLOAT, 31: 11_11_10_FLOAT, 32..35: 10_10_10_2_{UNORM,SNORM,UINT,SINT},
    // 36..41: 2_10_10_10_{UNORM,SNORM,USCALED,SSCALED,UINT,SINT}
    static const NumFmt ten2[] = {NumFmt::Unorm, NumFmt::Snorm, NumFmt::Uint, NumFmt::Sint};
    BufFmt b = mk(f <= 31 ? 3 : 4, 32, f <= 31 ? NumFmt::Float : f <= 35 ? ten2[f - 32] : six[f - 36]);
    static const uint8_t w[4][4] = {{11, 11, 10, 0}, {10, 11, 11, 0}, {2, 10, 10, 10}, {10, 10, 10, 2}};
    const unsigned k = f == 30 ? 0 : f == 31 ? 1 : f <= 35 ? 2 : 3;
    for (unsigned c = 0; c < 4; ++c) b.cw[c] = w[k][c];
    return b;
  }
  if (f >= 42 && f <= 47) return mk(4, 8, six[f - 42]);
  if (f >= 48 && f <= 50) return mk(2, 32, three[f - 48]);
  if (f >= 51 && f <= 57) return mk(4, 16, six[f - 51]);
  if (f >= 58 && f <= 60) return mk(3, 32, three[f - 58]);
  if (f >= 61 && f <= 63) return mk(4, 32, three[f - 61]);
  return BufFmt{};
}

std::string buffer_format_name(unsigned f) {
  static const char* const packed[] = {"10_11_11_FLOAT", "11_11_10_FLOAT", "10_10_10_2_UNORM", "10_10_10_2_SNORM",
                                       "10_10_10_2_UINT", "10_10_10_2_SINT", "2_10_10_10_UNORM", "2_10_10_10_SNORM",
                                       "2_10_10_10_USCALED", "2_10_10_10_SSCALED", "2_10_10_10_UINT", "2_10_10_10_SINT"};
  if (f == 0) return "[BUF_FMT_INVALID]";
  if (f >= 30 && f <= 41) return std::string("[BUF_FMT_") + packed[f - 30] + "]";
  const BufFmt b = buffer_fmt(f);
  if (!b.nch) return std::to_string(f);
  std::string s = "[BUF_FMT_";
  for (unsigned c = 0; c < b.nch; ++c) s += std::to_string(b.bits) + "_";
  return s + kNumNames[unsigned(b.num)] + "]";
}

}  // namespace rdna4emu::core
