"""Reference semantics of VALU instructions (VOP1, VOP2, VOP3, VOPC), per lane.

Written from the AMD RDNA4 ISA reference guide's pseudocode (section
"Vector ALU operations", one entry per opcode) and IEEE 754-2019; float
arithmetic is exact (fops.py). Each Op says its destination and source
types and computes the destination from the source bit patterns (after
abs/neg modifiers; clamp/omod are applied by the caller, see apply_output).

Types: u32 i32 b32 f32 (one VGPR), u16 i16 b16 f16 (low half of a VGPR),
u64 i64 b64 f64 (a VGPR pair), mask (one lane's bit of a lane mask: VCC or
an SGPR mask source/destination).
"""
from fractions import Fraction

from . import fops as F
from .fp import BF16, F16, F32, F64, RNE, RTZ

M32 = 0xffffffff
M16 = 0xffff
M64 = (1 << 64) - 1

FMT = {"f32": F32, "f16": F16, "f64": F64, "bf16": BF16}
WIDTH = {"u128": 128, "pk16": 32, "bf16": 16, "u32": 32, "i32": 32, "b32": 32, "f32": 32, "u16": 16, "i16": 16, "b16": 16, "f16": 16,
         "u64": 64, "i64": 64, "b64": 64, "f64": 64, "mask": 1}


def s32(x):
    x &= M32
    return x - (1 << 32) if x >> 31 else x


def s16(x):
    x &= M16
    return x - (1 << 16) if x >> 15 else x


def s64(x):
    x &= M64
    return x - (1 << 64) if x >> 63 else x


def sext(x, bits):
    x &= (1 << bits) - 1
    return x - (1 << bits) if x >> (bits - 1) else x


class Op:
    """family: vop1 / vop2 / vop3 / vopc (the encoding of its plain form);
    dst: type or None; srcs: tuple of types; sdst: 'carry' for VOP3SD carry
    outputs (fn returns (d, carry)); reads_vcc: the last source is a mask
    (VCC in e32 forms); cmp: result is a lane bit (VOPC)."""

    def __init__(self, name, family, dst, srcs, fn, sdst=None, cmp=False, model=None, int_clamp=None,
                 variants=(), mode_form=False):
        self.name = name
        self.family = family
        self.dst = dst
        self.srcs = tuple(srcs)
        self.fn = fn
        self.sdst = sdst
        self.cmp = cmp
        self.model = model  # key of fops.MODEL_DEPENDENT when the result depends on a model choice
        self.int_clamp = int_clamp  # function(exact result) -> clamped bits, when clamp applies
        self.variants = list(variants)  # [(text suffix, ctx.sel)]: byte_sel / op_sel selections
        self.mode_form = mode_form  # also run under a MODE rounding direction (which it must ignore)
        self.no_outmod = False  # no clamp/omod forms (the instruction ignores them)

    @property
    def is_float(self):
        return any(t in FMT or t == "pk16" for t in self.srcs) or self.dst in FMT

    @property
    def float_srcs(self):
        """Sources that take abs / neg (pk16: two packed 16-bit floats, both halves)."""
        return [t in FMT or t == "pk16" for t in self.srcs]


OPS = {}


def op(name, family, dst, srcs, fn, **kw):
    OPS[name] = Op(name, family, dst, srcs, fn, **kw)


# ---------------------------------------------------------------------------
# Integer and bit operations
# ---------------------------------------------------------------------------

def _clamp_u32(v):
    return max(0, min(M32, v))


def _clamp_i32(v):
    return max(-(1 << 31), min((1 << 31) - 1, v)) & M32


def _clamp_u16(v):
    return max(0, min(M16, v))


def _clamp_i16(v):
    return max(-(1 << 15), min((1 << 15) - 1, v)) & M16


# VOP2 integer
op("v_add_nc_u32", "vop2", "u32", ("u32", "u32"), lambda c, a, b: (a + b) & M32,
   int_clamp=lambda c, a, b: _clamp_u32(a + b))
op("v_sub_nc_u32", "vop2", "u32", ("u32", "u32"), lambda c, a, b: (a - b) & M32,
   int_clamp=lambda c, a, b: _clamp_u32(a - b))
op("v_subrev_nc_u32", "vop2", "u32", ("u32", "u32"), lambda c, a, b: (b - a) & M32,
   int_clamp=lambda c, a, b: _clamp_u32(b - a))
op("v_mul_i32_i24", "vop2", "i32", ("i32", "i32"), lambda c, a, b: (sext(a, 24) * sext(b, 24)) & M32)
op("v_mul_hi_i32_i24", "vop2", "i32", ("i32", "i32"), lambda c, a, b: ((sext(a, 24) * sext(b, 24)) >> 32) & M32)
op("v_mul_u32_u24", "vop2", "u32", ("u32", "u32"), lambda c, a, b: ((a & 0xffffff) * (b & 0xffffff)) & M32)
op("v_mul_hi_u32_u24", "vop2", "u32", ("u32", "u32"), lambda c, a, b: ((a & 0xffffff) * (b & 0xffffff)) >> 32)
op("v_min_i32", "vop2", "i32", ("i32", "i32"), lambda c, a, b: a if s32(a) < s32(b) else b)
op("v_max_i32", "vop2", "i32", ("i32", "i32"), lambda c, a, b: a if s32(a) >= s32(b) else b)
op("v_min_u32", "vop2", "u32", ("u32", "u32"), lambda c, a, b: a if a < b else b)
op("v_max_u32", "vop2", "u32", ("u32", "u32"), lambda c, a, b: a if a >= b else b)
op("v_lshlrev_b32", "vop2", "u32", ("u32", "u32"), lambda c, a, b: (b << (a & 31)) & M32)
op("v_lshrrev_b32", "vop2", "u32", ("u32", "u32"), lambda c, a, b: b >> (a & 31))
op("v_ashrrev_i32", "vop2", "i32", ("u32", "i32"), lambda c, a, b: (s32(b) >> (a & 31)) & M32)
op("v_and_b32", "vop2", "u32", ("u32", "u32"), lambda c, a, b: a & b)
op("v_or_b32", "vop2", "u32", ("u32", "u32"), lambda c, a, b: a | b)
op("v_xor_b32", "vop2", "u32", ("u32", "u32"), lambda c, a, b: a ^ b)
op("v_xnor_b32", "vop2", "u32", ("u32", "u32"), lambda c, a, b: ~(a ^ b) & M32)
op("v_lshlrev_b64", "vop2", "u64", ("u32", "u64"), lambda c, a, b: (b << (a & 63)) & M64)
op("v_cndmask_b32", "vop2", "u32", ("u32", "u32", "mask"), lambda c, a, b, m: b if m else a)
op("v_add_co_ci_u32", "vop2", "u32", ("u32", "u32", "mask"),
   lambda c, a, b, m: ((a + b + m) & M32, int(a + b + m > M32)), sdst="carry")
op("v_sub_co_ci_u32", "vop2", "u32", ("u32", "u32", "mask"),
   lambda c, a, b, m: ((a - b - m) & M32, int(b + m > a)), sdst="carry")
op("v_subrev_co_ci_u32", "vop2", "u32", ("u32", "u32", "mask"),
   lambda c, a, b, m: ((b - a - m) & M32, int(a + m > b)), sdst="carry")
# VOP3SD with only a carry out (VOP2 in earlier generations; VOP3 only on gfx12)
op("v_add_co_u32", "vop3", "u32", ("u32", "u32"), lambda c, a, b: ((a + b) & M32, int(a + b > M32)), sdst="carry")
op("v_sub_co_u32", "vop3", "u32", ("u32", "u32"), lambda c, a, b: ((a - b) & M32, int(b > a)), sdst="carry")
op("v_subrev_co_u32", "vop3", "u32", ("u32", "u32"), lambda c, a, b: ((b - a) & M32, int(a > b)), sdst="carry")

