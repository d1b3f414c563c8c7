"""Runtime tests declare the UNVERIFIED models their emulator results rest on, and the
report marks those results.

  * every id in a `// ASSUMES:` line of the tree is a model of harness/emu/models/*.toml
    (and of the built `rdna4-emu models` too when one is found);
  * the tests that must depend on a model declare it (wave64 WMMA/SWMMAC layouts, SWMMAC
    index fields, integer clamp, transpose-load B64 and wave64 permutations);
  * results.json records the ids, and report.md / report.html / the printed matrix show an
    emulator PASS that rests on them as PASS* with a footnote naming the ids; a hardware
    PASS, a failure and a test without ASSUMES are shown as they are.
"""
import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))
from conformance import candidates, report, results  # noqa: E402

REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
V22 = "Debian clang version 22.1.8 (1~deb12u1)"
IU8_W64 = "wmma_i32_16x16x16_iu8_w64_gfx12"
F16 = "wmma_f32_16x16x16_f16_w32_gfx12"


def model_ids():
    return set(candidates.model_candidates())


def runtime_tests():
    out = []
    for d, _, names in os.walk(os.path.join(REPO, "runtime")):
        if os.sep + "Inputs" in d:
            continue
        out += [os.path.relpath(os.path.join(d, n), REPO) for n in names if n.endswith(".hip")]
    return sorted(out)


class Declarations(unittest.TestCase):
    def test_declared_ids_exist(self):
        sources = [("harness/emu/models/*.toml", model_ids())]
        self.assertGreater(len(sources[0][1]), 5)
        emu = report.find_emulator()
        if emu:  # the built CLI, when there is one (it may be older than the sources)
            r = subprocess.run([emu, "models"], capture_output=True, text=True, timeout=60)
            self.assertEqual(r.returncode, 0, r.stderr)
            sources.append(("`%s models`" % emu,
                            {line.split(":", 1)[0] for line in r.stdout.splitlines() if ":" in line}))
        bad, seen = [], 0
        for base in ("runtime", "codegen", "Inputs", "harness"):
            for d, dirs, names in os.walk(os.path.join(REPO, base)):
                dirs[:] = [x for x in dirs if x != "__pycache__"]
                for n in names:
                    p = os.path.join(d, n)
                    if p == os.path.abspath(__file__):
                        continue
                    for i in results.declared_assumptions(p):
                        seen += 1
                        for where, ids in sources:
                            if i not in ids:
                                bad.append("%s: ASSUMES %s, not in %s" % (os.path.relpath(p, REPO), i, where))
        self.assertGreater(seen, 40)
        self.assertFalse(bad, "ASSUMES ids that are not models (harness/emu/models, `rdna4-emu models`):\n  " + "\n  ".join(bad))

    def test_families_declare_their_models(self):
        rules = [  # (path regex, id every matching test must declare)
            (r"runtime/(wmma|swmmac)-w64/", "wave64_layouts"),
            (r"runtime/swmmac-w(32|64)/", "sparse_index"),
            (r"runtime/(wmma|swmmac)-w(32|64)/.*_i32_", "int_clamp"),
            (r"runtime/load-tr-w64/", "tr_wave64"),
            (r"runtime/load-tr-w32/global_load_tr_b64_", "tr_b64_mapping"),
            (r"runtime/layout/global_load_tr_layout\.hip", "tr_b64_mapping"),
        ]
        bad, matched = [], 0
        for t in runtime_tests():
            for rx, need in rules:
                if re.match(rx, t):
                    matched += 1
                    if need not in results.declared_assumptions(t):
                        bad.append("%s: needs `// ASSUMES: ... %s`" % (t, need))
        self.assertGreater(matched, 30)
        self.assertFalse(bad, "runtime tests missing an ASSUMES id:\n  " + "\n  ".join(bad))


class Marking(unittest.TestCase):
    def setUp(self):
        self.d = tempfile.mkdtemp(prefix="rdna4-assumes-test-")
        self._find = report.find_emulator
        report.find_emulator = lambda out_dir=None: None

    def tearDown(self):
        report.find_emulator = self._find
        shutil.rmtree(self.d)

    def lit_json(self):
        tests = [
            {"name": "runtime :: wmma-w64/%s.hip/gfx1201" % IU8_W64, "code": "PASS"},
            {"name": "runtime :: wmma-w32/%s.hip/gfx1201" % F16, "code": "FAIL", "output": "boom"},
            {"name": "runtime :: hip-api/launch-1d.hip/gfx1201", "code": "PASS"},
        ]
        p = os.path.join(self.d, "lit.json")
        with open(p, "w") as f:
            json.dump({"tests": tests}, f)
        return p

    def test_results_record_the_ids(self):
        rs = results.from_lit_json(self.lit_json(), "runtime", "runtime", V22, device="emu")
        by = {r["test"]: r for r in rs}
        self.assertEqual(by["runtime/wmma-w64/%s.hip" % IU8_W64]["assumes"], ["int_clamp", "wave64_layouts"])
        self.assertTrue(results.modelled(by["runtime/wmma-w64/%s.hip" % IU8_W64]))
        self.assertFalse(results.modelled(by["runtime/wmma-w32/%s.hip" % F16]))  # a FAIL stays a FAIL
        self.assertNotIn("assumes", by["runtime/hip-api/launch-1d.hip"])
        hw = results.from_lit_json(self.lit_json(), "runtime", "runtime", V22, device="hw")
        self.assertFalse(any(results.modelled(r) for r in hw))  # a hardware PASS is a fact
        text = results.matrix(rs, [{"clang": "clang++", "version": V22}])
        self.assertRegex(text, r"%s\s+PASS\*" % IU8_W64)
        self.assertIn("PASS* = passed on the emulator", text)
        self.assertIn("int_clamp wave64_layouts", text)

    def test_report_marks_modelled_passes(self):
        emu = results.from_lit_json(self.lit_json(), "runtime", "runtime", V22, device="emu")
        hw = results.from_lit_json(self.lit_json(), "runtime", "runtime", V22, device="hw")
        legacy = [dict(r, target="gfx1200") for r in emu]
        for r in legacy:
            r.pop("assumes", None)  # results.json of an older run: ids taken from the test
        data = {"toolchains": [{"clang": "clang++", "version": V22}], "results": emu + hw + legacy}
        jp = os.path.join(self.d, "results.json")
        with open(jp, "w") as f:
            json.dump(data, f)
        with contextlib.redirect_stdout(io.StringIO()):
            report.write_reports(jp, self.d)
        with open(os.path.join(self.d, "report.md")) as f:
            md = f.read()
        with open(os.path.join(self.d, "report.html")) as f:
            page = f.read()
        row = [line for line in md.splitlines() if line.startswith("| %s |" % IU8_W64)][0]
        self.assertEqual(row.count("PASS\\*<sup>1</sup>"), 2, row)  # emu gfx1200 (legacy) and gfx1201
        self.assertEqual(len(re.findall(r"\| PASS (?=\|)", row)), 1, row)  # the hw column
        self.assertIn("1. `int_clamp` (docs/facts/unverified.md#int_clamp), `wave64_layouts`", md)
        self.assertIn("not a hardware fact", md)
        self.assertIn("PASS*<sup><a href='#modelled-1'>1</a></sup>", page)
        self.assertIn("<li id='modelled-1'><code>int_clamp</code>", page)
        f16 = [line for line in md.splitlines() if line.startswith("| %s |" % F16)][0]
        self.assertNotIn("PASS\\*", f16)


if __name__ == "__main__":
    unittest.main()
