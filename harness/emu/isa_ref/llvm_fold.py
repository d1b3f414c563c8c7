#!/usr/bin/env python3
"""A third, outside reference: LLVM's constant folding against the emulator.

    llvm_fold.py --emu build/.../rdna4-emu [--llvm 22,19] [--work DIR] [--seed N] [--per-op N]
                 [--only NAME,...] [--list]

LLVM folds calls of many intrinsics (llvm.amdgcn.fract, frexp, class, cvt.pkrtz, ubfe/sbfe,
fmed3, trig.preop, perm, cube*, sin/cos, the DX9-zero multiplies, ldexp, ...) and the IEEE
operations (fadd, fma, sqrt, minnum, minimum, floor, conversions, saturating integer adds,
funnel shifts, ...) on constant operands. Those folds were written by LLVM's developers from
the same ISA documents and IEEE 754, independently of this project; the emulator and the
project's own Python reference (valu.py) were written by one team and could share a misreading.

For every op of the table in _ops() and --per-op input tuples (special values and seeded random bits;
no NaN inputs), the script writes one IR function per tuple, runs `opt -passes=instcombine`
of each LLVM version, and keeps the calls LLVM folded to a constant (a call it leaves alone,
or folds to poison, is not a vector). Each folded value becomes a golden vector for the
instruction LLVM selects for the op on gfx12 (the `asm` column), run on the emulator by
golden.py (kernel, assembly and comparison as for the hand-derived files). A result that is a
NaN is checked for NaN-ness only (LLVM does not model the hardware's NaN payloads:
docs/facts/unverified.md#valu_nan_results). Two LLVM versions that fold one call differently
are reported, and that call is not a vector.

Where the emulator follows a documented choice that LLVM's fold does not make, the op's
`differs` names it (an UNVERIFIED id or an ISA-guide rule) with a predicate on the inputs;
those vectors are counted and listed with --verbose, not compared, unless --model selects
the candidate model the difference names: then the emulator runs under it and they are
compared too (trig_preop_special_inputs=llvm_fold is LLVM's own reading).

Exit status: 0 every vector agrees; 1 a disagreement or a vector that does not assemble;
2 a tool failure; 77 no LLVM with opt, llvm-mc and ld.lld (ctest: skipped).
"""
import argparse
import os
import random
import re
import struct
import subprocess
import sys

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    __package__ = "isa_ref"

from . import golden  # noqa: E402
from . import kernel as K  # noqa: E402

# ---------------------------------------------------------------- types

# IR type -> (bits, kind): kind f = float, i = integer
TYPES = {"half": (16, "f"), "float": (32, "f"), "double": (64, "f"), "i16": (16, "i"), "i32": (32, "i"),
         "i64": (64, "i"), "i1": (1, "i"), "<2 x half>": (32, "v"), "<2 x i16>": (32, "v")}
VEC = {"<2 x half>": ("half", 2), "<2 x i16>": ("i16", 2)}  # packed: element 0 in the low bits
EXP = {16: (10, 5), 32: (23, 8), 64: (52, 11)}  # mantissa bits, exponent bits


def is_nan(bits, w):
    m, e = EXP[w]
    return (bits >> m) & ((1 << e) - 1) == (1 << e) - 1 and bits & ((1 << m) - 1) != 0


PACK = {64: ("<d", "<Q"), 32: ("<f", "<I"), 16: ("<e", "<H")}  # (float, integer) struct formats


def f_to_bits(x, w):
    """A Python float (exactly representable in width w) -> bit pattern."""
    return struct.unpack(PACK[w][1], struct.pack(PACK[w][0], x))[0]


def bits_to_f(b, w):
    return struct.unpack(PACK[w][0], struct.pack(PACK[w][1], b))[0]


def ir_const(ty, bits):
    """An exact IR literal of `bits` in IR type ty."""
    if ty in VEC:
        ety, n = VEC[ty]
        ew = TYPES[ety][0]
        return "<%s>" % ", ".join("%s %s" % (ety, ir_const(ety, (bits >> (ew * k)) & ((1 << ew) - 1)))
                                  for k in range(n))
    w, kind = TYPES[ty]
    if kind == "i":
        v = bits & ((1 << w) - 1)
        return str(v - (1 << w) if w > 1 and v >> (w - 1) else v)
    if ty == "half":
        return "0xH%04X" % bits
    # float and double literals are written as the double with the same value
    return "0x%016X" % f_to_bits(bits_to_f(bits, w), 64)


