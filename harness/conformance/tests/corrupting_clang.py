#!/usr/bin/env python3
"""A deliberately miscompiling HIP compiler, for proving that the RUNTIME suite catches wrong code.

    corrupting_clang.py --real /usr/lib/llvm-22/bin/clang++ --mode MODE -- <clang arguments>

Unlike broken_clang.py (which edits -S output for the codegen suite), this one corrupts the
code objects that a normal compile+link embeds: it asks the real clang for its job list
(`-### -save-temps=obj`), runs the jobs one by one, and edits every device assembly file
(`*-hip-amdgcn-amd-amdhsa-gfx*.s`) between the compile and assemble steps. The program then
runs, on the emulator or a GPU, with wrong machine code; only a numerical check can notice.
Invocations that produce no device code (--version, -E, probes) pass straight through.

Modes:
  flip-neg-lo   flip the first bit of every neg_lo:[a,b,c] on WMMA/SWMMAC lines
  swap-opcode   v_wmma_f32_16x16x16_fp8_bf8 <-> v_wmma_f32_16x16x16_bf8_fp8
  tr-to-plain   global_load_tr_b128 -> global_load_b128, global_load_tr_b64 -> global_load_b64
  none          run the same job list unedited (control)
Replays of upstream gfx12 bugs, edits of the whole file (replay_edits.py): inline-const-bf16,
drop-wait-loadcnt-waw, drop-depctr-va-sdst, drop-depctr-va-vcc, drop-depctr-sa-sdst, and the
known-bug rows of docs/known-bugs.json (swmmac-index-trunc16, ...; a crash mode stops the build).
"""
import os
import re
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replay_edits  # noqa: E402

MODES = ("flip-neg-lo", "swap-opcode", "tr-to-plain", "none") + replay_edits.MODES


def _flip_neg_lo(line):
    if "wmma" not in line:
        return line
    return re.sub(r"neg_lo:\[(\d)", lambda m: "neg_lo:[%d" % (1 - int(m.group(1))), line)


def _swap(line):
    a, b = "v_wmma_f32_16x16x16_fp8_bf8", "v_wmma_f32_16x16x16_bf8_fp8"
    return line.replace(a, "\0").replace(b, a).replace("\0", b)


def _tr_to_plain(line):
    return re.sub(r"\bglobal_load_tr_(b128|b64)\b", r"global_load_\1", line)


EDITS = {"flip-neg-lo": _flip_neg_lo, "swap-opcode": _swap, "tr-to-plain": _tr_to_plain,
         "none": lambda line: line}
DEVICE_ASM = re.compile(r"-hip-amdgcn-amd-amdhsa-gfx[0-9a-z]+(?::[^.]*)?\.s$")


def main(argv):
    try:
        i = argv.index("--")
    except ValueError:
        sys.stderr.write("usage: corrupting_clang.py --real CLANG --mode MODE -- ARGS\n")
        return 2
    opts, args = argv[:i], argv[i + 1:]
    real = opts[opts.index("--real") + 1]
    mode = opts[opts.index("--mode") + 1]
    if mode not in MODES:
        sys.stderr.write("corrupting_clang.py: unknown mode %s (%s)\n" % (mode, ", ".join(MODES)))
        return 2
    passthrough = (not args or "-###" in args or "-E" in args or "--version" in args
                   or "-fsyntax-only" in args or "-S" in args)
    if passthrough:
        return subprocess.call([real] + args)
    listing = subprocess.run([real, "-###", "-save-temps=obj"] + args, capture_output=True, text=True)
    if listing.returncode != 0:
        sys.stderr.write(listing.stderr)
        return listing.returncode
    jobs = [shlex.split(l) for l in listing.stderr.splitlines() if l.startswith(' "')]
    edit = EDITS.get(mode)
    for job in jobs:
        r = subprocess.call(job)
        if r != 0:
            return r
        out = job[job.index("-o") + 1] if "-o" in job else ""
        if DEVICE_ASM.search(out) and os.path.exists(out):
            with open(out) as f:
                text = f.read()
            if mode in replay_edits.MODES:
                try:
                    text = replay_edits.edit_text(mode, text, args)
                except replay_edits.CompilerCrash as e:
                    sys.stderr.write("%s\n" % e)
                    return replay_edits.CRASH_STATUS
            else:
                text = "".join(edit(l) for l in text.splitlines(keepends=True))
            with open(out, "w") as f:
                f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
