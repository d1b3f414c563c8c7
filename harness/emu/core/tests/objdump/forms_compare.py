#!/usr/bin/env python3
"""Decoder vs llvm-mc --disassemble across operand forms, strict.

  forms_compare.py --decoder PATH/rdna4emu_decode_lines [--llvm 22] [--wave 32|64] [--family F,...]
                   [--show N] [--report]

For every row of the decode tables (isa/*.csv; VOP1/VOP2/VOPC rows also in their VOP3 form) the
script builds chosen operand forms, not random bits: sources as VGPR, SGPR, VCC/M0/EXEC, integer
and float inline constants and a literal; VOP3 abs/neg/clamp/omod/op_sel; VOP3P neg_lo/neg_hi/
op_sel/op_sel_hi/clamp; DPP16 (quad_perm, row_shl with bound_ctrl, row masks) and DPP8 (with and
without fi) on VOP1/VOP2/VOPC/VOP3/VOP3P; memory offsets, saddr/soffset/offen/idxen, th/scope.
Every encoding LLVM prints must be printed the same by the decoder (objdump_compare.py's
normalisation) and must decode: a difference, or a decode error where LLVM decodes, fails.
Encodings LLVM rejects are skipped (the decoder may accept bits LLVM checks). random_compare.py
covers random bits; this test covers the forms compilers emit. Exit 1 on a disagreement (the
first --show are printed, with a count per family and kind), 0 otherwise, 2 on a setup error;
--report always exits 0.
"""
import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import objdump_compare as oc  # noqa: E402
import completeness as cm  # noqa: E402  (llvm_disassemble, read_tables, LLVM)

LIT = 0x4048F5C3  # 3.14 as f32: a literal that is no inline constant
SRC9 = [263, 5, 106, 125, 126, 0x87, 0xC1, 0xF0, 0xF7, 0xFF]  # v7 s5 vcc_lo m0 exec_lo 7 -1 0.5 1/(2pi) literal
SRC8 = [5, 106, 125, 126, 0x87, 0xC1, 0xF0, 0xFF]


def dpp16(vsrc, ctrl, row_mask=0xF, bank_mask=0xF, bc=0, fi=0, neg=0, abs_=0):
    return (vsrc | ctrl << 8 | fi << 18 | bc << 19 | (neg & 1) << 20 | (abs_ & 1) << 21 | (neg >> 1 & 1) << 22 |
            (abs_ >> 1 & 1) << 23 | bank_mask << 24 | row_mask << 28)


def dpp8(vsrc, sel=0o76543210):
    return vsrc | sel << 8


DPP_WORDS = [(0xFA, dpp16(7, 0x1B)), (0xFA, dpp16(7, 0x101, bc=1)), (0xFA, dpp16(7, 0x141, row_mask=0x5, bank_mask=0xA)),
             (0xFA, dpp16(7, 0x1B, neg=1, abs_=2)), (0xE9, dpp8(7)), (0xEA, dpp8(7, 0o01234567))]