# VOP1 integer
op("v_mov_b32", "vop1", "b32", ("b32",), lambda c, a: a)
op("v_not_b32", "vop1", "u32", ("u32",), lambda c, a: ~a & M32)
op("v_bfrev_b32", "vop1", "u32", ("u32",), lambda c, a: int("{:032b}".format(a)[::-1], 2))
op("v_clz_i32_u32", "vop1", "i32", ("u32",), lambda c, a: (32 - a.bit_length()) if a else M32)
op("v_ctz_i32_b32", "vop1", "i32", ("u32",), lambda c, a: ((a & -a).bit_length() - 1) if a else M32)


def _cls(c, a):
    x = s32(a)
    for i in range(1, 32):
        if ((a >> (31 - i)) & 1) != ((a >> 31) & 1):
            return i
    return M32


op("v_cls_i32", "vop1", "i32", ("i32",), _cls)
op("v_cvt_i32_i16", "vop1", "i32", ("i16",), lambda c, a: s16(a) & M32)
op("v_cvt_u32_u16", "vop1", "u32", ("u16",), lambda c, a: a & M16)

# VOP3 integer
op("v_mad_i32_i24", "vop3", "i32", ("i32", "i32", "i32"),
   lambda c, a, b, d: (sext(a, 24) * sext(b, 24) + s32(d)) & M32,
   int_clamp=lambda c, a, b, d: _clamp_i32(sext(a, 24) * sext(b, 24) + s32(d)))
op("v_mad_u32_u24", "vop3", "u32", ("u32", "u32", "u32"),
   lambda c, a, b, d: ((a & 0xffffff) * (b & 0xffffff) + d) & M32,
   int_clamp=lambda c, a, b, d: _clamp_u32((a & 0xffffff) * (b & 0xffffff) + d))
op("v_bfe_u32", "vop3", "u32", ("u32", "u32", "u32"), lambda c, a, b, d: (a >> (b & 31)) & ((1 << (d & 31)) - 1))


def _bfe_i32(c, a, b, d):
    w = d & 31
    if w == 0:
        return 0
    t = (s32(a) >> (b & 31)) & ((1 << w) - 1)
    return sext(t, w) & M32


op("v_bfe_i32", "vop3", "i32", ("i32", "u32", "u32"), _bfe_i32)
op("v_bfi_b32", "vop3", "u32", ("u32", "u32", "u32"), lambda c, a, b, d: (a & b) | (~a & d & M32))
op("v_alignbit_b32", "vop3", "u32", ("u32", "u32", "u32"), lambda c, a, b, d: (((a << 32) | b) >> (d & 31)) & M32)
op("v_alignbyte_b32", "vop3", "u32", ("u32", "u32", "u32"),
   lambda c, a, b, d: (((a << 32) | b) >> ((d & 3) * 8)) & M32)
op("v_min3_i32", "vop3", "i32", ("i32",) * 3, lambda c, a, b, d: min(s32(a), s32(b), s32(d)) & M32)
op("v_max3_i32", "vop3", "i32", ("i32",) * 3, lambda c, a, b, d: max(s32(a), s32(b), s32(d)) & M32)
op("v_min3_u32", "vop3", "u32", ("u32",) * 3, lambda c, a, b, d: min(a, b, d))
op("v_max3_u32", "vop3", "u32", ("u32",) * 3, lambda c, a, b, d: max(a, b, d))
op("v_med3_i32", "vop3", "i32", ("i32",) * 3, lambda c, a, b, d: sorted([s32(a), s32(b), s32(d)])[1] & M32)
op("v_med3_u32", "vop3", "u32", ("u32",) * 3, lambda c, a, b, d: sorted([a, b, d])[1])
op("v_sad_u32", "vop3", "u32", ("u32",) * 3, lambda c, a, b, d: (abs(a - b) + d) & M32,
   int_clamp=lambda c, a, b, d: _clamp_u32(abs(a - b) + d))
op("v_xad_u32", "vop3", "u32", ("u32",) * 3, lambda c, a, b, d: ((a ^ b) + d) & M32)
op("v_lshl_add_u32", "vop3", "u32", ("u32",) * 3, lambda c, a, b, d: (((a << (b & 31)) & M32) + d) & M32)
op("v_add_lshl_u32", "vop3", "u32", ("u32",) * 3, lambda c, a, b, d: ((((a + b) & M32) << (d & 31)) & M32))
op("v_add3_u32", "vop3", "u32", ("u32",) * 3, lambda c, a, b, d: (a + b + d) & M32,
   int_clamp=lambda c, a, b, d: _clamp_u32(a + b + d))
op("v_lshl_or_b32", "vop3", "u32", ("u32",) * 3, lambda c, a, b, d: ((a << (b & 31)) & M32) | d)
op("v_and_or_b32", "vop3", "u32", ("u32",) * 3, lambda c, a, b, d: (a & b) | d)
op("v_or3_b32", "vop3", "u32", ("u32",) * 3, lambda c, a, b, d: a | b | d)
op("v_xor3_b32", "vop3", "u32", ("u32",) * 3, lambda c, a, b, d: a ^ b ^ d)
op("v_maxmin_u32", "vop3", "u32", ("u32",) * 3, lambda c, a, b, d: min(max(a, b), d))
op("v_minmax_u32", "vop3", "u32", ("u32",) * 3, lambda c, a, b, d: max(min(a, b), d))
op("v_maxmin_i32", "vop3", "i32", ("i32",) * 3, lambda c, a, b, d: min(max(s32(a), s32(b)), s32(d)) & M32)
op("v_minmax_i32", "vop3", "i32", ("i32",) * 3, lambda c, a, b, d: max(min(s32(a), s32(b)), s32(d)) & M32)


def _perm_byte(data, sel):
    if sel >= 13:
        return 0xff
    if sel == 12:
        return 0
    if sel in (8, 9, 10, 11):
        src_byte = {8: 1, 9: 3, 10: 5, 11: 7}[sel]
        return 0xff if (data >> (src_byte * 8 + 7)) & 1 else 0
    return (data >> (sel * 8)) & 0xff


def _perm(c, a, b, d):
    data = (a << 32) | b
    return sum(_perm_byte(data, (d >> (8 * i)) & 0xff) << (8 * i) for i in range(4))


op("v_perm_b32", "vop3", "u32", ("u32",) * 3, _perm)
op("v_mul_lo_u32", "vop3", "u32", ("u32", "u32"), lambda c, a, b: (a * b) & M32)
op("v_mul_hi_u32", "vop3", "u32", ("u32", "u32"), lambda c, a, b: (a * b) >> 32)
op("v_mul_hi_i32", "vop3", "i32", ("i32", "i32"), lambda c, a, b: ((s32(a) * s32(b)) >> 32) & M32)
op("v_add_nc_i32", "vop3", "i32", ("i32", "i32"), lambda c, a, b: (s32(a) + s32(b)) & M32,
   int_clamp=lambda c, a, b: _clamp_i32(s32(a) + s32(b)))
op("v_sub_nc_i32", "vop3", "i32", ("i32", "i32"), lambda c, a, b: (s32(a) - s32(b)) & M32,
   int_clamp=lambda c, a, b: _clamp_i32(s32(a) - s32(b)))
op("v_bfm_b32", "vop3", "u32", ("u32", "u32"), lambda c, a, b: (((1 << (a & 31)) - 1) << (b & 31)) & M32)
op("v_bcnt_u32_b32", "vop3", "u32", ("u32", "u32"), lambda c, a, b: (bin(a).count("1") + b) & M32)
op("v_mbcnt_lo_u32_b32", "vop3", "u32", ("u32", "u32"),
   lambda c, a, b: (bin(a & ((1 << c.lane) - 1) & M32).count("1") + b) & M32)
op("v_mbcnt_hi_u32_b32", "vop3", "u32", ("u32", "u32"),
   lambda c, a, b: (bin((a << 32) & ((1 << c.lane) - 1)).count("1") + b) & M32)
