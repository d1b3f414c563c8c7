#!/usr/bin/env python3
"""Golden-vector runner: hand-derived corner cases, one instruction per line,
run on the emulator and compared bit for bit. Format: ../tests/golden/README.md.

    golden.py --emu build/.../rdna4-emu [--work DIR] [--llvm 22,19] FILE.golden...

Each vector becomes one kernel (set inputs, run the instruction, store the
checked registers to an output buffer); all kernels of a file are assembled
by one llvm-mc + ld.lld call per toolchain and run by one `rdna4-emu batch`.
Exit status: 0 all vectors pass; 1 a mismatch, an emulator fault, a malformed
line or a line llvm-mc rejects; 2 missing tools, files or a tool failure.
"""
import argparse
import os
import re
import sys

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    __package__ = "isa_ref"

from . import fp  # noqa: E402
from . import kernel as K  # noqa: E402


class FormatError(Exception):
    pass


# ---------------------------------------------------------------------------
# Parsing
# ---------------------------------------------------------------------------

class Target:
    """A named location: kind v/s (registers), scc, mode, buf, lds.
    For registers: first register `reg`, `count` 32-bit registers, `lane`
    (None = every lane). For buf: index `buf`, byte `offset` (None = whole)."""

    def __init__(self, kind, reg=0, count=1, lane=None, buf=None, offset=None, name=""):
        self.kind, self.reg, self.count, self.lane = kind, reg, count, lane
        self.buf, self.offset, self.name = buf, offset, name

    @property
    def bits(self):
        return 1 if self.kind == "scc" else 32 * self.count


SPECIAL_SGPR = {"vcc_lo": 106, "vcc_hi": 107, "m0": 125, "exec_lo": 126, "exec_hi": 127}


def parse_target(name, wave64):
    n = name.strip().lower()
    m = re.fullmatch(r"([vs])(\d+)(?:\[(\d+)\])?", n)
    if m:
        lane = int(m.group(3)) if m.group(3) is not None else None
        if m.group(1) == "s" and lane is not None:
            raise FormatError("an SGPR has no lanes: %r" % name)
        return Target(m.group(1), int(m.group(2)), 1, lane, name=n)
    m = re.fullmatch(r"([vs])\[(\d+):(\d+)\](?:\[(\d+)\])?", n)
    if m:
        lo, hi = int(m.group(2)), int(m.group(3))
        if hi < lo:
            raise FormatError("bad register range %r" % name)
        lane = int(m.group(4)) if m.group(4) is not None else None
        if m.group(1) == "s" and lane is not None:
            raise FormatError("an SGPR has no lanes: %r" % name)
        return Target(m.group(1), lo, hi - lo + 1, lane, name=n)
    if n in ("vcc", "exec"):
        return Target("s", 106 if n == "vcc" else 126, 2 if wave64 else 1, name=n)
    if n in SPECIAL_SGPR:
        return Target("s", SPECIAL_SGPR[n], 1, name=n)
    if n == "scc":
        return Target("scc", name=n)
    if n == "mode":
        return Target("mode", name=n)
    m = re.fullmatch(r"buf(\d+)(?:\[(\d+|0x[0-9a-f]+)\])?", n)
    if m:
        return Target("buf", buf=int(m.group(1)), offset=int(m.group(2), 0) if m.group(2) else None, name=n)
    m = re.fullmatch(r"lds(?:\[(\d+|0x[0-9a-f]+)\])?", n)
    if m:
        return Target("lds", offset=int(m.group(1), 0) if m.group(1) else None, name=n)
    raise FormatError("unknown name %r (v<N>, v[a:b], v<N>[lane], s<N>, s[a:b], vcc, exec, scc, m0, mode, "
                      "buf<K>, buf<K>[off], lds, lds[off])" % name)


class Addr:
    """&buf<K>+<off>: an address computed in the kernel."""

    def __init__(self, buf, off):
        self.buf, self.off = buf, off

    def __repr__(self):
        return "&buf%d%+d" % (self.buf, self.off)


