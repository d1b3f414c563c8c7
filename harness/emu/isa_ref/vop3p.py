"""Reference semantics of VOP3P instructions (packed 16-bit math and the
mixed-precision FMA), from the AMD RDNA4 ISA reference guide's pseudocode
(V_PK_*, V_FMA_MIX*) and its description of the VOP3P source selection:

* packed ops: the low result takes, from each source i, the half OPSEL[i]
  selects (0 low, 1 high) and the high result the half OPSEL_HI[i] selects;
  NEG[i] (neg_lo) negates the half used by the low result, NEG_HI[i] the one
  used by the high result (float operands only);
* V_FMA_MIX*: source i is an f32 when OPSEL_HI[i] is 0, otherwise the f16
  half OPSEL[i] selects, converted exactly to f32; NEG[i] negates and
  NEG_HI[i] takes the absolute value of that source (LLVM prints them as
  -v / |v|).

The ops register themselves in valu.OPS with family "vop3p" (so diff.py
runs them); each receives its raw 32-bit sources and reads the selection
from ctx.vop3p = (op_sel, op_sel_hi, neg_lo, neg_hi).
"""
from . import fops as F
from . import valu
from .fp import BF16, F16, F32
from .valu import M16, s16

M32 = 0xffffffff


def _sel(x, hi):
    return (x >> 16) & M16 if hi else x & M16


def packed(name, nsrc, fn, is_float, sat=None, shift=False):
    """fn(ctx, a, b[, c]) on 16-bit halves -> 16-bit result; sat(ctx, ...) the
    clamped (saturating) integer result."""

    def run(ctx, *srcs):
        op_sel, op_sel_hi, neg_lo, neg_hi, clamp = ctx.vop3p
        out = 0
        for half, sel, neg in ((0, op_sel, neg_lo), (1, op_sel_hi, neg_hi)):
            xs = []
            for i in range(nsrc):
                x = _sel(srcs[i], sel[i])
                if is_float and neg[i]:
                    x ^= 0x8000
                xs.append(x)
            if clamp and sat:
                r = sat(ctx, *xs)
            else:
                r = fn(ctx, *xs)
                if clamp and is_float:
                    r = valu.apply_output(_F16OP, r, True, 0, ctx)
            out |= (r & M16) << (16 * half)
        return out

    o = valu.Op(name, "vop3p", "b32", ("b32",) * nsrc, run, model="valu_nan_results" if is_float else None)
    o.vop3p = "packed"
    o.vop3p_float = is_float
    o.vop3p_clamp = bool(is_float or sat)
    valu.OPS[name] = o


class _F16Op:
    dst = "f16"


_F16OP = _F16Op()


def _us(v):
    return max(0, min(M16, v))


def _ss(v):
    return max(-(1 << 15), min((1 << 15) - 1, v)) & M16


packed("v_pk_add_f16", 2, lambda c, a, b: F.add(F16, a, b, c), True)
packed("v_pk_mul_f16", 2, lambda c, a, b: F.mul(F16, a, b, c), True)
packed("v_pk_fma_f16", 3, lambda c, a, b, d: F.fma(F16, a, b, d, c), True)
packed("v_pk_min_num_f16", 2, lambda c, a, b: F.min_num(F16, a, b, c), True)
packed("v_pk_max_num_f16", 2, lambda c, a, b: F.max_num(F16, a, b, c), True)
packed("v_pk_minimum_f16", 2, lambda c, a, b: F.minimum(F16, a, b, c), True)
packed("v_pk_maximum_f16", 2, lambda c, a, b: F.maximum(F16, a, b, c), True)
packed("v_pk_add_u16", 2, lambda c, a, b: (a + b) & M16, False, sat=lambda c, a, b: _us(a + b))
packed("v_pk_sub_u16", 2, lambda c, a, b: (a - b) & M16, False, sat=lambda c, a, b: _us(a - b))
packed("v_pk_add_i16", 2, lambda c, a, b: (a + b) & M16, False, sat=lambda c, a, b: _ss(s16(a) + s16(b)))
packed("v_pk_sub_i16", 2, lambda c, a, b: (a - b) & M16, False, sat=lambda c, a, b: _ss(s16(a) - s16(b)))
packed("v_pk_mul_lo_u16", 2, lambda c, a, b: (a * b) & M16, False)
packed("v_pk_mad_u16", 3, lambda c, a, b, d: (a * b + d) & M16, False, sat=lambda c, a, b, d: _us(a * b + d))
packed("v_pk_mad_i16", 3, lambda c, a, b, d: (s16(a) * s16(b) + s16(d)) & M16, False,
       sat=lambda c, a, b, d: _ss(s16(a) * s16(b) + s16(d)))