op("v_lshrrev_b64", "vop3", "u64", ("u32", "u64"), lambda c, a, b: b >> (a & 63))
op("v_ashrrev_i64", "vop3", "i64", ("u32", "i64"), lambda c, a, b: (s64(b) >> (a & 63)) & M64)
op("v_mad_co_u64_u32", "vop3", "u64", ("u32", "u32", "u64"),
   lambda c, a, b, d: ((a * b + d) & M64, int(a * b + d > M64)), sdst="carry")


def _mad_i64(c, a, b, d):
    r = s32(a) * s32(b) + s64(d)
    return r & M64, int(r < -(1 << 63) or r >= (1 << 63))


op("v_mad_co_i64_i32", "vop3", "i64", ("i32", "i32", "i64"), _mad_i64, sdst="carry")
op("v_cvt_pk_u16_u32", "vop3", "u32", ("u32", "u32"), lambda c, a, b: min(a, M16) | (min(b, M16) << 16))
op("v_cvt_pk_i16_i32", "vop3", "u32", ("i32", "i32"),
   lambda c, a, b: _clamp_i16(s32(a)) | (_clamp_i16(s32(b)) << 16))

# ---------------------------------------------------------------------------
# Float operations
# ---------------------------------------------------------------------------
for t, fmt in (("f32", F32), ("f64", F64), ("f16", F16)):
    fam2 = "vop2"
    op("v_add_" + t, fam2, t, (t, t), (lambda f: lambda c, a, b: F.add(f, a, b, c))(fmt), model="valu_nan_results")
    op("v_mul_" + t, fam2, t, (t, t), (lambda f: lambda c, a, b: F.mul(f, a, b, c))(fmt), model="valu_nan_results")
    op("v_min_num_" + t, fam2, t, (t, t), (lambda f: lambda c, a, b: F.min_num(f, a, b, c))(fmt))
    op("v_max_num_" + t, fam2, t, (t, t), (lambda f: lambda c, a, b: F.max_num(f, a, b, c))(fmt))
    op("v_minimum_" + t, "vop3", t, (t, t), (lambda f: lambda c, a, b: F.minimum(f, a, b, c))(fmt))
    op("v_maximum_" + t, "vop3", t, (t, t), (lambda f: lambda c, a, b: F.maximum(f, a, b, c))(fmt))
    op("v_fma_" + t, "vop3", t, (t, t, t), (lambda f: lambda c, a, b, d: F.fma(f, a, b, d, c))(fmt),
       model="valu_nan_results")
    op("v_sqrt_" + t, "vop1", t, (t,), (lambda f: lambda c, a: F.sqrt(f, a, c))(fmt), model="transcendental_accuracy")
    op("v_rcp_" + t, "vop1", t, (t,), (lambda f: lambda c, a: F.rcp(f, a, c))(fmt), model="transcendental_accuracy")
    op("v_rsq_" + t, "vop1", t, (t,), (lambda f: lambda c, a: F.rsq(f, a, c))(fmt), model="transcendental_accuracy")
    for nm, fn in (("trunc", F.trunc), ("ceil", F.ceil), ("floor", F.floor), ("rndne", F.rndne)):
        op("v_%s_%s" % (nm, t), "vop1", t, (t,), (lambda f, g: lambda c, a: g(f, a, c))(fmt, fn))
    op("v_fract_" + t, "vop1", t, (t,), (lambda f: lambda c, a: F.fract(f, a, c))(fmt), model="fract")
    op("v_frexp_mant_" + t, "vop1", t, (t,), (lambda f: lambda c, a: F.frexp_mant(f, a, c))(fmt))
    op("v_ldexp_" + t, "vop3" if t != "f16" else "vop2", t, (t, "i32" if t != "f16" else "i16"),
       (lambda f, t: lambda c, a, b: F.ldexp(f, a, s32(b) if t != "f16" else s16(b), c))(fmt, t))
    for cc in ("f", "lt", "eq", "le", "gt", "lg", "ge", "o", "u", "nge", "nlg", "ngt", "nle", "neq", "nlt", "t"):
        for x in ("cmp", "cmpx"):
            op("v_%s_%s_%s" % (x, cc, t), "vopc", "mask", (t, t),
               (lambda f, cc: lambda c, a, b: int(F.cmp(f, cc, a, b, c)))(fmt, cc), cmp=x)
    for x in ("cmp", "cmpx"):
        op("v_%s_class_%s" % (x, t), "vopc", "mask", (t, "u32" if t != "f16" else "u16"),
           (lambda f: lambda c, a, b: int(F.fclass(f, a, b)))(fmt), cmp=x)
for t, fmt in (("f32", F32), ("f16", F16)):
    op("v_sub_" + t, "vop2", t, (t, t), (lambda f: lambda c, a, b: F.sub(f, a, b, c))(fmt), model="valu_nan_results")
    op("v_subrev_" + t, "vop2", t, (t, t), (lambda f: lambda c, a, b: F.subrev(f, a, b, c))(fmt),
       model="valu_nan_results")
    op("v_fmac_" + t, "vop2", t, (t, t, "dst"), (lambda f: lambda c, a, b, d: F.fma(f, a, b, d, c))(fmt),
       model="valu_nan_results")
    op("v_exp_" + t, "vop1", t, (t,), (lambda f: lambda c, a: F.exp2(f, a, c))(fmt), model="transcendental_accuracy")
    op("v_log_" + t, "vop1", t, (t,), (lambda f: lambda c, a: F.log2(f, a, c))(fmt), model="transcendental_accuracy")
    op("v_min3_num_" + t, "vop3", t, (t,) * 3,
       (lambda f: lambda c, a, b, d: F.min_num(f, F.min_num(f, a, b, c), d, c))(fmt))
    op("v_max3_num_" + t, "vop3", t, (t,) * 3,
       (lambda f: lambda c, a, b, d: F.max_num(f, F.max_num(f, a, b, c), d, c))(fmt))
    op("v_minimum3_" + t, "vop3", t, (t,) * 3,
       (lambda f: lambda c, a, b, d: F.minimum(f, F.minimum(f, a, b, c), d, c))(fmt))
    op("v_maximum3_" + t, "vop3", t, (t,) * 3,
       (lambda f: lambda c, a, b, d: F.maximum(f, F.maximum(f, a, b, c), d, c))(fmt))
    op("v_minmax_num_" + t, "vop3", t, (t,) * 3,
       (lambda f: lambda c, a, b, d: F.max_num(f, F.min_num(f, a, b, c), d, c))(fmt))
    op("v_maxmin_num_" + t, "vop3", t, (t,) * 3,
       (lambda f: lambda c, a, b, d: F.min_num(f, F.max_num(f, a, b, c), d, c))(fmt))
op("v_rcp_iflag_f32", "vop1", "f32", ("f32",), lambda c, a: F.rcp(F32, a, c), model="transcendental_accuracy")  # = 1 / S0
op("v_frexp_exp_i32_f32", "vop1", "i32", ("f32",), lambda c, a: F.frexp_exp(F32, a, c) & M32)
op("v_frexp_exp_i32_f64", "vop1", "i32", ("f64",), lambda c, a: F.frexp_exp(F64, a, c) & M32)
op("v_frexp_exp_i16_f16", "vop1", "i16", ("f16",), lambda c, a: F.frexp_exp(F16, a, c) & M16)
op("v_fmaak_f32", "vop2", "f32", ("f32", "f32", "lit"), lambda c, a, b, k: F.fma(F32, a, b, k, c),
   model="valu_nan_results")
op("v_fmamk_f32", "vop2", "f32", ("f32", "lit", "f32"), lambda c, a, k, b: F.fma(F32, a, k, b, c),
   model="valu_nan_results")

