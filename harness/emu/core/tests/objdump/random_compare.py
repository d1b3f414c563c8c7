#!/usr/bin/env python3
"""Differential test of the decoder on random encodings of every decode-table row.

  random_compare.py --decoder PATH [--llvm 22] [--per-row N] [--seed S] [--show N] [--strict]

For every row of harness/emu/isa/*.csv (and the VOP3 forms of the VOP1/VOP2/VOPC rows) the
script builds N encodings with that opcode and random other fields (source fields drawn from
registers, inline constants and literals; DPP/SDWA/LDS-direct source codes are left out,
the decoder does not claim them), disassembles each with `llvm-mc --disassemble
-triple=amdgcn -mcpu=gfx1201 -show-encoding` and decodes the same bytes with decode_lines.
Where both decode, mnemonic and operands must agree (objdump_compare.py's
normalisation). Where LLVM decodes and the emulator does not, or the reverse, it is
counted and listed: the emulator ignores some reserved bits LLVM checks, so the reverse is
informational. The opcode of every row is thereby checked against LLVM's decoder (a row
whose every encoding LLVM names differently is a wrong opcode number).

Encodings LLVM prints with an "/*Invalid ...*/" operand comment are invalid: not compared, but
the decoder must refuse them too (core/operand_classes.cc), except the mnemonics listed in
ACCEPTED_INVALID with their reason.
Deterministic for a given --seed. Exit 1 on a mnemonic disagreement (wrong opcode number),
or with --strict (what ctest runs) on any operand disagreement, an encoding LLVM decodes and the
decoder refuses, or one LLVM flags invalid and the decoder accepts; 2 on a setup error.
"""
import argparse
import os
import random
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ISA = os.path.normpath(os.path.join(HERE, "..", "..", "..", "isa"))
sys.path.insert(0, HERE)
import objdump_compare as oc  # noqa: E402  (normalise, tokens)

LLVM = {"19": "/usr/lib/llvm-19/bin", "22": "/usr/lib/llvm-22/bin"}
VOP3_BASE = {"vop1": 0x180, "vop2": 0x100, "vopc": 0x000}
SOP1_BARRIERS = (0x4E, 0x4F, 0x50, 0x51, 0x52)
DS_FIELDS = {}  # DS opcode -> (has vdst, has data0, has data1): LLVM rejects unused fields != 0


# Encodings LLVM 22 prints with an "/*Invalid ...*/" operand that the decoder still accepts, by
# mnemonic, with the reason; any other such encoding fails --strict (the register classes the
# decoder enforces are in core/operand_classes.cc).
ACCEPTED_INVALID = {
    "v_swap_b32": "isa/limits.csv: a source that is not a VGPR faults when executed",
    "v_swap_b16": "isa/limits.csv: a source that is not a VGPR faults when executed",
    "v_permlane64_b32": "isa/limits.csv: a source that is not a VGPR faults when executed",
    "s_buffer_load_b96": "a trap-temporary destination range LLVM refuses: not checked yet",
    "s_load_b96": "a trap-temporary destination range LLVM refuses: not checked yet",
    "s_buffer_load_b256": "a trap-temporary destination range LLVM refuses: not checked yet",
    "s_buffer_load_b512": "a trap-temporary destination range LLVM refuses: not checked yet",
    "s_load_b256": "a trap-temporary destination range LLVM refuses: not checked yet",
    "s_load_b512": "a trap-temporary destination range LLVM refuses: not checked yet",
}


# ... and by LLVM's message: 16-bit operands of e32 forms above v127, which the emulator runs as
# true16 register halves (bit 7 of the field selects the half), as LLVM decodes them with
# -mattr=+real-true16 (core/tests/vop_float_test.cc VopFloatE32Halves).
ACCEPTED_INVALID_CLASSES = ("'VGPR_32_Lo128'", "'VS_32_Lo128'")