def parse_const(ty, text):
    """LLVM's printed constant of type ty -> bit pattern, or None (poison, undef, not a constant)."""
    text = text.strip()
    w, kind = TYPES[ty]
    if text in ("poison", "undef") or text.startswith("%"):
        return None
    if kind == "i":
        if ty == "i1":
            return {"true": 1, "false": 0}.get(text)
        if not re.fullmatch(r"-?\d+", text):
            return None
        return int(text) & ((1 << w) - 1)
    if ty == "half":
        m = re.fullmatch(r"0xH([0-9A-Fa-f]{4})", text)
        return int(m.group(1), 16) if m else None
    if re.fullmatch(r"0x[0-9A-Fa-f]{16}", text):
        d = bits_to_f(int(text[2:], 16), 64)
        return f_to_bits(d, w) if w == 32 else int(text[2:], 16)
    try:
        return f_to_bits(float(text), w)
    except (ValueError, OverflowError, struct.error):
        return None


# ---------------------------------------------------------------- the ops

class Op:
    """`ir`: the IR of the call with {0} {1} {2} for the operands (typed literals are inserted);
    `args`: IR types of the operands; `ret`: IR type of the result; `asm`: the gfx12 instruction
    with v1 / v[2:3] ... for the operands in order and v0 / v[0:1] / vcc_lo for the result;
    `regs`: the golden names of the operands and of the result; `gen`: input generator per operand
    (`f` float specials + random, never NaN; `q` the same with quiet NaNs; `i` integer specials +
    random; or a function(rng) -> bits);
    `differs`: [(predicate(inputs) -> bool, reason[, "id=candidate"])] vectors the emulator's
    documented model decides otherwise than LLVM's fold; the third element names the candidate
    model under which the emulator should agree with LLVM there (--model runs it)."""

    def __init__(self, name, ir, args, ret, asm, regs, gen=None, differs=(), decl=None):
        self.name, self.ir, self.args, self.ret, self.asm = name, ir, args, ret, asm
        self.regs = regs
        self.gen = gen or ["f" if TYPES[t][1] == "f" or VEC.get(t, ("i",))[0] == "half" else "i" for t in args]
        self.differs = list(differs)
        self.decl = decl


def _regs(types, ret):
    """Golden register names: operands from v1 (64-bit: v[2:3], v[4:5], ...), result v0 / v[0:1]."""
    wide = any(TYPES[t][0] == 64 for t in types) or ret in TYPES and TYPES[ret][0] == 64
    names, r = [], 2 if wide else 1
    for t in types:
        if TYPES[t][0] == 64:
            names.append("v[%d:%d]" % (r, r + 1))
            r += 2
        else:
            names.append("v%d" % r)
            r += 1
    if ret == "i1":
        out = "vcc_lo"
    elif ret in TYPES and TYPES[ret][0] == 64:
        out = "v[0:1]"
    else:
        out = "v0"
    return names + [out]


def op(name, ir, args, ret, mnemonic, extra="", gen=None, differs=(), decl=None, operands=None):
    regs = _regs(args, ret)
    srcs = operands if operands is not None else ", ".join(regs[:-1])
    asm = "%s %s, %s%s" % (mnemonic, regs[-1], srcs, extra)
    return Op(name, ir, args, ret, asm, regs, gen, differs, decl)


def intr(name, ret, args):
    """'call <ret> @<name>(<t> {0}, <t> {1} ...)' and its declaration."""
    call = "call %s @%s(%s)" % (ret, name, ", ".join("%s {%d}" % (t, i) for i, t in enumerate(args)))
    decl = "declare %s @%s(%s)" % (ret, name, ", ".join(args))
    return call, decl


def iop(name, expr, ty, mnemonic, extra="", gen=None, nargs=2, operands=None, differs=()):
    """A plain IR instruction ('fadd {0}, {1}' with the type inserted)."""
    args = [ty] * nargs
    return op(name, expr, args, ty, mnemonic, extra, gen, differs, operands=operands)