# conversions
op("v_cvt_f32_i32", "vop1", "f32", ("i32",), lambda c, a: F.from_int(F32, s32(a), c))
op("v_cvt_f32_u32", "vop1", "f32", ("u32",), lambda c, a: F.from_int(F32, a, c))
op("v_cvt_u32_f32", "vop1", "u32", ("f32",), lambda c, a: F.to_int(F32, a, c, 32, False))
op("v_cvt_i32_f32", "vop1", "i32", ("f32",), lambda c, a: F.to_int(F32, a, c, 32, True))
op("v_cvt_f64_i32", "vop1", "f64", ("i32",), lambda c, a: F.from_int(F64, s32(a), c))
op("v_cvt_f64_u32", "vop1", "f64", ("u32",), lambda c, a: F.from_int(F64, a, c))
op("v_cvt_i32_f64", "vop1", "i32", ("f64",), lambda c, a: F.to_int(F64, a, c, 32, True))
op("v_cvt_u32_f64", "vop1", "u32", ("f64",), lambda c, a: F.to_int(F64, a, c, 32, False))
op("v_cvt_f16_f32", "vop1", "f16", ("f32",), lambda c, a: F.convert(F32, F16, a, c), model="nan_convert")
op("v_cvt_f32_f16", "vop1", "f32", ("f16",), lambda c, a: F.convert(F16, F32, a, c), model="nan_convert")
op("v_cvt_f32_f64", "vop1", "f32", ("f64",), lambda c, a: F.convert(F64, F32, a, c), model="nan_convert")
op("v_cvt_f64_f32", "vop1", "f64", ("f32",), lambda c, a: F.convert(F32, F64, a, c), model="nan_convert")
op("v_cvt_f16_u16", "vop1", "f16", ("u16",), lambda c, a: F.from_int(F16, a & M16, c))
op("v_cvt_f16_i16", "vop1", "f16", ("i16",), lambda c, a: F.from_int(F16, s16(a), c))
op("v_cvt_u16_f16", "vop1", "u16", ("f16",), lambda c, a: F.to_int(F16, a, c, 16, False))
op("v_cvt_i16_f16", "vop1", "i16", ("f16",), lambda c, a: F.to_int(F16, a, c, 16, True))
for i in range(4):
    op("v_cvt_f32_ubyte%d" % i, "vop1", "f32", ("u32",), (lambda i: lambda c, a: F.from_int(F32, (a >> (8 * i)) & 0xff, c))(i))


def _cvt_floor(c, a):
    return F.to_int(F32, F.floor(F32, a, c), c, 32, True)


def _cvt_nearest(c, a):
    # guide: f32_to_i32(floor(S0.f32 + 0.5F)); the addition rounds in the current mode
    return F.to_int(F32, F.floor(F32, F.add(F32, a, 0x3f000000, c), c), c, 32, True)


op("v_cvt_floor_i32_f32", "vop1", "i32", ("f32",), _cvt_floor)
op("v_cvt_nearest_i32_f32", "vop1", "i32", ("f32",), _cvt_nearest)


def _pk_rtz(c, a, b):
    lo = F.convert(F32, F16, a, c, round_mode=RTZ)
    hi = F.convert(F32, F16, b, c, round_mode=RTZ)
    return lo | (hi << 16)


op("v_cvt_pk_rtz_f16_f32", "vop2", "b32", ("f32", "f32"), _pk_rtz, model="nan_convert")
op("v_pack_b32_f16", "vop3", "b32", ("f16", "f16"), lambda c, a, b: (a & M16) | ((b & M16) << 16))

# integer compares
for t, bits, sg in (("i32", 32, True), ("u32", 32, False), ("i64", 64, True), ("u64", 64, False),
                    ("i16", 16, True), ("u16", 16, False)):
    for cc in ("lt", "eq", "le", "gt", "ne", "ge"):
        def mk(cc, bits, sg):
            def f(c, a, b):
                x, y = (sext(a, bits), sext(b, bits)) if sg else (a, b)
                return int({"lt": x < y, "eq": x == y, "le": x <= y, "gt": x > y, "ne": x != y, "ge": x >= y}[cc])
            return f
        for x in ("cmp", "cmpx"):
            op("v_%s_%s_%s" % (x, cc, t), "vopc", "mask", (t, t), mk(cc, bits, sg), cmp=x)


# 16-bit integer VOP3 ops (results in the low half)
op("v_add_nc_u16", "vop3", "u16", ("u16", "u16"), lambda c, a, b: (a + b) & M16,
   int_clamp=lambda c, a, b: _clamp_u16(a + b))
op("v_sub_nc_u16", "vop3", "u16", ("u16", "u16"), lambda c, a, b: (a - b) & M16,
   int_clamp=lambda c, a, b: _clamp_u16(a - b))
op("v_add_nc_i16", "vop3", "i16", ("i16", "i16"), lambda c, a, b: (s16(a) + s16(b)) & M16,
   int_clamp=lambda c, a, b: _clamp_i16(s16(a) + s16(b)))
op("v_sub_nc_i16", "vop3", "i16", ("i16", "i16"), lambda c, a, b: (s16(a) - s16(b)) & M16,
   int_clamp=lambda c, a, b: _clamp_i16(s16(a) - s16(b)))
op("v_mul_lo_u16", "vop3", "u16", ("u16", "u16"), lambda c, a, b: (a * b) & M16)
op("v_max_u16", "vop3", "u16", ("u16", "u16"), lambda c, a, b: max(a, b))
op("v_min_u16", "vop3", "u16", ("u16", "u16"), lambda c, a, b: min(a, b))
op("v_max_i16", "vop3", "i16", ("i16", "i16"), lambda c, a, b: max(s16(a), s16(b)) & M16)
op("v_min_i16", "vop3", "i16", ("i16", "i16"), lambda c, a, b: min(s16(a), s16(b)) & M16)
op("v_lshlrev_b16", "vop3", "u16", ("u16", "u16"), lambda c, a, b: (b << (a & 15)) & M16)
op("v_lshrrev_b16", "vop3", "u16", ("u16", "u16"), lambda c, a, b: b >> (a & 15))
op("v_ashrrev_i16", "vop3", "i16", ("u16", "i16"), lambda c, a, b: (s16(b) >> (a & 15)) & M16)
op("v_and_b16", "vop3", "u16", ("u16", "u16"), lambda c, a, b: a & b)
op("v_or_b16", "vop3", "u16", ("u16", "u16"), lambda c, a, b: a | b)
op("v_xor_b16", "vop3", "u16", ("u16", "u16"), lambda c, a, b: a ^ b)
op("v_not_b16", "vop1", "u16", ("u16",), lambda c, a: ~a & M16)
op("v_mad_u16", "vop3", "u16", ("u16",) * 3, lambda c, a, b, d: (a * b + d) & M16,
   int_clamp=lambda c, a, b, d: _clamp_u16(a * b + d))
op("v_mad_i16", "vop3", "i16", ("i16",) * 3, lambda c, a, b, d: (s16(a) * s16(b) + s16(d)) & M16,
   int_clamp=lambda c, a, b, d: _clamp_i16(s16(a) * s16(b) + s16(d)))
op("v_mad_u32_u16", "vop3", "u32", ("u16", "u16", "u32"), lambda c, a, b, d: (a * b + d) & M32,
   int_clamp=lambda c, a, b, d: _clamp_u32(a * b + d))
op("v_mad_i32_i16", "vop3", "i32", ("i16", "i16", "i32"), lambda c, a, b, d: (s16(a) * s16(b) + s32(d)) & M32,
   int_clamp=lambda c, a, b, d: _clamp_i32(s16(a) * s16(b) + s32(d)))