def die(msg):
    sys.stderr.write("random_compare: error: " + msg + "\n")
    sys.exit(2)


def rows():
    out = []
    for fam in ("sop1", "sop2", "sopk", "sopc", "sopp", "smem", "vop1", "vop2", "vopc", "vop3", "vop3p",
                "vopd", "ds", "vflat", "vglobal", "vscratch"):
        path = os.path.join(ISA, fam + ".csv")
        if not os.path.exists(path):
            die("missing " + path)
        for line in open(path):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            f = line.split(",")
            out.append((fam, int(f[0], 16), f[1]))
            if fam in VOP3_BASE:
                out.append(("vop3", int(f[0], 16) + VOP3_BASE[fam], f[1]))
            if fam == "ds":
                DS_FIELDS[int(f[0], 16)] = (f[2] != "", f[3] != "", f[4] != "")  # vdst, data0, data1
    return out


def src9(r, allow_vgpr=True):
    k = r.randrange(10)
    if k < 3 and allow_vgpr:
        return 256 + r.randrange(256)
    if k < 5:
        return r.randrange(106)
    if k == 5:
        return r.choice((106, 107, 124, 125, 126, 127))
    if k == 6:
        return 128 + r.randrange(81)
    if k == 7:
        return 240 + r.randrange(9)
    if k == 8:
        return 255
    return 256 + r.randrange(256) if allow_vgpr else r.randrange(106)


