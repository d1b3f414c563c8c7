"""Reference semantics of SALU instructions (SOP1, SOP2, SOPC, SOPK).

Written from the AMD RDNA4 ISA reference guide's pseudocode ("Scalar ALU
operations") and IEEE 754-2019 for the float ones (fops.py). Each op maps
the source values (and the SCC / old destination it reads) to
(destination or None, SCC or None: None means "not written").

Types: b32 u32 i32 f32 f16 (one SGPR; f16 in the low half), b64 u64 i64
(an SGPR pair), simm16 (SOPK 16-bit constant), dst (the destination's old
value, read by s_cmov / s_fmac / s_addk / s_mulk), lit (the 32-bit constant of
s_fmaak / s_fmamk).
"""
from . import fops as F
from .fp import F16, F32, RTZ
from .valu import M16, M32, M64, s16, s32, s64, sext

WIDTH = {"b32": 32, "u32": 32, "i32": 32, "f32": 32, "f16": 16, "b64": 64, "u64": 64, "i64": 64,
         "simm16": 16, "dst": 0, "lit": 32}


class SOp:
    def __init__(self, name, family, dst, srcs, fn, reads_scc=False, model=None):
        self.name = name
        self.family = family
        self.dst = dst
        self.srcs = tuple(srcs)
        self.fn = fn
        self.reads_scc = reads_scc
        self.model = model


OPS = {}


def op(name, family, dst, srcs, fn, **kw):
    OPS[name] = SOp(name, family, dst, srcs, fn, **kw)


def nz(x):
    return int(x != 0)


# ---- SOP2 -----------------------------------------------------------------------
op("s_add_co_u32", "sop2", "u32", ("u32", "u32"), lambda c, a, b, scc: ((a + b) & M32, int(a + b > M32)))
op("s_sub_co_u32", "sop2", "u32", ("u32", "u32"), lambda c, a, b, scc: ((a - b) & M32, int(b > a)))


def _add_i32(c, a, b, scc):
    t = (a + b) & M32
    return t, int((a >> 31) == (b >> 31) and (a >> 31) != (t >> 31))


def _sub_i32(c, a, b, scc):
    t = (a - b) & M32
    return t, int((a >> 31) != (b >> 31) and (a >> 31) != (t >> 31))


op("s_add_co_i32", "sop2", "i32", ("i32", "i32"), _add_i32)
op("s_sub_co_i32", "sop2", "i32", ("i32", "i32"), _sub_i32)
op("s_add_co_ci_u32", "sop2", "u32", ("u32", "u32"),
   lambda c, a, b, scc: ((a + b + scc) & M32, int(a + b + scc > M32)), reads_scc=True)
op("s_sub_co_ci_u32", "sop2", "u32", ("u32", "u32"),
   lambda c, a, b, scc: ((a - b - scc) & M32, int(b + scc > a)), reads_scc=True)


def _absdiff(c, a, b, scc):
    d = (s32(a) - s32(b)) & M32  # 32-bit wrap, then the absolute value of the wrapped result
    d = (-s32(d)) & M32 if s32(d) < 0 else d
    return d, nz(d)


op("s_absdiff_i32", "sop2", "i32", ("i32", "i32"), _absdiff)
for n, bits, sh in (("s_lshl_b32", 32, lambda a, k: a << k), ("s_lshr_b32", 32, lambda a, k: a >> k)):
    op(n, "sop2", "u32", ("u32", "u32"),
       (lambda f: lambda c, a, b, scc: ((f(a, b & 31) & M32), nz(f(a, b & 31) & M32)))(sh))
