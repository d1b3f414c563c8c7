"""Fragment pictures: SVG drawings of the MEASURED fragment layouts (wave32 and wave64 dense
WMMA, SWMMAC, transpose loads), next to the DOCUMENTED ones.

Input: the JSON files the layout probes write (runtime/layout/*.hip, schema
"rdna4-layout-probe/1", format in Inputs/cpu-reference/layout_probe.h). The lit runs write them
beside each test (`%t.json` under the lit exec root, <build>/lit/tcN-runtime/...), so
`render_all` searches a directory tree for them.

Output: OUT_DIR/layouts/<probe>-<operand>-<device>.svg (report.py shows every SVG in
OUT_DIR/layouts/) and OUT_DIR/layouts/differences.txt.

  render_all(layout_dir, out_dir, since=None, toolchains=None) -> list[str]
      draws every probe file under layout_dir (files older than `since`, an epoch time,
      are skipped: stale outputs of an earlier run). Returns one line per differing
      matrix cell ("DIFFERENCE ...") and per unreadable probe file ("ERROR ..."); an
      empty list means every measured layout equals the documented one.
  python3 -m conformance.layout_svg [--since EPOCH] [--results RESULTS_JSON] PATH... OUT_DIR
      (PYTHONPATH=harness; --results names the toolchains tcN from a run's results.json)
      exit 0: all match; 1: differences; 2: bad input (no probe file, malformed file).

The documented layouts are computed here from the formulas of docs/facts/layouts.md#wave32-a-and-b,
docs/facts/layouts.md#wave64-layouts (UNVERIFIED on hardware) and docs/facts/transpose.md#transpose-b128
(written from those texts, not shared with the emulator or the runtime tests), and each probe
file's own "documented" entries are checked against them.

Pictures (as seed 001's figures, docs/facts/starting-pages.md#seed-001): one grid per operand, a cell per matrix element,
showing the lane and VGPR.element that hold it (vG.e = VGPR G of the operand, element e
= bits [w*e+w-1 : w*e]); colour = lane group (lanes 0-15 rose, 16-31 grey; transpose
loads: groups of 8 lanes). A cell where measurement and documentation differ is split:
top = documented, bottom = measured, red border. Each picture names the device of the
measurement: device=emu pictures show the emulator's model, not a hardware fact; the
global_load_tr_b64 model is UNVERIFIED (docs/facts/transpose.md#transpose-b64) and says so.
"""
import argparse
import json
import os
import re
import sys
import textwrap
from xml.sax.saxutils import escape, quoteattr

SCHEMA = "rdna4-layout-probe/1"
GENERATOR = "rdna4-conformance layout_svg"
SUBDIR = "layouts"


class LayoutError(Exception):
    """A probe file that cannot be drawn (message names the file and the problem)."""


# ------------------------------------------------------------------ documented layouts
# A/B operand classes (docs/facts/layouts.md#wave32-a-and-b table): regs, bits per element, K;
# wave64 (docs/facts/layouts.md#wave64-layouts): half the VGPRs (iu4 16x16x16: still one).
AB_SHAPE = {"b16": (4, 16, 16), "b8": (2, 8, 16), "iu4x16": (1, 4, 16), "iu4x32": (2, 4, 32)}
AB_SHAPE64 = {"b16": (2, 16, 16), "b8": (1, 8, 16), "iu4x16": (1, 4, 16), "iu4x32": (1, 4, 32)}
_WMMA_RE = re.compile(r"^v_wmma_(f32|f16|bf16|i32)_16x16x(16|32)_"
                      r"(f16|bf16|iu8|iu4|fp8_fp8|fp8_bf8|bf8_fp8|bf8_bf8)$")


def wmma_classes(instruction):
    """(A/B class, C/D bits) of a dense wave32 WMMA instruction; LayoutError otherwise."""
    m = _WMMA_RE.match(instruction or "")
    if not m:
        raise LayoutError("no documented layout for instruction %r (known: the dense wave32 "
                          "v_wmma_* of docs/facts/layouts.md)" % (instruction,))
    acc, k, src = m.groups()
    if src in ("f16", "bf16"):
        cls = "b16"
    elif src == "iu4":
        cls = "iu4x32" if k == "32" else "iu4x16"
    else:
        cls = "b8"
    if (k == "32") != (cls == "iu4x32"):
        raise LayoutError("no documented layout for instruction %r (K=%s)" % (instruction, k))
    return cls, (32 if acc in ("f32", "i32") else 16)