def _ops():
    out = []

    def I(irname, ret, args, mnemonic, extra="", gen=None, differs=(), operands=None):
        call, decl = intr(irname, ret, args)
        out.append(op(irname, call, args, ret, mnemonic, extra, gen, differs, decl, operands))

    F, D, H, U = "float", "double", "half", "i32"
    # f32 / f64 / f16 unary
    I("llvm.amdgcn.fract.f32", F, [F], "v_fract_f32")
    I("llvm.amdgcn.fract.f64", D, [D], "v_fract_f64")
    I("llvm.amdgcn.fract.f16", H, [H], "v_fract_f16")
    I("llvm.amdgcn.frexp.mant.f32", F, [F], "v_frexp_mant_f32")
    I("llvm.amdgcn.frexp.mant.f64", D, [D], "v_frexp_mant_f64")
    I("llvm.amdgcn.frexp.mant.f16", H, [H], "v_frexp_mant_f16")
    I("llvm.amdgcn.frexp.exp.i32.f32", U, [F], "v_frexp_exp_i32_f32")
    I("llvm.amdgcn.frexp.exp.i32.f64", U, [D], "v_frexp_exp_i32_f64")
    I("llvm.amdgcn.rcp.f32", F, [F], "v_rcp_f32")
    I("llvm.amdgcn.rcp.f64", D, [D], "v_rcp_f64")
    I("llvm.amdgcn.sin.f32", F, [F], "v_sin_f32", gen=[lambda r: _small_f32(r)],
      differs=[(lambda v: v[0] >> 31 and (2 * bits_to_f(v[0], 32)).is_integer(),
                "transcendental_accuracy: a zero sine of a negative S0 is -0 (IEEE 754-2019 sinPi); "
                "LLVM's fold writes +0 for every exact zero")])
    I("llvm.amdgcn.cos.f32", F, [F], "v_cos_f32", gen=[lambda r: _small_f32(r)])
    I("llvm.sqrt.f32", F, [F], "v_sqrt_f32")
    I("llvm.sqrt.f64", D, [D], "v_sqrt_f64")
    for fn, mn in (("floor", "floor"), ("ceil", "ceil"), ("trunc", "trunc"), ("roundeven", "rndne"),
                   ("rint", "rndne")):
        I("llvm.%s.f32" % fn, F, [F], "v_%s_f32" % mn)
        I("llvm.%s.f64" % fn, D, [D], "v_%s_f64" % mn)
        I("llvm.%s.f16" % fn, H, [H], "v_%s_f16" % mn)
    # conversions
    out.append(op("fptrunc.f32.f16", "fptrunc float {0} to half", [F], H, "v_cvt_f16_f32"))
    out.append(op("fpext.f16.f32", "fpext half {0} to float", [H], F, "v_cvt_f32_f16"))
    out.append(op("fpext.f32.f64", "fpext float {0} to double", [F], D, "v_cvt_f64_f32"))
    out.append(op("fptrunc.f64.f32", "fptrunc double {0} to float", [D], F, "v_cvt_f32_f64"))
    out.append(op("sitofp.i32.f32", "sitofp i32 {0} to float", [U], F, "v_cvt_f32_i32"))
    out.append(op("uitofp.i32.f32", "uitofp i32 {0} to float", [U], F, "v_cvt_f32_u32"))
    out.append(op("sitofp.i32.f64", "sitofp i32 {0} to double", [U], D, "v_cvt_f64_i32"))
    out.append(op("fptosi.f32.i32", "fptosi float {0} to i32", [F], U, "v_cvt_i32_f32"))
    out.append(op("fptoui.f32.i32", "fptoui float {0} to i32", [F], U, "v_cvt_u32_f32"))
    out.append(op("fptosi.f64.i32", "fptosi double {0} to i32", [D], U, "v_cvt_i32_f64"))
    # binary
    for ty, sfx in ((F, "f32"), (D, "f64"), (H, "f16")):
        for irop, mn in (("fadd", "add"), ("fmul", "mul")):
            out.append(op("%s.%s" % (irop, sfx), "%s %s {0}, {1}" % (irop, ty), [ty, ty], ty, "v_%s_%s" % (mn, sfx)))
        for fn, mn in (("minnum", "min_num"), ("maxnum", "max_num"), ("minimum", "minimum"),
                       ("maximum", "maximum")):
            I("llvm.%s.%s" % (fn, sfx), ty, [ty, ty], "v_%s_%s" % (mn, sfx), gen=["q", "q"])
    out.append(op("fsub.f32", "fsub float {0}, {1}", [F, F], F, "v_sub_f32"))
    out.append(op("fsub.f16", "fsub half {0}, {1}", [H, H], H, "v_sub_f16"))
    I("llvm.ldexp.f32.i32", F, [F, U], "v_ldexp_f32", gen=["f", lambda r: r.randint(-300, 300) & 0xffffffff])
    I("llvm.ldexp.f64.i32", D, [D, U], "v_ldexp_f64", gen=["f", lambda r: r.randint(-2200, 2200) & 0xffffffff])
    I("llvm.amdgcn.fmul.legacy", F, [F, F], "v_mul_dx9_zero_f32")
    I("llvm.amdgcn.class.f32", "i1", [F, U], "v_cmp_class_f32", gen=["f", lambda r: r.getrandbits(10)])
    I("llvm.amdgcn.class.f64", "i1", [D, U], "v_cmp_class_f64", gen=["f", lambda r: r.getrandbits(10)])
    I("llvm.amdgcn.cvt.pkrtz", "<2 x half>", [F, F], "v_cvt_pk_rtz_f16_f32")
    I("llvm.amdgcn.trig.preop.f64", D, [D, U], "v_trig_preop_f64", gen=["f", lambda r: r.randint(0, 40)],
      differs=[(lambda v: _preop_shift(v) >= 1120,
                "trig_preop_special_inputs: the emulator keeps the pseudocode's bits of 2/pi past a shift "
                "of 1120; LLVM's fold gives +0 there (candidate llvm_fold)",
                "trig_preop_special_inputs=llvm_fold")])
    # ternary
    I("llvm.fma.f32", F, [F, F, F], "v_fma_f32")
    I("llvm.fma.f64", D, [D, D, D], "v_fma_f64")
    I("llvm.fma.f16", H, [H, H, H], "v_fma_f16")
    I("llvm.amdgcn.fma.legacy", F, [F, F, F], "v_fma_dx9_zero_f32")
    med3_nan = [(lambda v, w=32: any(is_nan(x, w) for x in v),
                 "ISA guide V_MED3_NUM_F32: a NaN operand gives min3_num of the three; LLVM folds "
                 "fmed3 with a NaN operand by other identities (fmed3(-inf, y, NaN) = y), and LLVM 19 "
                 "and 22 fold it differently")]
    I("llvm.amdgcn.fmed3.f32", F, [F, F, F], "v_med3_num_f32", gen=["q", "q", "q"], differs=med3_nan)
    I("llvm.amdgcn.fmed3.f16", H, [H, H, H], "v_med3_num_f16", gen=["q", "q", "q"],
      differs=[(lambda v: any(is_nan(x, 16) for x in v), med3_nan[0][1].replace("F32", "F16"))])
    for c in ("cubeid", "cubesc", "cubetc", "cubema"):
        I("llvm.amdgcn.%s" % c, F, [F, F, F], "v_%s_f32" % c)
    # integer
    bfe_gen = ["i", lambda r: r.randint(0, 40), lambda r: r.randint(0, 40)]
    I("llvm.amdgcn.ubfe.i32", U, [U, U, U], "v_bfe_u32", gen=bfe_gen)
    I("llvm.amdgcn.sbfe.i32", U, [U, U, U], "v_bfe_i32", gen=bfe_gen)
    I("llvm.amdgcn.perm", U, [U, U, U], "v_perm_b32", gen=["i", "i", lambda r: _perm_sel(r)])
    I("llvm.fshr.i32", U, [U, U, U], "v_alignbit_b32", gen=["i", "i", lambda r: r.randint(0, 31)])
    I("llvm.ctpop.i32", U, [U], "v_bcnt_u32_b32", operands="v1, 0")
    I("llvm.bitreverse.i32", U, [U], "v_bfrev_b32")
    nz = [lambda r: r.getrandbits(32) >> r.randint(0, 31) or 1]
    out.append(op("llvm.ctlz.i32", "call i32 @llvm.ctlz.i32(i32 {0}, i1 false)", [U], U, "v_clz_i32_u32", gen=nz,
                  decl="declare i32 @llvm.ctlz.i32(i32, i1)"))
    out.append(op("llvm.cttz.i32", "call i32 @llvm.cttz.i32(i32 {0}, i1 false)", [U], U, "v_ctz_i32_b32",
                  gen=[lambda r: (r.getrandbits(32) << r.randint(0, 31)) & 0xffffffff or 0x80000000],
                  decl="declare i32 @llvm.cttz.i32(i32, i1)"))
    for fn, mn in (("uadd.sat", "v_add_nc_u32"), ("usub.sat", "v_sub_nc_u32"), ("sadd.sat", "v_add_nc_i32"),
                   ("ssub.sat", "v_sub_nc_i32")):
        I("llvm.%s.i32" % fn, U, [U, U], mn, extra=" clamp")
        I("llvm.%s.i16" % fn, "i16", ["i16", "i16"], mn.replace("32", "16"), extra=" clamp")
    for fn in ("umin", "umax", "smin", "smax"):
        I("llvm.%s.i32" % fn, U, [U, U], "v_%s_%s32" % (fn[1:], fn[0] if fn[0] == "u" else "i"))
    out.append(iop("mul.i32", "mul i32 {0}, {1}", U, "v_mul_lo_u32"))
    for ext, mn in (("zext", "v_mul_hi_u32"), ("sext", "v_mul_hi_i32")):
        out.append(op("mulhi.%s" % ext, "%%a = %s i32 {0} to i64\n  %%b = %s i32 {1} to i64\n  %%m = mul i64 %%a, %%b\n"
                      "  %%s = lshr i64 %%m, 32\n  %%r = trunc i64 %%s to i32" % (ext, ext), [U, U], U, mn))
    # 16-bit scalar ops (the result in bits [15:0]; bits [31:16] of v0 start and stay 0)
    S = "i16"
    out.append(iop("add.i16", "add i16 {0}, {1}", S, "v_add_nc_u16"))
    out.append(iop("sub.i16", "sub i16 {0}, {1}", S, "v_sub_nc_u16"))
    out.append(iop("mul.i16", "mul i16 {0}, {1}", S, "v_mul_lo_u16"))
    sh16 = ["i", lambda r: r.randint(0, 15)]
    out.append(iop("shl.i16", "shl i16 {0}, {1}", S, "v_lshlrev_b16", gen=sh16, operands="v2, v1"))
    out.append(iop("lshr.i16", "lshr i16 {0}, {1}", S, "v_lshrrev_b16", gen=sh16, operands="v2, v1"))
    out.append(iop("ashr.i16", "ashr i16 {0}, {1}", S, "v_ashrrev_i16", gen=sh16, operands="v2, v1"))
    for fn in ("umin", "umax", "smin", "smax"):
        I("llvm.%s.i16" % fn, S, [S, S], "v_%s_%s16" % (fn[1:], fn[0] if fn[0] == "u" else "i"))
    out.append(op("fptosi.f16.i16", "fptosi half {0} to i16", [H], S, "v_cvt_i16_f16"))
    out.append(op("fptoui.f16.i16", "fptoui half {0} to i16", [H], S, "v_cvt_u16_f16"))
    out.append(op("sitofp.i16.f16", "sitofp i16 {0} to half", [S], H, "v_cvt_f16_i16"))
    out.append(op("uitofp.i16.f16", "uitofp i16 {0} to half", [S], H, "v_cvt_f16_u16"))
    I("llvm.amdgcn.frexp.exp.i16.f16", S, [H], "v_frexp_exp_i16_f16")
    I("llvm.ldexp.f16.i16", H, [H, S], "v_ldexp_f16", gen=["f", lambda r: r.randint(-40, 40) & 0xffff])
    I("llvm.amdgcn.rcp.f16", H, [H], "v_rcp_f16")
    I("llvm.sqrt.f16", H, [H], "v_sqrt_f16")
    I("llvm.amdgcn.class.f16", "i1", [H, U], "v_cmp_class_f16", gen=["f", lambda r: r.getrandbits(10)])
    # f64 conversions
    out.append(op("fptoui.f64.i32", "fptoui double {0} to i32", [D], U, "v_cvt_u32_f64"))
    out.append(op("uitofp.i32.f64", "uitofp i32 {0} to double", [U], D, "v_cvt_f64_u32"))
    # 64-bit shifts by a 32-bit amount (the VOP3 operand order: amount first)
    L = "i64"
    sh64 = ["i", lambda r: r.randint(0, 63)]
    for irop, mn in (("shl", "v_lshlrev_b64"), ("lshr", "v_lshrrev_b64"), ("ashr", "v_ashrrev_i64")):
        out.append(op("%s.i64" % irop, "%%b = zext i32 {1} to i64\n  %%r = %s i64 {0}, %%b" % irop, [L, U], L, mn,
                      gen=sh64, operands="v4, v[2:3]"))
    # packed 16-bit (VOP3P): element 0 in bits [15:0]
    P, Q = "<2 x half>", "<2 x i16>"
    out.append(op("fadd.v2f16", "fadd <2 x half> {0}, {1}", [P, P], P, "v_pk_add_f16"))
    out.append(op("fmul.v2f16", "fmul <2 x half> {0}, {1}", [P, P], P, "v_pk_mul_f16"))
    I("llvm.fma.v2f16", P, [P, P, P], "v_pk_fma_f16")
    for fn, mn in (("minnum", "min_num"), ("maxnum", "max_num"), ("minimum", "minimum"), ("maximum", "maximum")):
        I("llvm.%s.v2f16" % fn, P, [P, P], "v_pk_%s_f16" % mn, gen=["q", "q"])
    out.append(op("add.v2i16", "add <2 x i16> {0}, {1}", [Q, Q], Q, "v_pk_add_u16"))
    out.append(op("sub.v2i16", "sub <2 x i16> {0}, {1}", [Q, Q], Q, "v_pk_sub_u16"))
    out.append(op("mul.v2i16", "mul <2 x i16> {0}, {1}", [Q, Q], Q, "v_pk_mul_lo_u16"))
    for fn, mn in (("uadd.sat", "v_pk_add_u16"), ("usub.sat", "v_pk_sub_u16"), ("sadd.sat", "v_pk_add_i16"),
                   ("ssub.sat", "v_pk_sub_i16")):
        I("llvm.%s.v2i16" % fn, Q, [Q, Q], mn, extra=" clamp")
    for fn in ("umin", "umax", "smin", "smax"):
        I("llvm.%s.v2i16" % fn, Q, [Q, Q], "v_pk_%s_%s16" % (fn[1:], fn[0] if fn[0] == "u" else "i"))
    shp = ["i", lambda r: r.randint(0, 15) | r.randint(0, 15) << 16]
    for irop, mn in (("shl", "v_pk_lshlrev_b16"), ("lshr", "v_pk_lshrrev_b16"), ("ashr", "v_pk_ashrrev_i16")):
        out.append(op("%s.v2i16" % irop, "%s <2 x i16> {0}, {1}" % irop, [Q, Q], Q, mn, gen=shp, operands="v2, v1"))
    return out


