"""report.py: report.md / report.html from crafted results."""
import contextlib
import io
import json
import os
import re
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
from conformance import report, reproducer  # noqa: E402

V19 = "Debian clang version 19.1.7 (3~deb12u1)"
V22 = "Debian clang version 22.1.8 (1~deb12u1)"
IU8 = "wmma_i32_16x16x16_iu8_w32_gfx12"
F16 = "wmma_f32_16x16x16_f16_w32_gfx12"


def r(test, builtin, status, version, target="gfx1201", kind="codegen", device=None, output=None):
    d = {"test": test, "builtin": builtin, "target": target, "kind": kind, "device": device,
         "toolchain": version, "status": status}
    if output is not None:
        d["output"] = output
    return d


RESULTS = {
    "toolchains": [{"clang": "/usr/lib/llvm-19/bin/clang++", "version": V19},
                   {"clang": "/usr/lib/llvm-22/bin/clang++", "version": V22}],
    "results": [
        r("codegen/wmma-w32/%s.hip" % IU8, IU8, "PASS", V19),
        r("codegen/wmma-w32/%s.hip" % IU8, IU8, "FAIL", V22, output="error: CHECK: expected string not found"),
        r("codegen/wmma-w32/%s.hip" % IU8, IU8, "PASS", V19, target="gfx1200"),
        r("codegen/wmma-w32/%s.hip" % IU8, IU8, "PASS", V22, target="gfx1200"),
        r("codegen/wmma-w32/%s.hip" % F16, F16, "FAIL", V19, output="f16 failure text"),
        r("codegen/wmma-w32/%s.hip" % F16, F16, "PASS", V22),
        r("runtime/wmma-w32/%s.hip" % F16, F16, "PASS", V19, kind="runtime", device="emu"),
        r("runtime/wmma-w32/%s.hip" % F16, F16, "CRASH", V22, kind="runtime", device="emu",
          output="Segmentation fault <in the emulator>"),
        r("codegen/diagnostics/gfx11-builtin-on-gfx12.hip", None, "XFAIL", V19),
        r("codegen/diagnostics/gfx11-builtin-on-gfx12.hip", None, "XPASS", V22, output="unexpectedly passed"),
    ]}