op("v_max3_u16", "vop3", "u16", ("u16",) * 3, lambda c, a, b, d: max(a, b, d))
op("v_min3_u16", "vop3", "u16", ("u16",) * 3, lambda c, a, b, d: min(a, b, d))
op("v_med3_u16", "vop3", "u16", ("u16",) * 3, lambda c, a, b, d: sorted([a, b, d])[1])
op("v_max3_i16", "vop3", "i16", ("i16",) * 3, lambda c, a, b, d: max(s16(a), s16(b), s16(d)) & M16)
op("v_min3_i16", "vop3", "i16", ("i16",) * 3, lambda c, a, b, d: min(s16(a), s16(b), s16(d)) & M16)
op("v_med3_i16", "vop3", "i16", ("i16",) * 3, lambda c, a, b, d: sorted([s16(a), s16(b), s16(d)])[1] & M16)
op("v_cndmask_b16", "vop3", "u16", ("u16", "u16", "mask"), lambda c, a, b, m: b if m else a)


# ---------------------------------------------------------------------------
# Output modifiers (VOP3 clamp / omod) for float results
# ---------------------------------------------------------------------------

def apply_output(opr, d, clamp, omod, ctx):
    """omod (x2, x4, /2) then clamp to [0, 1] on a float result `d` of type
    opr.dst (guide: VOP3 output modifiers; the exact rounding of omod and the
    NaN case of clamp are model choices, see fops.MODEL_DEPENDENT)."""
    fmt = FMT.get(opr.dst)
    if fmt is None:
        return d
    if omod and fmt.is_finite(d) and not fmt.is_zero(d):
        s, m, e = fmt.decode(d)
        d = F.ftz(fmt, fmt.round_int(s, m, e + {1: 1, 2: 2, 3: -1}[omod], ctx.rmode(fmt)), ctx)
    if clamp:
        if fmt.is_nan(d):
            return 0
        if fmt.sign(d) and not fmt.is_zero(d):
            return 0  # negative (including -inf) -> +0; -0 compares equal to 0 and stays -0
        if fmt.is_inf(d) or fmt.value(d) > 1:
            return fmt.round(1)
    return d


# ---------------------------------------------------------------------------
# More VOP3 / VOP1 / VOP2 operations (guide pseudocode)
# ---------------------------------------------------------------------------

def _sad_bytes(a, b, masked=False):
    t = 0
    for i in range(4):
        x, y = (a >> (8 * i)) & 0xff, (b >> (8 * i)) & 0xff
        if masked and y == 0:  # V_MSAD_U8: a zero reference byte contributes nothing
            continue
        t += abs(x - y)
    return t


def _sad_u16(a, b):
    return abs((a & M16) - (b & M16)) + abs((a >> 16) - (b >> 16))


op("v_sad_u8", "vop3", "u32", ("u32",) * 3, lambda c, a, b, d: (_sad_bytes(a, b) + d) & M32,
   int_clamp=lambda c, a, b, d: _clamp_u32(_sad_bytes(a, b) + d))
op("v_sad_hi_u8", "vop3", "u32", ("u32",) * 3, lambda c, a, b, d: ((_sad_bytes(a, b) << 16) + d) & M32,
   int_clamp=lambda c, a, b, d: _clamp_u32((_sad_bytes(a, b) << 16) + d))
op("v_sad_u16", "vop3", "u32", ("u32",) * 3, lambda c, a, b, d: (_sad_u16(a, b) + d) & M32,
   int_clamp=lambda c, a, b, d: _clamp_u32(_sad_u16(a, b) + d))
op("v_msad_u8", "vop3", "u32", ("u32",) * 3, lambda c, a, b, d: (_sad_bytes(a, b, True) + d) & M32,
   int_clamp=lambda c, a, b, d: _clamp_u32(_sad_bytes(a, b, True) + d))


def _lerp(c, a, b, d):
    r = 0
    for i in range(4):
        x, y, rb = (a >> (8 * i)) & 0xff, (b >> (8 * i)) & 0xff, (d >> (8 * i)) & 1
        r |= (((x + y + rb) >> 1) & 0xff) << (8 * i)
    return r


op("v_lerp_u8", "vop3", "u32", ("u32",) * 3, _lerp)


def _med3_num(f):
    def g(c, a, b, d):
        if f.is_nan(a) or f.is_nan(b) or f.is_nan(d):
            return F.min_num(f, F.min_num(f, a, b, c), d, c)
        m = F.max_num(f, F.max_num(f, a, b, c), d, c)
        if F.eq(f, m, a):  # float equality, as in the guide (-0 == +0)
            return F.max_num(f, b, d, c)
        if F.eq(f, m, b):
            return F.max_num(f, a, d, c)
        return F.max_num(f, a, b, c)
    return g


for t, fmt in (("f32", F32), ("f16", F16)):
    op("v_med3_num_" + t, "vop3", t, (t,) * 3, _med3_num(fmt))
    op("v_minimummaximum_" + t, "vop3", t, (t,) * 3,
       (lambda f: lambda c, a, b, d: F.maximum(f, F.minimum(f, a, b, c), d, c))(fmt))
    op("v_maximumminimum_" + t, "vop3", t, (t,) * 3,
       (lambda f: lambda c, a, b, d: F.minimum(f, F.maximum(f, a, b, c), d, c))(fmt))


def _dx9_zero(c, a, b):
    return F32.is_zero(F.daz(F32, a, c)) or F32.is_zero(F.daz(F32, b, c))


op("v_mul_dx9_zero_f32", "vop2", "f32", ("f32", "f32"),
   lambda c, a, b: 0 if _dx9_zero(c, a, b) else F.mul(F32, a, b, c), model="valu_nan_results")
op("v_fma_dx9_zero_f32", "vop3", "f32", ("f32",) * 3,
   lambda c, a, b, d: F.daz(F32, d, c) if _dx9_zero(c, a, b) else F.fma(F32, a, b, d, c), model="valu_nan_results")
op("v_mov_b16", "vop1", "b16", ("b16",), lambda c, a: a & M16)


def _sat_pk_u8(c, a):
    def sat(n):
        n = s16(n)
        return 0 if n <= 0 else 255 if n >= 255 else n
    return sat(a & M16) | (sat(a >> 16) << 8)


op("v_sat_pk_u8_i16", "vop1", "b16", ("b32",), _sat_pk_u8)
op("v_cvt_pk_i16_f32", "vop3", "b32", ("f32", "f32"),
   lambda c, a, b: F.to_int(F32, a, c, 16, True) | (F.to_int(F32, b, c, 16, True) << 16))
op("v_cvt_pk_u16_f32", "vop3", "b32", ("f32", "f32"),
   lambda c, a, b: F.to_int(F32, a, c, 16, False) | (F.to_int(F32, b, c, 16, False) << 16))
op("v_fmaak_f16", "vop2", "f16", ("f16", "f16", "lit16"), lambda c, a, b, k: F.fma(F16, a, b, k, c),
   model="valu_nan_results")
op("v_fmamk_f16", "vop2", "f16", ("f16", "lit16", "f16"), lambda c, a, k, b: F.fma(F16, a, k, b, c),
   model="valu_nan_results")



# ---------------------------------------------------------------------------
# Division helpers (V_DIV_SCALE_*, V_DIV_FMAS_*, V_DIV_FIXUP_*), trigonometry
# (V_SIN/COS_*, V_TRIG_PREOP_F64), cube maps, 16-bit normalised and fp8/bf8
# conversions. Ops with `variants` also run with each (text suffix, ctx.sel)
# pair: byte_sel / op_sel selections the generic op_sel forms do not cover.
# ---------------------------------------------------------------------------

def _bexp(fmt, x):
    return fmt.exp_field(x)


