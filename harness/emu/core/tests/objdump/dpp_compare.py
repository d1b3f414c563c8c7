#!/usr/bin/env python3
"""Decoder and printer conformance on DPP16 and DPP8 forms, against LLVM's disassembler.

  dpp_compare.py --decoder PATH [--llvm 19,22] [--show N]

For VOP1, VOP2, VOPC (e32 DPP) and VOP3 / VOP3P (_e64_dpp) templates, with every DPP16
control (quad_perm samples, row_shl/row_shr/row_ror 1-15, row_mirror, row_half_mirror,
row_share 0-15, row_xmask 0-15), row/bank masks, bound_ctrl and fi, and DPP8 lane selects
with and without fi, the script assembles the lines with `llvm-mc -triple=amdgcn
-mcpu=gfx1201 -show-encoding` (wave32 and, -mattr=+wavefrontsize64, wave64), disassembles
the bytes with `llvm-mc --disassemble` and decodes the same bytes with decode_lines. The
emulator's text must equal LLVM's disassembly exactly (whitespace aside).

Exit status: 0 all equal, 1 a difference (or a template LLVM rejects), 2 setup error.
"""
import argparse
import os
import re
import subprocess
import sys

LLVM = {"19": "/usr/lib/llvm-19/bin", "22": "/usr/lib/llvm-22/bin"}

# {M} = mask register for the wave size (vcc_lo / vcc), {S} = an SGPR mask destination.
TEMPLATES = [
    "v_mov_b32_dpp v0, v1",
    "v_cvt_f32_i32_dpp v3, v200",
    "v_add_f32_dpp v5, -v1, |v2|",
    "v_add_f16_dpp v0, v1, -v2",
    "v_max_i32_dpp v7, v8, v9",
    "v_lshlrev_b32_dpp v1, v2, v3",
    "v_fmac_f32_dpp v0, v1, v2",
    "v_cndmask_b32_dpp v0, v1, v2, {M}",
    "v_add_co_ci_u32_dpp v0, {M}, v1, v2, {M}",
    "v_cmp_lt_f32_dpp {M}, v1, -v2",
    "v_cmpx_eq_u32_dpp v1, v2",
    "v_cmp_class_f32_dpp {M}, v1, v2",
    "v_add_f32_e64_dpp v0, -v1, |v2| clamp",
    "v_sub_nc_u32_e64_dpp v0, v1, v2",
    "v_mov_b32_e64_dpp v0, v1",
    "v_fma_f32_e64_dpp v0, v1, v2, v3 mul:2",
    "v_cmp_lt_f32_e64_dpp {S}, v1, v2",
    "v_add_co_u32_e64_dpp v0, {S}, v1, v2",
    "v_fma_mix_f32_e64_dpp v0, v1, v2, v3",
    "v_dot2_f32_f16_e64_dpp v0, v1, v2, v3",
]
CTRLS = (["quad_perm:[0,1,2,3]", "quad_perm:[3,2,1,0]", "quad_perm:[0,0,0,0]", "quad_perm:[1,0,3,2]",
          "quad_perm:[2,3,0,1]", "row_mirror", "row_half_mirror"] +
         ["row_shl:%d" % n for n in range(1, 16)] + ["row_shr:%d" % n for n in range(1, 16)] +
         ["row_ror:%d" % n for n in range(1, 16)] + ["row_share:%d" % n for n in range(16)] +
         ["row_xmask:%d" % n for n in range(16)])
MASKS = ["row_mask:0xf bank_mask:0xf", "row_mask:0x1 bank_mask:0xe", "row_mask:0xa bank_mask:0x5"]
TAILS = ["", " bound_ctrl:1", " fi:1", " bound_ctrl:1 fi:1"]
DPP8 = ["dpp8:[0,1,2,3,4,5,6,7]", "dpp8:[7,6,5,4,3,2,1,0]", "dpp8:[1,1,1,1,1,1,1,1]",
        "dpp8:[3,2,1,0,7,6,5,4]"]