class Report(unittest.TestCase):
    def setUp(self):
        self.d = tempfile.mkdtemp(prefix="rdna4-report-test-")
        self.json = os.path.join(self.d, "results.json")
        with open(self.json, "w") as f:
            json.dump(RESULTS, f)
        self._find = report.find_emulator
        report.find_emulator = lambda out_dir=None: None  # independent of any emulator built on this machine

    def tearDown(self):
        report.find_emulator = self._find
        shutil.rmtree(self.d)

    def write(self):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            md, ht = report.write_reports(self.json, self.d)
        with open(md) as f, open(ht) as g:
            return f.read(), g.read(), out.getvalue()

    def test_matrix_md(self):
        md, _, _ = self.write()
        head = [ln for ln in md.splitlines() if ln.startswith("| builtin |")][0]
        cols = [c.strip() for c in head.strip("|").split("|")][1:]
        self.assertEqual(cols, ["gfx1200 tc0 codegen", "gfx1200 tc1 codegen", "gfx1201 tc0 codegen",
                                "gfx1201 tc0 runtime (emu)", "gfx1201 tc1 codegen", "gfx1201 tc1 runtime (emu)"])
        row = [ln for ln in md.splitlines() if ln.startswith("| %s |" % IU8)][0]
        cells = [c.strip() for c in row.strip("|").split("|")][1:]
        self.assertEqual(cells[:3], ["PASS", "PASS", "PASS"])
        self.assertEqual(cells[3], "-")
        failing = [x for x in RESULTS["results"] if x["status"] == "FAIL" and x["builtin"] == IU8][0]
        self.assertEqual(cells[4], "[FAIL](failures/%s.txt)" % reproducer.repro_dir_name(failing))
        self.assertIn("**tc1**: %s (`/usr/lib/llvm-22/bin/clang++`)" % V22, md)

    def test_failure_files_and_repro_links(self):
        crash = RESULTS["results"][7]
        os.makedirs(os.path.join(self.d, reproducer.repro_rel_path(crash)))
        md, ht, _ = self.write()
        p = os.path.join(self.d, report.failure_rel(crash))
        with open(p) as f:
            self.assertIn("Segmentation fault <in the emulator>", f.read())
        self.assertIn("[repro](%s/)" % reproducer.repro_rel_path(crash), md)
        # HTML: coloured, escaped, linked
        self.assertIn("background:%s" % report.COLOURS["CRASH"], ht)
        self.assertIn("href='%s'" % report.failure_rel(crash), ht)
        self.assertIn("href='%s/'>repro</a>" % reproducer.repro_rel_path(crash), ht)
        self.assertNotIn("<in the emulator>", ht)
        # only failing results get failure files
        self.assertEqual(len(os.listdir(os.path.join(self.d, "failures"))), 4)

    def test_md_and_html_render_one_model(self):
        with open(self.json) as f:
            data = json.load(f)
        m = report.model(data, self.d)
        self.assertEqual(report.markdown(m), report.render_md(json.loads(json.dumps(data)), self.d))
        self.assertEqual(report.html_page(m), report.render_html(json.loads(json.dumps(data)), self.d))
        md, ht = report.markdown(m), report.html_page(m)
        # Every matrix cell the model holds shows in both, in the same row.
        for b, row in m["rows"]:
            md_row = next(l for l in md.splitlines() if l.startswith("| %s |" % b))
            ht_row = ht[ht.index("<td class='b'>%s</td>" % b):].split("</tr>")[0]
            for c in row:
                if c is not None:
                    self.assertIn(c["status"], md_row)
                    self.assertIn(c["status"], ht_row)

    def test_html_is_balanced(self):
        from html.parser import HTMLParser

        class Balance(HTMLParser):
            def __init__(self):
                super().__init__()
                self.stack, self.errors = [], []

            def handle_starttag(self, tag, attrs):
                if tag not in ("meta", "img", "br"):
                    self.stack.append(tag)

            def handle_endtag(self, tag):
                if self.stack and self.stack[-1] == tag:
                    self.stack.pop()
                else:
                    self.errors.append((tag, list(self.stack[-3:])))
        _, ht, _ = self.write()
        b = Balance()
        b.feed(ht)
        self.assertEqual((b.stack, b.errors), ([], []))

    def test_changes_between_toolchains(self):
        md, ht, printed = self.write()
        sec = md.split("## Changes between toolchains", 1)[1]
        self.assertIn("- newly failing: 2", sec)
        self.assertIn("codegen/wmma-w32/%s.hip/gfx1201`: PASS -> FAIL" % IU8, sec)
        self.assertIn("runtime/wmma-w32/%s.hip/gfx1201 [device=emu]`: PASS -> CRASH" % F16, sec)
        self.assertIn("- newly passing: 1", sec)
        self.assertIn("- XPASS: 1", sec)
        self.assertIn("changes tc0 -> tc1: newly failing 2, newly passing 1, XPASS 1", printed)
        self.assertIn("XPASS codegen/diagnostics/gfx11-builtin-on-gfx12.hip/gfx1201: XFAIL -> XPASS", printed)
        self.assertIn("newly failing", ht)

    def test_assumptions_hook_and_pictures(self):
        md, ht, _ = self.write()
        self.assertIn("**HOOK, not filled**", md)
        self.assertIn("(none: put SVG files", md)
        with open(os.path.join(self.d, "assumptions.txt"), "w") as f:
            f.write("tr_b64_mapping: UNVERIFIED: inferred from CK addressing\n")
        os.makedirs(os.path.join(self.d, "layouts"))
        with open(os.path.join(self.d, "layouts", "wmma_f16_A.svg"), "w") as f:
            f.write("<svg xmlns='http://www.w3.org/2000/svg'/>")
        with open(os.path.join(self.d, "layouts", "differences.txt"), "w") as f:
            f.write("DIFFERENCE tr_b64 lane 3 byte 2: documented R(4)[3], measured R(5)[3]\n")
        md, ht, _ = self.write()
        self.assertIn("DIFFERENCE tr_b64 lane 3 byte 2", md)
        self.assertIn("DIFFERENCE tr_b64 lane 3 byte 2", ht)
        self.assertNotIn("HOOK, not filled", md)
        self.assertIn("tr_b64_mapping: UNVERIFIED", md)
        self.assertIn("<img src='layouts/wmma_f16_A.svg'", ht)

    def test_emulator_command_hook(self):
        fake = os.path.join(self.d, "rdna4-emu")
        with open(fake, "w") as f:
            f.write("#!/bin/sh\n[ \"$1\" = assumptions ] && echo 'wmma_accumulation: UNVERIFIED: fp32' && exit 0\nexit 1\n")
        os.chmod(fake, 0o755)
        report.find_emulator = lambda out_dir=None: fake
        md, _, _ = self.write()
        self.assertIn("wmma_accumulation: UNVERIFIED: fp32", md)

    def test_single_toolchain_has_no_changes_section(self):
        one = dict(RESULTS, toolchains=RESULTS["toolchains"][:1],
                   results=[x for x in RESULTS["results"] if x["toolchain"] == V19])
        with open(self.json, "w") as f:
            json.dump(one, f)
        md, _, printed = self.write()
        self.assertNotIn("Changes between toolchains", md)
        self.assertNotIn("changes tc0", printed)

    def test_main_bad_input(self):
        bad = os.path.join(self.d, "x.json")
        with open(bad, "w") as f:
            f.write("[]")
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            self.assertEqual(report.main([bad]), 2)
        self.assertIn("not a results.json", err.getvalue())
        with contextlib.redirect_stdout(io.StringIO()):
            self.assertEqual(report.main([self.json, "--out", os.path.join(self.d, "o")]), 0)
        self.assertTrue(os.path.isfile(os.path.join(self.d, "o", "report.html")))


if __name__ == "__main__":
    unittest.main()
