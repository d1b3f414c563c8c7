"""Replays of upstream gfx12 code generation bugs: each mode rewrites the assembly a correct
clang emits into what the buggy compiler emitted. Used by broken_clang.py (codegen suite) and
corrupting_clang.py (runtime suite); the tests that must catch each replay are asserted by
test_broken_compiler.py and test_corrupting_compiler.py.

  inline-const-bf16        a bf16 WMMA accumulator that is a splat of a 16-bit pattern the
                           compiler materialized as a literal (v_mov/s_mov 0xPPPPPPPP) becomes
                           the inline constant whose f16 or bf16 value has that pattern
                           (0x3f80 and 0x3c00 -> 1.0, ...): a constant folded with the wrong
                           meaning for a packed 16-bit type (llvm PR #84402 era)
  drop-wait-loadcnt-waw    delete the s_wait_loadcnt just before a VMEM load whose address is no
                           load result: the wait that only keeps two loads into one VGPR in
                           order (gfx12 writes VMEM results out of order, llvm PR #105549)
  drop-depctr-va-sdst      remove depctr_va_sdst(0) from every s_wait_alu (llvm PR #118750)
  drop-depctr-va-vcc       remove depctr_va_vcc(0) from every s_wait_alu (llvm PR #118750)
  drop-depctr-sa-sdst      remove depctr_sa_sdst(0) from every s_wait_alu (llvm PR #100067)
An s_wait_alu left with no field is deleted.

Rows of the known-bug table (docs/known-bugs.json; test_known_bug_replay.py runs them):
  crash-bf16-wmma-isel        a compile whose code has v_wmma_bf16_16x16x16_bf16 dies in
                              instruction selection (ROCm 6.3.3,
                              https://github.com/llvm/llvm-project/issues/137008)
  crash-globalisel-load-tr    a -global-isel=1 compile whose code has global_load_tr_b128 dies
                              in the IR translator (clang/llc 22)
  swmmac-index-trunc16        the SWMMAC index VGPR keeps only its low 16 bits (a v_and_b32 with
                              0xffff just before the v_swmmac_*: what the `short` index
                              parameter of clang <= 20 did; llvm PR #129101)
  drop-wmma-vnop              delete every v_nop whose closest preceding vector instruction is a
                              v_wmma_* / v_swmmac_* (the WMMA -> WMMA/SWMMAC hazard separation)
  drop-dscnt-before-barrier   delete the s_wait_dscnt 0x0 right before each s_barrier_signal
                              (llvm PRs #90595 and #159282)
  add-dealloc-vgprs           put s_sendmsg sendmsg(MSG_DEALLOC_VGPRS) before each s_endpgm that
                              lacks it, scratch stores pending or not (llvm PRs #77439, #178401,
                              #178461: the message sent while scratch stores were in flight)
The crash modes raise CompilerCrash: the wrappers print its message and exit with CRASH_STATUS.
"""
import re

CRASH_STATUS = 70  # what clang returns after "fatal error: error in backend"


class CompilerCrash(Exception):
    """The replayed compiler stops with this message on stderr and CRASH_STATUS."""

# 16-bit patterns that are an inline constant of f16 or of bf16, and the token llvm prints.
_INLINE16 = {
    0x3c00: "1.0", 0xbc00: "-1.0", 0x3800: "0.5", 0xb800: "-0.5", 0x4000: "2.0", 0xc000: "-2.0",
    0x4400: "4.0", 0xc400: "-4.0", 0x3118: "0.15915494",                       # f16
    0x3f80: "1.0", 0xbf80: "-1.0", 0x3f00: "0.5", 0xbf00: "-0.5", 0x4080: "4.0", 0xc080: "-4.0",
    0x3e22: "0.15915494",                                                       # bf16
}
_INSN = re.compile(r"^\s+([a-z_][a-z0-9_]*)\b(.*)$")
_VMEM_LOAD = re.compile(r"^(global|scratch|flat|buffer)_load_")


def _mnem(line):
    m = _INSN.match(line.split(";", 1)[0].split("//", 1)[0])
    return (m.group(1), m.group(2).strip()) if m else (None, "")


