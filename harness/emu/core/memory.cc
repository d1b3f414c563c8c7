// Memory access for the semantic functions: translation, bounds checks and
// the load/store loops shared by the VMEM, DS and SMEM instructions.
#include <cinttypes>
#include <cstdio>

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

static inline uint8_t* space_ptr(Wave& w, const Insn& in, Space sp, unsigned l, unsigned n, bool write) {
  switch (sp) {
    case Space::Global: return global_at(w, in, vmem_addr(w, in, l), n, l, write);
    case Space::Flat: return flat_ptr(w, in, vmem_addr(w, in, l), n, l, write);
    case Space::Scratch: return scratch_ptr(w, in, scratch_addr(w, in, l), n, l, write);
  }
  return nullptr;
}

static constexpr unsigned kind_bytes_load(unsigned kind) {
  switch (kind) {
    case 1: case 2: case 7: case 8: case 9: case 10: return 1;
    case 3: case 4: case 5: case 6: return 2;
    default: return 4;
  }
}

static inline void put_sub(uint32_t& d, const uint8_t* p, unsigned kind) {
  switch (kind) {
    case 1: d = p[0]; break;
    case 2: d = uint32_t(int32_t(int8_t(p[0]))); break;
    case 3: { uint16_t h; std::memcpy(&h, p, 2); d = h; break; }
    case 4: { int16_t h; std::memcpy(&h, p, 2); d = uint32_t(int32_t(h)); break; }
    case 5: { uint16_t h; std::memcpy(&h, p, 2); d = (d & 0xffff0000u) | h; break; }
    case 6: { uint16_t h; std::memcpy(&h, p, 2); d = (d & 0xffffu) | (uint32_t(h) << 16); break; }
    case 7: d = (d & 0xffff0000u) | p[0]; break;
    case 8: d = (d & 0xffff0000u) | uint16_t(int16_t(int8_t(p[0]))); break;
    case 9: d = (d & 0xffffu) | (uint32_t(p[0]) << 16); break;
    case 10: d = (d & 0xffffu) | (uint32_t(uint16_t(int16_t(int8_t(p[0])))) << 16); break;
  }
}

static inline void get_sub(uint8_t* p, uint32_t v0, unsigned kind) {
  switch (kind) {
    case 1: p[0] = uint8_t(v0); break;
    case 2: { uint16_t h = uint16_t(v0); std::memcpy(p, &h, 2); break; }
    case 3: p[0] = uint8_t(v0 >> 16); break;
    case 4: { uint16_t h = uint16_t(v0 >> 16); std::memcpy(p, &h, 2); break; }
  }
}

// The per-lane data movement of every load and store below, shared by the
// whole-wave and the checked lane loops: lane l of the destination rows from
// the host bytes at p (KIND 0: NREGS dwords; else a sub-dword kind, put_sub),
// or the host bytes at p from lane l of the source rows (get_sub).
template <unsigned KIND, unsigned NREGS>
__attribute__((always_inline)) static inline void load_lane(uint32_t* dst, unsigned W, unsigned l, const uint8_t* p) {
  if constexpr (KIND == 0) {
    for (unsigned r = 0; r < NREGS; ++r) std::memcpy(&dst[size_t(r) * W + l], p + 4 * r, 4);
  } else {
    put_sub(dst[l], p, KIND);
  }
}
template <unsigned KIND, unsigned NREGS>
__attribute__((always_inline)) static inline void store_lane(uint8_t* p, const uint32_t* src, unsigned W, unsigned l) {
  if constexpr (KIND == 0) {
    for (unsigned r = 0; r < NREGS; ++r) std::memcpy(p + 4 * r, &src[size_t(r) * W + l], 4);
  } else {
    get_sub(p, src[l], KIND);
  }
}

// ---- The lane loops --------------------------------------------------------
// One instantiation per (kind, register count) the instructions use, so the
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
__attribute__((always_inline)) static inline uint8_t* vmem_lane_ptr(Wave& w, const Insn& in, GlobalCursor& g,
                                                                     const VmemAddr& va, unsigned l, unsigned n,
                                                                     bool write) {
  if constexpr (SP == Space::Global) return g.at(w, in, va.global<SADDR>(l), n, l, write);
  else if constexpr (SP == Space::Flat) {
    const uint64_t addr = va.global<SADDR>(l);
    if (addr - kSharedAperture < kApertureSize || addr - kPrivateAperture < kApertureSize)
      return flat_ptr(w, in, addr, n, l, write);
    return g.at(w, in, addr, n, l, write);
  } else {
    return scratch_ptr(w, in, va.scratch(l), n, l, write);
  }
}

