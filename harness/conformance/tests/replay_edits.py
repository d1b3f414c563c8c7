"""Known-bug replays: each mode rewrites a correct compiler's assembly into what a buggy one emitted.

One mode per row of docs/known-bugs.json that can be replayed on clang-19/22 output (the row's
`replay` entries name the mode). broken_clang.py applies them to -S output (codegen suite),
corrupting_clang.py to the device assembly of a full compile (runtime suite);
test_known_bug_replay.py runs each row's tests under its mode and under the unedited compiler.

    edit(text, mode, args) -> text       (raises CompilerCrash for the modes that replay a crash)

Modes:
  crash-bf16-wmma-isel        a compile whose code has v_wmma_bf16_16x16x16_bf16 dies in
                              instruction selection (ROCm 6.3.3,
                              https://github.com/llvm/llvm-project/issues/137008)
  crash-globalisel-load-tr    a -global-isel=1 compile whose code has global_load_tr_b128 dies
                              in the IR translator (clang/llc 22)
  swmmac-index-trunc16        the SWMMAC index VGPR keeps only its low 16 bits (a v_and_b32 with
                              0xffff just before the v_swmmac_*: what the `short` index
                              parameter of clang <= 20 did; llvm PR 129101)
  drop-wmma-vnop              delete every v_nop whose closest preceding vector instruction is a
                              v_wmma_* / v_swmmac_* (the WMMA -> WMMA/SWMMAC hazard separation)
  drop-dscnt-before-barrier   delete the s_wait_dscnt 0x0 right before each s_barrier_signal
                              (llvm PRs 90595 and 159282)
"""
import re

CRASH_STATUS = 70  # what clang returns after "fatal error: error in backend"


class CompilerCrash(Exception):
    """The replayed compiler stops with this message on stderr and CRASH_STATUS."""


def _crash_bf16_wmma_isel(text, args):
    if re.search(r"^\s*v_wmma_bf16_16x16x16_bf16\b", text, re.M):
        raise CompilerCrash("fatal error: error in backend: Cannot select: intrinsic "
                            "%llvm.amdgcn.wmma.bf16.16x16x16.bf16")
    return text


def _crash_globalisel_load_tr(text, args):
    if any(a.endswith("-global-isel=1") for a in args) and re.search(r"^\s*global_load_tr_b128\b", text, re.M):
        raise CompilerCrash("fatal error: error in backend: unable to translate instruction: call "
                            "llvm.amdgcn.global.load.tr.b128.v8bf16")
    return text


_SWMMAC_INDEX = re.compile(r"^(\s*)v_swmmac_\S+ v\[\d+:\d+\], v\[\d+:\d+\], v\[\d+:\d+\], v(\d+)\b")


def _swmmac_index_trunc16(text, args):
    out = []
    for line in text.splitlines(keepends=True):
        m = _SWMMAC_INDEX.match(line)
        if m:
            out.append("%sv_and_b32_e32 v%s, 0xffff, v%s\n" % (m.group(1), m.group(2), m.group(2)))
        out.append(line)
    return "".join(out)


_VECTOR = re.compile(r"^\s*v_")


def _drop_wmma_vnop(text, args):
    out = []
    last_vector = ""
    for line in text.splitlines(keepends=True):
        s = line.strip()
        if s == "v_nop" and re.match(r"v_(?:wmma|swmmac)_", last_vector):
            continue
        if _VECTOR.match(line):
            last_vector = s
        elif re.match(r"^[\w.$]+:", line):  # a label: a new block, the scan starts over
            last_vector = ""
        out.append(line)
    return "".join(out)


def _drop_dscnt_before_barrier(text, args):
    lines = text.splitlines(keepends=True)
    out = []
    for i, line in enumerate(lines):
        nxt = lines[i + 1].strip() if i + 1 < len(lines) else ""
        if line.strip() == "s_wait_dscnt 0x0" and nxt.startswith("s_barrier_signal"):
            continue
        out.append(line)
    return "".join(out)


EDITS = {
    "crash-bf16-wmma-isel": _crash_bf16_wmma_isel,
    "crash-globalisel-load-tr": _crash_globalisel_load_tr,
    "swmmac-index-trunc16": _swmmac_index_trunc16,
    "drop-wmma-vnop": _drop_wmma_vnop,
    "drop-dscnt-before-barrier": _drop_dscnt_before_barrier,
}
MODES = tuple(EDITS)


def edit(text, mode, args=()):
    return EDITS[mode](text, list(args))
