"""layout_svg.py: fragment pictures from crafted layout-probe files.

The crafted files are built from seed 001's TABLES (docs/facts/starting-pages.md#seed-001: (VGPR -> K per lane group, rows 0-7 in
lanes 0-15) and the transpose rule of docs/facts/transpose.md#transpose-b128, written out here independently of the
formulas in layout_svg.py."""
import contextlib
import io
import json
import os
import shutil
import sys
import tempfile
import time
import unittest
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
from conformance import layout_svg  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"

# seed 001: "The 8 FP16 elements per lane are distributed across VGPRs":
# lane group -> VGPR -> (K of the low half, K of the high half)
SEED_F16_K = {0: [(0, 1), (2, 3), (8, 9), (10, 11)], 1: [(4, 5), (6, 7), (12, 13), (14, 15)]}


def f16_ab_fields(kind):
    """Fields of a 16-bit A (kind 'A': row, k) or B (kind 'B': col, k) operand, as probe.h
    writes them, with measured == documented (seed 001 table)."""
    out = []
    for lane in range(32):
        for gpr in range(4):
            for half in range(2):
                k = SEED_F16_K[lane // 16][gpr][half]
                pos = {"row" if kind == "A" else "col": lane % 16, "k": k}
                out.append({"lane": lane, "gpr": gpr, "bit": 16 * half, "measured": dict(pos),
                            "documented": dict(pos), "match": True})
    return out


def d32_fields():
    """seed 001: i = floor(L/16)*8 + g, j = L mod 16."""
    out = []
    for lane in range(32):
        for g in range(8):
            pos = {"row": (lane // 16) * 8 + g, "col": lane % 16}
            out.append({"lane": lane, "gpr": g, "bit": 0, "measured": dict(pos), "documented": dict(pos),
                        "match": True})
    return out


def wmma_file(device="emu", arch="gfx1201"):
    return {
        "schema": "rdna4-layout-probe/1", "probe": "wmma_f32_16x16x16_f16_layout",
        "builtin": "__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12",
        "instruction": "v_wmma_f32_16x16x16_f16", "device": device, "arch": arch,
        "device_name": "crafted", "wave_size": 32, "status": "crafted",
        "M": 16, "N": 16, "K": 16,
        "operands": {"A": {"regs": 4, "bits": 16, "fields": f16_ab_fields("A")},
                     "B": {"regs": 4, "bits": 16, "fields": f16_ab_fields("B")},
                     "D": {"regs": 8, "bits": 32, "fields": d32_fields()}},
        "mismatches": 0, "differences": [], "unverified": []}


def find(fields, lane, gpr, bit):
    for f in fields:
        if (f["lane"], f["gpr"], f["bit"]) == (lane, gpr, bit):
            return f
    raise KeyError((lane, gpr, bit))


def tr_mapping(b128):
    """docs/facts/transpose.md#transpose-b128 and #transpose-b64 as a table: B128 dst[L].e[j] = R(8*(L/8)+j)[L%8]; B64 (UNVERIFIED)
    dst[16h+m].byte[f] = R(16h + 8*(f/4) + 4*(m/8) + f%4)[m%8]."""
    rows = []
    for L in range(32):
        for j in range(8):
            if b128:
                rows.append([L, j, 8 * (L // 8) + j, L % 8])
            else:
                h, m = divmod(L, 16)
                rows.append([L, j, 16 * h + 8 * (j // 4) + 4 * (m // 8) + j % 4, m % 8])
    return rows


def tr_file(device="emu"):
    tr = {}
    for b, b128 in (("global_load_tr_b128_v8f16", True), ("global_load_tr_b64_v2i32", False)):
        tr[b] = {"bits": 16 if b128 else 8, "model": "crafted", "matches_model": True,
                 "mapping_columns": ["dst_lane", "dst_element", "src_lane", "src_element"],
                 "mapping": tr_mapping(b128)}
    return {"schema": "rdna4-layout-probe/1", "probe": "global_load_tr_layout",
            "builtin": "__builtin_amdgcn_global_load_tr_*", "instruction": "global_load_tr_b128 / global_load_tr_b64",
            "device": device, "arch": "gfx1201", "status": "crafted",
            "operands": {"transpose": tr}, "mismatches": 0, "differences": []}


class Base(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="layout_svg_test.")
        self.lay = os.path.join(self.tmp, "lit", "tc0-runtime", "runtime", "layout", "Output")
        self.out = os.path.join(self.tmp, "results")
        os.makedirs(self.lay)

    def write(self, d, name="probe.json", raw=None):
        p = os.path.join(self.lay, name)
        with open(p, "w") as f:
            f.write(raw if raw is not None else json.dumps(d))
        return p

    def tearDown(self):
        # every picture written by any test is well-formed XML with the SVG root
        try:
            lay = os.path.join(self.out, "layouts")
            if os.path.isdir(lay):
                for n in os.listdir(lay):
                    if n.endswith(".svg"):
                        self.assertEqual(ET.parse(os.path.join(lay, n)).getroot().tag, SVG + "svg", n)
        finally:
            shutil.rmtree(self.tmp)

    def svg(self, name):
        p = os.path.join(self.out, "layouts", name)
        self.assertTrue(os.path.isfile(p), "missing %s; have %s" % (p, os.listdir(os.path.dirname(p))))
        return ET.parse(p).getroot()   # raises on malformed XML

    @staticmethod
    def diff_cells(root):
        return sorted(g.get("data-cell") for g in root.iter(SVG + "g") if "diff" in (g.get("class") or "").split())

    @staticmethod
    def text(root):
        return "\n".join("".join(t.itertext()) for t in root.iter(SVG + "text"))


class DocumentedFormulas(unittest.TestCase):
    """Spot values read off docs/facts/layouts.md, transpose.md and starting-pages.md by hand."""

    def test_ab(self):
        self.assertEqual(layout_svg.doc_ab("b16", 5, 10), (5, 3, 0))     # K {10,11} in VGPR 3, group 0
        self.assertEqual(layout_svg.doc_ab("b16", 5, 7), (21, 1, 16))    # K 7: group 1, VGPR 1 high
        self.assertEqual(layout_svg.doc_ab("b8", 3, 9), (19, 0, 8))
        self.assertEqual(layout_svg.doc_ab("iu4x16", 2, 15), (18, 0, 28))
        self.assertEqual(layout_svg.doc_ab("iu4x32", 2, 20), (18, 0, 16))
        self.assertEqual(layout_svg.doc_ab("iu4x32", 2, 13), (2, 1, 20))

    def test_cd(self):
        self.assertEqual(layout_svg.doc_cd(32, 9, 3), (19, 1, 0))
        self.assertEqual(layout_svg.doc_cd(16, 9, 3), (19, 0, 16))
        self.assertEqual(layout_svg.doc_cd(16, 6, 15), (15, 3, 0))

    def test_transpose(self):
        self.assertEqual(layout_svg.doc_tr(True, 10, 3), (11, 2))
        self.assertEqual(layout_svg.doc_tr(False, 25, 6), (30, 1))

    def test_classes(self):
        self.assertEqual(layout_svg.wmma_classes("v_wmma_f16_16x16x16_f16"), ("b16", 16))
        self.assertEqual(layout_svg.wmma_classes("v_wmma_i32_16x16x32_iu4"), ("iu4x32", 32))
        self.assertEqual(layout_svg.wmma_classes("v_wmma_f32_16x16x16_bf8_fp8"), ("b8", 32))
        with self.assertRaisesRegex(layout_svg.LayoutError, "no documented layout"):
            layout_svg.wmma_classes("v_swmmac_f32_16x16x32_f16")


# Wave64 tables read off docs/facts/layouts.md#wave64-layouts by hand (16 lanes x 4 groups):
# 16-bit A: lane group q (lanes 16q..16q+15) holds K 4q..4q+3, VGPR 0 = K {4q, 4q+1},
# VGPR 1 = K {4q+2, 4q+3} (low half first). 32-bit D: lane group q holds rows
# W64_D_FIRST_ROW[q] .. +3 in VGPRs 0-3. iu4 16x16x16: lanes 0-15 K 0-7, lanes 16-31
# K 8-15 (nibble e = K%8), lanes 32-63 unused.
W64_D_FIRST_ROW = {0: 0, 1: 8, 2: 4, 3: 12}


def w64_file(kind="f16"):
    a, b, dd = [], [], []
    for lane in range(64):
        q, i = divmod(lane, 16)
        if kind == "f16":
            for gpr in range(2):
                for half in range(2):
                    k = 4 * q + 2 * gpr + half
                    a.append({"lane": lane, "gpr": gpr, "bit": 16 * half, "measured": {"row": i, "k": k},
                              "documented": {"row": i, "k": k}, "match": True})
                    b.append({"lane": lane, "gpr": gpr, "bit": 16 * half, "measured": {"col": i, "k": k},
                              "documented": {"col": i, "k": k}, "match": True})
        else:
            for e in range(8):
                pos = (i, 8 * q + e) if q < 2 else (None, None)
                a.append({"lane": lane, "gpr": 0, "bit": 4 * e, "measured": {"row": pos[0], "k": pos[1]},
                          "documented": {"row": pos[0], "k": pos[1]}, "match": True})
                b.append({"lane": lane, "gpr": 0, "bit": 4 * e, "measured": {"col": pos[0], "k": pos[1]},
                          "documented": {"col": pos[0], "k": pos[1]}, "match": True})
        for g in range(4):
            pos = {"row": W64_D_FIRST_ROW[q] + g, "col": i}
            dd.append({"lane": lane, "gpr": g, "bit": 0, "measured": dict(pos), "documented": dict(pos),
                       "match": True})
    f16 = kind == "f16"
    name = "wmma_f32_16x16x16_f16" if f16 else "wmma_i32_16x16x16_iu4"
    return {"schema": "rdna4-layout-probe/1", "probe": name + "_w64_layout",
            "builtin": "__builtin_amdgcn_%s_w64_gfx12" % name, "instruction": "v_" + name,
            "device": "emu", "arch": "gfx1201", "device_name": "crafted", "wave_size": 64,
            "status": "crafted", "M": 16, "N": 16, "K": 16,
            "operands": {"A": {"regs": 2 if f16 else 1, "bits": 16 if f16 else 4, "fields": a},
                         "B": {"regs": 2 if f16 else 1, "bits": 16 if f16 else 4, "fields": b},
                         "D": {"regs": 4, "bits": 32, "fields": dd}},
            "mismatches": 0, "differences": [], "unverified": []}


class Wave64(Base):
    def test_formulas(self):
        self.assertEqual(layout_svg.doc_ab("b16", 5, 10, 64), (37, 1, 0))   # K 10: group 2, VGPR 1 low
        self.assertEqual(layout_svg.doc_ab("b8", 5, 10, 64), (21, 0, 16))    # K 10: lanes 16-31, byte 2
        self.assertEqual(layout_svg.doc_ab("b8", 5, 6, 64), (37, 0, 16))
        self.assertEqual(layout_svg.doc_ab("iu4x32", 5, 20, 64), (21, 0, 16))
        self.assertEqual(layout_svg.doc_ab("iu4x32", 5, 12, 64), (37, 0, 16))
        self.assertEqual(layout_svg.doc_cd(32, 6, 3, 64), (35, 2, 0))
        self.assertEqual(layout_svg.doc_cd(16, 13, 3, 64), (51, 0, 16))

    def test_identical_no_difference_and_unverified(self):
        self.write(w64_file("f16"), "f16.json")
        self.write(w64_file("iu4"), "iu4.json")
        lines = layout_svg.render_all(os.path.join(self.tmp, "lit"), self.out)
        self.assertEqual(lines, [])
        for probe in ("wmma_f32_16x16x16_f16_w64_layout", "wmma_i32_16x16x16_iu4_w64_layout"):
            for op in ("A", "B", "D"):
                root = self.svg("%s-%s-emu.svg" % (probe, op))
                self.assertEqual(self.diff_cells(root), [])
                t = self.text(root)
                self.assertIn("(wave64)", t)
                self.assertIn("wave64_layouts", t)
                self.assertIn("lanes 48-63", t)
        t = self.text(self.svg("wmma_i32_16x16x16_iu4_w64_layout-A-emu.svg"))
        self.assertIn("256 field(s) documented unused and measured unused", t)
        # D[6][3] is lane 35 VGPR 2: lane group 2 has the third colour
        root = self.svg("wmma_f32_16x16x16_f16_w64_layout-D-emu.svg")
        cells = {g.get("data-cell"): g for g in root.iter(SVG + "g") if g.get("data-cell")}
        self.assertIn("L35", "".join(cells["D[6][3]"].itertext()))
        self.assertEqual(cells["D[6][3]"].find(SVG + "rect").get("fill"), layout_svg.GROUP_COLOURS[2])

    def test_differences(self):
        d = w64_file("f16")
        fa = d["operands"]["A"]["fields"]
        x, y = find(fa, 0, 0, 0), find(fa, 37, 1, 0)   # A[0][0] and A[5][10]
        x["measured"], y["measured"] = y["measured"], x["measured"]
        self.write(d)
        lines = layout_svg.render_all(os.path.join(self.tmp, "lit"), self.out)
        self.assertEqual(len(lines), 2, lines)
        self.assertTrue(any("A[5][10]: documented lane 37 VGPR 1 bits 0-15, measured lane 0 VGPR 0 bits 0-15" in l
                            for l in lines), lines)
        # a documented-unused field that reaches an element is a difference too
        d = w64_file("iu4")
        find(d["operands"]["A"]["fields"], 40, 0, 0)["measured"] = {"row": 8, "k": 0}
        self.write(d)
        lines = layout_svg.render_all(os.path.join(self.tmp, "lit"), self.out)
        self.assertEqual(len(lines), 1, lines)
        self.assertIn("A[8][0]: documented lane 8 VGPR 0 bits 0-3, measured lane 8 VGPR 0 bits 0-3 and "
                      "lane 40 VGPR 0 bits 0-3", lines[0])


# SWMMAC wave32 16-bit, read off docs/facts/layouts.md#swmmac-formulas by hand: lanes 0-15
# hold the kept pairs of groups 0, 1, 4, 5 in VGPRs 0-3 (kept value 0 in the low half), lanes
# 16-31 groups 2, 3, 6, 7; B: lanes 0-15 hold K 0-7 then 16-23 (two K per VGPR, low first),
# lanes 16-31 K 8-15 then 24-31; index set 0: the group's A lane, nibbles 0-3 in the A group
# order above, set 1: nibbles 4-7.
SP16_A_GROUPS = {0: [0, 1, 4, 5], 1: [2, 3, 6, 7]}
SP16_B_K = {0: list(range(0, 8)) + list(range(16, 24)), 1: list(range(8, 16)) + list(range(24, 32))}


def sp16_file():
    a, b, idx = [], [], {0: [], 1: []}
    for lane in range(32):
        h, i = divmod(lane, 16)
        for gpr in range(4):
            g = SP16_A_GROUPS[h][gpr]
            for v in range(2):
                pos = {"row": i, "slot": 2 * g + v}
                a.append({"lane": lane, "gpr": gpr, "bit": 16 * v, "measured": dict(pos), "documented": dict(pos)})
        for gpr in range(8):
            for e in range(2):
                pos = {"col": i, "k": SP16_B_K[h][2 * gpr + e]}
                b.append({"lane": lane, "gpr": gpr, "bit": 16 * e, "measured": dict(pos), "documented": dict(pos)})
        for n in range(8):
            for key in (0, 1):
                pos = {"row": i, "group": SP16_A_GROUPS[h][n % 4]} if n // 4 == key else {"row": None, "group": None}
                idx[key].append({"lane": lane, "gpr": 0, "bit": 4 * n, "measured": dict(pos), "documented": dict(pos)})
    ops = {"A": {"regs": 4, "bits": 16, "fields": a}, "B": {"regs": 8, "bits": 16, "fields": b},
           "D": {"regs": 8, "bits": 32, "fields": d32_fields()}}
    for key in (0, 1):
        ops["index_key%d" % key] = {"regs": 1, "bits": 4, "index_key": key, "sets": 2, "fields": idx[key]}
    return {"schema": "rdna4-layout-probe/1", "probe": "swmmac_f32_16x16x32_f16_w32_layout",
            "builtin": "__builtin_amdgcn_swmmac_f32_16x16x32_f16_w32", "instruction": "v_swmmac_f32_16x16x32_f16",
            "device": "emu", "arch": "gfx1201", "device_name": "crafted", "wave_size": 32, "status": "crafted",
            "sparse": True, "M": 16, "N": 16, "K": 32, "groups": 8, "operands": ops,
            "mismatches": 0, "differences": [], "unverified": []}


class Swmmac(Base):
    def test_formulas(self):
        self.assertEqual(layout_svg.sp_a_pair("b16", 3, 5, 32), (3, 3, 0))
        self.assertEqual(layout_svg.sp_a_pair("b8", 3, 5, 64), (19, 0, 16))   # g=5: lanes 16-31
        self.assertEqual(layout_svg.sp_b("b16", 2, 20, 32), (2, 6, 0))
        self.assertEqual(layout_svg.sp_b("iu4x64", 2, 40, 64), (18, 1, 0))
        self.assertEqual(layout_svg.sp_index("b16", 3, 5, 32, 1), (3, 0, 28))
        self.assertEqual(layout_svg.sp_index("b8", 3, 5, 64, 3), (19, 0, 28))   # 4 + 3*8
        self.assertEqual(layout_svg.swmmac_classes("v_swmmac_i32_16x16x64_iu4"), ("iu4x64", 32))
        with self.assertRaisesRegex(layout_svg.LayoutError, "no documented layout"):
            layout_svg.swmmac_classes("v_wmma_f32_16x16x16_f16")

    def test_identical_no_difference(self):
        self.write(sp16_file())
        lines = layout_svg.render_all(os.path.join(self.tmp, "lit"), self.out)
        self.assertEqual(lines, [])
        for op, n in (("A", 256), ("B", 512), ("D", 256), ("index_key0", 128), ("index_key1", 128)):
            root = self.svg("swmmac_f32_16x16x32_f16_w32_layout-%s-emu.svg" % op)
            self.assertEqual(self.diff_cells(root), [])
            self.assertEqual(len([g for g in root.iter(SVG + "g") if g.get("class") == "cell"]), n, op)
            self.assertIn("sparse_index", self.text(root))
        self.assertIn("128 field(s) documented unused and measured unused",
                      self.text(self.svg("swmmac_f32_16x16x32_f16_w32_layout-index_key1-emu.svg")))

    def test_differences_and_bad_key(self):
        d = sp16_file()
        fi = d["operands"]["index_key1"]["fields"]
        x, y = find(fi, 3, 0, 16), find(fi, 3, 0, 20)   # row 3 groups 0 and 1, set 1
        x["measured"], y["measured"] = y["measured"], x["measured"]
        self.write(d)
        lines = layout_svg.render_all(os.path.join(self.tmp, "lit"), self.out)
        self.assertEqual(len(lines), 2, lines)
        self.assertTrue(any("index_key1 device=emu" in l and "I[3][0]: documented lane 3 VGPR 0 bits 16-19, "
                            "measured lane 3 VGPR 0 bits 20-23" in l for l in lines), lines)
        d = sp16_file()
        d["operands"]["index_key1"]["index_key"] = 2
        self.write(d)
        lines = layout_svg.render_all(os.path.join(self.tmp, "lit"), self.out)
        self.assertEqual(len(lines), 1, lines)
        self.assertIn("is not one of the 2 index sets", lines[0])


class Wmma(Base):
    def test_identical_layout_no_difference(self):
        self.write(wmma_file())
        lines = layout_svg.render_all(os.path.join(self.tmp, "lit"), self.out)
        self.assertEqual(lines, [])
        for op in ("A", "B", "D"):
            root = self.svg("wmma_f32_16x16x16_f16_layout-%s-emu.svg" % op)
            self.assertEqual(self.diff_cells(root), [])
            self.assertEqual(len([g for g in root.iter(SVG + "g") if g.get("class") == "cell"]), 256)
            t = self.text(root)
            self.assertIn("device=emu", t)
            self.assertIn("EMULATOR's model, not a hardware fact", t)
            self.assertIn("matches the documented layout", t)
            self.assertIn("gfx1201 tc0-runtime", t)
        # seed 001's figure: D[3][5] is lane 5 VGPR 3 (rose), D[12][5] lane 21 VGPR 4 (grey)
        root = self.svg("wmma_f32_16x16x16_f16_layout-D-emu.svg")
        cells = {g.get("data-cell"): g for g in root.iter(SVG + "g") if g.get("data-cell")}
        self.assertEqual("".join(cells["D[3][5]"].itertext()).split(), ["D[3][5]:", "lane", "5", "VGPR", "3", "L5", "v3"])
        self.assertEqual(cells["D[3][5]"].find(SVG + "rect").get("fill"), layout_svg.ROSE)
        self.assertEqual(cells["D[12][5]"].find(SVG + "rect").get("fill"), layout_svg.GREY)
        self.assertIn("v4", "".join(cells["D[12][5]"].itertext()))
        with open(os.path.join(self.out, "layouts", "differences.txt")) as f:
            self.assertIn("0 differing cell(s), 0 error(s)", f.read())

    def test_swapped_pair_in_A(self):
        d = wmma_file()
        fa = d["operands"]["A"]["fields"]
        x, y = find(fa, 0, 0, 0), find(fa, 17, 1, 16)   # A[0][0] and A[1][7]
        x["measured"], y["measured"] = y["measured"], x["measured"]
        self.write(d)
        lines = layout_svg.render_all(os.path.join(self.tmp, "lit"), self.out)
        self.assertEqual(len(lines), 2, lines)
        self.assertTrue(all(l.startswith("DIFFERENCE wmma_f32_16x16x16_f16_layout A device=emu") for l in lines))
        self.assertTrue(any("A[0][0]: documented lane 0 VGPR 0 bits 0-15, measured lane 17 VGPR 1 bits 16-31" in l
                            for l in lines), lines)
        self.assertTrue(any("A[1][7]: documented lane 17 VGPR 1 bits 16-31, measured lane 0 VGPR 0 bits 0-15" in l
                            for l in lines), lines)
        root = self.svg("wmma_f32_16x16x16_f16_layout-A-emu.svg")
        self.assertEqual(self.diff_cells(root), ["A[0][0]", "A[1][7]"])
        g = [g for g in root.iter(SVG + "g") if g.get("data-cell") == "A[0][0]"][0]
        self.assertEqual((g.get("data-documented"), g.get("data-measured")), ("L0 v0.0", "L17 v1.1"))
        texts = [t.text for t in g.iter(SVG + "text")]
        self.assertEqual(texts, ["L0 v0.0", "L17 v1.1"])      # drawn both ways
        self.assertIn("2 cell(s) DIFFER", self.text(root))
        self.assertEqual(root.get("data-differences"), "2")
        # B and D untouched
        self.assertEqual(self.diff_cells(self.svg("wmma_f32_16x16x16_f16_layout-B-emu.svg")), [])
        self.assertEqual(self.diff_cells(self.svg("wmma_f32_16x16x16_f16_layout-D-emu.svg")), [])

    def test_swapped_pair_in_B_and_D(self):
        d = wmma_file()
        fb = d["operands"]["B"]["fields"]
        x, y = find(fb, 3, 2, 0), find(fb, 3, 2, 16)   # B[8][3], B[9][3]
        x["measured"], y["measured"] = y["measured"], x["measured"]
        fd = d["operands"]["D"]["fields"]
        x, y = find(fd, 0, 7, 0), find(fd, 16, 0, 0)   # D[7][0], D[8][0]
        x["measured"], y["measured"] = y["measured"], x["measured"]
        self.write(d)
        lines = layout_svg.render_all(os.path.join(self.tmp, "lit"), self.out)
        self.assertEqual(len(lines), 4, lines)
        self.assertEqual(self.diff_cells(self.svg("wmma_f32_16x16x16_f16_layout-B-emu.svg")), ["B[8][3]", "B[9][3]"])
        self.assertEqual(self.diff_cells(self.svg("wmma_f32_16x16x16_f16_layout-D-emu.svg")), ["D[7][0]", "D[8][0]"])
        self.assertTrue(any("D[7][0]: documented lane 0 VGPR 7, measured lane 16 VGPR 0" in l for l in lines), lines)

    def test_ambiguous_measurement_is_a_difference(self):
        d = wmma_file()
        find(d["operands"]["A"]["fields"], 4, 0, 0)["measured"] = {"row": [4, 5], "k": None}
        self.write(d)
        lines = layout_svg.render_all(os.path.join(self.tmp, "lit"), self.out)
        self.assertEqual(len(lines), 1, lines)
        self.assertIn("A[4][0]: documented lane 4 VGPR 0 bits 0-15, measured no field", lines[0])
        root = self.svg("wmma_f32_16x16x16_f16_layout-A-emu.svg")
        self.assertIn("without one measured position", self.text(root))

    def test_probe_documented_disagrees_noted(self):
        d = wmma_file()
        find(d["operands"]["D"]["fields"], 0, 0, 0)["documented"] = {"row": 1, "col": 0}
        self.write(d)
        self.assertEqual(layout_svg.render_all(os.path.join(self.tmp, "lit"), self.out), [])
        self.assertIn("disagree with docs/facts/layouts.md", self.text(self.svg("wmma_f32_16x16x16_f16_layout-D-emu.svg")))

    def test_hw_label_and_dedupe(self):
        self.write(wmma_file("hw", "gfx1200"), "a.json")
        self.write(wmma_file("hw", "gfx1201"), "b.json")
        self.assertEqual(layout_svg.render_all(os.path.join(self.tmp, "lit"), self.out), [])
        svgs = sorted(os.listdir(os.path.join(self.out, "layouts")))
        self.assertEqual([s for s in svgs if s.endswith(".svg")],
                         ["wmma_f32_16x16x16_f16_layout-%s-hw.svg" % o for o in ("A", "B", "D")])
        t = self.text(self.svg("wmma_f32_16x16x16_f16_layout-A-hw.svg"))
        self.assertIn("device=hw", t)
        self.assertIn("hardware measurement", t)
        self.assertNotIn("EMULATOR", t)
        self.assertIn("gfx1200 tc0-runtime; gfx1201 tc0-runtime", t)
        self.assertIn("measured on device=hw, gfx1200, gfx1201 (crafted): hardware measurement", t)

    def test_different_measurements_get_separate_pictures(self):
        self.write(wmma_file(arch="gfx1200"), "a.json")
        d = wmma_file(arch="gfx1201")
        fd = d["operands"]["D"]["fields"]
        x, y = find(fd, 0, 0, 0), find(fd, 1, 0, 0)
        x["measured"], y["measured"] = y["measured"], x["measured"]
        self.write(d, "b.json")
        lines = layout_svg.render_all(os.path.join(self.tmp, "lit"), self.out)
        self.assertEqual(len(lines), 2)
        self.assertTrue(all("gfx1201" in l and "gfx1200" not in l for l in lines), lines)
        names = sorted(n for n in os.listdir(os.path.join(self.out, "layouts")) if "-D-" in n)
        self.assertEqual(names, ["wmma_f32_16x16x16_f16_layout-D-emu-variant1.svg",
                                 "wmma_f32_16x16x16_f16_layout-D-emu.svg"])


class Transpose(Base):
    def test_identical_and_b64_unverified(self):
        self.write(tr_file())
        self.assertEqual(layout_svg.render_all(self.lay, self.out), [])
        r128 = self.svg("global_load_tr_layout-b128_v8f16-emu.svg")
        r64 = self.svg("global_load_tr_layout-b64_v2i32-emu.svg")
        self.assertEqual(self.diff_cells(r128) + self.diff_cells(r64), [])
        self.assertIn("UNVERIFIED", self.text(r64))
        self.assertNotIn("UNVERIFIED", self.text(r128))
        # R(11)[2] lands in lane 10, element 3 = VGPR 1 high half
        g = [g for g in r128.iter(SVG + "g") if g.get("data-cell") == "R[11][2]"][0]
        self.assertEqual([t.text for t in g.iter(SVG + "text")], ["L10", "v1.1"])

    def test_swapped_pair(self):
        d = tr_file()
        mp = d["operands"]["transpose"]["global_load_tr_b128_v8f16"]["mapping"]
        mp[0][2:], mp[9][2:] = mp[9][2:], mp[0][2:]     # dst (0,0) <-> dst (1,1)
        self.write(d)
        lines = layout_svg.render_all(self.lay, self.out)
        self.assertEqual(len(lines), 2, lines)
        self.assertEqual(self.diff_cells(self.svg("global_load_tr_layout-b128_v8f16-emu.svg")), ["R[0][0]", "R[1][1]"])
        self.assertTrue(any("R[0][0]: documented lane 0 VGPR 0 bits 0-15, measured lane 1 VGPR 0 bits 16-31" in l
                            for l in lines), lines)


def tr64_file(model="tr4x4"):
    """Wave64 transpose maps written out by hand: tr4x4 = each group of 4 lanes transposes the
    4x4 block of elements its lanes fetched (lane 4m+c receives column c)."""
    rows = [[L, j, 4 * (L // 4) + j, L % 4] for L in range(64) for j in range(4)]
    tr = {}
    for b, bits in (("global_load_tr_b128_v4f16", 16), ("global_load_tr_b64_i32", 8)):
        tr[b] = {"bits": bits, "lanes": 64, "elements": 4, "model": model, "matches_model": True,
                 "mapping_columns": ["dst_lane", "dst_element", "src_lane", "src_element"],
                 "mapping": [list(r) for r in rows]}
    return {"schema": "rdna4-layout-probe/1", "probe": "global_load_tr_w64_layout",
            "builtin": "__builtin_amdgcn_global_load_tr_*", "instruction": "global_load_tr_b128 / global_load_tr_b64 (wave64)",
            "device": "emu", "arch": "gfx1201", "status": "crafted", "wave_size": 64,
            "operands": {"transpose": tr}, "mismatches": 0, "differences": []}


class TransposeWave64(Base):
    def test_candidate_match_and_difference(self):
        self.write(tr64_file())
        lines = layout_svg.render_all(os.path.join(self.tmp, "lit"), self.out)
        self.assertEqual(lines, [])
        root = self.svg("global_load_tr_w64_layout-b128_v4f16-emu.svg")
        self.assertEqual(len([g for g in root.iter(SVG + "g") if g.get("class") == "cell"]), 256)
        t = self.text(root)
        self.assertIn("(wave64)", t)
        self.assertIn("drawn against candidate tr4x4", t)
        self.assertIn("tr_wave64", t)
        # element 2 of lane 5 came from lane 6 element 1 (VGPR 1, low half) under tr4x4
        cells = {g.get("data-cell"): g for g in root.iter(SVG + "g") if g.get("data-cell")}
        self.assertIn("lane 5 VGPR 1 bits 0-15", "".join(cells["R[6][1]"].itertext()))
        # the same map judged against another candidate differs
        self.write(tr64_file("tr8x4x8"))
        lines = layout_svg.render_all(os.path.join(self.tmp, "lit"), self.out)
        self.assertTrue(lines and all(l.startswith("DIFFERENCE global_load_tr_w64_layout") for l in lines), lines)
        d = tr64_file()
        d["operands"]["transpose"]["global_load_tr_b64_i32"]["mapping"].pop()
        self.write(d)
        lines = layout_svg.render_all(os.path.join(self.tmp, "lit"), self.out)
        self.assertEqual(len(lines), 1, lines)
        self.assertIn("expected 256", lines[0])


class BadInput(Base):
    def run_cli(self, *args):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            rc = layout_svg.main(list(args))
        return rc, out.getvalue() + err.getvalue()

    def test_truncated_json(self):
        p = self.write(None, raw=json.dumps(wmma_file())[:500])
        lines = layout_svg.render_all(self.lay, self.out)
        self.assertEqual(len(lines), 1)
        self.assertTrue(lines[0].startswith("ERROR %s: not valid JSON" % p), lines)
        rc, text = self.run_cli(self.lay, self.out)
        self.assertEqual(rc, 2)
        self.assertIn("not valid JSON", text)

    def test_bad_structures(self):
        cases = []
        d = wmma_file(); d["device"] = "gpu"; cases.append((d, "device is 'gpu'"))
        d = wmma_file(); del d["operands"]["A"]["fields"][5]; cases.append((d, "has 255 entries, expected 256"))
        d = wmma_file(); d["operands"]["D"]["fields"][0]["lane"] = 40; cases.append((d, "lane = 40"))
        d = wmma_file(); d["operands"]["B"]["fields"][0]["measured"] = {"col": "x", "k": 0}
        cases.append((d, "measured.col = 'x'"))
        d = wmma_file(); d["instruction"] = "v_wmma_f32_16x16x16_bogus"; cases.append((d, "no documented layout"))
        d = wmma_file(); d["operands"]["A"]["regs"] = 2; cases.append((d, "needs 4 VGPRs of 16-bit"))
        d = tr_file(); d["operands"]["transpose"]["global_load_tr_b64_v2i32"]["mapping"][3] = [0, 0, 0, 0]
        cases.append((d, "lane 0 element 0 listed twice"))
        d = tr_file(); d["operands"]["transpose"]["global_load_tr_b128_v8f16"]["mapping"].pop()
        cases.append((d, "expected 256"))
        d = wmma_file(); d["schema"] = "rdna4-layout-probe/1x"; cases.append((d, "schema is"))
        for d, msg in cases:
            with self.subTest(msg=msg):
                p = self.write(d)
                lines = layout_svg.render_all(self.lay, self.out)
                self.assertEqual(len(lines), 1, lines)
                self.assertTrue(lines[0].startswith("ERROR " + p), lines)
                self.assertIn(msg, lines[0])
        # the "schema is" case: named explicitly, the file is read and rejected
        rc, text = self.run_cli(p, self.out)
        self.assertEqual(rc, 2)
        self.assertIn("schema is", text)

    def test_more_bad_inputs(self):
        d = wmma_file(); d["wave_size"] = 48
        p = self.write(d)
        lines = layout_svg.render_all(self.lay, self.out)
        self.assertEqual(len(lines), 1)
        self.assertIn("wave_size = 48", lines[0])
        d = wmma_file(); d["wave_size"] = 64     # wave32 operands in a wave64 file
        self.write(d)
        lines = layout_svg.render_all(self.lay, self.out)
        self.assertEqual(len(lines), 1)
        self.assertIn("needs 2 VGPRs of 16-bit fields", lines[0])
        self.write(None, raw='{"schema": "rdna4-layout-probe/1", "x": ' + "[" * 100000 + "]" * 100000 + "}")
        lines = layout_svg.render_all(self.lay, self.out)
        self.assertEqual(len(lines), 1)
        self.assertIn("not valid JSON", lines[0])
        self.write(wmma_file())
        blocker = os.path.join(self.tmp, "afile")
        with open(blocker, "w") as f:
            f.write("x")
        lines = layout_svg.render_all(self.lay, blocker)      # OUT_DIR is a file
        self.assertEqual(len(lines), 1)
        self.assertTrue(lines[0].startswith("ERROR cannot write the layout pictures"), lines)
        rc, text = self.run_cli(self.lay, blocker)
        self.assertEqual(rc, 2)
        rc, text = self.run_cli("--results", os.path.join(self.tmp, "none.json"), self.lay, self.out)
        self.assertEqual(rc, 2)
        self.assertIn("cannot read the toolchain list", text)

    def test_toolchain_names(self):
        self.write(wmma_file())
        res = os.path.join(self.tmp, "results.json")
        with open(res, "w") as f:
            json.dump({"toolchains": [{"clang": "/x/clang++", "version": "Debian clang version 19.1.7"}]}, f)
        rc, text = self.run_cli("--results", res, os.path.join(self.tmp, "lit"), self.out)
        self.assertEqual(rc, 0, text)
        self.assertIn("gfx1201 tc0-runtime (Debian clang version 19.1.7)",
                      self.text(self.svg("wmma_f32_16x16x16_f16_layout-A-emu.svg")))

    def test_cli_exit_codes(self):
        rc, text = self.run_cli(self.lay, self.out)
        self.assertEqual(rc, 2)
        self.assertIn("no layout probe files", text)
        rc, text = self.run_cli(os.path.join(self.tmp, "nope"), self.out)
        self.assertEqual(rc, 2)
        self.assertIn("no such file or directory", text)
        d = wmma_file()
        fd = d["operands"]["D"]["fields"]
        x, y = find(fd, 0, 0, 0), find(fd, 1, 0, 0)
        x["measured"], y["measured"] = y["measured"], x["measured"]
        self.write(d)
        rc, text = self.run_cli(self.lay, self.out)
        self.assertEqual(rc, 1)
        self.assertEqual(text.count("DIFFERENCE "), 2)
        self.write(wmma_file())
        rc, text = self.run_cli(self.lay, self.out)
        self.assertEqual(rc, 0, text)

    def test_other_json_ignored_stale_skipped_foreign_svg_kept(self):
        self.write({"tests": []}, "toolchain-probe.json")
        old = self.write(wmma_file(), "old.json")
        t = time.time()
        os.utime(old, (t - 3600, t - 3600))
        os.makedirs(os.path.join(self.out, "layouts"))
        foreign = os.path.join(self.out, "layouts", "someone-else.svg")
        with open(foreign, "w") as f:
            f.write('<svg xmlns="http://www.w3.org/2000/svg"/>')
        self.assertEqual(layout_svg.render_all(self.lay, self.out, since=t - 60), [])
        self.assertEqual(sorted(os.listdir(os.path.join(self.out, "layouts"))), ["differences.txt", "someone-else.svg"])
        self.assertEqual(layout_svg.render_all(self.lay, self.out), [])
        self.assertEqual(len([n for n in os.listdir(os.path.join(self.out, "layouts")) if n.endswith(".svg")]), 4)
        self.assertEqual(layout_svg.render_all(os.path.join(self.tmp, "missing"), self.out), [])


if __name__ == "__main__":
    unittest.main()