template <Space SP, unsigned KIND, unsigned NREGS, bool SADDR>
static void vmem_load_t(Wave& w, const Insn& in, const VmemAddr& va) {
  constexpr unsigned n = KIND ? kind_bytes_load(KIND) : 4 * NREGS;
  const unsigned W = w.W;
  uint32_t* const dst = w.v + size_t(in.dst.reg) * W;
  GlobalCursor g(w);
  lanes_of(w.exec(), w.full, W, [&](unsigned l) {
    uint8_t* p = vmem_lane_ptr<SP, SADDR>(w, in, g, va, l, n, false);
    if (!p) return false;
    load_lane<KIND, NREGS>(dst, W, l, p);
    return true;
  });
}

template <Space SP, unsigned KIND, unsigned NREGS, bool SADDR>
static void vmem_store_t(Wave& w, const Insn& in, const VmemAddr& va) {
  constexpr unsigned n = KIND == 0 ? 4 * NREGS : (KIND == 1 || KIND == 3) ? 1 : 2;
  const unsigned W = w.W;
  const uint32_t* const src = w.v + size_t(in.src[0].reg) * W;
  GlobalCursor g(w);
  lanes_of(w.exec(), w.full, W, [&](unsigned l) {
    uint8_t* p = vmem_lane_ptr<SP, SADDR>(w, in, g, va, l, n, true);
    if (!p) return false;
    store_lane<KIND, NREGS>(p, src, W, l);
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
template <Space SP, unsigned KIND, unsigned NREGS>
static void vmem_load_t(Wave& w, const Insn& in) {
  const VmemAddr va(w, in, SP);
  if constexpr (SP == Space::Global) {
    constexpr unsigned n = KIND ? kind_bytes_load(KIND) : 4 * NREGS;
    const unsigned W = w.W;
    uint32_t* const dst = w.v + size_t(in.dst.reg) * W;
    auto put = [&](unsigned l, const uint8_t* p) { load_lane<KIND, NREGS>(dst, W, l, p); };
    if (va.has_saddr ? global_whole_wave<true>(w, va, n, put) : global_whole_wave<false>(w, va, n, put)) return;
  }
  if (va.has_saddr) vmem_load_t<SP, KIND, NREGS, true>(w, in, va);
  else vmem_load_t<SP, KIND, NREGS, false>(w, in, va);
}
template <Space SP, unsigned KIND, unsigned NREGS>
static void vmem_store_t(Wave& w, const Insn& in) {
  const VmemAddr va(w, in, SP);
  if constexpr (SP == Space::Global) {
    constexpr unsigned n = KIND == 0 ? 4 * NREGS : (KIND == 1 || KIND == 3) ? 1 : 2;
    const unsigned W = w.W;
    const uint32_t* const src = w.v + size_t(in.src[0].reg) * W;
    auto put = [&](unsigned l, uint8_t* p) { store_lane<KIND, NREGS>(p, src, W, l); };
    if (va.has_saddr ? global_whole_wave<true>(w, va, n, put) : global_whole_wave<false>(w, va, n, put)) return;
  }
  if (va.has_saddr) vmem_store_t<SP, KIND, NREGS, true>(w, in, va);
  else vmem_store_t<SP, KIND, NREGS, false>(w, in, va);
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

template <unsigned KIND, unsigned NREGS>
static void ds_load_t(Wave& w, const Insn& in) {
  constexpr unsigned n = KIND ? kind_bytes_load(KIND) : 4 * NREGS;
  const uint32_t off = ds_offset(in);
  const unsigned W = w.W;
  const uint32_t* const a = w.v + size_t(in.vaddr.reg) * W;
  uint32_t* const dst = w.v + size_t(in.dst.reg) * W;
  const LdsView lds(w);
  if (lds_whole_wave(w, lds, a, off, n, [&](unsigned l, const uint8_t* p) { load_lane<KIND, NREGS>(dst, W, l, p); }))
    return;
  lanes_of(w.exec(), w.full, W, [&](unsigned l) {
    uint8_t* p = lds.at(w, in, a[l] + off, n, l, false);
    if (!p) return false;
    load_lane<KIND, NREGS>(dst, W, l, p);
    return true;
  });
}

template <unsigned KIND, unsigned NREGS>
static void ds_store_t(Wave& w, const Insn& in) {
  constexpr unsigned n = KIND == 0 ? 4 * NREGS : (KIND == 1 || KIND == 3) ? 1 : 2;
  const uint32_t off = ds_offset(in);
  const unsigned W = w.W;
  const uint32_t* const a = w.v + size_t(in.vaddr.reg) * W;
  const uint32_t* const src = w.v + size_t(in.src[0].reg) * W;
  const LdsView lds(w);
  if (lds_whole_wave(w, lds, a, off, n, [&](unsigned l, uint8_t* p) { store_lane<KIND, NREGS>(p, src, W, l); }))
    return;
  lanes_of(w.exec(), w.full, W, [&](unsigned l) {
    uint8_t* p = lds.at(w, in, a[l] + off, n, l, true);
    if (!p) return false;
    store_lane<KIND, NREGS>(p, src, W, l);
    return true;
  });
}

// ds_*_2addr_*: two elements of DWORDS dwords at addr + offset0 * 4 * DWORDS * STRIDE and offset1 * ...
template <unsigned DWORDS, unsigned STRIDE>
static void ds_load_2addr_t(Wave& w, const Insn& in) {
  constexpr unsigned unit = 4 * DWORDS * STRIDE;
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
      load_lane<0, DWORDS>(dst, W, l, p0);
      return false;
    }
    pair(l, p0, p1);
    return true;
  });
}

template <unsigned DWORDS, unsigned STRIDE>
static void ds_store_2addr_t(Wave& w, const Insn& in) {
  constexpr unsigned unit = 4 * DWORDS * STRIDE;
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
    store_lane<0, DWORDS>(p0, s0, W, l);
    uint8_t* p1 = lds.at(w, in, addr + off1, 4 * DWORDS, l, true);
    if (!p1) return false;
    store_lane<0, DWORDS>(p1, s1, W, l);
    return true;
  });
}