def die(msg):
    sys.stderr.write("dpp_compare: error: " + msg + "\n")
    sys.exit(2)


def lines_for(wave):
    m, s = ("vcc_lo", "s5") if wave == 32 else ("vcc", "s[4:5]")
    out = []
    for k, t in enumerate(TEMPLATES):
        base = t.replace("{M}", m).replace("{S}", s)
        for i, c in enumerate(CTRLS):
            # every control once per template; masks and tails cycle so that all appear
            out.append("%s %s %s%s" % (base, c, MASKS[(i + k) % len(MASKS)], TAILS[(i + 2 * k) % len(TAILS)]))
        # the e32 DPP8 word has no room for abs/neg: those templates go without them
        base8 = base if "_e64_dpp" in base else re.sub(r"(?<=[ ,])-|\|", "", base)
        for j, d in enumerate(DPP8):
            out.append("%s %s%s" % (base8, d, " fi:1" if j % 2 else ""))
    return out


def mc(tool, args, text):
    return subprocess.run([tool] + args, input=text, capture_output=True, text=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--decoder", required=True)
    ap.add_argument("--llvm", default="19,22")
    ap.add_argument("--show", type=int, default=20)
    a = ap.parse_args()
    if not os.access(a.decoder, os.X_OK):
        die("decoder binary %s is missing or not executable" % a.decoder)
    bad = checked = 0
    for ver in a.llvm.split(","):
        if ver not in LLVM:
            die("unknown llvm %r" % ver)
        tool = os.path.join(LLVM[ver], "llvm-mc")
        if not os.access(tool, os.X_OK):
            die("%s is missing" % tool)
        for wave in (32, 64):
            attrs = ["-triple=amdgcn", "-mcpu=gfx1201"] + (["-mattr=+wavefrontsize64"] if wave == 64 else [])
            src = lines_for(wave)
            p = mc(tool, attrs + ["-show-encoding"], "\n".join(src) + "\n")
            if p.returncode != 0 or "error" in p.stderr:
                sys.stderr.write(p.stderr[:3000])
                print("llvm-%s w%d: llvm-mc rejected a DPP template line (see above)" % (ver, wave))
                return 1
            encs = re.findall(r";\s*encoding:\s*\[([^\]]*)\]", p.stdout)
            if len(encs) != len(src):
                die("llvm-mc printed %d encodings for %d lines" % (len(encs), len(src)))
            hexes = [e.replace(" ", "") for e in encs]
            d = mc(tool, attrs + ["--disassemble"], "\n".join(hexes) + "\n")
            llvm_text = [l.strip() for l in d.stdout.splitlines() if l.strip() and not l.strip().startswith(".")]
            if len(llvm_text) != len(src):
                die("llvm-mc --disassemble printed %d lines for %d encodings" % (len(llvm_text), len(src)))
            words = []
            for h in hexes:
                bs = [int(x, 16) for x in h.split(",")]
                ws = [int.from_bytes(bytes(bs[i:i + 4]), "little") for i in range(0, len(bs), 4)]
                words.append("w%d %s" % (wave, " ".join("%08X" % x for x in ws)))
            r = subprocess.run([a.decoder], input="\n".join(words) + "\n", capture_output=True, text=True)
            ours = r.stdout.splitlines()
            if len(ours) != len(src):
                die("decode_lines printed %d lines for %d inputs" % (len(ours), len(src)))
            for s, want, got, w in zip(src, llvm_text, ours, words):
                checked += 1
                f = got.split("\t")
                text = f[2] if f[0] == "OK" and len(f) > 2 else "<%s>" % "\t".join(f[1:])
                if " ".join(text.split()) != " ".join(want.split()):
                    bad += 1
                    if bad <= a.show:
                        print("DIFF llvm-%s w%d [%s]\n  source:  %s\n  llvm:    %s\n  decoder: %s"
                              % (ver, wave, w[4:], s, want, text))
    print("dpp_compare: %d DPP encodings (llvm %s, wave32 and wave64): %d differ" % (checked, a.llvm, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
