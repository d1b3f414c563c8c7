// Helpers for the per-instruction semantic functions (insns/*.h). Each
// semantic body sees `Wave& w` and `const Insn& in`.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "fp.h"
#include "memory.h"
#include "rdna4emu/core/wave.h"
#include "rdna4emu/device.h"
#include "rdna4emu/model.h"

namespace rdna4emu::core {

using namespace fp;

// ---- lanes ------------------------------------------------------------------
template <class F>
inline void for_lanes(Wave& w, F&& f) {
  uint64_t e = w.exec();
  if (e == w.full) {
    for (unsigned l = 0; l < w.W; ++l) f(l);
  } else {
    while (e) {
      unsigned l = unsigned(__builtin_ctzll(e));
      e &= e - 1;
      f(l);
    }
  }
}

// ---- scalar operands -------------------------------------------------------
inline uint32_t sread(const Wave& w, const Operand& o) {
  switch (o.kind) {
    case OperandKind::SGPR: return o.reg == kNull ? 0 : w.s[o.reg];
    case OperandKind::Const: return uint32_t(o.value);
    case OperandKind::SCC: return w.scc;
    case OperandKind::VCCZ: return w.vcc() == 0;
    case OperandKind::EXECZ: return w.exec() == 0;
    default: return 0;
  }
}
inline uint64_t sread64(const Wave& w, const Operand& o) {
  switch (o.kind) {
    case OperandKind::SGPR:
      return o.reg == kNull ? 0 : uint64_t(w.s[o.reg]) | (uint64_t(w.s[(o.reg + 1) & 127]) << 32);
    case OperandKind::Const: return o.value;
    default: return sread(w, o);
  }
}
// Lane masks (VCC, SGPR pairs in wave64).
inline uint64_t sread_mask(const Wave& w, const Operand& o) {
  return w.W == 64 ? sread64(w, o) : sread(w, o);
}
inline void swrite(Wave& w, const Operand& o, uint32_t v) {
  if (o.kind == OperandKind::SGPR && o.reg != kNull) w.s[o.reg] = v;
}
inline void swrite64(Wave& w, const Operand& o, uint64_t v) {
  if (o.kind == OperandKind::SGPR && o.reg != kNull) {
    w.s[o.reg] = uint32_t(v);
    w.s[(o.reg + 1) & 127] = uint32_t(v >> 32);
  }
}
inline void swrite_mask(Wave& w, const Operand& o, uint64_t v) {
  if (w.W == 64) swrite64(w, o, v); else swrite(w, o, uint32_t(v));
}

// ---- vector operands ---------------------------------------------------------
// A 32-bit source row: a VGPR or a scalar broadcast.
struct VSrc {
  const uint32_t* p;
  uint32_t m;
  uint32_t val;
  uint32_t operator[](unsigned l) const { return p[l & m]; }
};
inline VSrc vsrc(const Wave& w, const Operand& o, unsigned sub = 0) {
  VSrc s;
  if (o.kind == OperandKind::VGPR) {
    s.p = w.v + size_t(o.reg + sub) * w.W;
    s.m = ~0u;
    s.val = 0;
  } else {
    if (sub == 0) s.val = sread(w, o);
    else s.val = uint32_t(sread64(w, o) >> 32);
    s.p = &s.val;
    s.m = 0;
  }
  return s;
}
// VSrc holds a pointer to its own `val`: never copy after construction.
#define VSRC(name, op) ::rdna4emu::core::VSrc name = ::rdna4emu::core::vsrc(w, op); if (name.m == 0) name.p = &name.val
#define VSRC_HI(name, op) ::rdna4emu::core::VSrc name = ::rdna4emu::core::vsrc(w, op, 1); if (name.m == 0) name.p = &name.val

// ---- 16-bit operands (every integer and f16/bf16 op uses these) ----
// src16(w, in, i) reads 16-bit source i, dst16(w, in) writes a 16-bit destination,
// picking the register half as the hardware does (AMD RDNA4 ISA reference guide,
// "16-bit operands" in the VALU chapter; LLVM AMDGPUAsmParser true16 "v1.h" operands):
//  * VOP1/VOP2/VOPC in their 32-bit (e32) encodings: a VGPR field of 128 or more
//    names the HIGH half of v(N-128), below 128 the low half of vN (so these forms
//    reach only v0-v127; llvm-mc true16 syntax: v_add_f16_e32 v1.h, v2.h, v3.l);
//    SGPRs and constants give their low 16 bits.
//  * VOP3 (e64 forms and VOP3-only opcodes): op_sel[i] picks the high half of
//    source i (VGPR, SGPR or constant: bits [31:16] of the 32-bit value),
//    op_sel[3] the destination half.
//  * A 16-bit destination write keeps the other half of the register.
// UNVERIFIED, MODEL(opsel_hi_half_of_scalar_16bit): op_sel on an SGPR or constant
// source reads bits [31:16] of the 32-bit value (the guide describes op_sel for VGPR
// halves only). Candidate low_half: op_sel is ignored on scalar sources (bits [15:0]).
struct Src16 {
  const uint32_t* p;  // VGPR row, or nullptr for a scalar (val)
  uint32_t val;
  unsigned sh;        // 0: low half, 16: high half
  uint16_t operator[](unsigned l) const { return uint16_t((p ? p[l] : val) >> sh); }
};
// True when `in` is a VOP1/VOP2/VOPC instruction in its 32-bit encoding.
inline bool is_e32_vop(const Insn& in) {
  return !in.vop3 && (in.family == Family::VOP1 || in.family == Family::VOP2 || in.family == Family::VOPC);
}
// The e32 half comes from the encoded field (Operand::code = 256 + field): the row may
// be a staging row past v255 (DPP copies the source lanes there and keeps `code`).
inline bool e32_high_half(const Operand& o) { return o.code >= 256 + 128 && o.code < 512; }
inline unsigned e32_row(const Operand& o) { return o.reg >= 128 && o.reg < kVgprRows ? o.reg - 128u : o.reg; }
inline Src16 src16_of(const Wave& w, const Insn& in, const Operand& o, unsigned opsel_bit) {
  Src16 s{nullptr, 0, 0};
  if (o.kind == OperandKind::VGPR) {
    unsigned r = o.reg;
    if (is_e32_vop(in)) {
      if (e32_high_half(o)) { r = e32_row(o); s.sh = 16; }
    } else if ((in.opsel >> opsel_bit) & 1) {
      s.sh = 16;
    }
    s.p = w.v + size_t(r) * w.W;
  } else {
    s.val = sread(w, o);
    static const bool scalar_low =
        model::active<model::OpselHiHalfOfScalar16bit>() == model::OpselHiHalfOfScalar16bit::LowHalf;
    if (!is_e32_vop(in) && ((in.opsel >> opsel_bit) & 1) && !scalar_low) s.sh = 16;
  }
  return s;
}
inline Src16 src16(const Wave& w, const Insn& in, int i) { return src16_of(w, in, in.src[i], unsigned(i)); }
struct Dst16 {
  uint32_t* p;
  unsigned sh;  // 0: low half, 16: high half
  void set(unsigned l, uint16_t v) const {
    p[l] = sh ? (p[l] & 0xffffu) | (uint32_t(v) << 16) : (p[l] & 0xffff0000u) | v;
  }
  uint16_t get(unsigned l) const { return uint16_t(p[l] >> sh); }
};
inline Dst16 dst16_of(Wave& w, const Insn& in, const Operand& o, unsigned opsel_bit = 3) {
  unsigned r = o.reg, sh = 0;
  if (is_e32_vop(in)) {
    if (e32_high_half(o)) { r = e32_row(o); sh = 16; }
  } else if ((in.opsel >> opsel_bit) & 1) {
    sh = 16;
  }
  return Dst16{w.vreg(r), sh};
}
inline Dst16 dst16(Wave& w, const Insn& in) { return dst16_of(w, in, in.dst); }

// Apply VOP3 abs/neg to float source i (bit `sign` = 31 for f32/f64-high,
// 15 for f16 in the selected half), materialised in a temp row.
inline VSrc vsrc_mod(Wave& w, const Insn& in, int i, uint32_t sign_bit, unsigned sub = 0) {
  VSrc s = vsrc(w, in.src[i], sub);
  bool a = (in.abs >> i) & 1, n = (in.neg >> i) & 1;
  if (!a && !n) return s;
  uint32_t* t = w.tmp + size_t(i) * w.W;
  for (unsigned l = 0; l < w.W; ++l) {
    uint32_t x = s.m ? s.p[l] : s.val;
    if (a) x &= ~sign_bit;
    if (n) x ^= sign_bit;
    t[l] = x;
  }
  s.p = t;
  s.m = ~0u;
  return s;
}

// ---- float helpers -------------------------------------------------------------
// NaN results: a NaN operand propagates (quieted, first NaN operand in source
// order, payload kept); an invalid operation on non-NaN operands returns the
// positive default NaN 0x7fc00000 (the host's x86 default NaN is negative).
// Both choices are documented in README.md (UNVERIFIED, MODEL(valu_nan_results)).
//
// MODE (Wave::mode, see wave.h): every float helper below rounds in the MODE
// round mode of its precision (f32: [1:0]; f16 and f64: [3:2]) and flushes
// denormal inputs and/or outputs to a signed zero as the denorm field of that
// precision says (f32: [5:4]; f16 and f64: [7:6]). AMD RDNA4 ISA reference guide,
// "MODE" register and "Denormals and rounding modes"; IEEE 754-2019 clause 4.3.
// Rounding: f32 and f64 operations run on the host in the MODE direction
// (HostRound: fesetround around the lane loop; each host operation is one IEEE
// operation, so the result is the correctly rounded one in that direction); f16
// operations compute in double in the same direction and round once more to f16
// with f64_to_f16_rm (directed twice in the same direction = directed once; to
// nearest: double has more than 2*11+2 bits, so the double rounding is innocuous).
inline int host_round(unsigned rm) {
  return rm == kRoundUp ? FE_UPWARD : rm == kRoundDown ? FE_DOWNWARD : rm == kRoundZero ? FE_TOWARDZERO : FE_TONEAREST;
}
// Host rounding mode = MODE round mode rm for the lifetime of the object (no
// call when rm is round-to-nearest-even, the host default).
struct HostRound {
  bool on;
  explicit HostRound(unsigned rm) : on(rm != kRoundNearestEven) { if (on) std::fesetround(host_round(rm)); }
  ~HostRound() { if (on) std::fesetround(FE_TONEAREST); }
  HostRound(const HostRound&) = delete;
  HostRound& operator=(const HostRound&) = delete;
};
// One precision's MODE fields: round mode, flush denormal inputs, flush outputs.
struct FpMode {
  unsigned rm;
  bool fin, fout;
};
inline FpMode fp_mode(unsigned round, unsigned denorm) { return {round, denorm == 0 || denorm == 2, denorm == 0 || denorm == 1}; }
inline FpMode fp_mode32(const Wave& w) { return fp_mode(mode_round32(w), mode_denorm32(w)); }
inline FpMode fp_mode16(const Wave& w) { return fp_mode(mode_round16(w), mode_denorm16(w)); }  // f16 and f64
inline double flush64(double d) { return std::fpclassify(d) == FP_SUBNORMAL ? std::copysign(0.0, d) : d; }
inline uint16_t flush16(uint16_t h) { return (h & 0x7c00) == 0 ? uint16_t(h & 0x8000) : h; }
inline bool is_snan32(float f) { return std::isnan(f) && !((as_u(f) >> 22) & 1); }
inline bool is_snan64(double d) { return std::isnan(d) && !((as_u64(d) >> 51) & 1); }
inline double quiet64(double d) { return std::isnan(d) ? as_d(as_u64(d) | 0x0008000000000000ull) : d; }

// Candidates of MODEL(valu_nan_results) (harness/emu/models/valu_float.toml; read once, the default path is
// the code below): canonical (every NaN result is the default NaN) and snan_first (the
// first signalling NaN operand, quieted, before the first quiet one).
template <class T>
inline T nan_result_alt(T a, T b, T c, model::ValuNanResults k) {
  constexpr bool f32 = sizeof(T) == 4;
  T dflt;
  if constexpr (f32) dflt = as_f(0x7fc00000u); else dflt = as_d(0x7ff8000000000000ull);
  if (k == model::ValuNanResults::Canonical) return dflt;
  for (T x : {a, b, c}) {
    if constexpr (f32) { if (is_snan32(x)) return quiet(x); }
    else if (is_snan64(x)) return quiet64(x);
  }
  for (T x : {a, b, c}) {
    if constexpr (f32) { if (std::isnan(x)) return quiet(x); }
    else if (std::isnan(x)) return quiet64(x);
  }
  return dflt;
}
inline float nan_result(float a, float b, float c) {
  static const auto k = model::active<model::ValuNanResults>();
  if (__builtin_expect(k != model::ValuNanResults::FirstNan, 0)) return nan_result_alt(a, b, c, k);
  if (std::isnan(a)) return quiet(a);
  if (std::isnan(b)) return quiet(b);
  if (std::isnan(c)) return quiet(c);
  return as_f(0x7fc00000u);
}
inline double nan_result64(double a, double b, double c) {
  static const auto k = model::active<model::ValuNanResults>();
  if (__builtin_expect(k != model::ValuNanResults::FirstNan, 0)) return nan_result_alt(a, b, c, k);
  if (std::isnan(a)) return quiet64(a);
  if (std::isnan(b)) return quiet64(b);
  if (std::isnan(c)) return quiet64(c);
  return as_d(0x7ff8000000000000ull);
}
// Output modifiers of VOP3 float results: omod (x2, x4, x0.5; NaN unchanged),
// then clamp to [0, 1] (NaN -> +0: AMD RDNA4 ISA reference guide, VOP3 CLAMP).
template <class T>
inline T omod_clamp_t(const Insn& in, T r) {
  if (in.omod && !std::isnan(r)) r = in.omod == 1 ? r * T(2) : in.omod == 2 ? r * T(4) : r * T(0.5);
  if (in.clamp) r = std::isnan(r) ? T(0) : std::min(std::max(r, T(0)), T(1));
  return r;
}
inline float omod_clamp(const Insn& in, float r) { return omod_clamp_t<float>(in, r); }

// The three f32 sources of a VALU instruction with VOP3 abs/neg applied (vsrc_mod).
// Holds pointers to its own members: never copied.
struct F32Srcs {
  VSrc a, b, c;
  F32Srcs(Wave& w, const Insn& in)
      : a(vsrc_mod(w, in, 0, 0x80000000u)), b(vsrc_mod(w, in, 1, 0x80000000u)), c(vsrc_mod(w, in, 2, 0x80000000u)) {
    if (a.m == 0) a.p = &a.val;
    if (b.m == 0) b.p = &b.val;
    if (c.m == 0) c.p = &c.val;
  }
  F32Srcs(const F32Srcs&) = delete;
};
// The three f64 sources (register pairs; abs/neg on the high halves), read in the
// order al, ah, bl, bh, cl, ch. Never copied (as F32Srcs).
struct F64Srcs {
  VSrc lo[3], hi[3];
  F64Srcs(Wave& w, const Insn& in) {
    for (int i = 0; i < 3; ++i) {
      lo[i] = vsrc(w, in.src[i]);
      hi[i] = vsrc_mod(w, in, i, 0x80000000u, 1);
    }
    for (int i = 0; i < 3; ++i) {
      if (lo[i].m == 0) lo[i].p = &lo[i].val;
      if (hi[i].m == 0) hi[i].p = &hi[i].val;
    }
  }
  F64Srcs(const F64Srcs&) = delete;
  uint64_t bits(int i, unsigned l) const { return uint64_t(lo[i][l]) | uint64_t(hi[i][l]) << 32; }
};
// f(x, y, z) or, for operations that depend on the lane (v_div_fmas: VCC[lane]),
// f(x, y, z, lane).
template <class T, class F>
inline T call_float_op(F& f, T x, T y, T z, unsigned l) {
  if constexpr (std::is_invocable_v<F&, T, T, T, unsigned>) return f(x, y, z, l);
  else return f(x, y, z);
}

// f32 VALU: f(a, b, c) -> float (or f(a, b, c, lane): call_float_op). NaN results are
// replaced by nan_result unless RawNaN (then f's NaN, e.g. min/max rules, is kept as it is).
template <bool RawNaN = false, class F>
inline void vop_f32(Wave& w, const Insn& in, F f) {
  const F32Srcs s(w, in);
  const VSrc &a = s.a, &b = s.b, &c = s.c;
  uint32_t* d = w.vreg(in.dst.reg);
  bool post = in.clamp || in.omod;
  // Fast path: round to nearest even, denormals kept (MODE[1:0] = 0, MODE[5:4] = 3).
  if ((w.mode & 0x33u) == 0x30u && !post) {
    for_lanes(w, [&](unsigned l) {
      float x = as_f(a[l]), y = as_f(b[l]), q = as_f(c[l]);
      float r = call_float_op(f, x, y, q, l);
      if (!RawNaN && __builtin_expect(r != r, 0)) r = nan_result(x, y, q);
      d[l] = as_u(r);
    });
  } else {
    const FpMode m = fp_mode32(w);
    HostRound hr(m.rm);
    for_lanes(w, [&](unsigned l) {
      float x = as_f(a[l]), y = as_f(b[l]), q = as_f(c[l]);
      if (m.fin) { x = flush32(x); y = flush32(y); q = flush32(q); }
      float r = call_float_op(f, x, y, q, l);
      if (!RawNaN && r != r) r = nan_result(x, y, q);
      r = omod_clamp(in, r);
      if (m.fout) r = flush32(r);
      d[l] = as_u(r);
    });
  }
}

// f64 VALU on register pairs: f(a, b, c) -> double (or with the lane, as vop_f32;
// MODE f16/f64 fields).
template <bool RawNaN = false, class F>
inline void vop_f64(Wave& w, const Insn& in, F f) {
  const F64Srcs s(w, in);
  uint32_t* dl = w.vreg(in.dst.reg);
  uint32_t* dh = w.vreg(in.dst.reg + 1);
  const FpMode m = fp_mode16(w);
  HostRound hr(m.rm);
  for_lanes(w, [&](unsigned l) {
    double x = as_d(s.bits(0, l));
    double y = as_d(s.bits(1, l));
    double z = as_d(s.bits(2, l));
    if (m.fin) { x = flush64(x); y = flush64(y); z = flush64(z); }
    double r = call_float_op(f, x, y, z, l);
    if (!RawNaN && r != r) r = nan_result64(x, y, z);
    r = omod_clamp_t<double>(in, r);
    if (m.fout) r = flush64(r);
    uint64_t u = as_u64(r);
    dl[l] = uint32_t(u);
    dh[l] = uint32_t(u >> 32);
  });
}

// f16 operand i with VOP3 abs/neg applied to the 16-bit value (the half src16
// picks: e32 v128+ = high half of v(N-128), VOP3 op_sel[i]).
struct F16Src {
  Src16 s;
  uint16_t clr, flip;
  uint16_t operator[](unsigned l) const { return uint16_t((s[l] & clr) ^ flip); }
};
inline F16Src f16src(const Wave& w, const Insn& in, int i) {
  bool a = (in.abs >> i) & 1, n = (in.neg >> i) & 1;
  return F16Src{src16(w, in, i), uint16_t(a ? 0x7fff : 0xffff), uint16_t(n ? 0x8000 : 0)};
}
inline uint16_t half_of(uint32_t x, bool hi) { return uint16_t(hi ? x >> 16 : x); }

// Output modifiers on a 16-bit float result h already rounded in direction rm:
// omod then clamp on its value (as vop_f32 applies them to the rounded f32), rounded
// again (only omod x0.5 of a denormal can round); clamp(-0) stays -0.
inline uint16_t f16_post(const Insn& in, uint16_t h, unsigned rm) {
  if (!in.omod && !in.clamp) return h;
  return f64_to_f16_rm(omod_clamp_t<double>(in, f16_to_f64(h)), rm);
}

// f16 VALU: operands converted to double (bit-exact, after the input flush), f
// computes in double in the MODE direction, the result rounds once to f16 in
// that direction (see above), then omod/clamp and the output flush; it goes to
// the destination half (dst16), the other half is kept. RawNaN: as vop_f32.
// HostDir = false: f runs in round-to-nearest (transcendental models, whose
// double result is then rounded once in the MODE direction).
template <bool RawNaN = false, bool HostDir = true, class F>
inline void vop_f16(Wave& w, const Insn& in, F f) {
  const F16Src a = f16src(w, in, 0), b = f16src(w, in, 1), c = f16src(w, in, 2);
  const Dst16 d = dst16(w, in);
  const FpMode m = fp_mode16(w);
  HostRound hr(HostDir ? m.rm : kRoundNearestEven);
  for_lanes(w, [&](unsigned l) {
    uint16_t ha = a[l], hb = b[l], hc = c[l];
    if (m.fin) { ha = flush16(ha); hb = flush16(hb); hc = flush16(hc); }
    double x = f16_to_f64(ha), y = f16_to_f64(hb), z = f16_to_f64(hc);
    double r = f(x, y, z);
    if (!RawNaN && r != r) r = nan_result64(x, y, z);  // quiet NaNs keep their (top) payload bits in f64_to_f16
    uint16_t h = f16_post(in, f64_to_f16_rm(r, m.rm), m.rm);
    if (m.fout) h = flush16(h);
    d.set(l, h);
  });
}

// ---- whole-wave fast paths -------------------------------------------------
// With every lane active, the integer helpers below run fixed-length loops over
// plain rows (a scalar operand broadcast into a local row) into a local result
// row, copied to the destination afterwards: no per-lane EXEC test, no operand
// masking, and no aliasing between sources and result, so the compiler can
// vectorise. Results are the same as the lane-by-lane loop: every lane reads
// its operands before any lane's result is written in both, and a lane only
// reads its own element of each row.
template <unsigned W>
inline const uint32_t* vsrc_row(const VSrc& s, uint32_t* buf) {
  if (s.m) return s.p;
  for (unsigned l = 0; l < W; ++l) buf[l] = s.val;
  return buf;
}

// A scalar src0 (a shift amount, an inline constant) is passed as one value rather
// than a broadcast row, so that shifts by it vectorise as uniform shifts (x86-64
// without AVX2 has no per-lane variable shifts).
template <unsigned W, class F>
inline void vop_u32_full(uint32_t* d, const VSrc& a, const VSrc& b, const VSrc& c, F& f) {
  uint32_t bb[W], bc[W], r[W];
  const uint32_t *pb = vsrc_row<W>(b, bb), *pc = vsrc_row<W>(c, bc);
  if (!a.m) {
    const uint32_t ua = a.val;
    for (unsigned l = 0; l < W; ++l) r[l] = f(ua, pb[l], pc[l]);
  } else {
    const uint32_t* pa = a.p;
    for (unsigned l = 0; l < W; ++l) r[l] = f(pa[l], pb[l], pc[l]);
  }
  std::memcpy(d, r, sizeof r);
}

// 32-bit integer VALU: f(a, b, c) -> uint32_t.
template <class F>
inline void vop_u32(Wave& w, const Insn& in, F f) {
  VSRC(a, in.src[0]);
  VSRC(b, in.src[1]);
  VSRC(c, in.src[2]);
  uint32_t* d = w.vreg(in.dst.reg);
  if (w.exec() == w.full) {
    if (w.W == 32) return vop_u32_full<32>(d, a, b, c, f);
    return vop_u32_full<64>(d, a, b, c, f);
  }
  for_lanes(w, [&](unsigned l) { d[l] = f(a[l], b[l], c[l]); });
}

template <unsigned W, class F>
inline void vop_u64_full(uint32_t* dl, uint32_t* dh, const VSrc* s, F& f) {
  uint32_t buf[6][W], rl[W], rh[W];
  const uint32_t* p[6];
  for (int i = 2; i < 6; ++i) p[i] = vsrc_row<W>(s[i], buf[i]);
  if (!s[0].m && !s[1].m) {  // scalar src0 (as vop_u32_full)
    const uint64_t ua = uint64_t(s[0].val) | uint64_t(s[1].val) << 32;
    for (unsigned l = 0; l < W; ++l) {
      const uint64_t r = f(ua, uint64_t(p[2][l]) | uint64_t(p[3][l]) << 32, uint64_t(p[4][l]) | uint64_t(p[5][l]) << 32);
      rl[l] = uint32_t(r);
      rh[l] = uint32_t(r >> 32);
    }
  } else {
    for (int i = 0; i < 2; ++i) p[i] = vsrc_row<W>(s[i], buf[i]);
    for (unsigned l = 0; l < W; ++l) {
      const uint64_t r = f(uint64_t(p[0][l]) | uint64_t(p[1][l]) << 32, uint64_t(p[2][l]) | uint64_t(p[3][l]) << 32,
                           uint64_t(p[4][l]) | uint64_t(p[5][l]) << 32);
      rl[l] = uint32_t(r);
      rh[l] = uint32_t(r >> 32);
    }
  }
  std::memcpy(dl, rl, sizeof rl);
  std::memcpy(dh, rh, sizeof rh);
}

// 64-bit integer VALU on pairs.
template <class F>
inline void vop_u64(Wave& w, const Insn& in, F f) {
  VSRC(al, in.src[0]); VSRC_HI(ah, in.src[0]);
  VSRC(bl, in.src[1]); VSRC_HI(bh, in.src[1]);
  VSRC(cl, in.src[2]); VSRC_HI(ch, in.src[2]);
  uint32_t* dl = w.vreg(in.dst.reg);
  uint32_t* dh = w.vreg(in.dst.reg + 1);
  if (w.exec() == w.full) {
    // vsrc_row only reads .m/.p/.val, so copies are fine here (p of a copied
    // scalar VSrc is not used).
    const VSrc srcs[6] = {al, ah, bl, bh, cl, ch};
    if (w.W == 32) return vop_u64_full<32>(dl, dh, srcs, f);
    return vop_u64_full<64>(dl, dh, srcs, f);
  }
  for_lanes(w, [&](unsigned l) {
    uint64_t r = f(uint64_t(al[l]) | uint64_t(ah[l]) << 32, uint64_t(bl[l]) | uint64_t(bh[l]) << 32,
                   uint64_t(cl[l]) | uint64_t(ch[l]) << 32);
    dl[l] = uint32_t(r);
    dh[l] = uint32_t(r >> 32);
  });
}

// VOPC: pred(a, b) per lane; result mask to sdst: VCC / an SGPR, or EXEC for v_cmpx (the
// decoder points sdst at EXEC for rows flagged cmpx).
template <class P>
inline void vop_cmp(Wave& w, const Insn& in, P pred) {
  uint64_t m = 0;
  for_lanes(w, [&](unsigned l) { if (pred(l)) m |= uint64_t(1) << l; });
  swrite_mask(w, in.sdst, m);
}
template <class P>
inline void vop_cmp_u32(Wave& w, const Insn& in, P pred) {
  VSRC(a, in.src[0]);
  VSRC(b, in.src[1]);
  vop_cmp(w, in, [&](unsigned l) { return pred(a[l], b[l]); });
}
template <class P>
inline void vop_cmp_u64(Wave& w, const Insn& in, P pred) {
  VSRC(al, in.src[0]); VSRC_HI(ah, in.src[0]);
  VSRC(bl, in.src[1]); VSRC_HI(bh, in.src[1]);
  vop_cmp(w, in, [&](unsigned l) {
    return pred(uint64_t(al[l]) | uint64_t(ah[l]) << 32, uint64_t(bl[l]) | uint64_t(bh[l]) << 32);
  });
}
template <class P>
inline void vop_cmp_f32(Wave& w, const Insn& in, P pred) {
  VSrc a = vsrc_mod(w, in, 0, 0x80000000u), b = vsrc_mod(w, in, 1, 0x80000000u);
  if (a.m == 0) a.p = &a.val;
  if (b.m == 0) b.p = &b.val;
  const bool z = mode_denorm32(w) == 0 || mode_denorm32(w) == 2;  // MODE f32: flush denormal inputs
  vop_cmp(w, in, [&](unsigned l) {
    float x = as_f(a[l]), y = as_f(b[l]);
    if (z) { x = flush32(x); y = flush32(y); }
    return pred(x, y);
  });
}
template <class P>
inline void vop_cmp_f16(Wave& w, const Insn& in, P pred) {
  // 16-bit sources through src16 (e32 v128+ = high half of v(N-128), VOP3 op_sel), abs/neg on
  // the 16-bit value; MODE f16: flush denormal inputs.
  const Src16 a = src16(w, in, 0), b = src16(w, in, 1);
  const uint16_t ca = (in.abs & 1) ? 0x7fff : 0xffff, cb = (in.abs & 2) ? 0x7fff : 0xffff;
  const uint16_t na = (in.neg & 1) ? 0x8000 : 0, nb = (in.neg & 2) ? 0x8000 : 0;
  const bool z = mode_denorm16(w) == 0 || mode_denorm16(w) == 2;
  vop_cmp(w, in, [&](unsigned l) {
    uint16_t x = uint16_t((a[l] & ca) ^ na), y = uint16_t((b[l] & cb) ^ nb);
    if (z) {
      if ((x & 0x7c00) == 0) x &= 0x8000;
      if ((y & 0x7c00) == 0) y &= 0x8000;
    }
    return pred(f16_to_f32(x), f16_to_f32(y));
  });
}
template <class P>
inline void vop_cmp_f64(Wave& w, const Insn& in, P pred) {
  VSRC(al, in.src[0]); VSrc ah = vsrc_mod(w, in, 0, 0x80000000u, 1); if (ah.m == 0) ah.p = &ah.val;
  VSRC(bl, in.src[1]); VSrc bh = vsrc_mod(w, in, 1, 0x80000000u, 1); if (bh.m == 0) bh.p = &bh.val;
  const bool z = mode_denorm16(w) == 0 || mode_denorm16(w) == 2;  // MODE f64: flush denormal inputs
  vop_cmp(w, in, [&](unsigned l) {
    double x = as_d(uint64_t(al[l]) | uint64_t(ah[l]) << 32), y = as_d(uint64_t(bl[l]) | uint64_t(bh[l]) << 32);
    if (z && std::fpclassify(x) == FP_SUBNORMAL) x = std::copysign(0.0, x);
    if (z && std::fpclassify(y) == FP_SUBNORMAL) y = std::copysign(0.0, y);
    return pred(x, y);
  });
}
// v_cmp_class: bit mask of classes (0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -denorm,
// 5 -0, 6 +0, 7 +denorm, 8 +normal, 9 +inf).
template <class T>
inline unsigned fclass_bit(T x, bool snan) {
  if (std::isnan(x)) return snan ? 0 : 1;
  bool neg = std::signbit(x);
  if (std::isinf(x)) return neg ? 2 : 9;
  if (x == 0) return neg ? 5 : 6;
  int c = std::fpclassify(x);
  if (c == FP_SUBNORMAL) return neg ? 4 : 7;
  return neg ? 3 : 8;
}

// ---- SALU --------------------------------------------------------------------
#define S0 ::rdna4emu::core::sread(w, in.src[0])
#define S1 ::rdna4emu::core::sread(w, in.src[1])
#define S0_64 ::rdna4emu::core::sread64(w, in.src[0])
#define S1_64 ::rdna4emu::core::sread64(w, in.src[1])
#define SDST(v) ::rdna4emu::core::swrite(w, in.dst, uint32_t(v))
#define SDST64(v) ::rdna4emu::core::swrite64(w, in.dst, uint64_t(v))
#define SCC w.scc

inline float sflt(const Wave& w, float f) { return w.ftz32 ? flush32(f) : f; }

// ---- control flow ------------------------------------------------------------
inline void branch(Wave& w, const Insn& in) { w.pc = uint32_t(in.target); }
// Jump to an absolute device code address (s_setpc_b64 / s_swappc_b64).
void jump_to(Wave& w, const Insn& in, uint64_t addr);

// ---- memory ------------------------------------------------------------------
// Host pointer for `n` bytes at global address `addr` for lane `lane`, or
// nullptr after recording a MemoryViolation fault.
uint8_t* global_ptr(Wave& w, const Insn& in, uint64_t addr, unsigned n, unsigned lane, bool write);
uint8_t* lds_ptr(Wave& w, const Insn& in, uint64_t addr, unsigned n, unsigned lane, bool write);
uint8_t* scratch_ptr(Wave& w, const Insn& in, uint64_t addr, unsigned n, unsigned lane, bool write);
// Flat: dispatch on the aperture.
uint8_t* flat_ptr(Wave& w, const Insn& in, uint64_t addr, unsigned n, unsigned lane, bool write);

// Inline fast paths (in bounds / translation-cache hit); the out-of-line
// functions above handle misses and record faults.
inline uint8_t* lds_at(Wave& w, const Insn& in, uint32_t addr, unsigned n, unsigned lane, bool write) {
  if (__builtin_expect(uint64_t(addr) + n <= w.wg->lds_size, 1)) return w.wg->lds + addr;
  return lds_ptr(w, in, addr, n, lane, write);
}
inline uint8_t* global_at(Wave& w, const Insn& in, uint64_t addr, unsigned n, unsigned lane, bool write) {
  if (__builtin_expect(addr >= w.tlb_base && addr + n <= w.tlb_end && addr + n > addr, 1))
    return w.tlb_host + (addr - w.tlb_base);
  return global_ptr(w, in, addr, n, lane, write);
}

// Per-lane VMEM address for global/flat (vaddr 64-bit, or saddr + vaddr32) + offset.
inline uint64_t vmem_addr(const Wave& w, const Insn& in, unsigned l) {
  uint64_t a;
  if (in.saddr.kind == OperandKind::SGPR) {
    a = sread64(w, in.saddr) + w.v[size_t(in.vaddr.reg) * w.W + l];
  } else {
    a = uint64_t(w.v[size_t(in.vaddr.reg) * w.W + l]) | uint64_t(w.v[size_t(in.vaddr.reg + 1) * w.W + l]) << 32;
  }
  return a + int64_t(in.imm);
}
// Per-lane scratch offset: saddr (SGPR, 32-bit) + vaddr (if SVE) + offset.
inline uint64_t scratch_addr(const Wave& w, const Insn& in, unsigned l) {
  uint64_t a = 0;
  if (in.saddr.kind == OperandKind::SGPR) a += sread(w, in.saddr);
  if (in.vaddr.kind == OperandKind::VGPR) a += w.v[size_t(in.vaddr.reg) * w.W + l];
  return uint32_t(a + int64_t(in.imm));
}

enum class Space { Global, Flat, Scratch };

// Typed memory instructions: K is an element kind (memory.h, mem::u8 ...
// mem::b128, named after the mnemonic suffix), Op an atomic operation
// (memory.h, atom::add_u32 ...). Each is instantiated in the file of its encoding family
// (memory_global.cc, memory_ds.cc, memory_buffer.cc, memory_smem.cc) for the kinds /
// operations listed in memory.h (a missing one is a link error).
// Loads and stores keep whole-wave fast paths; a lane outside its memory
// faults with lane, address and the nearest allocation (global/flat) or the
// segment size (LDS, scratch); earlier lanes are done.
template <class K> void global_load(Wave& w, const Insn& in);
template <class K> void flat_load(Wave& w, const Insn& in);
template <class K> void scratch_load(Wave& w, const Insn& in);
template <class K> void ds_load(Wave& w, const Insn& in);
template <class K> void global_store(Wave& w, const Insn& in);
template <class K> void flat_store(Wave& w, const Insn& in);
template <class K> void scratch_store(Wave& w, const Insn& in);
template <class K> void ds_store(Wave& w, const Insn& in);
// ds_{load,store}_2addr[_stride64]_b32/b64: elements at vaddr + offsetN * size * STRIDE.
template <class K, unsigned STRIDE> void ds_load_2addr(Wave& w, const Insn& in);
template <class K, unsigned STRIDE> void ds_store_2addr(Wave& w, const Insn& in);
template <class K> void s_load(Wave& w, const Insn& in);
// Atomics: lanes in increasing order; global/flat are host-atomic (CAS) so
// that workgroups on different host threads do not lose updates. The old value
// goes to vdst when the instruction returns data (VMEM: TH_ATOMIC_RETURN, the
// decoder leaves dst empty otherwise; DS: the _rtn rows have a dst).
template <class Op> void global_atomic(Wave& w, const Insn& in);
template <class Op> void flat_atomic(Wave& w, const Insn& in);
template <class Op> void ds_atomic(Wave& w, const Insn& in);
// Buffers: the V# (four SGPRs) gives base, stride, num_records and the range
// check (memory_buffer.cc: BufAddr); an access outside the range reads 0, a store or
// atomic there is dropped; inside the range a lane outside an allocation faults.
template <class K> void buffer_load(Wave& w, const Insn& in);
template <class K> void buffer_store(Wave& w, const Insn& in);
template <class Op> void buffer_atomic(Wave& w, const Insn& in);
// buffer_{load,store}[_d16][_hi]_format_* (format from the V#) and tbuffer_* (tbuffer:
// format from the instruction): NCH channels converted from/to the data format.
template <unsigned NCH, bool D16, bool HI> void buffer_format(Wave& w, const Insn& in, bool store, bool tbuffer);
template <class K> void s_buffer_load(Wave& w, const Insn& in);
// DS forms that are not plain loads/stores/atomics (memory_ds.cc).
void ds_swizzle(Wave& w, const Insn& in);
void ds_permute(Wave& w, const Insn& in, bool backward, bool fetch_inactive);
void ds_append(Wave& w, const Insn& in, bool consume);
void ds_addtid(Wave& w, const Insn& in, bool store);
template <class K, unsigned STRIDE> void ds_storexchg_2addr(Wave& w, const Insn& in);
void ds_condxchg32(Wave& w, const Insn& in);
void global_addtid(Wave& w, const Insn& in, bool store);
// {global,scratch}_{load,store}_block: the 32 VGPRs from vdata, those selected by M0.
void global_block(Wave& w, const Insn& in, bool store);
void scratch_block(Wave& w, const Insn& in, bool store);

// ---- matrix ------------------------------------------------------------------
// WMMA / SWMMAC (wmma_exec.cc): the variant is the row's opcode's place in wmma/variants.def
// (wmma.h dense_from_opcode / sparse_from_opcode); every dense row shares one semantics file.
void exec_wmma(Wave& w, const Insn& in);
void exec_swmmac(Wave& w, const Insn& in);
void exec_transpose_load(Wave& w, const Insn& in, bool b128);

// ---- special -----------------------------------------------------------------
void barrier_signal(Wave& w, const Insn& in);
void barrier_wait(Wave& w, const Insn& in);
void endpgm(Wave& w, const Insn& in);
void code_end(Wave& w, const Insn& in);
void not_supported(Wave& w, const Insn& in, const char* what);

// ---- shared bodies of instruction families (insns/*.h call these) -------------
// Each family whose members differ only in a detail is one helper here; the
// member's insns/<mnemonic>.h is a one-line call naming that detail.

// v_fma_mix_*, packed 16-bit math and dot products: vop3p.h (included at the end).

// Integer clamp (UNVERIFIED, MODEL(int_clamp_vop), sat_* below): int_clamp(in, add_sub)
// says whether the op saturates. Candidates: saturate (in.clamp), wrap (the bit ignored),
// add_sub_only (only the add/sub instructions, whose clamp LLVM selects for
// llvm.*add.sat / *sub.sat, saturate; add_sub says which kind the op is).
inline bool int_clamp_alt(const Insn& in, bool add_sub) {
  using K = model::IntClampVop;
  static const K k = model::active<K>();
  return k == K::Saturate || (k == K::AddSubOnly && add_sub) ? in.clamp : false;
}
inline bool int_clamp(const Insn& in, bool add_sub) { return in.clamp && int_clamp_alt(in, add_sub); }

// v_add_co_u32, v_sub_co_u32, v_subrev_co_u32 (VOP3SD: carry/borrow out to the
// mask in sdst) and their _co_ci forms (carry/borrow in from the mask in src2).
// Sub: D = S0 - S1 - cin, borrow = S1 + cin > S0; SubRev swaps S0 and S1.
// Carry-out bits of lanes outside EXEC are 0.
enum class CarryOp { Add, Sub, SubRev };
template <CarryOp Op, bool CarryIn>
inline void vop_carry_u32(Wave& w, const Insn& in) {
  VSRC(a, in.src[0]);
  VSRC(b, in.src[1]);
  uint64_t cin = CarryIn ? sread_mask(w, in.src[2]) : 0;
  uint32_t* d = w.vreg(in.dst.reg);
  uint64_t cout = 0;
  // One lane: result and carry/borrow-out of S0 op S1 op c (c = 0 or 1), in 32-bit
  // operations only (vectorisable). Without a carry-in: the carry of x + y is r < x,
  // the borrow of x - y is y > x. With one, bitwise (no per-lane choice of compare):
  // the carry out of bit 31 of x + y + c is bit 31 of (x & y) | ((x | y) & ~r), the
  // borrow of x - y - c bit 31 of (~x & y) | (~(x ^ y) & r) (full adder / subtractor
  // at the top bit; the same as y + c > x).
  auto lane = [](uint32_t s0, uint32_t s1, uint32_t c, uint32_t& r) -> uint32_t {
    const uint32_t x = Op == CarryOp::SubRev ? s1 : s0, y = Op == CarryOp::SubRev ? s0 : s1;
    if (Op == CarryOp::Add) {
      r = x + y + c;
      return CarryIn ? ((x & y) | ((x | y) & ~r)) >> 31 : uint32_t(r < x);
    }
    r = x - y - c;
    return CarryIn ? ((~x & y) | (~(x ^ y) & r)) >> 31 : uint32_t(y > x);
  };
  if (w.exec() == w.full) {  // whole wave: see vop_u32_full
    auto run = [&](auto wc) {
      constexpr unsigned W = decltype(wc)::value;
      uint32_t ba[W], bb[W], r[W];
      uint8_t co[W], ci[W];
      const uint32_t *pa = vsrc_row<W>(a, ba), *pb = vsrc_row<W>(b, bb);
      // Carry-in bits spread to bytes (0/1), 8 lanes at a time: the byte x copied
      // to all 8 bytes, byte i masked to its bit i (0 or 2^i <= 0x80), + 0x7f sets
      // bit 7 of the byte exactly when it is non-zero (no carry between bytes).
      // Keeps the lane loop free of per-lane variable shifts.
      for (unsigned q = 0; q < W / 8; ++q) {
        const uint64_t y = (((cin >> (8 * q)) & 0xff) * 0x0101010101010101ull) & 0x8040201008040201ull;
        const uint64_t g = ((y + 0x7f7f7f7f7f7f7f7full) >> 7) & 0x0101010101010101ull;
        std::memcpy(ci + 8 * q, &g, 8);
      }
      for (unsigned l = 0; l < W; ++l) co[l] = uint8_t(lane(pa[l], pb[l], ci[l], r[l]));
      // Pack the carry bytes (0/1) into the mask, 8 lanes per multiply: byte i
      // of g lands in bit 56 + i of g * 0x0102040810204080, without carries.
      for (unsigned q = 0; q < W / 8; ++q) {
        uint64_t g;
        std::memcpy(&g, co + 8 * q, 8);
        cout |= ((g * 0x0102040810204080ull) >> 56) << (8 * q);
      }
      std::memcpy(d, r, sizeof r);
    };
    if (w.W == 32) run(std::integral_constant<unsigned, 32>());
    else run(std::integral_constant<unsigned, 64>());
  } else {
    for_lanes(w, [&](unsigned l) {
      uint32_t r;  // operands read before d[l] is written: d may alias a or b
      cout |= uint64_t(lane(a[l], b[l], uint32_t(cin >> l) & 1, r)) << l;
      d[l] = r;
    });
  }
  // Integer clamp: a lane that carried (add) saturates to 0xffffffff, one that
  // borrowed (sub) to 0; the carry/borrow-out bit is written unchanged (UNVERIFIED,
  // MODEL(int_clamp_vop)).
  if (int_clamp(in, true))
    for (uint64_t m = cout; m; m &= m - 1) d[__builtin_ctzll(m)] = Op == CarryOp::Add ? 0xffffffffu : 0u;
  swrite_mask(w, in.sdst, cout);
}

// v_mad_co_u64_u32 / v_mad_co_i64_i32: D (64-bit) = S0 * S1 + S2 (64-bit); the
// scalar destination gets the carry-out of bit 64 (unsigned) or the signed
// overflow of the 64-bit result (signed).
template <bool Signed>
inline void vop_mad_co_64(Wave& w, const Insn& in) {
  VSRC(a, in.src[0]);
  VSRC(b, in.src[1]);
  VSRC(cl, in.src[2]);
  VSRC_HI(ch, in.src[2]);
  uint32_t* dl = w.vreg(in.dst.reg);
  uint32_t* dh = w.vreg(in.dst.reg + 1);
  uint64_t carry = 0;
  for_lanes(w, [&](unsigned l) {
    uint64_t c = uint64_t(cl[l]) | uint64_t(ch[l]) << 32;
    uint64_t r;
    if (Signed) {
      __int128 p = (__int128)(int64_t(int32_t(a[l])) * int64_t(int32_t(b[l]))) + (__int128)int64_t(c);
      r = uint64_t(p);
      const bool ovf = (p >> 64) != ((__int128)int64_t(r) >> 64);
      carry |= uint64_t(ovf) << l;
      // clamp: saturate to the int64 range (UNVERIFIED, MODEL(int_clamp_vop))
      if (ovf && int_clamp(in, false)) r = p < 0 ? uint64_t(INT64_MIN) : uint64_t(INT64_MAX);
    } else {
      unsigned __int128 p = (unsigned __int128)(uint64_t(a[l]) * uint64_t(b[l])) + c;
      r = uint64_t(p);
      carry |= uint64_t(p >> 64) << l;
      if ((p >> 64) && int_clamp(in, false)) r = ~uint64_t(0);  // clamp: saturate to 2^64 - 1
    }
    dl[l] = uint32_t(r);
    dh[l] = uint32_t(r >> 32);
  });
  swrite_mask(w, in.sdst, carry);
}

// v_cmp_class_* / v_cmpx_class_* (the x form writes EXEC through sdst):
// S1 is a mask of classes, see fclass_bit.
inline void vop_cmp_class_f16(Wave& w, const Insn& in) {
  const Src16 a = src16(w, in, 0);  // e32 v128+ = high half, VOP3 op_sel[0]
  VSRC(m, in.src[1]);
  vop_cmp(w, in, [&](unsigned l) {
    uint16_t h = a[l];
    if (in.abs & 1) h &= 0x7fff;  // VOP3 abs/neg apply before the class test
    if (in.neg & 1) h ^= 0x8000;
    float f = f16_to_f32(h);
    bool snan = std::isnan(f) && !((h >> 9) & 1);
    unsigned c = fclass_bit(double(f), snan);
    if (((h >> 10) & 0x1f) == 0 && (h & 0x3ff)) c = (h >> 15) ? 4 : 7;
    return (m[l] >> c) & 1;
  });
}
inline void vop_cmp_class_f32(Wave& w, const Insn& in) {
  VSrc a = vsrc_mod(w, in, 0, 0x80000000u);  // VOP3 abs/neg apply before the class test
  if (a.m == 0) a.p = &a.val;
  VSRC(m, in.src[1]);
  vop_cmp(w, in, [&](unsigned l) {
    float f = as_f(a[l]);
    bool snan = std::isnan(f) && !((a[l] >> 22) & 1);
    return (m[l] >> fclass_bit(f, snan)) & 1;
  });
}
inline void vop_cmp_class_f64(Wave& w, const Insn& in) {
  VSRC(al, in.src[0]);
  VSrc ah = vsrc_mod(w, in, 0, 0x80000000u, 1);  // VOP3 abs/neg apply before the class test
  if (ah.m == 0) ah.p = &ah.val;
  VSRC(m, in.src[1]);
  vop_cmp(w, in, [&](unsigned l) {
    uint64_t u = uint64_t(al[l]) | uint64_t(ah[l]) << 32;
    bool snan = std::isnan(as_d(u)) && !((u >> 51) & 1);
    return (m[l] >> fclass_bit(as_d(u), snan)) & 1;
  });
}

// Conversions from one f32 source (VOP3 abs/neg applied; input flushed when the
// f32 denormal mode flushes): D = f(x) as 32 bits.
template <class F>
inline void vop_cvt_from_f32(Wave& w, const Insn& in, F f) {
  VSrc a = vsrc_mod(w, in, 0, 0x80000000u);
  if (a.m == 0) a.p = &a.val;
  uint32_t* d = w.vreg(in.dst.reg);
  const bool z = fp_mode32(w).fin;
  for_lanes(w, [&](unsigned l) {
    float x = as_f(a[l]);
    if (z) x = flush32(x);
    d[l] = f(x);
  });
}
// Conversions from one f64 source (a register pair; abs/neg on its high half):
// D = f(x) as 32 bits.
template <class F>
inline void vop_cvt_from_f64(Wave& w, const Insn& in, F f) {
  VSRC(al, in.src[0]);
  VSrc ah = vsrc_mod(w, in, 0, 0x80000000u, 1);
  if (ah.m == 0) ah.p = &ah.val;
  uint32_t* d = w.vreg(in.dst.reg);
  const bool z = fp_mode16(w).fin;  // f64 inputs: the MODE f16/f64 denorm field
  for_lanes(w, [&](unsigned l) {
    double x = as_d(uint64_t(al[l]) | uint64_t(ah[l]) << 32);
    d[l] = f(z ? flush64(x) : x);
  });
}

// s_{and,or,xor,and_not1,...}_saveexec_b32: D = EXEC_LO; EXEC_LO = op(S0, EXEC_LO);
// SCC = EXEC_LO != 0. One SGPR for D and S0 in wave32 AND wave64 (LLVM: `s_and_saveexec_b32
// s0, s2` with -mattr=+wavefrontsize64); in wave64 EXEC_HI is unchanged.
template <class Op>
inline void s_saveexec_b32(Wave& w, const Insn& in, Op op) {
  uint64_t e = w.exec();
  uint32_t lo = uint32_t(e), s0 = sread(w, in.src[0]);  // read S0 before D is written
  swrite(w, in.dst, lo);
  uint32_t r = op(s0, lo);
  w.set_exec((e & ~uint64_t(0xffffffffu)) | r);
  SCC = r != 0;
}
// s_*_saveexec_b64: D = EXEC; EXEC = op(S0, EXEC) (an SGPR pair; in wave32 EXEC_HI
// does not exist: the result is masked to the wave's lanes); SCC = EXEC != 0.
template <class Op>
inline void s_saveexec_b64(Wave& w, const Insn& in, Op op) {
  uint64_t e = w.exec(), s0 = sread64(w, in.src[0]);
  swrite64(w, in.dst, e);
  uint64_t r = op(s0, e) & w.full;
  w.set_exec(r);
  SCC = r != 0;
}

// 16-bit integer VALU (v_add_nc_u16, v_and_b16, v_max_i16, v_mad_u16, v_med3_i16, ...):
// r = f(x, y, z) on the 16-bit sources (src16: e32 v128+ high halves, VOP3 op_sel);
// r goes to the destination half (dst16), the other half is kept. Sources are read
// before the destination is written (D may be one of the sources).
template <class F>
inline void vop_u16(Wave& w, const Insn& in, F f) {
  const Src16 a = src16(w, in, 0), b = src16(w, in, 1), c = src16(w, in, 2);
  const Dst16 d = dst16(w, in);
  for_lanes(w, [&](unsigned l) { d.set(l, uint16_t(f(a[l], b[l], c[l]))); });
}
// VOPC 16-bit integer compares (v_cmp_*_i16/u16 and their v_cmpx_ forms): pred(x, y)
// on the 16-bit sources as src16 picks them (e32 v128+ fields: high halves; VOP3 op_sel).
template <class P>
inline void vop_cmp_u16(Wave& w, const Insn& in, P pred) {
  const Src16 a = src16(w, in, 0), b = src16(w, in, 1);
  vop_cmp(w, in, [&](unsigned l) { return pred(a[l], b[l]); });
}
// Integer clamp (the VOP3 clamp bit on integer ops: AMD RDNA4 ISA reference guide,
// VOP3 "CLAMP" field; LLVM selects it for llvm.uadd.sat / llvm.sadd.sat and friends):
// the exact result saturates to the destination range instead of wrapping
// (UNVERIFIED, MODEL(int_clamp_vop): the pseudocode does not show clamp).
inline uint32_t sat_u32(int64_t x) { return x < 0 ? 0u : x > 0xffffffffll ? 0xffffffffu : uint32_t(x); }
inline uint32_t sat_i32(int64_t x) {
  return uint32_t(int32_t(x < INT32_MIN ? INT32_MIN : x > INT32_MAX ? INT32_MAX : x));
}
inline uint16_t sat_u16(int64_t x) { return x < 0 ? 0 : x > 0xffff ? 0xffff : uint16_t(x); }
inline uint16_t sat_i16(int64_t x) { return uint16_t(int16_t(x < -32768 ? -32768 : x > 32767 ? 32767 : x)); }
// Exact result x to 16 bits: wraps, or saturates (unsigned/signed) with clamp.
// AddSub: an add/sub instruction (int_clamp's add_sub).
template <bool AddSub = false>
inline uint16_t clamp_u16(const Insn& in, int64_t x) { return int_clamp(in, AddSub) ? sat_u16(x) : uint16_t(x); }
template <bool AddSub = false>
inline uint16_t clamp_i16(const Insn& in, int64_t x) { return int_clamp(in, AddSub) ? sat_i16(x) : uint16_t(x); }
inline uint32_t clamp_u32(const Insn& in, int64_t x) { return int_clamp(in, false) ? sat_u32(x) : uint32_t(x); }
inline uint32_t clamp_i32(const Insn& in, int64_t x) { return int_clamp(in, false) ? sat_i32(x) : uint32_t(x); }
// Median of three (v_med3_*): the pseudocode takes max3, then the max of the two
// operands other than the first one equal to it; that is the middle value.
template <class T>
inline T med3(T x, T y, T z) {
  const T m = std::max(std::max(x, y), z);
  if (m == x) return std::max(y, z);
  if (m == y) return std::max(x, z);
  return std::max(x, y);
}
// 32-bit result from one 16-bit source (v_cvt_i32_i16, v_cvt_u32_u16).
template <class F>
inline void vop_from16(Wave& w, const Insn& in, F f) {
  const Src16 a = src16(w, in, 0);
  uint32_t* d = w.vreg(in.dst.reg);
  for_lanes(w, [&](unsigned l) { d[l] = f(a[l]); });
}
// v_mad_u32_u16 / v_mad_i32_i16: D.32 = S0.16 * S1.16 + S2.32 (exact in int64), clamp
// saturates (unsigned / signed int32 range), otherwise the low 32 bits.
template <bool Signed>
inline void vop_mad32_16(Wave& w, const Insn& in) {
  const Src16 a = src16(w, in, 0), b = src16(w, in, 1);
  VSRC(c, in.src[2]);
  uint32_t* d = w.vreg(in.dst.reg);
  for_lanes(w, [&](unsigned l) {
    int64_t r = Signed ? int64_t(int16_t(a[l])) * int16_t(b[l]) + int32_t(c[l]) : int64_t(a[l]) * b[l] + int64_t(c[l]);
    d[l] = Signed ? clamp_i32(in, r) : clamp_u32(in, r);
  });
}

// Word `sub` of a multi-register operand for lane l (VGPR row, SGPR, or a 64-bit constant's halves).
inline uint32_t opword(const Wave& w, const Operand& o, unsigned sub, unsigned l) {
  if (o.kind == OperandKind::VGPR) return w.v[size_t(o.reg + sub) * w.W + l];
  if (o.kind == OperandKind::SGPR) return o.reg == kNull ? 0 : w.s[(o.reg + sub) & 127];
  if (sub == 0) return sread(w, o);
  return sub == 1 && o.kind == OperandKind::Const ? uint32_t(o.value >> 32) : 0;
}
// Sums of absolute byte differences (v_sad_u8 and friends; AMD RDNA4 ISA reference
// guide, V_SAD_U8 / V_MSAD_U8): msad skips the bytes where the reference y is 0.
inline uint32_t sad_u8(uint32_t x, uint32_t y) {
  uint32_t s = 0;
  for (int i = 0; i < 32; i += 8) {
    const uint32_t a = (x >> i) & 0xff, b = (y >> i) & 0xff;
    s += a > b ? a - b : b - a;
  }
  return s;
}
inline uint32_t msad_u8(uint32_t x, uint32_t y) {
  uint32_t s = 0;
  for (int i = 0; i < 32; i += 8) {
    const uint32_t a = (x >> i) & 0xff, b = (y >> i) & 0xff;
    if (b) s += a > b ? a - b : b - a;
  }
  return s;
}
// v_qsad_pk_u16_u8 (Masked = false, Bits = 16), v_mqsad_pk_u16_u8 (true, 16),
// v_mqsad_u32_u8 (true, 32): field k of D (4 fields of Bits bits over 64 or 128
// bits) = field k of S2 + (m)sad_u8(bytes k..k+3 of S0 (64 bits), S1), truncated
// to the field; clamp saturates each field (UNVERIFIED: MODEL(int_clamp_vop)).
template <bool Masked, unsigned Bits>
inline void vop_qsad(Wave& w, const Insn& in) {
  constexpr unsigned nd = Bits == 16 ? 2 : 4;  // destination registers
  uint32_t* d[4];
  for (unsigned r = 0; r < nd; ++r) d[r] = w.vreg(in.dst.reg + r);
  const bool clamp = int_clamp(in, false);
  for_lanes(w, [&](unsigned l) {
    const uint64_t s0 = uint64_t(opword(w, in.src[0], 0, l)) | uint64_t(opword(w, in.src[0], 1, l)) << 32;
    const uint32_t s1 = opword(w, in.src[1], 0, l);
    uint32_t c[4], r[4] = {0, 0, 0, 0};
    for (unsigned i = 0; i < nd; ++i) c[i] = opword(w, in.src[2], i, l);
    for (unsigned k = 0; k < 4; ++k) {
      const uint32_t win = uint32_t(s0 >> (8 * k));
      const uint64_t sad = Masked ? msad_u8(win, s1) : sad_u8(win, s1);
      if (Bits == 16) {
        const uint64_t acc = ((c[k / 2] >> (16 * (k % 2))) & 0xffff) + sad;
        const uint32_t f = clamp ? sat_u16(int64_t(acc)) : uint32_t(acc & 0xffff);
        r[k / 2] |= f << (16 * (k % 2));
      } else {
        r[k] = clamp ? sat_u32(int64_t(c[k]) + int64_t(sad)) : c[k] + uint32_t(sad);
      }
    }
    for (unsigned i = 0; i < nd; ++i) d[i][l] = r[i];
  });
}

// ---- lane and register-index ops (v_permlane*, v_movrel*, v_swap*) ----------
// VGPRs the kernel allocated: compute_pgm_rsrc1[5:0] = granules - 1, a granule being
// 8 VGPRs in wave32 and 4 in wave64 (LLVM AMDGPUUsage, "compute_pgm_rsrc1",
// GRANULATED_WORKITEM_VGPR_COUNT for GFX10-GFX12); 256 without a kernel descriptor.
inline unsigned vgpr_alloc(const Wave& w) {
  if (!w.L || !w.L->kernel) return kVgprRows;
  const unsigned g = (w.L->kernel->kd.compute_pgm_rsrc1 & 0x3f) + 1;
  return std::min<unsigned>(kVgprRows, g * (w.W == 32 ? 8 : 4));
}
// Out-of-range M0-relative operands under the movrel_out_of_range candidates other
// than fault: the operand becomes one of these two rows past the architectural file
// (source, destination; above any block range), filled with what a read gives, so
// its write is dropped.
constexpr unsigned kMovrelRow = kVgprRows + kVgprSlack - 2;
static_assert(kMovrelRow > kVgprRows - 1 + 31, "movrel rows overlap a block register range");
// Candidates vgpr0_drop (reads v0), read_zero (reads 0), wrap (index modulo the allocation).
inline unsigned movrel_alt(Wave& w, const Insn& in, const Operand& base, uint64_t r, unsigned lim,
                           model::MovrelOutOfRange k) {
  if (k == model::MovrelOutOfRange::Wrap) return unsigned(r % lim);
  const unsigned row = &base == &in.dst ? kMovrelRow + 1 : kMovrelRow;
  uint32_t* d = w.vreg(row);
  for (unsigned l = 0; l < w.W; ++l) d[l] = k == model::MovrelOutOfRange::Vgpr0Drop ? w.v[l] : 0u;
  return row;
}
// v_movrel*: VGPR number base + off, or a fault (MemoryViolation) when it leaves the
// VGPRs the kernel allocated (UNVERIFIED, MODEL(movrel_out_of_range): the guide does not
// say; candidates vgpr0_drop / read_zero / wrap in movrel_alt).
inline bool movrel_reg(Wave& w, const Insn& in, const Operand& base, uint64_t off, unsigned* out) {
  if (base.kind != OperandKind::VGPR) {
    not_supported(w, in, "a register-indexed (M0-relative) operand that is not a VGPR");
    return false;
  }
  const uint64_t r = uint64_t(base.reg) + off;
  const unsigned lim = vgpr_alloc(w);
  static const auto k = model::active<model::MovrelOutOfRange>();
  if (r >= lim && k != model::MovrelOutOfRange::Fault) {
    *out = movrel_alt(w, in, base, r, lim, k);
    return true;
  }
  if (r >= lim) {
    w.fault_at(int(Fault::MemoryViolation), in,
               std::string(in.info->mnemonic) + ": VGPR index v" + std::to_string(base.reg) + " + M0 offset " +
                   std::to_string(off) + " is outside the kernel's " + std::to_string(lim) + " allocated VGPRs");
    return false;
  }
  *out = unsigned(r);
  return true;
}
// v_permlane16_b32 / v_permlanex16_b32 (Var = false: 4-bit lane selectors for lanes
// 0..15 of each row from {S2, S1}) and their _var forms (Var = true: selector =
// S1[3:0] of the lane's own VGPR). Lane l (in EXEC) of row r reads S0 of lane
// 16*r' + sel, r' = r (permlane16) or r ^ 1 (permlanex16: rows 0<->1, 2<->3)
// (AMD RDNA4 ISA reference guide, V_PERMLANE16_B32 / V_PERMLANEX16_B32 / *_VAR_B32).
// op_sel[0] = FI, op_sel[1] = BOUND_CTRL (llvm-mc syntax op_sel:[fi, bound_ctrl]):
// a source lane outside EXEC is read anyway with FI, else gives 0 with BOUND_CTRL,
// else leaves the destination lane unchanged (UNVERIFIED,
// MODEL(permlane_fi_bound_ctrl); the pseudocode reads every lane). Candidates: ignored
// (the pseudocode: every source lane is read, op_sel does nothing), fetch_zero (a source
// lane outside EXEC reads 0 unless FI; BOUND_CTRL does nothing).
template <bool Cross, bool Var>
inline void vop_permlane16(Wave& w, const Insn& in) {
  if (in.src[0].kind != OperandKind::VGPR) { not_supported(w, in, "a non-VGPR permlane source"); return; }
  static const auto k = model::active<model::PermlaneFiBoundCtrl>();
  bool fi = in.opsel & 1, bc = (in.opsel >> 1) & 1;
  if (k == model::PermlaneFiBoundCtrl::Ignored) fi = true;  // every source lane read
  else if (k == model::PermlaneFiBoundCtrl::FetchZero) bc = true;  // fetch_zero: an inactive source reads 0 without FI
  const uint64_t exec = w.exec();
  uint32_t tmp[64], sel[64];
  const uint32_t* s0 = w.vreg(in.src[0].reg);
  for (unsigned l = 0; l < w.W; ++l) tmp[l] = s0[l];
  if (Var) {
    VSRC(s1, in.src[1]);
    for (unsigned l = 0; l < w.W; ++l) sel[l] = s1[l] & 15;
  } else {
    const uint64_t ls = uint64_t(sread(w, in.src[1])) | uint64_t(sread(w, in.src[2])) << 32;
    for (unsigned l = 0; l < w.W; ++l) sel[l] = uint32_t(ls >> (4 * (l & 15))) & 15;
  }
  uint32_t* d = w.vreg(in.dst.reg);
  for_lanes(w, [&](unsigned l) {
    const unsigned row = l >> 4, src = 16 * (Cross ? row ^ 1 : row) + sel[l];
    if (fi || ((exec >> src) & 1)) d[l] = tmp[src];
    else if (bc) d[l] = 0;
  });
}

// Conversions to f64 (a register pair) from one 32-bit source: D = f(S0 bits), then
// omod/clamp. F32Mods: the source is f32, takes VOP3 abs/neg and the MODE f32 input
// flush; integer sources take none.
template <bool F32Mods, class F>
inline void vop_cvt_to_f64(Wave& w, const Insn& in, F f) {
  VSrc a = F32Mods ? vsrc_mod(w, in, 0, 0x80000000u) : vsrc(w, in.src[0]);
  if (a.m == 0) a.p = &a.val;
  uint32_t* dl = w.vreg(in.dst.reg);
  uint32_t* dh = w.vreg(in.dst.reg + 1);
  const bool fin = F32Mods && fp_mode32(w).fin;
  for_lanes(w, [&](unsigned l) {
    uint32_t x = a[l];
    if (fin && (x & 0x7f800000u) == 0) x &= 0x80000000u;
    uint64_t u = as_u64(omod_clamp_t<double>(in, f(x)));
    dl[l] = uint32_t(u);
    dh[l] = uint32_t(u >> 32);
  });
}

}  // namespace rdna4emu::core

// VOP3P helpers (packed math, dot products, v_fma_mix*, VOPD dot2acc).
#include "vop3p.h"

// Float VALU helpers (min/max families, conversions, division, transcendental models).
#include "valu_float.h"

// Scalar ALU helpers (64-bit logic, exec writes, hardware registers, SALU float).
#include "salu.h"
