#!/usr/bin/env python3
"""A deliberately broken compiler: runs a real clang, then edits the assembly it emits.

    broken_clang.py --real /usr/lib/llvm-22/bin/clang++ --mode MODE -- <clang arguments>

Used by test_broken_compiler.py to prove that the codegen suite catches compiler regressions.
Only assembly output (-S without -emit-llvm) is edited; everything else (--version, -E, IR,
diagnostics) passes through unchanged, so the toolchain probe sees a healthy compiler.

Modes (each one regression the suite must catch):
  flip-neg-lo      flip the first bit of every neg_lo:[a,b,c] on WMMA/SWMMAC lines
  narrow-range     shrink the D register range of every WMMA by one VGPR (v[0:7] -> v[0:6])
  swap-opcode      emit v_wmma_f32_16x16x16_bf8_fp8 for fp8_bf8 and vice versa
  add-th           add a th:TH_LOAD_NT cache hint to every global_load_tr_* (llvm PR #79104)
  drop-hazard-nop  delete the v_nop that separates dependent WMMAs
  ir-flip-clamp    (LLVM IR output) flip the trailing clamp bit of integer WMMA intrinsic calls
  none             pass everything through (control)
Replays of upstream gfx12 bugs (replay_edits.py, on assembly output): inline-const-bf16,
drop-wait-loadcnt-waw, drop-depctr-va-sdst, drop-depctr-va-vcc, drop-depctr-sa-sdst, and the
known-bug rows of docs/known-bugs.json (crash-bf16-wmma-isel, crash-globalisel-load-tr,
swmmac-index-trunc16, drop-wmma-vnop, drop-dscnt-before-barrier, add-dealloc-vgprs).
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replay_edits  # noqa: E402

MODES = ("flip-neg-lo", "narrow-range", "swap-opcode", "add-th", "drop-hazard-nop", "ir-flip-clamp",
         "none") + replay_edits.MODES


def _flip_neg_lo(line):
    if "wmma" not in line:
        return line
    return re.sub(r"neg_lo:\[(\d)", lambda m: "neg_lo:[%d" % (1 - int(m.group(1))), line)


def _narrow(line):
    m = re.match(r"(\s*v_(?:wmma|swmmac)_\S+ v\[)(\d+):(\d+)\]", line)
    if not m:
        return line
    lo, hi = int(m.group(2)), int(m.group(3))
    return line[:m.start(2)] + "%d:%d]" % (lo, hi - 1) + line[m.end(0):]


def _swap(line):
    a, b = "v_wmma_f32_16x16x16_fp8_bf8", "v_wmma_f32_16x16x16_bf8_fp8"
    if a in line:
        return line.replace(a, b)
    if b in line:
        return line.replace(b, a)
    return line


def _add_th(line):
    if re.match(r"\s*global_load_tr", line):
        return line.rstrip("\n") + " th:TH_LOAD_NT" + ("\n" if line.endswith("\n") else "")
    return line


def _ir_flip_clamp(line):
    if not re.search(r"@llvm\.amdgcn\.s?wmma\.i32\.", line) or "call" not in line:
        return line
    return re.sub(r"i1 (true|false)\)", lambda m: "i1 %s)" % ("false" if m.group(1) == "true" else "true"), line)


def edit(text, mode, args=()):
    if mode in replay_edits.MODES:
        return replay_edits.edit_text(mode, text, args)
    lines = text.splitlines(keepends=True)
    if mode == "drop-hazard-nop":
        out = []
        for i, l in enumerate(lines):
            if l.strip() == "v_nop" and out and re.match(r"\s*v_(?:wmma|swmmac)", out[-1]):
                continue
            out.append(l)
        return "".join(out)
    fn = {"flip-neg-lo": _flip_neg_lo, "narrow-range": _narrow, "swap-opcode": _swap,
          "add-th": _add_th, "ir-flip-clamp": _ir_flip_clamp, "none": lambda l: l}[mode]
    return "".join(fn(l) for l in lines)


def _edit_or_crash(text, mode, args):
    """(edited text, None), or (None, exit status) after printing a replayed crash."""
    try:
        return edit(text, mode, args), None
    except replay_edits.CompilerCrash as e:
        sys.stderr.write("%s\n" % e)
        return None, replay_edits.CRASH_STATUS


def main(argv, compile_stdout=None):
    """compile_stdout(args) -> (returncode, stdout, stderr): how a -S compile to stdout is run
    (replay_lit.py passes one that reuses the real compiler's output across modes)."""
    if len(argv) < 5 or argv[0] != "--real" or argv[2] != "--mode" or argv[4] != "--":
        print("usage: broken_clang.py --real CLANG --mode MODE -- ARGS...", file=sys.stderr)
        return 2
    real, mode, args = argv[1], argv[3], argv[5:]
    if mode not in MODES:
        print("broken_clang.py: unknown mode %r (modes: %s)" % (mode, ", ".join(MODES)), file=sys.stderr)
        return 2
    def plain(a):
        r = subprocess.run([real] + a, stdout=subprocess.PIPE, text=True)
        return r.returncode, r.stdout, ""
    compile_stdout = compile_stdout or plain
    emits_ir = "-S" in args and "-emit-llvm" in args
    emits_asm = "-S" in args and "-emit-llvm" not in args
    out = "-"
    if "-o" in args:
        out = args[args.index("-o") + 1]
    edits = (mode == "ir-flip-clamp") == emits_ir and (emits_asm or emits_ir)
    if out == "-" and (emits_asm or emits_ir) and (edits or "-o" in args):
        # the cached runner only where the output is stdout itself (-o -)
        rc, text, err = (compile_stdout if "-o" in args else plain)(args)
        sys.stderr.write(err)
        if edits:
            text, crash = _edit_or_crash(text, mode, args)
            if crash is not None:
                return crash
        sys.stdout.write(text)
        return rc
    if not edits:
        return subprocess.call([real] + args)
    rc = subprocess.call([real] + args)
    if rc == 0 and out != "/dev/null":
        with open(out) as f:
            text = f.read()
        text, crash = _edit_or_crash(text, mode, args)
        if crash is not None:
            os.unlink(out)
            return crash
        with open(out, "w") as f:
            f.write(text)
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
