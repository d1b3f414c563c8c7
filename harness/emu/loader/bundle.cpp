// Clang offload bundles.
//
// Uncompressed ("__CLANG_OFFLOAD_BUNDLE__", clang/lib/Driver/OffloadBundler.cpp,
// BinaryFileHandler), all integers little-endian u64:
//   magic[24] | count | count x { offset, size, id_len, id[id_len] } | data...
// offsets are from the start of the bundle.
//
// Compressed ("CCOB", clang/include/clang/Driver/OffloadBundler.h,
// CompressedOffloadBundle):
//   v1: magic[4] | u16 version | u16 method | u32 uncompressed | u64 hash | payload  (20 bytes)
//   v2: magic[4] | u16 version | u16 method | u32 total | u32 uncompressed | u64 hash (24 bytes)
//   v3: magic[4] | u16 version | u16 method | u64 total | u64 uncompressed | u64 hash (32 bytes)
// method: llvm::compression::Format, 0 = zlib, 1 = zstd. `total` is the size
// of the whole compressed bundle including the header (v1: up to the end of
// the buffer). hash: the first 8 bytes of the MD5 of the uncompressed bundle,
// read as a little-endian u64. The payload decompresses to an uncompressed bundle.
#include <algorithm>
#include <cmath>
#include <cstring>

#include <zlib.h>
#include <zstd.h>

#include "bytes.h"
#include "elf.h"
#include "rdna4emu/codeobject.h"

