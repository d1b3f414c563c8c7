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

static inline unsigned kind_bytes_load(unsigned kind) {
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

void vmem_load(Wave& w, const Insn& in, Space sp, unsigned kind, unsigned nregs) {
  unsigned n = kind ? kind_bytes_load(kind) : 4 * nregs;
  uint64_t e = w.exec();
  const unsigned d = in.dst.reg;
  for (unsigned l = 0; l < w.W; ++l) {
    if (!((e >> l) & 1)) continue;
    uint8_t* p = space_ptr(w, in, sp, l, n, false);
    if (!p) return;
    if (kind == 0) {
      for (unsigned r = 0; r < nregs; ++r) std::memcpy(&w.v[size_t(d + r) * w.W + l], p + 4 * r, 4);
    } else {
      put_sub(w.v[size_t(d) * w.W + l], p, kind);
    }
  }
}

void vmem_store(Wave& w, const Insn& in, Space sp, unsigned kind, unsigned nregs) {
  unsigned n = kind == 0 ? 4 * nregs : (kind == 1 || kind == 3) ? 1 : 2;
  uint64_t e = w.exec();
  const unsigned s = in.src[0].reg;
  for (unsigned l = 0; l < w.W; ++l) {
    if (!((e >> l) & 1)) continue;
    uint8_t* p = space_ptr(w, in, sp, l, n, true);
    if (!p) return;
    uint32_t v0 = w.v[size_t(s) * w.W + l];
    switch (kind) {
      case 0: for (unsigned r = 0; r < nregs; ++r) std::memcpy(p + 4 * r, &w.v[size_t(s + r) * w.W + l], 4); break;
      case 1: p[0] = uint8_t(v0); break;
      case 2: { uint16_t h = uint16_t(v0); std::memcpy(p, &h, 2); break; }
      case 3: p[0] = uint8_t(v0 >> 16); break;
      case 4: { uint16_t h = uint16_t(v0 >> 16); std::memcpy(p, &h, 2); break; }
    }
  }
}

static inline uint32_t ds_offset(const Insn& in) { return uint32_t(in.imm) | (uint32_t(in.offset1) << 8); }

void ds_load(Wave& w, const Insn& in, unsigned kind, unsigned nregs) {
  unsigned n = kind ? kind_bytes_load(kind) : 4 * nregs;
  const uint32_t off = ds_offset(in);
  if (kind == 0 && w.exec() == w.full) {  // fast path: whole wave, dwords
    const uint32_t* a = w.vreg(in.vaddr.reg);
    for (unsigned l = 0; l < w.W; ++l) {
      uint8_t* p = lds_at(w, in, uint32_t(a[l] + off), n, l, false);
      if (!p) return;
      for (unsigned r = 0; r < nregs; ++r) std::memcpy(&w.v[size_t(in.dst.reg + r) * w.W + l], p + 4 * r, 4);
    }
    return;
  }
  uint64_t e = w.exec();
  const uint32_t* a = w.vreg(in.vaddr.reg);
  for (unsigned l = 0; l < w.W; ++l) {
    if (!((e >> l) & 1)) continue;
    uint8_t* p = lds_at(w, in, uint32_t(a[l] + off), n, l, false);
    if (!p) return;
    if (kind == 0) {
      for (unsigned r = 0; r < nregs; ++r) std::memcpy(&w.v[size_t(in.dst.reg + r) * w.W + l], p + 4 * r, 4);
    } else {
      put_sub(w.v[size_t(in.dst.reg) * w.W + l], p, kind);
    }
  }
}

void ds_store(Wave& w, const Insn& in, unsigned kind, unsigned nregs) {
  unsigned n = kind == 0 ? 4 * nregs : (kind == 1 || kind == 3) ? 1 : 2;
  const uint32_t off = ds_offset(in);
  uint64_t e = w.exec();
  const uint32_t* a = w.vreg(in.vaddr.reg);
  const unsigned s = in.src[0].reg;
  for (unsigned l = 0; l < w.W; ++l) {
    if (!((e >> l) & 1)) continue;
    uint8_t* p = lds_at(w, in, uint32_t(a[l] + off), n, l, true);
    if (!p) return;
    uint32_t v0 = w.v[size_t(s) * w.W + l];
    switch (kind) {
      case 0: for (unsigned r = 0; r < nregs; ++r) std::memcpy(p + 4 * r, &w.v[size_t(s + r) * w.W + l], 4); break;
      case 1: p[0] = uint8_t(v0); break;
      case 2: { uint16_t h = uint16_t(v0); std::memcpy(p, &h, 2); break; }
      case 3: p[0] = uint8_t(v0 >> 16); break;
      case 4: { uint16_t h = uint16_t(v0 >> 16); std::memcpy(p, &h, 2); break; }
    }
  }
}

// ds_load_2addr_*: two elements of `dwords` dwords at addr + offset0*4*dw*stride and offset1*...
void ds_load_2addr(Wave& w, const Insn& in, unsigned dwords, unsigned stride) {
  uint64_t e = w.exec();
  const uint32_t* a = w.vreg(in.vaddr.reg);
  unsigned unit = 4 * dwords * stride;
  for (unsigned l = 0; l < w.W; ++l) {
    if (!((e >> l) & 1)) continue;
    for (unsigned k = 0; k < 2; ++k) {
      uint32_t off = (k ? in.offset1 : uint32_t(in.imm)) * unit;
      uint8_t* p = lds_at(w, in, uint32_t(a[l] + off), 4 * dwords, l, false);
      if (!p) return;
      for (unsigned r = 0; r < dwords; ++r)
        std::memcpy(&w.v[size_t(in.dst.reg + k * dwords + r) * w.W + l], p + 4 * r, 4);
    }
  }
}

void ds_store_2addr(Wave& w, const Insn& in, unsigned dwords, unsigned stride) {
  uint64_t e = w.exec();
  const uint32_t* a = w.vreg(in.vaddr.reg);
  unsigned unit = 4 * dwords * stride;
  for (unsigned l = 0; l < w.W; ++l) {
    if (!((e >> l) & 1)) continue;
    for (unsigned k = 0; k < 2; ++k) {
      uint32_t off = (k ? in.offset1 : uint32_t(in.imm)) * unit;
      uint8_t* p = lds_at(w, in, uint32_t(a[l] + off), 4 * dwords, l, true);
      if (!p) return;
      unsigned src = (k ? in.src[1].reg : in.src[0].reg);
      for (unsigned r = 0; r < dwords; ++r) std::memcpy(p + 4 * r, &w.v[size_t(src + r) * w.W + l], 4);
    }
  }
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
