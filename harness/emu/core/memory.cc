// Memory access for the semantic functions: translation, bounds checks and
// the load/store loops shared by the VMEM, DS, SMEM and VBUFFER instructions.
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

// The per-lane data movement of every load and store below, shared by the
// whole-wave and the checked lane loops: lane l of the destination rows from
// the host bytes at p (dword kinds: K::regs dwords; sub-dword kinds: K::load),
// or the host bytes at p from lane l of the source rows (K::store).
template <class K>
__attribute__((always_inline)) static inline void load_lane(uint32_t* dst, unsigned W, unsigned l, const uint8_t* p) {
  if constexpr (!K::sub) {
    for (unsigned r = 0; r < K::regs; ++r) std::memcpy(&dst[size_t(r) * W + l], p + 4 * r, 4);
  } else {
    dst[l] = K::load(dst[l], p);
  }
}
template <class K>
__attribute__((always_inline)) static inline void store_lane(uint8_t* p, const uint32_t* src, unsigned W, unsigned l) {
  if constexpr (!K::sub) {
    for (unsigned r = 0; r < K::regs; ++r) std::memcpy(p + 4 * r, &src[size_t(r) * W + l], 4);
  } else {
    K::store(p, src[l]);
  }
}

// ---- The lane loops --------------------------------------------------------
// One instantiation per element kind the instructions use, so the
// per-lane work is a bounds check and a fixed-size copy. Everything the loop
// needs from the Wave is read into locals first: the stores below go through
// byte pointers, which may alias any Wave field as far as the compiler knows.
// Each lane's address is read before that lane's result is written (a load
// whose destination overlaps its address register reads the old address).
// A fault stops at the faulting lane: earlier lanes are done, as before.

// Calls f(lane) for every lane of `e` in increasing order; stops when f returns false.
template <class F>
__attribute__((always_inline)) static inline void lanes_of(uint64_t e, uint64_t full, unsigned W, F&& f) {
  if (e == full) {
    for (unsigned l = 0; l < W; ++l)
      if (!f(l)) return;
  } else {
    while (e) {
      const unsigned l = unsigned(__builtin_ctzll(e));
      e &= e - 1;
      if (!f(l)) return;
    }
  }
}

// Global memory through the wave's last-hit translation cache, with the cache
// in locals (reloaded from the wave after a miss).
struct GlobalCursor {
  uint64_t base, end;
  uint8_t* host;
  explicit GlobalCursor(const Wave& w) : base(w.tlb_base), end(w.tlb_end), host(w.tlb_host) {}
  __attribute__((always_inline)) uint8_t* at(Wave& w, const Insn& in, uint64_t addr, unsigned n, unsigned l,
                                             bool write) {
    if (__builtin_expect(addr >= base && addr + n <= end && addr + n > addr, 1)) return host + (addr - base);
    uint8_t* p = global_ptr(w, in, addr, n, l, write);
    base = w.tlb_base;
    end = w.tlb_end;
    host = w.tlb_host;
    return p;
  }
};

// Per-lane address generator for one VMEM instruction (operands read once).
struct VmemAddr {
  const uint32_t* lo = nullptr;
  const uint32_t* hi = nullptr;
  uint64_t sbase = 0;
  int64_t imm = 0;
  bool has_saddr = false, has_vaddr = false;
  VmemAddr(const Wave& w, const Insn& in, Space sp) {
    imm = int64_t(in.imm);
    has_saddr = in.saddr.kind == OperandKind::SGPR;
    if (sp == Space::Scratch) {
      if (has_saddr) sbase = sread(w, in.saddr);
      has_vaddr = in.vaddr.kind == OperandKind::VGPR;
    } else {
      if (has_saddr) sbase = sread64(w, in.saddr);
      has_vaddr = true;
    }
    if (has_vaddr) {
      lo = w.v + size_t(in.vaddr.reg) * w.W;
      hi = lo + w.W;
    }
  }
  template <bool SADDR>
  __attribute__((always_inline)) uint64_t global(unsigned l) const {
    const uint64_t a = SADDR ? sbase + lo[l] : uint64_t(lo[l]) | uint64_t(hi[l]) << 32;
    return a + imm;
  }
  uint64_t scratch(unsigned l) const {
    uint64_t a = sbase;
    if (has_vaddr) a += lo[l];
    return uint32_t(a + imm);
  }
};

template <Space SP, bool SADDR>
__attribute__((always_inline)) static inline uint64_t vmem_lane_addr(const VmemAddr& va, unsigned l) {
  if constexpr (SP == Space::Scratch) return va.scratch(l);
  else return va.global<SADDR>(l);
}
// The host pointer of the n bytes at lane l's address `addr` in space SP (null after a fault).
template <Space SP>
__attribute__((always_inline)) static inline uint8_t* vmem_ptr_at(Wave& w, const Insn& in, GlobalCursor& g,
                                                                   uint64_t addr, unsigned l, unsigned n, bool write) {
  if constexpr (SP == Space::Global) return g.at(w, in, addr, n, l, write);
  else if constexpr (SP == Space::Flat) {
    if (addr - kSharedAperture < kApertureSize || addr - kPrivateAperture < kApertureSize)
      return flat_ptr(w, in, addr, n, l, write);
    return g.at(w, in, addr, n, l, write);
  } else {
    return scratch_ptr(w, in, addr, n, l, write);
  }
}
template <Space SP, bool SADDR>
__attribute__((always_inline)) static inline uint8_t* vmem_lane_ptr(Wave& w, const Insn& in, GlobalCursor& g,
                                                                     const VmemAddr& va, unsigned l, unsigned n,
                                                                     bool write) {
  return vmem_ptr_at<SP>(w, in, g, vmem_lane_addr<SP, SADDR>(va, l), l, n, write);
}

template <Space SP, class K, bool SADDR>
static void vmem_load_t(Wave& w, const Insn& in, const VmemAddr& va) {
  constexpr unsigned n = K::bytes;
  const unsigned W = w.W;
  uint32_t* const dst = w.v + size_t(in.dst.reg) * W;
  GlobalCursor g(w);
  lanes_of(w.exec(), w.full, W, [&](unsigned l) {
    uint8_t* p = vmem_lane_ptr<SP, SADDR>(w, in, g, va, l, n, false);
    if (!p) return false;
    load_lane<K>(dst, W, l, p);
    return true;
  });
}

template <Space SP, class K, bool SADDR>
static void vmem_store_t(Wave& w, const Insn& in, const VmemAddr& va) {
  constexpr unsigned n = K::bytes;
  const unsigned W = w.W;
  const uint32_t* const src = w.v + size_t(in.src[0].reg) * W;
  GlobalCursor g(w);
  lanes_of(w.exec(), w.full, W, [&](unsigned l) {
    uint8_t* p = vmem_lane_ptr<SP, SADDR>(w, in, g, va, l, n, true);
    if (!p) return false;
    store_lane<K>(p, src, W, l);
    return true;
  });
}

// Whole-wave fast path for global memory: every lane active and all W
// accesses [addr, addr + n) inside one allocation (found through the wave's
// translation cache, else one lookup of the lowest address). Then
// f(lane, host pointer) runs for every lane without per-lane checks; otherwise
// false and the caller runs the checked lane loop (which reports the first
// faulting lane). The addresses are computed once, before any lane's f runs.
template <unsigned W, bool SADDR, class F>
__attribute__((always_inline)) static inline bool global_whole_wave_w(Wave& w, const VmemAddr& va, unsigned n, F&& f) {
  uint64_t addr[W];
  for (unsigned l = 0; l < W; ++l) addr[l] = va.global<SADDR>(l);
  uint64_t lo = addr[0], hi = addr[0];
  for (unsigned l = 1; l < W; ++l) {
    lo = std::min(lo, addr[l]);
    hi = std::max(hi, addr[l]);
  }
  if (hi + n < hi) return false;  // wraps: let the checked loop report it
  if (!(lo >= w.tlb_base && hi + n <= w.tlb_end)) {
    const Region* r = w.L->mem->find(lo);
    if (!r || hi + n > r->base + r->size) return false;
    w.tlb_base = r->base;
    w.tlb_end = r->base + r->size;
    w.tlb_host = r->host;
  }
  uint8_t* const host = w.tlb_host - w.tlb_base;  // host address = host + device address
  for (unsigned l = 0; l < W; ++l) f(l, host + addr[l]);
  return true;
}
template <bool SADDR, class F>
__attribute__((always_inline)) static inline bool global_whole_wave(Wave& w, const VmemAddr& va, unsigned n, F&& f) {
  if (w.exec() != w.full) return false;
  return w.W == 32 ? global_whole_wave_w<32, SADDR>(w, va, n, f) : global_whole_wave_w<64, SADDR>(w, va, n, f);
}