op("s_lshl_b64", "sop2", "u64", ("u64", "u32"), lambda c, a, b, scc: ((a << (b & 63)) & M64, nz((a << (b & 63)) & M64)))
op("s_lshr_b64", "sop2", "u64", ("u64", "u32"), lambda c, a, b, scc: (a >> (b & 63), nz(a >> (b & 63))))
op("s_ashr_i32", "sop2", "i32", ("i32", "u32"), lambda c, a, b, scc: ((s32(a) >> (b & 31)) & M32, nz(s32(a) >> (b & 31))))
op("s_ashr_i64", "sop2", "i64", ("i64", "u32"), lambda c, a, b, scc: ((s64(a) >> (b & 63)) & M64, nz(s64(a) >> (b & 63))))
for k in (1, 2, 3, 4):
    op("s_lshl%d_add_u32" % k, "sop2", "u32", ("u32", "u32"),
       (lambda k: lambda c, a, b, scc: (((a << k) + b) & M32, int((a << k) + b > M32)))(k))
op("s_min_i32", "sop2", "i32", ("i32", "i32"), lambda c, a, b, scc: (a if s32(a) < s32(b) else b, int(s32(a) < s32(b))))
op("s_min_u32", "sop2", "u32", ("u32", "u32"), lambda c, a, b, scc: (a if a < b else b, int(a < b)))
op("s_max_i32", "sop2", "i32", ("i32", "i32"), lambda c, a, b, scc: (a if s32(a) >= s32(b) else b, int(s32(a) >= s32(b))))
op("s_max_u32", "sop2", "u32", ("u32", "u32"), lambda c, a, b, scc: (a if a >= b else b, int(a >= b)))
for w, M, t in ((32, M32, "b32"), (64, M64, "b64")):
    for nm, f in (("and", lambda a, b: a & b), ("or", lambda a, b: a | b), ("xor", lambda a, b: a ^ b),
                  ("nand", lambda a, b: ~(a & b)), ("nor", lambda a, b: ~(a | b)), ("xnor", lambda a, b: ~(a ^ b)),
                  ("and_not1", lambda a, b: a & ~b), ("or_not1", lambda a, b: a | ~b)):
        op("s_%s_%s" % (nm, t), "sop2", t, (t, t),
           (lambda f, M: lambda c, a, b, scc: (f(a, b) & M, nz(f(a, b) & M)))(f, M))


def _bfe(bits, signed):
    def f(c, a, b, scc):
        off = b & (bits - 1)
        width = (b >> 16) & 0x7f
        M = (1 << bits) - 1
        x = sext(a, bits) if signed else a
        t = (x >> off) & (((1 << width) - 1) & M)
        if signed:
            t = (sext(t, width) if width and width <= bits else (t if width > bits else 0)) & M
        return t & M, nz(t & M)
    return f