packed("v_pk_max_i16", 2, lambda c, a, b: a if s16(a) >= s16(b) else b, False)
packed("v_pk_min_i16", 2, lambda c, a, b: a if s16(a) < s16(b) else b, False)
packed("v_pk_max_u16", 2, lambda c, a, b: a if a >= b else b, False)
packed("v_pk_min_u16", 2, lambda c, a, b: a if a < b else b, False)
packed("v_pk_lshlrev_b16", 2, lambda c, a, b: (b << (a & 15)) & M16, False)
packed("v_pk_lshrrev_b16", 2, lambda c, a, b: b >> (a & 15), False)
packed("v_pk_ashrrev_i16", 2, lambda c, a, b: (s16(b) >> (a & 15)) & M16, False)


def mix(name, out):
    """V_FMA_MIX_F32 (f32 result), V_FMA_MIXLO_F16 / V_FMA_MIXHI_F16 (the f32
    fma converted to f16 into the low / high half, the other half kept)."""

    def run(ctx, a, b, c, d):
        op_sel, op_sel_hi, neg, ab, clamp = ctx.vop3p
        ins = []
        for i, x in enumerate((a, b, c)):
            if op_sel_hi[i]:
                v = F.convert(F16, F32, _sel(x, op_sel[i]), ctx)
            else:
                v = x & M32
            if ab[i]:
                v = F32.abs(v)
            if neg[i]:
                v = F32.neg(v)
            ins.append(v)
        r = F.fma(F32, ins[0], ins[1], ins[2], ctx)
        if out == "f32":
            return valu.apply_output(_F32OP, r, clamp, 0, ctx)
        h = F.convert(F32, F16, r, ctx)
        h = valu.apply_output(_F16OP, h, clamp, 0, ctx)
        return (d & 0xffff0000) | h if out == "lo" else (d & M16) | (h << 16)

    o = valu.Op(name, "vop3p", "b32", ("b32", "b32", "b32", "dst"), run, model="valu_nan_results")
    o.vop3p = "mix"
    o.vop3p_float = True
    o.vop3p_clamp = True
    valu.OPS[name] = o


class _F32Op:
    dst = "f32"


_F32OP = _F32Op()

mix("v_fma_mix_f32", "f32")
mix("v_fma_mixlo_f16", "lo")
mix("v_fma_mixhi_f16", "hi")


# ---- integer dot products (V_DOT4_I32_IU8, V_DOT4_U32_U8, V_DOT8_I32_IU4, V_DOT8_U32_U4) ----
# iu forms: NEG[0] / NEG[1] (neg_lo) make the A / B elements signed. With clamp the
# exact sum saturates to the 32-bit result range (model choice: "int_dot_clamp").

def dot(name, bits, iu):
    n = 32 // bits

    def el(x, i, signed):
        v = (x >> (bits * i)) & ((1 << bits) - 1)
        return v - (1 << bits) if signed and v >> (bits - 1) else v

    def run(ctx, a, b, c):
        op_sel, op_sel_hi, neg_lo, neg_hi, clamp = ctx.vop3p
        sa = bool(neg_lo[0]) if iu else False
        sb = bool(neg_lo[1]) if iu else False
        total = (c - (1 << 32) if c >> 31 else c) if iu else c
        total += sum(el(a, i, sa) * el(b, i, sb) for i in range(n))
        if clamp:
            lo, hi = (-(1 << 31), (1 << 31) - 1) if iu else (0, M32)
            total = max(lo, min(hi, total))
        return total & M32

    o = valu.Op(name, "vop3p", "b32", ("b32",) * 3, run, model="int_dot_clamp")
    o.vop3p = "dot"
    o.vop3p_float = False
    o.vop3p_clamp = True
    o.vop3p_iu = iu
    valu.OPS[name] = o


dot("v_dot4_i32_iu8", 8, True)
dot("v_dot4_u32_u8", 8, False)
dot("v_dot8_i32_iu4", 4, True)
dot("v_dot8_u32_u4", 4, False)


# ---- float dot products (V_DOT2_F32_F16, V_DOT2_F32_BF16, V_DOT4_F32_{FP8,BF8}_{FP8,BF8}) ----
# The guide: tmp = S2.f32; tmp += a[k] * b[k] for each element pair in order; D = tmp.
# Model (MODEL_DEPENDENT["dot_float_rounding"]): as the pseudocode's f32 `*` and
# `+=` read, every product is an f32 multiplication and every step an f32
# addition, each rounded in the MODE f32 direction (the sum's denormal result
# flushed when MODE flushes f32 outputs); the products of f16 and fp8/bf8 values
# are exact in f32, bf16 products can overflow or underflow it; f16
# inputs flush per the f16/f64 denormal field, bf16 inputs and C per the f32 field,
# fp8/bf8 inputs never. NaN: the first NaN of C, a0, b0, a1, b1, ... quieted; an
# invalid step gives the default NaN. clamp: [0, 1] on the final value.
# Selection (dot2): the first product takes the halves op_sel picks, the second
# those op_sel_hi picks; neg_lo / neg_hi negate them. C: neg_lo[2] negates;
# neg_hi[2] takes |C| first on the fp8/bf8 dots and does nothing on the dot2s
# (the project's dot_f32_c_modifiers choice, which follows LLVM's code generation).

