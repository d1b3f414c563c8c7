#!/usr/bin/env python3
"""Graphics-only encodings (harness/emu/isa/graphics.csv) decode and fault cleanly.

  graphics_test.py --emu PATH/rdna4-emu --decoder PATH/rdna4emu_decode_lines --work DIR [--llvm 22]

For one instruction of each graphics family (VIMAGE, VSAMPLE, VEXPORT, VINTERP, VDSDIR),
assembled with llvm-mc: the decoder names it as llvm-mc does (mnemonic and size), a kernel
that executes it faults with "graphics instruction <mnemonic> is not emulated" (exit 1, not a
crash, not a pass), and `rdna4-emu info --isa` lists the graphics table and per-family counts
that match the CSV files. Exit 0 when all hold, 1 on a failure, 2 on a setup error.
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ISA = os.path.normpath(os.path.join(HERE, "..", "..", "..", "isa"))
LLVM = {"19": "/usr/lib/llvm-19/bin", "22": "/usr/lib/llvm-22/bin"}

# One instruction per graphics family (llvm-mc syntax for gfx1201).
CASES = [
    ("VIMAGE", "image_load", "image_load v[0:3], v0, s[0:7] dmask:0xf dim:SQ_RSRC_IMG_1D"),
    ("VIMAGE", "image_atomic_add_uint", "image_atomic_add_uint v1, v0, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D"),
    ("VSAMPLE", "image_sample", "image_sample v[0:3], v0, s[0:7], s[8:11] dmask:0xf dim:SQ_RSRC_IMG_1D"),
    ("VEXPORT", "export", "export mrt0 v0, v0, v0, v0"),
    ("VINTERP", "v_interp_p10_f32", "v_interp_p10_f32 v0, v1, v2, v3"),
    ("VDSDIR", "ds_param_load", "ds_param_load v0, attr0.x"),
    ("VDSDIR", "ds_direct_load", "ds_direct_load v0"),
]

KERNEL = """.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
.text
.globl k
.p2align 8
.type k,@function
k:
  v_mov_b32 v1, 0
  {insn}
  s_endpgm
.Lk_end:
.size k, .Lk_end-k
.rodata
.p2align 6
.amdhsa_kernel k
  .amdhsa_user_sgpr_kernarg_segment_ptr 1
  .amdhsa_kernarg_size 0
  .amdhsa_next_free_vgpr 16
  .amdhsa_next_free_sgpr 32
  .amdhsa_wavefront_size32 1
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: k
    .symbol: k.kd
    .kernarg_segment_size: 0
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 32
    .sgpr_count: 32
    .vgpr_count: 16
    .max_flat_workgroup_size: 1024