def _preop_shift(v):
    """V_TRIG_PREOP_F64's shift: 53 * S1[4:0], plus the exponent field of S0 beyond 1077."""
    exp = (v[0] >> 52) & 0x7ff
    return (v[1] & 31) * 53 + max(0, exp - 1077)


def _small_f32(r):
    """Inputs of sin/cos (revolutions): |x| below 256, where the hardware's range applies."""
    return f_to_bits(r.uniform(-256, 256) if r.random() < 0.8 else r.choice([0.125, 0.25, -0.5, 1.0, 0.0, 1e-9]), 32)


def _perm_sel(r):
    """v_perm_b32 selectors: byte selects 0..7 and the constant selects 8..12 (sign replication, 0x00, 0xff)."""
    return sum(r.choice(list(range(13)) + [0xff]) << (8 * i) for i in range(4))


def float_specials(w):
    m, e = EXP[w]
    sign = 1 << (w - 1)
    emax = ((1 << e) - 1) << m
    one = ((1 << (e - 1)) - 1) << m
    vals = [0, 1, (1 << m) - 1, 1 << m, emax - 1, emax, one, one | 1, one - 1, one + (1 << (m - 1)),
            (one + (1 << m)), one - (1 << m), 1 << (m - 1)]
    return vals + [v | sign for v in vals]