def _elem_f32(x, kind, ctx):
    """One 16-bit (f16 / bf16) or 8-bit (fp8 / bf8) element -> f32 bits, exact."""
    if kind == "f16":
        return F.convert(F16, F32, F.daz(F16, x, ctx), ctx)
    if kind == "bf16":
        return F.daz(F32, x << 16, ctx)
    return F.f8_to_f32(x, kind == "bf8")


def _fdot_acc(ctx, c, pairs):
    first = F.first_nan(F32, c, *[v for p in pairs for v in p])
    if first is not None:
        return first
    keep = F.Ctx(round_mode=ctx.round, denorm32=3)
    t = c
    for a, b in pairs:
        t = F.ftz(F32, F.add(F32, t, F.mul(F32, a, b, keep), keep), ctx)
    return t


def fdot(name, kinds):
    """kinds: element formats of S0 and S1 ('f16', 'bf16', 'fp8', 'bf8')."""
    ka, kb = kinds
    n = 2 if ka in ("f16", "bf16") else 4

    def run(ctx, a, b, c):
        op_sel, op_sel_hi, neg_lo, neg_hi, clamp = ctx.vop3p
        if n == 4 and neg_hi[2]:
            c = F32.abs(c)
        if neg_lo[2]:
            c = F32.neg(c)
        c = F.daz(F32, c, ctx)
        pairs = []
        for k in range(n):
            if n == 2:
                sel, neg = (op_sel, neg_lo) if k == 0 else (op_sel_hi, neg_hi)
                x, y = _sel(a, sel[0]), _sel(b, sel[1])
                x ^= 0x8000 if neg[0] else 0
                y ^= 0x8000 if neg[1] else 0
            else:
                x, y = (a >> (8 * k)) & 0xff, (b >> (8 * k)) & 0xff
            pairs.append((_elem_f32(x, ka, ctx), _elem_f32(y, kb, ctx)))
        r = _fdot_acc(ctx, c, pairs)
        return valu.apply_output(_F32OP, r, clamp, 0, ctx)

    o = valu.Op(name, "vop3p", "b32", ("b32",) * 3, run, model="dot_float_rounding")
    o.vop3p = "fdot"
    o.vop3p_float = True
    o.vop3p_clamp = True
    o.elems = kinds
    valu.OPS[name] = o


fdot("v_dot2_f32_f16", ("f16", "f16"))
fdot("v_dot2_f32_bf16", ("bf16", "bf16"))
for _a in ("fp8", "bf8"):
    for _b in ("fp8", "bf8"):
        fdot("v_dot4_f32_%s_%s" % (_a, _b), (_a, _b))


# ---- VOP3 V_DOT2_F16_F16 / V_DOT2_BF16_BF16 -------------------------------------------------
# tmp = S2 (16-bit); tmp += S0.lo * S1.lo; tmp += S0.hi * S1.hi; D = tmp (the guide).
# Each step one fused a*b + tmp rounded to the 16-bit format in the MODE f16/f64
# direction, denormal inputs and step results flushed per the f16/f64 field (bf16
# too) (MODEL_DEPENDENT["dot_float_rounding"]). VOP3 modifiers: abs then neg of S0 /
# S1 act on both packed halves (type "pk16" in diff.py), of S2 on its half; op_sel[2]
# picks S2's half and op_sel[3] the destination half (the project's
# dot2_16bit_modifiers choice). NaN: the first of S2, a0, b0, a1, b1, quieted.

def dot2_16(name, fmt):
    def fn(ctx, a, b, c):
        ins = [F.daz(fmt, c, ctx)]
        for k in range(2):
            ins += [F.daz(fmt, (a >> (16 * k)) & M16, ctx), F.daz(fmt, (b >> (16 * k)) & M16, ctx)]
        first = F.first_nan(fmt, *ins)
        if first is not None:
            return first
        t = ins[0]
        for k in range(2):
            t = F.fma(fmt, ins[1 + 2 * k], ins[2 + 2 * k], t, ctx)
        return t

    valu.op(name, "vop3", "f16" if fmt is F16 else "bf16", ("pk16", "pk16", "f16" if fmt is F16 else "bf16"), fn,
            model="dot_float_rounding")


dot2_16("v_dot2_f16_f16", F16)
dot2_16("v_dot2_bf16_bf16", BF16)