def doc_ab(cls, i, k, wave=32):
    """(lane, gpr, bit) of A[i][k] (or of B[k][j] with i := j)."""
    if wave == 64:   # docs/facts/layouts.md#wave64-layouts
        if cls == "b16":   # GPR (k/2)%2, bits 16*(k%2), lane 32*((k/8)%2)+16*((k/4)%2)+i
            return 32 * ((k // 8) % 2) + 16 * ((k // 4) % 2) + i, (k // 2) % 2, 16 * (k % 2)
        if cls == "b8":    # GPR 0, bits 8*(k%4), lane 32*((k/4)%2)+16*((k/8)%2)+i
            return 32 * ((k // 4) % 2) + 16 * ((k // 8) % 2) + i, 0, 8 * (k % 4)
        if cls == "iu4x16":  # GPR 0, bits 4*(k%8), lane 16*(k/8)+i (lanes 32-63 unused)
            return 16 * (k // 8) + i, 0, 4 * (k % 8)
        if cls == "iu4x32":  # GPR 0, bits 4*(k%8), lane 32*((k/8)%2)+16*((k/16)%2)+i
            return 32 * ((k // 8) % 2) + 16 * ((k // 16) % 2) + i, 0, 4 * (k % 8)
        raise ValueError(cls)
    if cls == "b16":   # GPR 2*(k/8)+(k/2)%2, bits 16*(k%2), lane 16*((k/4)%2)+i
        return 16 * ((k // 4) % 2) + i, 2 * (k // 8) + (k // 2) % 2, 16 * (k % 2)
    if cls == "b8":    # GPR (k/4)%2, bits 8*(k%4), lane 16*(k/8)+i
        return 16 * (k // 8) + i, (k // 4) % 2, 8 * (k % 4)
    if cls == "iu4x16":  # GPR 0, bits 4*(k%8), lane 16*(k/8)+i
        return 16 * (k // 8) + i, 0, 4 * (k % 8)
    if cls == "iu4x32":  # GPR (k/8)%2, bits 4*(k%8), lane 16*(k/16)+i
        return 16 * (k // 16) + i, (k // 8) % 2, 4 * (k % 8)
    raise ValueError(cls)


def doc_cd(bits, i, j, wave=32):
    """(lane, gpr, bit) of C/D[i][j]: 32-bit: GPR i%8; 16-bit: GPR (i/2)%4, bits 16*(i%2);
    lane 16*(i/8)+j (rows 0-7 in lanes 0-15). Wave64: 32-bit GPR i%4, 16-bit GPR (i/2)%2,
    bits 16*(i%2); lane 32*((i/4)%2)+16*(i/8)+j."""
    if wave == 64:
        lane = 32 * ((i // 4) % 2) + 16 * (i // 8) + j
        return (lane, i % 4, 0) if bits == 32 else (lane, (i // 2) % 2, 16 * (i % 2))
    if bits == 32:
        return 16 * (i // 8) + j, i % 8, 0
    return 16 * (i // 8) + j, (i // 2) % 4, 16 * (i % 2)


def doc_tr(b128, L, j):
    """(source lane, source element) of element j of lane L after a transpose load.
    B128: dst[L].e[j] = R(8*(L/8)+j)[L%8].  B64 (UNVERIFIED, CK-derived):
    dst[16h+m].byte[f] = R(16h + 8*(f/4) + 4*(m/8) + f%4)[m%8]."""
    if b128:
        return 8 * (L // 8) + j, L % 8
    h, m = L // 16, L % 16
    return 16 * h + 8 * (j // 4) + 4 * (m // 8) + j % 4, m % 8


# ------------------------------------------------------------------ picture model
class Cell:
    __slots__ = ("doc", "meas")

    def __init__(self, doc):
        self.doc = doc      # (lane, gpr, elem)
        self.meas = []      # [(lane, gpr, elem)], measured holders of this element

    def differs(self):
        return self.meas != [self.doc]


class Picture:
    def __init__(self, probe, operand, title, rows, cols, row_axis, col_axis, name, bits, group_lanes,
                 lanes=32):
        self.probe, self.operand, self.title = probe, operand, title
        self.lanes = lanes          # lanes of the wave (32 or 64)
        self.rows, self.cols, self.row_axis, self.col_axis = rows, cols, row_axis, col_axis
        self.name = name            # matrix name used in cell ids, e.g. "A" -> A[i][k]
        self.bits = bits            # element width in the VGPRs (32 = whole VGPR)
        self.group_lanes = group_lanes  # lanes per colour group (16 WMMA, 8 or 16 transpose)
        self.cells = {}
        self.notes = []             # extra lines (UNVERIFIED, K order, unplaced fields)
        self.device = self.status = ""
        self.archs, self.device_names = [], []   # every file merged into this picture
        self.sources = []

    def fingerprint(self):
        return (self.probe, self.operand, self.device,
                tuple(sorted((rc, tuple(c.meas)) for rc, c in self.cells.items())), tuple(self.notes))

    def differing(self):
        return [rc for rc in sorted(self.cells) if self.cells[rc].differs()]

    def cell_id(self, rc):
        return "%s[%d][%d]" % (self.name, rc[0], rc[1])


def slot_text(slot, bits):
    lane, gpr, elem = slot
    return "L%d v%d" % (lane, gpr) if bits == 32 else "L%d v%d.%d" % (lane, gpr, elem)


def slot_long(slot, bits):
    lane, gpr, elem = slot
    if bits == 32:
        return "lane %d VGPR %d" % (lane, gpr)
    return "lane %d VGPR %d bits %d-%d" % (lane, gpr, bits * elem, bits * elem + bits - 1)


# ------------------------------------------------------------------ reading probe files
def _int(v, lo, hi, what, path):
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v < hi:
        raise LayoutError("%s: %s = %r: expected an integer in [%d, %d)" % (path, what, v, lo, hi))
    return v


def _single(v):
    """A measured coordinate: an int, a list of candidates, or null. The int or None."""
    if isinstance(v, int) and not isinstance(v, bool):
        return v
    if isinstance(v, list) and len(v) == 1 and isinstance(v[0], int) and not isinstance(v[0], bool):
        return v[0]
    return None


def load(path):
    """Parse and check one probe file; returns the dict. LayoutError on any problem."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as e:
        raise LayoutError("%s: cannot read: %s" % (path, e.strerror or e))
    try:
        d = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError) as e:
        raise LayoutError("%s: not valid JSON: %s" % (path, e))
    if not isinstance(d, dict):
        raise LayoutError("%s: expected a JSON object, got %s" % (path, type(d).__name__))
    if d.get("schema") != SCHEMA:
        raise LayoutError("%s: schema is %r, expected %r" % (path, d.get("schema"), SCHEMA))
    for key in ("probe", "device", "arch", "instruction", "operands"):
        if key not in d:
            raise LayoutError("%s: missing key %r" % (path, key))
    if d["device"] not in ("emu", "hw"):
        raise LayoutError("%s: device is %r, expected 'emu' or 'hw'" % (path, d["device"]))
    if not isinstance(d["operands"], dict) or not d["operands"]:
        raise LayoutError("%s: 'operands' must be a non-empty object" % path)
    if not isinstance(d["probe"], str) or not re.match(r"^[A-Za-z0-9_.-]+$", d["probe"]):
        raise LayoutError("%s: probe name %r is not a plain identifier" % (path, d["probe"]))
    return d


def _fields(d, op, regs, bits, keys, path, lanes=32):
    o = d["operands"].get(op)
    if not isinstance(o, dict):
        raise LayoutError("%s: operands.%s missing or not an object" % (path, op))
    if o.get("regs") != regs or o.get("bits") != bits:
        raise LayoutError("%s: operands.%s has regs=%r bits=%r; %s needs %d VGPRs of %d-bit fields"
                          % (path, op, o.get("regs"), o.get("bits"), d["instruction"], regs, bits))
    fl = o.get("fields")
    if not isinstance(fl, list):
        raise LayoutError("%s: operands.%s.fields missing or not a list" % (path, op))
    want = lanes * regs * (32 // bits)
    if len(fl) != want:
        raise LayoutError("%s: operands.%s.fields has %d entries, expected %d (%d lanes x %d VGPRs x %d fields)"
                          % (path, op, len(fl), want, lanes, regs, 32 // bits))
    out, seen = [], set()
    for n, f in enumerate(fl):
        where = "operands.%s.fields[%d]" % (op, n)
        if not isinstance(f, dict) or not isinstance(f.get("measured"), dict):
            raise LayoutError("%s: %s: expected an object with lane, gpr, bit, measured" % (path, where))
        lane = _int(f.get("lane"), 0, lanes, where + ".lane", path)
        gpr = _int(f.get("gpr"), 0, regs, where + ".gpr", path)
        bit = _int(f.get("bit"), 0, 32, where + ".bit", path)
        if bit % bits:
            raise LayoutError("%s: %s.bit = %d is not a multiple of %d" % (path, where, bit, bits))
        if (lane, gpr, bit) in seen:
            raise LayoutError("%s: %s: field (lane %d, VGPR %d, bit %d) listed twice" % (path, where, lane, gpr, bit))
        seen.add((lane, gpr, bit))
        m = f["measured"]
        for k in keys:
            if k not in m:
                raise LayoutError("%s: %s.measured has no %r" % (path, where, k))
            v = m[k]
            ok = v is None or (isinstance(v, int) and not isinstance(v, bool)) or \
                (isinstance(v, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in v))
            if not ok:
                raise LayoutError("%s: %s.measured.%s = %r: expected an integer, a list of integers or null"
                                  % (path, where, k, v))
        docd = f.get("documented") if isinstance(f.get("documented"), dict) else None
        out.append(((lane, gpr, bit // bits), tuple(m[k] for k in keys),
                    tuple(docd.get(k) for k in keys) if docd else None))
    return out


def _status(pic, d):
    pic.device = d["device"]
    pic.archs = [str(d["arch"])]
    pic.device_names = [str(d["device_name"])] if d.get("device_name") else []
    pic.status = str(d.get("status", ""))


def _wave_size(d, path):
    wave = d.get("wave_size", 32)
    if wave not in (32, 64):
        raise LayoutError("%s: wave_size = %r: expected 32 or 64" % (path, wave))
    return wave


def _classify(d, path, classes):
    """classes(instruction) with the probe file's path in its error."""
    try:
        return classes(d["instruction"])
    except LayoutError as e:
        raise LayoutError("%s: %s" % (path, e))


def _check_depth(d, path, K):
    if d.get("K", K) != K:
        raise LayoutError("%s: K = %r, but %s has K = %d" % (path, d.get("K"), d["instruction"], K))


def wmma_pictures(d, path):
    cls, dbits = _classify(d, path, wmma_classes)
    wave = _wave_size(d, path)
    regs, bits, K = (AB_SHAPE if wave == 32 else AB_SHAPE64)[cls]
    _check_depth(d, path, K)
    dregs = (8 if dbits == 32 else 4) * 32 // wave
    probe, ins = d["probe"], d["instruction"]
    pics = []
    specs = [("A", "A[i][k], %d x %d: row i, column k" % (16, K), 16, K, "i", "k", ("row", "k")),
             ("B", "B[k][j], %d x %d: row k, column j" % (K, 16), K, 16, "k", "j", ("col", "k")),
             ("D", "C/D[i][j], 16 x 16 (C shares D's layout)", 16, 16, "i", "j", ("row", "col"))]
    for op, desc, R, C, ra, ca, keys in specs:
        if op == "D":
            fl = _fields(d, "D", dregs, dbits, keys, path, wave)
            fbits = dbits
        else:
            fl = _fields(d, op, regs, bits, keys, path, wave)
            fbits = bits
        title = "%s%s: %s" % (ins, " (wave64)" if wave == 64 else "", desc)
        pic = Picture(probe, op, title, R, C, ra, ca, op if op != "D" else "D", fbits, 16, wave)
        _status(pic, d)
        # Documented: cell -> slot (formula), and slot -> cell for checking the file's entries.
        slot_of_doc = {}
        for r in range(R):
            for c in range(C):
                if op == "A":
                    lane, gpr, bit = doc_ab(cls, r, c, wave)
                elif op == "B":      # B[k][j]: read the A formula with i := j
                    lane, gpr, bit = doc_ab(cls, c, r, wave)
                else:
                    lane, gpr, bit = doc_cd(dbits, r, c, wave)
                slot = (lane, gpr, bit // fbits)
                pic.cells[(r, c)] = Cell(slot)
                slot_of_doc[slot] = (r, c)
        unplaced, disagree, unused = [], [], 0
        for slot, meas, filedoc in fl:
            if slot not in slot_of_doc and all(v is None for v in meas):
                unused += 1   # documented unused (e.g. wave64 iu4 16x16x16 lanes 32-63), none measured
                if filedoc is not None and any(v is not None for v in filedoc):
                    disagree.append(slot)
                continue
            # measured keys -> (row, col) of the picture
            if op == "A":
                r, c = _single(meas[0]), _single(meas[1])
            elif op == "B":
                c, r = _single(meas[0]), _single(meas[1])   # (col j, k) -> row k, col j
            else:
                r, c = _single(meas[0]), _single(meas[1])
            if r is not None and c is not None and 0 <= r < R and 0 <= c < C:
                pic.cells[(r, c)].meas.append(slot)
            else:
                unplaced.append("%s: %s" % (slot_long(slot, fbits),
                                            ", ".join("%s %s" % (k, json.dumps(v)) for k, v in zip(keys, meas))))
            if filedoc is not None:
                mine = slot_of_doc.get(slot)
                theirs = (filedoc[1], filedoc[0]) if op == "B" else filedoc
                if mine != tuple(theirs):
                    disagree.append(slot)
        if unplaced:
            pic.notes.append("%d field(s) without one measured position, e.g. %s" % (len(unplaced), unplaced[0]))
        if unused:
            pic.notes.append("%d field(s) documented unused and measured unused (reach no element)" % unused)
        if wave == 64:
            pic.notes.append("UNVERIFIED: the wave64 layouts come from AMD's Matrix Instruction Calculator "
                             "(docs/facts/unverified.md#wave64_layouts), not from a hardware measurement")
        if disagree:
            pic.notes.append("NOTE: the probe file's 'documented' entries disagree with docs/facts/layouts.md "
                             "(as computed here) for %d field(s), e.g. %s"
                             % (len(disagree), slot_long(disagree[0], fbits)))
        if op in ("A", "B"):
            pic.notes.append("K is observable only as A-B pairing: measured k = documented k of the "
                             "%s fields paired with it" % ("B" if op == "A" else "A"))
        pics.append(pic)
    return pics


# ------------------------------------------------------------------ SWMMAC (sparse A)
# docs/facts/layouts.md#swmmac-formulas (AMD Matrix Instruction Calculator; UNVERIFIED).
_SWMMAC_RE = re.compile(r"^v_swmmac_(f32|f16|bf16|i32)_16x16x(32|64)_"
                        r"(f16|bf16|iu8|iu4|fp8_fp8|fp8_bf8|bf8_fp8|bf8_bf8)$")
SP_BITS = {"b16": 16, "b8": 8, "iu4x32": 4, "iu4x64": 4}


def swmmac_classes(instruction):
    """(kind, C/D bits) of a v_swmmac_* instruction; LayoutError otherwise."""
    m = _SWMMAC_RE.match(instruction or "")
    if not m:
        raise LayoutError("no documented layout for instruction %r (known: the v_swmmac_* of "
                          "docs/facts/layouts.md#swmmac-formulas)" % (instruction,))
    acc, k, src = m.groups()
    kind = "b16" if src in ("f16", "bf16") else ("iu4x64" if k == "64" else "iu4x32") if src == "iu4" else "b8"
    if (k == "64") != (kind == "iu4x64"):
        raise LayoutError("no documented layout for instruction %r (K=%s)" % (instruction, k))
    return kind, (32 if acc in ("f32", "i32") else 16)


def sp_depth(kind):
    return 64 if kind == "iu4x64" else 32


def sp_regs(kind, wave):
    """(A VGPRs, B VGPRs)."""
    if wave == 32:
        return {"b16": (4, 8), "b8": (2, 4), "iu4x32": (1, 2), "iu4x64": (2, 4)}[kind]
    return {"b16": (2, 4), "b8": (1, 2), "iu4x32": (1, 1), "iu4x64": (1, 2)}[kind]


def sp_sets(kind, wave):
    if wave == 32:
        return 1 if kind == "iu4x64" else 2
    return 4 if kind in ("b16", "b8") else 2


def sp_a_pair(kind, i, g, wave):
    """(lane, gpr, lowest bit) of the two kept values of row i, group g."""
    if wave == 32:
        if kind == "b16":
            return 16 * ((g // 2) % 2) + i, 2 * (g // 4) + g % 2, 0
        if kind == "b8":
            return 16 * (g // 4) + i, (g // 2) % 2, 16 * (g % 2)
        if kind == "iu4x32":
            return 16 * (g // 4) + i, 0, 8 * (g % 4)
        return 16 * (g // 8) + i, (g // 4) % 2, 8 * (g % 4)
    if kind == "b16":
        return 16 * (g // 2) + i, g % 2, 0
    if kind == "b8":
        return 32 * ((g // 2) % 2) + 16 * (g // 4) + i, 0, 16 * (g % 2)
    if kind == "iu4x32":
        return 16 * (g // 4) + i, 0, 8 * (g % 4)
    return 32 * ((g // 4) % 2) + 16 * (g // 8) + i, 0, 8 * (g % 4)


def sp_b(kind, j, k, wave):
    """(lane, gpr, bit) of the dense B[k][j] of a SWMMAC."""
    if wave == 32:
        if kind == "b16":
            return 16 * ((k // 8) % 2) + j, 4 * (k // 16) + (k // 2) % 4, 16 * (k % 2)
        if kind == "b8":
            return 16 * (k // 16) + j, (k // 4) % 4, 8 * (k % 4)
        if kind == "iu4x32":
            return 16 * (k // 16) + j, (k // 8) % 2, 4 * (k % 8)
        return 16 * (k // 32) + j, (k // 8) % 4, 4 * (k % 8)
    if kind == "b16":
        return 16 * (k // 8) + j, (k // 2) % 4, 16 * (k % 2)
    if kind == "b8":
        return 32 * ((k // 8) % 2) + 16 * (k // 16) + j, (k // 4) % 2, 8 * (k % 4)
    if kind == "iu4x32":
        return 32 * ((k // 8) % 2) + 16 * (k // 16) + j, 0, 4 * (k % 8)
    return 32 * ((k // 16) % 2) + 16 * (k // 32) + j, (k // 8) % 2, 4 * (k % 8)


def sp_index(kind, i, g, wave, key):
    """(lane, 0, bit) of the 4-bit index field of row i, group g in index set `key`."""
    if wave == 32:
        bit = 8 * (g // 4) + 4 * (g % 2) if kind == "b16" else 4 * (g % 8) if kind == "iu4x64" else 4 * (g % 4)
    else:
        bit = 4 * (g % 2) if kind in ("b16", "b8") else 4 * (g % 4)
    return sp_a_pair(kind, i, g, wave)[0], 0, bit + key * 32 // sp_sets(kind, wave)


def _grid(d, path, op, title, R, C, axes, name, fbits, regs, keys, doc_slot, to_rc, wave, notes):
    """One picture of a sparse-probe operand: doc_slot(r, c) -> (lane, gpr, bit) documented,
    to_rc(measured values) -> (r, c) of the cell a field was measured at."""
    fl = _fields(d, op, regs, fbits, keys, path, wave)
    pic = Picture(d["probe"], op, title, R, C, axes[0], axes[1], name, fbits, 16, wave)
    _status(pic, d)
    slot_of_doc = {}
    for r in range(R):
        for c in range(C):
            lane, gpr, bit = doc_slot(r, c)
            slot = (lane, gpr, bit // fbits)
            pic.cells[(r, c)] = Cell(slot)
            slot_of_doc[slot] = (r, c)
    unplaced, disagree, unused = [], [], 0
    for slot, meas, filedoc in fl:
        if slot not in slot_of_doc and all(v is None for v in meas):
            unused += 1
            if filedoc is not None and any(v is not None for v in filedoc):
                disagree.append(slot)
            continue
        r, c = to_rc(tuple(_single(v) for v in meas))
        if r is not None and c is not None and 0 <= r < R and 0 <= c < C:
            pic.cells[(r, c)].meas.append(slot)
        else:
            unplaced.append("%s: %s" % (slot_long(slot, fbits),
                                        ", ".join("%s %s" % (k, json.dumps(v)) for k, v in zip(keys, meas))))
        if filedoc is not None:
            theirs = None if all(v is None for v in filedoc) else to_rc(tuple(filedoc))
            if slot_of_doc.get(slot) != theirs:
                disagree.append(slot)
    if unplaced:
        pic.notes.append("%d field(s) without one measured position, e.g. %s" % (len(unplaced), unplaced[0]))
    if unused:
        pic.notes.append("%d field(s) documented unused and measured unused (reach no element)" % unused)
    if disagree:
        pic.notes.append("NOTE: the probe file's 'documented' entries disagree with docs/facts/layouts.md "
                         "(as computed here) for %d field(s), e.g. %s" % (len(disagree), slot_long(disagree[0], fbits)))
    pic.notes += notes
    return pic


def swmmac_pictures(d, path):
    kind, dbits = _classify(d, path, swmmac_classes)
    wave = _wave_size(d, path)
    K, bits = sp_depth(kind), SP_BITS[kind]
    G = K // 4
    _check_depth(d, path, K)
    ar, br = sp_regs(kind, wave)
    dregs = (8 if dbits == 32 else 4) * 32 // wave
    ins = "%s (wave%d)" % (d["instruction"], wave)
    common = ["UNVERIFIED: SWMMAC layouts and index semantics come from AMD's Matrix Instruction Calculator "
              "(docs/facts/unverified.md#sparse_index%s), not from a hardware measurement"
              % (", #wave64_layouts" if wave == 64 else "")]
    pics = [
        _grid(d, path, "A", "%s: compressed A, 16 x %d: row i, slot s = 2*group + v (kept value v of the group)"
              % (ins, K // 2), 16, K // 2, ("i", "s"), "A", bits, ar, ("row", "slot"),
              lambda r, c: (lambda t: (t[0], t[1], t[2] + (c % 2) * bits))(sp_a_pair(kind, r, c // 2, wave)),
              lambda m: (m[0], m[1]), wave,
              ["the slot's K is set by the index: group g, kept value v sits at K 4g + (position v)"] + common),
        _grid(d, path, "B", "%s: B[k][j], %d x 16: row k, column j" % (ins, K), K, 16, ("k", "j"), "B", bits, br,
              ("col", "k"), lambda r, c: sp_b(kind, c, r, wave), lambda m: (m[1], m[0]), wave, common),
        _grid(d, path, "D", "%s: C/D[i][j], 16 x 16 (C shares D's layout)" % ins, 16, 16, ("i", "j"), "D", dbits,
              dregs, ("row", "col"), lambda r, c: doc_cd(dbits, r, c, wave), lambda m: (m[0], m[1]), wave, common),
    ]
    keys = sorted(k for k in d["operands"] if k.startswith("index_key"))
    if not keys:
        raise LayoutError("%s: a SWMMAC probe file needs operands.index_key<N>" % path)
    for op in keys:
        key = d["operands"][op].get("index_key") if isinstance(d["operands"][op], dict) else None
        if not isinstance(key, int) or isinstance(key, bool) or not 0 <= key < sp_sets(kind, wave) \
                or op != "index_key%d" % key:
            raise LayoutError("%s: operands.%s: index_key %r is not one of the %d index sets"
                              % (path, op, key, sp_sets(kind, wave)))
        pics.append(_grid(d, path, op, "%s: index field of row i, group g, index_key %d (bit offset %d)"
                          % (ins, key, key * 32 // sp_sets(kind, wave)), 16, G, ("i", "g"), "I", 4, 1,
                          ("row", "group"), lambda r, c, key=key: sp_index(kind, r, c, wave, key),
                          lambda m: (m[0], m[1]), wave,
                          ["4-bit field: bits [1:0] = position of kept value 0, [3:2] of kept value 1"] + common))
    return pics


# Wave64 candidates (docs/facts/transpose.md#transpose-wave64; none is documented): block
# transposes that generalise the wave32 rules to half-width lanes. (source lane, element) of
# element j of lane L.
TR64_CANDIDATES = {
    "tr4x4": lambda L, j: (4 * (L // 4) + j, L % 4),
    "tr8x4x8": lambda L, j: (8 * (L // 8) + 2 * j + (L % 8) // 4, (L % 8) % 4),
    "tr16i": lambda L, j: (16 * (L // 16) + 2 * (2 * j + (L % 16) // 8) + (L % 8) // 4, (L % 8) % 4),
}


def transpose_pictures(d, path):
    tr = d["operands"].get("transpose")
    wave = _wave_size(d, path)
    lanes, elems = (32, 8) if wave == 32 else (64, 4)
    if not isinstance(tr, dict) or not tr:
        raise LayoutError("%s: operands.transpose missing or empty" % path)
    pics = []
    for builtin in sorted(tr):
        t = tr[builtin]
        where = "operands.transpose.%s" % builtin
        if not re.match(r"^[A-Za-z0-9_]+$", builtin):
            raise LayoutError("%s: %s: builtin name is not an identifier" % (path, where))
        if "tr_b128" in builtin:
            b128 = True
        elif "tr_b64" in builtin:
            b128 = False
        else:
            raise LayoutError("%s: %s: not a global_load_tr_b128/_b64 builtin" % (path, where))
        if not isinstance(t, dict):
            raise LayoutError("%s: %s: expected an object" % (path, where))
        bits = 16 if b128 else 8
        if t.get("bits") != bits:
            raise LayoutError("%s: %s.bits = %r, expected %d" % (path, where, t.get("bits"), bits))
        cols = ["dst_lane", "dst_element", "src_lane", "src_element"]
        if t.get("mapping_columns") != cols:
            raise LayoutError("%s: %s.mapping_columns = %r, expected %r" % (path, where, t.get("mapping_columns"), cols))
        mp = t.get("mapping")
        if not isinstance(mp, list) or len(mp) != lanes * elems:
            raise LayoutError("%s: %s.mapping: expected %d [dst_lane, dst_element, src_lane, src_element] rows"
                              % (path, where, lanes * elems))
        per = 32 // bits
        name = builtin.replace("global_load_tr_", "")
        title = "%s: R(s)[e] = element e fetched by lane s, %d x %d (row s, column e)%s" % (
            builtin, lanes, elems, " (wave64)" if wave == 64 else "")
        cand = None
        if wave == 64:
            cand = t.get("model") if t.get("model") in TR64_CANDIDATES else "tr4x4"
            group = {"tr4x4": 4, "tr8x4x8": 8, "tr16i": 16}[cand]
        else:
            group = 8 if b128 else 16
        pic = Picture(d["probe"], name, title, lanes, elems, "s", "e", "R", bits, group, lanes)
        _status(pic, d)
        for L in range(lanes):
            for j in range(elems):
                s, e = doc_tr(b128, L, j) if wave == 32 else TR64_CANDIDATES[cand](L, j)
                pic.cells[(s, e)] = Cell((L, j // per, j % per))
        seen = set()
        for n, row in enumerate(mp):
            if not isinstance(row, list) or len(row) != 4:
                raise LayoutError("%s: %s.mapping[%d] = %r: expected 4 integers" % (path, where, n, row))
            L = _int(row[0], 0, lanes, "%s.mapping[%d] dst_lane" % (where, n), path)
            j = _int(row[1], 0, elems, "%s.mapping[%d] dst_element" % (where, n), path)
            s = _int(row[2], 0, lanes, "%s.mapping[%d] src_lane" % (where, n), path)
            e = _int(row[3], 0, elems, "%s.mapping[%d] src_element" % (where, n), path)
            if (L, j) in seen:
                raise LayoutError("%s: %s.mapping[%d]: lane %d element %d listed twice" % (path, where, n, L, j))
            seen.add((L, j))
            pic.cells[(s, e)].meas.append((L, j // per, j % per))
        if wave == 64:
            pic.notes.append("UNVERIFIED: no wave64 mapping is documented (docs/facts/transpose.md#transpose-wave64, "
                             "docs/facts/unverified.md#tr_wave64); drawn against candidate %s%s"
                             % (cand, "" if t.get("model") == cand else
                                " (the probe file names no matching candidate)"))
        elif b128:
            pic.notes.append("documented: dst[L].e[j] = R(8*(L/8)+j)[L%8] (docs/facts/transpose.md#transpose-b128, "
                             "third-party hardware measurement)")
        else:
            pic.notes.append("UNVERIFIED model: dst[16h+m].byte[f] = R(16h+8*(f/4)+4*(m/8)+f%4)[m%8] is an "
                             "inference from CK's addressing (docs/facts/transpose.md#transpose-b64), not confirmed on hardware")
        pics.append(pic)
    return pics


def pictures_of(d, path):
    if "transpose" in d["operands"]:
        return transpose_pictures(d, path)
    if d.get("sparse") is True:
        return swmmac_pictures(d, path)
    return wmma_pictures(d, path)


# ------------------------------------------------------------------ SVG
ROSE, GREY = "#f4c2c8", "#d9d9d9"
GROUP_COLOURS = [ROSE, GREY, "#f7dfb5", "#c6dbef"]
CW, CH, FONT = 60, 34, 10


def _ncolours(pic):
    return 2 if (pic.group_lanes == 16 and pic.lanes == 32) else 4


def _colour(pic, lane):
    g = lane // pic.group_lanes
    return GROUP_COLOURS[g % _ncolours(pic)]


def header_lines(pic):
    dev = pic.device
    if dev == "emu":
        who = "measured on device=emu (%s): the EMULATOR's model, not a hardware fact" % ", ".join(pic.archs)
    else:
        who = "measured on device=hw, %s%s: hardware measurement" % (
            ", ".join(pic.archs), (" (%s)" % ", ".join(pic.device_names)) if pic.device_names else "")
    n = len(pic.differing())
    if pic.name != "R":
        doc = "the documented layout (docs/facts/layouts.md)"
    elif pic.lanes == 64:
        doc = "an UNVERIFIED candidate (docs/facts/transpose.md#transpose-wave64)"
    elif pic.bits == 16:
        doc = "the documented mapping (docs/facts/transpose.md#transpose-b128)"
    else:
        doc = "the UNVERIFIED model (docs/facts/transpose.md#transpose-b64)"
    verdict = ("matches %s" % doc if n == 0
               else "%d cell(s) DIFFER from %s (red: top documented, bottom measured)" % (n, doc))
    lines = [(pic.title, True), (who, dev == "emu"), (verdict, n != 0)]
    if pic.sources:
        lines.append(("from: " + "; ".join(pic.sources), False))
    for note in pic.notes:
        lines.append((note, note.startswith("UNVERIFIED") or note.startswith("NOTE")))
    return lines


def render_svg(pic):
    cw = CW if pic.cols <= 16 else 48
    gw, gh = cw * pic.cols, CH * pic.rows
    left = 34
    width = max(left + gw + 12, 760)
    wrap = max(60, int((width - 12) / 6.8))   # characters per header line at 12px
    lines = [(part, strong) for text, strong in header_lines(pic)
             for part in textwrap.wrap(text, wrap, subsequent_indent="    ")]
    top = 16 + 15 * len(lines) + 22
    legend_h = 64
    height = top + gh + legend_h
    o = ['<?xml version="1.0" encoding="UTF-8"?>',
         '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
         'font-family="sans-serif" font-size="%d" data-generator=%s data-probe=%s data-operand=%s '
         'data-device=%s data-differences="%d">'
         % (width, height, width, height, FONT, quoteattr(GENERATOR), quoteattr(pic.probe),
            quoteattr(pic.operand), quoteattr(pic.device), len(pic.differing())),
         "<title>%s</title>" % escape("%s %s device=%s" % (pic.probe, pic.operand, pic.device)),
         '<rect x="0" y="0" width="%d" height="%d" fill="white"/>' % (width, height)]
    y = 16
    for text, strong in lines:
        o.append('<text x="6" y="%d" font-size="12"%s>%s</text>'
                 % (y, ' font-weight="bold" fill="#a00000"' if strong else "", escape(text)))
        y += 15
    # axes
    o.append('<text x="%d" y="%d" font-size="11">%s &#8594;</text>' % (left, top - 16, escape(pic.col_axis)))
    o.append('<text x="4" y="%d" font-size="11">%s &#8595;</text>' % (top - 4, escape(pic.row_axis)))
    for c in range(pic.cols):
        o.append('<text x="%d" y="%d" text-anchor="middle">%d</text>' % (left + c * cw + cw // 2, top - 4, c))
    for r in range(pic.rows):
        o.append('<text x="%d" y="%d" text-anchor="end">%d</text>' % (left - 4, top + r * CH + CH // 2 + 4, r))
    diffs = []
    for (r, c), cell in sorted(pic.cells.items()):
        x, yy = left + c * cw, top + r * CH
        cid = pic.cell_id((r, c))
        doc = slot_text(cell.doc, pic.bits)
        if not cell.differs():
            tip = "%s: %s" % (cid, slot_long(cell.doc, pic.bits))
            o.append('<g class="cell" data-cell=%s><title>%s</title>' % (quoteattr(cid), escape(tip)))
            o.append('<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#666" stroke-width="0.5"/>'
                     % (x, yy, cw, CH, _colour(pic, cell.doc[0])))
            lane, rest = doc.split(" ", 1)
            o.append('<text x="%d" y="%d" text-anchor="middle">%s</text>' % (x + cw // 2, yy + 14, escape(lane)))
            o.append('<text x="%d" y="%d" text-anchor="middle">%s</text></g>' % (x + cw // 2, yy + 27, escape(rest)))
            continue
        meas = "/".join(slot_text(s, pic.bits) for s in cell.meas) if cell.meas else "none"
        if len(cell.meas) > 1:
            meas = "%s +%d" % (slot_text(cell.meas[0], pic.bits), len(cell.meas) - 1)
        tip = "%s: documented %s; measured %s" % (
            cid, slot_long(cell.doc, pic.bits),
            " and ".join(slot_long(s, pic.bits) for s in cell.meas) if cell.meas else "no field")
        mcol = _colour(pic, cell.meas[0][0]) if cell.meas else "white"
        o.append('<g class="cell diff" data-cell=%s data-documented=%s data-measured=%s><title>%s</title>'
                 % (quoteattr(cid), quoteattr(doc), quoteattr(meas), escape(tip)))
        o.append('<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>' % (x, yy, cw, CH // 2, _colour(pic, cell.doc[0])))
        o.append('<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>' % (x, yy + CH // 2, cw, CH - CH // 2, mcol))
        o.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#a00000" stroke-dasharray="2,2"/>'
                 % (x, yy + CH // 2, x + cw, yy + CH // 2))
        o.append('<text x="%d" y="%d" text-anchor="middle" font-size="9">%s</text>'
                 % (x + cw // 2, yy + 13, escape(doc)))
        o.append('<text x="%d" y="%d" text-anchor="middle" font-size="9" font-weight="bold">%s</text>'
                 % (x + cw // 2, yy + CH - 5, escape(meas)))
        diffs.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#d00000" stroke-width="2.5"/>'
                     % (x + 1, yy + 1, cw - 2, CH - 2))
        o.append("</g>")
    o += diffs  # red borders on top of the neighbours
    # 8-row / 16-lane guide lines (seed 001: rows 0-7 vs 8-15)
    o.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#000" stroke-width="1"/>'
             % (left, top, gw, gh))
    # legend
    ly = top + gh + 18
    n, gl = _ncolours(pic), pic.group_lanes
    groups = [(GROUP_COLOURS[g], "lanes %d-%d" % (gl * g, gl * g + gl - 1)) for g in range(n)]
    if pic.lanes // gl > n:
        groups[-1] = (groups[-1][0], groups[-1][1] + " ...")
    x = 6
    for col, label in groups:
        o.append('<rect x="%d" y="%d" width="14" height="12" fill="%s" stroke="#666" stroke-width="0.5"/>'
                 % (x, ly - 10, col))
        o.append('<text x="%d" y="%d">%s</text>' % (x + 18, ly, escape(label)))
        x += 100
    o.append('<rect x="%d" y="%d" width="14" height="12" fill="white" stroke="#d00000" stroke-width="2"/>'
             % (x, ly - 10))
    o.append('<text x="%d" y="%d">differs: top = documented, bottom = measured</text>' % (x + 18, ly))
    elem = "whole VGPR" if pic.bits == 32 else "bits [%d*e+%d : %d*e]" % (pic.bits, pic.bits - 1, pic.bits)
    what = ("destination lane L and VGPR G.element e holding the element" if pic.name == "R"
            else "lane L and VGPR G.element e of the operand holding the element")
    o.append('<text x="6" y="%d">cell: "L v G.e" = %s (%d-bit elements, e = %s)</text>'
             % (ly + 18, escape(what), pic.bits, escape(elem)))
    o.append('<text x="6" y="%d" fill="#555">%s</text>' % (ly + 34, escape(
        "documented: computed by harness/conformance/layout_svg.py from docs/facts/layouts.md and transpose.md")))
    o.append("</svg>")
    return "\n".join(o) + "\n"


# ------------------------------------------------------------------ driver
def find_probe_files(root, since=None):
    """Probe files under root (a file or a directory tree): every *.json whose text names the
    schema. Files that do not mention the schema are someone else's JSON and are skipped."""
    if os.path.isfile(root):
        return [root]
    out = []
    for dp, dns, fns in os.walk(root):
        dns.sort()
        for fn in sorted(fns):
            if not fn.endswith(".json"):
                continue
            p = os.path.join(dp, fn)
            try:
                if since is not None and os.path.getmtime(p) < since:
                    continue
                with open(p, "rb") as f:
                    head = f.read(4096)
            except OSError:
                continue
            if SCHEMA.encode() in head:
                out.append(p)
    return out


def _source_label(path, root, d, toolchains=None):
    """"<arch> tcN-runtime (<toolchain version>)": the lit exec root of `rdna4-conformance run`
    is <build>/lit/tcN-<suite>, N indexing its toolchain list."""
    tag = ""
    rel = os.path.relpath(path, root) if os.path.isdir(root) else os.path.basename(path)
    for part in rel.split(os.sep):
        m = re.match(r"^tc(\d+)(-\w+)?$", part)
        if m:
            tag = part
            n = int(m.group(1))
            if toolchains and n < len(toolchains) and isinstance(toolchains[n], dict) \
                    and toolchains[n].get("version"):
                tag += " (%s)" % toolchains[n]["version"]
            break
    return "%s%s" % (d["arch"], (" " + tag) if tag else "")


class Summary:
    def __init__(self):
        self.files, self.svgs, self.differences, self.errors = [], [], [], []

    def lines(self):
        return ["ERROR " + e for e in self.errors] + ["DIFFERENCE " + x for x in self.differences]


def _write(s, groups, lay):
    os.makedirs(lay, exist_ok=True)
    for fn in os.listdir(lay):   # our own pictures of an earlier run, never anyone else's files
        p = os.path.join(lay, fn)
        if fn.endswith(".svg"):
            try:
                with open(p, "rb") as f:
                    mine = GENERATOR.encode() in f.read(2048)
            except OSError:
                mine = False
            if mine:
                os.remove(p)
    used = {}
    for pic in sorted(groups.values(), key=lambda q: (q.probe, q.operand, q.device, q.sources)):
        base = re.sub(r"[^A-Za-z0-9_.-]", "_", "%s-%s-%s" % (pic.probe, pic.operand, pic.device))
        n = used.get(base, 0)
        used[base] = n + 1
        fn = base + ("" if n == 0 else "-variant%d" % n) + ".svg"
        path = os.path.join(lay, fn)
        with open(path, "w", encoding="utf-8") as f:
            f.write(render_svg(pic))
        s.svgs.append(path)
        where = "%s %s device=%s (%s) [%s]" % (pic.probe, pic.operand, pic.device, "; ".join(pic.sources), fn)
        for rc in pic.differing():
            c = pic.cells[rc]
            s.differences.append("%s: %s: documented %s, measured %s" % (
                where, pic.cell_id(rc), slot_long(c.doc, pic.bits),
                " and ".join(slot_long(x, pic.bits) for x in c.meas) if c.meas else "no field"))
    with open(os.path.join(lay, "differences.txt"), "w") as f:
        f.write("# layout_svg: %d probe file(s), %d picture(s), %d differing cell(s), %d error(s)\n"
                % (len(s.files), len(s.svgs), len(s.differences), len(s.errors)))
        for line in s.lines():
            f.write(line + "\n")


def render(paths, out_dir, since=None, toolchains=None):
    """Draw every probe file found under `paths`; write OUT_DIR/layouts/*.svg and
    differences.txt. Returns a Summary; never raises for a bad probe file or an
    unwritable OUT_DIR (both become errors in the Summary)."""
    s = Summary()
    groups = {}   # fingerprint -> Picture (sources merged)
    for root in paths:
        if not os.path.exists(root):
            s.errors.append("%s: no such file or directory" % root)
            continue
        for p in find_probe_files(root, since):
            s.files.append(p)
            try:
                d = load(p)
                pics = pictures_of(d, p)
            except LayoutError as e:
                s.errors.append(str(e))
                continue
            src = _source_label(p, root, d, toolchains)
            for pic in pics:
                key = pic.fingerprint()
                if key in groups:
                    g = groups[key]
                    for lst, v in ((g.sources, src), (g.archs, pic.archs[0])) + \
                            tuple((g.device_names, n) for n in pic.device_names):
                        if v not in lst:
                            lst.append(v)
                else:
                    pic.sources = [src]
                    groups[key] = pic
    try:
        _write(s, groups, os.path.join(out_dir, SUBDIR))
    except OSError as e:
        s.errors.append("cannot write the layout pictures to %s: %s" % (os.path.join(out_dir, SUBDIR), e))
    return s


def render_all(layout_dir, out_dir, since=None, toolchains=None):
    """Entry point for `rdna4-conformance run`: pictures of every probe file under layout_dir
    (mtime >= since, if given) into OUT_DIR/layouts/. `toolchains`: results.json's toolchain
    list, to name tcN in the pictures. Returns the DIFFERENCE/ERROR lines (empty: every
    measured layout equals the documented one, or no probe file was found)."""
    if not os.path.exists(layout_dir):
        return []
    return render([layout_dir], out_dir, since, toolchains).lines()


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m conformance.layout_svg",
                                 description="SVG pictures of measured RDNA4 fragment layouts "
                                             "(layout probe JSON files) against the documented ones.")
    ap.add_argument("paths", nargs="+", metavar="LAYOUT_DIR_OR_FILE",
                    help="probe JSON files or directories searched for them")
    ap.add_argument("out_dir", metavar="OUT_DIR", help="pictures go to OUT_DIR/layouts/")
    ap.add_argument("--since", type=float, default=None,
                    help="skip probe files older than this epoch time (stale outputs)")
    ap.add_argument("--results", metavar="RESULTS_JSON", default=None,
                    help="results.json of the run: names the toolchains tcN in the pictures")
    a = ap.parse_args(argv)
    toolchains = None
    if a.results:
        try:
            with open(a.results) as f:
                toolchains = json.load(f).get("toolchains")
        except (OSError, ValueError, AttributeError) as e:
            print("ERROR %s: cannot read the toolchain list: %s" % (a.results, e), file=sys.stderr)
            return 2
    s = render(a.paths, a.out_dir, a.since, toolchains)
    for p in s.svgs:
        print("wrote %s" % p)
    for line in s.lines():
        print(line)
    if not s.files and not s.errors:
        print("ERROR no layout probe files (schema %s) under %s" % (SCHEMA, ", ".join(a.paths)), file=sys.stderr)
        return 2
    print("%d probe file(s), %d picture(s), %d differing cell(s), %d error(s)"
          % (len(s.files), len(s.svgs), len(s.differences), len(s.errors)))
    if s.errors:
        return 2
    return 1 if s.differences else 0


if __name__ == "__main__":
    sys.exit(main())
