// How many bytes a code object image spans, read from its own headers:
// __hipRegisterFatBinary and hipModuleLoadData get a pointer without a size.
//  - clang offload bundle "__CLANG_OFFLOAD_BUNDLE__": u64 entry count, then
//    per entry u64 offset, u64 size, u64 id length, id; extent = max(offset+size)
//  - compressed bundle "CCOB": u16 version, u16 method, then (v2) u32 total
//    file size or (v3) u64 total file size; v1 has no size: the bound is used
//  - AMDGPU ELF64: the furthest of section headers, program segments, sections
#include <link.h>

#include <algorithm>
#include <cstring>

#include "runtime.h"

namespace hipemu {

namespace {

template <typename T>
bool rd(const uint8_t* p, size_t bound, size_t off, T* out) {
  if (off > bound || sizeof(T) > bound - off) return false;
  std::memcpy(out, p + off, sizeof(T));
  return true;
}

size_t bundle_extent(const uint8_t* p, size_t bound, std::string* why) {
  uint64_t n = 0;
  if (!rd(p, bound, 24, &n) || n == 0 || n > 4096) {
    *why = "offload bundle header is truncated or has an implausible entry count";
    return 0;
  }
  size_t off = 32, end = 32;
  for (uint64_t i = 0; i < n; ++i) {
    uint64_t eo, es, il;
    if (!rd(p, bound, off, &eo) || !rd(p, bound, off + 8, &es) || !rd(p, bound, off + 16, &il) ||
        il > 4096) {
      *why = "offload bundle entry table is truncated";
      return 0;
    }
    off += 24 + il;
    if (eo > bound || es > bound - eo) {
      *why = "offload bundle entry " + std::to_string(i) + " lies outside the image";
      return 0;
    }
    end = std::max<size_t>({end, off, eo + es});
  }
  return end <= bound ? end : 0;
}

size_t ccob_extent(const uint8_t* p, size_t bound, std::string* why) {
  uint16_t version = 0;
  if (!rd(p, bound, 4, &version)) {
    *why = "CCOB header is truncated";
    return 0;
  }
  if (version == 2) {
    uint32_t total;
    if (rd(p, bound, 8, &total) && total <= bound) return total;
  } else if (version == 3) {
    uint64_t total;
    if (rd(p, bound, 8, &total) && total <= bound) return total;
  } else if (version == 1) {
    return bound;  // no size field: let the decompressor find the end
  } else {
    *why = "CCOB version " + std::to_string(version) + " is not supported (1-3)";
    return 0;
  }
  *why = "CCOB total size lies outside the image";
  return 0;
}

size_t elf_extent(const uint8_t* p, size_t bound, std::string* why) {
  uint64_t shoff = 0, phoff = 0;
  uint16_t shentsize = 0, shnum = 0, phentsize = 0, phnum = 0;
  if (!rd(p, bound, 0x20, &phoff) || !rd(p, bound, 0x28, &shoff) ||
      !rd(p, bound, 0x36, &phentsize) || !rd(p, bound, 0x38, &phnum) ||
      !rd(p, bound, 0x3a, &shentsize) || !rd(p, bound, 0x3c, &shnum) || p[4] != 2) {
    *why = "ELF header is truncated or not ELF64";
    return 0;
  }
  size_t end = 64;
  end = std::max<size_t>(end, phoff + size_t(phentsize) * phnum);
  end = std::max<size_t>(end, shoff + size_t(shentsize) * shnum);
  for (uint16_t i = 0; i < phnum; ++i) {
    uint64_t off, filesz;
    size_t h = phoff + size_t(i) * phentsize;
    if (rd(p, bound, h + 8, &off) && rd(p, bound, h + 32, &filesz)) end = std::max<size_t>(end, off + filesz);
  }
  for (uint16_t i = 0; i < shnum; ++i) {
    uint32_t type;
    uint64_t off, size;
    size_t h = shoff + size_t(i) * shentsize;
    if (rd(p, bound, h + 4, &type) && rd(p, bound, h + 24, &off) && rd(p, bound, h + 32, &size) &&
        type != 8 /*SHT_NOBITS*/)
      end = std::max<size_t>(end, off + size);
  }
  if (end > bound) {
    *why = "ELF headers point past the end of the image";
    return 0;
  }
  return end;
}

}  // namespace

size_t image_extent(const uint8_t* p, size_t bound, std::string* why) {
  if (!p) {
    *why = "null image";
    return 0;
  }
  if (bound >= 24 && !std::memcmp(p, "__CLANG_OFFLOAD_BUNDLE__", 24)) return bundle_extent(p, bound, why);
  if (bound >= 4 && !std::memcmp(p, "CCOB", 4)) return ccob_extent(p, bound, why);
  if (bound >= 4 && !std::memcmp(p, "\x7f" "ELF", 4)) return elf_extent(p, bound, why);
  *why = "not a code object (no ELF, __CLANG_OFFLOAD_BUNDLE__ or CCOB magic)";
  return 0;
}

size_t mapped_bound(const void* ptr) {
  struct Q {
    uintptr_t addr;
    size_t bound;
  } q{reinterpret_cast<uintptr_t>(ptr), 0};
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* data) -> int {
        Q* q = static_cast<Q*>(data);
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const ElfW(Phdr)& ph = info->dlpi_phdr[i];
          if (ph.p_type != PT_LOAD) continue;
          uintptr_t lo = info->dlpi_addr + ph.p_vaddr, hi = lo + ph.p_filesz;
          if (q->addr >= lo && q->addr < hi) {
            q->bound = hi - q->addr;
            return 1;
          }
        }
        return 0;
      },
      &q);
  return q.bound;
}

}  // namespace hipemu
