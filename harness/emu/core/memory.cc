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

// One read-modify-write. HOST_ATOMIC: a compare-and-swap loop on the host word,
// so that workgroups running on different host threads do not lose updates
// (global memory); LDS and scratch belong to one host thread.
template <class Op, bool HOST_ATOMIC>
static inline typename Op::T rmw(uint8_t* p, typename Op::T d, typename Op::T c) {
  using T = typename Op::T;
  if constexpr (HOST_ATOMIC) {
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

// VMEM atomics: the data is vdata; cmpswap packs {data, compare} in consecutive
// registers (AMD RDNA4 ISA reference guide, GLOBAL_ATOMIC_CMPSWAP_B32).
template <Space SP, class Op>
static void vmem_atomic_t(Wave& w, const Insn& in) {
  using T = typename Op::T;
  const VmemAddr va(w, in, SP);
  const uint32_t* data = w.v + size_t(in.src[0].reg) * w.W;
  const uint32_t* cmp = data + size_t(sizeof(T) / 4) * w.W;
  GlobalCursor g(w);
  auto go = [&](auto saddr) {
    constexpr bool S = decltype(saddr)::value;
    atomic_lanes<Op, SP != Space::Scratch>(w, in.dst, data, cmp, [&](unsigned l) {
      return vmem_lane_ptr<SP, S>(w, in, g, va, l, sizeof(T), true);
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
  atomic_lanes<Op, false>(w, in.dst, data, cmp,
                          [&](unsigned l) { return lds.at(w, in, a[l] + off, sizeof(T), l, true); });
}

#define RDNA4_INST_ATOMIC(OP)                                      \
  template void global_atomic<atom::OP>(Wave&, const Insn&);      \
  template void flat_atomic<atom::OP>(Wave&, const Insn&);        \
  template void ds_atomic<atom::OP>(Wave&, const Insn&);
RDNA4_ATOMIC_OPS(RDNA4_INST_ATOMIC)
#undef RDNA4_INST_ATOMIC

// ---- SMEM ----------------------------------------------------------------------
// Address = sbase + offset (+ soffset); dword loads round the address down to 4.
template <class K>
void s_load(Wave& w, const Insn& in) {
  uint64_t addr = sread64(w, in.saddr) + int64_t(in.imm);
  if (in.src[0].kind != OperandKind::None) addr += sread(w, in.src[0]);
  if constexpr (!K::sub) addr &= ~uint64_t(3);
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