def _vregs(text):
    """VGPR numbers named in an operand string."""
    regs = set()
    for m in re.finditer(r"\bv\[(\d+):(\d+)\]|\bv(\d+)\b", text):
        if m.group(3):
            regs.add(int(m.group(3)))
        else:
            regs.update(range(int(m.group(1)), int(m.group(2)) + 1))
    return regs


def _inline_const_bf16(lines):
    out, literal = [], None
    for line in lines:
        m, ops = _mnem(line)
        if m and re.match(r"[sv]_(dual_)?mov_b32", m):
            lit = re.search(r",\s*0x([0-9a-f]{8})\b", ops)
            if lit:
                v = int(lit.group(1), 16)
                if v >> 16 == v & 0xffff and (v & 0xffff) in _INLINE16:
                    literal = _INLINE16[v & 0xffff]
        if m and m.startswith("v_wmma_bf16_") and literal:
            line = re.sub(r",\s*v\[\d+:\d+\](\s*)$", lambda x: ", " + literal + x.group(1), line.rstrip("\n")) + \
                ("\n" if line.endswith("\n") else "")
            literal = None
        if line.lstrip().startswith("s_endpgm"):
            literal = None
        out.append(line)
    return out


def _drop_wait_loadcnt_waw(lines):
    loaded = set()
    for line in lines:
        m, ops = _mnem(line)
        if m and _VMEM_LOAD.match(m) and "," in ops:
            loaded |= _vregs(ops.split(",", 1)[0])
    out = []
    for i, line in enumerate(lines):
        m, _ = _mnem(line)
        if m == "s_wait_loadcnt":
            nxt = next((l for l in lines[i + 1:] if _mnem(l)[0]), "")
            nm, nops = _mnem(nxt)
            if nm and _VMEM_LOAD.match(nm) and "," in nops and not (_vregs(nops.split(",", 1)[1]) & loaded):
                continue
        out.append(line)
    return out


def _drop_depctr(field):
    def edit(lines):
        out = []
        for line in lines:
            m, ops = _mnem(line)
            if m == "s_wait_alu" and field in ops:
                rest = re.sub(r"\s*&?\s*" + re.escape(field) + r"\(0\)", "", ops).strip(" &")
                if not rest:
                    continue
                indent = line[:len(line) - len(line.lstrip())]
                line = "%ss_wait_alu %s\n" % (indent, rest)
            out.append(line)
        return out
    return edit


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


def _add_dealloc_vgprs(text, args):
    lines = text.splitlines(keepends=True)
    out = []
    for line in lines:
        if line.strip() == "s_endpgm" and not (out and "MSG_DEALLOC_VGPRS" in out[-1]):
            indent = line[:len(line) - len(line.lstrip())]
            out.append("%ss_sendmsg sendmsg(MSG_DEALLOC_VGPRS)\n" % indent)
        out.append(line)
    return "".join(out)


_EDITS = {
    "inline-const-bf16": _inline_const_bf16,
    "drop-wait-loadcnt-waw": _drop_wait_loadcnt_waw,
    "drop-depctr-va-sdst": _drop_depctr("depctr_va_sdst"),
    "drop-depctr-va-vcc": _drop_depctr("depctr_va_vcc"),
    "drop-depctr-sa-sdst": _drop_depctr("depctr_sa_sdst"),
}
# Whole-text edits of the known-bug rows: (text, compiler arguments) -> text.
_TEXT_EDITS = {
    "crash-bf16-wmma-isel": _crash_bf16_wmma_isel,
    "crash-globalisel-load-tr": _crash_globalisel_load_tr,
    "swmmac-index-trunc16": _swmmac_index_trunc16,
    "drop-wmma-vnop": _drop_wmma_vnop,
    "drop-dscnt-before-barrier": _drop_dscnt_before_barrier,
    "add-dealloc-vgprs": _add_dealloc_vgprs,
}
MODES = tuple(_EDITS) + tuple(_TEXT_EDITS)


def edit_text(mode, text, args=()):
    """The assembly `text` as the buggy compiler of `mode` emitted it (args: the compiler's
    arguments). Raises CompilerCrash for the modes that replay a crash."""
    if mode in _TEXT_EDITS:
        return _TEXT_EDITS[mode](text, list(args))
    return "".join(_EDITS[mode](text.splitlines(keepends=True)))