def parse_scalar(text, bits):
    """One value for a location of `bits` bits -> int (masked) or Addr."""
    t = text.strip()
    m = re.fullmatch(r"&buf(\d+)(?:([+-])(0x[0-9a-fA-F]+|\d+))?", t)
    if m:
        off = int(m.group(3), 0) if m.group(3) else 0
        return Addr(int(m.group(1)), -off if m.group(2) == "-" else off)
    m = re.fullmatch(r"(f16|bf16|f32|f64)\((.*)\)", t)
    if m:
        fmt = fp.FORMATS[m.group(1)]
        if fmt.width > bits:
            raise FormatError("%s is wider than its %d-bit location" % (t, bits))
        try:
            return fp.parse_literal(m.group(2), fmt)
        except (ValueError, ZeroDivisionError) as e:
            raise FormatError("bad float literal %r: %s" % (t, e))
    bare = t.lower().lstrip("+-")
    if bare in ("inf", "nan", "snan", "qnan", "infinity") and bits in (32, 64):
        return fp.parse_literal(t, fp.F32 if bits == 32 else fp.F64)  # f32 (f64 in a 64-bit location)
    try:
        v = int(t, 0)
    except ValueError:
        raise FormatError("bad value %r (integer, f16/bf16/f32/f64(...), &buf<K>+N or [list])" % t)
    if v < -(1 << (bits - 1)) or v >= (1 << bits):
        raise FormatError("value %s does not fit %d bits" % (t, bits))
    return v & ((1 << bits) - 1)


def parse_value(text, target):
    """-> ('scalar', v) | ('list', [v...]) | ('bytes', b)"""
    t = text.strip()
    if target.kind in ("buf", "lds"):
        m = re.fullmatch(r"zeros\((\d+|0x[0-9a-fA-F]+)\)", t)
        if m:
            return ("bytes", bytes(int(m.group(1), 0)))
        h = t.replace("_", "")
        if not re.fullmatch(r"([0-9a-fA-F]{2})+", h):
            raise FormatError("%s takes hex bytes (two digits each, e.g. 0011aabb) or zeros(N), not %r" %
                              (target.name, t))
        return ("bytes", bytes.fromhex(h))
    if t.startswith("["):
        if not t.endswith("]"):
            raise FormatError("unterminated list %r" % t)
        if target.kind != "v" or target.lane is not None:
            raise FormatError("a per-lane list needs a whole VGPR (not %s)" % target.name)
        items = [x for x in t[1:-1].split(",")]
        if not items or any(not x.strip() for x in items):
            raise FormatError("empty element in list %r" % t)
        return ("list", [parse_scalar(x, target.bits) for x in items])
    v = parse_scalar(t, target.bits)
    if isinstance(v, Addr) and target.kind not in ("v", "s"):
        raise FormatError("an address goes in registers, not %s" % target.name)
    return ("scalar", v)


def split_assignments(text):
    """'a=1 b=[1, 2] c=f32(1.5)' -> ['a=1', 'b=[1, 2]', 'c=f32(1.5)'] (spaces
    inside brackets and parentheses do not split)."""
    out, cur, depth = [], "", 0
    for c in text:
        if c in "[(":
            depth += 1
        elif c in "])":
            depth -= 1
        if c.isspace() and depth == 0:
            if cur:
                out.append(cur)
            cur = ""
        else:
            cur += c
    if depth != 0:
        raise FormatError("unbalanced brackets in %r" % text)
    if cur:
        out.append(cur)
    return out


class Vector:
    def __init__(self, path, lineno, line):
        self.path, self.lineno, self.line = path, lineno, line
        self.wave64 = False
        self.insn = ""
        self.inputs = []  # [(Target, parsed value)]
        self.outputs = []

    @property
    def lanes(self):
        return 64 if self.wave64 else 32

    def where(self):
        return "%s:%d" % (self.path, self.lineno)


def parse_assignments(text, wave64):
    out = []
    for a in split_assignments(text):
        if "=" not in a:
            raise FormatError("expected NAME=VALUE, got %r" % a)
        name, val = a.split("=", 1)
        t = parse_target(name, wave64)
        out.append((t, parse_value(val, t)))
    return out


