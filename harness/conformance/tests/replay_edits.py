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
"""
import re

MODES = ("inline-const-bf16", "drop-wait-loadcnt-waw", "drop-depctr-va-sdst", "drop-depctr-va-vcc",
         "drop-depctr-sa-sdst")

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


_EDITS = {
    "inline-const-bf16": _inline_const_bf16,
    "drop-wait-loadcnt-waw": _drop_wait_loadcnt_waw,
    "drop-depctr-va-sdst": _drop_depctr("depctr_va_sdst"),
    "drop-depctr-va-vcc": _drop_depctr("depctr_va_vcc"),
    "drop-depctr-sa-sdst": _drop_depctr("depctr_sa_sdst"),
}


def edit_text(mode, text):
    """The assembly `text` as the buggy compiler of `mode` emitted it."""
    return "".join(_EDITS[mode](text.splitlines(keepends=True)))