def encode(fam, op, r):
    """Words (with a literal slot and padding) for one random encoding of (fam, op)."""
    rb = r.getrandbits
    lit = [rb(32)]
    if fam == "sop1":
        src = src9(r, False)
        # llvm-mc 22 crashes (SIGSEGV) disassembling the barrier SOP1s (s_barrier_signal,
        # _isfirst, s_get_barrier_state, s_barrier_init, s_barrier_join) with a literal source.
        if op in SOP1_BARRIERS and src == 255:
            src = 193  # inline constant -1
        return [0xBE800000 | rb(7) << 16 | op << 8 | src] + lit
    if fam == "sop2":
        return [0x80000000 | op << 23 | rb(7) << 16 | src9(r, False) << 8 | src9(r, False)] + lit
    if fam == "sopk":
        return [0xB0000000 | op << 23 | rb(7) << 16 | rb(16)] + lit
    if fam == "sopc":
        return [0xBF000000 | op << 16 | src9(r, False) << 8 | src9(r, False)] + lit
    if fam == "sopp":
        return [0xBF800000 | op << 16 | rb(16)] + lit
    if fam == "smem":
        soff = r.choice((124, r.randrange(106)))
        return [0xF4000000 | rb(5) << 21 | op << 13 | rb(7) << 6 | rb(6),
                soff << 25 | rb(24)] + lit
    if fam == "vop1":
        return [0x7E000000 | rb(8) << 17 | op << 9 | src9(r)] + lit
    if fam == "vopc":
        return [0x7C000000 | op << 17 | rb(8) << 9 | src9(r)] + lit
    if fam == "vop2":
        return [op << 25 | rb(8) << 17 | rb(8) << 9 | src9(r)] + lit
    if fam in ("vop3", "vop3p"):
        hi = 0xD4000000 if fam == "vop3" else 0xCC000000
        plain = r.random() < 0.5  # half without modifiers (LLVM rejects some on some opcodes)
        w0 = hi | op << 16 | (rb(8) if plain else rb(16))
        w1 = (0 if plain else rb(5) << 27) | src9(r) << 18 | src9(r) << 9 | src9(r)
        if plain and fam == "vop3p":
            w0 |= 1 << 14
            w1 |= 3 << 27  # op_sel_hi default [1,1,1]
        return [w0, w1] + lit
    if fam == "vopd":
        opy = r.randrange(19)
        return [0xC8000000 | op << 22 | opy << 17 | rb(8) << 9 | src9(r),
                rb(8) << 24 | rb(7) << 17 | rb(8) << 9 | src9(r)] + lit
    if fam == "ds":
        vd, d0, d1 = DS_FIELDS.get(op, (True, True, True))
        w1 = rb(8) | (rb(8) << 8 if d0 else 0) | (rb(8) << 16 if d1 else 0) | (rb(8) << 24 if vd else 0)
        return [0xD8000000 | op << 18 | rb(16), w1] + lit  # offsets; bits 17:16 reserved
    seg = {"vflat": 0, "vscratch": 1, "vglobal": 2}[fam]
    saddr = r.choice((124, r.randrange(106)))
    return [0xEC000000 | seg << 24 | op << 14 | rb(7) << 7 | saddr, rb(32), rb(32)] + lit


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--decoder", required=True)
    ap.add_argument("--llvm", default="22")
    ap.add_argument("--per-row", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--show", type=int, default=60)
    ap.add_argument("--strict", action="store_true")
    ap.add_argument("--wave", type=int, choices=(32, 64), default=32)
    a = ap.parse_args()
    if a.llvm not in LLVM:
        die("unknown llvm %r" % a.llvm)
    mc = os.path.join(LLVM[a.llvm], "llvm-mc")
    if not os.access(mc, os.X_OK) or not os.access(a.decoder, os.X_OK):
        die("llvm-mc or the decoder binary is missing")
    r = random.Random(a.seed)
    cands = []
    for fam, op, mn in rows():
        for _ in range(a.per_row):
            cands.append((fam, op, mn, encode(fam, op, r)))
    # One line per candidate: a marker `s_nop <i & 0xffff>`, the candidate's words, four
    # `s_nop 0` (llvm-mc decodes all lines as one byte stream: whatever the candidate leaves
    # over must not swallow the next marker). After an invalid word llvm-mc goes on 4 bytes
    # later: the
    # candidate is the instruction right after marker i, unless a warning points at column 21
    # of line i (the first byte after the marker: 4 bytes x 5 characters + 1).
    lines = []
    for i, (_, _, _, ws) in enumerate(cands):
        words = [0xBF800000 | (i & 0xffff)] + ws + [0xBF800000] * 4  # s_nop 0 padding
        lines.append(",".join("0x%02x" % b for w in words for b in w.to_bytes(4, "little")))
    p = subprocess.run([mc, "--disassemble", "-triple=amdgcn", "-mcpu=gfx1201", "-show-encoding"] +
                       (["-mattr=+wavefrontsize64"] if a.wave == 64 else []),
                       input="\n".join(lines) + "\n", capture_output=True, text=True)
    invalid_lines = set(int(m.group(1)) - 1 for m in re.finditer(r"^<stdin>:(\d+):(\d+): warning: invalid", p.stderr, re.M)
                        if m.group(2) == "21")
    llvm = {}
    expect, after = 0, None
    for line in p.stdout.splitlines():
        m = re.match(r"\s*(\S.*?)\s*;\s*encoding:\s*\[([^\]]*)\]", line)
        if not m:
            continue
        text, bs = m.group(1), [int(x, 16) for x in m.group(2).split(",")]
        if expect < len(cands) and bs == list((0xBF800000 | (expect & 0xffff)).to_bytes(4, "little")):
            after = None if expect in invalid_lines else expect
            expect += 1
            continue
        if after is not None:
            llvm[after] = (text, bs)
            after = None
    if expect != len(cands):
        die("could not line up llvm-mc's output (%d markers for %d candidates)" % (expect, len(cands)))
    # Our decoder on the same bytes.
    inp = "".join("w%d %s\n" % (a.wave, " ".join("%08X" % w for w in ws)) for _, _, _, ws in cands)
    d = subprocess.run([a.decoder], input=inp, capture_output=True, text=True)
    outs = d.stdout.split("\n")
    if d.returncode or len(outs) < len(cands):
        die("decode_lines failed: " + d.stderr[-500:])
    both = equal = only_llvm = only_emu = llvm_invalid = 0
    mnem_bad, op_bad, missing, flagged = [], [], [], []
    per_row_ok = {}
    for i, (fam, op, mn, ws) in enumerate(cands):
        f = outs[i].split("\t")
        ok = f[0] == "OK"
        hexs = " ".join("%08X" % w for w in ws)
        key = (fam, op, mn)
        if i not in llvm:
            if ok:
                only_emu += 1
            continue
        ltext, lbs = llvm[i]
        first = (oc.tokens(ltext) + ["", ""])[1]
        if "/*Invalid" in ltext or (not ok and re.match(r"src_|-?[0-9]", first)):
            # LLVM decodes it but flags an operand invalid, or prints a constant (src_vccz,
            # src_private_base, ...) as the destination of a VOPC _e64: not a valid encoding
            llvm_invalid += 1
            if ok:
                only_emu += 1
                if "/*Invalid" in ltext and re.sub(r"_e(32|64)$", "", oc.tokens(ltext)[0]) not in ACCEPTED_INVALID \
                        and not any(c in ltext for c in ACCEPTED_INVALID_CLASSES):
                    flagged.append("EMU-ACCEPTS %s 0x%x %s [%s]\n  llvm:    %s\n  decoder: %s" % (
                        fam, op, mn, hexs, ltext, f[2]))
            continue
        if not ok:
            only_llvm += 1
            missing.append("EMU-REJECTS %s 0x%x %s [%s]\n  llvm:    %s\n  decoder: %s" % (
                fam, op, mn, hexs, ltext, "\t".join(f[1:])))
            continue
        both += 1
        lm = oc.tokens(ltext)[0]
        em = oc.tokens(f[2])[0]
        base = lambda s: re.sub(r"_e(32|64)$", "", s)
        if base(lm) != base(em):
            mnem_bad.append("MNEMONIC %s 0x%x [%s]\n  llvm:    %s\n  decoder: %s" % (fam, op, hexs, ltext, f[2]))
            continue
        per_row_ok[key] = True
        br = oc.is_branch(lm)
        # LLVM 22 decodes VMEM word-1 bit 16 (reserved on gfx12) as gfx1250's scale_offset.
        ltext = re.sub(r" scale_offset\b", "", ltext)
        # Sizes are not compared here: llvm-mc --disassemble -show-encoding prints a re-encoding
        # of what it decoded (an inline constant on a u16 operand comes back as a literal), not
        # the bytes it consumed. objdump_compare.py checks sizes on real code.
        if oc.normalise(ltext, br) != oc.normalise(f[2], br):
            op_bad.append("OPERANDS %s 0x%x [%s] (llvm %d bytes, decoder %s)\n  llvm:    %s\n  decoder: %s" % (
                fam, op, hexs, len(lbs), f[1], ltext, f[2]))
            continue
        equal += 1
    shown = 0
    for group in (mnem_bad, op_bad, missing, flagged):
        for m in group:
            if shown < a.show:
                print(m)
                shown += 1
    never = sorted({(fam, op, mn) for fam, op, mn, _ in cands} - set(per_row_ok))
    print("random_compare: wave%d, %d rows x %d encodings (seed %d): both decode %d (equal %d, operand "
          "differences %d, mnemonic differences %d); llvm only %d; emulator only %d (reserved bits, or llvm "
          "flags an operand invalid: %d, of which the decoder accepts %d); "
          "rows never confirmed by llvm: %d" % (
              a.wave, len(set((f, o) for f, o, _, _ in cands)), a.per_row, a.seed, both, equal, len(op_bad),
              len(mnem_bad), only_llvm, only_emu, llvm_invalid, len(flagged), len(never)))
    if never:
        print("rows never confirmed: " + " ".join("%s:0x%x:%s" % x for x in never[:80]))
    if mnem_bad or (a.strict and (op_bad or missing or flagged)):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