def parse_file(path):
    vectors, errors = [], []
    with open(path) as f:
        for i, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            body = line.split("#", 1)[0].strip()
            if not body:
                continue
            v = Vector(path, i, line.strip())
            try:
                if body.startswith("w64:"):
                    v.wave64 = True
                    body = body[4:].strip()
                elif body.startswith("w32:"):
                    body = body[4:].strip()
                parts = body.split(";")
                if len(parts) != 3:
                    raise FormatError("expected '<instruction> ; <inputs> ; <outputs>' (3 fields separated by ';')")
                v.insn = parts[0].strip()
                if not v.insn:
                    raise FormatError("no instruction")
                v.inputs = parse_assignments(parts[1], v.wave64)
                v.outputs = parse_assignments(parts[2], v.wave64)
                if not v.outputs:
                    raise FormatError("no outputs to check")
                for t, (kind, val) in v.outputs:
                    if kind == "scalar" and isinstance(val, Addr):
                        raise FormatError("an output cannot be an address")
                    if t.kind == "buf" and t.offset is None:
                        raise FormatError("expected memory needs an offset: buf<K>[offset]=hexbytes")
                    if t.kind == "lds" and t.offset is None:
                        raise FormatError("expected LDS needs an offset: lds[offset]=hexbytes")
                for t, (kind, val) in v.inputs:
                    if t.kind in ("buf", "lds") and t.offset is not None:
                        raise FormatError("an input buffer is given whole: %s=<hex bytes>" % t.name.split("[")[0])
                _check_lanes(v)
            except FormatError as e:
                errors.append("%s:%d: %s\n  %s" % (path, i, e, line.strip()))
                continue
            vectors.append(v)
    return vectors, errors


def _check_lanes(v):
    for t, _ in v.inputs + v.outputs:
        if t.lane is not None and t.lane >= v.lanes:
            raise FormatError("lane %d of %s: a wave%d has lanes 0..%d" % (t.lane, t.name, v.lanes, v.lanes - 1))
        if t.kind == "s" and t.reg + t.count > 128:
            raise FormatError("no SGPR %s" % t.name)
        if t.kind == "v" and t.reg + t.count > 256:
            raise FormatError("no VGPR %s" % t.name)


# ---------------------------------------------------------------------------
# Kernel generation
# ---------------------------------------------------------------------------

REG_RE = re.compile(r"\b([vs])(\d+)\b|\b([vs])\[(\d+):(\d+)\]|\bttmp")


def used_registers(text):
    """VGPR and SGPR numbers the instruction text names."""
    vs, ss = set(), set()
    for m in REG_RE.finditer(text.lower()):
        if m.group(1):
            (vs if m.group(1) == "v" else ss).add(int(m.group(2)))
        elif m.group(3):
            (vs if m.group(3) == "v" else ss).update(range(int(m.group(4)), int(m.group(5)) + 1))
    return vs, ss


class Plan:
    """Kernel text and the buffer layout of one vector."""

    def __init__(self):
        self.body = []
        self.in_words = []  # input buffer, 32-bit words
        self.out_slots = []  # (Target, index of 32-bit register within it, slot) per checked word
        self.n_out = 0
        self.bufs = []  # buffer indices used (kernel args 2.. in this order)
        self.lds = b""
        self.lds_size = 0


def _values_per_lane(kind, val, lanes, count):
    """-> per register of the range, per lane: int or Addr (an Addr fills
    the low and high word of a pair)."""
    vals = val if kind == "list" else [val]
    per_lane = [vals[i % len(vals)] for i in range(lanes)]
    return per_lane


