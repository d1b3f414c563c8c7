// BUFFER_* / TBUFFER_* (VBUFFER): addressing and range checks, loads, stores, atomics,
// format conversions.
// (memory_lanes.h: the shared lane loops and helpers; memory.cc: address translation.)
#include "buffer_formats.h"
#include "memory_lanes.h"

namespace rdna4emu::core {

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

}  // namespace rdna4emu::core
