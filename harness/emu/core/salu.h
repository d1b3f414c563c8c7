// Shared bodies of the scalar ALU instructions (insns/s_*.h). Included at the
// end of semantics.h: S0, S1, S0_64, S1_64, SDST, SDST64 and SCC are its macros.
// Semantics: AMD RDNA4 ISA reference guide, the SOP1 / SOP2 / SOPC / SOPK / SOPP
// instruction pseudocode; MODE register layout: wave.h (Wave::mode).
#pragma once

#include <chrono>
#include <cmath>
#include <cstdio>

namespace rdna4emu::core {

// ---- 64-bit and exec-mask logic -------------------------------------------------
// D = f(S0, S1) on 64 bits; SCC = D != 0 (s_and_b64 ... s_or_not1_b64).
template <class F>
inline void s_logic64(Wave& w, const Insn& in, F f) {
  uint64_t r = f(S0_64, S1_64);
  SDST64(r);
  SCC = r != 0;
}

// s_and_not{0,1}_wrexec_b32: EXEC_LO = op(S0, EXEC_LO); D = the new EXEC_LO;
// SCC = EXEC_LO != 0. Like s_*_saveexec_b32, one SGPR (EXEC_LO) in wave64 too.
template <class Op>
inline void s_wrexec_b32(Wave& w, const Insn& in, Op op) {
  uint64_t e = w.exec();
  uint32_t r = op(sread(w, in.src[0]), uint32_t(e));
  w.set_exec((e & ~uint64_t(0xffffffffu)) | r);
  swrite(w, in.dst, r);
  SCC = r != 0;
}
// s_and_not{0,1}_wrexec_b64: EXEC = op(S0, EXEC) (masked to the wave's lanes,
// as s_saveexec_b64); D = the new EXEC; SCC = EXEC != 0.
template <class Op>
inline void s_wrexec_b64(Wave& w, const Insn& in, Op op) {
  uint64_t r = op(sread64(w, in.src[0]), w.exec()) & w.full;
  w.set_exec(r);
  swrite64(w, in.dst, r);
  SCC = r != 0;
}

// ---- M0-relative SGPR moves (s_movrels*, s_movreld*, s_movrelsd_2_b32) ------------
// The SGPR number is the raw operand field plus an M0 offset. An index past the
// last addressable SGPR of the span (s0..s105 and vcc, i.e. below ttmp0) faults:
// the hardware's behaviour there is not documented (UNVERIFIED, MODEL(salu_movrel_range)).
// Candidate read_zero: such an index reads 0 and drops the write (*out = kMovrelOutside);
// candidate wrap_7bit: the index is taken modulo 128, the width of a scalar operand field,
// and reaches whatever operand has that number (ttmp, m0, exec, ...).
constexpr unsigned kMovrelOutside = 0x100;
inline bool movrel_index(Wave& w, const Insn& in, uint64_t idx, unsigned nregs, unsigned* out) {
  if (idx + nregs > kTtmp0) {
    static const auto k = model::active<model::SaluMovrelRange>();
    if (k == model::SaluMovrelRange::ReadZero) return *out = kMovrelOutside, true;
    if (k == model::SaluMovrelRange::Wrap7bit) return *out = unsigned(idx & 127u), true;
    char b[160];
    std::snprintf(b, sizeof b, "%s: M0-relative SGPR index %llu is outside s0..s107", in.info->mnemonic,
                  (unsigned long long)idx);
    not_supported(w, in, b);
    return false;
  }
  *out = unsigned(idx);
  return true;
}
// Register r of a movrel index and the one after it (a 64-bit pair); reads of
// kMovrelOutside give 0, writes to it are dropped.
inline unsigned movrel_next(unsigned r) { return r >= kMovrelOutside ? r : (r + 1) & 127u; }
inline uint32_t movrel_get(const Wave& w, unsigned r) { return r < kMovrelOutside ? w.s[r] : 0u; }
inline void movrel_set(Wave& w, unsigned r, uint32_t v) {
  if (r < kMovrelOutside) w.s[r] = v;
}

// ---- MODE and hardware registers (s_getreg_b32, s_setreg_b32, s_setreg_imm32_b32) --
// simm16: [5:0] hwreg id, [10:6] bit offset, [15:11] size - 1.
struct HwregField {
  unsigned id, offset, size;
  uint32_t mask() const { return uint32_t(((uint64_t(1) << size) - 1) << offset); }
};
inline HwregField hwreg_field(const Insn& in) {
  uint32_t s = uint16_t(in.imm);
  return {s & 63u, (s >> 6) & 31u, ((s >> 11) & 31u) + 1};
}
constexpr unsigned kHwregMode = 1, kHwregHwId1 = 23, kHwregHwId2 = 24, kHwregShaderCyclesLo = 29,
                   kHwregShaderCyclesHi = 30;
// The cycle counter of SHADER_CYCLES_LO/HI is w.icount + w.cycle_extra (UNVERIFIED:
// the emulator has no clock; MODEL(salu_hwreg_shader_cycles)). Default instruction_count:
// every instruction counts 1, except that a WMMA/SWMMAC counts as many as its modelled
// cycles are a multiple of its wave32 figure (wave64 under wave64_cycles=double: 2), so
// that a timing of wave64 against wave32 sees the wave64_cycles model. Candidate
// modelled_cycles: each instruction adds its modelled cycles (WMMA/SWMMAC: the variant's
// figure, wmma dense_cycles/sparse_cycles; s_nop N: N + 1; every other instruction 1).
// count_matrix_cycles() is called by every WMMA/SWMMAC (wmma_exec.cc) with its figure in
// this wave size and in wave32; s_nop adds its N itself (insns/s_nop.h).
inline model::SaluHwregShaderCycles shader_cycles_model() {
  static const auto k = model::active<model::SaluHwregShaderCycles>();
  return k;
}
inline void count_matrix_cycles(Wave& w, int cycles, int cycles_w32) {
  if (shader_cycles_model() == model::SaluHwregShaderCycles::ModelledCycles) w.cycle_extra += uint64_t(cycles - 1);
  else if (cycles != cycles_w32 && cycles_w32 > 0) w.cycle_extra += uint64_t(cycles / cycles_w32 - 1);
}
// HW_ID1 / HW_ID2 under candidate placement of salu_hwreg_hw_id: an invented placement
// shaped like a GPU's (four SIMDs per WGP, nonzero queue identifiers): wave i of the
// workgroup is wave slot i / 4 ([4:0]) of SIMD i % 4 ([9:8]); HW_ID2 holds 1 in [9:8]
// (a compute micro-engine) and 1 in [27:24] (an address space other than 0).
inline uint32_t hw_id_placement(const Wave& w, unsigned id) {
  if (id == kHwregHwId1) return ((w.wave_id / 4u) & 31u) | ((w.wave_id % 4u) << 8);
  return (1u << 8) | (1u << 24);
}
// Value of hardware register `id`, or false after a fault for a register the
// emulator does not model (rather than inventing its contents).
inline bool hwreg_read(Wave& w, const Insn& in, unsigned id, uint32_t* v) {
  switch (id) {
    case kHwregMode: *v = w.mode; return true;
    // HW_ID1 [4:0] = wave id in the workgroup; the SIMD/WGP/SA/SE fields are 0 (one
    // emulated compute unit). UNVERIFIED: MODEL(salu_hwreg_hw_id); candidate placement
    // (hw_id_placement) gives varying SIMD fields and a nonzero HW_ID2.
    case kHwregHwId1:
    case kHwregHwId2: {
      static const bool placed = model::active<model::SaluHwregHwId>() == model::SaluHwregHwId::Placement;
      if (placed) *v = hw_id_placement(w, id);
      else *v = id == kHwregHwId1 ? w.wave_id & 31u : 0u;  // HW_ID2: queue/pipe/ME/VM ids 0
      return true;
    }
    // SHADER_CYCLES: the wave's executed instruction count (plus the extra cycles of the
    // model, see shader_cycles_model) stands in for the clock.
    case kHwregShaderCyclesLo: *v = uint32_t(w.icount + w.cycle_extra); return true;
    case kHwregShaderCyclesHi: *v = uint32_t((w.icount + w.cycle_extra) >> 32); return true;
    default: break;
  }
  char b[128];
  std::snprintf(b, sizeof b, "%s: hardware register %u is not modelled (MODE, HW_ID1/2, SHADER_CYCLES are)",
                in.info->mnemonic, id);
  not_supported(w, in, b);
  return false;
}
// s_setreg: the field's bits of `value << offset` replace those of the register.
// Only MODE is writable here; every MODE bit is taken as writable (the write
// mask HwRegWriteMask is not published: UNVERIFIED, MODEL(salu_setreg_mode_mask)).
// Candidate round_denorm_only: only MODE[7:0] (round and denormal fields) is writable,
// the other bits keep their value.
inline void hwreg_write(Wave& w, const Insn& in, uint32_t value) {
  HwregField f = hwreg_field(in);
  if (f.id != kHwregMode) {
    char b[128];
    std::snprintf(b, sizeof b, "%s: writing hardware register %u is not modelled (only MODE is)", in.info->mnemonic,
                  f.id);
    not_supported(w, in, b);
    return;
  }
  static const bool low8 = model::active<model::SaluSetregModeMask>() == model::SaluSetregModeMask::RoundDenormOnly;
  uint32_t m = f.mask() & (low8 ? 0xffu : ~0u);
  set_mode(w, (w.mode & ~m) | (uint32_t(uint64_t(value) << f.offset) & m));
}

// ---- s_sendmsg_rtn_b32/b64 MSG_RTN_GET_REALTIME (UNVERIFIED, MODEL(salu_sendmsg_rtn_realtime)) --
// Default instruction_count: the wave's executed instruction count. Candidate host_clock:
// a free-running 100 MHz clock, the host's monotonic clock in 10 ns ticks (a constant-rate
// counter that does not start at the wave, as a GPU's real-time counter).
inline uint64_t host_realtime_100mhz() {
  auto t = std::chrono::steady_clock::now().time_since_epoch();
  return uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(t).count()) / 10u;
}
inline uint64_t sendmsg_realtime(const Wave& w) {
  static const bool host =
      model::active<model::SaluSendmsgRtnRealtime>() == model::SaluSendmsgRtnRealtime::HostClock;
  return host ? host_realtime_100mhz() : w.icount;
}