op("s_bfe_u32", "sop2", "u32", ("u32", "u32"), _bfe(32, False))
op("s_bfe_i32", "sop2", "i32", ("i32", "u32"), _bfe(32, True))
op("s_bfe_u64", "sop2", "u64", ("u64", "u32"), _bfe(64, False))
op("s_bfe_i64", "sop2", "i64", ("i64", "u32"), _bfe(64, True))
op("s_bfm_b32", "sop2", "b32", ("u32", "u32"), lambda c, a, b, scc: ((((1 << (a & 31)) - 1) << (b & 31)) & M32, None))
op("s_bfm_b64", "sop2", "b64", ("u32", "u32"), lambda c, a, b, scc: ((((1 << (a & 63)) - 1) << (b & 63)) & M64, None))
op("s_mul_i32", "sop2", "i32", ("i32", "i32"), lambda c, a, b, scc: ((s32(a) * s32(b)) & M32, None))
op("s_mul_hi_u32", "sop2", "u32", ("u32", "u32"), lambda c, a, b, scc: ((a * b) >> 32, None))
op("s_mul_hi_i32", "sop2", "i32", ("i32", "i32"), lambda c, a, b, scc: (((s32(a) * s32(b)) >> 32) & M32, None))
op("s_cselect_b32", "sop2", "b32", ("b32", "b32"), lambda c, a, b, scc: (a if scc else b, None), reads_scc=True)
op("s_cselect_b64", "sop2", "b64", ("b64", "b64"), lambda c, a, b, scc: (a if scc else b, None), reads_scc=True)
op("s_pack_ll_b32_b16", "sop2", "b32", ("b32", "b32"), lambda c, a, b, scc: ((a & M16) | ((b & M16) << 16), None))
op("s_pack_lh_b32_b16", "sop2", "b32", ("b32", "b32"), lambda c, a, b, scc: ((a & M16) | (b & 0xffff0000), None))
op("s_pack_hh_b32_b16", "sop2", "b32", ("b32", "b32"), lambda c, a, b, scc: ((a >> 16) | (b & 0xffff0000), None))
op("s_pack_hl_b32_b16", "sop2", "b32", ("b32", "b32"), lambda c, a, b, scc: ((a >> 16) | ((b & M16) << 16), None))
op("s_add_nc_u64", "sop2", "u64", ("u64", "u64"), lambda c, a, b, scc: ((a + b) & M64, None))
op("s_sub_nc_u64", "sop2", "u64", ("u64", "u64"), lambda c, a, b, scc: ((a - b) & M64, None))
op("s_mul_u64", "sop2", "u64", ("u64", "u64"), lambda c, a, b, scc: ((a * b) & M64, None))
for t, fmt in (("f32", F32), ("f16", F16)):
    op("s_add_" + t, "sop2", t, (t, t), (lambda f: lambda c, a, b, scc: (F.add(f, a, b, c), None))(fmt),
       model="valu_nan_results")
    op("s_sub_" + t, "sop2", t, (t, t), (lambda f: lambda c, a, b, scc: (F.sub(f, a, b, c), None))(fmt),
       model="valu_nan_results")
    op("s_mul_" + t, "sop2", t, (t, t), (lambda f: lambda c, a, b, scc: (F.mul(f, a, b, c), None))(fmt),
       model="valu_nan_results")
    op("s_fmac_" + t, "sop2", t, (t, t, "dst"),
       (lambda f: lambda c, a, b, d, scc: (F.fma(f, a, b, d & f.mask, c), None))(fmt), model="valu_nan_results")
    op("s_min_num_" + t, "sop2", t, (t, t), (lambda f: lambda c, a, b, scc: (F.min_num(f, a, b, c), None))(fmt))
    op("s_max_num_" + t, "sop2", t, (t, t), (lambda f: lambda c, a, b, scc: (F.max_num(f, a, b, c), None))(fmt))
    op("s_minimum_" + t, "sop2", t, (t, t), (lambda f: lambda c, a, b, scc: (F.minimum(f, a, b, c), None))(fmt))
    op("s_maximum_" + t, "sop2", t, (t, t), (lambda f: lambda c, a, b, scc: (F.maximum(f, a, b, c), None))(fmt))
op("s_fmaak_f32", "sop2", "f32", ("f32", "f32", "lit"), lambda c, a, b, k, scc: (F.fma(F32, a, b, k, c), None),
   model="valu_nan_results")
op("s_fmamk_f32", "sop2", "f32", ("f32", "lit", "f32"), lambda c, a, k, b, scc: (F.fma(F32, a, k, b, c), None),
   model="valu_nan_results")
op("s_cvt_pk_rtz_f16_f32", "sop2", "b32", ("f32", "f32"),
   lambda c, a, b, scc: (F.convert(F32, F16, a, c, RTZ) | (F.convert(F32, F16, b, c, RTZ) << 16), None),
   model="nan_convert")

# ---- SOP1 -----------------------------------------------------------------------
op("s_mov_b32", "sop1", "b32", ("b32",), lambda c, a, scc: (a, None))
op("s_mov_b64", "sop1", "b64", ("b64",), lambda c, a, scc: (a, None))
op("s_cmov_b32", "sop1", "b32", ("b32", "dst"), lambda c, a, d, scc: (a if scc else d & M32, None), reads_scc=True)
op("s_cmov_b64", "sop1", "b64", ("b64", "dst"), lambda c, a, d, scc: (a if scc else d, None), reads_scc=True)
op("s_brev_b32", "sop1", "b32", ("b32",), lambda c, a, scc: (int("{:032b}".format(a)[::-1], 2), None))
op("s_brev_b64", "sop1", "b64", ("b64",), lambda c, a, scc: (int("{:064b}".format(a)[::-1], 2), None))
op("s_ctz_i32_b32", "sop1", "i32", ("b32",), lambda c, a, scc: (((a & -a).bit_length() - 1) if a else M32, None))
op("s_ctz_i32_b64", "sop1", "i32", ("b64",), lambda c, a, scc: (((a & -a).bit_length() - 1) if a else M32, None))
op("s_clz_i32_u32", "sop1", "i32", ("u32",), lambda c, a, scc: ((32 - a.bit_length()) if a else M32, None))
op("s_clz_i32_u64", "sop1", "i32", ("u64",), lambda c, a, scc: ((64 - a.bit_length()) if a else M32, None))


