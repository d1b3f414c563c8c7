// S_LOAD_* and S_BUFFER_LOAD_* (SMEM).
// (memory_lanes.h: the shared lane loops and helpers; memory.cc: address translation.)
#include "memory_lanes.h"

namespace rdna4emu::core {

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