// ---- SALU floating point (UNVERIFIED, MODEL(salu_float_mode)) ------------------------
// Every SALU float instruction honours MODE like the VALU: the f32 fields ([1:0]
// round, [5:4] denormals) for f32 results, the f16/f64 fields ([3:2], [7:6]) for
// f16 results; denormal inputs are flushed to a signed zero when the denorm field
// of the input's precision is 0 or 2, denormal results when it is 0 or 1 (after
// rounding). NaN results as the VALU (semantics.h nan_result): the first NaN
// operand quieted, else the default NaN 0x7fc00000 / 0x7e00.
// Arithmetic is done exactly (or rounded to odd in binary64, which has more than
// 2 + 24 bits, so one further rounding is correct in every direction) and then
// rounded once in the MODE direction (IEEE 754-2019 clause 4.3).
// The MODE bits these helpers obey: salu_fmode() (MODEL(salu_float_mode)); candidate
// ieee_fixed: nearest even, denormals kept (0xf0) whatever MODE says; candidate
// round_only: MODE's round fields, denormals kept.
inline uint32_t salu_fmode(const Wave& w) {
  static const auto k = model::active<model::SaluFloatMode>();
  if (__builtin_expect(k == model::SaluFloatMode::HonourMode, 1)) return w.mode;
  return k == model::SaluFloatMode::IeeeFixed ? 0xf0u : (w.mode & 0x0fu) | 0xf0u;
}
inline unsigned salu_round32m(const Wave& w) { return salu_fmode(w) & 3u; }
inline unsigned salu_round16m(const Wave& w) { return (salu_fmode(w) >> 2) & 3u; }
inline unsigned salu_denorm32m(const Wave& w) { return (salu_fmode(w) >> 4) & 3u; }
inline unsigned salu_denorm16m(const Wave& w) { return (salu_fmode(w) >> 6) & 3u; }
inline bool salu_flush_in(unsigned denorm) { return denorm == 0 || denorm == 2; }
inline bool salu_flush_out(unsigned denorm) { return denorm == 0 || denorm == 1; }
inline float salu_in32(const Wave& w, float f) { return salu_flush_in(salu_denorm32m(w)) ? flush32(f) : f; }
inline uint16_t salu_flush16(uint16_t h) { return (h & 0x7c00) == 0 ? uint16_t(h & 0x8000) : h; }
inline float salu_in16(const Wave& w, uint16_t h) {
  return f16_to_f32(salu_flush_in(salu_denorm16m(w)) ? salu_flush16(h) : h);
}
// x + y rounded to odd in binary64: the exact sum when it is representable, else
// the neighbour toward zero with its last bit set (TwoSum gives the exact error).
// rm: an exact zero sum of operands of opposite signs is -0 when rounding toward
// -inf, +0 otherwise (IEEE 754-2019 clause 6.3); the host computes it for rm = 0.
inline double salu_add_odd(double x, double y, unsigned rm) {
  double s = x + y;
  if (s == 0 && rm == 2) return (x == 0 && y == 0 && !std::signbit(x) && !std::signbit(y)) ? 0.0 : -0.0;
  if (!std::isfinite(s)) return s;
  double yv = s - x, e = (x - (s - yv)) + (y - yv);
  if (e == 0) return s;
  double t = (e < 0) == (s > 0) ? std::nextafter(s, 0.0) : s;  // truncate toward zero
  return as_d(as_u64(t) | 1);
}
// Round x (exact or rounded to odd) to f32 in rounding mode rm (0 nearest even,
// 1 +inf, 2 -inf, 3 zero): the nearest-even result moved one step when it lies on
// the wrong side of x.
inline float salu_round32(double x, unsigned rm) {
  float f = float(x);
  if (rm == 0 || std::isnan(x) || double(f) == x) return f;
  double y = double(f);
  if (rm == 3 && std::fabs(y) > std::fabs(x)) return std::nextafter(f, 0.0f);
  if (rm == 1 && y < x) return std::nextafter(f, INFINITY);
  if (rm == 2 && y > x) return std::nextafter(f, -INFINITY);
  return f;
}
inline uint16_t salu_round16(double x, unsigned rm) {
  uint16_t h = f64_to_f16(x);
  if (rm == 0 || std::isnan(x)) return h;
  double y = f16_to_f32(h);
  if (y == x) return h;
  // One step of the f16 bit pattern: away from zero is +1 on the magnitude.
  auto away = [](uint16_t v) { return uint16_t(v + 1); };
  auto toward = [](uint16_t v) { return (v & 0x7fff) == 0 ? v : uint16_t(v - 1); };
  bool neg = (h & 0x8000) != 0;
  if (rm == 3 && std::fabs(y) > std::fabs(x)) return toward(h);
  if (rm == 1 && y < x) return neg ? toward(h) : away(h);
  if (rm == 2 && y > x) return neg ? away(h) : toward(h);
  return h;
}
// f32 result r (already rounded), NaN and output flush applied.
inline uint32_t salu_out32(const Wave& w, float r, float a, float b, float c) {
  if (std::isnan(r)) r = nan_result(a, b, c);
  else if (salu_flush_out(salu_denorm32m(w))) r = flush32(r);
  return as_u(r);
}
inline uint16_t salu_out16(const Wave& w, uint16_t r, float a, float b, float c) {
  if ((r & 0x7c00) == 0x7c00 && (r & 0x3ff)) return f32_to_f16(nan_result(a, b, c));
  return salu_flush_out(salu_denorm16m(w)) ? salu_flush16(r) : r;
}
// f32 arithmetic: exact(a, b, c, rm) returns the exact or round-to-odd binary64 value.
template <class F>
inline uint32_t salu_f32(const Wave& w, float a, float b, float c, F exact) {
  a = salu_in32(w, a), b = salu_in32(w, b), c = salu_in32(w, c);
  unsigned rm = salu_round32m(w);
  return salu_out32(w, salu_round32(exact(double(a), double(b), double(c), rm), rm), a, b, c);
}
// Writes an f16 result h to bits [15:0] of the destination SGPR; bits [31:16] are
// zeroed (UNVERIFIED, MODEL(salu_f16_high_bits)). Candidate keep_dst: bits [31:16]
// keep the destination's value; candidate s0_high: they are S0's bits [31:16].
inline void salu_f16_dst(Wave& w, const Insn& in, uint16_t h) {
  static const auto k = model::active<model::SaluF16HighBits>();
  uint32_t hi = 0;
  if (__builtin_expect(k != model::SaluF16HighBits::Zero, 0)) hi = (k == model::SaluF16HighBits::KeepDst ? sread(w, in.dst) : sread(w, in.src[0])) & 0xffff0000u;
  swrite(w, in.dst, hi | h);
}
// f16 arithmetic (inputs are the low 16 bits; the result is bits [15:0] of the value
// returned; the caller writes it with salu_f16_dst).
template <class F>
inline uint32_t salu_f16(const Wave& w, uint32_t a, uint32_t b, uint32_t c, F exact) {
  float x = salu_in16(w, uint16_t(a)), y = salu_in16(w, uint16_t(b)), z = salu_in16(w, uint16_t(c));
  unsigned rm = salu_round16m(w);
  return salu_out16(w, salu_round16(exact(double(x), double(y), double(z), rm), rm), x, y, z);
}
// The exact operations (binary64 products of f32 or f16 values are exact).
inline double salu_exact_add(double a, double b, double, unsigned rm) { return salu_add_odd(a, b, rm); }
inline double salu_exact_sub(double a, double b, double, unsigned rm) { return salu_add_odd(a, -b, rm); }
inline double salu_exact_mul(double a, double b, double, unsigned) { return a * b; }
inline double salu_exact_fma(double a, double b, double c, unsigned rm) { return salu_add_odd(a * b, c, rm); }