// ---- Entry points: dispatch to the instantiation --------------------------
// Register counts 1-4 (dwords) exist for every space; anything else is a
// decoder bug, reported as an illegal instruction rather than guessed.
static void bad_shape(Wave& w, const Insn& in, const char* what, unsigned kind, unsigned nregs) {
  char b[128];
  std::snprintf(b, sizeof b, "internal: no %s lane loop for kind %u, %u registers", what, kind, nregs);
  w.fault_at(int(Fault::IllegalInstruction), in, b);
}

#define RDNA4_SUB_KINDS(X, N) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10)

template <Space SP>
static void vmem_load_sp(Wave& w, const Insn& in, unsigned kind, unsigned nregs) {
  if (kind == 0) {
    switch (nregs) {
      case 1: return vmem_load_t<SP, 0, 1>(w, in);
      case 2: return vmem_load_t<SP, 0, 2>(w, in);
      case 3: return vmem_load_t<SP, 0, 3>(w, in);
      case 4: return vmem_load_t<SP, 0, 4>(w, in);
    }
  } else if (nregs == 1) {
    switch (kind) {
#define RDNA4_K(K) case K: return vmem_load_t<SP, K, 1>(w, in);
      RDNA4_SUB_KINDS(RDNA4_K, 1)
#undef RDNA4_K
    }
  }
  bad_shape(w, in, "VMEM load", kind, nregs);
}

template <Space SP>
static void vmem_store_sp(Wave& w, const Insn& in, unsigned kind, unsigned nregs) {
  if (kind == 0) {
    switch (nregs) {
      case 1: return vmem_store_t<SP, 0, 1>(w, in);
      case 2: return vmem_store_t<SP, 0, 2>(w, in);
      case 3: return vmem_store_t<SP, 0, 3>(w, in);
      case 4: return vmem_store_t<SP, 0, 4>(w, in);
    }
  } else if (nregs == 1) {
    switch (kind) {
      case 1: return vmem_store_t<SP, 1, 1>(w, in);
      case 2: return vmem_store_t<SP, 2, 1>(w, in);
      case 3: return vmem_store_t<SP, 3, 1>(w, in);
      case 4: return vmem_store_t<SP, 4, 1>(w, in);
    }
  }
  bad_shape(w, in, "VMEM store", kind, nregs);
}

void vmem_load(Wave& w, const Insn& in, Space sp, unsigned kind, unsigned nregs) {
  switch (sp) {
    case Space::Global: return vmem_load_sp<Space::Global>(w, in, kind, nregs);
    case Space::Flat: return vmem_load_sp<Space::Flat>(w, in, kind, nregs);
    case Space::Scratch: return vmem_load_sp<Space::Scratch>(w, in, kind, nregs);
  }
}