// The address form (SGPR base + 32-bit offset, or 64-bit VGPR address) chosen once per instruction.
template <Space SP, class K>
static void vmem_load_t(Wave& w, const Insn& in) {
  const VmemAddr va(w, in, SP);
  if constexpr (SP == Space::Global) {
    constexpr unsigned n = K::bytes;
    const unsigned W = w.W;
    uint32_t* const dst = w.v + size_t(in.dst.reg) * W;
    auto put = [&](unsigned l, const uint8_t* p) { load_lane<K>(dst, W, l, p); };
    if (va.has_saddr ? global_whole_wave<true>(w, va, n, put) : global_whole_wave<false>(w, va, n, put)) return;
  }
  if (va.has_saddr) vmem_load_t<SP, K, true>(w, in, va);
  else vmem_load_t<SP, K, false>(w, in, va);
}
template <Space SP, class K>
static void vmem_store_t(Wave& w, const Insn& in) {
  const VmemAddr va(w, in, SP);
  if constexpr (SP == Space::Global) {
    constexpr unsigned n = K::bytes;
    const unsigned W = w.W;
    const uint32_t* const src = w.v + size_t(in.src[0].reg) * W;
    auto put = [&](unsigned l, uint8_t* p) { store_lane<K>(p, src, W, l); };
    if (va.has_saddr ? global_whole_wave<true>(w, va, n, put) : global_whole_wave<false>(w, va, n, put)) return;
  }
  if (va.has_saddr) vmem_store_t<SP, K, true>(w, in, va);
  else vmem_store_t<SP, K, false>(w, in, va);
}

static inline uint32_t ds_offset(const Insn& in) { return uint32_t(in.imm) | (uint32_t(in.offset1) << 8); }

// LDS of the wave's workgroup, in locals.
struct LdsView {
  uint8_t* base;
  uint64_t size;
  explicit LdsView(const Wave& w) : base(w.wg->lds), size(w.wg->lds_size) {}
  uint8_t* at(Wave& w, const Insn& in, uint32_t addr, unsigned n, unsigned l, bool write) const {
    if (__builtin_expect(uint64_t(addr) + n <= size, 1)) return base + addr;
    return lds_ptr(w, in, addr, n, l, write);  // records the fault
  }
};

// Whole-wave fast path for LDS: with every lane active and every lane's
// (32-bit, wrapped) address + `span` bytes inside the LDS, f(lane, host
// pointer) runs for all lanes without per-lane checks; otherwise false and
// the caller runs the checked lane loop (which finds and reports the fault).
// f(l, .) may write lane l of any VGPR, the address register included: lane
// l's address is read before f(l, .) and later lanes' addresses are other
// elements of the row.
template <unsigned W, class F>
__attribute__((always_inline)) static inline bool lds_whole_wave_w(const LdsView& lds, const uint32_t* a, uint32_t off,
                                                                   uint32_t span, F&& f) {
  if (span > lds.size) return false;
  const uint32_t last = uint32_t(lds.size - span);  // highest valid start address
  uint32_t bad = 0;
  for (unsigned l = 0; l < W; ++l) bad |= uint32_t(a[l] + off) > last;
  if (bad) return false;
  for (unsigned l = 0; l < W; ++l) f(l, lds.base + uint32_t(a[l] + off));
  return true;
}
template <class F>
__attribute__((always_inline)) static inline bool lds_whole_wave(const Wave& w, const LdsView& lds, const uint32_t* a,
                                                                 uint32_t off, uint32_t span, F&& f) {
  if (w.exec() != w.full) return false;
  return w.W == 32 ? lds_whole_wave_w<32>(lds, a, off, span, f) : lds_whole_wave_w<64>(lds, a, off, span, f);
}

template <class K>
static void ds_load_t(Wave& w, const Insn& in) {
  constexpr unsigned n = K::bytes;
  const uint32_t off = ds_offset(in);
  const unsigned W = w.W;
  const uint32_t* const a = w.v + size_t(in.vaddr.reg) * W;
  uint32_t* const dst = w.v + size_t(in.dst.reg) * W;
  const LdsView lds(w);
  if (lds_whole_wave(w, lds, a, off, n, [&](unsigned l, const uint8_t* p) { load_lane<K>(dst, W, l, p); }))
    return;
  lanes_of(w.exec(), w.full, W, [&](unsigned l) {
    uint8_t* p = lds.at(w, in, a[l] + off, n, l, false);
    if (!p) return false;
    load_lane<K>(dst, W, l, p);
    return true;
  });
}

template <class K>
static void ds_store_t(Wave& w, const Insn& in) {
  constexpr unsigned n = K::bytes;
  const uint32_t off = ds_offset(in);
  const unsigned W = w.W;
  const uint32_t* const a = w.v + size_t(in.vaddr.reg) * W;
  const uint32_t* const src = w.v + size_t(in.src[0].reg) * W;
  const LdsView lds(w);
  if (lds_whole_wave(w, lds, a, off, n, [&](unsigned l, uint8_t* p) { store_lane<K>(p, src, W, l); }))
    return;
  lanes_of(w.exec(), w.full, W, [&](unsigned l) {
    uint8_t* p = lds.at(w, in, a[l] + off, n, l, true);
    if (!p) return false;
    store_lane<K>(p, src, W, l);
    return true;
  });
}

// ds_*_2addr_*: two elements of DWORDS dwords at addr + offset0 * 4 * DWORDS * STRIDE and offset1 * ...
template <class K, unsigned STRIDE>
static void ds_load_2addr_t(Wave& w, const Insn& in) {
  constexpr unsigned DWORDS = K::regs, unit = 4 * DWORDS * STRIDE;
  const uint32_t off0 = uint32_t(in.imm) * unit, off1 = uint32_t(in.offset1) * unit;
  const unsigned W = w.W;
  const uint32_t* const a = w.v + size_t(in.vaddr.reg) * W;
  uint32_t* const dst = w.v + size_t(in.dst.reg) * W;
  const LdsView lds(w);
  // Whole wave: every lane's lowest element address + the span to the end of its
  // highest element in range (offsets are unsigned: both elements lie above a[l]).
  const uint32_t lo_off = std::min(off0, off1), span = std::max(off0, off1) - lo_off + 4 * DWORDS;
  // Lane l's two elements (read both, then write: dst may overlap the address register).
  auto pair = [&](unsigned l, const uint8_t* p0, const uint8_t* p1) {
    uint32_t t[2 * DWORDS];
    std::memcpy(t, p0, 4 * DWORDS);
    std::memcpy(t + DWORDS, p1, 4 * DWORDS);
    for (unsigned r = 0; r < 2 * DWORDS; ++r) dst[size_t(r) * W + l] = t[r];
  };
  if (lds_whole_wave(w, lds, a, lo_off, span,
                     [&](unsigned l, const uint8_t* p) { pair(l, p + (off0 - lo_off), p + (off1 - lo_off)); }))
    return;
  lanes_of(w.exec(), w.full, W, [&](unsigned l) {
    const uint32_t addr = a[l];
    uint8_t* p0 = lds.at(w, in, addr + off0, 4 * DWORDS, l, false);
    if (!p0) return false;
    uint8_t* p1 = lds.at(w, in, addr + off1, 4 * DWORDS, l, false);
    if (!p1) {  // the first element was read: write it, as the lane loop in order would
      load_lane<K>(dst, W, l, p0);
      return false;
    }
    pair(l, p0, p1);
    return true;
  });
}

template <class K, unsigned STRIDE>
static void ds_store_2addr_t(Wave& w, const Insn& in) {
  constexpr unsigned DWORDS = K::regs, unit = 4 * DWORDS * STRIDE;
  const uint32_t off0 = uint32_t(in.imm) * unit, off1 = uint32_t(in.offset1) * unit;
  const unsigned W = w.W;
  const uint32_t* const a = w.v + size_t(in.vaddr.reg) * W;
  const uint32_t* const s0 = w.v + size_t(in.src[0].reg) * W;
  const uint32_t* const s1 = w.v + size_t(in.src[1].reg) * W;
  const LdsView lds(w);
  lanes_of(w.exec(), w.full, W, [&](unsigned l) {
    const uint32_t addr = a[l];
    uint8_t* p0 = lds.at(w, in, addr + off0, 4 * DWORDS, l, true);
    if (!p0) return false;
    store_lane<K>(p0, s0, W, l);
    uint8_t* p1 = lds.at(w, in, addr + off1, 4 * DWORDS, l, true);
    if (!p1) return false;
    store_lane<K>(p1, s1, W, l);
    return true;
  });
}

