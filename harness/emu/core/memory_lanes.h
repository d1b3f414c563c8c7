// Shared pieces of the memory instructions (memory_global.cc, memory_ds.cc,
// memory_buffer.cc, memory_smem.cc): the per-lane data movement and lane loops,
// VMEM addresses, the atomics' read-modify-write, and the buffer resource (V#).
// Address translation and bounds checks: memory.cc (global_ptr, lds_ptr, ...).
#pragma once

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>

#include "semantics.h"

namespace rdna4emu::core {

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
inline typename Op::T rmw(uint8_t* p, typename Op::T d, typename Op::T c) {
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
inline bool atomic_align_alt(Wave& w, const Insn& in, uint64_t& addr, unsigned n, unsigned lane,
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
inline model::AtomicAlignment atomic_alignment_choice() {
  static const auto k = model::active<model::AtomicAlignment>();
  return k;
}

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
inline BufRsrc buffer_rsrc(const Wave& w, const Insn& in) {
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

}  // namespace rdna4emu::core
