#!/usr/bin/env python3
"""Differential test: every in-scope instruction form, run on the emulator from
assembled kernels, compared bit for bit with the independent reference
(valu.py / salu.py on fops.py and fp.py).

    diff.py --emu build/.../rdna4-emu --family vop2 [--seed N] [--work DIR]
            [--require-complete] [--only MNEMONIC] [--list]

A form is a mnemonic with one choice of encoding (e32 / e64 / VOP3), source
kinds (VGPR, SGPR, inline constant, literal), modifiers (abs, neg, clamp,
omod), wave size and denormal mode. The catalogue of forms is built from the
reference's operand types and kept only where llvm-mc accepts the text
(catalogue(); --list prints it). Each VALU form runs 256 vectors (8 wave32
waves or 4 wave64 waves of one workgroup, one vector per lane; SGPR and
lane-mask sources take one value per wave); each SALU form runs one vector
per wave. Vectors are special values crossed with each other, then random
bits, from a seeded generator: a failure prints the seed and a one-line
reproducer in the golden-file format (../tests/golden/README.md).

Exit status: 0 no mismatch (forms the emulator does not implement yet are
listed and, with --require-complete, fail); 1 a mismatch, an unexpected
fault or (with --require-complete) a form not emulated; 2 a tool failure;
77 no LLVM toolchain.
"""
import argparse
import os
import random
import sys
import zlib

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    __package__ = "isa_ref"

from . import fops  # noqa: E402
from . import kernel as K  # noqa: E402
from . import valu  # noqa: E402
from .fp import F16, F32, F64  # noqa: E402

NL = 256  # vectors (lanes) per VALU form

# ---------------------------------------------------------------------------
# Values
# ---------------------------------------------------------------------------

F32_SPECIAL = [0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x7f800001, 0x7fa00000,
               0x00000001, 0x80000001, 0x007fffff, 0x807fffff, 0x00800000, 0x80800000, 0x7f7fffff, 0xff7fffff,
               0x3f800000, 0xbf800000, 0x3f000000, 0x40000000, 0x3fc00000, 0xbfc00000, 0x3f7fffff, 0x4b000000,
               0x4b7fffff, 0x4effffff, 0x4f000000, 0x4f800000, 0xcf000000, 0x3effffff, 0x33800000, 0x3f800001]
F16_SPECIAL = [0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x7c01, 0x7d00, 0x0001, 0x8001, 0x03ff, 0x83ff,
               0x0400, 0x8400, 0x7bff, 0xfbff, 0x3c00, 0xbc00, 0x3800, 0x4000, 0x3e00, 0xbe00, 0x3bff, 0x6400,
               0x67ff, 0x7800, 0x1400, 0x3c01]
F64_SPECIAL = [0x0, 1 << 63, 0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000, 0xfff8000000000000,
               0x7ff0000000000001, 0x7ff4000000000000, 0x1, 0x8000000000000001, 0x000fffffffffffff,
               0x0010000000000000, 0x8010000000000000, 0x7fefffffffffffff, 0xffefffffffffffff,
               0x3ff0000000000000, 0xbff0000000000000, 0x3fe0000000000000, 0x4000000000000000,
               0x3ff8000000000000, 0x41dfffffffc00000, 0x41e0000000000000, 0xc1e0000000000000, 0x41efffffffe00000,
               0x41f0000000000000, 0x4330000000000000, 0x3ff0000000000001, 0x3fefffffffffffff]
BF16_SPECIAL = [0x0000, 0x8000, 0x7f80, 0xff80, 0x7fc0, 0xffc0, 0x7f81, 0x7fa0, 0x0001, 0x8001, 0x007f, 0x0080,
                0x8080, 0x7f7f, 0xff7f, 0x3f80, 0xbf80, 0x3f00, 0x4000, 0x3fc0, 0x3f7f, 0x3f81, 0x4b00, 0x5f00]
I32_SPECIAL = [0, 1, 2, 0xffffffff, 0x80000000, 0x7fffffff, 0x7fffff, 0x800000, 0xffffff, 0xff800000, 0x1000000,
               31, 32, 33, 63, 64, 0xffff, 0x10000, 0x8000, 0xffff8000, 0x7fff, 0xfffffffe, 0x55555555, 0xaaaaaaaa]
I16_SPECIAL = [0, 1, 2, 0xffff, 0x8000, 0x7fff, 15, 16, 17, 0xff, 0x100, 0x80, 0xff80, 0xfffe, 0x5555, 0xaaaa]
M64 = (1 << 64) - 1
I64_SPECIAL = [0, 1, M64, 1 << 63, (1 << 63) - 1, 0xffffffff, 0x100000000, 0x80000000,
               63, 64, 0xffffffff00000000, 0x5555555555555555]


def specials(t):
    return {"f32": F32_SPECIAL, "f16": F16_SPECIAL, "bf16": BF16_SPECIAL, "f64": F64_SPECIAL, "u16": I16_SPECIAL, "i16": I16_SPECIAL,
            "b16": I16_SPECIAL, "u64": I64_SPECIAL, "i64": I64_SPECIAL, "b64": I64_SPECIAL}.get(t, I32_SPECIAL)


def rand_value(t, rng):
    """Random bits of type t; float types get half their draws near 1.0 so that
    arithmetic actually rounds (both operands within a few binades)."""
    w = valu.WIDTH[t]
    if t in ("f32", "f64", "f16", "bf16") and rng.random() < 0.5:
        fmt = {"f32": F32, "f64": F64, "f16": F16, "bf16": valu.BF16}[t]
        e = fmt.bias + rng.randint(-3, 3)
        return (rng.getrandbits(1) << (fmt.width - 1)) | (e << fmt.mbits) | rng.getrandbits(fmt.mbits)
    if t in ("u32", "i32", "b32") and rng.random() < 0.25:
        return rng.getrandbits(rng.randint(1, 32))  # small magnitudes too (shift counts, 24-bit operands)
    return rng.getrandbits(w)