// ---- Entry points (semantics.h): one instantiation per element kind --------
template <class K> void global_load(Wave& w, const Insn& in) { vmem_load_t<Space::Global, K>(w, in); }
template <class K> void flat_load(Wave& w, const Insn& in) { vmem_load_t<Space::Flat, K>(w, in); }
template <class K> void scratch_load(Wave& w, const Insn& in) { vmem_load_t<Space::Scratch, K>(w, in); }
template <class K> void global_store(Wave& w, const Insn& in) { vmem_store_t<Space::Global, K>(w, in); }
template <class K> void flat_store(Wave& w, const Insn& in) { vmem_store_t<Space::Flat, K>(w, in); }
template <class K> void scratch_store(Wave& w, const Insn& in) { vmem_store_t<Space::Scratch, K>(w, in); }
template <class K> void ds_load(Wave& w, const Insn& in) { ds_load_t<K>(w, in); }
template <class K> void ds_store(Wave& w, const Insn& in) { ds_store_t<K>(w, in); }
template <class K, unsigned STRIDE> void ds_load_2addr(Wave& w, const Insn& in) { ds_load_2addr_t<K, STRIDE>(w, in); }
template <class K, unsigned STRIDE> void ds_store_2addr(Wave& w, const Insn& in) { ds_store_2addr_t<K, STRIDE>(w, in); }

#define RDNA4_INST_LOAD(K)                                                 \
  template void global_load<mem::K>(Wave&, const Insn&);                  \
  template void flat_load<mem::K>(Wave&, const Insn&);                    \
  template void scratch_load<mem::K>(Wave&, const Insn&);                 \
  template void ds_load<mem::K>(Wave&, const Insn&);
#define RDNA4_INST_STORE(K)                                                \
  template void global_store<mem::K>(Wave&, const Insn&);                 \
  template void flat_store<mem::K>(Wave&, const Insn&);                   \
  template void scratch_store<mem::K>(Wave&, const Insn&);                \
  template void ds_store<mem::K>(Wave&, const Insn&);
RDNA4_VMEM_LOAD_KINDS(RDNA4_INST_LOAD)
RDNA4_VMEM_STORE_KINDS(RDNA4_INST_STORE)
#undef RDNA4_INST_LOAD
#undef RDNA4_INST_STORE
template void ds_load_2addr<mem::b32, 1>(Wave&, const Insn&);
template void ds_load_2addr<mem::b64, 1>(Wave&, const Insn&);
template void ds_load_2addr<mem::b32, 64>(Wave&, const Insn&);
template void ds_load_2addr<mem::b64, 64>(Wave&, const Insn&);
template void ds_store_2addr<mem::b32, 1>(Wave&, const Insn&);
template void ds_store_2addr<mem::b64, 1>(Wave&, const Insn&);
template void ds_store_2addr<mem::b32, 64>(Wave&, const Insn&);
template void ds_store_2addr<mem::b64, 64>(Wave&, const Insn&);

// ---- Atomics ------------------------------------------------------------------
// Lane l's T-sized operand starting at register row `row` (T = 64 bits: two rows).
template <class T>
static inline T lane_value(const uint32_t* row, unsigned W, unsigned l) {
  if constexpr (sizeof(T) == 4) return row[l];
  else return uint64_t(row[l]) | uint64_t(row[W + l]) << 32;
}
template <class T>
static inline void set_lane_value(uint32_t* row, unsigned W, unsigned l, T v) {
  row[l] = uint32_t(v);
  if constexpr (sizeof(T) == 8) row[W + l] = uint32_t(uint64_t(v) >> 32);
}

