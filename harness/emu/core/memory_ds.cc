// DS_* (LDS) loads, stores, atomics and the cross-lane and special forms.
// (memory_lanes.h: the shared lane loops and helpers; memory.cc: address translation.)
#include "memory_lanes.h"

namespace rdna4emu::core {

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

// The lane loop of a DS access of one n-byte element at a[l] + off: the whole-wave fast
// path when it applies, else every active lane checked in order, stopping at the first
// that faults (lds.at records it). f(l, host pointer) does the lane's access.
template <class F>
__attribute__((always_inline)) static inline void ds_one_element_lanes(Wave& w, const Insn& in, const uint32_t* a,
                                                                       uint32_t off, uint32_t n, bool write, F&& f) {
  const LdsView lds(w);
  if (lds_whole_wave(w, lds, a, off, n, f)) return;
  lanes_of(w.exec(), w.full, w.W, [&](unsigned l) {
    uint8_t* p = lds.at(w, in, a[l] + off, n, l, write);
    if (!p) return false;
    f(l, p);
    return true;
  });
}

// The checked lane loop of a DS access of two n-byte elements at a[l] + off0 and
// a[l] + off1: both(l, p0, p1) for a lane whose two elements are in range; where only the
// first is, first(l, p0) does what the lane loop in order had done before the fault.
template <class First, class Both>
__attribute__((always_inline)) static inline void ds_two_element_lanes(Wave& w, const Insn& in, const uint32_t* a,
                                                                       uint32_t off0, uint32_t off1, uint32_t n,
                                                                       bool write, First&& first, Both&& both) {
  const LdsView lds(w);
  lanes_of(w.exec(), w.full, w.W, [&](unsigned l) {
    const uint32_t addr = a[l];
    uint8_t* p0 = lds.at(w, in, addr + off0, n, l, write);
    if (!p0) return false;
    uint8_t* p1 = lds.at(w, in, addr + off1, n, l, write);
    if (!p1) {
      first(l, p0);
      return false;
    }
    both(l, p0, p1);
    return true;
  });
}

template <class K>
static void ds_load_t(Wave& w, const Insn& in) {
  const unsigned W = w.W;
  uint32_t* const dst = w.v + size_t(in.dst.reg) * W;
  ds_one_element_lanes(w, in, w.v + size_t(in.vaddr.reg) * W, ds_offset(in), K::bytes, false,
                       [&](unsigned l, const uint8_t* p) { load_lane<K>(dst, W, l, p); });
}

template <class K>
static void ds_store_t(Wave& w, const Insn& in) {
  const unsigned W = w.W;
  const uint32_t* const src = w.v + size_t(in.src[0].reg) * W;
  ds_one_element_lanes(w, in, w.v + size_t(in.vaddr.reg) * W, ds_offset(in), K::bytes, true,
                       [&](unsigned l, uint8_t* p) { store_lane<K>(p, src, W, l); });
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
  // A lane whose second element faults has read its first: it is written.
  ds_two_element_lanes(w, in, a, off0, off1, 4 * DWORDS, false,
                       [&](unsigned l, const uint8_t* p0) { load_lane<K>(dst, W, l, p0); }, pair);
}

template <class K, unsigned STRIDE>
static void ds_store_2addr_t(Wave& w, const Insn& in) {
  constexpr unsigned DWORDS = K::regs, unit = 4 * DWORDS * STRIDE;
  const uint32_t off0 = uint32_t(in.imm) * unit, off1 = uint32_t(in.offset1) * unit;
  const unsigned W = w.W;
  const uint32_t* const s0 = w.v + size_t(in.src[0].reg) * W;
  const uint32_t* const s1 = w.v + size_t(in.src[1].reg) * W;
  // A lane whose second element faults has stored its first.
  ds_two_element_lanes(
      w, in, w.v + size_t(in.vaddr.reg) * W, off0, off1, 4 * DWORDS, true,
      [&](unsigned l, uint8_t* p0) { store_lane<K>(p0, s0, W, l); },
      [&](unsigned l, uint8_t* p0, uint8_t* p1) {
        store_lane<K>(p0, s0, W, l);
        store_lane<K>(p1, s1, W, l);
      });
}

// ---- Entry points (semantics.h): one instantiation per element kind --------
template <class K> void ds_load(Wave& w, const Insn& in) { ds_load_t<K>(w, in); }
template <class K> void ds_store(Wave& w, const Insn& in) { ds_store_t<K>(w, in); }
template <class K, unsigned STRIDE> void ds_load_2addr(Wave& w, const Insn& in) { ds_load_2addr_t<K, STRIDE>(w, in); }
template <class K, unsigned STRIDE> void ds_store_2addr(Wave& w, const Insn& in) { ds_store_2addr_t<K, STRIDE>(w, in); }

#define RDNA4_INST_LOAD(K) template void ds_load<mem::K>(Wave&, const Insn&);
#define RDNA4_INST_STORE(K) template void ds_store<mem::K>(Wave&, const Insn&);
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

#define RDNA4_INST_ATOMIC(OP) template void ds_atomic<atom::OP>(Wave&, const Insn&);
RDNA4_ATOMIC_OPS(RDNA4_INST_ATOMIC)
#undef RDNA4_INST_ATOMIC

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
  // Nothing is exchanged in a lane whose second element faults.
  ds_two_element_lanes(w, in, a, off0, off1, 4 * R, true, [](unsigned, uint8_t*) {},
                       [&](unsigned l, uint8_t* p0, uint8_t* p1) {
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

}  // namespace rdna4emu::core