void vmem_store(Wave& w, const Insn& in, Space sp, unsigned kind, unsigned nregs) {
  switch (sp) {
    case Space::Global: return vmem_store_sp<Space::Global>(w, in, kind, nregs);
    case Space::Flat: return vmem_store_sp<Space::Flat>(w, in, kind, nregs);
    case Space::Scratch: return vmem_store_sp<Space::Scratch>(w, in, kind, nregs);
  }
}

void ds_load(Wave& w, const Insn& in, unsigned kind, unsigned nregs) {
  if (kind == 0) {
    switch (nregs) {
      case 1: return ds_load_t<0, 1>(w, in);
      case 2: return ds_load_t<0, 2>(w, in);
      case 3: return ds_load_t<0, 3>(w, in);
      case 4: return ds_load_t<0, 4>(w, in);
    }
  } else if (nregs == 1) {
    switch (kind) {
#define RDNA4_K(K) case K: return ds_load_t<K, 1>(w, in);
      RDNA4_SUB_KINDS(RDNA4_K, 1)
#undef RDNA4_K
    }
  }
  bad_shape(w, in, "LDS load", kind, nregs);
}

void ds_store(Wave& w, const Insn& in, unsigned kind, unsigned nregs) {
  if (kind == 0) {
    switch (nregs) {
      case 1: return ds_store_t<0, 1>(w, in);
      case 2: return ds_store_t<0, 2>(w, in);
      case 3: return ds_store_t<0, 3>(w, in);
      case 4: return ds_store_t<0, 4>(w, in);
    }
  } else if (nregs == 1) {
    switch (kind) {
      case 1: return ds_store_t<1, 1>(w, in);
      case 2: return ds_store_t<2, 1>(w, in);
      case 3: return ds_store_t<3, 1>(w, in);
      case 4: return ds_store_t<4, 1>(w, in);
    }
  }
  bad_shape(w, in, "LDS store", kind, nregs);
}

void ds_load_2addr(Wave& w, const Insn& in, unsigned dwords, unsigned stride) {
  if (dwords == 1 && stride == 1) return ds_load_2addr_t<1, 1>(w, in);
  if (dwords == 2 && stride == 1) return ds_load_2addr_t<2, 1>(w, in);
  if (dwords == 1 && stride == 64) return ds_load_2addr_t<1, 64>(w, in);
  if (dwords == 2 && stride == 64) return ds_load_2addr_t<2, 64>(w, in);
  bad_shape(w, in, "LDS 2addr load", dwords, stride);
}

void ds_store_2addr(Wave& w, const Insn& in, unsigned dwords, unsigned stride) {
  if (dwords == 1 && stride == 1) return ds_store_2addr_t<1, 1>(w, in);
  if (dwords == 2 && stride == 1) return ds_store_2addr_t<2, 1>(w, in);
  if (dwords == 1 && stride == 64) return ds_store_2addr_t<1, 64>(w, in);
  if (dwords == 2 && stride == 64) return ds_store_2addr_t<2, 64>(w, in);
  bad_shape(w, in, "LDS 2addr store", dwords, stride);
}

uint32_t atomic_apply(AtomicOp op, uint32_t old, uint32_t data, uint32_t cmp) {
  switch (op) {
    case AtomicOp::ATOMIC_SWAP: return data;
    case AtomicOp::ATOMIC_CMPSWAP:
    case AtomicOp::ATOMIC_CMPSTORE: return old == cmp ? data : old;
    case AtomicOp::ATOMIC_ADD: return old + data;
    case AtomicOp::ATOMIC_SUB: return old - data;
    case AtomicOp::ATOMIC_SMIN: return uint32_t(std::min(int32_t(old), int32_t(data)));
    case AtomicOp::ATOMIC_UMIN: return std::min(old, data);
    case AtomicOp::ATOMIC_SMAX: return uint32_t(std::max(int32_t(old), int32_t(data)));
    case AtomicOp::ATOMIC_UMAX: return std::max(old, data);
    case AtomicOp::ATOMIC_AND: return old & data;
    case AtomicOp::ATOMIC_OR: return old | data;
    case AtomicOp::ATOMIC_XOR: return old ^ data;
    case AtomicOp::ATOMIC_INC: return old >= data ? 0 : old + 1;
    case AtomicOp::ATOMIC_DEC: return (old == 0 || old > data) ? data : old - 1;
    case AtomicOp::ATOMIC_FADD: return as_u(as_f(old) + as_f(data));
    case AtomicOp::ATOMIC_FMIN:
    case AtomicOp::ATOMIC_FMAX: {
      float a = as_f(old), b = as_f(data);
      if (std::isnan(a)) return std::isnan(b) ? old : data;
      if (std::isnan(b)) return old;
      bool mn = op == AtomicOp::ATOMIC_FMIN;
      if (a == b) return (std::signbit(a) == mn) ? old : data;
      return (mn ? a < b : a > b) ? old : data;
    }
  }
  return old;
}