// One read-modify-write, at whatever alignment the address has (UNVERIFIED:
// atomic_alignment). HOST_ATOMIC: a compare-and-swap loop on the host word,
// so that workgroups running on different host threads do not lose updates
// (global memory); LDS and scratch belong to one host thread. A host address
// that is not a multiple of the access size takes a lock instead: a host atomic
// on it would be a split lock, which x86 Linux slows down by orders of magnitude.
template <class Op, bool HOST_ATOMIC>
static inline typename Op::T rmw(uint8_t* p, typename Op::T d, typename Op::T c) {
  using T = typename Op::T;
  if constexpr (HOST_ATOMIC) {
    if (reinterpret_cast<uintptr_t>(p) % sizeof(T) != 0) {
      static std::mutex misaligned;
      std::lock_guard<std::mutex> lock(misaligned);
      T cur;
      std::memcpy(&cur, p, sizeof(T));
      const T nv = Op::apply(cur, d, c);
      std::memcpy(p, &nv, sizeof(T));
      return cur;
    }
    T* q = reinterpret_cast<T*>(p);
    T cur = __atomic_load_n(q, __ATOMIC_RELAXED);
    while (!__atomic_compare_exchange_n(q, &cur, Op::apply(cur, d, c), false, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
    }
    return cur;
  } else {
    T cur;
    std::memcpy(&cur, p, sizeof(T));
    const T nv = Op::apply(cur, d, c);
    std::memcpy(p, &nv, sizeof(T));
    return cur;
  }
}

// The lane loop of every atomic: lanes in increasing order; ptr(l) is lane l's
// host pointer (nullptr after recording a fault: the loop stops there, earlier
// lanes are done and their old values returned). The data registers are read
// before any return value is written (vdst may overlap them).
template <class Op, bool HOST_ATOMIC, class Ptr>
static void atomic_lanes(Wave& w, const Operand& ret, const uint32_t* data, const uint32_t* cmp, Ptr&& ptr) {
  using T = typename Op::T;
  const unsigned W = w.W;
  T old[64];
  uint64_t done = 0;
  lanes_of(w.exec(), w.full, W, [&](unsigned l) {
    uint8_t* p = ptr(l);
    if (!p) return false;
    const T d = lane_value<T>(data, W, l);
    const T c = Op::ndata == 2 ? lane_value<T>(cmp, W, l) : T(0);
    old[l] = rmw<Op, HOST_ATOMIC>(p, d, c);
    done |= 1ull << l;
    return true;
  });
  if (ret.kind != OperandKind::VGPR) return;
  uint32_t* const dst = w.v + size_t(ret.reg) * W;
  for (uint64_t e = done; e; e &= e - 1) {
    const unsigned l = unsigned(__builtin_ctzll(e));
    set_lane_value<T>(dst, W, l, old[l]);
  }
}

// Candidates of atomic_alignment other than exact_bytes (RDNA4_EMU_MODEL): round_down:
// a misaligned address is rounded down to a multiple of the access size; fault: a
// misaligned atomic is a MemoryViolation. Returns false after recording the fault.
static bool atomic_align_alt(Wave& w, const Insn& in, uint64_t& addr, unsigned n, unsigned lane,
                             model::AtomicAlignment k) {
  if (addr % n == 0) return true;
  if (k == model::AtomicAlignment::RoundDown) {
    addr -= addr % n;
    return true;
  }
  char b[160];
  std::snprintf(b, sizeof b, "misaligned atomic of %u bytes at address 0x%" PRIx64 " (lane %u; atomic_alignment=fault)",
                n, addr, lane);
  w.fault_at(int(Fault::MemoryViolation), in, b);
  return false;
}
static model::AtomicAlignment atomic_alignment_choice() {
  static const auto k = model::active<model::AtomicAlignment>();
  return k;
}

// VMEM atomics: the data is vdata; cmpswap packs {data, compare} in consecutive
// registers (AMD RDNA4 ISA reference guide, GLOBAL_ATOMIC_CMPSWAP_B32).
template <Space SP, class Op>
static void vmem_atomic_t(Wave& w, const Insn& in) {
  using T = typename Op::T;
  const auto k = atomic_alignment_choice();
  const VmemAddr va(w, in, SP);
  const uint32_t* data = w.v + size_t(in.src[0].reg) * w.W;
  const uint32_t* cmp = data + size_t(sizeof(T) / 4) * w.W;
  GlobalCursor g(w);
  auto go = [&](auto saddr) {
    constexpr bool S = decltype(saddr)::value;
    atomic_lanes<Op, SP != Space::Scratch>(w, in.dst, data, cmp, [&](unsigned l) -> uint8_t* {
      uint64_t addr = vmem_lane_addr<SP, S>(va, l);
      if (k != model::AtomicAlignment::ExactBytes && !atomic_align_alt(w, in, addr, sizeof(T), l, k)) return nullptr;
      return vmem_ptr_at<SP>(w, in, g, addr, l, sizeof(T), true);
    });
  };
  if (va.has_saddr) go(std::true_type{});
  else go(std::false_type{});
}

template <class Op> void global_atomic(Wave& w, const Insn& in) { vmem_atomic_t<Space::Global, Op>(w, in); }
template <class Op> void flat_atomic(Wave& w, const Insn& in) { vmem_atomic_t<Space::Flat, Op>(w, in); }

// DS atomics: address = vaddr + offset; DATA = data0, DATA2 (compare / OR mask) = data1.
template <class Op>
void ds_atomic(Wave& w, const Insn& in) {
  using T = typename Op::T;
  const uint32_t off = ds_offset(in);
  const uint32_t* a = w.v + size_t(in.vaddr.reg) * w.W;
  const uint32_t* data = w.v + size_t(in.src[0].reg) * w.W;
  const uint32_t* cmp = Op::ndata == 2 ? w.v + size_t(in.src[1].reg) * w.W : data;
  const LdsView lds(w);
  const auto k = atomic_alignment_choice();
  atomic_lanes<Op, false>(w, in.dst, data, cmp, [&](unsigned l) -> uint8_t* {
    uint64_t addr = uint32_t(a[l] + off);
    if (k != model::AtomicAlignment::ExactBytes && !atomic_align_alt(w, in, addr, sizeof(T), l, k)) return nullptr;
    return lds.at(w, in, uint32_t(addr), sizeof(T), l, true);
  });
}

#define RDNA4_INST_ATOMIC(OP)                                      \
  template void global_atomic<atom::OP>(Wave&, const Insn&);      \
  template void flat_atomic<atom::OP>(Wave&, const Insn&);        \
  template void ds_atomic<atom::OP>(Wave&, const Insn&);
RDNA4_ATOMIC_OPS(RDNA4_INST_ATOMIC)
#undef RDNA4_INST_ATOMIC

model::FloatAtomics atom::float_atomics_choice() {
  static const auto k = model::active<model::FloatAtomics>();
  return k;
}

// ---- DS cross-lane and special forms --------------------------------------------
// ds_swizzle_b32: lane i reads lane j of the data (the vaddr register) in its
// group of 32; j from offset1:offset0 (AMD RDNA4 ISA reference guide, DS_SWIZZLE_B32;
// encodings as LLVM's AMDGPU Swizzle namespace, llvm/lib/Target/AMDGPU/SIDefines.h):
//   >= 0xe000 FFT: j = (reverse5(i) >> popcount(mask)) | (i & mask), mask = offset[4:0]
//   >= 0xc000 rotate: size offset[9:5], direction offset[10], lane mask offset[4:0]:
//            j = (i & mask) | ((i +- size) & ~mask), mod 32 (UNVERIFIED: ds_swizzle_rotate)
//   offset[15] quad permute: j = (i & ~3) | offset[2k+1:2k], k = i & 3
//   else bitmask: j = ((i & and) | or) ^ xor, and/or/xor = offset[4:0]/[9:5]/[14:10]
// A lane reading an inactive lane gets 0.
static unsigned swizzle_src(unsigned off, unsigned i) {
  const unsigned lo = i & 31;
  unsigned j;
  if (off >= 0xe000) {
    const unsigned mask = off & 31;
    unsigned r = 0;
    for (unsigned b = 0; b < 5; ++b) r |= ((lo >> b) & 1) << (4 - b);
    j = (r >> __builtin_popcount(mask)) | (lo & mask);
  } else if (off >= 0xc000) {
    const unsigned size = (off >> 5) & 31, mask = off & 31;
    // Candidate dir0_reads_lower (RDNA4_EMU_MODEL=ds_swizzle_rotate=dir0_reads_lower): the direction bit reversed.
    static const unsigned flip = model::active<model::DsSwizzleRotate>() == model::DsSwizzleRotate::Dir0ReadsLower ? 1 : 0;
    // the lane-id bits in the mask are kept, the others come from the rotated id (a carry
    // into a kept bit is lost)
    const unsigned r = ((off >> 10) & 1) ^ flip ? lo - size : lo + size;
    j = (lo & mask) | (r & ~mask & 31);
  } else if (off & 0x8000) {
    j = (lo & ~3u) | ((off >> (2 * (lo & 3))) & 3);
  } else {
    j = (((lo & (off & 31)) | ((off >> 5) & 31)) ^ ((off >> 10) & 31)) & 31;
  }
  return j | (i & ~31u);
}
void ds_swizzle(Wave& w, const Insn& in) {
  const unsigned off = ds_offset(in), W = w.W;
  const uint64_t e = w.exec();
  const uint32_t* s = w.v + size_t(in.vaddr.reg) * W;
  uint32_t t[64];
  for (unsigned l = 0; l < W; ++l) {
    const unsigned j = swizzle_src(off, l);
    t[l] = (e >> j) & 1 ? s[j] : 0;
  }
  uint32_t* d = w.v + size_t(in.dst.reg) * W;
  lanes_of(e, w.full, W, [&](unsigned l) { d[l] = t[l]; return true; });
}

// ds_permute_b32 (forward: lane i's data goes to lane (addr + offset) / 4; the
// highest source lane wins; inactive sources send nothing) and ds_bpermute[_fi]_b32
// (backward: lane i reads lane (addr + offset) / 4; bpermute reads 0 from an
// inactive lane, bpermute_fi reads it anyway). AMD RDNA4 ISA reference guide,
// DS_PERMUTE_B32, DS_BPERMUTE_B32, DS_BPERMUTE_FI_B32.
void ds_permute(Wave& w, const Insn& in, bool backward, bool fetch_inactive) {
  const unsigned W = w.W;
  const uint32_t off = ds_offset(in);
  const uint64_t e = w.exec();
  const uint32_t* a = w.v + size_t(in.vaddr.reg) * W;
  const uint32_t* s = w.v + size_t(in.src[0].reg) * W;
  uint32_t t[64] = {};
  for (unsigned l = 0; l < W; ++l) {
    const unsigned k = ((a[l] + off) >> 2) & (W - 1);
    if (backward) {
      if (fetch_inactive || ((e >> k) & 1)) t[l] = s[k];
    } else if ((e >> l) & 1) {
      t[k] = s[l];
    }
  }
  uint32_t* d = w.v + size_t(in.dst.reg) * W;
  lanes_of(e, w.full, W, [&](unsigned l) { d[l] = t[l]; return true; });
}

// ds_append / ds_consume: one LDS dword at the instruction offset gets
// + / - the number of active lanes; every active lane receives the old value.
void ds_append(Wave& w, const Insn& in, bool consume) {
  const uint64_t e = w.exec();
  if (!e) return;
  const unsigned first = unsigned(__builtin_ctzll(e));
  uint8_t* p = lds_at(w, in, ds_offset(in), 4, first, true);
  if (!p) return;
  uint32_t old;
  std::memcpy(&old, p, 4);
  const uint32_t n = uint32_t(__builtin_popcountll(e)), nv = consume ? old - n : old + n;
  std::memcpy(p, &nv, 4);
  uint32_t* d = w.v + size_t(in.dst.reg) * w.W;
  lanes_of(e, w.full, w.W, [&](unsigned l) { d[l] = old; return true; });
}

// ds_{load,store}_addtid_b32: lane l's address is offset + M0[15:0] + 4 * l.
void ds_addtid(Wave& w, const Insn& in, bool store) {
  const uint32_t base = ds_offset(in) + (w.s[kM0] & 0xffff);
  const unsigned W = w.W;
  uint32_t* v = w.v + size_t(store ? in.src[0].reg : in.dst.reg) * W;
  const LdsView lds(w);
  lanes_of(w.exec(), w.full, W, [&](unsigned l) {
    uint8_t* p = lds.at(w, in, base + 4 * l, 4, l, store);
    if (!p) return false;
    if (store) std::memcpy(p, &v[l], 4);
    else std::memcpy(&v[l], p, 4);
    return true;
  });
}

// ds_storexchg_2addr[_stride64]_rtn_b32/b64: two elements exchanged with data0
// and data1; the old elements are returned in order.
template <class K, unsigned STRIDE>
void ds_storexchg_2addr(Wave& w, const Insn& in) {
  constexpr unsigned R = K::regs, unit = 4 * R * STRIDE;
  const uint32_t off0 = uint32_t(in.imm) * unit, off1 = uint32_t(in.offset1) * unit;
  const unsigned W = w.W;
  const uint32_t* a = w.v + size_t(in.vaddr.reg) * W;
  const uint32_t* s0 = w.v + size_t(in.src[0].reg) * W;
  const uint32_t* s1 = w.v + size_t(in.src[1].reg) * W;
  uint32_t* d = w.v + size_t(in.dst.reg) * W;
  const LdsView lds(w);
  lanes_of(w.exec(), w.full, W, [&](unsigned l) {
    uint8_t* p0 = lds.at(w, in, a[l] + off0, 4 * R, l, true);
    if (!p0) return false;
    uint8_t* p1 = lds.at(w, in, a[l] + off1, 4 * R, l, true);
    if (!p1) return false;
    uint32_t old[2 * R], n[2 * R];
    std::memcpy(old, p0, 4 * R);
    std::memcpy(old + R, p1, 4 * R);
    for (unsigned r = 0; r < R; ++r) {
      n[r] = s0[size_t(r) * W + l];
      n[R + r] = s1[size_t(r) * W + l];
    }
    std::memcpy(p0, n, 4 * R);
    std::memcpy(p1, n + R, 4 * R);
    for (unsigned r = 0; r < 2 * R; ++r) d[size_t(r) * W + l] = old[r];
    return true;
  });
}
template void ds_storexchg_2addr<mem::b32, 1>(Wave&, const Insn&);
template void ds_storexchg_2addr<mem::b32, 64>(Wave&, const Insn&);
template void ds_storexchg_2addr<mem::b64, 1>(Wave&, const Insn&);
template void ds_storexchg_2addr<mem::b64, 64>(Wave&, const Insn&);

// ds_condxchg32_rtn_b64: the 8-byte aligned pair at addr + offset; dword k is
// replaced by data dword k with bit 31 cleared when that data dword's bit 31 is
// set; both old dwords are returned. AMD RDNA4 ISA reference guide, DS_CONDXCHG32_RTN_B64.
void ds_condxchg32(Wave& w, const Insn& in) {
  const unsigned W = w.W;
  const uint32_t off = ds_offset(in);
  const uint32_t* a = w.v + size_t(in.vaddr.reg) * W;
  const uint32_t* s = w.v + size_t(in.src[0].reg) * W;
  uint32_t* d = w.v + size_t(in.dst.reg) * W;
  const LdsView lds(w);
  lanes_of(w.exec(), w.full, W, [&](unsigned l) {
    uint8_t* p = lds.at(w, in, (a[l] + off) & 0xfff8u, 8, l, true);
    if (!p) return false;
    uint32_t old[2];
    std::memcpy(old, p, 8);
    const uint32_t data[2] = {s[l], s[W + l]};
    for (unsigned k = 0; k < 2; ++k)
      if (data[k] >> 31) {
        const uint32_t v = data[k] & 0x7fffffffu;
        std::memcpy(p + 4 * k, &v, 4);
      }
    d[l] = old[0];
    d[W + l] = old[1];
    return true;
  });
}

// global_{load,store}_addtid_b32: lane l's address is the SGPR pair (0 for off)
// + the instruction offset + 4 * l (AMD RDNA4 ISA reference guide,
// GLOBAL_LOAD_ADDTID_B32). The pseudocode names INST_OFFSET[11:0]; the whole
// signed offset field is used here (UNVERIFIED: global_addtid_offset).
void global_addtid(Wave& w, const Insn& in, bool store) {
  // Candidate offset_12bit (RDNA4_EMU_MODEL=global_addtid_offset=offset_12bit): INST_OFFSET[11:0] only.
  static const bool low12 = model::active<model::GlobalAddtidOffset>() == model::GlobalAddtidOffset::Offset12bit;
  const int64_t inst_off = low12 ? int64_t(uint32_t(in.imm) & 0xfffu) : int64_t(in.imm);
  const uint64_t base = (in.saddr.kind == OperandKind::SGPR ? sread64(w, in.saddr) : 0) + inst_off;
  const unsigned W = w.W;
  uint32_t* v = w.v + size_t(store ? in.src[0].reg : in.dst.reg) * W;
  GlobalCursor g(w);
  lanes_of(w.exec(), w.full, W, [&](unsigned l) {
    uint8_t* p = g.at(w, in, base + 4 * uint64_t(l), 4, l, store);
    if (!p) return false;
    if (store) std::memcpy(p, &v[l], 4);
    else std::memcpy(&v[l], p, 4);
    return true;
  });
}

// {global,scratch}_{load,store}_block: VGPR vdata + i <-> the dword at the lane's
// address + 4 * i for every i in 0..31 whose bit is set in M0; other registers and
// dwords are untouched (AMD RDNA4 ISA reference guide, GLOBAL_LOAD_BLOCK). A lane's
// address is read before its registers are written.
template <Space SP>
static void block_t(Wave& w, const Insn& in, bool store) {
  const VmemAddr va(w, in, SP);
  const uint32_t mask = w.s[kM0];
  const unsigned W = w.W;
  uint32_t* const v = w.v + size_t(store ? in.src[0].reg : in.dst.reg) * W;
  GlobalCursor g(w);
  lanes_of(w.exec(), w.full, W, [&](unsigned l) {
    const uint64_t base = SP == Space::Scratch ? va.scratch(l)
                          : va.has_saddr        ? va.global<true>(l)
                                                : va.global<false>(l);
    uint32_t t[32];
    for (unsigned i = 0; i < 32; ++i) {
      if (!((mask >> i) & 1)) continue;
      uint8_t* p = SP == Space::Scratch ? scratch_ptr(w, in, uint32_t(base + 4 * i), 4, l, store)
                                        : g.at(w, in, base + 4 * i, 4, l, store);
      if (!p) return false;
      if (store) std::memcpy(p, &v[size_t(i) * W + l], 4);
      else std::memcpy(&t[i], p, 4);
    }
    if (!store)
      for (unsigned i = 0; i < 32; ++i)
        if ((mask >> i) & 1) v[size_t(i) * W + l] = t[i];
    return true;
  });
}
void global_block(Wave& w, const Insn& in, bool store) { block_t<Space::Global>(w, in, store); }
void scratch_block(Wave& w, const Insn& in, bool store) { block_t<Space::Scratch>(w, in, store); }

// ---- Buffers (VBUFFER, s_buffer_load) ------------------------------------------
// The buffer resource (V#) in four SGPRs, fields as laid out in AMD's RDNA4 ISA
// reference guide ("Buffer Resource Descriptor"): base [47:0], stride [61:48],
// swizzle_enable [63:62], num_records [95:64], dst_sel [107:96], format
// [113:108], index_stride [118:117], add_tid_enable [119], oob_select [125:124],
// type [127:126].
struct BufRsrc {
  uint64_t base;
  uint32_t stride, num_records;
  unsigned swizzle, format, index_stride, oob, type;
  unsigned elem, istride;  // swizzled addressing: element bytes, indices per block
  bool add_tid;
};
static BufRsrc buffer_rsrc(const Wave& w, const Insn& in) {
  const unsigned r = in.saddr.reg;
  const uint32_t d0 = w.s[r & 127], d1 = w.s[(r + 1) & 127], d2 = w.s[(r + 2) & 127], d3 = w.s[(r + 3) & 127];
  BufRsrc b;
  b.base = uint64_t(d0) | uint64_t(d1 & 0xffff) << 32;
  b.stride = (d1 >> 16) & 0x3fff;
  b.swizzle = d1 >> 30;
  b.num_records = d2;
  b.format = (d3 >> 12) & 0x3f;
  b.index_stride = (d3 >> 21) & 3;
  b.add_tid = (d3 >> 23) & 1;
  b.oob = (d3 >> 28) & 3;
  b.type = d3 >> 30;
  // swizzle_enable 1: 4-byte elements, 3: 16-byte (AMD RDNA3.5 ISA reference guide,
  // "Swizzled Buffer Addressing"; Mesa sets 1 for scratch, 3 "16B" for the attribute
  // ring), 2: 8-byte (UNVERIFIED: buffer_swizzle_addressing); index_stride 0..3:
  // 8, 16, 32, 64 indices (Mesa: 2 for wave32 scratch, 3 for wave64).
  // MODEL(buffer_swizzle_addressing) candidates es2_16, es2_4: swizzle_enable 2 gives 16-
  // or 4-byte elements.
  using KES = model::BufferSwizzleAddressing;
  static const KES kes = model::active<KES>();
  b.elem = b.swizzle != 2 || kes == KES::Es2_8 ? 2u << b.swizzle : kes == KES::Es2_16 ? 16u : 4u;
  b.istride = 8u << b.index_stride;
  return b;
}

// Per-lane buffer address and range check, operands read once per instruction.
// index = vaddr index (idxen) + lane id (add_tid_enable); offset = vaddr offset
// (offen) + instruction offset; address = base + soffset + offset + index * stride.
// Out of range (oob_select; AMD RDNA4 ISA reference guide, "Buffer addressing" and
// "Range checking"): 0: index >= num_records or offset + size > stride;
// 1: index >= num_records; 2: num_records == 0; 3 (raw): soffset + offset +
// index * stride + size > num_records. A check is made per dword of an access
// (UNVERIFIED: buffer_range_check).
struct BufAddr {
  BufRsrc r;
  uint32_t soffset = 0;
  int64_t imm = 0;
  const uint32_t* idx = nullptr;
  const uint32_t* off = nullptr;
  // MODEL(buffer_range_check) candidates: whole_access: a multi-dword access is in
  // range only as a whole (the loads and stores ask whole()); no_soffset: the raw
  // check leaves soffset out.
  model::BufferRangeCheck rc = model::BufferRangeCheck::PerDword;
  BufAddr(const Wave& w, const Insn& in) : r(buffer_rsrc(w, in)) {
    static const auto krc = model::active<model::BufferRangeCheck>();
    rc = krc;
    soffset = sread(w, in.soffset);
    imm = in.imm;
    if (in.vaddr.kind == OperandKind::VGPR) {
      const uint32_t* v = w.v + size_t(in.vaddr.reg) * w.W;
      if (in.idxen) idx = v;
      if (in.offen) off = in.idxen ? v + w.W : v;
    }
  }
  uint64_t index(unsigned l) const { return uint64_t(idx ? idx[l] : 0) + (r.add_tid ? l : 0); }
  uint64_t offset(unsigned l) const { return uint64_t(off ? off[l] : 0) + uint64_t(imm); }
  // Byte offset `k` into lane l's access of `n` bytes: in range?
  bool in_range(uint64_t index, uint64_t offset, unsigned n) const {
    switch (r.oob) {
      case 0: return index < r.num_records && offset + n <= r.stride;
      case 1: return index < r.num_records;
      case 2: return r.num_records != 0;
      default: return (rc == model::BufferRangeCheck::NoSoffset ? 0 : soffset) + offset + index * r.stride + n <= r.num_records;
    }
  }
  // Every dword of an access of n bytes may be checked on its own (default), or the
  // access only as a whole (candidate whole_access).
  bool whole(uint64_t index, uint64_t offset, unsigned n) const {
    return rc != model::BufferRangeCheck::WholeAccess || in_range(index, offset, n);
  }
  uint64_t address(uint64_t index, uint64_t offset) const {
    if (r.swizzle) return r.base + soffset + swizzled(index, offset);
    return r.base + soffset + offset + index * r.stride;
  }
  // Swizzled addressing (AMD RDNA3.5 ISA reference guide, "Swizzled Buffer
  // Addressing"): indices form blocks of index_stride records, and within a
  // block the records' elements interleave: element k of every record of the
  // block, then element k + 1. Each dword of a wider access (each channel of a
  // format access) is placed by its own offset; the range check is the linear
  // one above (UNVERIFIED: buffer_swizzle_addressing).
  uint64_t swizzled(uint64_t index, uint64_t offset) const {
    const uint64_t is = r.istride, es = r.elem;
    return (index / is * r.stride + offset / es * es) * is + index % is * es + offset % es;
  }
};

// TFE (texture fail enable) on a load: one more VGPR after the data receives a
// status dword, 0 for every active lane: the emulator has no non-resident (sparse)
// memory, and an out-of-range lane is not a residency failure (UNVERIFIED:
// buffer_tfe_status). LLVM accepts tfe on buffer loads only: a store or atomic
// with the bit set faults.
static bool buffer_unsupported(Wave& w, const Insn& in, bool load) {
  if (!in.tfe || load) return false;
  not_supported(w, in, "tfe (texture fail enable) on a buffer store or atomic is not emulated");
  return true;
}
// MODEL(buffer_tfe_status) candidates: oob_one: an out-of-range lane's status is 1;
// untouched: the status VGPR is not written.
static model::BufferTfeStatus tfe_choice() {
  static const auto k = model::active<model::BufferTfeStatus>();
  return k;
}
static uint32_t* tfe_status_reg(const Wave& w, const Insn& in) {
  return in.tfe && in.dst.kind == OperandKind::VGPR && tfe_choice() != model::BufferTfeStatus::Untouched
             ? w.v + size_t(in.dst.reg + in.dst.nregs - 1) * w.W
             : nullptr;
}
static uint32_t tfe_status(bool in_range) { return tfe_choice() == model::BufferTfeStatus::OobOne && !in_range ? 1u : 0u; }

template <class K>
void buffer_load(Wave& w, const Insn& in) {
  const BufAddr a(w, in);
  const unsigned W = w.W;
  uint32_t* const dst = w.v + size_t(in.dst.reg) * W;
  uint32_t* const st = tfe_status_reg(w, in);
  GlobalCursor g(w);
  lanes_of(w.exec(), w.full, W, [&](unsigned l) {
    const uint64_t index = a.index(l), offset = a.offset(l);
    if (st) st[l] = tfe_status(a.in_range(index, offset, K::bytes));
    if constexpr (K::sub) {
      uint32_t v = 0;
      if (a.in_range(index, offset, K::bytes)) {
        uint8_t* p = g.at(w, in, a.address(index, offset), K::bytes, l, false);
        if (!p) return false;
        v = K::load(dst[l], p);
      } else {
        v = K::load(dst[l], reinterpret_cast<const uint8_t*>("\0\0\0\0"));
      }
      dst[l] = v;
    } else {
      uint32_t t[K::regs];
      const bool whole = a.whole(index, offset, K::bytes);
      for (unsigned r = 0; r < K::regs; ++r) {
        t[r] = 0;
        if (!whole || !a.in_range(index, offset + 4 * r, 4)) continue;
        uint8_t* p = g.at(w, in, a.address(index, offset + 4 * r), 4, l, false);
        if (!p) return false;
        std::memcpy(&t[r], p, 4);
      }
      for (unsigned r = 0; r < K::regs; ++r) dst[size_t(r) * W + l] = t[r];
    }
    return true;
  });
}

template <class K>
void buffer_store(Wave& w, const Insn& in) {
  const BufAddr a(w, in);
  if (buffer_unsupported(w, in, false)) return;
  const unsigned W = w.W;
  const uint32_t* const src = w.v + size_t(in.src[0].reg) * W;
  GlobalCursor g(w);
  lanes_of(w.exec(), w.full, W, [&](unsigned l) {
    const uint64_t index = a.index(l), offset = a.offset(l);
    if constexpr (K::sub) {
      if (!a.in_range(index, offset, K::bytes)) return true;  // dropped
      uint8_t* p = g.at(w, in, a.address(index, offset), K::bytes, l, true);
      if (!p) return false;
      K::store(p, src[l]);
    } else {
      if (!a.whole(index, offset, K::bytes)) return true;  // dropped
      for (unsigned r = 0; r < K::regs; ++r) {
        if (!a.in_range(index, offset + 4 * r, 4)) continue;
        uint8_t* p = g.at(w, in, a.address(index, offset + 4 * r), 4, l, true);
        if (!p) return false;
        std::memcpy(p, &src[size_t(r) * W + l], 4);
      }
    }
    return true;
  });
}

// Buffer atomics: an access outside the range is dropped and returns 0
// (UNVERIFIED: buffer_atomic_out_of_range).
template <class Op>
void buffer_atomic(Wave& w, const Insn& in) {
  using T = typename Op::T;
  const BufAddr a(w, in);
  if (buffer_unsupported(w, in, false)) return;
  const uint32_t* data = w.v + size_t(in.src[0].reg) * w.W;
  const uint32_t* cmp = data + size_t(sizeof(T) / 4) * w.W;
  static uint8_t sink[8];  // target of dropped accesses: written, never read
  GlobalCursor g(w);
  const unsigned W = w.W;
  uint32_t* const dst = in.dst.kind == OperandKind::VGPR ? w.v + size_t(in.dst.reg) * W : nullptr;
  uint64_t dropped = 0;
  // MODEL(buffer_atomic_out_of_range) candidates: keep_vgpr: a dropped atomic leaves
  // its return VGPR as it was (the data); performed: atomics are not range checked.
  using KAO = model::BufferAtomicOutOfRange;
  static const KAO kao = model::active<KAO>();
  T keep[64];
  atomic_lanes<Op, true>(w, in.dst, data, cmp, [&](unsigned l) -> uint8_t* {
    const uint64_t index = a.index(l), offset = a.offset(l);
    if (kao != KAO::Performed && !a.in_range(index, offset, sizeof(T))) {
      dropped |= 1ull << l;
      if (kao == KAO::KeepVgpr) keep[l] = lane_value<T>(data, W, l);
      return sink;
    }
    uint64_t addr = a.address(index, offset);
    if (const auto k = atomic_alignment_choice(); k != model::AtomicAlignment::ExactBytes)  // UNVERIFIED: atomic_alignment candidates
      if (!atomic_align_alt(w, in, addr, sizeof(T), l, k)) return nullptr;
    return g.at(w, in, addr, sizeof(T), l, true);
  });
  if (dst)
    for (uint64_t e = dropped; e; e &= e - 1) {
      const unsigned l = unsigned(__builtin_ctzll(e));
      set_lane_value<T>(dst, W, l, kao == KAO::KeepVgpr ? keep[l] : T(0));
    }
}

#define RDNA4_INST_BUF_LOAD(K) template void buffer_load<mem::K>(Wave&, const Insn&);
#define RDNA4_INST_BUF_STORE(K) template void buffer_store<mem::K>(Wave&, const Insn&);
#define RDNA4_INST_BUF_ATOMIC(OP) template void buffer_atomic<atom::OP>(Wave&, const Insn&);
RDNA4_VMEM_LOAD_KINDS(RDNA4_INST_BUF_LOAD)
RDNA4_VMEM_STORE_KINDS(RDNA4_INST_BUF_STORE)
RDNA4_ATOMIC_OPS(RDNA4_INST_BUF_ATOMIC)
#undef RDNA4_INST_BUF_LOAD
#undef RDNA4_INST_BUF_STORE
#undef RDNA4_INST_BUF_ATOMIC

// Unsigned 11-/10-bit floats (channels of 10_11_11_FLOAT / 11_11_10_FLOAT): no
// sign bit, a 5-bit exponent with bias 15 and `mb` (6 or 5) mantissa bits;
// exponent 31 is infinity (mantissa 0) or NaN (Vulkan specification, "Unsigned
// 11-Bit / 10-Bit Floating-Point Numbers"). To a register the value is exact: f32,
// or for D16 an f16 (the same exponent field, the mantissa shifted up); a NaN
// keeps its mantissa at the top of the wider one (UNVERIFIED: buffer_packed_formats).
static uint32_t ufloat_to_reg(uint32_t v, unsigned mb, bool d16) {
  const uint32_t e = (v >> mb) & 31, m = v & ((1u << mb) - 1);
  if (d16) return (e << 10) | (m << (10 - mb));
  if (e == 31) return 0x7f800000u | (m << (23 - mb));
  if (e == 0) return fp::as_u(std::ldexp(float(m), -14 - int(mb)));
  return ((e + 112) << 23) | (m << (23 - mb));
}
// From a register (f32, or f16 for D16): a NaN stays NaN (its top mantissa bits,
// the top one set); any other negative value (-0, -inf, negative denormals) gives
// +0; +inf gives inf; the rest is rounded to nearest even with gradual underflow,
// and a result past the largest finite value (65024 / 64512) is inf, as IEEE 754
// rounding overflows (UNVERIFIED: buffer_packed_formats).
// MODEL(buffer_packed_formats) candidates (mode): nearest_saturate: a finite value
// past the largest finite one stores the largest finite one; truncate: rounded
// toward zero (so overflow gives the largest finite value too).
static uint32_t reg_to_ufloat(uint32_t r, unsigned mb, bool d16, model::BufferPackedFormats mode) {
  const uint32_t mmask = (1u << mb) - 1, inf = 31u << mb, quiet = 1u << (mb - 1);
  double x;
  if (d16) {
    const uint32_t h = r & 0xffff;
    if ((h & 0x7c00) == 0x7c00 && (h & 0x3ff)) return inf | ((h >> (10 - mb)) & mmask) | quiet;
    x = double(fp::f16_to_f32(uint16_t(h)));
  } else {
    if ((r & 0x7f800000u) == 0x7f800000u && (r & 0x7fffffu)) return inf | ((r >> (23 - mb)) & mmask) | quiet;
    x = double(fp::as_f(r));
  }
  if (std::signbit(x) || x == 0) return 0;
  if (std::isinf(x)) return inf;
  int ex;
  std::frexp(x, &ex);                   // x = f * 2^ex, f in [0.5, 1)
  const int e = std::max(ex - 1, -14);  // below 2^-14: the denormal scale
  // x = q * 2^(e - mb) with q the mantissa (leading one included) rounded to an
  // integer; field = ((e + 15) << mb) + q - 2^mb, a carry out of q moves into the exponent
  const double sq = std::ldexp(x, int(mb) - e);
  const uint64_t q = uint64_t(mode == model::BufferPackedFormats::Truncate ? std::trunc(sq) : std::nearbyint(sq));
  const uint64_t bits = (uint64_t(e + 14) << mb) + q;
  return bits < inf ? uint32_t(bits) : mode != model::BufferPackedFormats::NearestInf ? inf - 1 : inf;
}

// One channel: memory bits -> 32-bit register value (D16: 16-bit value).
static uint32_t fmt_to_reg(const BufFmt& f, uint32_t v, bool d16) {
  const unsigned b = f.bits;
  const uint32_t mask = b == 32 ? ~0u : (1u << b) - 1;
  v &= mask;
  const int64_t s = b == 32 ? int64_t(int32_t(v)) : (int64_t(v) ^ (int64_t(1) << (b - 1))) - (int64_t(1) << (b - 1));
  // The exact quotient is rounded once, to f32 or (D16) to f16: the double
  // quotient of two integers below 2^17 is never close enough to a tie of
  // either format to round differently (going through f32 would round twice,
  // e.g. 16_UNORM 65455 and 65519).
  double x = 0;
  switch (f.num) {
    case NumFmt::Unorm: x = double(v) / double(mask); break;
    case NumFmt::Snorm: x = std::max(double(s) / double((int64_t(1) << (b - 1)) - 1), -1.0); break;
    case NumFmt::Uscaled: x = double(v); break;
    case NumFmt::Sscaled: x = double(s); break;
    case NumFmt::Uint: return d16 ? (v & 0xffff) : v;
    case NumFmt::Sint: return d16 ? uint32_t(s) & 0xffff : uint32_t(s);
    case NumFmt::Float:
      if (b < 16) return ufloat_to_reg(v, b - 5, d16);
      if (b == 16) return d16 ? v : fp::as_u(fp::f16_to_f32(uint16_t(v)));
      return d16 ? fp::f32_to_f16(fp::as_f(v)) : v;
  }
  return d16 ? fp::f64_to_f16(x) : fp::as_u(float(x));
}
// One channel: register value (D16: 16-bit) -> memory bits.
// fmt_mode: MODEL(buffer_format_conversion) candidate truncate_w1: UNORM/SNORM stores
// round toward zero; pk_mode: the buffer_packed_formats candidate.
static uint32_t reg_to_fmt(const BufFmt& f, uint32_t r, bool d16,
                           model::BufferFormatConversion fmt_mode = model::BufferFormatConversion::NearestW1,
                           model::BufferPackedFormats pk_mode = model::BufferPackedFormats::NearestInf) {
  const unsigned b = f.bits;
  const uint32_t mask = b == 32 ? ~0u : (1u << b) - 1;
  if (f.num == NumFmt::Uint || f.num == NumFmt::Sint) return r & mask;
  if (f.num == NumFmt::Float && b < 16) return reg_to_ufloat(r, b - 5, d16, pk_mode);
  if (f.num == NumFmt::Float && b == 16) return d16 ? (r & 0xffff) : fp::f32_to_f16(fp::as_f(r));
  if (f.num == NumFmt::Float) return d16 ? fp::as_u(fp::f16_to_f32(uint16_t(r))) : r;
  const double x = d16 ? double(fp::f16_to_f32(uint16_t(r))) : double(fp::as_f(r));
  const double smax = double((int64_t(1) << (b - 1)) - 1);
  double q = 0;
  switch (f.num) {
    case NumFmt::Unorm: q = std::isnan(x) ? 0 : std::min(std::max(x, 0.0), 1.0) * double(mask); break;
    case NumFmt::Snorm: q = std::isnan(x) ? 0 : std::min(std::max(x, -1.0), 1.0) * smax; break;
    case NumFmt::Uscaled: q = std::isnan(x) ? 0 : std::min(std::max(std::nearbyint(x), 0.0), double(mask)); break;
    default: q = std::isnan(x) ? 0 : std::min(std::max(std::nearbyint(x), -smax - 1), smax); break;
  }
  if (f.num == NumFmt::Unorm || f.num == NumFmt::Snorm) q = fmt_mode == model::BufferFormatConversion::TruncateW1 ? std::trunc(q) : std::nearbyint(q);
  return uint32_t(int64_t(q)) & mask;
}

// Format loads/stores of NCH channels: channel c at byte offset c * (bits / 8);
// a load fills missing channels (NCH beyond the format's) with 0, and W with 1
// (1.0 for the float-valued numeric formats). D16: 16-bit channel values, two
// per register; HI: the one channel goes to / comes from the high half.
// The range check covers the whole access (the channels the format has, up to
// NCH): AMD RDNA4 ISA reference guide, "Range checking": format loads/stores and
// atomics are either entirely in range or entirely out of it; out of range, a
// load returns 0 in every channel (the V# dst_sel is taken as X, Y, Z, W).
// UNVERIFIED (buffer_format_conversion): rounding of UNORM/SNORM/SCALED stores
// (nearest even, saturating), D16 results of UNORM/SNORM/SCALED loads (f16).
// Packed formats: one dword is the element (range check and access), channel c
// its bits from the sum of the widths below it; a store of fewer channels than
// the format has writes 0 bits for the others (UNVERIFIED: buffer_packed_formats).
template <unsigned NCH, bool D16, bool HI>
static void buffer_format_t(Wave& w, const Insn& in, bool store, unsigned format) {
  const BufAddr a(w, in);
  if (buffer_unsupported(w, in, !store)) return;
  const BufFmt f = buffer_fmt(format);
  if (!f.nch) {
    char b[96];
    std::snprintf(b, sizeof b, "buffer data format %u (%s) is not emulated", format, buffer_format_name(format).c_str());
    not_supported(w, in, b);
    return;
  }
  const bool packed = f.packed();
  const unsigned W = w.W, cb = f.bits / 8;
  uint32_t* const v = w.v + size_t(store ? in.src[0].reg : in.dst.reg) * W;
  uint32_t* const st = store ? nullptr : tfe_status_reg(w, in);
  BufFmt cf[4] = {f, f, f, f};  // packed formats: one channel each
  for (unsigned c = 0; c < 4; ++c) cf[c].bits = f.cw[c];
  // MODEL(buffer_format_conversion) candidates: nearest_w0: a missing W reads 0;
  // truncate_w1: UNORM/SNORM stores round toward zero. MODEL(buffer_packed_formats): kpk.
  static const auto kfc = model::active<model::BufferFormatConversion>();
  static const auto kpk = model::active<model::BufferPackedFormats>();
  const bool intfmt = f.num == NumFmt::Uint || f.num == NumFmt::Sint;
  const uint32_t one = kfc == model::BufferFormatConversion::NearestW0 ? 0u : intfmt ? 1u : D16 ? 0x3c00u : 0x3f800000u;  // W of a format without W
  GlobalCursor g(w);
  auto get = [&](unsigned l, unsigned c) -> uint32_t {  // channel c of the register data
    if (!D16) return v[size_t(c) * W + l];
    if (HI) return v[l] >> 16;
    return (v[size_t(c / 2) * W + l] >> (16 * (c & 1))) & 0xffff;
  };
  const unsigned nmem = packed ? 4 : (NCH < f.nch ? NCH : f.nch) * cb;  // bytes the access covers
  lanes_of(w.exec(), w.full, W, [&](unsigned l) {
    const uint64_t index = a.index(l), offset = a.offset(l);
    const bool whole = a.in_range(index, offset, nmem);
    if (st) st[l] = tfe_status(whole);
    uint32_t t[NCH] = {};
    if (packed) {
      uint8_t* p = nullptr;
      if (whole) {
        p = g.at(w, in, a.address(index, offset), 4, l, store);
        if (!p) return false;
      }
      uint32_t word = 0;
      if (store) {
        if (!p) return true;
        for (unsigned c = 0, sh = 0; c < f.nch; sh += f.cw[c++])
          if (c < NCH) word |= reg_to_fmt(cf[c], get(l, c), D16, kfc, kpk) << sh;
        std::memcpy(p, &word, 4);
        return true;
      }
      if (p) std::memcpy(&word, p, 4);
      for (unsigned c = 0, sh = 0; c < NCH; ++c) {
        if (c < f.nch) {
          t[c] = p ? fmt_to_reg(cf[c], word >> sh, D16) : 0u;
          sh += f.cw[c];
        } else {
          t[c] = p && c == 3 ? one : 0u;
        }
      }
    } else {
      for (unsigned c = 0; c < NCH; ++c) {
        const bool have = c < f.nch && whole;
        uint8_t* p = nullptr;
        if (have) {
          p = g.at(w, in, a.address(index, offset + c * cb), cb, l, store);
          if (!p) return false;
        }
        if (store) {
          if (!have) continue;
          const uint32_t m = reg_to_fmt(f, get(l, c), D16, kfc, kpk);
          std::memcpy(p, &m, cb);  // little endian: the low cb bytes
        } else if (have) {
          uint32_t m = 0;
          std::memcpy(&m, p, cb);
          t[c] = fmt_to_reg(f, m, D16);
        } else {
          t[c] = whole && c == 3 && c >= f.nch ? one : 0u;  // W default; out of range: 0
        }
      }
      if (store) return true;
    }
    if (!D16) {
      for (unsigned c = 0; c < NCH; ++c) v[size_t(c) * W + l] = t[c];
    } else if (HI) {
      v[l] = (v[l] & 0xffffu) | (t[0] << 16);
    } else {
      for (unsigned c = 0; c < NCH; c += 2) {
        uint32_t& d = v[size_t(c / 2) * W + l];
        d = c + 1 < NCH ? (t[c] & 0xffff) | (t[c + 1] << 16) : (d & 0xffff0000u) | (t[c] & 0xffff);
      }
    }
    return true;
  });
}

template <unsigned NCH, bool D16, bool HI>
void buffer_format(Wave& w, const Insn& in, bool store, bool tbuffer) {
  buffer_format_t<NCH, D16, HI>(w, in, store, tbuffer ? in.buf_format : buffer_rsrc(w, in).format);
}
template void buffer_format<1, false, false>(Wave&, const Insn&, bool, bool);
template void buffer_format<2, false, false>(Wave&, const Insn&, bool, bool);
template void buffer_format<3, false, false>(Wave&, const Insn&, bool, bool);
template void buffer_format<4, false, false>(Wave&, const Insn&, bool, bool);
template void buffer_format<1, true, false>(Wave&, const Insn&, bool, bool);
template void buffer_format<2, true, false>(Wave&, const Insn&, bool, bool);
template void buffer_format<3, true, false>(Wave&, const Insn&, bool, bool);
template void buffer_format<4, true, false>(Wave&, const Insn&, bool, bool);
template void buffer_format<1, true, true>(Wave&, const Insn&, bool, bool);

// s_buffer_load_*: address = V# base + offset (+ soffset), no index; the range
// check is the raw one against num_records per dword, out-of-range dwords read 0;
// the offset is the signed instruction offset + the unsigned soffset, not wrapped,
// and a dword at a negative offset is out of range (UNVERIFIED: smem_buffer_range_check).
// Candidates other than the defaults (RDNA4_EMU_MODEL): smem_buffer_range_check
// whole_access (1): every dword reads 0 when any dword is out of range; wrap32 (2):
// offset + soffset is taken modulo 2^32 (range check and address); smem_dword_alignment
// exact (1): the dword forms use offset + soffset as it is.

template <class K>
void s_buffer_load(Wave& w, const Insn& in) {
  using KR = model::SmemBufferRangeCheck;
  static const KR range = model::active<KR>();
  static const bool align = model::active<model::SmemDwordAlignment>() == model::SmemDwordAlignment::RoundDown;
  const BufRsrc r = buffer_rsrc(w, in);
  int64_t off = in.imm;
  if (in.src[0].kind != OperandKind::None) off += sread(w, in.src[0]);
  if (range == KR::Wrap32) off = int64_t(uint32_t(off));  // candidate wrap32
  if constexpr (!K::sub)
    if (align) off &= ~int64_t(3);  // UNVERIFIED: smem_dword_alignment (candidate exact: as it is)
  const unsigned n = K::sub ? K::bytes : 4;
  uint32_t t[K::regs];
  bool all_in = true;
  for (unsigned k = 0; k < K::regs; ++k) {
    t[k] = 0;
    const int64_t o = off + 4 * int64_t(k);
    if (o < 0 || uint64_t(o) + n > r.num_records) {
      all_in = false;
      continue;
    }
    uint8_t* p = global_ptr(w, in, r.base + uint64_t(o), n, 0, false);
    if (!p) return;
    if constexpr (K::sub) t[k] = K::load(0, p);
    else std::memcpy(&t[k], p, 4);
  }
  if (range == KR::WholeAccess && !all_in)  // candidate whole_access
    for (unsigned k = 0; k < K::regs; ++k) t[k] = 0;
  if constexpr (K::sub) {
    swrite(w, in.dst, t[0]);
  } else {
    for (unsigned k = 0; k < K::regs; ++k)
      if (in.dst.reg + k != kNull) w.s[(in.dst.reg + k) & 127] = t[k];
  }
}
#define RDNA4_INST_SBUF(K) template void s_buffer_load<mem::K>(Wave&, const Insn&);
RDNA4_SMEM_LOAD_KINDS(RDNA4_INST_SBUF)
#undef RDNA4_INST_SBUF

// ---- SMEM ----------------------------------------------------------------------
// Address = sbase + offset (+ soffset); dword loads round the address down to 4.
template <class K>
void s_load(Wave& w, const Insn& in) {
  uint64_t addr = sread64(w, in.saddr) + int64_t(in.imm);
  if (in.src[0].kind != OperandKind::None) addr += sread(w, in.src[0]);
  if constexpr (!K::sub) {
    // UNVERIFIED: smem_dword_alignment; candidate exact: the address as it is
    static const bool align = model::active<model::SmemDwordAlignment>() == model::SmemDwordAlignment::RoundDown;
    if (align) addr &= ~uint64_t(3);
  }
  uint8_t* p = global_ptr(w, in, addr, K::bytes, 0, false);
  if (!p) return;
  if constexpr (!K::sub) {
    for (unsigned r = 0; r < K::regs; ++r)
      if (in.dst.reg + r != kNull) std::memcpy(&w.s[(in.dst.reg + r) & 127], p + 4 * r, 4);
  } else {
    swrite(w, in.dst, K::load(0, p));
  }
}
#define RDNA4_INST_SMEM(K) template void s_load<mem::K>(Wave&, const Insn&);
RDNA4_SMEM_LOAD_KINDS(RDNA4_INST_SMEM)
#undef RDNA4_INST_SMEM

}  // namespace rdna4emu::core
