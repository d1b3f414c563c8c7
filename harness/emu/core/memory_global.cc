// GLOBAL_*, FLAT_*, SCRATCH_* loads, stores and atomics (VMEM), global_*_addtid, the
// block loads and stores.
// (memory_lanes.h: the shared lane loops and helpers; memory.cc: address translation.)
#include "memory_lanes.h"

namespace rdna4emu::core {

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

// ---- Entry points (semantics.h): one instantiation per element kind --------
template <class K> void global_load(Wave& w, const Insn& in) { vmem_load_t<Space::Global, K>(w, in); }
template <class K> void flat_load(Wave& w, const Insn& in) { vmem_load_t<Space::Flat, K>(w, in); }
template <class K> void scratch_load(Wave& w, const Insn& in) { vmem_load_t<Space::Scratch, K>(w, in); }
template <class K> void global_store(Wave& w, const Insn& in) { vmem_store_t<Space::Global, K>(w, in); }
template <class K> void flat_store(Wave& w, const Insn& in) { vmem_store_t<Space::Flat, K>(w, in); }
template <class K> void scratch_store(Wave& w, const Insn& in) { vmem_store_t<Space::Scratch, K>(w, in); }

#define RDNA4_INST_LOAD(K)                                \
  template void global_load<mem::K>(Wave&, const Insn&);  \
  template void flat_load<mem::K>(Wave&, const Insn&);    \
  template void scratch_load<mem::K>(Wave&, const Insn&);
#define RDNA4_INST_STORE(K)                                \
  template void global_store<mem::K>(Wave&, const Insn&);  \
  template void flat_store<mem::K>(Wave&, const Insn&);    \
  template void scratch_store<mem::K>(Wave&, const Insn&);
RDNA4_VMEM_LOAD_KINDS(RDNA4_INST_LOAD)
RDNA4_VMEM_STORE_KINDS(RDNA4_INST_STORE)
#undef RDNA4_INST_LOAD
#undef RDNA4_INST_STORE

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

#define RDNA4_INST_ATOMIC(OP)                                 \
  template void global_atomic<atom::OP>(Wave&, const Insn&); \
  template void flat_atomic<atom::OP>(Wave&, const Insn&);
RDNA4_ATOMIC_OPS(RDNA4_INST_ATOMIC)
#undef RDNA4_INST_ATOMIC

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

}  // namespace rdna4emu::core