def _div_fixup(fmt, under):
    """V_DIV_FIXUP_*: S0 is the quotient estimate, S1 the denominator, S2 the
    numerator; the special cases in the guide's order. `under`: the biased
    exponent difference below which the result underflows (f32 -150, f64 -1075,
    None for f16, which has no such clause). UNDERFLOW is undefined in the
    guide: a zero with the quotient's sign (MODEL_DEPENDENT["div_fixup_underflow"]).
    The guide's OVERFLOW clause tests S1's exponent field, which cannot be all ones
    after the NaN and infinity clauses; it is read as a test of the quotient S0: an
    infinite or NaN S0 gives an infinity of the result's sign, f32 and f64 only
    (MODEL_DEPENDENT["div_fixup_overflow"]: what LLVM's division sequence needs for
    quotients that overflow)."""
    def f(c, q, den, num):
        q, den, num = F.daz(fmt, q, c), F.daz(fmt, den, c), F.daz(fmt, num, c)
        neg = fmt.sign(den) ^ fmt.sign(num)
        if fmt.is_nan(num):
            return fmt.quiet(num)
        if fmt.is_nan(den):
            return fmt.quiet(den)
        if (fmt.is_zero(den) and fmt.is_zero(num)) or (fmt.is_inf(den) and fmt.is_inf(num)):
            return fmt.qnan | fmt.sign_bit  # the guide's negative default NaN
        if fmt.is_zero(den) or fmt.is_inf(num):
            return fmt.infinity(neg)
        if fmt.is_inf(den) or fmt.is_zero(num):
            return fmt.zero(neg)
        if under is not None and _bexp(fmt, num) - _bexp(fmt, den) < under:
            return fmt.zero(neg)
        if under is not None and (fmt.is_nan(q) or fmt.is_inf(q)):
            return fmt.infinity(neg)
        return fmt.abs(q) | (fmt.sign_bit if neg else 0)
    return f


op("v_div_fixup_f32", "vop3", "f32", ("f32",) * 3, _div_fixup(F32, -150), model="div_fixup_underflow")
op("v_div_fixup_f64", "vop3", "f64", ("f64",) * 3, _div_fixup(F64, -1075), model="div_fixup_underflow")
op("v_div_fixup_f16", "vop3", "f16", ("f16",) * 3, _div_fixup(F16, None))


def _is_denorm_result(fmt, x):
    return fmt.is_denorm(x)


def _div_scale(fmt, sc, big, tiny):
    """V_DIV_SCALE_*: S0 the value to scale (numerator or denominator), S1 the
    denominator, S2 the numerator; VCC out. The guide's cases in order, with
    biased exponent fields; its 'is a denormal' tests of 1/S1 and S2/S1 are made
    on the correctly rounded (nearest even) quotients in the operands' own
    format (the f32 pseudocode converts 1/S1 to f64, where it can never be a
    denormal; MODEL_DEPENDENT["div_scale_cases"]). A NaN or infinite S1/S2 is not singled
    out: its exponent field is all ones (255 / 2047) and it goes through the exponent
    tests like any other value, as the pseudocode has it. A zero S1 or S2 gives the
    default NaN. Where both
    1/S1 and S2/S1 are denormals the denominator is scaled down by 2^-sc (the guide
    writes 2^+sc, which overflows a denominator near the largest finite value and
    makes LLVM's division sequence return NaN for 1 / DBL_MAX; MODEL_DEPENDENT["div_scale_cases"])."""
    rne = F.Ctx()

    def ldexp(x, e):
        if fmt.is_nan(x):
            return fmt.quiet(x)
        if fmt.is_inf(x) or fmt.is_zero(x):
            return x
        s, m, ex = fmt.decode(x)
        return fmt.round_int(s, m, ex + e, RNE)

    def f(c, s0, den, num):
        if fmt.is_zero(num) or fmt.is_zero(den):
            return fmt.qnan, 0
        if _bexp(fmt, num) - _bexp(fmt, den) >= big:
            return (ldexp(s0, sc) if F.eq(fmt, s0, den) else s0), 1
        if fmt.is_denorm(den):
            return ldexp(s0, sc), 0
        rd = fmt.is_denorm(F.div_exact(fmt, fmt.round(1), den, rne))
        qd = fmt.is_denorm(F.div_exact(fmt, num, den, rne))
        if rd and qd:
            return (ldexp(s0, -sc) if F.eq(fmt, s0, den) else s0), 1
        if rd:
            return ldexp(s0, -sc), 0
        if qd:
            return (ldexp(s0, sc) if F.eq(fmt, s0, num) else s0), 1
        if _bexp(fmt, num) <= tiny:
            return ldexp(s0, sc), 0
        return s0, 0
    return f


op("v_div_scale_f32", "vop3", "f32", ("f32",) * 3, _div_scale(F32, 64, 96, 23), sdst="carry", model="div_scale_cases")
op("v_div_scale_f64", "vop3", "f64", ("f64",) * 3, _div_scale(F64, 128, 768, 53), sdst="carry", model="div_scale_cases")
OPS["v_div_scale_f32"].no_outmod = OPS["v_div_scale_f64"].no_outmod = True


def _div_fmas(fmt, sc, bias):
    """V_DIV_FMAS_*: fma(S0, S1, S2) in the MODE direction; where VCC[lane] is set
    the exact fma is scaled by 2^sc when |S2| >= 1 (biased exponent field at least
    the bias), else by 2^-sc, and rounded once in the MODE direction (rounding the
    fma first would round twice for a denormal quotient), then the output denormal
    flush (MODEL_DEPENDENT["div_fmas_scale"]: the guide
    writes a fixed 2^32 / 2^64, half of V_DIV_SCALE's exponent, so LLVM's
    division expansion would not come back to the quotient)."""
    def f(c, a, b, d, vcc):
        a, b, d = F.daz(fmt, a, c), F.daz(fmt, b, c), F.daz(fmt, d, c)
        keep = F.Ctx(round_mode=c.round, denorm32=3, denorm16_64=3, round16_64=c.round16_64)
        r = F.fma(fmt, a, b, d, keep, scale=(sc if _bexp(fmt, d) >= bias else -sc) if vcc else 0)
        return F.ftz(fmt, r, c)
    return f


op("v_div_fmas_f32", "vop3", "f32", ("f32", "f32", "f32", "vcc"), _div_fmas(F32, 64, 127), model="div_fmas_scale")
op("v_div_fmas_f64", "vop3", "f64", ("f64", "f64", "f64", "vcc"), _div_fmas(F64, 128, 1023), model="div_fmas_scale")

for t, fmt in (("f32", F32), ("f16", F16)):
    op("v_sin_" + t, "vop1", t, (t,), (lambda f: lambda c, a: F.sincos_rev(f, a, c, False))(fmt), model="transcendental_accuracy")
    op("v_cos_" + t, "vop1", t, (t,), (lambda f: lambda c, a: F.sincos_rev(f, a, c, True))(fmt), model="transcendental_accuracy")

_TWO_OVER_PI_BITS = 1201