def gen_float(r, w):
    """Random non-NaN bits of width w: a sixth specials, the rest random exponents near 1 or anywhere."""
    m, e = EXP[w]
    while True:
        c = r.random()
        if c < 0.17:
            b = r.choice(float_specials(w))
        elif c < 0.6:
            bias = (1 << (e - 1)) - 1
            ex = max(1, min((1 << e) - 2, bias + r.randint(-12, 12)))
            b = (r.getrandbits(1) << (w - 1)) | (ex << m) | r.getrandbits(m)
        else:
            b = r.getrandbits(w)
        if not is_nan(b, w):
            return b


def quiet_nan(r, w):
    m, e = EXP[w]
    return (r.getrandbits(1) << (w - 1)) | (((1 << e) - 1) << m) | (1 << (m - 1)) | r.getrandbits(m - 1)


def gen_int(r, w):
    c = r.random()
    if c < 0.25:
        return r.choice([0, 1, 2, (1 << w) - 1, 1 << (w - 1), (1 << (w - 1)) - 1, (1 << (w - 1)) + 1,
                         (1 << w) - 2, 0xff, 0x100, 1 << (w // 2)])
    if c < 0.5:
        return r.getrandbits(r.randint(1, w))
    return r.getrandbits(w)


def _one_input(g, t, r):
    """One operand of IR type t from generator g (vectors: f / q / i element by element)."""
    w, kind = TYPES[t]
    if kind == "v" and g in ("f", "q", "i"):
        ety, n = VEC[t]
        ew = TYPES[ety][0]
        return sum(_one_input(g, ety, r) << (ew * k) for k in range(n))
    if g == "f":
        return gen_float(r, w)
    if g == "q":  # as f, and a quiet NaN (random sign and payload) one time in eight
        return gen_float(r, w) if r.random() >= 0.125 else quiet_nan(r, w)
    if g == "i":
        return gen_int(r, w)
    return g(r) & ((1 << w) - 1)


def inputs_for(o, r):
    return [_one_input(g, t, r) for t, g in zip(o.args, o.gen)]


# ---------------------------------------------------------------- folding

def module_text(ops_and_inputs):
    decls, funcs = set(), []
    for n, (o, vals) in enumerate(ops_and_inputs):
        if o.decl:
            decls.add(o.decl)
        lits = [ir_const(t, v) for t, v in zip(o.args, vals)]
        body = o.ir.format(*lits)
        if "%r = " not in body:
            body = "%r = " + body
        funcs.append("define %s @f%d() {\n  %s\n  ret %s %%r\n}" % (o.ret, n, body, o.ret))
    return "\n".join(sorted(decls)) + "\n" + "\n".join(funcs) + "\n"


def fold(opt, text, work, tag):
    src = os.path.join(work, "fold-%s.ll" % tag)
    with open(src, "w") as f:
        f.write(text)
    p = subprocess.run([opt, "-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx1201", "-passes=instcombine", "-S", src],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        raise K.ToolError("%s: %s" % (opt, p.stderr.strip().splitlines()[-1] if p.stderr.strip() else "failed"))
    res = {}
    for m in re.finditer(r"define [^@]*@f(\d+)\(\)[^{]*\{\s*(.*?)\n\}", p.stdout, re.S):
        body = m.group(2).strip().splitlines()
        last = body[-1].strip() if body else ""
        rm = re.fullmatch(r"ret (<\d+ x \w+>|\S+) (.*)", last)
        res[int(m.group(1))] = (rm.group(2) if rm and len(body) == 1 else None)
    return res


def parse_result(ret, text):
    """Folded constant of type ret -> result bits (vectors: packed, element 0 low), or None."""
    if text is None:
        return None
    if ret in VEC:
        ety, n = VEC[ret]
        w = TYPES[ety][0]
        if text == "zeroinitializer":
            return 0
        els = re.fullmatch(r"<(.*)>", text.strip())
        if not els:
            return None
        parts = [x.strip() for x in els.group(1).split(",")]
        if len(parts) != n:
            return None
        out = 0
        for k, part in enumerate(parts):
            if not part.startswith(ety + " "):
                return None
            b = parse_const(ety, part[len(ety) + 1:])
            if b is None:
                return None
            out |= b << (w * k)
        return out
    if text == "zeroinitializer":
        return 0
    return parse_const(ret, text)


def ret_width(ret):
    """(bits, kind) of a result type; a packed vector counts as one integer."""
    return (TYPES[ret][0], "i") if ret in VEC else TYPES[ret]


# ---------------------------------------------------------------- golden lines

def golden_line(o, vals, res):
    ins = ["%s=0x%x" % (reg, v) for reg, v in zip(o.regs[:-1], vals)]
    out = o.regs[-1]
    w, kind = ret_width(o.ret)
    if o.ret == "i1":
        expect = "vcc_lo=0x%x" % (0xffffffff if res else 0)
    elif kind == "f" and is_nan(res, w) or o.ret == "<2 x half>" and (is_nan(res & 0xffff, 16) or
                                                                       is_nan(res >> 16, 16)):
        expect = None  # a NaN result is not compared
    else:
        expect = "%s=0x%x" % (out, res)
    return "%s ; %s ; %s" % (o.asm, " ".join(ins), expect) if expect else None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--emu", required=True)
    ap.add_argument("--llvm", default="22,19")
    ap.add_argument("--work", default=None)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-op", type=int, default=64)
    ap.add_argument("--only", default="")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--model", default="", help="id=candidate: run the emulator under that candidate model "
                    "(RDNA4_EMU_MODEL) and compare the documented differences that name it")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    if args.model:
        if not re.fullmatch(r"[a-z0-9_]+=[a-z0-9_]+", args.model):
            print("llvm_fold: --model takes id=candidate, not '%s'" % args.model, file=sys.stderr)
            return 2
        os.environ["RDNA4_EMU_MODEL"] = args.model
    if not 1 <= args.per_op <= 100000:
        print("llvm_fold: --per-op must be 1..100000", file=sys.stderr)
        return 2
    ops = _ops()
    if args.only:
        want = args.only.split(",")
        bad = [x for x in want if x not in {o.name for o in ops}]
        if bad:
            print("llvm_fold: unknown op(s): %s" % ", ".join(bad), file=sys.stderr)
            return 2
        ops = [o for o in ops if o.name in want]
    if args.list:
        for o in ops:
            print("%-32s %s" % (o.name, o.asm))
        return 0
    tcs = K.find_toolchains(args.llvm, ("opt", "llvm-mc", "ld.lld"))
    if not tcs:
        print("llvm_fold: SKIP: no LLVM with opt, llvm-mc and ld.lld among llvm-%s" % args.llvm, file=sys.stderr)
        return 77
    if not os.access(args.emu, os.X_OK):
        print("llvm_fold: no emulator at %s" % args.emu, file=sys.stderr)
        return 2
    work, tmp = K.work_dir(args.work, "llvm-fold-")
    rng = random.Random(args.seed)
    cases = [(o, inputs_for(o, rng)) for o in ops for _ in range(args.per_op)]
    text = module_text(cases)
    try:
        folds = {v: fold(os.path.join(d, "opt"), text, work, "llvm%d" % v) for v, d in tcs}
    except K.ToolError as e:
        print("llvm_fold: %s" % e, file=sys.stderr)
        return 2
    primary = tcs[0][0]
    lines, where = [], {}
    stats = {o.name: {"folded": 0, "vectors": 0, "nan": 0, "differs": 0, "llvm_disagree": 0} for o in ops}
    disagreements, differ_list = [], []
    for n, (o, vals) in enumerate(cases):
        res = {v: parse_result(o.ret, folds[v].get(n)) for v in folds}
        r0 = res[primary]
        if r0 is None:
            continue
        st = stats[o.name]
        st["folded"] += 1
        others = [v for v in res if v != primary and res[v] is not None and res[v] != r0]
        if others:
            st["llvm_disagree"] += 1
            disagreements.append("%s(%s): llvm-%d folds 0x%x, %s" % (
                o.name, ", ".join("0x%x" % x for x in vals), primary, r0,
                ", ".join("llvm-%d 0x%x" % (v, res[v]) for v in others)))
            continue
        reason = next((d[1] for d in o.differs if d[0](vals) and (len(d) < 3 or d[2] != args.model)), None)
        if reason:
            st["differs"] += 1
            differ_list.append("%s(%s) -> 0x%x: %s" % (o.name, ", ".join("0x%x" % x for x in vals), r0, reason))
            continue
        ln = golden_line(o, vals, r0)
        if ln is None:
            st["nan"] += 1
            continue
        st["vectors"] += 1
        where[len(lines) + 1] = (o, vals, r0)
        lines.append(ln)
    path = os.path.join(work, "llvm_fold.golden")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    try:
        npass, nfail, nvec, failures, errors, notes = golden.run_file(path, args.emu, work, tcs, "strict")
    except K.ToolError as e:
        print("llvm_fold: %s" % e, file=sys.stderr)
        return 2
    bad_ops = {}
    for x in failures + errors:
        m = re.search(r"llvm_fold\.golden:(\d+)", x)
        o = where.get(int(m.group(1)))[0] if m and int(m.group(1)) in where else None
        bad_ops.setdefault(o.name if o else "?", []).append(x)
    for name, xs in sorted(bad_ops.items()):
        print("DISAGREE %s: %d vector(s)" % (name, len(xs)))
        for x in xs[:3]:
            print("  " + x.replace("\n", "\n  "))
    for x in notes:
        print("note: " + x)
    if args.verbose:
        for x in disagreements:
            print("llvm versions disagree: " + x)
        for x in differ_list:
            print("documented difference: " + x)
        for o in ops:
            st = stats[o.name]
            print("%-32s folded %4d  vectors %4d  nan %3d  documented %3d  llvm-disagree %3d" % (
                o.name, st["folded"], st["vectors"], st["nan"], st["differs"], st["llvm_disagree"]))
    unfolded = [o.name for o in ops if stats[o.name]["folded"] == 0]
    tot = lambda k: sum(s[k] for s in stats.values())  # noqa: E731
    print("llvm_fold: %d ops (%d never folded by llvm-%d: %s), %d calls, %d folded; %d vectors run: %d agree, "
          "%d disagree, %d errors; %d NaN results not compared, %d documented differences, %d calls the LLVM "
          "versions fold differently; seed %d; toolchains %s" % (
              len(ops), len(unfolded), primary, ", ".join(unfolded) or "none", len(cases), tot("folded"), nvec,
              npass, nfail, len(errors), tot("nan"), tot("differs"), tot("llvm_disagree"), args.seed,
              ", ".join("llvm-%d" % v for v, _ in tcs)))
    return 1 if nfail or errors else 0


if __name__ == "__main__":
    sys.exit(main())