...
.end_amdgpu_metadata
"""

FAILS = []


def check(cond, msg):
    if not cond:
        FAILS.append(msg)
        print("FAIL: " + msg)
    return cond


def die(msg):
    sys.stderr.write("graphics_test: error: " + msg + "\n")
    sys.exit(2)


def csv_rows(name):
    out = []
    for line in open(os.path.join(ISA, name)):
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(line.split(","))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--emu", required=True)
    ap.add_argument("--decoder", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--llvm", default="22", choices=sorted(LLVM))
    a = ap.parse_args()
    mc, lld = os.path.join(LLVM[a.llvm], "llvm-mc"), os.path.join(LLVM[a.llvm], "ld.lld")
    for t in (mc, lld, a.emu, a.decoder):
        if not os.access(t, os.X_OK):
            die("missing tool " + t)
    os.makedirs(a.work, exist_ok=True)
    graphics = {(r[0], int(r[1], 16)): r[2] for r in csv_rows("graphics.csv")}
    for fam, mn, text in CASES:
        # Encoding and llvm's text.
        p = subprocess.run([mc, "-triple=amdgcn", "-mcpu=gfx1201", "-show-encoding"], input=text + "\n",
                           capture_output=True, text=True)
        m = re.search(r";\s*encoding:\s*\[([^\]]*)\]", p.stdout)
        if p.returncode or not m:
            die("llvm-mc rejects %r: %s" % (text, p.stderr.strip()))
        bs = [int(x, 16) for x in m.group(1).split(",")]
        words = " ".join("%08X" % int.from_bytes(bytes(bs[i:i + 4]), "little") for i in range(0, len(bs), 4))
        check(mn in graphics.values(), "%s is not in graphics.csv" % mn)
        d = subprocess.run([a.decoder], input="w32 %s\n" % words, capture_output=True, text=True)
        f = d.stdout.rstrip("\n").split("\t")
        check(f[0] == "OK" and f[1] == str(len(bs)) and f[2].split()[0] == mn,
              "%s: decoder says %r, want OK, %d bytes, mnemonic %s" % (fam, d.stdout.strip(), len(bs), mn))
        # Execute it in a kernel.
        base = os.path.join(a.work, "gfx_" + mn)
        with open(base + ".s", "w") as fh:
            fh.write(KERNEL.format(insn=text))
        p = subprocess.run([mc, "-triple=amdgcn-amd-amdhsa", "-mcpu=gfx1201", "-filetype=obj", base + ".s",
                            "-o", base + ".o"], capture_output=True, text=True)
        if p.returncode:
            die("llvm-mc: " + p.stderr)
        p = subprocess.run([lld, "-shared", base + ".o", "-o", base + ".co"], capture_output=True, text=True)
        if p.returncode:
            die("ld.lld: " + p.stderr)
        r = subprocess.run([a.emu, "run", base + ".co", "k", "--grid", "1", "--block", "32"],
                           capture_output=True, text=True, timeout=60)
        out = r.stdout + r.stderr
        want = "graphics instruction %s is not emulated" % mn
        check(r.returncode == 1, "%s: rdna4-emu run exits %d, want 1 (kernel fault)\n%s" % (mn, r.returncode, out))
        check(want in out, "%s: no %r in the fault report:\n%s" % (mn, want, out))
        check("pc 0x" in out and fam in out, "%s: the report names neither the pc nor the family:\n%s" % (mn, out))
        print("ok: %-8s %-22s %s" % (fam, mn, want))
    # info --isa: counts per table family from the CSVs, the graphics list.
    r = subprocess.run([a.emu, "info", "--isa"], capture_output=True, text=True)
    check(r.returncode == 0, "info --isa exits %d: %s" % (r.returncode, r.stderr))
    info = r.stdout
    fams = {"sop1": "SOP1", "sop2": "SOP2", "sopk": "SOPK", "sopc": "SOPC", "sopp": "SOPP", "smem": "SMEM",
            "vop1": "VOP1", "vop2": "VOP2", "vopc": "VOPC", "vop3": "VOP3", "vop3p": "VOP3P", "vopd": "VOPD",
            "ds": "DS", "vflat": "VFLAT", "vglobal": "VGLOBAL", "vscratch": "VSCRATCH", "vbuffer": "VBUFFER"}
    for csv, fam in fams.items():
        rows = csv_rows(csv + ".csv")
        oos = sum(1 for r_ in rows if "oos" in r_[6].split())
        m = re.search(r"^%s\s+(\d+)\s+(\d+)\s+(\d+)$" % fam, info, re.M)
        check(m is not None and (int(m.group(1)), int(m.group(3))) == (len(rows), oos),
              "info --isa: %s line %r, want %d rows, %d out of scope" % (fam, m and m.group(0), len(rows), oos))
    for (fam, op), mn in graphics.items():
        check(re.search(r"^\s+%s\s+0x%02x %s\b" % (fam, op, mn), info, re.M) is not None,
              "info --isa does not list %s %#x %s" % (fam, op, mn))
    for fam in ("VIMAGE", "VSAMPLE", "VEXPORT", "VINTERP", "VDSDIR"):
        n = sum(1 for (f, _) in graphics if f == fam)
        check(re.search(r"^%s\s+%d$" % (fam, n), info, re.M) is not None, "info --isa: no count line %s %d" % (fam, n))
    r = subprocess.run([a.emu, "info", "--isa", "extra.co"], capture_output=True, text=True)
    check(r.returncode == 2 and "takes no FILE" in r.stderr, "info --isa FILE must be a usage error")
    print("graphics_test: %d cases, %s" % (len(CASES), "%d failures" % len(FAILS) if FAILS else "all passed"))
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
