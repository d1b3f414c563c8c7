// Device memory as seen by a launch: a sorted, read-only (during the launch)
// list of allocations, with a per-wave last-hit cache for translation.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "rdna4emu/codeobject.h"
#include "rdna4emu/core/wave.h"

namespace rdna4emu::core {

struct Region {
  uint64_t base, size;
  uint8_t* host;
};

class MemoryMap {
 public:
  std::vector<Region> regions;  // sorted by base
  const Region* find(uint64_t addr) const {
    size_t lo = 0, hi = regions.size();
    while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (regions[mid].base <= addr) lo = mid + 1; else hi = mid;
    }
    if (lo == 0) return nullptr;
    const Region& r = regions[lo - 1];
    return addr - r.base < r.size ? &r : nullptr;
  }
  std::string nearest(uint64_t addr) const;
};

struct Program;

struct LaunchCtx {
  const MemoryMap* mem = nullptr;
  const KernelInfo* kernel = nullptr;
  const Program* prog = nullptr;
  std::vector<ExecHook*> hooks;
  uint64_t budget = 0;                 // wave-instructions for the whole launch
  std::atomic<uint64_t> used{0};       // consumed, in chunks
  std::atomic<bool> abort{false};      // a fault happened somewhere: stop everyone
  bool trace = false;
  uint64_t code_base = 0;              // device address of the kernel entry (image base + code_vaddr)
};

// Last-hit cache for one wave (not shared between threads).
struct TlbCache {
  uint64_t base = 1, end = 0;
  uint8_t* host = nullptr;
};

}  // namespace rdna4emu::core