def column(t, rng, n, extra=()):
    """n values of type t: the first half special values (each at least once,
    in a seeded random order, so that two sources meet in random pairs of
    specials; `extra`: the op's own boundary values, valu.Op.specials), the
    second half random bits."""
    sp = list(specials(t)) + list(extra)
    out = []
    while len(out) < n // 2:
        rng.shuffle(sp)
        out.extend(sp)
    out = out[:n // 2]
    while len(out) < n:
        out.append(rand_value(t, rng))
    return out


# ---------------------------------------------------------------------------
# Forms
# ---------------------------------------------------------------------------

F32_INLINE = [("0.5", 0x3f000000), ("-0.5", 0xbf000000), ("1.0", 0x3f800000), ("-1.0", 0xbf800000),
              ("2.0", 0x40000000), ("-2.0", 0xc0000000), ("4.0", 0x40800000), ("-4.0", 0xc0800000),
              ("0.15915494", 0x3e22f983)]
F16_INLINE = [("0.5", 0x3800), ("-0.5", 0xb800), ("1.0", 0x3c00), ("-1.0", 0xbc00), ("2.0", 0x4000),
              ("-2.0", 0xc000), ("4.0", 0x4400), ("-4.0", 0xc400), ("0.15915494", 0x3118)]
F64_INLINE = [("0.5", 0x3fe0000000000000), ("-1.0", 0xbff0000000000000), ("2.0", 0x4000000000000000),
              ("-4.0", 0xc010000000000000), ("0.15915494309189532", 0x3fc45f306dc9c882)]


class Src:
    """One source operand: kind v (VGPR, per lane), s (SGPR, per wave), c
    (inline constant), l (literal), m (lane mask, per wave), d (the
    destination's old value), k (literal of fmaak/fmamk)."""

    def __init__(self, kind, t, text="", value=None):
        self.kind, self.t, self.text, self.value = kind, t, text, value


class Dpp:
    """DPP lane selection of src0 (AMD RDNA4 ISA reference guide, "Data
    Parallel Processing"; modifier syntax: LLVM docs/AMDGPUModifierSyntax.rst).
    kind: quad_perm (4 lane selects), row_shl/row_shr/row_ror/row_share/
    row_xmask (n), row_mirror, row_half_mirror, dpp8 (8 lane selects).
    A source lane outside the row, or inactive with fi:0, is invalid: with
    bound_ctrl:1 the source reads 0, without it the lane is not written
    (DPP8: reads 0). Lanes of rows / banks disabled by row_mask / bank_mask
    are not written."""

    def __init__(self, kind, n=None, row_mask=0xf, bank_mask=0xf, bound_ctrl=0, fi=0):
        self.kind, self.n = kind, n
        self.row_mask, self.bank_mask, self.bound_ctrl, self.fi = row_mask, bank_mask, bound_ctrl, fi

    def text(self):
        if self.kind == "dpp8":
            return "dpp8:[%s]%s" % (",".join(str(x) for x in self.n), " fi:1" if self.fi else "")
        if self.kind == "quad_perm":
            c = "quad_perm:[%s]" % ",".join(str(x) for x in self.n)
        elif self.kind in ("row_mirror", "row_half_mirror"):
            c = self.kind
        else:
            c = "%s:%d" % (self.kind, self.n)
        return "%s row_mask:0x%x bank_mask:0x%x%s%s" % (c, self.row_mask, self.bank_mask,
                                                         " bound_ctrl:1" if self.bound_ctrl else "",
                                                         " fi:1" if self.fi else "")

    def source(self, l):
        """Source lane of lane l (within the wave), or None when outside the row."""
        k, n = self.kind, self.n
        if k == "dpp8":
            return (l & ~7) | n[l & 7]
        row, i = l & ~15, l & 15
        if k == "quad_perm":
            return (l & ~3) | n[l & 3]
        if k == "row_shl":
            return row + i + n if i + n < 16 else None
        if k == "row_shr":
            return row + i - n if i - n >= 0 else None
        if k == "row_ror":
            return row + ((i - n) & 15)
        if k == "row_mirror":
            return row + 15 - i
        if k == "row_half_mirror":
            return row + (i & 8) + 7 - (i & 7)
        if k == "row_share":
            return row + n
        if k == "row_xmask":
            return row + (i ^ n)
        raise ValueError(k)

    def writes(self, l):
        if self.kind == "dpp8":
            return True
        return bool((self.row_mask >> (l >> 4)) & 1 and (self.bank_mask >> ((l >> 2) & 3)) & 1)


def dpp_patterns(rng):
    """Every DPP16 control kind with boundary amounts, and DPP8, each with
    bound_ctrl / fi / row_mask / bank_mask variations."""
    out = [Dpp("quad_perm", [3, 2, 1, 0]), Dpp("quad_perm", [rng.randrange(4) for _ in range(4)], bound_ctrl=1),
           Dpp("row_shl", 1), Dpp("row_shl", 15, bound_ctrl=1), Dpp("row_shl", 8, fi=1),
           Dpp("row_shr", 1, bound_ctrl=1, fi=1), Dpp("row_shr", 15), Dpp("row_shr", 4, bound_ctrl=1),
           Dpp("row_ror", 1), Dpp("row_ror", 15, fi=1), Dpp("row_mirror"), Dpp("row_half_mirror", bound_ctrl=1),
           Dpp("row_share", 0), Dpp("row_share", 15, fi=1), Dpp("row_share", rng.randrange(16), bound_ctrl=1),
           Dpp("row_xmask", 1), Dpp("row_xmask", 15, bound_ctrl=1, fi=1),
           Dpp("row_shl", 2, row_mask=0x5, bank_mask=0xa), Dpp("quad_perm", [1, 1, 2, 2], row_mask=0xa, bank_mask=0x6),
           Dpp("dpp8", [7, 6, 5, 4, 3, 2, 1, 0]), Dpp("dpp8", [rng.randrange(8) for _ in range(8)], fi=1),
           Dpp("dpp8", [rng.randrange(8) for _ in range(8)])]
    return out


class Form:
    def __init__(self, op, enc, srcs, wave64=False, neg=None, abs_=None, clamp=False, omod=0, denorm=3, dpp=None,
                 round_mode=None, vp=None, opsel=None, variant=None):
        self.op = op
        self.variant = variant  # None or (text suffix, ctx.sel): byte_sel / op_sel of valu.Op.variants
        self.opsel = opsel  # VOP3 op_sel bits: one per source, then the destination (16-bit halves)
        self.vp = vp  # VOP3P: (op_sel, op_sel_hi, neg_lo, neg_hi) lists, one entry per source
        self.round = round_mode  # None (round to nearest even) or a MODE rounding direction for every format
        self.dpp = dpp  # None or a Dpp (lane selection of src0)
        self.enc = enc  # e32 | e64 | vop3
        self.srcs = srcs
        self.wave64 = wave64
        self.neg = neg or [0] * len(srcs)
        self.abs = abs_ or [0] * len(srcs)
        self.clamp = clamp
        self.omod = omod
        self.denorm = denorm
        self.text = self._text()

    @property
    def lanes(self):
        return 64 if self.wave64 else 32

    def desc(self):
        return "%s%s%s%s" % ("w64: " if self.wave64 else "", self.text,
                             " [denorm f32 flush]" if self.denorm != 3 else "",
                             " [MODE round %s]" % self.round if self.round else "")

    def mode_value(self):
        """MODE bits [7:0]: FP_ROUND single [1:0] and double/half [3:2]
        (0 nearest even, 1 toward +inf, 2 toward -inf, 3 toward zero),
        FP_DENORM [7:4] = 0xf (keep)."""
        r = {fops.RNE: 0, fops.RUP: 1, fops.RDN: 2, fops.RTZ: 3}[self.round]
        return r | (r << 2) | 0xf0

    def _reg(self, kind, t, idx):
        wide = valu.WIDTH[t] == 64
        if kind == "v":
            r = 4 + 4 * idx
            if valu.WIDTH[t] == 128:
                return "v[%d:%d]" % (r, r + 3)
            return "v[%d:%d]" % (r, r + 1) if wide else "v%d" % r
        if kind == "s":
            r = 4 + 2 * idx
            return "s[%d:%d]" % (r, r + 1) if wide else "s%d" % r
        raise ValueError(kind)

    def _text(self):
        op = self.op
        name = op.name + ("_e32" if self.enc == "e32" else "_e64" if self.enc == "e64" else "")
        if self.dpp:
            name = op.name + ("_e64_dpp" if self.enc == "e64" else "_dpp")
        w64 = self.wave64
        vcc = "vcc" if w64 else "vcc_lo"
        sd = "s[20:21]" if w64 else "s20"
        ops = []
        if op.cmp:
            if op.cmp == "cmp":
                ops.append(vcc if self.enc == "e32" else sd)
        else:
            ops.append(dst_reg(op))
            if op.sdst == "carry":
                ops.append(vcc if self.enc == "e32" else sd)
        for i, s in enumerate(self.srcs):
            if s.kind in ("d", "mi"):
                continue
            if s.kind == "m":
                ops.append(vcc if self.enc == "e32" else ("s[10:11]" if w64 else "s10"))
                continue
            if s.kind in ("c", "l", "k"):
                t = s.text
            else:
                t = self._reg(s.kind, s.t, i)
            if self.abs[i]:
                t = "|%s|" % t
            if self.neg[i]:
                t = "-" + t
            ops.append(t)
        txt = name + " " + ", ".join(ops)
        if self.clamp and not self.vp:  # VOP3P: clamp goes after the selection modifiers
            txt += " clamp"
        if self.omod:
            txt += " " + {1: "mul:2", 2: "mul:4", 3: "div:2"}[self.omod]
        if self.opsel:
            txt += " op_sel:[%s]" % ",".join(map(str, self.opsel))
        if self.vp:
            sel, hi, nl, nh = self.vp
            n = len(sel)
            if getattr(op, "vop3p", "") == "mix":
                # NEG / NEG_HI of the mixed FMA are written -v / |v| (handled above)
                if any(sel):
                    txt += " op_sel:[%s]" % ",".join(map(str, sel))
                if any(hi):
                    txt += " op_sel_hi:[%s]" % ",".join(map(str, hi))
            else:
                if any(sel):
                    txt += " op_sel:[%s]" % ",".join(map(str, sel))
                if hi != [1] * n:
                    txt += " op_sel_hi:[%s]" % ",".join(map(str, hi))
                if any(nl):
                    txt += " neg_lo:[%s]" % ",".join(map(str, nl))
                if any(nh):
                    txt += " neg_hi:[%s]" % ",".join(map(str, nh))
            if self.clamp and " clamp" not in txt:
                txt += " clamp"
        if self.variant:
            txt += self.variant[0]
        if self.dpp:
            txt += " " + self.dpp.text()
        return txt


def _inline_for(t, rng):
    if t == "f32":
        return rng.choice(F32_INLINE)
    if t == "f16":
        return rng.choice(F16_INLINE)
    if t == "f64":
        return rng.choice(F64_INLINE)
    n = rng.choice([-16, -1, 0, 1, 7, 31, 32, 63, 64])
    if valu.WIDTH[t] == 64 and rng.random() < 0.3:
        # a float inline constant on a 64-bit integer operand is the f64 bit pattern
        # (guide, "Inline constants"; LLVM loads double constants this way)
        return rng.choice(F64_INLINE)
    return (str(n), n & ((1 << valu.WIDTH[t]) - 1))


def _literal_for(t, rng):
    if t == "f32":
        v = rng.choice([0x3fa00000, 0x7f7fffff, 0x00800000, 0xc2f60000, 0x3eaaaaab, 0x7fc00000, 0x80000001])
        return ("0x%x" % v, v)
    if t == "f64":
        hi = rng.choice([0x3ff40000, 0xc0590000, 0x7fefffff, 0x00100000])
        return ("0x%x" % hi, hi << 32)
    if t in ("f16", "u16", "i16", "b16"):
        v = rng.choice([0x3555, 0x7bff, 0xc248, 0x1234, 0x8001])
        return ("0x%x" % v, v)
    if valu.WIDTH[t] == 64:
        return None
    v = rng.choice([0x12345678, 0x80000000, 0xfffffff0, 0x7fffffff, 0xdeadbeef, 0x41])
    return ("0x%x" % v, v)


def forms_for(op, rng):
    """The candidate forms of one reference op (llvm-mc decides which exist)."""
    out = []
    st = op.srcs

    def srcs(kinds):
        r = []
        for i, (k, t) in enumerate(zip(kinds, st)):
            if t == "mask":
                r.append(Src("m", t))
            elif t == "vcc":  # VCC read without being named in the instruction
                r.append(Src("mi", "mask"))
            elif t == "dst":
                r.append(Src("d", op.dst))
            elif t == "lit":
                txt, v = _literal_for("f32", rng)
                r.append(Src("k", "f32", txt, v))
            elif t == "lit16":
                txt, v = _literal_for("f16", rng)
                r.append(Src("k", "f16", txt, v))
            elif k == "c":
                txt, v = _inline_for(t, rng)
                r.append(Src("c", t, txt, v))
            elif k == "l":
                lv = _literal_for(t, rng)
                if lv is None:
                    return None
                r.append(Src("l", t, lv[0], lv[1]))
            else:
                r.append(Src(k, t))
        return r

    nsrc = len(st)
    base = ["v"] * nsrc
    if getattr(op, "vop3p", None):
        return vop3p_forms(op, rng, srcs)
    if op.family in ("vop1", "vop2", "vopc"):
        encs = ["e32", "e64"]
    else:
        encs = ["vop3"]
    if op.name in ("v_fmaak_f32", "v_fmamk_f32", "v_fmaak_f16", "v_fmamk_f16"):
        encs = ["plain"]
    for enc in encs:
        # the plain VGPR form and one other source kind (chosen per mnemonic
        # from the seed: across a family every kind is covered)
        kinds_list = [base]
        if enc in ("e32", "plain"):
            alts = [[k0] + base[1:] for k0 in ("s", "c", "l")]
        elif nsrc >= 2:
            alts = [["v", "s"] + base[2:], ["s"] + base[1:], base[:-1] + ["c"], ["l"] + base[1:]]
        else:
            alts = [["s"], ["c"], ["l"]]
        if op.cmp == "cmpx":
            alts = alts[:1] if enc == "e32" else []
        rng.shuffle(alts)
        kinds_list += alts[:1 if op.cmp != "cmpx" else 1]
        for kinds in kinds_list:
            ss = srcs(kinds)
            if ss is None:
                continue
            out.append(Form(op, enc if enc != "plain" else "vop3", ss))
        if enc in ("e64", "vop3"):
            if op.is_float:
                fl = op.float_srcs
                neg = [int(f and rng.random() < 0.5) for f in fl]
                # VOP3SD (a carry-out in the ABS field's place) has no abs: llvm-mc accepts |v| there
                # and drops it from the encoding
                ab = [int(f and rng.random() < 0.5 and not op.sdst) for f in fl]
                if not any(neg + ab) and any(fl):
                    neg[fl.index(True)] = 1
                fo = op.dst in valu.FMT and not op.cmp and not op.no_outmod
                out.append(Form(op, enc, srcs(base), neg=neg, abs_=ab, clamp=fo and rng.random() < 0.5,
                                omod=rng.choice([0, 1, 2, 3]) if fo and op.dst not in ("f16", "bf16") else 0))
                if fo:
                    out.append(Form(op, enc, srcs(base), clamp=True))
            elif op.int_clamp:
                out.append(Form(op, enc, srcs(base), clamp=True))
            # op_sel on 16-bit operands (high halves of sources / destination)
            w16 = [valu.WIDTH.get(t, 32) == 16 for t in st]
            if enc == "vop3" and any(w16):
                for _ in range(2):
                    sel = [int(w and rng.random() < 0.5) for w in w16]
                    sel.append(int(valu.WIDTH.get(op.dst, 32) == 16 and rng.random() < 0.5))
                    if any(sel):
                        out.append(Form(op, enc, srcs(base), opsel=sel))
    # byte / half selections (byte_sel, op_sel of the fp8/bf8 conversions)
    for v in op.variants:
        out.append(Form(op, "e64" if "e64" in encs else "vop3", srcs(base), variant=v))
    # DPP (src0 lane selection): v_mov_b32 with every pattern, other VOP1/VOP2
    # ops with one pattern each (and sometimes the VOP3 DPP form)
    if op.family in ("vop1", "vop2") and not op.cmp and not op.sdst and valu.WIDTH[op.dst] <= 32 and \
            all(t in valu.WIDTH and valu.WIDTH[t] <= 32 and t != "mask" for t in st):
        pats = dpp_patterns(rng)
        if op.name == "v_mov_b32":
            for p in pats:
                out.append(Form(op, "e32", srcs(base), dpp=p))
            for p in rng.sample(pats, 4):
                out.append(Form(op, "e32", srcs(base), dpp=p, wave64=True))
        else:
            fl = op.float_srcs
            neg = [int(f and rng.random() < 0.3) for f in fl]
            ab = [int(f and rng.random() < 0.3) for f in fl]
            out.append(Form(op, "e32", srcs(base), dpp=rng.choice(pats), neg=neg, abs_=ab))
            if rng.random() < 0.3:
                out.append(Form(op, "e64", srcs(base), dpp=rng.choice([p for p in pats if p.kind != "dpp8"]),
                                clamp=op.dst in valu.FMT and rng.random() < 0.5))
    # DPP on VOP3-only ops (_e64_dpp, where LLVM accepts it: src0 a VGPR, 32-bit operands)
    if op.family == "vop3" and not op.cmp and valu.WIDTH.get(op.dst, 32) <= 32 and \
            all(t in valu.WIDTH and valu.WIDTH[t] <= 32 and t != "mask" for t in st):
        pats = dpp_patterns(rng)
        out.append(Form(op, "e64", srcs(base), dpp=rng.choice([p for p in pats if p.kind != "dpp8"]),
                        wave64=rng.random() < 0.2))
        if rng.random() < 0.5:
            out.append(Form(op, "e64", srcs(base), dpp=rng.choice([p for p in pats if p.kind == "dpp8"])))
    # DPP on VOPC (e32 and VOP3 _e64_dpp): lanes a DPP pattern leaves out get a 0 mask bit
    if op.family == "vopc" and all(valu.WIDTH.get(t, 32) <= 32 for t in st):
        pats = dpp_patterns(rng)
        out.append(Form(op, "e32", srcs(base), dpp=rng.choice(pats)))
        if rng.random() < 0.3 and op.cmp == "cmp":
            out.append(Form(op, "e64", srcs(base), dpp=rng.choice([p for p in pats if p.kind != "dpp8"])))
    # a MODE rounding direction other than nearest even (s_setreg_imm32_b32)
    if op.mode_form or op.dst in valu.FMT and (
            op.model in ("valu_nan_results", "nan_convert", "transcendental_accuracy", "div_fmas_scale") or
            op.name.startswith("v_cvt_") or op.name.startswith("v_fract")):
        out.append(Form(op, encs[0] if encs[0] != "plain" else "vop3", srcs(base),
                        round_mode=rng.choice([fops.RUP, fops.RDN, fops.RTZ])))
    # wave64: the plain VGPR form (lane masks are 64 bits)
    enc0 = encs[0] if encs[0] != "plain" else "vop3"
    out.append(Form(op, enc0, srcs(base), wave64=True))
    if op.cmp or op.sdst or "mask" in st:
        if "e64" in encs:
            out.append(Form(op, "e64", srcs(base), wave64=True))
    # f32 denormal flushing (FLOAT_DENORM_MODE_32 = 0 in the kernel descriptor)
    # (arithmetic and conversions only: whether the class, min/max, frexp and
    # rounding-to-integral instructions flush denormals is not documented)
    if op.dst == "f32" or "f32" in st:
        if op.model in ("valu_nan_results", "nan_convert", "div_fmas_scale", "div_fixup_underflow",
                        "div_scale_cases") or op.name.startswith(("v_cvt_", "v_sin_", "v_cos_")):
            out.append(Form(op, enc0, srcs(base), denorm=0))
    return out


def vop3p_forms(op, rng, srcs):
    """Packed / mixed forms: default selection, random op_sel / op_sel_hi,
    negations (float), clamp, an SGPR source, wave64."""
    n = len([t for t in op.srcs if t != "dst"])
    mix = op.vop3p == "mix"
    base = ["v"] * len(op.srcs)
    hi0 = [0] * n if mix else [1] * n

    def vp(sel=None, hi=None, nl=None, nh=None):
        return ([*(sel or [0] * n)], [*(hi if hi is not None else hi0)], [*(nl or [0] * n)], [*(nh or [0] * n)])

    def rbits():
        return [rng.getrandbits(1) for _ in range(n)]

    if op.vop3p == "dot":  # no half selection; neg_lo = signedness of A / B (iu forms)
        out = [Form(op, "vop3", srcs(base), vp=vp())]
        signs = [[1, 1, 0], [1, 0, 0], [0, 1, 0]] if op.vop3p_iu else []
        for sg in signs:
            out.append(Form(op, "vop3", srcs(base), vp=vp(nl=sg)))
        out.append(Form(op, "vop3", srcs(base), clamp=True, vp=vp(nl=[1, 1, 0] if op.vop3p_iu else None)))
        out.append(Form(op, "vop3", srcs(base), clamp=True, vp=vp()))
        out.append(Form(op, "vop3", srcs(["s"] + base[1:]), vp=vp(nl=rng.choice(signs) if signs else None)))
        out.append(Form(op, "vop3", srcs(base), wave64=True, vp=vp()))
        return out
    if op.vop3p == "fdot" and op.elems[0] not in ("f16", "bf16"):  # fp8/bf8 dots: only C takes modifiers
        out = [Form(op, "vop3", srcs(base), vp=vp())]
        for nl, nh in (([0, 0, 1], [0, 0, 0]), ([0, 0, 0], [0, 0, 1]), ([0, 0, 1], [0, 0, 1])):
            out.append(Form(op, "vop3", srcs(base), vp=vp(nl=nl, nh=nh)))
        out.append(Form(op, "vop3", srcs(["s"] + base[1:]), vp=vp()))
        out.append(Form(op, "vop3", srcs(base), wave64=True, vp=vp()))
        out.append(Form(op, "vop3", srcs(base), vp=vp(), round_mode=rng.choice([fops.RUP, fops.RDN, fops.RTZ])))
        pats = dpp_patterns(rng)
        for p in (rng.choice([p for p in pats if p.kind != "dpp8"]), rng.choice([p for p in pats if p.kind == "dpp8"])):
            out.append(Form(op, "e64", srcs(base), dpp=p, vp=vp(nl=[0, 0, rng.getrandbits(1)])))
        return out
    out = [Form(op, "vop3", srcs(base), vp=vp())]
    out.append(Form(op, "vop3", srcs(base), vp=vp(rbits(), rbits())))
    out.append(Form(op, "vop3", srcs(base), vp=vp(rbits(), rbits())))
    if op.vop3p_float:
        nl, nh = rbits(), rbits()
        if mix:  # NEG -> -v, NEG_HI -> |v|
            f = Form(op, "vop3", srcs(base), neg=nl + [0] * (len(op.srcs) - n), abs_=nh + [0] * (len(op.srcs) - n),
                     vp=vp(rbits(), [1] * n, nl, nh))
        else:
            f = Form(op, "vop3", srcs(base), vp=vp(rbits(), rbits(), nl, nh))
        out.append(f)
    if op.vop3p_clamp:
        out.append(Form(op, "vop3", srcs(base), clamp=True, vp=vp(hi=[1] * n if mix else None)))
    out.append(Form(op, "vop3", srcs(["s"] + base[1:]), vp=vp(rbits(), rbits())))
    out.append(Form(op, "vop3", srcs(base), wave64=True, vp=vp(rbits(), rbits())))
    if op.vop3p in ("fdot", "mix"):
        out.append(Form(op, "vop3", srcs(base), vp=vp(), round_mode=rng.choice([fops.RUP, fops.RDN, fops.RTZ])))
    # DPP on src0 where LLVM accepts it (v_dot2_f32_*, v_fma_mix*: VOP3P _e64_dpp)
    pats = dpp_patterns(rng)
    for p in (rng.choice([p for p in pats if p.kind != "dpp8"]), rng.choice([p for p in pats if p.kind == "dpp8"])):
        out.append(Form(op, "e64", srcs(base), dpp=p, vp=vp(rbits(), hi0 if mix else rbits())))
    return out


def catalogue(ops, seed, bindir, extra=()):
    """Forms of `ops` (plus the ready-made forms `extra`) that llvm-mc (from
    bindir) accepts: [(Form)], [(Form, error)]."""
    cands = list(extra)
    for o in ops:
        rng = random.Random("%d:%s" % (seed, o.name))
        from . import bdiff, mdiff, sdiff
        if o.family == "mem":
            cands.extend(mdiff.forms_for(o, rng))
        elif o.family == "buf":
            cands.extend(bdiff.forms_for(o, rng))
        else:
            cands.extend(sdiff.forms_for(o, rng) if o.family.startswith("sop") or o.family == "vop3s"
                         else forms_for(o, rng))
    import subprocess
    import tempfile
    seen = set()
    uniq = []
    for f in cands:
        if f.desc() not in seen:
            seen.add(f.desc())
            uniq.append(f)
    cands = uniq
    ok, bad = [], []
    for w64 in (False, True):
        fs = [f for f in cands if f.wave64 == w64]
        if not fs:
            continue
        with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as t:
            t.write("".join(f.text + "\n" for f in fs))
            path = t.name
        r = subprocess.run([os.path.join(bindir, "llvm-mc"), "-triple=amdgcn", "-mcpu=gfx1201"] +
                           (["-mattr=+wavefrontsize64"] if w64 else []) + ["-filetype=null", path],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        os.unlink(path)
        errs = {}
        import re
        for ln in r.stderr.splitlines():
            m = re.match(r"^.*?\.s:(\d+):\d+: error: (.*)$", ln)
            if m:
                errs.setdefault(int(m.group(1)) - 1, m.group(2))
        for i, f in enumerate(fs):
            if i in errs:
                bad.append((f, errs[i]))
            else:
                ok.append(f)
    return ok, bad


# ---------------------------------------------------------------------------
# Vectors, kernels, reference
# ---------------------------------------------------------------------------

class Vectors:
    """Inputs of one form: per source a list of NL lane values (v, d) or
    per-wave values (s, m); EXEC per wave; old destination per lane."""

    def __init__(self, form, rng):
        W = form.lanes
        self.nwaves = NL // W
        self.src = []
        for i, s in enumerate(form.srcs):
            if form.vp and s.kind in ("v", "s"):
                n = NL if s.kind == "v" else self.nwaves
                if getattr(form.op, "vop3p", "") == "mix" and not form.vp[1][i]:
                    self.src.append(column("f32", rng, n))
                elif getattr(form.op, "vop3p", "") == "dot":
                    self.src.append(column("u32" if i == 2 else "b32", rng, n))
                elif getattr(form.op, "vop3p", "") == "fdot":
                    el = form.op.elems[min(i, 1)]
                    if i == 2:
                        self.src.append(column("f32", rng, n))
                    elif el in ("f16", "bf16"):
                        lo, hi = column(el, rng, n), column(el, rng, n)
                        rng.shuffle(hi)
                        self.src.append([a | (b << 16) for a, b in zip(lo, hi)])
                    else:  # four fp8 / bf8 bytes: random, with NaN / infinity / zero / max bytes mixed in
                        sp = [0x00, 0x80, 0x7f, 0xff, 0x7c, 0xfc, 0x7e, 0x7b, 0x01, 0x38, 0x3c]
                        col = column("b32", rng, n)
                        self.src.append([sum((rng.choice(sp) if rng.random() < 0.3 else (x >> (8 * k)) & 0xff) << (8 * k)
                                             for k in range(4)) for x in col])
                else:
                    t16 = "f16" if form.op.vop3p_float else "u16"
                    lo, hi = column(t16, rng, n), column(t16, rng, n)
                    rng.shuffle(hi)
                    self.src.append([a | (b << 16) for a, b in zip(lo, hi)])
            elif s.kind in ("v", "s") and s.t == "pk16":  # two 16-bit floats of the result's format
                n = NL if s.kind == "v" else self.nwaves
                el = "bf16" if form.op.dst == "bf16" else "f16"
                lo, hi = column(el, rng, n), column(el, rng, n)
                rng.shuffle(hi)
                self.src.append([a | (b << 16) for a, b in zip(lo, hi)])
            elif s.kind == "v" and form.opsel and valu.WIDTH.get(s.t, 32) == 16:
                ex = getattr(form.op, "specials", {}).get(i, ())
                lo, hi = column(s.t, rng, NL, ex), column(s.t, rng, NL, ex)
                rng.shuffle(hi)
                self.src.append([a | (b << 16) for a, b in zip(lo, hi)])
            elif s.kind == "v":
                self.src.append(column(s.t, rng, NL, getattr(form.op, "specials", {}).get(i, ())))
            elif s.kind == "d":
                self.src.append(column(s.t, rng, NL))
            elif s.kind == "s":
                sp = specials(s.t)
                self.src.append([rng.choice(sp) if w % 2 == 0 else rand_value(s.t, rng) for w in range(self.nwaves)])
            elif s.kind in ("m", "mi"):
                full = (1 << W) - 1
                self.src.append([[full, 0][w] if w < 2 else rng.getrandbits(W) for w in range(self.nwaves)])
            else:
                self.src.append(None)
        # equal operands (SCC / compare / min-max ties): lanes 200..215 copy src0 into src1
        if len(self.src) >= 2 and form.srcs[0].kind == "v" and form.srcs[1].kind == "v" and \
                form.srcs[0].t == form.srcs[1].t:
            for g in range(200, 216):
                self.src[1][g] = self.src[0][g]
        full = (1 << W) - 1
        self.exec = [full] * (self.nwaves - 1) + [rng.getrandbits(W) | 1]
        if form.dpp:  # inactive source lanes in every other wave
            self.exec = [full if w % 2 == 0 else rng.getrandbits(W) | 1 for w in range(self.nwaves)]
        dw = valu.WIDTH[form.op.dst] if form.op.dst in valu.WIDTH and form.op.dst != "mask" else 32
        self.old = [rng.getrandbits(dw if dw in (64, 128) else 32) for _ in range(NL)]


def dpp_src0(form, vec, g):
    """(written?, src0 raw value) of global lane g under the form's DPP."""
    W = form.lanes
    w, l = divmod(g, W)
    d = form.dpp
    if not d.writes(l):
        return False, None
    sl = d.source(l)
    if sl is not None and ((vec.exec[w] >> sl) & 1 or d.fi):
        return True, vec.src[0][w * W + sl]
    if d.kind == "dpp8" or d.bound_ctrl:
        return True, 0
    return False, None


def lane_inputs(form, vec, g):
    """Source values of global lane g (modifiers applied)."""
    W = form.lanes
    w, l = divmod(g, W)
    vals = []
    for i, s in enumerate(form.srcs):
        if s.kind == "v" and i == 0 and form.dpp:
            x = dpp_src0(form, vec, g)[1] or 0
        elif s.kind == "v":
            x = vec.src[i][g]
        elif s.kind == "d":
            x = vec.old[g]
        elif s.kind == "s":
            x = vec.src[i][w]
        elif s.kind in ("m", "mi"):
            x = (vec.src[i][w] >> l) & 1
        else:
            x = s.value
        t = s.t
        if form.opsel and form.opsel[i] and valu.WIDTH.get(t, 32) == 16:
            x >>= 16
        if t == "pk16":  # abs then neg on both halves
            x &= 0xffffffff
            if form.abs[i]:
                x &= 0x7fff7fff
            if form.neg[i]:
                x ^= 0x80008000
        elif t in valu.FMT:
            fmt = valu.FMT[t]
            x &= fmt.mask
            if form.abs[i]:
                x = fmt.abs(x)
            if form.neg[i]:
                x = fmt.neg(x)
        elif t != "mask":
            x &= (1 << valu.WIDTH[t]) - 1
        vals.append(x)
    return vals


def reference(form, vec, lanes=None):
    """Expected: dst per lane (full register image), mask per wave (cmp/carry
    bits of active lanes), exec per wave after the instruction. `lanes`:
    compute only these global lanes (the others keep their old values)."""
    op = form.op
    W = form.lanes
    dst = list(vec.old)
    masks = [0] * vec.nwaves
    execs = list(vec.exec)
    for g in (range(NL) if lanes is None else lanes):
        w, l = divmod(g, W)
        if not (vec.exec[w] >> l) & 1:
            continue
        if form.dpp and not dpp_src0(form, vec, g)[0]:
            continue  # lane not written
        ctx = fops.Ctx(lane=l, wave64=form.wave64, denorm32=form.denorm, round_mode=form.round or fops.RNE)
        if form.vp:
            ctx.vop3p = form.vp + (form.clamp,)
        if form.variant:
            ctx.sel = form.variant[1]
        vals = lane_inputs(form, vec, g)
        if form.clamp and op.int_clamp:
            r = op.int_clamp(ctx, *vals)
        else:
            r = op.fn(ctx, *vals)
        if op.sdst == "carry":
            r, carry = r
            masks[w] |= carry << l
        if op.cmp:
            masks[w] |= r << l
            if op.cmp == "cmpx":
                pass
            continue
        if not (form.clamp and op.int_clamp):
            r = valu.apply_output(op, r, form.clamp, form.omod, ctx)
        dwidth = valu.WIDTH[op.dst]
        if dwidth == 16 and form.opsel and form.opsel[-1]:
            dst[g] = (vec.old[g] & 0xffff) | ((r & 0xffff) << 16)
        elif dwidth == 16:
            dst[g] = (vec.old[g] & 0xffff0000) | (r & 0xffff)
        elif dwidth == 32:
            dst[g] = r & 0xffffffff
        else:
            dst[g] = r
    if op.cmp == "cmpx":
        execs = [masks[w] & vec.exec[w] for w in range(vec.nwaves)]
    return dst, masks, execs


# input / output slot names of the 32-bit words of a destination (old value, result)
WORD_SLOT = {"old": ("old_lo", "old_hi", "old_w2", "old_w3"), "dst": ("dst_lo", "dst_hi", "dst_w2", "dst_w3")}


def dst_reg(op):
    """The destination operand: v2, v[2:3], or v[16:19] for a 128-bit result
    (v[2:5] would overlap src0 at v4)."""
    w = valu.WIDTH[op.dst]
    return "v[16:19]" if w == 128 else "v[2:3]" if w == 64 else "v2"


class Layout:
    """Input/output buffer slots of one form's kernel (NL words each)."""

    def __init__(self):
        self.ins = []  # (name, words)
        self.outs = []  # names

    def add_in(self, name, words):
        self.ins.append((name, words))
        return (len(self.ins) - 1) * NL * 4

    def add_out(self, name):
        self.outs.append(name)
        return (len(self.outs) - 1) * NL * 4


def build_kernel(form, vec, name):
    """-> (Kernel, Layout, input bytes)."""
    op = form.op
    W = form.lanes
    L = Layout()
    b = ["s_load_b64 s[12:13], s[0:1], 0x0", "s_load_b64 s[14:15], s[0:1], 0x8",
         "v_readfirstlane_b32 s16, v0", "v_lshlrev_b32 v1, 2, v0", "s_wait_kmcnt 0x0",
         "s_lshr_b32 s16, s16, %d" % (6 if form.wave64 else 5), "s_lshl_b32 s17, s16, 3",
         "s_add_co_u32 s18, s12, s17", "s_add_co_ci_u32 s19, s13, 0"]

    def per_wave(vals64):
        # per-wave 64-bit values at stride 8 in a slot
        words = [0] * NL
        for w, x in enumerate(vals64):
            words[2 * w] = x & 0xffffffff
            words[2 * w + 1] = (x >> 32) & 0xffffffff
        return words

    dwords = valu.WIDTH[op.dst] // 32 if op.dst in valu.WIDTH and not op.cmp and valu.WIDTH[op.dst] > 32 else 1
    dbase = 16 if dwords == 4 else 2  # dst_reg(op)
    if not op.cmp:
        for k in range(dwords):
            o = L.add_in(WORD_SLOT["old"][k], [(x >> (32 * k)) & 0xffffffff for x in vec.old])
            b.append("global_load_b32 v%d, v1, s[12:13] offset:%d" % (dbase + k, o))
    for i, s in enumerate(form.srcs):
        wide = valu.WIDTH.get(s.t, 32) == 64
        if s.kind == "v":
            r = 4 + 4 * i
            for k in range(max(1, valu.WIDTH.get(s.t, 32) // 32)):
                o = L.add_in(("src%d" % i) + ("", "_hi", "_w2", "_w3")[k], [(x >> (32 * k)) & 0xffffffff for x in vec.src[i]])
                b.append("global_load_b32 v%d, v1, s[12:13] offset:%d" % (r + k, o))
        elif s.kind == "s":
            r = 4 + 2 * i
            o = L.add_in("src%d" % i, per_wave(vec.src[i]))
            b.append("s_load_b64 s[%d:%d], s[18:19], 0x%x" % (r, r + 1, o) if wide else
                     "s_load_b32 s%d, s[18:19], 0x%x" % (r, o))
        elif s.kind in ("m", "mi"):
            o = L.add_in("mask%d" % i, per_wave(vec.src[i]))
            b.append("s_load_b64 s[10:11], s[18:19], 0x%x" % o)
    o = L.add_in("exec", per_wave(vec.exec))
    b.append("s_load_b64 s[22:23], s[18:19], 0x%x" % o)
    b += ["s_wait_loadcnt 0x0", "s_wait_kmcnt 0x0"]
    if any(s.kind == "m" for s in form.srcs) and form.enc == "e32" or any(s.kind == "mi" for s in form.srcs):
        b.append("s_mov_b64 vcc, s[10:11]" if form.wave64 else "s_mov_b32 vcc_lo, s10")
    if form.round:
        b.append("s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 8), 0x%x" % form.mode_value())
    b.append("s_mov_b64 exec, s[22:23]" if form.wave64 else "s_mov_b32 exec_lo, s22")
    b.append(form.text)
    b.append("s_mov_b64 s[24:25], exec" if form.wave64 else "s_mov_b32 s24, exec_lo")
    b.append("s_mov_b64 exec, -1" if form.wave64 else "s_mov_b32 exec_lo, -1")
    if not op.cmp:
        for k in range(dwords):
            o = L.add_out(WORD_SLOT["dst"][k])
            b.append("global_store_b32 v1, v%d, s[14:15] offset:%d" % (dbase + k, o))
    if op.cmp == "cmp" or op.sdst == "carry":
        src = ("vcc" if form.wave64 else "vcc_lo") if form.enc == "e32" else ("s[20:21]" if form.wave64 else "s20")
        lo_hi = ("vcc_lo", "vcc_hi") if src.startswith("vcc") else ("s20", "s21")
        o = L.add_out("mask_lo")
        b += ["v_mov_b32 v30, %s" % lo_hi[0], "global_store_b32 v1, v30, s[14:15] offset:%d" % o]
        if form.wave64:
            o = L.add_out("mask_hi")
            b += ["v_mov_b32 v30, %s" % lo_hi[1], "global_store_b32 v1, v30, s[14:15] offset:%d" % o]
    if op.cmp == "cmpx":
        o = L.add_out("exec_lo")
        b += ["v_mov_b32 v30, s24", "global_store_b32 v1, v30, s[14:15] offset:%d" % o]
        if form.wave64:
            o = L.add_out("exec_hi")
            b += ["v_mov_b32 v30, s25", "global_store_b32 v1, v30, s[14:15] offset:%d" % o]
    b.append("s_endpgm")
    data = b"".join(x.to_bytes(4, "little") for _, words in L.ins for x in words)
    k = K.Kernel(name, "\n".join("  " + x for x in b), 2, wave64=form.wave64, denorm=form.denorm)
    return k, L, data


def compare(form, vec, L, out):
    """-> list of (lane or wave, what, expected, got) mismatches."""
    op = form.op
    W = form.lanes
    dst, masks, execs = reference(form, vec)

    def slot(name):
        i = L.outs.index(name)
        return [int.from_bytes(out[(i * NL + g) * 4:(i * NL + g) * 4 + 4], "little") for g in range(NL)]

    bad = []
    if not op.cmp:
        got = slot("dst_lo")
        for k, nm in enumerate(WORD_SLOT["dst"][1:], 1):
            if nm in L.outs:
                got = [g | (h << (32 * k)) for g, h in zip(got, slot(nm))]
        for g in range(NL):
            if got[g] != dst[g]:
                bad.append((g, "dst", dst[g], got[g]))
    for key, exp in (("mask", masks), ("exec", execs if op.cmp == "cmpx" else None)):
        if exp is None or key + "_lo" not in L.outs:
            continue
        lo = slot(key + "_lo")
        hi = slot(key + "_hi") if key + "_hi" in L.outs else [0] * NL
        for w in range(vec.nwaves):
            got = lo[w * W] | (hi[w * W] << 32)
            care = vec.exec[w]  # bits of inactive lanes are not checked
            diff = (got ^ exp[w]) & care
            for l in range(W):
                if (diff >> l) & 1:
                    bad.append((w * W + l, key + " bit", (exp[w] >> l) & 1, (got >> l) & 1))
    return bad


def dpp_reproducer(form, vec, g):
    """A golden line with the whole wave of lane g (DPP reads other lanes)."""
    W = form.lanes
    w, l = divmod(g, W)
    ins = ["v2=[%s]" % ",".join("0x%x" % vec.old[w * W + j] for j in range(W))]
    for i, s in enumerate(form.srcs):
        if s.kind == "v":
            ins.append("v%d=[%s]" % (4 + 4 * i, ",".join("0x%x" % vec.src[i][w * W + j] for j in range(W))))
    ins.append("exec=0x%x" % vec.exec[w])
    dst, masks, execs = reference(form, vec)
    if form.op.cmp == "cmpx":  # DPP VOPC: the lane mask is the result
        out = "exec=0x%x" % execs[w]
    elif form.op.cmp:
        out = "%s=0x%x" % (("vcc" if form.enc == "e32" else ("s[20:21]" if form.wave64 else "s20")), masks[w])
    else:
        out = "v2[%d]=0x%x" % (l, dst[g])
    return "%s%s ; %s ; %s" % ("w64: " if form.wave64 else "", form.text, " ".join(ins), out)


def reproducer(form, vec, g, what):
    """One golden-format line that reproduces lane g's vector on every lane."""
    if form.dpp:
        return dpp_reproducer(form, vec, g)
    W = form.lanes
    w, l = divmod(g, W)
    ins = []
    for i, s in enumerate(form.srcs):
        wide = valu.WIDTH.get(s.t, 32) == 64
        if s.kind == "v":
            r = 4 + 4 * i
            nm = "v[%d:%d]" % (r, r + 3) if valu.WIDTH.get(s.t, 32) == 128 else "v[%d:%d]" % (r, r + 1) if wide else "v%d" % r
            ins.append("%s=0x%x" % (nm, vec.src[i][g]))
        elif s.kind == "s":
            r = 4 + 2 * i
            ins.append("%s=0x%x" % ("s[%d:%d]" % (r, r + 1) if wide else "s%d" % r, vec.src[i][w]))
        elif s.kind in ("m", "mi"):
            bit = (vec.src[i][w] >> l) & 1
            nm = "vcc" if form.enc == "e32" or s.kind == "mi" else ("s[10:11]" if form.wave64 else "s10")
            ins.append("%s=0x%x" % (nm, ((1 << W) - 1) if bit else 0))
    old = vec.old[g]
    op = form.op
    if not op.cmp:
        ins.insert(0, "%s=0x%x" % (dst_reg(op), old))
    if form.round:
        ins.append("mode=0x%x" % form.mode_value())
    elif form.denorm != 3:
        ins.append("mode=0xc0")  # FP_DENORM f32 = 0 (flush), f16/f64 = 3 (keep), round to nearest even
    # expected for an all-lanes-active wave with lane g's inputs on every lane
    one = Vectors.__new__(Vectors)
    one.nwaves = NL // W
    one.src = []
    for i, s in enumerate(form.srcs):
        if s.kind in ("v",):
            one.src.append([vec.src[i][g]] * NL)
        elif s.kind == "s":
            one.src.append([vec.src[i][w]] * one.nwaves)
        elif s.kind in ("m", "mi"):
            bit = (vec.src[i][w] >> l) & 1
            one.src.append([((1 << W) - 1) if bit else 0] * one.nwaves)
        else:
            one.src.append(None)
    one.exec = [(1 << W) - 1] * one.nwaves
    one.old = [old] * NL
    dst, masks, execs = reference(form, one, lanes=[0])
    outs = []
    if not op.cmp:
        outs.append("%s=0x%x" % (dst_reg(op), dst[0]))
    full = (1 << W) - 1  # every lane has lane g's inputs: the mask is all lanes or none
    if op.cmp == "cmp" or op.sdst == "carry":
        nm = ("vcc" if form.enc == "e32" else ("s[20:21]" if form.wave64 else "s20"))
        outs.append("%s=0x%x" % (nm, full if masks[0] & 1 else 0))
    if op.cmp == "cmpx":
        outs.append("exec=0x%x" % (full if execs[0] & 1 else 0))
    return "%s%s ; %s ; %s" % ("w64: " if form.wave64 else "", form.text, " ".join(ins), " ".join(outs))


# ---------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------

# Emulator mnemonics that no family of this test runs with random vectors, and why. Each is
# checked elsewhere (named), has no architectural result, or is out of scope.
NO_RANDOM_REFERENCE = {
    "ds_bvh_stack_push4_pop1_rtn_b32": "out of scope (ray-tracing stack; isa/README.md `oos`)",
    "ds_bvh_stack_push8_pop1_rtn_b32": "out of scope (ray-tracing stack)",
    "ds_bvh_stack_push8_pop2_rtn_b64": "out of scope (ray-tracing stack)",
    "global_atomic_ordered_add_b64": "out of scope (geometry-shader stream-out counter)",
    "global_load_tr_b64": "transpose loads: harness/emu/wmma/tests (hand-derived permutations) and runtime/load-tr-*",
    "global_load_tr_b128": "transpose loads: harness/emu/wmma/tests and runtime/load-tr-*",
    "s_barrier_signal": "the workgroup barrier: every mem and lanes kernel of this test synchronises "
                        "with it (named barriers: isa/limits.csv)",
    "s_barrier_wait": "the workgroup barrier, as s_barrier_signal",
    "s_barrier_signal_isfirst": "the workgroup barrier: core/tests/salu_test.cc (named ones: isa/limits.csv)",
    "s_get_barrier_state": "its value depends on the other waves' progress (named barriers: isa/limits.csv)",
    "s_sendmsg_rtn_b32": "returns the model value salu_sendmsg_rtn_realtime: core/tests/salu_test.cc",
    "s_sendmsg_rtn_b64": "returns the model value salu_sendmsg_rtn_realtime: core/tests/salu_test.cc, "
                         "golden/salu.golden",
    "s_sendmsg": "only MSG_DEALLOC_VGPRS runs, with no effect (isa/limits.csv)",
    "s_trap": "stops the wave (no trap handler): core/tests/salu_test.cc",
    "s_rfe_b64": "faults, no trap handler runs (isa/limits.csv): core/tests/salu_test.cc",
}
NO_RANDOM_REFERENCE.update({m: "faults in every form (isa/limits.csv)" for m in (
    "s_barrier_init", "s_barrier_join", "s_barrier_leave", "s_alloc_vgpr", "s_sethalt", "s_sendmsghalt",
    "s_setkill", "s_endpgm_saved")})
NO_RANDOM_REFERENCE.update({
    "s_endpgm": "ends every kernel of this test",
    "s_code_end": "padding after every kernel of this test; never executed",
})


def covered_mnemonics():
    """Every mnemonic some family of this test runs with random vectors."""
    from . import bdiff, ldiff, mdiff, pdiff, salu, smdiff, vdiff, vop3p  # noqa: F401
    names = {o.name for o in list(valu.OPS.values()) + list(salu.OPS.values()) + list(mdiff.OPS.values())
             + list(bdiff.OPS.values())}
    names |= {"v_dual_" + x for x in vdiff.DUAL_Y} | {f.name for f in ldiff.all_forms(0)}
    for m in (smdiff, pdiff):
        names |= {f.name for f in m.all_forms(0)}
    return names | {"v_nop", "v_pipeflush"}  # no architectural effect


def emulator_mnemonics(isa_dir):
    """Mnemonics that have a row in the emulator's decode tables (the first two
    columns only) and whether a semantics file exists for them."""
    rows = {}
    for fn in sorted(os.listdir(isa_dir)):
        if not fn.endswith(".csv"):
            continue
        with open(os.path.join(isa_dir, fn)) as f:
            for ln in f:
                if ln.startswith("#") or "," not in ln:
                    continue
                rows[ln.split(",")[1].strip()] = fn[:-4]
    return rows


def run(args):
    tcs = K.find_toolchains(args.llvm)
    if not tcs:
        print("isa_diff: SKIP: no LLVM toolchain with llvm-mc and ld.lld", file=sys.stderr)
        return 77
    fams = args.family.split(",")
    from . import bdiff, mdiff, salu, sdiff, vop3p  # noqa: F401 (vop3p registers its ops in valu.OPS)
    allops = list(valu.OPS.values()) + list(salu.OPS.values()) + list(mdiff.OPS.values()) + \
        list(bdiff.OPS.values())
    ops = [o for o in allops if o.family in fams and (not args.only or o.name in args.only.split(","))]
    extra = []
    if "vopd" in fams:
        from . import vdiff
        extra += [f for f in vdiff.all_forms(args.seed) if not args.only or any(
            x in f.text for x in args.only.split(","))]
    if "lanes" in fams:
        from . import ldiff
        extra += [f for f in ldiff.all_forms(args.seed) if not args.only or f.name in args.only.split(",")]
    for fam, mod in (("smem", "smdiff"), ("flow", "pdiff")):
        if fam in fams:
            import importlib
            m = importlib.import_module("." + mod, __package__)
            extra += [f for f in m.all_forms(args.seed) if not args.only or f.name in args.only.split(",")]
    if not ops and not extra:
        print("isa_diff: no reference ops in family %s" % args.family, file=sys.stderr)
        return 2
    forms, rejected = catalogue(ops, args.seed, tcs[0][1], extra)
    if args.list:
        for f in forms:
            print(f.desc())
        for f, e in rejected:
            print("# llvm-mc rejects: %s (%s)" % (f.text, e))
        return 0
    work, tmp = K.work_dir(args.work, "isa_diff-")
    results = {}  # form index -> ('pass'|'mismatch'|'not_emulated'|'fault'|'asm', detail)
    ran = {}  # form index -> toolchain versions whose code for it was run (or byte-identical to one run)
    per_form = {}
    for w64 in (False, True):
        idx = [i for i, f in enumerate(forms) if f.wave64 == w64]
        if not idx:
            continue
        kernels, built = [], {}
        for i in idx:
            f = forms[i]
            rng = random.Random("%d:%s" % (args.seed, f.desc()))
            vec = impl(f).Vectors(f, rng)
            k, L, data = impl(f).build_kernel(f, vec, "f%d" % i)
            kernels.append(k)
            built[i] = (vec, L, data)
        seen = {}
        for n, (ver, bindir) in enumerate(tcs):
            pb = os.path.join(work, "%s.%s.llvm%d" % (args.family.replace(",", "_"), "w64" if w64 else "w32", ver))
            co, errs = K.assemble_all(kernels, pb, bindir, w64)
            for name, msg in errs.items():
                i = int(name[1:])
                results.setdefault(i, ("asm", "llvm-%d: %s" % (ver, msg.strip().splitlines()[0])))
            if co is None:
                continue
            key = K.text_bytes(co) if not errs else None
            ok = [i for i in idx if "f%d" % i not in errs]
            if key is not None and key in seen:
                for i in ok:  # same code as an assembler already run
                    ran.setdefault(i, []).append(ver)
                continue
            if key is not None:
                seen[key] = ver
            for i in ok:
                ran.setdefault(i, []).append(ver)
            launches = []
            for i in ok:
                vec, L, data = built[i]
                if hasattr(impl(forms[i]), "launch_for"):
                    launches.append(impl(forms[i]).launch_for("f%d" % i, data, vec))
                    continue
                if impl(forms[i]) is not _this():
                    launches.append(impl(forms[i]).launch("f%d" % i, data, forms[i].wave64))
                    continue
                launches.append(K.Launch("f%d" % i, NL, [(len(data), data, False), (4 * NL * len(L.outs), None, True)]))
            res = K.run_batch(args.emu, co, launches, args.hazards)
            for i, r in zip(ok, res):
                f = forms[i]
                vec, L, data = built[i]
                if r.exit != 0:
                    msg = r.fault.strip()
                    if "IllegalInstruction" in msg and any(x in msg for x in (
                            "not implemented", "no semantics", "unknown opcode", "unsupported", "undecodable")):
                        results[i] = ("not_emulated", msg.splitlines()[0] if msg else "")
                    else:
                        results[i] = ("fault", "llvm-%d: %s" % (ver, msg))
                    continue
                try:
                    if len(r.buffers) > 1:
                        bad = impl(f).compare(f, vec, L, r.buffers[0], r.buffers[1])
                    else:
                        bad = impl(f).compare(f, vec, L, r.buffers[0])
                except Exception as e:  # a reference bug: report it, keep going
                    import traceback
                    results[i] = ("fault", "reference error: %s\n%s" % (e, traceback.format_exc(limit=3)))
                    continue
                if bad:
                    if results.get(i, ("",))[0] != "mismatch":
                        results[i] = ("mismatch", (ver, bad))
                elif i not in results:
                    results[i] = ("pass", None)
    # report
    nfail = 0
    summary = {}
    for i, f in enumerate(forms):
        st, detail = results.get(i, ("asm", "not assembled"))
        fam = f.op.family
        s = summary.setdefault(fam, {"forms": 0, "vectors": 0, "pass": 0, "mismatch": 0, "not_emulated": 0,
                                     "fault": 0, "asm": 0, "model": 0})
        s["forms"] += 1
        s[st] += 1
        if st in ("pass", "mismatch"):
            s["vectors"] += NL
        model = f.op.model or ("denorm_flush" if f.denorm != 3 else None)
        if model:
            s["model"] += 1
        if st == "mismatch":
            nfail += 1
            ver, bad = detail
            vec = built_vec(forms, i, args.seed)
            print("MISMATCH %s   (%s, seed %d%s)" % (f.desc(), ", ".join("llvm-%d" % v for v in ran.get(i, [ver])),
                                                     args.seed,
                                                         ", model: " + model if model else ""))
            for g, what, exp, got in bad[:3]:
                print("  lane %d %s: expected 0x%x, got 0x%x   inputs: %s" %
                      (g, what, exp, got, ", ".join("0x%x" % x for x in impl(f).lane_inputs(f, vec, g))))
            if len(bad) > 3:
                print("  ... %d mismatching lanes/waves in all" % len(bad))
            print("  reproduce: " + impl(f).reproducer(f, vec, bad[0][0], bad[0][1]))
        elif st == "fault":
            nfail += 1
            print("FAULT %s: %s" % (f.desc(), detail))
        elif st == "asm":
            nfail += 1
            print("ASSEMBLY ERROR %s: %s" % (f.desc(), detail))
        elif st == "not_emulated":
            if args.require_complete:
                nfail += 1
            if args.verbose or args.require_complete:
                print("NOT EMULATED %s: %s" % (f.desc(), detail))
    def label(f):
        tags = [t for t, on in (("dpp", f.dpp), ("mode", f.round), ("w64", f.wave64)) if on]
        return f.op.name + ("[%s]" % ",".join(tags) if tags else "")
    ne = sorted({label(forms[i]) for i, (st, _) in results.items() if st == "not_emulated"})
    if ne:
        print("not emulated yet (%d): %s" % (len(ne), " ".join(ne)))
    # Completeness of the reference: every emulator mnemonic of these families is covered by
    # some family of this test (the SALU control flow by `flow`, lane crossings by `lanes`)
    # or is listed in NO_RANDOM_REFERENCE with the reason and where else it is checked. Any
    # other mnemonic fails the test (with --only: listed, not failed).
    csvfam = {"vop1": ["vop1"], "vop2": ["vop2"], "vop3": ["vop3"], "vopc": ["vopc"], "vop3p": ["vop3p"],
              "vopd": ["vopd"], "sop1": ["sop1"], "sop2": ["sop2"], "sopc": ["sopc"], "sopk": ["sopk", "sopp"],
              "mem": ["ds", "vglobal", "vflat", "vscratch"], "buf": ["vbuffer"], "smem": ["smem"]}
    isa_dir = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "isa")
    gap = []
    if os.path.isdir(isa_dir):
        rows = emulator_mnemonics(isa_dir)
        covered = covered_mnemonics()
        want = {c for f in fams for c in csvfam.get(f, [])}
        gap = sorted(m for m, fam in rows.items() if fam in want and m not in covered and "wmma" not in m
                     and m not in NO_RANDOM_REFERENCE)
        if gap:
            print("no reference (%d emulator mnemonics, neither covered nor listed in "
                  "diff.NO_RANDOM_REFERENCE): %s" % (len(gap), " ".join(gap)))
            if not args.only:
                nfail += 1
    if rejected and args.verbose:
        for f, e in rejected:
            print("llvm-mc rejects candidate %s: %s" % (f.text, e))
    for fam, s in sorted(summary.items()):
        print("isa_diff %s: %d forms, %d vectors, %d pass, %d mismatch, %d not emulated, %d fault, "
              "%d assembly errors; %d forms rely on a documented model choice; %d candidate forms llvm-mc "
              "rejects; seed %d; toolchains %s" %
              (fam, s["forms"], s["vectors"], s["pass"], s["mismatch"], s["not_emulated"], s["fault"], s["asm"],
               s["model"], sum(1 for f, _ in rejected if f.op.family == fam), args.seed,
               ", ".join("llvm-%d" % v for v, _ in tcs)))
    return 1 if nfail else 0


def built_vec(forms, i, seed):
    f = forms[i]
    rng = random.Random("%d:%s" % (seed, f.desc()))
    return impl(f).Vectors(f, rng)


def _this():
    return sys.modules[__name__]


def impl(form):
    """The module that handles a form: this one (VALU), sdiff (SALU) or mdiff (memory)."""
    from . import bdiff, ldiff, mdiff, sdiff, vdiff
    if isinstance(form, bdiff.BForm):
        return bdiff
    mod = getattr(form, "impl_module", None)  # smdiff, pdiff
    if mod is not None:
        return mod
    if isinstance(form, vdiff.VForm):
        return vdiff
    if isinstance(form, ldiff.LForm):
        return ldiff
    if isinstance(form, sdiff.SForm):
        return sdiff
    if isinstance(form, mdiff.MForm):
        return mdiff
    return _this()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--emu", help="path of rdna4-emu")
    ap.add_argument("--family", required=True, help="vop1, vop2, vop3, vopc, sop1, sop2, sopc, sopk (comma separated)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--work")
    ap.add_argument("--llvm", default="22,19")
    ap.add_argument("--hazards", default="strict", choices=("strict", "off"))
    ap.add_argument("--only", help="comma separated mnemonics")
    ap.add_argument("--list", action="store_true", help="print the form catalogue and exit")
    ap.add_argument("--require-complete", action="store_true",
                    help="a form the emulator does not implement fails the test")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    if not args.list and (not args.emu or not os.access(args.emu, os.X_OK)):
        print("isa_diff: no emulator at %s" % args.emu, file=sys.stderr)
        return 2
    try:
        return run(args)
    except K.ToolError as e:
        print("isa_diff: %s" % e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
