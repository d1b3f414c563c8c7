// Bounds-checked little-endian reads over an untrusted byte range.
// Private to the loader. Every read that would leave the range throws
// LoadError naming what was being read and at which offset.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

#include "rdna4emu/codeobject.h"

namespace rdna4emu::loader {

std::string hex(uint64_t v);

// True if [off, off+len) lies inside [0, size); no overflow.
inline bool in_range(uint64_t off, uint64_t len, uint64_t size) {
  return off <= size && len <= size - off;
}

class ByteView {
 public:
  ByteView(const uint8_t* data, size_t size, std::string what)
      : data_(data), size_(size), what_(std::move(what)) {}
  size_t size() const { return size_; }
  const uint8_t* data() const { return data_; }
  const std::string& what() const { return what_; }

  void need(uint64_t off, uint64_t len, const char* field) const {
    if (!in_range(off, len, size_))
      throw LoadError(what_ + ": " + field + " at offset " + hex(off) + " (" +
                      std::to_string(len) + " bytes) runs past the end (size " +
                      hex(size_) + ")");
  }
  template <typename T>
  T get(uint64_t off, const char* field) const {
    need(off, sizeof(T), field);
    T v;
    std::memcpy(&v, data_ + off, sizeof(T));  // hosts are little-endian (x86-64, arm64)
    return v;
  }
  uint8_t u8(uint64_t off, const char* f) const { return get<uint8_t>(off, f); }
  uint16_t u16(uint64_t off, const char* f) const { return get<uint16_t>(off, f); }
  uint32_t u32(uint64_t off, const char* f) const { return get<uint32_t>(off, f); }
  uint64_t u64(uint64_t off, const char* f) const { return get<uint64_t>(off, f); }

 private:
  const uint8_t* data_;
  size_t size_;
  std::string what_;
};

// Limits that keep hostile inputs from exhausting memory. The fuzzer builds
// with smaller ones (-DRDNA4_LOADER_MAX_IMAGE_MB=..., see fuzz/fuzzers.txt).
#ifndef RDNA4_LOADER_MAX_IMAGE_MB
#define RDNA4_LOADER_MAX_IMAGE_MB 256
#endif
#ifndef RDNA4_LOADER_MAX_BUNDLE_MB
#define RDNA4_LOADER_MAX_BUNDLE_MB 1024
#endif
constexpr uint64_t kMaxImageBytes = uint64_t(RDNA4_LOADER_MAX_IMAGE_MB) << 20;   // loaded image
constexpr uint64_t kMaxBundleBytes = uint64_t(RDNA4_LOADER_MAX_BUNDLE_MB) << 20; // decompressed CCOB
constexpr unsigned kMaxMsgpackDepth = 64;              // nesting of maps/arrays

}  // namespace rdna4emu::loader