def plan_vector(v):
    W = v.lanes
    p = Plan()
    vused, sused = used_registers(v.insn)
    for t, _ in v.inputs + v.outputs:
        if t.kind == "v":
            vused.update(range(t.reg, t.reg + t.count))
        elif t.kind == "s":
            sused.update(range(t.reg, t.reg + t.count))
    free_v = [r for r in range(255, -1, -1) if r not in vused]
    free_s = [r for r in range(105, 1, -1) if r not in sused]

    def vreg():
        if not free_v:
            raise FormatError("no free VGPR for the test scaffolding")
        return free_v.pop(0)

    def spair():
        for r in free_s:
            if r % 2 == 0 and r + 1 in free_s:
                free_s.remove(r)
                free_s.remove(r + 1)
                return r
        raise FormatError("no free SGPR pair for the test scaffolding")

    def sreg():
        if not free_s:
            raise FormatError("no free SGPR for the test scaffolding")
        return free_s.pop(0)

    def bufarg(k):
        if k not in p.bufs:
            p.bufs.append(k)
        return 2 + p.bufs.index(k)

    # buffers given as inputs, in order of appearance
    buf_init = {}
    for t, (kind, val) in v.inputs:
        if t.kind == "buf":
            if t.buf in buf_init:
                raise FormatError("buf%d given twice" % t.buf)
            buf_init[t.buf] = val
            bufarg(t.buf)
        elif t.kind == "lds":
            p.lds = val
    for t, (kind, val) in v.inputs:
        if kind == "scalar" and isinstance(val, Addr) or kind == "list" and any(isinstance(x, Addr) for x in val):
            addrs = [val] if kind == "scalar" else val
            for a in addrs:
                if not isinstance(a, Addr):
                    raise FormatError("%s: a list mixes addresses and numbers" % t.name)
                if a.buf not in buf_init:
                    raise FormatError("%s uses &buf%d but buf%d is not an input" % (t.name, a.buf, a.buf))
            if len(set(a.buf for a in addrs)) != 1:
                raise FormatError("%s: a list's addresses must all be in one buffer" % t.name)
            if t.count > 2:
                raise FormatError("an address is 64 bits: %s is too wide" % t.name)
    for t, (kind, val) in v.outputs:
        if t.kind == "buf":
            if t.buf not in buf_init:
                raise FormatError("buf%d is checked but not an input" % t.buf)
            if t.offset + len(val) > len(buf_init[t.buf]):
                raise FormatError("%s: %d bytes past the end of buf%d (%d bytes)" %
                                  (t.name, len(val), t.buf, len(buf_init[t.buf])))
        elif t.kind == "lds":
            p.lds_size = max(p.lds_size, t.offset + len(val))
    p.lds_size = max(p.lds_size, len(p.lds))
    p.lds_size = (p.lds_size + 4 * W - 1) // (4 * W) * (4 * W)

    S_IN, S_OUT = spair(), spair()
    s_buf = {}
    vT = vreg()
    b = p.body
    b.append("s_load_b64 s[%d:%d], s[0:1], 0x0" % (S_IN, S_IN + 1))
    b.append("s_load_b64 s[%d:%d], s[0:1], 0x8" % (S_OUT, S_OUT + 1))
    for k in p.bufs:
        s_buf[k] = spair()
        b.append("s_load_b64 s[%d:%d], s[0:1], 0x%x" % (s_buf[k], s_buf[k] + 1, 8 * bufarg(k)))
    b.append("s_wait_kmcnt 0x0")
    b.append("v_lshlrev_b32 v%d, 2, v0" % vT)
    # the kernarg pointer (s[0:1]) and the work-item id (v0) are not inputs: start them at zero
    b.append("s_mov_b64 s[0:1], 0")
    b.append("v_mov_b32 v0, 0")

    def in_slot(words_per_lane):
        slot = len(p.in_words) // W
        p.in_words.extend(words_per_lane)
        return slot * 4 * W

    # LDS contents: copied from the input buffer, 4*W bytes per round
    if p.lds:
        vD = vreg()
        data = p.lds + bytes(-len(p.lds) % (4 * W))
        for r in range(0, len(data), 4 * W):
            words = [int.from_bytes(data[r + 4 * i: r + 4 * i + 4], "little") for i in range(W)]
            off = in_slot(words)
            b.append("global_load_b32 v%d, v%d, s[%d:%d] offset:%d" % (vD, vT, S_IN, S_IN + 1, off))
            b.append("s_wait_loadcnt 0x0")
            b.append("ds_store_b32 v%d, v%d offset:%d" % (vT, vD, r))
        b.append("s_wait_dscnt 0x0")
        free_v.insert(0, vD)

    # VGPR inputs: every lane from the input buffer; lane-specific entries override
    vin = {}  # register -> per-lane values (int or ('addr', Addr, half))
    order = []
    for t, (kind, val) in v.inputs:
        if t.kind != "v":
            continue
        for i in range(t.count):
            r = t.reg + i
            if r not in vin:
                vin[r] = [0] * W
                order.append(r)
        lanes = range(W) if t.lane is None else [t.lane]
        per_lane = _values_per_lane(kind, val, W, t.count)
        for lane in lanes:
            x = per_lane[lane] if t.lane is None else val
            for i in range(t.count):
                if isinstance(x, Addr):
                    vin[t.reg + i][lane] = ("addr", x, i)
                else:
                    vin[t.reg + i][lane] = (x >> (32 * i)) & 0xffffffff
    addr_fix = []  # (low reg, high reg or None, buffer)
    for r in order:
        words = []
        abuf = None
        for x in vin[r]:
            if isinstance(x, tuple):
                a, half = x[1], x[2]
                abuf = a.buf
                words.append((a.off >> (32 * half)) & 0xffffffff)
            else:
                words.append(x)
        off = in_slot(words)
        b.append("global_load_b32 v%d, v%d, s[%d:%d] offset:%d" % (r, vT, S_IN, S_IN + 1, off))
        if abuf is not None and any(isinstance(x, tuple) and x[2] == 0 for x in vin[r]):
            hi = r + 1 if r + 1 in vin and any(isinstance(x, tuple) and x[2] == 1 for x in vin[r + 1]) else None
            addr_fix.append((r, hi, abuf))
    if order or p.lds:
        b.append("s_wait_loadcnt 0x0")
    for lo, hi, k in addr_fix:
        if hi is None:
            b.append("v_add_nc_u32 v%d, s%d, v%d" % (lo, s_buf[k], lo))
        else:
            sc = spair() if v.wave64 else sreg()
            sc_name = "s[%d:%d]" % (sc, sc + 1) if v.wave64 else "s%d" % sc
            b.append("v_add_co_u32 v%d, %s, s%d, v%d" % (lo, sc_name, s_buf[k], lo))
            b.append("v_add_co_ci_u32_e64 v%d, %s, s%d, v%d, %s" % (hi, sc_name, s_buf[k] + 1, hi, sc_name))

    # scalar inputs
    exec_val = scc_val = mode_val = None
    for t, (kind, val) in v.inputs:
        if t.kind == "s":
            if t.reg == 126:
                if isinstance(val, Addr):
                    raise FormatError("exec cannot hold an address")
                exec_val = (t, val)
                continue
            if isinstance(val, Addr):
                k = val.buf
                lo_off = val.off & 0xffffffff
                hi_off = (val.off >> 32) & 0xffffffff
                b.append("s_add_co_u32 s%d, s%d, 0x%x" % (t.reg, s_buf[k], lo_off))
                if t.count > 1:
                    b.append("s_add_co_ci_u32 s%d, s%d, 0x%x" % (t.reg + 1, s_buf[k] + 1, hi_off))
                continue
            for i in range(t.count):
                b.append("s_mov_b32 %s, 0x%x" % (sgpr_name(t.reg + i), (val >> (32 * i)) & 0xffffffff))
        elif t.kind == "scc":
            scc_val = val
        elif t.kind == "mode":
            mode_val = val
    if mode_val is not None:
        b.append("s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0x%x" % mode_val)
    if exec_val is not None:
        t, val = exec_val
        for i in range(t.count):
            b.append("s_mov_b32 %s, 0x%x" % (sgpr_name(126 + i), (val >> (32 * i)) & 0xffffffff))
    if scc_val is not None:
        b.append("s_cmp_eq_u32 0, %d" % (0 if scc_val else 1))

    b.append(v.insn)
    b.append("s_wait_loadcnt 0x0")
    b.append("s_wait_storecnt 0x0")
    b.append("s_wait_dscnt 0x0")
    b.append("s_wait_kmcnt 0x0")

    # save what the scaffolding below changes: SCC, EXEC, MODE
    saved = {}
    for t, _ in v.outputs:
        if t.kind == "scc" and "scc" not in saved:
            saved["scc"] = sreg()
            b.append("s_cselect_b32 s%d, 1, 0" % saved["scc"])
    for t, _ in v.outputs:
        if t.kind == "s" and {126, 127} & set(range(t.reg, t.reg + t.count)):
            if "exec" not in saved:
                saved["exec"] = spair()
                b.append("s_mov_b32 s%d, exec_lo" % saved["exec"])
                b.append("s_mov_b32 s%d, exec_hi" % (saved["exec"] + 1))
        if t.kind == "mode" and "mode" not in saved:
            saved["mode"] = sreg()
            b.append("s_getreg_b32 s%d, hwreg(HW_REG_MODE)" % saved["mode"])
    b.append("s_mov_b32 exec_lo, -1")
    if v.wave64:
        b.append("s_mov_b32 exec_hi, -1")

    def out_slot(t, i):
        slot = p.n_out
        p.n_out += 1
        p.out_slots.append((t, i, slot))
        return slot * 4 * W

    vX = vreg()
    for t, (kind, val) in v.outputs:
        if t.kind == "v":
            for i in range(t.count):
                off = out_slot(t, i)
                b.append("global_store_b32 v%d, v%d, s[%d:%d] offset:%d" % (vT, t.reg + i, S_OUT, S_OUT + 1, off))
        elif t.kind in ("s", "scc", "mode"):
            for i in range(t.count if t.kind == "s" else 1):
                if t.kind == "scc":
                    src = "s%d" % saved["scc"]
                elif t.kind == "mode":
                    src = "s%d" % saved["mode"]
                elif t.reg + i in (126, 127):
                    src = "s%d" % (saved["exec"] + t.reg + i - 126)
                else:
                    src = sgpr_name(t.reg + i)
                off = out_slot(t, i)
                b.append("v_mov_b32 v%d, %s" % (vX, src))
                b.append("global_store_b32 v%d, v%d, s[%d:%d] offset:%d" % (vT, vX, S_OUT, S_OUT + 1, off))
    # LDS checks: read back every checked word (aligned) through lane 0's slot
    lds_words = sorted({w for t, (kind, val) in v.outputs if t.kind == "lds"
                        for w in range(t.offset // 4, (t.offset + len(val) + 3) // 4)})
    p.lds_slots = {}
    if lds_words:
        vA = vreg()
        b.append("v_mov_b32 v%d, 0" % vA)
        for w in lds_words:
            slot = p.n_out
            p.n_out += 1
            p.lds_slots[w] = slot
            b.append("ds_load_b32 v%d, v%d offset:%d" % (vX, vA, 4 * w))
            b.append("s_wait_dscnt 0x0")
            b.append("global_store_b32 v%d, v%d, s[%d:%d] offset:%d" % (vT, vX, S_OUT, S_OUT + 1, slot * 4 * W))
    b.append("s_endpgm")
    p.buf_init = buf_init
    return p


def sgpr_name(r):
    names = {106: "vcc_lo", 107: "vcc_hi", 125: "m0", 126: "exec_lo", 127: "exec_hi"}
    return names.get(r, "s%d" % r)


# ---------------------------------------------------------------------------
# Checking
# ---------------------------------------------------------------------------

def fmt_val(x, bits):
    if isinstance(x, Addr):
        return repr(x)
    return "0x%0*x" % ((bits + 3) // 4, x)


def describe(assignments):
    out = []
    for t, (kind, val) in assignments:
        if kind == "bytes":
            out.append("%s=%s" % (t.name, val.hex()))
        elif kind == "list":
            out.append("%s=[%s]" % (t.name, ",".join(fmt_val(x, t.bits) for x in val)))
        else:
            out.append("%s=%s" % (t.name, fmt_val(val, t.bits)))
    return " ".join(out)


def check_vector(v, p, res):
    """-> list of mismatch strings (empty: pass)."""
    W = v.lanes
    if res.exit != 0:
        return ["emulator %s" % (res.fault.strip() or "exit %d" % res.exit)]
    out = res.buffers[0]
    bufs = dict(zip(p.bufs, res.buffers[1:]))

    def word(slot, lane):
        o = slot * 4 * W + 4 * lane
        return int.from_bytes(out[o:o + 4], "little")

    slots = {}
    for t, i, slot in p.out_slots:
        slots[(id(t), i)] = slot
    bad = []
    for t, (kind, val) in v.outputs:
        if t.kind in ("v", "s", "scc", "mode"):
            lanes = [0] if t.kind != "v" else (range(W) if t.lane is None else [t.lane])
            vals = val if kind == "list" else [val]
            nbad = 0
            for lane in lanes:
                got = 0
                for i in range(t.count if t.kind in ("v", "s") else 1):
                    got |= word(slots[(id(t), i)], lane) << (32 * i)
                exp = vals[lane % len(vals)] if t.lane is None else val
                if t.kind == "scc":
                    got &= 1
                if got != exp:
                    nbad += 1
                    if nbad <= 4:
                        where = "%s[%d]" % (t.name, lane) if t.kind == "v" and t.lane is None else t.name
                        bad.append("%s: expected %s, got %s" % (where, fmt_val(exp, t.bits), fmt_val(got, t.bits)))
            if nbad > 4:
                bad.append("%s: %d lanes differ in all" % (t.name, nbad))
        elif t.kind == "buf":
            got = bufs[t.buf][t.offset:t.offset + len(val)]
            if got != val:
                bad.append("%s: expected %s, got %s" % (t.name, val.hex(), got.hex()))
        elif t.kind == "lds":
            data = b"".join(word(p.lds_slots[w], 0).to_bytes(4, "little")
                            for w in range(t.offset // 4, (t.offset + len(val) + 3) // 4))
            got = data[t.offset % 4: t.offset % 4 + len(val)]
            if got != val:
                bad.append("%s: expected %s, got %s" % (t.name, val.hex(), got.hex()))
    return bad


def launch_for(v, p, name):
    W = v.lanes
    bufs = [(4 * len(p.in_words), b"".join(x.to_bytes(4, "little") for x in p.in_words), False),
            (4 * W * max(p.n_out, 1), None, True)]
    for k in p.bufs:
        bufs.append((len(p.buf_init[k]), p.buf_init[k], True))
    return K.Launch(name, W, bufs)


def run_file(path, emu, work, toolchains, hazards, verbose=False):
    """Returns (n_pass, failures [str], errors [str], notes [str])."""
    vectors, errors = parse_file(path)
    failures, notes = [], []
    plans = {}
    for idx, v in enumerate(vectors):
        try:
            plans[idx] = plan_vector(v)
        except FormatError as e:
            errors.append("%s: %s\n  %s" % (v.where(), e, v.line))
    os.makedirs(work, exist_ok=True)
    base = os.path.splitext(os.path.basename(path))[0]
    npass = nfail = 0
    for wave64 in (False, True):
        idxs = [i for i in plans if vectors[i].wave64 == wave64]
        if not idxs:
            continue
        kernels = []
        for i in idxs:
            p = plans[i]
            body = "\n".join("  " + x for x in p.body)
            kernels.append(K.Kernel("g%d" % i, body, 2 + len(p.bufs), wave64=wave64, lds=p.lds_size))
        # assemble with every toolchain; run each distinct .text once
        runs = []  # (co, {idx}) for each distinct code
        seen = {}
        primary_rejected = set()
        for n, (ver, bindir) in enumerate(toolchains):
            pb = os.path.join(work, "%s.%s.llvm%d" % (base, "w64" if wave64 else "w32", ver))
            co, errs = K.assemble_all(kernels, pb, bindir, wave64)
            for name, msg in sorted(errs.items()):
                i = int(name[1:])
                v = vectors[i]
                if n == 0:
                    primary_rejected.add(i)
                    errors.append("%s: llvm-mc (llvm-%d) rejects the instruction: %s\n  %s" %
                                  (v.where(), ver, msg.strip().splitlines()[0], v.line))
                elif i not in primary_rejected:
                    notes.append("%s: llvm-%d's llvm-mc rejects it (llvm-%d accepts): %s" %
                                 (v.where(), ver, toolchains[0][0], msg.strip().splitlines()[0]))
            if co is None:
                continue
            ok = [i for i in idxs if "g%d" % i not in errs]
            key = K.text_bytes(co) if not errs else None
            if key is not None and key in seen:
                runs[seen[key]][3].append(ver)  # same code: runs once, reported for both
                continue
            if key is not None:
                seen[key] = len(runs)
            runs.append((ver, co, ok, [ver]))
        tested = {}
        failed = {}  # vector -> [message, [toolchain versions]]
        for ver, co, ok, same in runs:
            launches = [launch_for(vectors[i], plans[i], "g%d" % i) for i in ok]
            results = K.run_batch(emu, co, launches, hazards)
            for i, res in zip(ok, results):
                v = vectors[i]
                bad = check_vector(v, plans[i], res)
                if bad:
                    msg = "\n  ".join(bad)
                    if i in failed and failed[i][0] == msg:
                        failed[i][1].extend(same)
                    else:
                        failed.setdefault(i, [msg, list(same)])
                    tested[i] = False
                elif i not in tested:
                    tested[i] = True
        for i, (msg, vers) in sorted(failed.items()):
            v = vectors[i]
            failures.append("%s: FAIL (%s)\n  %s\n  inputs:   %s\n  expected: %s\n  %s" %
                            (v.where(), ", ".join("llvm-%d" % x for x in vers), v.line, describe(v.inputs),
                             describe(v.outputs), msg))
        npass += sum(1 for x in tested.values() if x)
        nfail += sum(1 for x in tested.values() if not x)
    return npass, nfail, len(vectors), failures, errors, notes


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="+")
    ap.add_argument("--emu", required=True, help="path of rdna4-emu")
    ap.add_argument("--work", default=None, help="scratch directory (default: a temporary one)")
    ap.add_argument("--llvm", default="22,19", help="LLVM versions whose llvm-mc/ld.lld assemble the kernels "
                    "(comma separated, first = primary; missing ones are skipped)")
    ap.add_argument("--hazards", default="strict", choices=("strict", "off"))
    args = ap.parse_args(argv)
    tcs = K.find_toolchains(args.llvm)
    if not tcs:
        print("golden: SKIP: no LLVM toolchain with llvm-mc and ld.lld among llvm-%s" % args.llvm, file=sys.stderr)
        return 77
    if not os.access(args.emu, os.X_OK):
        print("golden: no emulator at %s" % args.emu, file=sys.stderr)
        return 2
    work, tmp = K.work_dir(args.work, "golden-")
    total_fail = total_err = 0
    for path in args.files:
        if not os.path.exists(path):
            print("golden: no file %s" % path, file=sys.stderr)
            return 2
        try:
            npass, nfail, n, failures, errors, notes = run_file(path, args.emu, work, tcs, args.hazards)
        except K.ToolError as e:
            print("golden: %s: %s" % (path, e), file=sys.stderr)
            return 2
        for x in errors:
            print("ERROR " + x)
        for x in failures:
            print(x)
        for x in notes:
            print("note: " + x)
        print("%s: %d vectors, %d pass, %d fail, %d errors (toolchains: %s)" %
              (path, n, npass, nfail, len(errors),
               ", ".join("llvm-%d" % v for v, _ in tcs)))
        total_fail += len(failures)
        total_err += len(errors)
    return 1 if total_fail or total_err else 0


if __name__ == "__main__":
    sys.exit(main())