def _two_over_pi():
    """The first 1201 fraction bits of 2/pi as an integer (2/pi < 1)."""
    g = _TWO_OVER_PI_BITS + 64
    return ((1 << (2 * g + 1)) // F.pi_fixed(g)) >> (g - _TWO_OVER_PI_BITS)


_TOP = {}


def _trig_preop(c, a, sel):
    """V_TRIG_PREOP_F64: the 53 bits of 2/pi that follow the first `shift`
    fraction bits, as an integer scaled by 2^(-53 - shift); shift = 53 * S1[4:0]
    plus (exponent(S0) - 1077) when S0's biased exponent is above 1077, and the
    scale gets 2^128 more when that exponent is 1968 or more. Bits past the
    guide's 1201-bit fraction are zero. The guide tests only S0's exponent
    field; a NaN S0 gives that NaN quieted here, as LLVM's constant folding
    (llvm/lib/Target/AMDGPU/AMDGPUInstCombineIntrinsic.cpp) does
    (MODEL_DEPENDENT["trig_preop_special_inputs"]); infinities follow the guide."""
    if F64.is_nan(a):
        return F64.quiet(a)
    if "v" not in _TOP:
        _TOP["v"] = _two_over_pi()
    frac = _TOP["v"]
    e = F64.exp_field(a)
    shift = 53 * (sel & 31) + (e - 1077 if e > 1077 else 0)
    lo = _TWO_OVER_PI_BITS - shift - 53  # bit index (from the bottom) of the chunk's last bit
    chunk = (frac >> lo) if lo >= 0 else (frac << -lo)
    chunk &= (1 << 53) - 1
    scale = -53 - shift + (128 if e >= 1968 else 0)
    return F.ftz(F64, F64.round_int(0, chunk, scale, c.rmode(F64)), c)


op("v_trig_preop_f64", "vop3", "f64", ("f64", "u32"), _trig_preop, model="trig_preop_special_inputs")


def _gem(fmt, a, b):
    """abs(a) >= abs(b) as a float comparison (false with a NaN)."""
    return not (fmt.is_nan(a) or fmt.is_nan(b)) and fmt.abs(a) >= fmt.abs(b)


def _lt0(fmt, a):
    return not fmt.is_nan(a) and fmt.sign(a) and not fmt.is_zero(a)


def _cube(which):
    """V_CUBEID/SC/TC/MA_F32 (guide pseudocode): (S0, S1, S2) = (x, y, z); the
    major axis is z when |z| >= |x| and |z| >= |y|, else y when |y| >= |x|,
    else x. SC/TC return a source or its negation (a sign flip, NaN kept
    as it is), MA twice the major coordinate (an f32 multiplication)."""
    def f(c, x, y, z):
        x, y, z = F.daz(F32, x, c), F.daz(F32, y, c), F.daz(F32, z, c)
        if _gem(F32, z, x) and _gem(F32, z, y):
            axis = 2
        elif _gem(F32, y, x):
            axis = 1
        else:
            axis = 0
        if which == "id":
            return F32.round(2 * axis + (1 if _lt0(F32, (x, y, z)[axis]) else 0))
        if which == "ma":
            return F.mul(F32, (x, y, z)[axis], 0x40000000, c)
        if which == "sc":
            if axis == 2:
                return F32.neg(x) if _lt0(F32, z) else x
            if axis == 1:
                return x
            return z if _lt0(F32, x) else F32.neg(z)
        if axis == 2:  # tc
            return F32.neg(y)
        if axis == 1:
            return F32.neg(z) if _lt0(F32, y) else z
        return F32.neg(y)
    return f


for w in ("id", "sc", "tc", "ma"):
    op("v_cube%s_f32" % w, "vop3", "f32", ("f32",) * 3, _cube(w), model="valu_nan_results" if w == "ma" else None)


def _snorm(fmt, x, c):
    x = F.daz(fmt, x, c)
    if fmt.is_nan(x):
        return 0
    v = max(Fraction(-1), min(Fraction(1), fmt.value(x) if fmt.is_finite(x) else (-1 if fmt.sign(x) else 1)))
    return _round_even(v * 32767) & M16


def _unorm(fmt, x, c):
    x = F.daz(fmt, x, c)
    if fmt.is_nan(x):
        return 0
    v = max(Fraction(0), min(Fraction(1), fmt.value(x) if fmt.is_finite(x) else (-1 if fmt.sign(x) else 1)))
    return _round_even(v * 65535)


def _round_even(v):
    n = v.numerator // v.denominator
    r = v - n
    if r > Fraction(1, 2) or (r == Fraction(1, 2) and n & 1):
        n += 1
    return n


# f32_to_snorm / f16_to_unorm / ... are named but not defined by the guide
# (MODEL_DEPENDENT["norm16_conversion"])
op("v_cvt_norm_i16_f16", "vop1", "i16", ("f16",), lambda c, a: _snorm(F16, a, c), model="norm16_conversion")
op("v_cvt_norm_u16_f16", "vop1", "u16", ("f16",), lambda c, a: _unorm(F16, a, c), model="norm16_conversion")
for t, fmt in (("f32", F32), ("f16", F16)):
    op("v_cvt_pk_norm_i16_" + t, "vop3", "b32", (t, t),
       (lambda f: lambda c, a, b: _snorm(f, a, c) | (_snorm(f, b, c) << 16))(fmt), model="norm16_conversion")
    op("v_cvt_pk_norm_u16_" + t, "vop3", "b32", (t, t),
       (lambda f: lambda c, a, b: _unorm(f, a, c) | (_unorm(f, b, c) << 16))(fmt), model="norm16_conversion")


# fp8 / bf8 conversions. V_CVT_F32_FP8/BF8: byte_sel N reads byte N of S0 (the
# guide's OPSEL[1:0] with its two bits reversed); V_CVT_PK_F32_FP8/BF8: op_sel[0]
# picks S0's 16-bit half, its low byte goes to D, its high byte to D+1;
# V_CVT_PK_FP8/BF8_F32: {f8(S1), f8(S0)} into the destination half op_sel[3]
# picks; V_CVT_SR_*: byte byte_sel of D. Other destination bits are kept.
for nm, bf8 in (("fp8", False), ("bf8", True)):
    op("v_cvt_f32_" + nm, "vop1", "f32", ("b32",),
       (lambda bf: lambda c, a: F.f8_to_f32((a >> (8 * c.sel)) & 0xff, bf))(bf8), model="fp8_conversion_overflow",
       variants=[(" byte_sel:%d" % i, i) for i in (1, 2, 3)])
    op("v_cvt_pk_f32_" + nm, "vop1", "b64", ("b32",),
       (lambda bf: lambda c, a: (lambda h: F.f8_to_f32(h & 0xff, bf) | (F.f8_to_f32(h >> 8, bf) << 32))(
           (a >> (16 * c.sel)) & M16))(bf8), model="fp8_conversion_overflow", variants=[(" op_sel:[1,0]", 1)])
    op("v_cvt_pk_%s_f32" % nm, "vop3", "b32", ("f32", "f32", "dst"),
       (lambda bf: lambda c, a, b, d: (lambda h: (d & ~(M16 << (16 * c.sel)) & M32) | (h << (16 * c.sel)))(
           F.f32_to_f8(F.daz(F32, a, c), bf) | (F.f32_to_f8(F.daz(F32, b, c), bf) << 8)))(bf8),
       model="fp8_conversion_overflow", variants=[(" op_sel:[0,0,1]", 1)], mode_form=True)


def _cvt_sr(bf8):
    """V_CVT_SR_FP8/BF8_F32 as the guide's pseudocode writes it: S1[31:12]
    (bf8: S1[31:11]) added to S0's 23-bit mantissa field, wrapping inside the
    field (sign and exponent unchanged, so an infinity can become a NaN), then
    rounded to nearest even (MODEL_DEPENDENT["cvt_sr_f8_rounding"])."""
    def f(c, a, b, d):
        a = F.daz(F32, a, c)
        m = ((a & 0x7fffff) + (b >> (11 if bf8 else 12))) & 0x7fffff
        v = F.f32_to_f8((a & 0xff800000) | m, bf8)
        sh = 8 * c.sel
        return (d & ~(0xff << sh) & M32) | (v << sh)
    return f


op("v_cvt_sr_fp8_f32", "vop3", "b32", ("f32", "u32", "dst"), _cvt_sr(False), model="cvt_sr_f8_rounding",
   variants=[(" byte_sel:%d" % i, i) for i in (1, 2, 3)], mode_form=True)
op("v_cvt_sr_bf8_f32", "vop3", "b32", ("f32", "u32", "dst"), _cvt_sr(True), model="cvt_sr_f8_rounding",
   variants=[(" byte_sel:%d" % i, i) for i in (1, 2, 3)], mode_form=True)


def _pk_fmac(c, a, b, d):
    """V_PK_FMAC_F16 (VOP2): per half, D.h = fma(S0.h, S1.h, D.h) in f16."""
    r = 0
    for h in (0, 16):
        r |= F.fma(F16, (a >> h) & M16, (b >> h) & M16, (d >> h) & M16, c) << h
    return r


op("v_pk_fmac_f16", "vop2", "b32", ("pk16", "pk16", "dst"), _pk_fmac, model="valu_nan_results", mode_form=True)


def _mullit(c, a, b, d):
    """V_MULLIT_F32: -MAX_FLOAT when S1 is -MAX_FLOAT, -inf or NaN, or S2 is NaN or
    <= 0 (-0 included), else S0 * S1."""
    a, b, d = F.daz(F32, a, c), F.daz(F32, b, c), F.daz(F32, d, c)
    if b in (0xff7fffff, 0xff800000) or F32.is_nan(b) or F32.is_nan(d) or F32.sign(d) or F32.is_zero(d):
        return 0xff7fffff
    return F.mul(F32, a, b, c)


op("v_mullit_f32", "vop3", "f32", ("f32",) * 3, _mullit, model="valu_nan_results")
# V_CVT_OFF_F32_I4: the guide indexes a table CVT_OFF_TABLE it does not list; the
# project's choice: S0[3:0] as a signed 4-bit integer divided by 16 (-0.5 .. 0.4375)
# (MODEL_DEPENDENT["cvt_off_f32_i4_table"]).
op("v_cvt_off_f32_i4", "vop1", "f32", ("u32",), lambda c, a: F32.round(Fraction(sext(a & 15, 4), 16)),
   model="cvt_off_f32_i4_table")


def _cvt_pk_u8(c, a, b, d):
    """V_CVT_PK_U8_F32: S2 with byte S1[1:0] replaced by f32_to_u8(S0). The guide
    names f32_to_u8 without defining it; as its f32_to_u32: round toward zero,
    saturate to [0, 255], NaN -> 0 (MODEL_DEPENDENT["cvt_pk_u8_f32_rounding"])."""
    sh = (b & 3) * 8
    return (d & ~(0xff << sh) & M32) | (F.to_int(F32, a, c, 8, False) << sh)


op("v_cvt_pk_u8_f32", "vop3", "u32", ("f32", "u32", "u32"), _cvt_pk_u8, model="cvt_pk_u8_f32_rounding")


# Boundary values of the ops above, mixed into the differential test's special
# values (diff.column): source index -> bit patterns.
_F32_NEAR_QUARTERS = [0x3e800001, 0x3e7fffff, 0x3f400000, 0x3f3fffff, 0x3f400001, 0x3effffff, 0x3f000001,
                      0x4b000001, 0x4a800001, 0xcb000001, 0x3f7fffff, 0x3f800001, 0x00000002, 0x3c000000]
_F16_NEAR_QUARTERS = [0x3401, 0x33ff, 0x3a00, 0x39ff, 0x3a01, 0x37ff, 0x3801, 0x6401, 0x6001, 0xe401, 0x3bff,
                      0x3c01, 0x0002, 0x2000]
for _n in ("v_sin_f32", "v_cos_f32"):
    OPS[_n].specials = {0: _F32_NEAR_QUARTERS}
for _n in ("v_sin_f16", "v_cos_f16"):
    OPS[_n].specials = {0: _F16_NEAR_QUARTERS}
# fp8 / bf8: the largest finite values, the halfway points above them (464 = fp8 448
# and 480; 61440 = bf8 57344 and 65536), the smallest denormals and their halves
_F32_F8 = [0x43e00000, 0x43e80000, 0x43e80001, 0x43f00000, 0x47600000, 0x47700000, 0x476fffff, 0x3b000000,
           0x3a800000, 0x3ac00000, 0x37800000, 0x37000000, 0x37400000, 0x3c800000, 0x38800000, 0xc3e80001]
for _n in ("v_cvt_pk_fp8_f32", "v_cvt_pk_bf8_f32"):
    OPS[_n].specials = {0: _F32_F8, 1: _F32_F8}
for _n in ("v_cvt_sr_fp8_f32", "v_cvt_sr_bf8_f32"):
    OPS[_n].specials = {0: _F32_F8, 1: [0x00001000, 0x00000800, 0x7ffff000, 0x80000000, 0xfffff800]}
for _n in ("v_cvt_f32_fp8", "v_cvt_f32_bf8", "v_cvt_pk_f32_fp8", "v_cvt_pk_f32_bf8"):
    OPS[_n].specials = {0: [0x7f7e7c7b, 0xfffefdfc, 0x80000100, 0x01020304, 0x3c383430]}
# v_div_scale: exponent gaps around 96 / 768, 1/S1 and S2/S1 around the smallest normal
_F32_DS = [0x7e800000, 0x7f000000, 0x7effffff, 0x0d800000, 0x0b800000, 0x0c000000, 0x0c800000, 0x4e800000,
           0x30000000, 0x00800001, 0x1f800000, 0x60000000]
OPS["v_div_scale_f32"].specials = {0: _F32_DS, 1: _F32_DS, 2: _F32_DS}
_F64_DS = [0x7fd0000000000000, 0x7fe0000000000000, 0x0350000000000000, 0x0340000000000000, 0x3000000000000000,
           0x5000000000000000, 0x0010000000000001, 0x2000000000000000]
OPS["v_div_scale_f64"].specials = {0: _F64_DS, 1: _F64_DS, 2: _F64_DS}
OPS["v_div_fixup_f32"].specials = {1: [0x4b000000, 0x4a800000, 0x4b800000], 2: [0x00000001, 0x00400000]}
# v_trig_preop_f64: exponent fields 1077, 1078, 1968, 2046 and segment selects
OPS["v_trig_preop_f64"].specials = {0: [0x4340000000000000, 0x4350000000000000, 0x7b00000000000000,
                                        0x7fe0000000000000, 0x7fefffffffffffff, 0xfff0000000000000],
                                    1: [21, 22, 23, 30, 31]}
# 16-bit normalised conversions: around +-1 and the halfway steps of 1/32767 and 1/65535
_F32_NORM = [0x3f7fffff, 0xbf7fffff, 0x38000100, 0x37800080, 0x38000000, 0xb8000100]
for _n in ("v_cvt_pk_norm_i16_f32", "v_cvt_pk_norm_u16_f32"):
    OPS[_n].specials = {0: _F32_NORM, 1: _F32_NORM}


def _qsad(masked, clamp):
    """V_QSAD_PK_U16_U8 / V_MQSAD_PK_U16_U8: 16-bit field k of D = (masked) SAD of
    the 32 bits of S0 starting at byte k against S1, plus S2's field k, kept to
    16 bits; clamp saturates each field to 0xffff (the project's int_clamp_vop
    choice)."""
    def f(c, a, b, d):
        r = 0
        for k in range(4):
            v = _sad_bytes((a >> (8 * k)) & M32, b, masked) + ((d >> (16 * k)) & M16)
            r |= (min(v, M16) if clamp else v & M16) << (16 * k)
        return r
    return f


op("v_qsad_pk_u16_u8", "vop3", "u64", ("u64", "u32", "u64"), _qsad(False, False), int_clamp=_qsad(False, True))
op("v_mqsad_pk_u16_u8", "vop3", "u64", ("u64", "u32", "u64"), _qsad(True, False), int_clamp=_qsad(True, True))


def _mqsad_u32(c, a, b, d):
    """V_MQSAD_U32_U8: 32-bit field k of D (four VGPRs) = masked SAD of the 32 bits
    of S0 starting at byte k against S1, plus S2's field k, kept to 32 bits."""
    return sum((((_sad_bytes((a >> (8 * k)) & M32, b, True) + ((d >> (32 * k)) & M32)) & M32) << (32 * k))
               for k in range(4))


def _mqsad_u32_clamp(c, a, b, d):
    return sum(min(_sad_bytes((a >> (8 * k)) & M32, b, True) + ((d >> (32 * k)) & M32), M32) << (32 * k)
               for k in range(4))


op("v_mqsad_u32_u8", "vop3", "u128", ("u64", "u32", "u128"), _mqsad_u32, int_clamp=_mqsad_u32_clamp)
