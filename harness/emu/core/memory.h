// Device memory as seen by a launch: a sorted, read-only (during the launch)
// list of allocations, with a per-wave last-hit cache for translation.
#pragma once

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "fp.h"
#include "rdna4emu/model.h"
#include "rdna4emu/codeobject.h"
#include "rdna4emu/core/wave.h"

namespace rdna4emu::core {

struct Region {
  uint64_t base, size;
  uint8_t* host;
};

class MemoryMap {
 public:
  std::vector<Region> regions;  // sorted by base
  const Region* find(uint64_t addr) const {
    size_t lo = 0, hi = regions.size();
    while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (regions[mid].base <= addr) lo = mid + 1; else hi = mid;
    }
    if (lo == 0) return nullptr;
    const Region& r = regions[lo - 1];
    return addr - r.base < r.size ? &r : nullptr;
  }
  std::string nearest(uint64_t addr) const;
};

// ---- Element kinds of the memory instructions --------------------------------
// Named after the mnemonic suffix (global_load_d16_hi_u8 -> mem::d16_hi_u8).
// Dword kinds move `regs` whole registers; sub-dword kinds move `bytes` bytes
// of one register: load(old, p) is the register's new value from the bytes at
// p (d16 kinds keep the other half of `old`), store(p, v) writes the bytes.
// AMD RDNA4 ISA reference guide, GLOBAL_LOAD_D16_HI_U8 and friends.
namespace mem {
template <unsigned N>
struct dwords {
  static constexpr bool sub = false;
  static constexpr unsigned regs = N, bytes = 4 * N;
};
using b32 = dwords<1>;
using b64 = dwords<2>;
using b96 = dwords<3>;
using b128 = dwords<4>;
using b256 = dwords<8>;
using b512 = dwords<16>;
template <unsigned BYTES>
struct subdword {
  static constexpr bool sub = true;
  static constexpr unsigned regs = 1, bytes = BYTES;
};
inline uint16_t rd16(const uint8_t* p) { uint16_t h; std::memcpy(&h, p, 2); return h; }
inline void wr16(uint8_t* p, uint32_t v) { const uint16_t h = uint16_t(v); std::memcpy(p, &h, 2); }
inline uint32_t sext8(uint8_t b) { return uint32_t(int32_t(int8_t(b))); }
struct u8 : subdword<1> { static uint32_t load(uint32_t, const uint8_t* p) { return p[0]; } };
struct i8 : subdword<1> { static uint32_t load(uint32_t, const uint8_t* p) { return sext8(p[0]); } };
struct u16 : subdword<2> { static uint32_t load(uint32_t, const uint8_t* p) { return rd16(p); } };
struct i16 : subdword<2> { static uint32_t load(uint32_t, const uint8_t* p) { return uint32_t(int32_t(int16_t(rd16(p)))); } };
// d16: the low half of the register gets the (extended to 16 bits) value, the high half is kept.
struct d16_u8 : subdword<1> { static uint32_t load(uint32_t o, const uint8_t* p) { return (o & 0xffff0000u) | p[0]; } };
struct d16_i8 : subdword<1> {
  static uint32_t load(uint32_t o, const uint8_t* p) { return (o & 0xffff0000u) | (sext8(p[0]) & 0xffffu); }
};
struct d16_b16 : subdword<2> { static uint32_t load(uint32_t o, const uint8_t* p) { return (o & 0xffff0000u) | rd16(p); } };
// d16_hi: the high half gets the value, the low half is kept; stores take the high half.
struct d16_hi_u8 : subdword<1> {
  static uint32_t load(uint32_t o, const uint8_t* p) { return (o & 0xffffu) | uint32_t(p[0]) << 16; }
};
struct d16_hi_i8 : subdword<1> {
  static uint32_t load(uint32_t o, const uint8_t* p) { return (o & 0xffffu) | sext8(p[0]) << 16; }
};
struct d16_hi_b16 : subdword<2> {
  static uint32_t load(uint32_t o, const uint8_t* p) { return (o & 0xffffu) | uint32_t(rd16(p)) << 16; }
  static void store(uint8_t* p, uint32_t v) { wr16(p, v >> 16); }
};
struct d16_hi_b8 : subdword<1> { static void store(uint8_t* p, uint32_t v) { p[0] = uint8_t(v >> 16); } };
struct b8 : subdword<1> { static void store(uint8_t* p, uint32_t v) { p[0] = uint8_t(v); } };
struct b16 : subdword<2> { static void store(uint8_t* p, uint32_t v) { wr16(p, v); } };
}  // namespace mem