def forms(fam, op, row):
    """[(label, words)] for one table row (words without the literal slot)."""
    out = []
    if fam == "sop1":
        for s in SRC8:
            if s == 0xFF and 0x4E <= op <= 0x52:
                continue  # llvm-mc 22 crashes (SIGSEGV) on the barrier SOP1s with a literal (random_compare.py)
            out.append(("src%d" % s, [0xBE800000 | 3 << 16 | op << 8 | s]))
    elif fam == "sop2":
        for s in SRC8:
            out.append(("src0=%d" % s, [0x80000000 | op << 23 | 3 << 16 | 9 << 8 | s]))
            out.append(("src1=%d" % s, [0x80000000 | op << 23 | 3 << 16 | s << 8 | 9]))
    elif fam == "sopc":
        for s in SRC8:
            out.append(("src0=%d" % s, [0xBF000000 | op << 16 | 9 << 8 | s]))
    elif fam == "sopk":
        for imm in (0x1234, 0xFFF0):
            out.append(("imm%x" % imm, [0xB0000000 | op << 23 | 3 << 16 | imm]))
    elif fam == "sopp":
        for imm in (3, 0x1234):
            out.append(("imm%x" % imm, [0xBF800000 | op << 16 | imm]))
    elif fam == "smem":
        for soff, off in ((124, 0x40), (5, 0x10), (124, 0xFFFFF0)):
            out.append(("soff%d" % soff, [0xF4000000 | op << 13 | 4 << 6 | 2, soff << 25 | off]))  # sbase s[4:7]
    elif fam == "vop1":
        for s in SRC9:
            out.append(("src%d" % s, [0x7E000000 | 3 << 17 | op << 9 | s]))
        for code, w in DPP_WORDS:
            out.append(("dpp%x" % w, [0x7E000000 | 3 << 17 | op << 9 | code, w]))
    elif fam == "vop2":
        for s in SRC9:
            out.append(("src%d" % s, [op << 25 | 3 << 17 | 9 << 9 | s]))
        for code, w in DPP_WORDS:
            out.append(("dpp%x" % w, [op << 25 | 3 << 17 | 9 << 9 | code, w]))
    elif fam == "vopc":
        for s in SRC9:
            out.append(("src%d" % s, [0x7C000000 | op << 17 | 9 << 9 | s]))
        for code, w in DPP_WORDS:
            out.append(("dpp%x" % w, [0x7C000000 | op << 17 | 9 << 9 | code, w]))
    elif fam == "vop3":
        base = 0xD4000000 | op << 16 | 3
        for s in SRC9:
            out.append(("src0=%d" % s, [base, 266 << 18 | 265 << 9 | s]))
            out.append(("src1=%d" % s, [base, 266 << 18 | s << 9 | 264]))
        for mods, label in ((1 << 29, "neg0"), (2 << 29, "neg1"), (1 << 8, "abs0"), (2 << 8, "abs1"), (1 << 15, "clamp"),
                            (1 << 27, "omod2"), (3 << 27, "omod.5"), (1 << 11, "opsel0"), (8 << 11, "opseld")):
            hi, lo = (mods, 0) if mods >= 1 << 27 else (0, mods)
            out.append((label, [base | lo, hi | 266 << 18 | 265 << 9 | 264]))
        for code, w in DPP_WORDS:
            out.append(("dpp%x" % w, [base, 266 << 18 | 265 << 9 | code, w]))
    elif fam == "vop3p":
        base = 0xCC000000 | op << 16 | 16
        dflt = 3 << 27
        for s in (256 + 32, 5, 0x87, 0xF2, 0xFF):
            out.append(("src0=%d" % s, [base | 1 << 14, dflt | 304 << 18 | 296 << 9 | s]))
        for lab, lo, hi in (("neg_lo", 0, 1 << 29), ("neg_hi", 1 << 8, 0), ("op_sel", 1 << 11, 0), ("op_sel_hi0", 0, 0),
                            ("clamp", 1 << 15, 0), ("neg_lo_c", 0, 4 << 29)):
            w0 = base | lo | (0 if lab == "op_sel_hi0" else 1 << 14)
            w1 = (hi | (0 if lab == "op_sel_hi0" else dflt)) | 304 << 18 | 296 << 9 | 288
            out.append((lab, [w0, w1]))
        for code, w in DPP_WORDS:
            out.append(("dpp%x" % w, [base | 1 << 14, dflt | 266 << 18 | 265 << 9 | code, w]))
    elif fam == "ds":
        vd, d0, d1 = (row["types"][0] != "", row["types"][1] != "", row["types"][2] != "")
        w1 = 1 | (4 << 8 if d0 else 0) | (6 << 16 if d1 else 0) | (8 << 24 if vd else 0)
        for o0, o1 in ((0, 0), (0x10, 0x20), (0xFF, 0xFF)):
            out.append(("off%x_%x" % (o0, o1), [0xD8000000 | op << 18 | o1 << 8 | o0, w1]))
    elif fam in ("vflat", "vglobal", "vscratch"):
        seg = {"vflat": 0, "vscratch": 1, "vglobal": 2}[fam]
        for saddr, sve in ((124, 1), (2, 0), (2, 1)):
            for off in (0, 0x40, 0xFFFFF0):
                w1 = 4 | (sve << 17 if fam == "vscratch" else 0) | 6 << 23  # vdst v4, vsrc v12
                out.append(("saddr%d_off%x" % (saddr, off), [0xEC000000 | seg << 24 | op << 14 | saddr, w1, off << 8 | 2]))
        out.append(("th_scope", [0xEC000000 | seg << 24 | op << 14 | 124, 4 | 6 << 23 | 1 << 20 | 2 << 18, 2]))
    elif fam == "vbuffer":
        for soff, offen, idxen, off in ((124, 0, 0, 0), (5, 1, 0, 0x10), (124, 0, 1, 0x20), (124, 1, 1, 0)):
            w1 = 4 | 4 << 9 | 1 << 23 | offen << 30 | idxen << 31  # rsrc s[4:7]
            out.append(("s%d_o%d_i%d" % (soff, offen, idxen), [0xC4000000 | op << 14 | soff, w1, off << 8 | 1]))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--decoder", required=True)
    ap.add_argument("--llvm", default="22", choices=sorted(cm.LLVM))
    ap.add_argument("--wave", type=int, choices=(32, 64), default=32)
    ap.add_argument("--family", default="")
    ap.add_argument("--show", type=int, default=40)
    ap.add_argument("--report", action="store_true")
    a = ap.parse_args()
    mc = os.path.join(cm.LLVM[a.llvm], "llvm-mc")
    if not os.access(mc, os.X_OK) or not os.access(a.decoder, os.X_OK):
        cm.die("llvm-mc or the decoder binary is missing")
    only = set(f.strip().lower() for f in a.family.split(",") if f.strip())
    rows = cm.read_tables()
    cands = []
    for (fam, op), row in sorted(rows.items()):
        if row["graphics"]:
            continue
        f = "vop3" if row.get("derived") else row["csv"]
        if f == "vopd" or (only and f not in only):
            continue  # VOPD pairs: random_compare.py and the corpus
        for label, ws in forms(f, op, row):
            cands.append((f, op, row["mn"], label, ws + [LIT, cm.NOP]))
    llvm = cm.llvm_disassemble(mc, [ws for *_, ws in cands],
                               ["-mattr=+wavefrontsize64"] if a.wave == 64 else [])
    dec = oc.run_decoder(a.decoder, [(a.wave, ["%08X" % w for w in ws]) for *_, ws in cands])
    bad, per = [], {}
    both = 0
    for i, (fam, op, mn, label, ws) in enumerate(cands):
        lt = llvm[i]
        if lt is None or "/*Invalid" in lt:
            continue  # LLVM rejects it, or decodes it and flags an operand invalid
        # llvm-mc prints DPP v_cndmask_b32's |src1| around the implicit VCC too: "|v9, vcc_lo|"
        lt = re.sub(r"\|([^|,]+), (vcc_lo|vcc)\|", r"|\1|, \2", lt)
        both += 1
        st, size, et, err = dec[i]
        hexs = " ".join("%08X" % w for w in ws[:-2])
        if st != "OK":
            kind = "REJECTS"
            msg = "%s %s 0x%x %s [%s]\n    llvm:    %s\n    decoder: %s" % (kind, fam, op, label, hexs, lt, err)
        else:
            lm = oc.tokens(lt)[0]
            br = oc.is_branch(lm)
            l2 = re.sub(r" scale_offset\b", "", lt)
            if oc.normalise(l2, br) == oc.normalise(et, br):
                continue
            kind = "MNEMONIC" if cm.base(lm) != cm.base(oc.tokens(et)[0]) else "OPERANDS"
            msg = "%s %s 0x%x %s [%s]\n    llvm:    %s\n    decoder: %s" % (kind, fam, op, label, hexs, lt, et)
        bad.append(msg)
        per[(fam, kind)] = per.get((fam, kind), 0) + 1
    for m in bad[: None if a.report else a.show]:
        print(m)
    if per:
        print("disagreements per family: " + ", ".join("%s %s %d" % (f, k, n) for (f, k), n in sorted(per.items())))
    print("forms_compare: wave%d, llvm %s, %d encodings, llvm decodes %d, disagreements %d" % (
        a.wave, a.llvm, len(cands), both, len(bad)))
    return 0 if a.report or not bad else 1


if __name__ == "__main__":
    sys.exit(main())
