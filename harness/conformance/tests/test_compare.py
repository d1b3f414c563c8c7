"""compare.py: regressions/fixes between crafted result files, and merging shards."""
import contextlib
import io
import json
import os
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
from conformance import compare  # noqa: E402

V_OLD = "AMD clang version 20.0.0git (https://github.com/ROCm/llvm-project roc-7.0.0 25000 aaaa)"
V_NEW = "AMD clang version 20.0.0git (https://github.com/ROCm/llvm-project roc-7.1.0 25100 bbbb)"
IU8 = "codegen/wmma-w32/wmma_i32_16x16x16_iu8_w32_gfx12.hip"


def res(test, status, version, target="gfx1201", kind="codegen", device=None, **kw):
    r = {"test": test, "builtin": os.path.splitext(os.path.basename(test))[0], "target": target, "kind": kind,
         "device": device, "toolchain": version, "status": status}
    r.update(kw)
    return r


def results_file(d, name, toolchains, results):
    p = os.path.join(d, name)
    with open(p, "w") as f:
        json.dump({"toolchains": [{"clang": "/opt/%d/clang++" % i, "version": v} for i, v in enumerate(toolchains)],
                   "results": results}, f)
    return p


def run(fn, argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            rc = fn(argv)
        except SystemExit as e:
            rc = e.code
    return rc, out.getvalue(), err.getvalue()


class Classify(unittest.TestCase):
    def test_table(self):
        c = compare.classify
        self.assertEqual(c("PASS", "FAIL"), "regression")
        self.assertEqual(c("PASS", "CRASH"), "regression")
        self.assertEqual(c("XFAIL", "FAIL"), "regression")  # an XFAIL test that now fails differently
        self.assertEqual(c(None, "FAIL"), "regression")     # a new test failing
        self.assertEqual(c("FAIL", "PASS"), "fix")
        self.assertEqual(c("XFAIL", "XPASS"), "xpass")
        self.assertEqual(c("XFAIL", "XPASS", strict_xpass=True), "regression")
        self.assertEqual(c("PASS", "UNSUPPORTED"), "lost_coverage")
        self.assertEqual(c("FAIL", "CRASH"), "changed")
        self.assertEqual(c("PASS", None), "missing")
        self.assertIsNone(c("PASS", "PASS"))
        self.assertIsNone(c(None, "PASS"))

    def test_pairing(self):
        self.assertEqual(compare.pair_toolchains(["a"], ["b"]), [("a", "b")])
        self.assertEqual(compare.pair_toolchains(["x", "a"], ["a", "y"]), [("a", "a"), ("x", "y")])


class CompareFiles(unittest.TestCase):
    def setUp(self):
        self.d = tempfile.mkdtemp(prefix="rdna4-compare-test-")
        old = [res(IU8, "PASS", V_OLD), res(IU8, "PASS", V_OLD, target="gfx1200"),
               res("codegen/diagnostics/gfx11_builtin_on_gfx12.hip", "XFAIL", V_OLD),
               res("codegen/wmma-w32/wmma_f32_16x16x16_f16_w32_gfx12.hip", "FAIL", V_OLD),
               res("runtime/wmma-w32/wmma_f32_16x16x16_f16_w32_gfx12.hip", "PASS", V_OLD, kind="runtime",
                   device="emu"),
               res("codegen/removed.hip", "PASS", V_OLD)]
        new = [res(IU8, "FAIL", V_NEW, output="CHECK: expected string not found"),
               res(IU8, "PASS", V_NEW, target="gfx1200"),
               res("codegen/diagnostics/gfx11_builtin_on_gfx12.hip", "XPASS", V_NEW),
               res("codegen/wmma-w32/wmma_f32_16x16x16_f16_w32_gfx12.hip", "PASS", V_NEW),
               res("runtime/wmma-w32/wmma_f32_16x16x16_f16_w32_gfx12.hip", "PASS", V_NEW, kind="runtime",
                   device="emu")]
        self.old = results_file(self.d, "old.json", [V_OLD], old)
        self.new = results_file(self.d, "new.json", [V_NEW], new)

    def tearDown(self):
        shutil.rmtree(self.d)

    def test_regression_exit_1(self):
        js = os.path.join(self.d, "diff.json")
        rc, out, err = run(compare.main, [self.old, self.new, "--json", js])
        self.assertEqual(rc, 1, out + err)
        self.assertIn("%s/gfx1201: PASS -> FAIL" % IU8, out)
        self.assertNotIn("%s/gfx1200" % IU8, out)  # unchanged
        self.assertIn("codegen/wmma-w32/wmma_f32_16x16x16_f16_w32_gfx12.hip/gfx1201: FAIL -> PASS", out)
        self.assertIn("gfx11_builtin_on_gfx12.hip/gfx1201: XFAIL -> XPASS", out)
        self.assertIn("codegen/removed.hip/gfx1201: PASS -> (absent)", out)
        self.assertIn("REGRESSION: 1 test(s) regressed", out)
        with open(js) as f:
            d = json.load(f)
        self.assertEqual(d["summary"], {"regression": 1, "fix": 1, "xpass": 1, "lost_coverage": 0,
                                        "changed": 0, "missing": 1})

    def test_no_regression_exit_0(self):
        rc, out, _ = run(compare.main, [self.old, self.old])
        self.assertEqual(rc, 0)
        self.assertIn("no changes", out)
        # Fixes only (new -> old direction has the regression reversed... and XPASS -> XFAIL, removed test back)
        rc, out, _ = run(compare.main, [self.new, self.old])
        self.assertEqual(rc, 1)  # f16 test PASS -> FAIL in that direction
        self.assertIn("%s/gfx1201: FAIL -> PASS" % IU8, out)

    def test_strict_xpass(self):
        only_xpass = results_file(self.d, "x.json", [V_NEW],
                                  [res("codegen/diagnostics/gfx11_builtin_on_gfx12.hip", "XPASS", V_NEW)])
        base = results_file(self.d, "b.json", [V_OLD],
                            [res("codegen/diagnostics/gfx11_builtin_on_gfx12.hip", "XFAIL", V_OLD)])
        self.assertEqual(run(compare.main, [base, only_xpass])[0], 0)
        self.assertEqual(run(compare.main, [base, only_xpass, "--strict-xpass"])[0], 1)

    def test_ignore_device(self):
        rt = "runtime/wmma-w32/%s.hip" % "wmma_f32_16x16x16_f16_w32_gfx12"
        emu = results_file(self.d, "emu.json", [V_OLD], [res(rt, "PASS", V_OLD, kind="runtime", device="emu")])
        hw = results_file(self.d, "hw.json", [V_OLD], [res(rt, "FAIL", V_OLD, kind="runtime", device="hw")])
        rc, out, _ = run(compare.main, [emu, hw])
        self.assertEqual(rc, 1)  # a new (hw) test failing counts; the emu one is reported missing
        self.assertIn("[device=emu]: PASS -> (absent)", out)
        rc, out, _ = run(compare.main, [emu, hw, "--ignore-device"])
        self.assertEqual(rc, 1)
        self.assertIn("%s/gfx1201: PASS -> FAIL" % rt, out)
        self.assertNotIn("(absent)", out)

    def test_bad_input(self):
        notjson = os.path.join(self.d, "bad.json")
        with open(notjson, "w") as f:
            f.write("{ nope")
        rc, _, err = run(compare.main, [self.old, notjson])
        self.assertEqual(rc, 2)
        self.assertIn("is not JSON", err)
        rc, _, err = run(compare.main, [self.old, os.path.join(self.d, "missing.json")])
        self.assertEqual(rc, 2)
        self.assertIn("cannot read", err)
        wrong = os.path.join(self.d, "wrong.json")
        with open(wrong, "w") as f:
            json.dump({"tests": []}, f)
        rc, _, err = run(compare.main, [wrong, self.new])
        self.assertEqual(rc, 2)
        self.assertIn("not a results.json", err)


class ThroughTheCli(unittest.TestCase):
    """The subcommands as users type them (harness/bin/rdna4-conformance)."""
    CLI = os.path.join(os.path.dirname(__file__), "..", "..", "bin", "rdna4-conformance")

    def test_compare_and_merge(self):
        import subprocess
        d = tempfile.mkdtemp(prefix="rdna4-cli-test-")
        try:
            old = results_file(d, "old.json", [V_OLD], [res(IU8, "PASS", V_OLD)])
            new = results_file(d, "new.json", [V_NEW], [res(IU8, "CRASH", V_NEW)])
            r = subprocess.run([sys.executable, self.CLI, "compare", old, new], capture_output=True, text=True)
            self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
            self.assertIn("PASS -> CRASH", r.stdout)
            out = os.path.join(d, "all.json")
            r = subprocess.run([sys.executable, self.CLI, "merge", old, new, "-o", out], capture_output=True,
                               text=True)
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
            with open(out) as f:
                self.assertEqual(len(json.load(f)["results"]), 2)
        finally:
            shutil.rmtree(d)


class Merge(unittest.TestCase):
    def setUp(self):
        self.d = tempfile.mkdtemp(prefix="rdna4-merge-test-")

    def tearDown(self):
        shutil.rmtree(self.d)

    def test_shards_merge(self):
        a = results_file(self.d, "a.json", [V_NEW], [res(IU8, "PASS", V_NEW)])
        b = results_file(self.d, "b.json", [V_NEW], [res(IU8, "PASS", V_NEW, target="gfx1200"),
                                                     res(IU8, "PASS", V_NEW)])  # duplicate, agrees
        c = results_file(self.d, "c.json", [V_OLD], [res(IU8, "CRASH", V_OLD)])
        out = os.path.join(self.d, "all.json")
        rc, o, e = run(compare.merge_main, [a, b, c, "-o", out])
        self.assertEqual(rc, 0, o + e)
        with open(out) as f:
            m = json.load(f)
        self.assertEqual([t["version"] for t in m["toolchains"]], [V_NEW, V_OLD])
        self.assertEqual(len(m["results"]), 3)
        self.assertIn("3 result(s)", o)

    def test_conflict_keeps_worse_and_warns(self):
        a = results_file(self.d, "a.json", [V_NEW], [res(IU8, "PASS", V_NEW)])
        b = results_file(self.d, "b.json", [V_NEW], [res(IU8, "FAIL", V_NEW)])
        out = os.path.join(self.d, "all.json")
        rc, o, e = run(compare.merge_main, [a, b, "-o", out])
        self.assertEqual(rc, 0)
        self.assertIn("PASS in one file, FAIL in another", e)
        with open(out) as f:
            self.assertEqual(json.load(f)["results"][0]["status"], "FAIL")

    def test_bad_shard(self):
        rc, _, e = run(compare.merge_main, [os.path.join(self.d, "none.json"), "-o", os.path.join(self.d, "x")])
        self.assertEqual(rc, 2)
        self.assertIn("cannot read", e)
        rc, _, _ = run(compare.merge_main, [os.path.join(self.d, "none.json")])  # no -o
        self.assertEqual(rc, 2)


if __name__ == "__main__":
    unittest.main()
