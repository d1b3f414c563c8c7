#!/usr/bin/env python3
"""Decoder conformance on every WMMA / SWMMAC / transpose-load form and modifier.

  mc_compare.py --decoder PATH [--llvm 19,22] [--work DIR] [--show N] [--write-forms DIR]

For each form in forms.csv (next to this script), in wave32 and wave64, the script writes
assembly lines with every combination of the modifiers the encoding can express:
  WMMA:    neg_lo:[a,b,c] x neg_hi:[a,b,c] x clamp x C in {VGPRs, inline constant}, plus
           more inline constants for C;
  SWMMAC:  neg_lo x neg_hi x clamp x index_key:0..3;
  tr load: saddr / off, offsets, th: and scope: cache policies.
`llvm-mc -triple=amdgcn -mcpu=gfx1201 -show-encoding` (and -mattr=+wavefrontsize64) of each
LLVM decides which lines are legal and encodes them. Every accepted line's bytes are decoded
by the emulator (decode_lines) and the decoder's text must equal, semantically, both the
source line and llvm-mc's own printed text: same mnemonic, same operands (integers by
value), same modifiers (an all-zero neg_lo/neg_hi/op_sel, index_key:0 and offset:0 are the
same as absent; modifier order is free).

Also checked (from docs/facts/layouts.md#wmma-modifiers, not from llvm-mc): the forms the reference calls
legal are accepted: every neg_lo x neg_hi on f16/bf16-input WMMA and C = 1.0, neg_lo on A/B
for the integer variants, plain fp8/bf8; and NEG_HI and NEG[2] on integer WMMA, any neg on
fp8/bf8 A or B, are rejected. (Found here: LLVM 19 and 22 accept neg_lo:[0,0,1] and
neg_hi:[0,0,1] on fp8/bf8 dense WMMA, i.e. -C and |C| of the f32 accumulator; docs/facts/layouts.md
says fp8/bf8 have no NEG bits.)

Exit status: 0 all equal, 1 any difference or a wrong legality, 2 setup error.
"""
import argparse
import hashlib
import itertools
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
LLVM = {"19": "/usr/lib/llvm-19/bin", "22": "/usr/lib/llvm-22/bin"}


def die(msg):
    sys.stderr.write("mc_compare: error: " + msg + "\n")
    sys.exit(2)