def _cls(bits):
    def f(c, a, scc):
        top = (a >> (bits - 1)) & 1
        for i in range(1, bits):
            if ((a >> (bits - 1 - i)) & 1) != top:
                return i, None
        return M32, None
    return f


op("s_cls_i32", "sop1", "i32", ("i32",), _cls(32))
op("s_cls_i32_i64", "sop1", "i32", ("i64",), _cls(64))
op("s_sext_i32_i8", "sop1", "i32", ("i32",), lambda c, a, scc: (sext(a, 8) & M32, None))
op("s_sext_i32_i16", "sop1", "i32", ("i32",), lambda c, a, scc: (sext(a, 16) & M32, None))
op("s_bitreplicate_b64_b32", "sop1", "b64", ("b32",),
   lambda c, a, scc: (sum(((a >> i) & 1) * (3 << (2 * i)) for i in range(32)), None))
op("s_abs_i32", "sop1", "i32", ("i32",), lambda c, a, scc: (abs(s32(a)) & M32, nz(abs(s32(a)) & M32)))
op("s_bcnt0_i32_b32", "sop1", "i32", ("b32",), lambda c, a, scc: (32 - bin(a).count("1"), nz(32 - bin(a).count("1"))))
op("s_bcnt0_i32_b64", "sop1", "i32", ("b64",), lambda c, a, scc: (64 - bin(a).count("1"), nz(64 - bin(a).count("1"))))
op("s_bcnt1_i32_b32", "sop1", "i32", ("b32",), lambda c, a, scc: (bin(a).count("1"), nz(a)))
op("s_bcnt1_i32_b64", "sop1", "i32", ("b64",), lambda c, a, scc: (bin(a).count("1"), nz(a)))


