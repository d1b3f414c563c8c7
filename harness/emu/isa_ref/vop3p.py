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
from .fp import F16, F32
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

    o = valu.Op(name, "vop3p", "b32", ("b32",) * nsrc, run, model="nan_propagation" if is_float else None)
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

    o = valu.Op(name, "vop3p", "b32", ("b32", "b32", "b32", "dst"), run, model="nan_propagation")
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
# exact sum saturates to the 32-bit result range (model choice: "dot_clamp").

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

    o = valu.Op(name, "vop3p", "b32", ("b32",) * 3, run, model="dot_clamp")
    o.vop3p = "dot"
    o.vop3p_float = False
    o.vop3p_clamp = True
    o.vop3p_iu = iu
    valu.OPS[name] = o


dot("v_dot4_i32_iu8", 8, True)
dot("v_dot4_u32_u8", 8, False)
dot("v_dot8_i32_iu4", 4, True)
dot("v_dot8_u32_u4", 4, False)