def read_forms():
    forms = []
    path = os.path.join(HERE, "forms.csv")
    for n, line in enumerate(open(path), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        f = line.split(",")
        if len(f) != 5 or f[1] not in ("dense", "sparse", "trload"):
            die("%s:%d: expected mnemonic,dense|sparse|trload,class,w32regs,w64regs" % (path, n))
        try:
            regs = {32: [int(x) for x in f[3].split("/")], 64: [int(x) for x in f[4].split("/")]}
        except ValueError:
            die("%s:%d: bad register counts" % (path, n))
        want = 1 if f[1] == "trload" else 4
        if any(len(r) != want for r in regs.values()):
            die("%s:%d: expected %d register counts" % (path, n, want))
        forms.append({"mn": f[0], "kind": f[1], "cls": f[2], "regs": regs})
    if not forms:
        die("no forms in " + path)
    return forms


def vr(base, n):
    return "v%d" % base if n == 1 else "v[%d:%d]" % (base, base + n - 1)


def vec(v):
    return "[%d,%d,%d]" % (v & 1, (v >> 1) & 1, (v >> 2) & 1)


def gen_lines(form, wave):
    """[(line, tags)] tags: set of expectations from docs/facts/layouts.md#wmma-modifiers ('legal' / 'illegal')."""
    mn, kind, cls, regs = form["mn"], form["kind"], form["cls"], form["regs"][wave]
    out = []
    if kind == "trload":
        d = vr(0, regs[0])
        addrs = [("v%d, s[2:3]" % 8, True), ("v[8:9], off", True)]
        for (addr, _), off in itertools.product(addrs, (0, 8, -8, 4095, -4096, 0x7FFFFF, -0x800000)):
            o = " offset:%d" % off if off else ""
            out.append(("%s %s, %s%s" % (mn, d, addr, o), {"legal"} if abs(off) < 4096 else set()))
        for th, sc in itertools.product(("", "TH_LOAD_NT", "TH_LOAD_HT", "TH_LOAD_LU", "TH_LOAD_NT_RT",
                                         "TH_LOAD_RT_NT", "TH_LOAD_NT_HT", "TH_LOAD_BYPASS"),
                                        ("", "SCOPE_SE", "SCOPE_DEV", "SCOPE_SYS")):
            if not th and not sc:
                continue
            pol = (" th:" + th if th else "") + (" scope:" + sc if sc else "")
            out.append(("%s %s, v8, s[2:3]%s" % (mn, d, pol), set()))
        return out
    D, A, B, C = regs
    dst, a, b = vr(0, D), vr(40, A), vr(48, B)
    one = "1" if cls == "int" else "1.0"
    if kind == "dense":
        cs = [(vr(0, C), False), (one, True)]
        for (c, inline), nl, nh, cl in itertools.product(cs, range(8), range(8), (0, 1)):
            mods = (" neg_lo:" + vec(nl) if nl else "") + (" neg_hi:" + vec(nh) if nh else "") + \
                   (" clamp" if cl else "")
            tags = set()
            if cls == "f16in" and not cl and (not inline or (nl == 0 and nh == 0)):
                tags.add("legal")
            if cls == "int" and nh == 0 and not (nl & 4) and (not inline or nl == 0):
                tags.add("legal")
            if cls == "int" and (nh or (nl & 4)):
                tags.add("illegal")
            if cls == "fp8" and nl == 0 and nh == 0 and not cl:
                tags.add("legal")
            if cls == "fp8" and ((nl | nh) & 3):
                tags.add("illegal")  # no neg on fp8/bf8 A/B (neg/abs of the f32 C is accepted)
            out.append(("%s %s, %s, %s, %s%s" % (mn, dst, a, b, c, mods), tags))
        extra = ["0", "-1", "64", "-16", "0.5", "-0.5", "2.0", "-4.0", "0.15915494", "0x12345678"]
        for c in extra:
            out.append(("%s %s, %s, %s, %s" % (mn, dst, a, b, c), set()))
        return out
    idx = vr(60, C)
    for nl, nh, cl, key in itertools.product(range(8), range(8), (0, 1), range(4)):
        mods = (" index_key:%d" % key if key else "") + (" neg_lo:" + vec(nl) if nl else "") + \
               (" neg_hi:" + vec(nh) if nh else "") + (" clamp" if cl else "")
        tags = set()
        if key == 0 and not cl and not (nl & 4) and not (nh & 4):
            if cls == "f16in" or (cls == "int" and nh == 0) or (cls == "fp8" and nl == 0 and nh == 0):
                tags.add("legal")
        if cls == "int" and nh:
            tags.add("illegal")
        if cls == "fp8" and (nl or nh):
            tags.add("illegal")
        out.append(("%s %s, %s, %s, %s%s" % (mn, dst, a, b, idx, mods), tags))
    return out


def run_mc(ver, wave, lines, work):
    path = os.path.join(work, "forms.llvm%s.w%d.s" % (ver, wave))
    with open(path, "w") as f:
        f.write("".join(l + "\n" for l in lines))
    cmd = [os.path.join(LLVM[ver], "llvm-mc"), "-triple=amdgcn", "-mcpu=gfx1201", "-show-encoding"]
    if wave == 64:
        cmd.append("-mattr=+wavefrontsize64")
    # llvm-mc's answer is kept beside the input (--work): a run with the same lines and the
    # same llvm-mc binary (the selftest's mutant runs, a rerun in the build tree) reads it back.
    st = os.stat(cmd[0])
    key = hashlib.sha256(("\0".join(cmd + [path, str(st.st_mtime_ns), str(st.st_size)]) + "\0" +
                          "".join(l + "\n" for l in lines)).encode()).hexdigest()
    saved = path + ".mc.json"
    r = None
    if os.path.exists(saved):
        try:
            with open(saved) as f:
                d = json.load(f)
            if d.get("key") == key:
                r = subprocess.CompletedProcess(cmd, 0, d["stdout"], d["stderr"])
        except (OSError, ValueError, KeyError):
            r = None
    if r is None:
        r = subprocess.run(cmd + [path], capture_output=True, text=True)
        tmp = saved + ".tmp%d" % os.getpid()
        with open(tmp, "w") as f:
            json.dump({"key": key, "stdout": r.stdout, "stderr": r.stderr}, f)
        os.replace(tmp, saved)
    rejected = set()
    for m in re.finditer(r"^%s:(\d+):\d+: error:" % re.escape(path), r.stderr, re.M):
        rejected.add(int(m.group(1)) - 1)
    enc = []
    for line in r.stdout.splitlines():
        m = re.match(r"\s*(\S.*?)\s*;\s*encoding:\s*\[([^\]]*)\]", line)
        if m:
            bs = [int(x, 16) for x in m.group(2).split(",")]
            enc.append((m.group(1), bs))
    accepted = [i for i in range(len(lines)) if i not in rejected]
    if len(accepted) != len(enc):
        die("llvm-%s mc output does not line up with its input (%d accepted, %d encodings): %s" % (
            ver, len(accepted), len(enc), r.stderr[-500:]))
    return dict(zip(accepted, enc))


# ---------------------------------------------------------------- semantic form

VECMOD = re.compile(r"^(neg_lo|neg_hi|op_sel|op_sel_hi):\[([01](?:,[01])*)\]$")


def semantic(text):
    toks = [t for t in re.split(r"[\s,]+(?![^\[]*\])", text.strip()) if t]
    mn, ops, mods = toks[0], [], {}
    for t in toks[1:]:
        m = VECMOD.match(t)
        if m:
            bits = tuple(int(x) for x in m.group(2).split(","))
            if any(bits):
                mods[m.group(1)] = bits
        elif t == "clamp":
            mods["clamp"] = True
        elif ":" in t and not t.startswith("v[") and not t.startswith("s["):
            k, v = t.split(":", 1)
            if re.match(r"^-?(0x[0-9a-fA-F]+|\d+)$", v):
                iv = int(v, 0)
                if iv:
                    mods[k] = iv
            else:
                mods[k] = v
        else:
            if re.match(r"^-?(0x[0-9a-fA-F]+|\d+)$", t):
                ops.append(int(t, 0) & 0xffffffff)
            else:
                ops.append(t)
    return mn, tuple(ops), tuple(sorted(mods.items()))


def decode(decoder, items):
    inp = "".join("w%d %s\n" % (w, " ".join("%08X" % int.from_bytes(bytes(bs[i:i + 4]), "little")
                                            for i in range(0, len(bs), 4))) for w, bs in items)
    r = subprocess.run([decoder], input=inp, capture_output=True, text=True)
    out = r.stdout.split("\n")
    if r.returncode or len(out) < len(items):
        die("decode_lines failed (exit %d): %s" % (r.returncode, r.stderr[-500:]))
    return out[:len(items)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--decoder", required=True)
    ap.add_argument("--llvm", default="19,22")
    ap.add_argument("--work", default=None, help="keep the generated .s files here")
    ap.add_argument("--show", type=int, default=40, help="failures printed in full")
    a = ap.parse_args()
    if not os.access(a.decoder, os.X_OK):
        die("decoder binary %s is missing or not executable" % a.decoder)
    vers = [v for v in a.llvm.split(",") if v]
    for v in vers:
        if v not in LLVM or not os.access(os.path.join(LLVM.get(v, ""), "llvm-mc"), os.X_OK):
            die("no llvm-mc for LLVM %r" % v)
    forms = read_forms()
    if a.work:
        os.makedirs(a.work, exist_ok=True)
        return compare(a, vers, forms, a.work)
    with tempfile.TemporaryDirectory(prefix="rdna4-mc-") as work:  # removed afterwards
        return compare(a, vers, forms, work)


def compare(a, vers, forms, work):

    failures = []
    total_ok = 0
    for ver in vers:
        for wave in (32, 64):
            lines, tags, owner = [], [], []
            for f in forms:
                for l, t in gen_lines(f, wave):
                    lines.append(l)
                    tags.append(t)
                    owner.append(f["mn"])
            enc = run_mc(ver, wave, lines, work)
            for i, t in enumerate(tags):
                if "legal" in t and i not in enc:
                    failures.append("LEGALITY llvm-%s w%d: rejected, docs/facts/layouts.md#wmma-modifiers says legal: %s" % (ver, wave, lines[i]))
                if "illegal" in t and i in enc:
                    failures.append("LEGALITY llvm-%s w%d: accepted, docs/facts/layouts.md#wmma-modifiers says illegal: %s" % (ver, wave, lines[i]))
            idxs = sorted(enc)
            outs = decode(a.decoder, [(wave, enc[i][1]) for i in idxs])
            per_form = {}
            for i, o in zip(idxs, outs):
                src, (mctext, bs) = lines[i], enc[i]
                f = o.split("\t")
                hexb = " ".join("%02x" % x for x in bs)
                st = per_form.setdefault(owner[i], [0, 0])
                st[0] += 1
                if f[0] != "OK" or len(f) != 3:
                    failures.append("DECODE-ERROR llvm-%s w%d [%s]\n  source:  %s\n  decoder: %s" % (
                        ver, wave, hexb, src, o))
                    continue
                if int(f[1]) != len(bs):
                    failures.append("SIZE llvm-%s w%d [%s] decoder says %s bytes\n  source:  %s" % (
                        ver, wave, hexb, f[1], src))
                    continue
                d = semantic(f[2])
                bad = []
                if d != semantic(src):
                    bad.append("source")
                if d != semantic(mctext):
                    bad.append("llvm-mc text")
                if bad:
                    failures.append("MISMATCH (vs %s) llvm-%s w%d [%s]\n  source:  %s\n  llvm-mc: %s\n  decoder: %s" % (
                        " and ".join(bad), ver, wave, hexb, src, mctext, f[2]))
                    continue
                st[1] += 1
                total_ok += 1
            acc = sum(v[0] for v in per_form.values())
            print("llvm-%s wave%d: %d lines generated, %d accepted by llvm-mc, %d decoded equal; %s" % (
                ver, wave, len(lines), acc, sum(v[1] for v in per_form.values()),
                " ".join("%s=%d" % (k.replace("v_", "").replace("global_load_", ""), v[0])
                         for k, v in per_form.items())), flush=True)
            if acc == 0:
                failures.append("llvm-%s wave%d: llvm-mc accepted nothing" % (ver, wave))
    for m in failures[:a.show]:
        print(m)
    if len(failures) > a.show:
        print("... %d more failures not shown (--show)" % (len(failures) - a.show))
    print("mc_compare: %d encodings decoded equal, %d failures" % (total_ok, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
