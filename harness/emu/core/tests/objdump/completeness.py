#!/usr/bin/env python3
"""Completeness of the decode tables, measured against LLVM's disassembler.

  completeness.py --decoder PATH/rdna4emu_decode_lines [--llvm 22,19] [--report] [--family F,...]
                  [--show N]

For every opcode value of every in-scope encoding family (SOP1, SOP2, SOPC, SOPK, SOPP, SMEM,
VOP1, VOP2, VOP3 with VOP3SD, VOP3P, VOPC, VOPD, DS, VFLAT, VGLOBAL, VSCRATCH, VBUFFER) the
script builds encodings with benign operand fields (v0/s0 registers, null soffset/saddr, a few
variants where LLVM rejects the first) and asks `llvm-mc --disassemble -mcpu=gfx1201` of each
LLVM version what it is. The graphics families (VIMAGE, VSAMPLE, VEXPORT, VINTERP, VDSDIR) are
enumerated too and compared with isa/graphics.csv. Then, per opcode:

  MISSING     LLVM decodes the opcode, the tables (isa/*.csv, graphics.csv) have no row for it
  MNEMONIC    the table row's mnemonic is not LLVM's
  OPERANDS    the emulator's decoder prints the same encoding differently from LLVM
              (objdump_compare.py's normalisation: integer spelling, comments, lit())
  REJECTS     LLVM decodes an encoding the emulator's decoder refuses (a variant LLVM prints
              without an "/*Invalid ...*/" operand is preferred; refusing one LLVM flags is right:
              core/operand_classes.cc)
  NOSEM       a table row without a semantics file (insns/<mnemonic>.h, or the one sem= names)
              and without the oos flag
  E64         a VOP1/VOP2 row whose VOP3 form LLVM does not decode is not flagged noe64, or one
              flagged noe64 has a VOP3 form LLVM decodes, or the decoder accepts a noe64 row's
              VOP3 encoding (it must reject it as an unknown opcode)
  tables-only a row no LLVM version decodes (listed, not a failure: LLVM may lack it); likewise
              the VOP3 forms gen_tables.py derives for VOP1/VOP2/VOPC rows that LLVM does not decode
              (all flagged noe64, see E64)
  older-llvm-only  an opcode only an older LLVM (not the first --llvm version) decodes (listed)

Exit 1 on any of the first six (the list is printed, --show N lines of it), 0 otherwise, 2 on
a setup error. --report prints the whole list and the table and always exits 0 (for the lead
while the families are being filled in). The table per family: opcodes LLVM knows, rows in the
tables, rows with semantics (implemented), rows out of scope (oos or graphics.csv).
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
EMU = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
ISA = os.path.join(EMU, "isa")
INSNS = os.path.join(EMU, "insns")
sys.path.insert(0, HERE)
import objdump_compare as oc  # noqa: E402  (normalise, tokens)

LLVM = {"19": "/usr/lib/llvm-19/bin", "22": "/usr/lib/llvm-22/bin"}
NOP = 0xBF800000  # s_nop 0: the literal slot and the padding (harmless when not consumed)

# family -> (csv, opcode space)
FAMILIES = {
    # SOP2 opcodes 0x60-0x7f are the SOPK/SOP1/SOPC/SOPP encodings, SOPK 0x1d-0x1f SOP1/SOPC/SOPP,
    # VOP2 0x3e/0x3f VOPC/VOP1: not part of the family's opcode space.
    "SOP1": ("sop1", 256), "SOP2": ("sop2", 0x60), "SOPK": ("sopk", 0x1d), "SOPC": ("sopc", 128),
    "SOPP": ("sopp", 128), "SMEM": ("smem", 64), "VOP1": ("vop1", 256), "VOP2": ("vop2", 0x3e),
    "VOPC": ("vopc", 256), "VOP3": ("vop3", 1024), "VOP3P": ("vop3p", 128), "VOPD": ("vopd", 32),
    "DS": ("ds", 256), "VFLAT": ("vflat", 256), "VGLOBAL": ("vglobal", 256), "VSCRATCH": ("vscratch", 256),
    "VBUFFER": ("vbuffer", 256),
    # graphics-only (isa/graphics.csv): recognised, never executed
    "VIMAGE": (None, 256), "VSAMPLE": (None, 256), "VEXPORT": (None, 1), "VINTERP": (None, 32), "VDSDIR": (None, 4),
}
GRAPHICS = ("VIMAGE", "VSAMPLE", "VEXPORT", "VINTERP", "VDSDIR")
VOP3_BASE = {"vop1": 0x180, "vop2": 0x100, "vopc": 0x000}


def die(msg):
    sys.stderr.write("completeness: error: " + msg + "\n")
    sys.exit(2)


def variants(fam, op):
    """Candidate encodings (word lists, without the literal slot) for one opcode, most benign first.
    Field layouts: AMD RDNA4 ISA reference guide, "Microcode Formats" (isa/fields.csv, *.csv headers)."""
    if fam == "SOP1":
        return [[0xBE800000 | op << 8], [0xBE800000 | op << 8 | 0x80], [0xBEFC0000 | op << 8]]
    if fam == "SOP2":
        return [[0x80000000 | op << 23], [0x80000000 | op << 23 | 0x8080]]
    if fam == "SOPK":
        return [[0xB0000000 | op << 23], [0xB0000000 | op << 23 | 1]]
    if fam == "SOPC":
        return [[0xBF000000 | op << 16], [0xBF000000 | op << 16 | 0x8080]]
    if fam == "SOPP":
        return [[0xBF800000 | op << 16], [0xBF800000 | op << 16 | 1]]
    if fam == "SMEM":  # sdata s0, sbase s[0:1], soffset null, offset 0
        return [[0xF4000000 | op << 13, 124 << 25], [0xF4000000 | op << 13, 0]]
    if fam == "VOP1":  # vdst v0, src0 v0 / s0 / 0
        return [[0x7E000000 | op << 9 | 256], [0x7E000000 | op << 9], [0x7E000000 | op << 9 | 0x80]]
    if fam == "VOP2":  # vdst v0, src0 v0, vsrc1 v1
        return [[op << 25 | 1 << 9 | 256], [op << 25 | 1 << 9 | 0x80], [op << 25 | 1 << 9]]
    if fam == "VOPC":
        return [[0x7C000000 | op << 17 | 1 << 9 | 256], [0x7C000000 | op << 17 | 1 << 9]]
    if fam == "VOP3":  # vdst v0 (sdst s10 for VOP3SD), src0 v0, src1 v1, src2 v2
        return [[0xD4000000 | op << 16, 258 << 18 | 257 << 9 | 256],
                [0xD4000000 | op << 16, 2 << 18 | 1 << 9 | 0],
                [0xD4000000 | op << 16 | 10 << 8, 258 << 18 | 257 << 9 | 256],
                [0xD4000000 | op << 16, 0x80 << 18 | 0x80 << 9 | 0x80]]
    if fam == "VOP3P":  # op_sel_hi [1,1,1] (the default); WMMA-sized aligned VGPRs
        return [[0xCC000000 | op << 16 | 1 << 14, 3 << 27 | 272 << 18 | 264 << 9 | 256],
                [0xCC000000 | op << 16 | 1 << 14, 3 << 27 | 258 << 18 | 257 << 9 | 256],
                [0xCC000000 | op << 16, 272 << 18 | 264 << 9 | 256]]
    if fam == "VOPD":  # the half under test with v_dual_add_f32 (4) as the other half; X: v0 = v1 op v5,
        # Y: v3 = v2 op v7 (distinct VGPR banks); a vsrc1 field must be 0 where the half has no src1
        def vopd(opx, opy, s1x, s1y):
            return [0xC8000000 | opx << 22 | opy << 17 | s1x << 9 | 257, 1 << 17 | s1y << 9 | 258]
        ys = [vopd(4, op, 5, 7), vopd(4, op, 5, 0)]
        return ([vopd(op, 4, 5, 7), vopd(op, 4, 0, 7)] if op < 16 else []) + ys
    if fam == "DS":
        return [[0xD8000000 | op << 18, 0], [0xD8000000 | op << 18, 0x02010000]]
    if fam in ("VFLAT", "VSCRATCH", "VGLOBAL"):
        seg = {"VFLAT": 0, "VSCRATCH": 1, "VGLOBAL": 2}[fam]
        return [[0xEC000000 | seg << 24 | op << 14 | 124, 0, 0], [0xEC000000 | seg << 24 | op << 14, 0, 0],
                [0xEC000000 | seg << 24 | op << 14 | 124, 1 << 17, 0]]  # word 1 bit 17: scratch SVE
    if fam == "VBUFFER":  # soffset null, rsrc s[0:3], format 1, no vaddr
        return [[0xC4000000 | op << 14 | 124, 0x00800000, 0], [0xC4000000 | op << 14, 0x00800000, 0]]
    if fam == "VIMAGE":  # dmask 0xf / 0x1, 1D
        return [[0xD0000000 | 0xf << 22 | op << 14, 0, 0], [0xD0000000 | 1 << 22 | op << 14, 0, 0],
                [0xD3C00010 | op << 14, 0x11000804, 0x0e0b0a09]]  # BVH layout as llvm-mc encodes it
    if fam == "VSAMPLE":
        return [[0xE4000000 | 0xf << 22 | op << 14, 0, 0], [0xE4000000 | 1 << 22 | op << 14, 0, 0]]
    if fam == "VEXPORT":
        return [[0xF800000F, 0]]
    if fam == "VINTERP":
        return [[0xCD000000 | op << 16, 0x040E0501]]
    if fam == "VDSDIR":
        return [[0xCE000000 | op << 20]]
    raise KeyError(fam)


def llvm_disassemble(mc, cands, extra=()):
    """[(text or None)] per candidate (word list). Layout as in random_compare.py: a marker
    `s_nop i`, the candidate with its literal slot, four `s_nop 0` of padding."""
    lines = []
    for i, ws in enumerate(cands):
        words = [0xBF800000 | (i & 0xffff)] + ws + [NOP] * 5
        lines.append(",".join("0x%02x" % b for w in words for b in w.to_bytes(4, "little")))
    p = subprocess.run([mc, "--disassemble", "-triple=amdgcn", "-mcpu=gfx1201", "-show-encoding"] + list(extra),
                       input="\n".join(lines) + "\n", capture_output=True, text=True)
    if p.returncode not in (0, 1):
        die("%s crashed (exit %d): %s" % (mc, p.returncode, p.stderr[-500:]))
    invalid = set(int(m.group(1)) - 1 for m in re.finditer(r"^<stdin>:(\d+):(\d+): warning: invalid", p.stderr, re.M)
                  if m.group(2) == "21")
    out = [None] * len(cands)
    expect, after = 0, None
    for line in p.stdout.splitlines():
        m = re.match(r"\s*(\S.*?)\s*;\s*encoding:\s*\[([^\]]*)\]", line)
        if not m:
            continue
        bs = [int(x, 16) for x in m.group(2).split(",")]
        if expect < len(cands) and bs == list((0xBF800000 | (expect & 0xffff)).to_bytes(4, "little")):
            after = None if expect in invalid else expect
            expect += 1
            continue
        if after is not None:
            out[after] = m.group(1)
            after = None
    if expect != len(cands):
        die("could not line up %s's output (%d markers for %d candidates)" % (mc, expect, len(cands)))
    return out


def read_tables():
    """{(family, opcode): row} with row = dict(mn, csv, line, oos, sem, has_sem, graphics)."""
    rows = {}
    have = set(f[:-2] for f in os.listdir(INSNS) if f.endswith(".h"))
    for fam, (csv, _) in FAMILIES.items():
        if csv is None:
            continue
        path = os.path.join(ISA, csv + ".csv")
        if not os.path.exists(path):
            die("missing " + path)
        for n, line in enumerate(open(path), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            f = line.split(",")
            if len(f) != 7:
                die("%s:%d: malformed row" % (path, n))
            op, mn, words = int(f[0], 16), f[1], f[6].split()
            sem = None
            for k, w in enumerate(words):
                if w.startswith("sem="):
                    sem = w[4:]
                elif csv == "vopd" and k == 0 and "=" not in w and w != "oos":
                    sem = w  # vopd.csv: a bare first word names the VOP2 semantics
            if sem is None and "cmpx" in words and mn.startswith("v_cmpx_"):
                sem = "v_cmp_" + mn[len("v_cmpx_"):]
            row = dict(mn=mn, csv=csv, line=n, oos="oos" in words, sem=sem, has_sem=(sem or mn) in have,
                       graphics=False, fam=fam, types=f[2:6], flags=words)
            rows[(fam, op)] = row
            if csv in VOP3_BASE:
                rows[("VOP3", op + VOP3_BASE[csv])] = dict(row, fam="VOP3", derived=True)
    gpath = os.path.join(ISA, "graphics.csv")
    if os.path.exists(gpath):
        for n, line in enumerate(open(gpath), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            f = line.split(",")
            rows[(f[0], int(f[1], 16))] = dict(mn=f[2], csv="graphics", line=n, oos=True, sem=None, has_sem=False,
                                               graphics=True, fam=f[0], types=[], flags=[])
    return rows


def base(m):
    return re.sub(r"_e(32|64)$", "", m)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--decoder", required=True)
    ap.add_argument("--llvm", default="22,19")
    ap.add_argument("--report", action="store_true", help="print everything, exit 0")
    ap.add_argument("--family", default="", help="only these families (comma-separated)")
    ap.add_argument("--show", type=int, default=80)
    ap.add_argument("--isa", help="decode tables directory (default: harness/emu/isa; for the self-test)")
    ap.add_argument("--insns", help="semantics directory (default: harness/emu/insns; for the self-test)")
    a = ap.parse_args()
    global ISA, INSNS
    ISA, INSNS = a.isa or ISA, a.insns or INSNS
    vers = [v for v in a.llvm.split(",") if v]
    for v in vers:
        if v not in LLVM or not os.access(os.path.join(LLVM[v], "llvm-mc"), os.X_OK):
            die("llvm %s: no llvm-mc in %s" % (v, LLVM.get(v, "?")))
    if not os.access(a.decoder, os.X_OK):
        die("decoder %s is not executable" % a.decoder)
    fams = [f.strip().upper() for f in a.family.split(",") if f.strip()] or list(FAMILIES)
    for f in fams:
        if f not in FAMILIES:
            die("unknown family %s (one of %s)" % (f, ", ".join(FAMILIES)))
    rows = read_tables()
    # Candidates: (family, opcode, variant index, words)
    cands = []
    for fam in fams:
        for op in range(FAMILIES[fam][1]):
            for k, ws in enumerate(variants(fam, op)):
                cands.append((fam, op, k, ws))
    words = [ws + [NOP] for _, _, _, ws in cands]  # the literal slot
    llvm = {v: llvm_disassemble(os.path.join(LLVM[v], "llvm-mc"), words) for v in vers}
    dec = oc.run_decoder(a.decoder, [(32, ["%08X" % w for w in ws]) for ws in words])
    # Per opcode: what each LLVM calls it (first variant it decodes), and the variant used.
    known = {}   # (fam, op) -> {ver: (text, cand index)}
    for i, (fam, op, k, ws) in enumerate(cands):
        for v in vers:
            t = llvm[v][i]
            if t is None:
                continue
            mn = oc.tokens(t)[0]
            if fam == "VOPD":  # the half under test: X for the first variant, Y for the second
                halves = t.split("::")
                if len(halves) != 2:
                    continue
                mn = oc.tokens(halves[0] if (k < 2 and op < 16) else halves[1])[0]
            # A variant LLVM prints without an "/*Invalid ...*/" operand wins over one with it.
            have = known.setdefault((fam, op), {}).get(v)
            if have is None or ("/*Invalid" in have[0] and "/*Invalid" not in t):
                known[(fam, op)][v] = (t, i, mn)
    fails = {"MISSING": [], "MNEMONIC": [], "OPERANDS": [], "REJECTS": [], "NOSEM": [], "E64": []}
    cand_of = {}  # (fam, op) -> candidate indices
    for i, (fam, op, _, _) in enumerate(cands):
        cand_of.setdefault((fam, op), []).append(i)
    info = {"tables-only": [], "e64-forms-llvm-does-not-decode": [], "llvm-versions-differ": [], "older-llvm-only": []}
    for fam in fams:
        for op in range(FAMILIES[fam][1]):
            row = rows.get((fam, op))
            kn = known.get((fam, op), {})
            where = "%s 0x%x" % (fam, op)
            if row and not row.get("derived") and not row["oos"] and not row["has_sem"]:
                fails["NOSEM"].append("%s %s (%s.csv:%d): no semantics file insns/%s.h and no oos flag" % (
                    where, row["mn"], row["csv"], row["line"], row["sem"] or row["mn"]))
            if not kn:
                if row and not row.get("derived"):
                    info["tables-only"].append("%s %s (%s.csv:%d)" % (where, row["mn"], row["csv"], row["line"]))
                elif row:  # gen_tables.py gives every VOP1/VOP2/VOPC row a VOP3 form
                    info["e64-forms-llvm-does-not-decode"].append("%s %s (from %s.csv:%d)" % (
                        where, row["mn"], row["csv"], row["line"]))
                    if "noe64" not in row["flags"]:
                        fails["E64"].append("%s %s (%s.csv:%d): LLVM decodes no VOP3 form; flag the row noe64" % (
                            where, row["mn"], row["csv"], row["line"]))
                    else:
                        for ci in cand_of.get((fam, op), []):
                            if dec[ci][0] == "OK":
                                fails["E64"].append("%s %s [%s]: flagged noe64, the decoder accepts it as %s" % (
                                    where, row["mn"], " ".join("%08X" % w for w in words[ci]), dec[ci][2]))
                                break
                continue
            if row and row.get("derived") and "noe64" in row["flags"]:
                fails["E64"].append("%s %s (%s.csv:%d): flagged noe64, but LLVM decodes a VOP3 form" % (
                    where, row["mn"], row["csv"], row["line"]))
                continue
            names = {v: kn[v][2] for v in kn}
            if len(set(base(n) for n in names.values())) > 1:
                info["llvm-versions-differ"].append("%s %s" % (where, " ".join("llvm%s=%s" % x for x in sorted(names.items()))))
            v0 = vers[0] if vers[0] in kn else sorted(kn)[0]
            ltext, ci, lmn = kn[v0]
            if row is None and vers[0] not in kn and len(vers) > 1:
                # Only an older LLVM decodes it and the newest no longer does (LLVM 19's gfx12
                # s_wakeup_barrier, s_singleuse_vdst: LLVM 22 dropped them for gfx1201): listed.
                info["older-llvm-only"].append("%s %s (llvm %s: %s)" % (where, lmn, v0, ltext))
                continue
            if row is None:
                fails["MISSING"].append("%s %s (llvm %s: %s)" % (where, lmn, v0, ltext))
                continue
            if fam != "VOPD" and base(row["mn"]) != base(lmn) or fam == "VOPD" and row["mn"] != lmn:
                if not any(base(row["mn"]) == base(n) for n in names.values()):
                    fails["MNEMONIC"].append("%s table %s (%s.csv:%d), llvm %s: %s" % (
                        where, row["mn"], row["csv"], row["line"], v0, ltext))
                    continue
            st, size, etext, err = dec[ci]
            hexs = " ".join("%08X" % w for w in words[ci])
            if st != "OK" and "/*Invalid" in ltext:
                continue  # every variant has an operand LLVM flags invalid: the decoder refuses it too
            if st != "OK":
                fails["REJECTS"].append("%s %s [%s]\n    llvm:    %s\n    decoder: %s" % (where, row["mn"], hexs, ltext, err))
                continue
            if row["graphics"]:
                if oc.tokens(etext)[0] != lmn:
                    fails["OPERANDS"].append("%s [%s]\n    llvm:    %s\n    decoder: %s" % (where, hexs, ltext, etext))
                continue
            br = oc.is_branch(lmn)
            lt = re.sub(r" scale_offset\b", "", ltext)  # llvm 22 prints gfx1250's bit on gfx12 too
            if oc.normalise(lt, br) != oc.normalise(etext, br):
                fails["OPERANDS"].append("%s %s [%s]\n    llvm:    %s\n    decoder: %s" % (where, row["mn"], hexs, ltext, etext))
    # Per-family table.
    print("%-9s %11s %7s %12s %13s" % ("family", "llvm-knows", "tables", "implemented", "out-of-scope"))
    tot = [0, 0, 0, 0]
    for fam in fams:
        ops = range(FAMILIES[fam][1])
        k = sum(1 for op in ops if (fam, op) in known)
        own = [rows[(fam, op)] for op in ops if (fam, op) in rows and not rows[(fam, op)].get("derived")]
        allr = [rows[(fam, op)] for op in ops if (fam, op) in rows]
        t = len(allr)
        impl = sum(1 for r in allr if r["has_sem"] and not r["oos"])
        oos = sum(1 for r in allr if r["oos"])
        extra = " (incl. %d VOP1/VOP2/VOPC e64 forms)" % (t - len(own)) if t != len(own) else ""
        print("%-9s %11d %7d %12d %13d%s" % (fam, k, t, impl, oos, extra))
        for i, x in enumerate((k, t, impl, oos)):
            tot[i] += x
    print("%-9s %11d %7d %12d %13d" % ("total", tot[0], tot[1], tot[2], tot[3]))
    nfail = sum(len(v) for v in fails.values())
    shown = 0
    limit = None if a.report else a.show
    for kind in ("MISSING", "MNEMONIC", "NOSEM", "REJECTS", "OPERANDS", "E64"):
        items = fails[kind]
        if not items:
            continue
        print("\n%s: %d" % (kind, len(items)))
        for s in items:
            if limit is not None and shown >= limit:
                break
            print("  " + s)
            shown += 1
    for kind, items in info.items():
        if items:
            print("\n%s (informational): %d" % (kind, len(items)))
            for s in items[: (None if a.report else 20)]:
                print("  " + s)
    print("\ncompleteness: llvm %s, %d encodings: %s" % (
        "/".join(vers), len(cands), "; ".join("%s %d" % (k, len(v)) for k, v in fails.items()) + (
            " -> FAIL" if nfail else " -> ok")))
    if a.report:
        return 0
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
