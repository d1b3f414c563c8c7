// VOP3P semantics helpers (packed 16-bit math, dot products, mixed-precision
// fma), the VOP3 v_dot2_f16_f16 / v_dot2_bf16_bf16 and the VOPD dot2acc halves.
// Included at the end of semantics.h; insns/v_pk_*.h, v_dot*.h, v_fma_mix*.h and
// v_dual_dot2acc_*.h are one-line calls of these.
//
// Sources: AMD RDNA4 ISA reference guide, VOP3P instruction pseudocode
// (V_PK_*, V_DOT*, V_FMA_MIX*) and the VOP3P encoding (OP_SEL, OP_SEL_HI, NEG_LO,
// NEG_HI, CLAMP); LLVM llvm/lib/Target/AMDGPU/Utils/AMDGPUBaseInfo.cpp
// (getInlineEncodingV216: what an inline constant gives a packed operand).
// Where these are silent the choice is a model of harness/emu/models/vop3p.toml under the
// id named in the comment.
#pragma once

namespace rdna4emu::core {

// ---- packed operand selection --------------------------------------------------
// Result half h (0 = bits [15:0], 1 = bits [31:16]) of a packed instruction reads,
// from source i, the 16-bit half that op_sel[i] (h = 0) or op_sel_hi[i] (h = 1)
// picks (0 = low, 1 = high); neg_lo[i] / neg_hi[i] flip the sign of that float
// value. A constant operand is the 32-bit value the decoder built (isa/vop3p.csv
// types it): an integer constant sign-extended to 32 bits, a float constant as its
// f16 (bf16 for bf16 operands) bits in [15:0] and zero in [31:16], a literal as all
// 32 bits (MODEL(packed_inline_constants)).
inline unsigned pk_sel(const Insn& in, int i, int h) { return ((h ? in.opsel_hi : in.opsel) >> i) & 1; }
inline unsigned pk_neg(const Insn& in, int i, int h) { return ((h ? in.neg_hi : in.neg) >> i) & 1; }
inline uint16_t pk_src(const Insn& in, uint32_t x, int i, int h) { return half_of(x, pk_sel(in, i, h)); }

// Candidates of MODEL(packed_inline_constants) other than the default (`replicated`: the
// constant's 16-bit value in both halves, as a reading of the ISA guide's "inline
// constants" for packed operands; `low16_only`: its 16-bit value in
// [15:0], zero above). The 16-bit value of an integer constant is its low 16 bits, of a
// float constant its f16 bits (bf16 bits on bf16 operands). A literal keeps its 32 bits.
// Returns a copy of `in` with the constant sources 0..n-1 rewritten.
inline Insn pk_consts_alt(const Insn& in, model::PackedInlineConstants k, int n) {
  static const uint16_t f16c[] = {0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118};
  Insn c = in;
  for (int i = 0; i < n; ++i) {
    Operand& o = c.src[i];
    if (o.kind != OperandKind::Const || o.literal) continue;
    uint32_t h;
    if (o.code >= 128 && o.code <= 208) h = uint32_t(o.value) & 0xffffu;
    else if (o.code >= 240 && o.code <= 248) h = o.value > 0xffff ? f16c[o.code - 240] : uint32_t(o.value);
    else continue;
    o.value = k == model::PackedInlineConstants::Replicated ? (h | (h << 16)) : h;
  }
  return c;
}

// ---- packed 16-bit integer ops ---------------------------------------------------
// r = f(x, y, z) per half on the selected halves, sign- (Signed) or zero-extended
// to 64 bits; without clamp the result is its low 16 bits, with clamp it saturates
// to the i16 / u16 range. neg_lo / neg_hi do nothing on integer operands
// (MODEL(packed_int_modifiers); Neg = Negate: they replace the selected
// 16-bit field by its two's complement; Neg = SignBit: they flip its bit 15, as
// on f16 operands; before the extension, so each op reads the result in its own type).
template <bool Signed, model::PackedIntModifiers Neg, class F>
inline void vop_pk_int_run(Wave& w, const Insn& in, F f) {
  VSRC(a, in.src[0]);
  VSRC(b, in.src[1]);
  VSRC(c, in.src[2]);
  uint32_t* d = w.vreg(in.dst.reg);
  const bool clamp = in.clamp;
  for_lanes(w, [&](unsigned l) {
    const uint32_t s[3] = {a[l], b[l], c[l]};
    uint32_t r = 0;
    for (int h = 0; h < 2; ++h) {
      int64_t x[3];
      for (int i = 0; i < 3; ++i) {
        uint16_t v = pk_src(in, s[i], i, h);
        if (Neg != model::PackedIntModifiers::Ignored && pk_neg(in, i, h))
          v = Neg == model::PackedIntModifiers::Negate ? uint16_t(0u - v) : uint16_t(v ^ 0x8000u);
        x[i] = Signed ? int64_t(int16_t(v)) : int64_t(v);
      }
      int64_t v = f(x[0], x[1], x[2]);
      if (clamp) v = Signed ? std::min<int64_t>(std::max<int64_t>(v, -32768), 32767)
                            : std::min<int64_t>(std::max<int64_t>(v, 0), 65535);
      r |= uint32_t(uint16_t(v)) << (16 * h);
    }
    d[l] = r;  // all sources of this lane were read above
  });
}
template <bool Signed, class F>
inline void vop_pk_int(Wave& w, const Insn& in, F f) {
  using KC = model::PackedInlineConstants;
  using KN = model::PackedIntModifiers;
  static const KC kc = model::active<KC>();
  static const KN kn = model::active<KN>();
  if (kc == KC::Llvm && kn == KN::Ignored) return vop_pk_int_run<Signed, KN::Ignored>(w, in, f);
  const Insn c = kc != KC::Llvm ? pk_consts_alt(in, kc, 3) : in;
  if (kn == KN::Negate) vop_pk_int_run<Signed, KN::Negate>(w, c, f);
  else if (kn == KN::SignBit) vop_pk_int_run<Signed, KN::SignBit>(w, c, f);
  else vop_pk_int_run<Signed, KN::Ignored>(w, c, f);
}

// ---- f16 helpers -----------------------------------------------------------------
inline bool is_nan16(uint16_t h) { return (h & 0x7c00) == 0x7c00 && (h & 0x3ff); }
inline bool is_nan_bf16(uint16_t h) { return (h & 0x7f80) == 0x7f80 && (h & 0x7f); }
// Clamp to [0, 1] on 16-bit float bits (NaN -> +0, as the VOP3 CLAMP of f32 results).
inline uint16_t clamp_f16(uint16_t r) {
  if (is_nan16(r)) return 0;
  const float v = f16_to_f32(r);
  return v < 0 ? uint16_t(0) : v > 1 ? uint16_t(0x3c00) : r;
}
inline uint16_t clamp_bf16(uint16_t r) {
  if (is_nan_bf16(r)) return 0;
  const float v = bf16_to_f32(r);
  return v < 0 ? uint16_t(0) : v > 1 ? uint16_t(0x3f80) : r;
}
inline uint32_t clamp_f32_bits(uint32_t r) {
  const float v = as_f(r);
  if (std::isnan(v)) return 0;
  return v < 0 ? 0u : v > 1 ? 0x3f800000u : r;
}
inline uint16_t flush_bf16(uint16_t h) { return (h & 0x7f80) == 0 ? uint16_t(h & 0x8000) : h; }
inline uint32_t flush_f32_bits(uint32_t u) { return (u & 0x7f800000u) == 0 ? (u & 0x80000000u) : u; }
inline uint16_t f64_to_bf16_rm(double d, unsigned rm) {
  if (std::isnan(d)) return uint16_t(((as_u64(d) >> 48) & 0x8000) | 0x7fc0 | ((as_u64(d) >> 45) & 0x3f));
  return uint16_t(round_small_float(d, 8, 7, 127, 0x7f, 0x7f80, rm));
}

// ---- packed f16 arithmetic ---------------------------------------------------------
// Per half: sources selected and negated (pk_src, pk_neg), denormal inputs flushed
// when MODE says so; a NaN source gives that NaN quieted (the first in source
// order); otherwise r = f(x, y, z) is computed in double (exact for one add, mul
// or fma of f16 values, see below) and rounded once to f16 in the MODE f16 round
// mode; an invalid operation gives the default NaN 0x7e00; then clamp ([0, 1],
// NaN -> 0) and the output denormal flush. Exactness: a*b of f16 values has at most
// 22 significant bits; a*b + c is rounded to double in the MODE direction under
// HostRound and once more to f16: in a directed mode twice in the same direction is
// once; to nearest the double result cannot land on an f16 halfway point unless
// the exact sum does (the exact sum needs more than 53 bits only when the smaller
// term lies far below the larger one's last f16 bit).
template <class F>
inline void vop_pk_f16_run(Wave& w, const Insn& in, F f) {
  VSRC(a, in.src[0]);
  VSRC(b, in.src[1]);
  VSRC(c, in.src[2]);
  uint32_t* d = w.vreg(in.dst.reg);
  const FpMode m = fp_mode16(w);
  HostRound hr(m.rm);
  static const auto nan_k = model::active<model::ValuNanResults>();
  for_lanes(w, [&](unsigned l) {
    const uint32_t s[3] = {a[l], b[l], c[l]};
    uint32_t out = 0;
    for (int h = 0; h < 2; ++h) {
      uint16_t x[3];
      for (int i = 0; i < 3; ++i) {
        x[i] = uint16_t(pk_src(in, s[i], i, h) ^ (pk_neg(in, i, h) ? 0x8000u : 0u));
        if (m.fin) x[i] = flush16(x[i]);
      }
      uint16_t r;
      if (is_nan16(x[0]) || is_nan16(x[1]) || is_nan16(x[2])) {
        r = uint16_t((is_nan16(x[0]) ? x[0] : is_nan16(x[1]) ? x[1] : x[2]) | 0x200);
        if (__builtin_expect(nan_k != model::ValuNanResults::FirstNan, 0))  // candidates of MODEL(valu_nan_results), semantics.h
          r = f64_to_f16(nan_result_alt(f16_to_f64(x[0]), f16_to_f64(x[1]), f16_to_f64(x[2]), nan_k));
      } else {
        const double v = f(double(f16_to_f32(x[0])), double(f16_to_f32(x[1])), double(f16_to_f32(x[2])));
        r = std::isnan(v) ? uint16_t(0x7e00) : f64_to_f16_rm(v, m.rm);
      }
      if (in.clamp) r = clamp_f16(r);
      if (m.fout) r = flush16(r);
      out |= uint32_t(r) << (16 * h);
    }
    d[l] = out;
  });
}
template <class F>
inline void vop_pk_f16(Wave& w, const Insn& in, F f) {
  static const auto kc = model::active<model::PackedInlineConstants>();
  if (kc == model::PackedInlineConstants::Llvm) return vop_pk_f16_run(w, in, f);
  const Insn c = pk_consts_alt(in, kc, 3);
  vop_pk_f16_run(w, c, f);
}

// Packed f16 selections (min/max): r = f(x, y) on the selected, negated and
// (per MODE) flushed bits; the function handles NaNs itself; then clamp and the
// output flush as vop_pk_f16.
template <class F>
inline void vop_pk_f16_sel_run(Wave& w, const Insn& in, F f) {
  VSRC(a, in.src[0]);
  VSRC(b, in.src[1]);
  uint32_t* d = w.vreg(in.dst.reg);
  const FpMode m = fp_mode16(w);
  for_lanes(w, [&](unsigned l) {
    const uint32_t s[2] = {a[l], b[l]};
    uint32_t out = 0;
    for (int h = 0; h < 2; ++h) {
      uint16_t x[2];
      for (int i = 0; i < 2; ++i) {
        x[i] = uint16_t(pk_src(in, s[i], i, h) ^ (pk_neg(in, i, h) ? 0x8000u : 0u));
        if (m.fin) x[i] = flush16(x[i]);
      }
      uint16_t r = f(x[0], x[1]);
      if (in.clamp) r = clamp_f16(r);
      if (m.fout) r = flush16(r);
      out |= uint32_t(r) << (16 * h);
    }
    d[l] = out;
  });
}
template <class F>
inline void vop_pk_f16_sel(Wave& w, const Insn& in, F f) {
  static const auto kc = model::active<model::PackedInlineConstants>();
  if (kc == model::PackedInlineConstants::Llvm) return vop_pk_f16_sel_run(w, in, f);
  const Insn c = pk_consts_alt(in, kc, 2);
  vop_pk_f16_sel_run(w, c, f);
}
// IEEE 754-2019 minimumNumber / maximumNumber as the V_MIN_NUM_F16 pseudocode
// has it: one NaN operand gives the other operand (even a signalling NaN is
// passed over), two give the first quieted; -0 < +0.
inline uint16_t min_num_f16(uint16_t x, uint16_t y, bool max) {
  const bool nx = is_nan16(x), ny = is_nan16(y);
  if (nx && ny) return uint16_t(x | 0x200);
  if (nx) return y;
  if (ny) return x;
  const float a = f16_to_f32(x), b = f16_to_f32(y);
  if (a == b) return (((x >> 15) != 0) == !max) ? x : y;  // equal values: only +0 / -0 differ
  return (max ? a > b : a < b) ? x : y;
}
// IEEE 754-2019 minimum / maximum (V_MINIMUM_F16 pseudocode): a signalling NaN
// operand gives it quieted (S0 first), else a quiet NaN operand (S0 first); -0 < +0.
inline uint16_t minimum_f16(uint16_t x, uint16_t y, bool max) {
  const bool nx = is_nan16(x), ny = is_nan16(y);
  const bool sx = nx && !(x & 0x200), sy = ny && !(y & 0x200);
  if (sx) return uint16_t(x | 0x200);
  if (sy) return uint16_t(y | 0x200);
  if (nx) return x;
  if (ny) return y;
  const float a = f16_to_f32(x), b = f16_to_f32(y);
  if (a == b) return (((x >> 15) != 0) == !max) ? x : y;
  return (max ? a > b : a < b) ? x : y;
}

// ---- float dot products accumulating in f32 -------------------------------------------
// tmp = C; tmp += a[k] * b[k] for k = 0..n-1, in that order (the pseudocode's), each
// step one f32 addition of an exact product (f16, bf16, fp8 and bf8 products fit in
// f32's 24 bits) rounded in the MODE f32 round mode, its denormal result flushed
// when MODE flushes f32 outputs (MODEL(dot_float_rounding)). NaN: the first NaN of
// C, a0, b0, a1, b1, ... quieted; an invalid operation gives 0x7fc00000. clamp:
// [0, 1] on the final value. The caller has decoded, negated and (per MODE)
// flushed the inputs. Runs under the caller's HostRound.
inline uint32_t dot_acc_f32(float c, const float* a, const float* b, int n, bool fout, bool clamp) {
  uint32_t r;
  const float* first_nan = std::isnan(c) ? &c : nullptr;
  for (int k = 0; k < n && !first_nan; ++k) {
    if (std::isnan(a[k])) first_nan = &a[k];
    else if (std::isnan(b[k])) first_nan = &b[k];
  }
  if (first_nan) {
    r = as_u(*first_nan) | 0x400000u;
  } else {
    float t = c;
    for (int k = 0; k < n; ++k) {
      t = t + a[k] * b[k];  // the product is exact: one rounding per step
      if (fout) t = as_f(flush_f32_bits(as_u(t)));
    }
    r = std::isnan(t) ? 0x7fc00000u : as_u(t);
  }
  return clamp ? clamp_f32_bits(r) : r;
}
// Candidate `exact_once` of MODEL(dot_float_rounding): the exact sum of the terms,
// rounded once. exact_sum_odd returns that sum rounded to odd at 53 bits (truncated,
// lowest bit set when inexact), which then rounds to any format of at most 51 bits as
// the exact sum would. Terms are finite doubles whose lowest set bit is at least 2^-320
// and whose magnitude is below 2^300 (f32, f16, bf16 values and products of two
// 16-bit or 8-bit floats); they are summed exactly in a 640-bit two's complement
// fixed-point integer (bit 0 weighs 2^-320). An exact zero sum is +0, or -0 when every
// term is -0 or the rounding is toward negative (IEEE 754-2019 clause 6.3).
inline double exact_sum_odd(const double* t, int n, unsigned rm) {
  constexpr int kLimbs = 10, kLsb = 320;
  uint64_t acc[kLimbs] = {};
  bool all_neg_zero = true;
  for (int i = 0; i < n; ++i) {
    const double x = t[i];
    if (!(x == 0 && std::signbit(x))) all_neg_zero = false;
    if (x == 0) continue;
    int ex;
    uint64_t m = uint64_t(std::ldexp(std::frexp(std::fabs(x), &ex), 53));
    int e = ex - 53;
    while (!(m & 1)) { m >>= 1; ++e; }
    const int sh = e + kLsb;  // >= 0 for the terms described above
    uint64_t part[kLimbs] = {};
    part[sh / 64] = m << (sh % 64);
    if (sh % 64 && sh / 64 + 1 < kLimbs) part[sh / 64 + 1] = m >> (64 - sh % 64);
    if (std::signbit(x)) {  // two's complement negation of part
      unsigned carry = 1;
      for (int j = 0; j < kLimbs; ++j) {
        const uint64_t v = ~part[j] + carry;
        carry = carry && v == 0;
        part[j] = v;
      }
    }
    unsigned carry = 0;
    for (int j = 0; j < kLimbs; ++j) {
      const uint64_t s1 = acc[j] + part[j], s2 = s1 + carry;
      carry = (s1 < acc[j]) || (s2 < s1);
      acc[j] = s2;
    }
  }
  const bool neg = acc[kLimbs - 1] >> 63;
  if (neg) {
    unsigned carry = 1;
    for (int j = 0; j < kLimbs; ++j) {
      const uint64_t v = ~acc[j] + carry;
      carry = carry && v == 0;
      acc[j] = v;
    }
  }
  int top = -1;
  for (int j = kLimbs - 1; j >= 0 && top < 0; --j)
    if (acc[j]) top = 64 * j + 63 - __builtin_clzll(acc[j]);
  if (top < 0) return (all_neg_zero || rm == kRoundDown) ? -0.0 : 0.0;
  auto bit = [&](int i) { return (acc[i / 64] >> (i % 64)) & 1; };
  const int low = top - 52 > 0 ? top - 52 : 0;
  uint64_t m = 0;
  for (int i = top; i >= low; --i) m = (m << 1) | bit(i);
  bool sticky = false;
  for (int i = low - 1; i >= 0 && !sticky; --i) sticky = bit(i);
  if (sticky) m |= 1;
  const double r = std::ldexp(double(m), low - kLsb);
  return neg ? -r : r;
}
// C + a[0]*b[0] + ... rounded once to f32 (candidate `exact_once` of dot_acc_f32): NaN,
// invalid operation, clamp and the output flush as dot_acc_f32.
inline uint32_t dot_acc_f32_once(float c, const float* a, const float* b, int n, unsigned rm, bool fout,
                                 bool clamp) {
  uint32_t r;
  const float* first_nan = std::isnan(c) ? &c : nullptr;
  for (int k = 0; k < n && !first_nan; ++k) {
    if (std::isnan(a[k])) first_nan = &a[k];
    else if (std::isnan(b[k])) first_nan = &b[k];
  }
  if (first_nan) {
    r = as_u(*first_nan) | 0x400000u;
  } else {
    double t[5];
    bool finite = std::isfinite(c);
    t[0] = double(c);
    for (int k = 0; k < n; ++k) {
      t[1 + k] = double(a[k]) * double(b[k]);  // exact: at most 2 x 24 significant bits
      finite = finite && std::isfinite(t[1 + k]);
    }
    if (!finite) {  // infinities (and inf * 0): the double sum is exact
      double v = t[0];
      for (int k = 0; k < n; ++k) v += t[1 + k];
      r = std::isnan(v) ? 0x7fc00000u : as_u(float(v));
    } else {
      r = round_small_float(exact_sum_odd(t, n + 1, rm), 8, 23, 127, 0x7fffff, 0x7f800000, rm);
      if (fout) r = flush_f32_bits(r);
    }
  }
  return clamp ? clamp_f32_bits(r) : r;
}
// The f32 accumulator operand of a VOP3P dot (MODEL(dot_f32_c_modifiers)): neg_lo[2]
// negates. neg_hi[2] takes |C| first for v_dot4_f32_fp8/bf8 (AbsHi, as V_FMA_MIX and the
// WMMA C operand; LLVM compiles fabs(C) to it) and does nothing for v_dot2_f32_f16/bf16
// (LLVM compiles -C there to neg_lo:[0,0,1] neg_hi:[0,0,1] and fabs(C) to a v_and_b32).
// Other candidates (dot_c_abs_hi): `abs_all`, neg_hi[2] takes |C| on every f32 dot;
// `neg_hi_ignored`, it does nothing on any.
template <bool AbsHi>
inline float dot_c_f32(const Insn& in, uint32_t c, bool fin) {
  if (AbsHi && ((in.neg_hi >> 2) & 1)) c &= 0x7fffffffu;
  if ((in.neg >> 2) & 1) c ^= 0x80000000u;
  if (fin) c = flush_f32_bits(c);
  return as_f(c);
}
// Whether neg_hi[2] takes |C| under the active dot_f32_c_modifiers candidate; Dot4:
// v_dot4_f32_fp8/bf8 (the default's AbsHi).
inline bool dot_c_abs_hi(model::DotF32CModifiers k, bool dot4) {
  return k == model::DotF32CModifiers::Llvm ? dot4 : k == model::DotF32CModifiers::AbsAll;
}

// v_dot2_f32_f16 / v_dot2_f32_bf16 (VOP3P): products of the two selected halves of
// S0 and S1 (op_sel for the first, op_sel_hi for the second, neg_lo / neg_hi negate
// them), accumulated onto S2 (f32) by dot_acc_f32. f16 inputs flush per the MODE
// f16/f64 denormal field, bf16 inputs and S2 per the f32 field (MODEL(dot_float_rounding)).
// Vopd = true: v_dual_dot2acc_f32_f16 / _bf16 (a VOPD half), D = D + S0[15:0] * S1[15:0] +
// S1[31:16] * S0[31:16], the same without modifiers (src[2] is D; no op_sel, neg, clamp).
// AbsHi: neg_hi[2] takes |C| (dot_c_abs_hi); Once: the `exact_once` candidate of
// dot_float_rounding (dot_acc_f32_once; its `f32_steps` is the default for f32 dots).
template <bool BF16, bool Vopd, bool AbsHi, bool Once>
inline void vop_dot2_f32_run(Wave& w, const Insn& in) {
  VSRC(sa, in.src[0]);
  VSRC(sb, in.src[1]);
  VSRC(sc, in.src[2]);
  uint32_t* d = w.vreg(in.dst.reg);
  const FpMode m32 = fp_mode32(w), m16 = fp_mode16(w);
  const bool fin16 = BF16 ? m32.fin : m16.fin;
  HostRound hr(m32.rm);
  for_lanes(w, [&](unsigned l) {
    float a[2], b[2];
    for (int h = 0; h < 2; ++h) {
      uint16_t x, y;
      if (Vopd) {
        x = half_of(sa[l], h);
        y = half_of(sb[l], h);
      } else {
        x = uint16_t(pk_src(in, sa[l], 0, h) ^ (pk_neg(in, 0, h) ? 0x8000u : 0u));
        y = uint16_t(pk_src(in, sb[l], 1, h) ^ (pk_neg(in, 1, h) ? 0x8000u : 0u));
      }
      if (fin16) {
        x = BF16 ? flush_bf16(x) : flush16(x);
        y = BF16 ? flush_bf16(y) : flush16(y);
      }
      a[h] = BF16 ? bf16_to_f32(x) : f16_to_f32(x);
      b[h] = BF16 ? bf16_to_f32(y) : f16_to_f32(y);
    }
    const float c = Vopd ? as_f(m32.fin ? flush_f32_bits(sc[l]) : sc[l]) : dot_c_f32<AbsHi>(in, sc[l], m32.fin);
    d[l] = Once ? dot_acc_f32_once(c, a, b, 2, m32.rm, m32.fout, Vopd ? false : in.clamp)
                : dot_acc_f32(c, a, b, 2, m32.fout, Vopd ? false : in.clamp);
  });
}
template <bool BF16, bool Vopd = false>
inline void vop_dot2_f32(Wave& w, const Insn& in) {
  using KR = model::DotFloatRounding;
  using KC = model::DotF32CModifiers;
  using KP = model::PackedInlineConstants;
  static const KR kr = model::active<KR>();
  static const KC kc = model::active<KC>();
  static const KP kp = model::active<KP>();
  if (kr == KR::PerStep && kc == KC::Llvm && kp == KP::Llvm) return vop_dot2_f32_run<BF16, Vopd, false, false>(w, in);
  const Insn c = kp != KP::Llvm ? pk_consts_alt(in, kp, Vopd ? 1 : 2) : in;
  const bool abs_hi = !Vopd && dot_c_abs_hi(kc, false), once = kr == KR::ExactOnce;
  if (abs_hi) {
    if (once) vop_dot2_f32_run<BF16, Vopd, true, true>(w, c);
    else vop_dot2_f32_run<BF16, Vopd, true, false>(w, c);
  } else {
    if (once) vop_dot2_f32_run<BF16, Vopd, false, true>(w, c);
    else vop_dot2_f32_run<BF16, Vopd, false, false>(w, c);
  }
}
template <bool BF16>
inline void vopd_dot2acc_f32(Wave& w, const Insn& in) { vop_dot2_f32<BF16, true>(w, in); }

// v_dot4_f32_{fp8,bf8}_{fp8,bf8}: S2 (f32, neg_lo[2] = -, neg_hi[2] = abs) + the four byte
// products of S0 and S1 in byte order (fp8 = OCP E4M3, bf8 = OCP E5M2, exact in
// f32; fp8/bf8 inputs are never flushed: MODEL(dot_float_rounding)). AbsHi and Once as
// vop_dot2_f32_run.
template <bool ABf8, bool BBf8, bool AbsHi, bool Once>
inline void vop_dot4_f32_8bit_run(Wave& w, const Insn& in) {
  VSRC(sa, in.src[0]);
  VSRC(sb, in.src[1]);
  VSRC(sc, in.src[2]);
  uint32_t* d = w.vreg(in.dst.reg);
  const FpMode m32 = fp_mode32(w);
  HostRound hr(m32.rm);
  for_lanes(w, [&](unsigned l) {
    float a[4], b[4];
    for (int k = 0; k < 4; ++k) {
      const uint8_t x = uint8_t(sa[l] >> (8 * k)), y = uint8_t(sb[l] >> (8 * k));
      a[k] = ABf8 ? bf8_to_f32(x) : fp8_to_f32(x);
      b[k] = BBf8 ? bf8_to_f32(y) : fp8_to_f32(y);
    }
    const float c = dot_c_f32<AbsHi>(in, sc[l], m32.fin);
    d[l] = Once ? dot_acc_f32_once(c, a, b, 4, m32.rm, m32.fout, in.clamp)
                : dot_acc_f32(c, a, b, 4, m32.fout, in.clamp);
  });
}
template <bool ABf8, bool BBf8>
inline void vop_dot4_f32_8bit(Wave& w, const Insn& in) {
  using KR = model::DotFloatRounding;
  using KC = model::DotF32CModifiers;
  static const KR kr = model::active<KR>();
  static const KC kc = model::active<KC>();
  if (kr == KR::PerStep && kc == KC::Llvm) return vop_dot4_f32_8bit_run<ABf8, BBf8, true, false>(w, in);
  const bool abs_hi = dot_c_abs_hi(kc, true), once = kr == KR::ExactOnce;
  if (abs_hi) {
    if (once) vop_dot4_f32_8bit_run<ABf8, BBf8, true, true>(w, in);
    else vop_dot4_f32_8bit_run<ABf8, BBf8, true, false>(w, in);
  } else {
    if (once) vop_dot4_f32_8bit_run<ABf8, BBf8, false, true>(w, in);
    else vop_dot4_f32_8bit_run<ABf8, BBf8, false, false>(w, in);
  }
}

// ---- integer dot products ----------------------------------------------------------
// v_dot4_i32_iu8, v_dot4_u32_u8, v_dot8_i32_iu4, v_dot8_u32_u4: D = S2 + sum of the
// N products of the Bits-wide fields of S0 and S1 (field 0 = lowest bits). IU forms:
// neg_lo[0] / neg_lo[1] make S0's / S1's fields signed (else unsigned), S2 and D are
// i32; U forms: everything unsigned. Without clamp the sum wraps to 32 bits; with
// clamp the exact sum saturates to the i32 / u32 range (MODEL(int_dot_clamp); other
// candidates: Clamp = SaturatePerStep, every addition of the pseudocode's order
// saturates; Clamp = Wrap, clamp does nothing). Other modifier bits do nothing.
template <int N, int Bits, bool IU, model::IntDotClamp Clamp>
inline void vop_dot_int_run(Wave& w, const Insn& in) {
  VSRC(sa, in.src[0]);
  VSRC(sb, in.src[1]);
  VSRC(sc, in.src[2]);
  uint32_t* d = w.vreg(in.dst.reg);
  const bool sga = IU && (in.neg & 1), sgb = IU && ((in.neg >> 1) & 1);
  const uint32_t mask = (1u << Bits) - 1;
  auto field = [&](uint32_t x, int k, bool sg) -> int64_t {
    const uint32_t v = (x >> (Bits * k)) & mask;
    return sg && (v >> (Bits - 1)) ? int64_t(v) - int64_t(1u << Bits) : int64_t(v);
  };
  for_lanes(w, [&](unsigned l) {
    auto sat = [](int64_t v) {
      return IU ? std::min<int64_t>(std::max<int64_t>(v, INT32_MIN), INT32_MAX)
                : std::min<int64_t>(std::max<int64_t>(v, 0), int64_t(UINT32_MAX));
    };
    int64_t t = IU ? int64_t(int32_t(sc[l])) : int64_t(sc[l]);
    for (int k = 0; k < N; ++k) {
      t += field(sa[l], k, sga) * field(sb[l], k, sgb);
      if (Clamp == model::IntDotClamp::SaturatePerStep && in.clamp) t = sat(t);
    }
    if (Clamp == model::IntDotClamp::SaturateOnce && in.clamp) t = sat(t);
    d[l] = uint32_t(t);
  });
}
template <int N, int Bits, bool IU>
inline void vop_dot_int(Wave& w, const Insn& in) {
  using K = model::IntDotClamp;
  static const K k = model::active<K>();
  if (k == K::SaturateOnce || !in.clamp) return vop_dot_int_run<N, Bits, IU, K::SaturateOnce>(w, in);
  if (k == K::SaturatePerStep) vop_dot_int_run<N, Bits, IU, K::SaturatePerStep>(w, in);
  else vop_dot_int_run<N, Bits, IU, K::Wrap>(w, in);
}

// The `exact_once` and `f32_steps` candidates of dot_float_rounding for vop3_dot2_16:
// v = {S2, a0, b0, a1, b1} (no NaN; modifiers and input flushes applied).
template <bool BF16, model::DotFloatRounding Rnd>
inline uint16_t dot2_16_alt_sum(const uint16_t* v, unsigned rm, bool fout) {
  auto val = [](uint16_t x) { return double(BF16 ? bf16_to_f32(x) : f16_to_f32(x)); };
  auto to16 = [&](double x) {
    return uint16_t(BF16 ? round_small_float(x, 8, 7, 127, 0x7f, 0x7f80, rm)
                         : round_small_float(x, 5, 10, 15, 0x3ff, 0x7c00, rm));
  };
  double t[3] = {val(v[0]), val(v[1]) * val(v[2]), val(v[3]) * val(v[4])};  // exact products
  uint16_t r;
  if (!std::isfinite(t[0]) || !std::isfinite(t[1]) || !std::isfinite(t[2])) {
    const double s = t[0] + t[1] + t[2];  // infinities: exact
    if (std::isnan(s)) return BF16 ? 0x7fc0 : 0x7e00;
    r = to16(s);
  } else if (Rnd == model::DotFloatRounding::ExactOnce) {
    r = to16(exact_sum_odd(t, 3, rm));
  } else {
    double acc = t[0];
    for (int k = 1; k < 3; ++k) {
      const double pair[2] = {acc, t[k]};
      acc = std::isinf(acc) ? acc + t[k]  // an f32 step overflowed: it stays infinite
                            : as_f(round_small_float(exact_sum_odd(pair, 2, rm), 8, 23, 127, 0x7fffff, 0x7f800000, rm));
    }
    r = to16(acc);
  }
  return fout ? (BF16 ? flush_bf16(r) : flush16(r)) : r;
}

// ---- VOP3 v_dot2_f16_f16 / v_dot2_bf16_bf16 ---------------------------------------------
// D.h16 = S2.h16 + S0[15:0] * S1[15:0] + S0[31:16] * S1[31:16], in that order, the
// accumulator rounded to the 16-bit format after each step (the pseudocode's tmp is
// f16 / bf16; each step a*b + tmp rounds once: MODEL(dot_float_rounding)), in the
// MODE f16/f64 round mode with its denormal flushes (bf16 too). Modifiers (VOP3):
// abs then neg of S0 / S1 act on both halves (MODEL(dot2_16bit_modifiers)), of S2 on
// its half; op_sel[2] picks S2's half, op_sel[3] the destination half (the other
// half is kept). NaN: the first NaN of S2, a0, b0, a1, b1 quieted; invalid -> the
// default NaN; clamp: [0, 1] on the result.
// Other candidates: Mods = LowHalfOnly (dot2_16bit_modifiers): abs / neg of S0, S1
// act on bits [15:0] only; Mods = HighHalfOnly: on bit 31 only, as VOP3 modifiers
// of a 32-bit operand. Rnd = ExactOnce (dot_float_rounding): the exact S2 + a0*b0 +
// a1*b1 rounded once; Rnd = F32Steps: each step rounded to f32 (exactly summed,
// in the MODE f16/f64 round mode), the f32 result rounded to the 16-bit format; both
// flush only the final 16-bit result when MODE flushes outputs.
template <bool BF16, model::Dot2_16bitModifiers Mods, model::DotFloatRounding Rnd>
inline void vop3_dot2_16_run(Wave& w, const Insn& in) {
  VSRC(sa, in.src[0]);
  VSRC(sb, in.src[1]);
  VSRC(sc, in.src[2]);
  uint32_t* d = w.vreg(in.dst.reg);
  const FpMode m = fp_mode16(w);
  HostRound hr(m.rm);
  const bool hc = (in.opsel >> 2) & 1, hd = (in.opsel >> 3) & 1;
  auto mods32 = [&](uint32_t x, int i) {
    constexpr uint32_t sign = Mods == model::Dot2_16bitModifiers::BothHalves     ? 0x80008000u
                              : Mods == model::Dot2_16bitModifiers::LowHalfOnly ? 0x00008000u
                                                                                : 0x80000000u;
    if ((in.abs >> i) & 1) x &= ~sign;
    if ((in.neg >> i) & 1) x ^= sign;
    return x;
  };
  auto fl = [&](uint16_t x) { return m.fin ? (BF16 ? flush_bf16(x) : flush16(x)) : x; };
  auto nan16 = [](uint16_t x) { return BF16 ? is_nan_bf16(x) : is_nan16(x); };
  auto val = [](uint16_t x) { return double(BF16 ? bf16_to_f32(x) : f16_to_f32(x)); };
  for_lanes(w, [&](unsigned l) {
    const uint32_t x = mods32(sa[l], 0), y = mods32(sb[l], 1);
    uint16_t c = half_of(sc[l], hc);
    if ((in.abs >> 2) & 1) c &= 0x7fff;
    if ((in.neg >> 2) & 1) c ^= 0x8000;
    const uint16_t in16[5] = {fl(c), fl(uint16_t(x)), fl(uint16_t(y)), fl(uint16_t(x >> 16)), fl(uint16_t(y >> 16))};
    uint16_t r = 0;
    int first = -1;
    for (int k = 0; k < 5 && first < 0; ++k)
      if (nan16(in16[k])) first = k;
    if (first >= 0) {
      r = uint16_t(in16[first] | (BF16 ? 0x40 : 0x200));
    } else if (Rnd != model::DotFloatRounding::PerStep) {
      r = dot2_16_alt_sum<BF16, Rnd>(in16, m.rm, m.fout);
    } else {
      r = in16[0];
      for (int k = 0; k < 2; ++k) {
        // p and t are exact doubles; a term more than 2^30 below the other only acts as a
        // sticky bit for the 16-bit rounding, so it is replaced by one of the same sign 2^30
        // below (the double sum stays exact: bf16 spans can exceed 53 bits, and a lost term
        // would round a halfway product twice).
        double p = val(in16[1 + 2 * k]) * val(in16[2 + 2 * k]), t = val(r);
        if (p != 0 && t != 0 && std::isfinite(p) && std::isfinite(t)) {
          if (std::fabs(t) < std::ldexp(std::fabs(p), -30)) t = std::copysign(std::ldexp(std::fabs(p), -30), t);
          else if (std::fabs(p) < std::ldexp(std::fabs(t), -30)) p = std::copysign(std::ldexp(std::fabs(t), -30), p);
        }
        const double v = t + p;
        if (std::isnan(v)) { r = BF16 ? 0x7fc0 : 0x7e00; break; }
        r = BF16 ? f64_to_bf16_rm(v, m.rm) : f64_to_f16_rm(v, m.rm);
        if (m.fout) r = BF16 ? flush_bf16(r) : flush16(r);
      }
    }
    if (in.clamp) r = BF16 ? clamp_bf16(r) : clamp_f16(r);
    d[l] = hd ? (d[l] & 0xffffu) | (uint32_t(r) << 16) : (d[l] & 0xffff0000u) | r;
  });
}
template <bool BF16>
inline void vop3_dot2_16(Wave& w, const Insn& in) {
  using KM = model::Dot2_16bitModifiers;
  using KR = model::DotFloatRounding;
  using KP = model::PackedInlineConstants;
  static const KM km = model::active<KM>();
  static const KR kr = model::active<KR>();
  static const KP kp = model::active<KP>();
  if (km == KM::BothHalves && kr == KR::PerStep && kp == KP::Llvm)
    return vop3_dot2_16_run<BF16, KM::BothHalves, KR::PerStep>(w, in);
  const Insn c = kp != KP::Llvm ? pk_consts_alt(in, kp, 2) : in;
  // One instantiation per (modifiers, rounding) candidate pair.
  auto run = [&](auto mods) {
    constexpr KM M = decltype(mods)::value;
    if (kr == KR::ExactOnce) return vop3_dot2_16_run<BF16, M, KR::ExactOnce>(w, c);
    if (kr == KR::F32Steps) return vop3_dot2_16_run<BF16, M, KR::F32Steps>(w, c);
    return vop3_dot2_16_run<BF16, M, KR::PerStep>(w, c);
  };
  if (km == KM::LowHalfOnly) return run(std::integral_constant<KM, KM::LowHalfOnly>());
  if (km == KM::HighHalfOnly) return run(std::integral_constant<KM, KM::HighHalfOnly>());
  return run(std::integral_constant<KM, KM::BothHalves>());
}

// ---- v_fma_mix_f32 / v_fma_mixlo_f16 / v_fma_mixhi_f16 ------------------------------------
// Source i is f16 (the half op_sel[i] picks) when op_sel_hi[i] is set, else f32;
// neg_hi = abs, neg_lo = neg (in that order); denormal inputs flush per the MODE
// field of their own precision. fma in f32, rounded in the MODE f32 round mode
// (host fmaf under HostRound: one IEEE operation); clamp saturates to [0, 1]
// (NaN -> 0). F32: the f32 result, clamped (f32 output flush); F16Lo / F16Hi: that
// result converted to f16 in the MODE f16 round mode (the pseudocode's f32_to_f16),
// then clamped, into that half, the other half kept (f16 output flush).
enum class MixDst { F32, F16Lo, F16Hi };
template <MixDst D>
inline void vop_fma_mix(Wave& w, const Insn& in) {
  VSRC(a, in.src[0]);
  VSRC(b, in.src[1]);
  VSRC(c, in.src[2]);
  uint32_t* d = w.vreg(in.dst.reg);
  const FpMode m32 = fp_mode32(w), m16 = fp_mode16(w);
  HostRound hr(m32.rm);
  auto get = [&](uint32_t x, int i) {
    float f;
    if ((in.opsel_hi >> i) & 1) {
      uint16_t h = half_of(x, (in.opsel >> i) & 1);
      if (m16.fin) h = flush16(h);
      f = f16_to_f32(h);
    } else {
      f = as_f(m32.fin ? flush_f32_bits(x) : x);
    }
    if ((in.neg_hi >> i) & 1) f = std::fabs(f);
    if ((in.neg >> i) & 1) f = -f;
    return f;
  };
  for_lanes(w, [&](unsigned l) {
    float x = get(a[l], 0), y = get(b[l], 1), z = get(c[l], 2);
    float r = std::fma(x, y, z);
    if (r != r) r = nan_result(x, y, z);
    if (D == MixDst::F32) {
      if (in.clamp) r = std::isnan(r) ? 0.0f : std::min(std::max(r, 0.0f), 1.0f);
      d[l] = m32.fout ? flush_f32_bits(as_u(r)) : as_u(r);
    } else {
      // f16 results: clamp applies to the rounded f16 value, as for the f16 VALU ops
      // (a result that rounds to -0 stays -0; the pseudocode does not place clamp: UNVERIFIED).
      uint16_t h = f64_to_f16_rm(double(r), m16.rm);
      if (in.clamp) h = clamp_f16(h);
      if (m16.fout) h = flush16(h);
      if (D == MixDst::F16Lo) d[l] = (d[l] & 0xffff0000u) | h;
      else d[l] = (d[l] & 0xffffu) | (uint32_t(h) << 16);
    }
  });
}

}  // namespace rdna4emu::core