// The kinds each load/store entry point is instantiated for (memory.cc).
#define RDNA4_VMEM_LOAD_KINDS(X) \
  X(b32) X(b64) X(b96) X(b128) X(u8) X(i8) X(u16) X(i16) X(d16_u8) X(d16_i8) X(d16_b16) X(d16_hi_u8) X(d16_hi_i8) X(d16_hi_b16)
#define RDNA4_VMEM_STORE_KINDS(X) X(b32) X(b64) X(b96) X(b128) X(b8) X(b16) X(d16_hi_b8) X(d16_hi_b16)
#define RDNA4_SMEM_LOAD_KINDS(X) X(b32) X(b64) X(b96) X(b128) X(b256) X(b512) X(u8) X(i8) X(u16) X(i16)

// ---- Atomic read-modify-write operations ------------------------------------
// apply(m, d, c): the new memory value from the old one (m), the data (d) and,
// for ndata == 2, the second operand (c: the compare value of cmpswap/cmpstore,
// DATA2 of mskor). The instruction returns m when it returns data.
// AMD RDNA4 ISA reference guide, DS_*, GLOBAL_ATOMIC_*, BUFFER_ATOMIC_* pseudocode.
namespace atom {
template <class T_, unsigned NDATA = 1>
struct op {
  using T = T_;
  static constexpr unsigned ndata = NDATA;
};
// The active float_atomics candidate, read once (memory.cc). Candidates other than the
// default rne_keep_denormals (RDNA4_EMU_MODEL): flush_denormals: denormal operands and
// results become zeros of their sign; canonical_nan: every NaN result is the default NaN.
model::FloatAtomics float_atomics_choice();
inline float fadd_f32_alt(float a, float b, model::FloatAtomics k) {
  const bool flush = k == model::FloatAtomics::FlushDenormals;
  if (flush) a = fp::flush32(a), b = fp::flush32(b);
  const float r = a + b;
  if (r == r) return flush ? fp::flush32(r) : r;
  if (flush && std::isnan(a)) return fp::quiet(a);
  if (flush && std::isnan(b)) return fp::quiet(b);
  return fp::as_f(0x7fc00000u);
}
// 16-bit halves of the packed adds under flush_denormals: a zero exponent field is a zero.
inline uint16_t flush16(uint16_t h, uint16_t expmask) { return (h & expmask) == 0 ? uint16_t(h & 0x8000) : h; }
// A NaN result of a float add: the first NaN operand quieted, else the
// positive default NaN (the same convention as the VALU, see semantics.h).
// Round to nearest even, denormals kept (UNVERIFIED: float_atomics).
inline float fadd_f32(float a, float b) {
  static const auto k = float_atomics_choice();
  if (k != model::FloatAtomics::RneKeepDenormals) return fadd_f32_alt(a, b, k);
  const float r = a + b;
  if (r == r) return r;
  if (std::isnan(a)) return fp::quiet(a);
  if (std::isnan(b)) return fp::quiet(b);
  return fp::as_f(0x7fc00000u);
}
// min_num / max_num: a NaN operand loses to a number; two NaNs give the data
// NaN quieted; -0 < +0.
template <class F>
inline F minmax_num(F m, F d, bool is_max) {
  if (std::isnan(d) && std::isnan(m)) {
    if constexpr (sizeof(F) == 4) return fp::quiet(d);
    else return fp::as_d(fp::as_u64(d) | 0x0008000000000000ull);
  }
  if (std::isnan(d)) return m;
  if (std::isnan(m)) return d;
  if (d == 0 && m == 0) return std::signbit(d) != is_max ? d : m;  // both zero: pick by sign
  return (is_max ? d > m : d < m) ? d : m;
}
// Round to bf16 through a round-to-odd f32 (correct single rounding of x).
inline uint16_t f64_to_bf16(double x) {
  float f = float(x);
  if (std::isfinite(x) && double(f) != x) {
    if (std::fabs(double(f)) > std::fabs(x)) f = std::nextafter(f, 0.0f);
    f = fp::as_f(fp::as_u(f) | 1u);
  }
  return fp::f32_to_bf16(f);
}
inline uint16_t nan16(uint16_t a, uint16_t b, uint16_t qbit, uint16_t expmask) {
  auto isnan16 = [&](uint16_t h) { return (h & expmask) == expmask && (h & ~(expmask | 0x8000)) != 0; };
  if (isnan16(a)) return a | qbit;
  if (isnan16(b)) return b | qbit;
  return uint16_t(expmask | qbit);
}
// Packed halves: data + memory per half, rounded once (RNE); NaN as fadd_f32.
inline uint32_t add_pk_f16(uint32_t m, uint32_t d) {
  static const auto k = float_atomics_choice();
  const bool flush = k == model::FloatAtomics::FlushDenormals, canonical = k == model::FloatAtomics::CanonicalNan;
  uint32_t r = 0;
  for (int h = 0; h < 2; ++h) {
    uint16_t a = uint16_t(d >> (16 * h)), b = uint16_t(m >> (16 * h));
    if (flush) a = flush16(a, 0x7c00), b = flush16(b, 0x7c00);
    const double s = double(fp::f16_to_f32(a)) + double(fp::f16_to_f32(b));  // exact in double
    uint16_t q = s == s ? fp::f64_to_f16(s) : canonical ? uint16_t(0x7e00) : nan16(a, b, 0x0200, 0x7c00);
    if (flush) q = flush16(q, 0x7c00);
    r |= uint32_t(q) << (16 * h);
  }
  return r;
}
inline uint32_t add_pk_bf16(uint32_t m, uint32_t d) {
  static const auto k = float_atomics_choice();
  const bool flush = k == model::FloatAtomics::FlushDenormals, canonical = k == model::FloatAtomics::CanonicalNan;
  uint32_t r = 0;
  for (int h = 0; h < 2; ++h) {
    uint16_t a = uint16_t(d >> (16 * h)), b = uint16_t(m >> (16 * h));
    if (flush) a = flush16(a, 0x7f80), b = flush16(b, 0x7f80);
    const double s = double(fp::bf16_to_f32(a)) + double(fp::bf16_to_f32(b));
    uint16_t q = s == s ? f64_to_bf16(s) : canonical ? uint16_t(0x7fc0) : nan16(a, b, 0x0040, 0x7f80);
    if (flush) q = flush16(q, 0x7f80);
    r |= uint32_t(q) << (16 * h);
  }
  return r;
}
#define RDNA4_ATOM(NAME, T, N, EXPR)                               \
  struct NAME : op<T, N> {                                         \
    static T apply(T m, T d, T c) { (void)m; (void)d; (void)c; return EXPR; } \
  };
#define RDNA4_ATOM_INT(SFX, T, S)                                                   \
  RDNA4_ATOM(swap_b##SFX, T, 1, d)                                                  \
  RDNA4_ATOM(cmpswap_b##SFX, T, 2, m == c ? d : m)                                  \
  RDNA4_ATOM(add_u##SFX, T, 1, T(m + d))                                            \
  RDNA4_ATOM(sub_u##SFX, T, 1, T(m - d))                                            \
  RDNA4_ATOM(rsub_u##SFX, T, 1, T(d - m))                                           \
  RDNA4_ATOM(min_i##SFX, T, 1, S(d) < S(m) ? d : m)                                 \
  RDNA4_ATOM(max_i##SFX, T, 1, S(d) >= S(m) ? d : m)                                \
  RDNA4_ATOM(min_u##SFX, T, 1, d < m ? d : m)                                       \
  RDNA4_ATOM(max_u##SFX, T, 1, d >= m ? d : m)                                      \
  RDNA4_ATOM(and_b##SFX, T, 1, T(m & d))                                            \
  RDNA4_ATOM(or_b##SFX, T, 1, T(m | d))                                             \
  RDNA4_ATOM(xor_b##SFX, T, 1, T(m ^ d))                                            \
  RDNA4_ATOM(mskor_b##SFX, T, 2, T((m & ~d) | c))                                   \
  RDNA4_ATOM(inc_u##SFX, T, 1, m >= d ? T(0) : T(m + 1))                            \
  RDNA4_ATOM(dec_u##SFX, T, 1, (m == 0 || m > d) ? d : T(m - 1))
RDNA4_ATOM_INT(32, uint32_t, int32_t)
RDNA4_ATOM_INT(64, uint64_t, int64_t)
RDNA4_ATOM(cond_sub_u32, uint32_t, 1, m >= d ? m - d : m)
RDNA4_ATOM(sub_clamp_u32, uint32_t, 1, m < d ? 0u : m - d)
RDNA4_ATOM(add_f32, uint32_t, 1, fp::as_u(fadd_f32(fp::as_f(m), fp::as_f(d))))
RDNA4_ATOM(min_num_f32, uint32_t, 1, fp::as_u(minmax_num(fp::as_f(m), fp::as_f(d), false)))
RDNA4_ATOM(max_num_f32, uint32_t, 1, fp::as_u(minmax_num(fp::as_f(m), fp::as_f(d), true)))
RDNA4_ATOM(min_num_f64, uint64_t, 1, fp::as_u64(minmax_num(fp::as_d(m), fp::as_d(d), false)))
RDNA4_ATOM(max_num_f64, uint64_t, 1, fp::as_u64(minmax_num(fp::as_d(m), fp::as_d(d), true)))
RDNA4_ATOM(pk_add_f16, uint32_t, 1, add_pk_f16(m, d))
RDNA4_ATOM(pk_add_bf16, uint32_t, 1, add_pk_bf16(m, d))
#undef RDNA4_ATOM_INT
#undef RDNA4_ATOM
}  // namespace atom

#define RDNA4_ATOMIC_OPS_W(X, SFX) \
  X(swap_b##SFX) X(cmpswap_b##SFX) X(add_u##SFX) X(sub_u##SFX) X(rsub_u##SFX) X(min_i##SFX) X(max_i##SFX) \
  X(min_u##SFX) X(max_u##SFX) X(and_b##SFX) X(or_b##SFX) X(xor_b##SFX) X(mskor_b##SFX) X(inc_u##SFX) X(dec_u##SFX)
#define RDNA4_ATOMIC_OPS(X)                                                                                 \
  RDNA4_ATOMIC_OPS_W(X, 32) RDNA4_ATOMIC_OPS_W(X, 64) X(cond_sub_u32) X(sub_clamp_u32) X(add_f32)         \
  X(min_num_f32) X(max_num_f32) X(min_num_f64) X(max_num_f64) X(pk_add_f16) X(pk_add_bf16)

struct Program;

struct LaunchCtx {
  const MemoryMap* mem = nullptr;
  const KernelInfo* kernel = nullptr;
  const Program* prog = nullptr;
  std::vector<ExecHook*> hooks;
  uint64_t budget = 0;                 // wave-instructions for the whole launch
  std::atomic<uint64_t> used{0};       // consumed, in chunks
  // Wall-time watchdog (LaunchOptions::time_limit_seconds): checked with the budget,
  // at every chunk a wave consumes.
  bool has_deadline = false;
  double time_limit_seconds = 0;
  std::chrono::steady_clock::time_point deadline{};
  // Lowest linear index of a workgroup that faulted (~0: none). Workgroups above it stop; those
  // below it run on, so a multi-threaded launch reports the fault a one-thread launch reports.
  std::atomic<uint64_t> fault_wg{~0ull};
  void note_fault(uint64_t wg) {
    uint64_t cur = fault_wg.load(std::memory_order_relaxed);
    while (wg < cur && !fault_wg.compare_exchange_weak(cur, wg, std::memory_order_relaxed)) {
    }
  }
  bool stop_after(uint64_t wg) const { return wg > fault_wg.load(std::memory_order_relaxed); }
  bool trace = false;
  // Cooperative launch (LaunchOptions::cooperative): every workgroup resident at once and
  // interleaved on one host thread; a wave yields at the end of each budget chunk.
  bool cooperative = false;
  uint64_t code_base = 0;              // device address of the kernel entry (image base + code_vaddr)
};

// Last-hit cache for one wave (not shared between threads).
struct TlbCache {
  uint64_t base = 1, end = 0;
  uint8_t* host = nullptr;
};

}  // namespace rdna4emu::core