def _quadmask(bits):
    def f(c, a, scc):
        t = sum(int((a >> (4 * i)) & 0xf != 0) << i for i in range(bits // 4))
        return t, nz(t)
    return f


def _wqm(bits):
    def f(c, a, scc):
        t = 0
        for i in range(0, bits, 4):
            if (a >> i) & 0xf:
                t |= 0xf << i
        return t, nz(t)
    return f


op("s_quadmask_b32", "sop1", "b32", ("b32",), _quadmask(32))
op("s_quadmask_b64", "sop1", "b64", ("b64",), _quadmask(64))
op("s_wqm_b32", "sop1", "b32", ("b32",), _wqm(32))
op("s_wqm_b64", "sop1", "b64", ("b64",), _wqm(64))
op("s_not_b32", "sop1", "b32", ("b32",), lambda c, a, scc: (~a & M32, nz(~a & M32)))
op("s_not_b64", "sop1", "b64", ("b64",), lambda c, a, scc: (~a & M64, nz(~a & M64)))
for t, fmt in (("f32", F32), ("f16", F16)):
    for nm, fn in (("ceil", F.ceil), ("floor", F.floor), ("trunc", F.trunc), ("rndne", F.rndne)):
        op("s_%s_%s" % (nm, t), "sop1", t, (t,), (lambda f, g: lambda c, a, scc: (g(f, a, c), None))(fmt, fn))
op("s_cvt_f32_i32", "sop1", "f32", ("i32",), lambda c, a, scc: (F.from_int(F32, s32(a), c), None))
op("s_cvt_f32_u32", "sop1", "f32", ("u32",), lambda c, a, scc: (F.from_int(F32, a, c), None))
op("s_cvt_i32_f32", "sop1", "i32", ("f32",), lambda c, a, scc: (F.to_int(F32, a, c, 32, True), None))
op("s_cvt_u32_f32", "sop1", "u32", ("f32",), lambda c, a, scc: (F.to_int(F32, a, c, 32, False), None))
op("s_cvt_f16_f32", "sop1", "f16", ("f32",), lambda c, a, scc: (F.convert(F32, F16, a, c), None), model="nan_convert")
op("s_cvt_f32_f16", "sop1", "f32", ("f16",), lambda c, a, scc: (F.convert(F16, F32, a & M16, c), None),
   model="nan_convert")
op("s_cvt_hi_f32_f16", "sop1", "f32", ("b32",), lambda c, a, scc: (F.convert(F16, F32, a >> 16, c), None),
   model="nan_convert")

# ---- SOPC -------------------------------------------------------------------------
for t, sg in (("i32", True), ("u32", False)):
    for cc, f in (("eq", lambda x, y: x == y), ("lg", lambda x, y: x != y), ("gt", lambda x, y: x > y),
                  ("ge", lambda x, y: x >= y), ("lt", lambda x, y: x < y), ("le", lambda x, y: x <= y)):
        op("s_cmp_%s_%s" % (cc, t), "sopc", None, (t, t),
           (lambda f, sg: lambda c, a, b, scc: (None, int(f(s32(a), s32(b)) if sg else f(a, b))))(f, sg))
op("s_cmp_eq_u64", "sopc", None, ("u64", "u64"), lambda c, a, b, scc: (None, int(a == b)))
op("s_cmp_lg_u64", "sopc", None, ("u64", "u64"), lambda c, a, b, scc: (None, int(a != b)))
op("s_bitcmp0_b32", "sopc", None, ("b32", "u32"), lambda c, a, b, scc: (None, int(not (a >> (b & 31)) & 1)))
op("s_bitcmp1_b32", "sopc", None, ("b32", "u32"), lambda c, a, b, scc: (None, int((a >> (b & 31)) & 1)))
op("s_bitcmp0_b64", "sopc", None, ("b64", "u32"), lambda c, a, b, scc: (None, int(not (a >> (b & 63)) & 1)))
op("s_bitcmp1_b64", "sopc", None, ("b64", "u32"), lambda c, a, b, scc: (None, int((a >> (b & 63)) & 1)))
for t, fmt in (("f32", F32), ("f16", F16)):
    for cc in ("lt", "eq", "le", "gt", "lg", "ge", "o", "u", "nge", "nlg", "ngt", "nle", "neq", "nlt"):
        op("s_cmp_%s_%s" % (cc, t), "sopc", None, (t, t),
           (lambda f, cc: lambda c, a, b, scc: (None, int(F.cmp(f, cc, a, b, c))))(fmt, cc))

# ---- SOPK -------------------------------------------------------------------------
op("s_movk_i32", "sopk", "i32", ("simm16",), lambda c, k, scc: (sext(k, 16) & M32, None))
op("s_cmovk_i32", "sopk", "i32", ("simm16", "dst"), lambda c, k, d, scc: (sext(k, 16) & M32 if scc else d & M32, None),
   reads_scc=True)


def _addk(c, k, d, scc):
    d &= M32
    r = (d + sext(k, 16)) & M32
    return r, int((d >> 31) == ((k >> 15) & 1) and (d >> 31) != (r >> 31))


op("s_addk_co_i32", "sopk", "i32", ("simm16", "dst"), _addk)
op("s_mulk_i32", "sopk", "i32", ("simm16", "dst"), lambda c, k, d, scc: ((s32(d) * sext(k, 16)) & M32, None))

# ---- EXEC-writing SOP1 (wave32 forms) and bit set ----------------------------------
# fn(ctx, s0, scc) reads ctx.exec (32 bits) and sets ctx.exec_out.
_EXEC_OPS = {
    "and": lambda s, e: s & e, "or": lambda s, e: s | e, "xor": lambda s, e: s ^ e,
    "nand": lambda s, e: ~(s & e), "nor": lambda s, e: ~(s | e), "xnor": lambda s, e: ~(s ^ e),
    "and_not0": lambda s, e: ~s & e, "and_not1": lambda s, e: s & ~e,
    "or_not0": lambda s, e: ~s | e, "or_not1": lambda s, e: s | ~e,
}


def _saveexec(f):
    def g(c, a, scc):
        old = c.exec & M32
        c.exec_out = f(a, old) & M32
        return old, nz(c.exec_out)
    return g


def _wrexec(f):
    def g(c, a, scc):
        c.exec_out = f(a, c.exec & M32) & M32
        return c.exec_out, nz(c.exec_out)
    return g


for _n, _f in _EXEC_OPS.items():
    op("s_%s_saveexec_b32" % _n, "sop1", "b32", ("b32",), _saveexec(_f))
    OPS["s_%s_saveexec_b32" % _n].writes_exec = True
for _n in ("and_not0", "and_not1"):
    op("s_%s_wrexec_b32" % _n, "sop1", "b32", ("b32",), _wrexec(_EXEC_OPS[_n]))
    OPS["s_%s_wrexec_b32" % _n].writes_exec = True


# wave64 forms: the same operations on the 64-bit EXEC (sdiff runs them in wave64 waves)
def _saveexec64(f):
    def g(c, a, scc):
        old = c.exec & M64
        c.exec_out = f(a, old) & M64
        return old, nz(c.exec_out)
    return g


def _wrexec64(f):
    def g(c, a, scc):
        c.exec_out = f(a, c.exec & M64) & M64
        return c.exec_out, nz(c.exec_out)
    return g


for _n, _f in _EXEC_OPS.items():
    op("s_%s_saveexec_b64" % _n, "sop1", "b64", ("b64",), _saveexec64(_f))
    OPS["s_%s_saveexec_b64" % _n].writes_exec = True
    OPS["s_%s_saveexec_b64" % _n].wave64 = True
for _n in ("and_not0", "and_not1"):
    op("s_%s_wrexec_b64" % _n, "sop1", "b64", ("b64",), _wrexec64(_EXEC_OPS[_n]))
    OPS["s_%s_wrexec_b64" % _n].writes_exec = True
    OPS["s_%s_wrexec_b64" % _n].wave64 = True
op("s_bitset0_b32", "sop1", "b32", ("u32", "dst"), lambda c, a, d, scc: (d & M32 & ~(1 << (a & 31)), None))
op("s_bitset1_b32", "sop1", "b32", ("u32", "dst"), lambda c, a, d, scc: ((d & M32) | (1 << (a & 31)), None))
op("s_bitset0_b64", "sop1", "b64", ("u32", "dst"), lambda c, a, d, scc: (d & M64 & ~(1 << (a & 63)), None))
op("s_bitset1_b64", "sop1", "b64", ("u32", "dst"), lambda c, a, d, scc: ((d & M64) | (1 << (a & 63)), None))

# ---- VOP3 instructions with a scalar destination: v_s_* (f32, f16) ------------------------
# Same operation as the VALU v_exp_f32 ... on one scalar value (guide: V_S_EXP_F32 ...).
for _n, _f in (("exp", F.exp2), ("log", F.log2), ("rcp", F.rcp), ("rsq", F.rsq), ("sqrt", F.sqrt)):
    op("v_s_%s_f32" % _n, "vop3s", "f32", ("f32",), (lambda g: lambda c, a, scc: (g(F32, a, c), None))(_f),
       model="transcendental_accuracy")
    # f16 forms: the operation on S0[15:0], the result in [15:0]; the guide (V_S_EXP_F16 ...)
    # writes D0[31:16] = 0 explicitly, so all 32 bits are checked.
    op("v_s_%s_f16" % _n, "vop3s", "f16", ("f16",), (lambda g: lambda c, a, scc: (g(F16, a, c) & M16, None))(_f),
       model="transcendental_accuracy")

# ---- MODE register: s_setreg / s_getreg (HW_REG_MODE), s_round_mode, s_denorm_mode ----------
# Checked through MODE[7:0] (round and denormal fields), read back with s_getreg_b32 after the
# instruction. The differential test's kernels start with MODE[7:0] = 0xf0: round to nearest
# even for every precision, denormals kept (kernel descriptor FLOAT_DENORM_MODE_32/16_64 = 3).
# hwreg(MODE, offset, size) writes the size bits from offset with the low bits of the value
# (guide: S_SETREG_B32 / S_SETREG_IMM32_B32); s_round_mode / s_denorm_mode write
# MODE[3:0] / MODE[7:4] with the instruction's 4-bit immediate (guide: S_ROUND_MODE,
# S_DENORM_MODE). Each op has `hwfields`: the (offset, size) fields its forms use.
MODE_INIT = 0xf0
READ_MODE = "s_getreg_b32 s2, hwreg(HW_REG_MODE, 0, 8)"


def _setfield(c, v, scc):
    off, size = c.field
    m = ((1 << size) - 1) << off
    return ((MODE_INIT & ~m) | ((v << off) & m)) & 0xff, None


def _getfield(c, scc):
    off, size = c.field
    return (MODE_INIT >> off) & ((1 << size) - 1), None


_MODE_FIELDS = [(0, 4), (4, 4), (0, 8), (2, 2), (5, 1), (1, 6)]
op("s_setreg_b32", "sopk", "b32", ("u32",), _setfield)
op("s_setreg_imm32_b32", "sopk", "b32", ("u32",), _setfield)
op("s_getreg_b32", "sopk", "b32", (), _getfield)
op("s_round_mode", "sopk", "b32", ("u32",), _setfield)
op("s_denorm_mode", "sopk", "b32", ("u32",), _setfield)
for _n in ("s_setreg_b32", "s_setreg_imm32_b32", "s_getreg_b32"):
    OPS[_n].hwfields = _MODE_FIELDS
OPS["s_round_mode"].hwfields = [(0, 4)] * 4  # four forms, four immediates
OPS["s_denorm_mode"].hwfields = [(4, 4)] * 4

# ---- instructions with no architectural effect on SGPRs, SCC or EXEC -----------------------
# (hints, waits on counters that are zero here, priority, performance and trace controls,
# cache invalidation, the translation probe). The form's text is the instruction as written.
NOEFFECT = {
    "s_nop": "s_nop 3", "s_clause": "s_clause 0x1", "s_delay_alu": "s_delay_alu instid0(VALU_DEP_1)",
    "s_wait_alu": "s_wait_alu 0xfffe", "s_wait_idle": "s_wait_idle", "s_wait_loadcnt": "s_wait_loadcnt 0x0",
    "s_wait_storecnt": "s_wait_storecnt 0x0", "s_wait_dscnt": "s_wait_dscnt 0x0", "s_wait_kmcnt": "s_wait_kmcnt 0x0",
    "s_wait_samplecnt": "s_wait_samplecnt 0x0", "s_wait_bvhcnt": "s_wait_bvhcnt 0x0",
    "s_wait_expcnt": "s_wait_expcnt 0x0", "s_wait_loadcnt_dscnt": "s_wait_loadcnt_dscnt 0x0",
    "s_wait_storecnt_dscnt": "s_wait_storecnt_dscnt 0x0", "s_waitcnt": "s_waitcnt 0x0",
    "s_wait_event": "s_wait_event 0x0", "s_sleep": "s_sleep 1", "s_sleep_var": "s_sleep_var 1",
    "s_setprio": "s_setprio 2", "s_icache_inv": "s_icache_inv", "s_incperflevel": "s_incperflevel 1",
    "s_decperflevel": "s_decperflevel 1", "s_ttracedata": "s_ttracedata", "s_ttracedata_imm": "s_ttracedata_imm 1",
    "s_wakeup": "s_wakeup", "s_version": "s_version 0x8a",
    "s_atc_probe": "s_atc_probe 7, s[4:5], 0x0", "s_atc_probe_buffer": "s_atc_probe_buffer 7, s[4:7], 0x0",
}
for _n, _t in NOEFFECT.items():
    op(_n, "sopk", None, (), lambda c, scc: (None, None))
    OPS[_n].text = _t