namespace rdna4emu {
namespace loader {

const char kBundleMagic[] = "__CLANG_OFFLOAD_BUNDLE__";  // 24 bytes
const size_t kBundleMagicLen = sizeof(kBundleMagic) - 1;
const char kCcobMagic[] = "CCOB";

int arch_match(const std::string& have, const std::string& want);  // codeobject.cpp

// MD5 (RFC 1321), for the CCOB hash check.
uint64_t md5_first8(const uint8_t* data, size_t n) {
  static uint32_t K[64];
  static const bool init = [] {
    for (int i = 0; i < 64; ++i)
      K[i] = static_cast<uint32_t>(std::floor(std::fabs(std::sin(i + 1.0)) * 4294967296.0));
    return true;
  }();
  (void)init;
  static const int R[64] = {7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                            5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20,
                            4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                            6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21};
  uint32_t h[4] = {0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u};
  auto block = [&](const uint8_t* p) {
    uint32_t M[16];
    for (int i = 0; i < 16; ++i)
      M[i] = uint32_t(p[4 * i]) | uint32_t(p[4 * i + 1]) << 8 | uint32_t(p[4 * i + 2]) << 16 |
             uint32_t(p[4 * i + 3]) << 24;
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
    for (int i = 0; i < 64; ++i) {
      uint32_t f;
      int g;
      if (i < 16) { f = (b & c) | (~b & d); g = i; }
      else if (i < 32) { f = (d & b) | (~d & c); g = (5 * i + 1) % 16; }
      else if (i < 48) { f = b ^ c ^ d; g = (3 * i + 5) % 16; }
      else { f = c ^ (b | ~d); g = (7 * i) % 16; }
      uint32_t t = d;
      d = c;
      c = b;
      uint32_t x = a + f + K[i] + M[g];
      b = b + ((x << R[i]) | (x >> (32 - R[i])));
      a = t;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d;
  };
  size_t full = n / 64;
  for (size_t i = 0; i < full; ++i) block(data + 64 * i);
  uint8_t tail[128] = {};
  size_t rem = n % 64;
  if (rem) std::memcpy(tail, data + 64 * full, rem);
  tail[rem] = 0x80;
  size_t tail_len = rem < 56 ? 64 : 128;
  uint64_t bits = uint64_t(n) * 8;
  for (int i = 0; i < 8; ++i) tail[tail_len - 8 + i] = uint8_t(bits >> (8 * i));
  block(tail);
  if (tail_len == 128) block(tail + 64);
  return uint64_t(h[0]) | uint64_t(h[1]) << 32;
}

namespace {

std::vector<uint8_t> decompress_ccob(const uint8_t* data, size_t size) {
  ByteView f(data, size, "CCOB");
  uint16_t version = f.u16(4, "version");
  uint16_t method = f.u16(6, "compression method");
  uint64_t header, total, raw_size, hash;
  switch (version) {
    case 1:
      header = 20;
      total = size;
      raw_size = f.u32(8, "uncompressed size");
      hash = f.u64(12, "hash");
      break;
    case 2:
      header = 24;
      total = f.u32(8, "total size");
      raw_size = f.u32(12, "uncompressed size");
      hash = f.u64(16, "hash");
      break;
    case 3:
      header = 32;
      total = f.u64(8, "total size");
      raw_size = f.u64(16, "uncompressed size");
      hash = f.u64(24, "hash");
      break;
    default:
      throw LoadError("CCOB: unsupported version " + std::to_string(version) +
                      " (this loader reads versions 1, 2 and 3)");
  }
  if (total < header || total > size)
    throw LoadError("CCOB v" + std::to_string(version) + ": total size " + std::to_string(total) +
                    " is not between the header size " + std::to_string(header) +
                    " and the buffer size " + std::to_string(size));
  if (raw_size > kMaxBundleBytes)
    throw LoadError("CCOB: uncompressed size " + std::to_string(raw_size) +
                    " exceeds the loader's limit of " + std::to_string(kMaxBundleBytes));
  const uint8_t* payload = data + header;
  size_t payload_size = static_cast<size_t>(total - header);
  std::vector<uint8_t> out(static_cast<size_t>(raw_size));
  if (method == 0) {
    uLongf dest_len = static_cast<uLongf>(raw_size);
    int rc = uncompress(out.data(), &dest_len, payload, static_cast<uLong>(payload_size));
    if (rc != Z_OK)
      throw LoadError(std::string("CCOB: zlib payload does not decompress: ") +
                      (rc == Z_BUF_ERROR ? "it is larger than the header's uncompressed size " +
                                               std::to_string(raw_size) + " or truncated"
                       : rc == Z_DATA_ERROR ? "corrupt data"
                                            : "zlib error " + std::to_string(rc)));
    if (dest_len != raw_size)
      throw LoadError("CCOB: zlib payload decompresses to " + std::to_string(dest_len) +
                      " bytes, header says " + std::to_string(raw_size));
  } else if (method == 1) {
    if (version == 1) {  // no total size: the frame ends where zstd says (section padding follows)
      size_t framed = ZSTD_findFrameCompressedSize(payload, payload_size);
      if (!ZSTD_isError(framed)) payload_size = framed;
    }
    unsigned long long frame = ZSTD_getFrameContentSize(payload, payload_size);
    if (frame == ZSTD_CONTENTSIZE_ERROR)
      throw LoadError("CCOB: zstd payload is not a zstd frame");
    if (frame != ZSTD_CONTENTSIZE_UNKNOWN && frame != raw_size)
      throw LoadError("CCOB: zstd frame holds " + std::to_string(frame) +
                      " bytes, header says " + std::to_string(raw_size));
    size_t rc = ZSTD_decompress(out.data(), out.size(), payload, payload_size);
    if (ZSTD_isError(rc))
      throw LoadError(std::string("CCOB: zstd payload does not decompress: ") +
                      ZSTD_getErrorName(rc));
    if (rc != raw_size)
      throw LoadError("CCOB: zstd payload decompresses to " + std::to_string(rc) +
                      " bytes, header says " + std::to_string(raw_size));
  } else {
    throw LoadError("CCOB: unknown compression method " + std::to_string(method) +
                    " (0 = zlib, 1 = zstd)");
  }
  uint64_t got = md5_first8(out.data(), out.size());
  if (got != hash)
    throw LoadError("CCOB: hash mismatch: header " + hex(hash) + ", MD5 of the payload " +
                    hex(got) + " (corrupt bundle)");
  return out;
}

std::vector<BundleEntry> parse_plain(const uint8_t* data, size_t size) {
  ByteView f(data, size, "offload bundle");
  if (size < kBundleMagicLen || std::memcmp(data, kBundleMagic, kBundleMagicLen) != 0)
    throw LoadError("offload bundle: missing magic \"__CLANG_OFFLOAD_BUNDLE__\"");
  uint64_t count = f.u64(24, "entry count");
  // Each entry header takes at least 24 bytes.
  if (count > (size - 32) / 24)
    throw LoadError("offload bundle: entry count " + std::to_string(count) +
                    " cannot fit in " + std::to_string(size) + " bytes");
  if (count == 0) throw LoadError("offload bundle: no entries");
  std::vector<BundleEntry> out;
  uint64_t p = 32;
  for (uint64_t i = 0; i < count; ++i) {
    std::string which = "offload bundle entry " + std::to_string(i);
    uint64_t off = f.u64(p, "entry offset");
    uint64_t len = f.u64(p + 8, "entry size");
    uint64_t id_len = f.u64(p + 16, "entry id length");
    p += 24;
    if (!in_range(p, id_len, size))
      throw LoadError(which + ": id of " + std::to_string(id_len) + " bytes at offset " +
                      hex(p) + " runs past the end of the bundle (size " + hex(size) + ")");
    if (id_len == 0) throw LoadError(which + ": empty id");
    BundleEntry e;
    e.id.assign(reinterpret_cast<const char*>(data + p), static_cast<size_t>(id_len));
    p += id_len;
    if (!in_range(off, len, size))
      throw LoadError(which + " ('" + e.id + "'): data [" + hex(off) + ", +" + hex(len) +
                      ") runs past the end of the bundle (size " + hex(size) + ")");
    e.data.assign(data + off, data + off + len);
    out.push_back(std::move(e));
  }
  return out;
}

// Split "<kind>-<arch>-<vendor>-<os>-<env>[-<target id>]" into at most 6 parts
// (the target id may itself contain '-', e.g. gfx12-generic).
std::vector<std::string> split_id(const std::string& id) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (parts.size() < 5) {
    size_t dash = id.find('-', start);
    if (dash == std::string::npos) break;
    parts.push_back(id.substr(start, dash - start));
    start = dash + 1;
  }
  parts.push_back(id.substr(start));
  return parts;
}

}  // namespace

// Picks the entry whose processor runs on `want` ("" = the only device entry).
const BundleEntry* pick_bundle_entry(const std::vector<BundleEntry>& entries,
                                     const std::string& want) {
  const BundleEntry* best = nullptr;
  int best_score = 0, devices = 0;
  std::string listing;
  for (const auto& e : entries) {
    listing += (listing.empty() ? "" : ", ") + e.id;
    auto parts = split_id(e.id);
    if (parts.size() < 5 || parts[1] != "amdgcn") continue;
    if (parts[0] != "hip" && parts[0] != "hipv4" && parts[0] != "openmp") continue;
    ++devices;
    std::string target = parts.size() == 6 ? parts[5] : parts[4];
    std::string proc = target.substr(0, target.find(':'));
    int score = want.empty() ? 1 : arch_match(proc, want);
    if (score > best_score) {
      best = &e;
      best_score = score;
    }
  }
  if (want.empty() && devices > 1)
    throw LoadError("offload bundle has " + std::to_string(devices) +
                    " amdgcn entries; name the architecture to load (entries: " + listing + ")");
  if (!best)
    throw NoBinaryForArch("offload bundle has no code object for " +
                          (want.empty() ? std::string("any amdgcn target") : want) +
                          " (entries: " + listing + ")");
  return best;
}

}  // namespace loader

using namespace loader;

bool is_offload_bundle(const uint8_t* data, size_t size) {
  if (!data) return false;
  if (size >= kBundleMagicLen && std::memcmp(data, kBundleMagic, kBundleMagicLen) == 0) return true;
  return size >= 4 && std::memcmp(data, kCcobMagic, 4) == 0;
}

std::vector<BundleEntry> parse_offload_bundle(const uint8_t* data, size_t size) {
  if (!data && size) throw LoadError("offload bundle: null data pointer");
  if (size >= 4 && std::memcmp(data, kCcobMagic, 4) == 0) {
    std::vector<uint8_t> raw = decompress_ccob(data, size);
    try {
      return parse_plain(raw.data(), raw.size());
    } catch (const LoadError& e) {
      throw LoadError(std::string("CCOB payload: ") + e.what());
    }
  }
  if (size >= kBundleMagicLen && std::memcmp(data, kBundleMagic, kBundleMagicLen) == 0)
    return parse_plain(data, size);
  throw LoadError("not an offload bundle: expected magic \"__CLANG_OFFLOAD_BUNDLE__\" or \"CCOB\"");
}

}  // namespace rdna4emu
