// Memory access for the semantic functions: address translation and bounds checks
// (global, LDS, scratch, flat). The instructions, by encoding family: memory_global.cc
// (GLOBAL/FLAT/SCRATCH), memory_ds.cc (DS), memory_buffer.cc (VBUFFER), memory_smem.cc
// (SMEM); their shared lane loops and helpers: memory_lanes.h.
//
// Cache policy (TH, SCOPE, NV bits): decoded and printed, no effect. The emulator
// has no caches: every store is visible to every later access of any wave at once
// and atomics are host-atomic, which is one of the behaviours every policy allows
// (the bits choose how long data stays in which cache and how far a release must
// reach, not what a single access reads or writes). global_inv/wb/wbinv,
// s_dcache_inv and the prefetches therefore do nothing.
#include <cinttypes>
#include <cstdio>
#include <mutex>
#include <string>

#include "buffer_formats.h"
#include "semantics.h"

namespace rdna4emu::core {

std::string MemoryMap::nearest(uint64_t addr) const {
  const Region* best = nullptr;
  uint64_t dist = ~0ull;
  for (const Region& r : regions) {
    uint64_t d = addr < r.base ? r.base - addr : addr >= r.base + r.size ? addr - (r.base + r.size) + 1 : 0;
    if (d < dist) { dist = d; best = &r; }
  }
  if (!best) return "no allocations";
  char buf[160];
  if (addr < best->base)
    std::snprintf(buf, sizeof buf, "nearest allocation [0x%" PRIx64 ", 0x%" PRIx64 ") size %" PRIu64 ", %" PRIu64 " bytes before it",
                  best->base, best->base + best->size, best->size, best->base - addr);
  else
    std::snprintf(buf, sizeof buf, "nearest allocation [0x%" PRIx64 ", 0x%" PRIx64 ") size %" PRIu64 ", %" PRIu64 " bytes past its end",
                  best->base, best->base + best->size, best->size, addr - (best->base + best->size));
  return buf;
}

static void mem_fault(Wave& w, const Insn& in, const char* space, uint64_t addr, unsigned n, unsigned lane,
                      bool write, const std::string& extra) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "out-of-bounds %s %s of %u bytes at address 0x%" PRIx64 " (lane %u)", space,
                write ? "store" : "load", n, addr, lane);
  w.fault_at(int(Fault::MemoryViolation), in, std::string(buf) + (extra.empty() ? "" : "; " + extra));
}

uint8_t* global_ptr(Wave& w, const Insn& in, uint64_t addr, unsigned n, unsigned lane, bool write) {
  if (addr >= w.tlb_base && addr + n <= w.tlb_end && addr + n > addr) return w.tlb_host + (addr - w.tlb_base);
  const Region* r = w.L->mem->find(addr);
  if (!r || addr + n > r->base + r->size || addr + n < addr) {
    mem_fault(w, in, "global", addr, n, lane, write, w.L->mem->nearest(addr));
    return nullptr;
  }
  w.tlb_base = r->base;
  w.tlb_end = r->base + r->size;
  w.tlb_host = r->host;
  return r->host + (addr - r->base);
}

uint8_t* lds_ptr(Wave& w, const Insn& in, uint64_t addr, unsigned n, unsigned lane, bool write) {
  if (addr + n > w.wg->lds_size || addr + n < addr) {
    char b[96];
    std::snprintf(b, sizeof b, "workgroup LDS is %u bytes", w.wg->lds_size);
    mem_fault(w, in, "LDS", addr, n, lane, write, b);
    return nullptr;
  }
  return w.wg->lds + addr;
}

uint8_t* scratch_ptr(Wave& w, const Insn& in, uint64_t addr, unsigned n, unsigned lane, bool write) {
  if (addr + n > w.priv_size || addr + n < addr) {
    char b[96];
    std::snprintf(b, sizeof b, "private segment is %u bytes per lane", w.priv_size);
    mem_fault(w, in, "scratch", addr, n, lane, write, b);
    return nullptr;
  }
  return w.scratch + size_t(lane) * w.priv_size + addr;
}

uint8_t* flat_ptr(Wave& w, const Insn& in, uint64_t addr, unsigned n, unsigned lane, bool write) {
  if (addr - kSharedAperture < kApertureSize) return lds_ptr(w, in, addr - kSharedAperture, n, lane, write);
  if (addr - kPrivateAperture < kApertureSize) return scratch_ptr(w, in, addr - kPrivateAperture, n, lane, write);
  return global_ptr(w, in, addr, n, lane, write);
}

model::FloatAtomics atom::float_atomics_choice() {
  static const auto k = model::active<model::FloatAtomics>();
  return k;
}

}  // namespace rdna4emu::core