void vmem_atomic(Wave& w, const Insn& in, Space sp, AtomicOp op) {
  uint64_t e = w.exec();
  const unsigned s = in.src[0].reg;
  const bool cmp = op == AtomicOp::ATOMIC_CMPSWAP;
  uint32_t old[64];
  for (unsigned l = 0; l < w.W; ++l) {
    if (!((e >> l) & 1)) continue;
    uint8_t* p = space_ptr(w, in, sp, l, 4, true);
    if (!p) return;
    uint32_t data = w.v[size_t(s) * w.W + l];
    uint32_t cv = cmp ? w.v[size_t(s + 1) * w.W + l] : 0;
    uint32_t* q = reinterpret_cast<uint32_t*>(p);
    uint32_t cur = __atomic_load_n(q, __ATOMIC_RELAXED);
    while (!__atomic_compare_exchange_n(q, &cur, atomic_apply(op, cur, data, cv), false, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED)) {
    }
    old[l] = cur;
  }
  if (in.dst.kind == OperandKind::VGPR)
    for (unsigned l = 0; l < w.W; ++l)
      if ((e >> l) & 1) w.v[size_t(in.dst.reg) * w.W + l] = old[l];
}

void ds_atomic(Wave& w, const Insn& in, AtomicOp op, bool ret) {
  uint64_t e = w.exec();
  const uint32_t* a = w.vreg(in.vaddr.reg);
  const uint32_t off = ds_offset(in);
  uint32_t old[64];
  for (unsigned l = 0; l < w.W; ++l) {
    if (!((e >> l) & 1)) continue;
    uint8_t* p = lds_at(w, in, uint32_t(a[l] + off), 4, l, true);
    if (!p) return;
    uint32_t cur;
    std::memcpy(&cur, p, 4);
    uint32_t data = w.v[size_t(in.src[0].reg) * w.W + l];
    uint32_t cv = op == AtomicOp::ATOMIC_CMPSTORE ? w.v[size_t(in.src[1].reg) * w.W + l] : 0;
    uint32_t nv = atomic_apply(op, cur, data, cv);
    std::memcpy(p, &nv, 4);
    old[l] = cur;
  }
  if (ret && in.dst.kind == OperandKind::VGPR)
    for (unsigned l = 0; l < w.W; ++l)
      if ((e >> l) & 1) w.v[size_t(in.dst.reg) * w.W + l] = old[l];
}

// SMEM: address = sbase + offset (+ soffset); dword loads round the address down to 4.
void smem_load(Wave& w, const Insn& in, unsigned kind, unsigned nregs) {
  uint64_t addr = sread64(w, in.saddr) + int64_t(in.imm);
  if (in.src[0].kind != OperandKind::None) addr += sread(w, in.src[0]);
  unsigned n = kind == 0 ? 4 * nregs : (kind == 1 || kind == 2) ? 1 : 2;
  if (kind == 0) addr &= ~uint64_t(3);
  uint8_t* p = global_ptr(w, in, addr, n, 0, false);
  if (!p) return;
  if (kind == 0) {
    for (unsigned r = 0; r < nregs; ++r)
      if (in.dst.reg + r != kNull) std::memcpy(&w.s[(in.dst.reg + r) & 127], p + 4 * r, 4);
  } else {
    uint32_t v = 0;
    if (kind == 1) v = p[0];
    else if (kind == 2) v = uint32_t(int32_t(int8_t(p[0])));
    else if (kind == 3) { uint16_t h; std::memcpy(&h, p, 2); v = h; }
    else { int16_t h; std::memcpy(&h, p, 2); v = uint32_t(int32_t(h)); }
    swrite(w, in.dst, v);
  }
}

}  // namespace rdna4emu::core