// s_min_num / s_max_num (IEEE 754-2019 minimumNumber / maximumNumber: a NaN
// operand loses to a number, two NaNs give the first quieted; -0 < +0) and
// s_minimum / s_maximum (minimum / maximum: a NaN operand wins, a signalling NaN
// first, quieted). Inputs flushed per MODE; the chosen operand is returned as is.
// Returns 1 to pick b, 0 to pick a; *q: the pick is a NaN to be quieted.
inline int salu_minmax_pick(float a, float b, bool is_max, bool nan_wins, bool* q) {
  auto snan = [](float f) { return std::isnan(f) && !((as_u(f) >> 22) & 1); };
  bool na = std::isnan(a), nb = std::isnan(b);
  *q = false;
  if (nan_wins) {
    if (snan(a)) return *q = true, 0;
    if (snan(b)) return *q = true, 1;
    if (na) return 0;
    if (nb) return 1;
  } else {
    if (na && nb) return *q = true, 0;
    if (na) return 1;
    if (nb) return 0;
  }
  if (a == 0 && b == 0) return std::signbit(a) == is_max ? 1 : 0;  // min: -0 wins; max: +0 wins
  return (is_max ? a > b : a < b) ? 0 : 1;
}
template <bool Max, bool NanWins>
inline void s_minmax_f32(Wave& w, const Insn& in) {
  float a = salu_in32(w, as_f(S0)), b = salu_in32(w, as_f(S1));
  bool q;
  float r = salu_minmax_pick(a, b, Max, NanWins, &q) ? b : a;
  SDST(as_u(q ? quiet(r) : r));
}
// f16: compared as f32 (exact); the chosen operand's 16 bits are returned (a
// quieted NaN gets f16 bit 9 set); bits [31:16] zeroed (salu_f16_high_bits).
template <bool Max, bool NanWins>
inline void s_minmax_f16(Wave& w, const Insn& in) {
  uint16_t ha = uint16_t(S0), hb = uint16_t(S1);
  if (salu_flush_in(salu_denorm16m(w))) ha = salu_flush16(ha), hb = salu_flush16(hb);
  bool q;
  uint16_t h = salu_minmax_pick(f16_to_f32(ha), f16_to_f32(hb), Max, NanWins, &q) ? hb : ha;
  salu_f16_dst(w, in, q ? uint16_t(h | 0x200) : h);
}

// Integral rounding of f32 / f16 (s_ceil, s_floor, s_trunc, s_rndne): exact, sign
// of zero kept (IEEE 754-2019 roundToIntegral*). NaN: quieted.
template <class F>
inline void s_round_f32(Wave& w, const Insn& in, F f) {
  float a = salu_in32(w, as_f(S0));
  float r = std::isnan(a) ? quiet(a) : f(a);
  SDST(as_u(r));
}
template <class F>
inline void s_round_f16(Wave& w, const Insn& in, F f) {
  uint16_t h = uint16_t(S0);
  if (salu_flush_in(salu_denorm16m(w))) h = salu_flush16(h);
  float a = f16_to_f32(h);
  salu_f16_dst(w, in, std::isnan(a) ? uint16_t(h | 0x200) : f32_to_f16(f(a)));  // integral results are exact in f16
}
// Round to nearest, ties to even, independent of the host rounding mode.
inline float salu_rndne(float a) {
  float t = std::trunc(a), d = a - t;  // d exact, |d| < 1
  if (std::fabs(d) > 0.5f || (std::fabs(d) == 0.5f && std::fmod(t, 2.0f) != 0)) t += std::copysign(1.0f, a);
  return t;
}

// s_cmp_*_f32 / s_cmp_*_f16: SCC = pred(S0, S1) on the (MODE-flushed) operands.
template <class P>
inline void s_cmp_f32(Wave& w, const Insn& in, P pred) {
  SCC = pred(salu_in32(w, as_f(S0)), salu_in32(w, as_f(S1)));
}
template <class P>
inline void s_cmp_f16(Wave& w, const Insn& in, P pred) {
  SCC = pred(salu_in16(w, uint16_t(S0)), salu_in16(w, uint16_t(S1)));
}

}  // namespace rdna4emu::core
