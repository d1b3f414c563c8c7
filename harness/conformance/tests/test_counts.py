"""`check` counts skips apart from passes (harness/conformance/counts.py, unittest_runner.py):
ctest's JUnit file, unittest outcomes and lit's JSON, the reasons kept, a missing tool a
failure under CI=true, and the closing line in the form .ci/run requires."""
import json
import os
import re
import subprocess
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
HARNESS = os.path.dirname(os.path.dirname(HERE))
REPO = os.path.dirname(HARNESS)
sys.path.insert(0, HARNESS)

from conformance import cli, counts  # noqa: E402

JUNIT = """<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="(empty)" tests="5" failures="1" disabled="0" skipped="2">
  <testcase name="core.A.ok" classname="core.A.ok" status="run"><system-out></system-out></testcase>
  <testcase name="core.A.bad" classname="core.A.bad" status="fail"><failure message=""/></testcase>
  <testcase name="core.A.noclang" classname="core.A.noclang" status="notrun">
    <skipped message="SKIP_REGULAR_EXPRESSION_MATCHED"/>
    <system-out>Note: Google Test filter = A.noclang
[ RUN      ] A.noclang
/src/x_test.cc:12: Skipped
llvm 22 tools not installed

[  SKIPPED ] A.noclang (0 ms)
</system-out>
  </testcase>
  <testcase name="core.A.avx" classname="core.A.avx" status="notrun">
    <skipped message="SKIP_REGULAR_EXPRESSION_MATCHED"/>
    <system-out>/src/y_test.cc:3: Skipped
host without AVX2
[  SKIPPED ] A.avx (0 ms)
</system-out>
  </testcase>
  <testcase name="core.A.silent" classname="core.A.silent" status="notrun">
    <skipped message="SKIP_RETURN_CODE=77"/><system-out></system-out>
  </testcase>
</testsuite>
"""


class Reasons(unittest.TestCase):
    def test_missing_tool_reasons(self):
        for r in ("llvm 22 tools not installed", "clang 19 not installed", "no clang 19 or 22",
                  "needs lit (llvm-22-tools) and a clang >= 19", "no Debian clang >= 19",
                  "emulator HIP runtime not built (set RDNA4_BUILD_DIR)",
                  "no ROCm HIP headers at configure time (HIPEMU_ROCM_HIP_INCLUDE; Debian: libamdhip64-dev)",
                  "toolchain missing: /usr/lib/llvm-19/bin/clang++ is not installed",
                  "Test requires the following unavailable features: hip-path-usr, device-emu"):
            self.assertTrue(counts.missing_tool(r), r)

    def test_other_reasons(self):
        for r in ("host (or build) without AVX2 + FMA + F16C: only the portable path exists here",
                  "candidate 2 is checked by Dense.*", "not a git checkout", "root may execute anything",
                  "optional: no Debian clang-14 at /usr/lib/llvm-14/bin/clang++ (check does not install it)",
                  "Test requires the following unavailable features: builtin-wmma_x, arch-gfx950",
                  "model contradicted: tr_b64_mapping (device matches b128_rule)", "", None):
            self.assertFalse(counts.missing_tool(r), r)

    def test_under_ci(self):
        self.assertTrue(counts.under_ci({"CI": "true"}))
        self.assertTrue(counts.under_ci({"CI": "TRUE"}))
        self.assertFalse(counts.under_ci({"CI": "false"}))
        self.assertFalse(counts.under_ci({}))


class Ctest(unittest.TestCase):
    def test_junit(self):
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "j.xml")
            with open(p, "w") as f:
                f.write(JUNIT)
            passed, failed, skips = counts.ctest_results(p, 8)
        self.assertEqual((passed, failed), (1, 1))
        self.assertEqual([(s.test, s.reason) for s in skips],
                         [("core.A.noclang", "llvm 22 tools not installed"),
                          ("core.A.avx", "host without AVX2"),
                          ("core.A.silent", "no reason given (SKIP_RETURN_CODE=77)")])

    def test_missing_junit_and_failed_run(self):
        self.assertEqual(counts.ctest_results("/nonexistent/j.xml", 0), (0, 1, []))
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "j.xml")
            with open(p, "w") as f:
                f.write('<testsuite><testcase name="a" status="run"/></testsuite>')
            self.assertEqual(counts.ctest_results(p, 0), (1, 0, []))
            self.assertEqual(counts.ctest_results(p, 8), (1, 1, []))  # ctest failed, no failing case


class Unittests(unittest.TestCase):
    """unittest_runner.py on a directory of made-up tests, one per outcome."""

    def test_outcomes(self):
        self.check_outcomes([])

    def test_outcomes_two_at_a_time(self):
        """--jobs 2 (each module in a child process, as check runs them): the same outcomes,
        an import failure still a failure, and the modules' durations kept for the next run."""
        times = self.check_outcomes(["--jobs", "2"])
        self.assertEqual(sorted(times), ["test_made_up", "test_second"])

    def check_outcomes(self, extra):
        src = textwrap.dedent('''
            import unittest

            class T(unittest.TestCase):
                def test_pass(self):
                    pass

                def test_fail(self):
                    self.assertEqual(1, 2)

                def test_error(self):
                    raise RuntimeError("x")

                @unittest.skipUnless(False, "needs lit")
                def test_skip_tool(self):
                    pass

                def test_skip_other(self):
                    self.skipTest("not a git checkout")

                @unittest.expectedFailure
                def test_xfail(self):
                    self.assertEqual(1, 2)

                @unittest.expectedFailure
                def test_xpass(self):
                    pass

                def test_subtest(self):
                    for i in range(3):
                        with self.subTest(i=i):
                            self.assertNotEqual(i, 1)

            @unittest.skipUnless(False, "clang 19 not installed")
            class Skipped(unittest.TestCase):
                def test_a(self):
                    pass

                def test_b(self):
                    pass
            ''')
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "test_made_up.py"), "w") as f:
                f.write(src)
            with open(os.path.join(d, "test_broken_import.py"), "w") as f:
                f.write("import no_such_module_rdna4\n")
            with open(os.path.join(d, "test_second.py"), "w") as f:
                f.write("import unittest\nclass S(unittest.TestCase):\n    def test_second(self):\n        pass\n")
            out = os.path.join(d, "out.json")
            r = subprocess.run([sys.executable, "-m", "conformance.unittest_runner", d, out] + extra,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env=dict(os.environ, PYTHONPATH=HARNESS))
            self.assertEqual(r.returncode, 1, r.stdout)
            with open(out) as f:
                got = {t["id"].split(".")[-1]: (t["outcome"], t["reason"]) for t in json.load(f)["tests"]}
            passed, failed, skips = counts.unittest_results(out, r.returncode, "python x")
            times = {}
            if os.path.exists(out + ".times"):
                with open(out + ".times") as f:
                    times = json.load(f)
        self.assertEqual(got["test_pass"], ("pass", ""))
        self.assertEqual(got["test_xfail"], ("pass", ""))
        for t in ("test_fail", "test_error", "test_xpass", "test_subtest"):
            self.assertEqual(got[t][0], "fail", t)
        self.assertEqual(got["test_skip_tool"], ("skip", "needs lit"))
        self.assertEqual(got["test_skip_other"], ("skip", "not a git checkout"))
        self.assertEqual(got["test_a"], ("skip", "clang 19 not installed"))
        self.assertEqual(got["test_b"], ("skip", "clang 19 not installed"))
        self.assertIn("test_broken_import", got)  # the import failure is a failing test
        self.assertEqual(got["test_broken_import"][0], "fail")
        self.assertEqual(got["test_second"], ("pass", ""))
        self.assertEqual((passed, failed, len(skips)), (3, 5, 4))
        return times

    def test_no_json_is_a_failure(self):
        self.assertEqual(counts.unittest_results("/nonexistent.json", 1, "python x"), (0, 1, []))


class Lit(unittest.TestCase):
    def test_codes(self):
        tests = [
            {"name": "rdna4-conformance :: codegen/a.hip/gfx1200", "code": "PASS", "output": ""},
            {"name": "rdna4-conformance :: codegen/b.hip/gfx1200", "code": "XFAIL", "output": ""},
            {"name": "rdna4-conformance :: codegen/c.hip/gfx1200", "code": "FAIL", "output": ""},
            {"name": "rdna4-conformance :: codegen/d.hip/gfx1200", "code": "XPASS", "output": ""},
            {"name": "rdna4-conformance :: codegen/e.hip/gfx1200", "code": "UNSUPPORTED",
             "output": "Test requires the following unavailable features: builtin-wmma_x\n"},
            {"name": "rdna4-conformance :: runtime/f.hip/gfx1201", "code": "UNSUPPORTED",
             "output": "Test requires the following unavailable features: hip-path-usr"},
            {"name": "rdna4-conformance :: runtime/g.hip/gfx1201", "code": "UNSUPPORTED",
             "output": "model contradicted: tr_b64_mapping (device matches b128_rule)"},
        ]
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "l.json")
            with open(p, "w") as f:
                json.dump({"tests": tests}, f)
            passed, failed, skips = counts.lit_results(p, "lit codegen [x]")
        self.assertEqual((passed, failed), (2, 2))
        self.assertEqual([s.test for s in skips], ["codegen/e.hip/gfx1200", "runtime/f.hip/gfx1201",
                                                   "runtime/g.hip/gfx1201"])
        self.assertEqual([counts.missing_tool(s.reason) for s in skips], [False, True, False])


class Summary(unittest.TestCase):
    CI_REGEX = None

    @classmethod
    def setUpClass(cls):
        # The regular expression .ci/run requires of the last line (grep -E, here as Python re).
        with open(os.path.join(REPO, ".ci", "run")) as f:
            m = re.search(r"grep -Eq '([^']+)'", f.read())
        cls.CI_REGEX = re.compile(m.group(1))

    def tally(self, ci):
        t = counts.Tally(ci=ci)
        t.add("ctest", 10, 0, [counts.Skip("ctest", "core.A.x", "llvm 22 tools not installed"),
                               counts.Skip("ctest", "core.A.y", "host without AVX2")])
        t.add("python x", 3, 1, [counts.Skip("python x", "t.T.z", "not a git checkout")])
        return t

    def test_skips_are_not_passes(self):
        t = self.tally(ci=False)
        self.assertEqual(t.total(), (13, 1, 3))
        text = t.summary(1.0)
        last = text.splitlines()[-1]
        self.assertEqual(last, "13 passed, 1 failed, 3 skipped")
        self.assertRegex(last, self.CI_REGEX)
        self.assertIn("llvm 22 tools not installed [missing tool: a failure under CI=true]", text)
        self.assertIn("host without AVX2\n      core.A.y", text)
        self.assertIn("not a git checkout\n      t.T.z", text)

    def test_timed_rows_show_wall_and_cpu(self):
        t = counts.Tally()
        t.start()
        subprocess.run([sys.executable, "-c", "sum(range(3 * 10 ** 6))"], check=True)
        t.add("timed", 1, 0)
        t.add("untimed", 1, 0)
        wall, cpu = t.times[0]
        self.assertGreater(wall, 0)
        self.assertGreater(cpu, 0)  # the child's CPU time is counted
        lines = t.summary(1.0).splitlines()
        self.assertRegex([ln for ln in lines if "timed " in ln and "untimed" not in ln][0],
                         r"passed .* s wall +\d+ s CPU$")
        self.assertNotIn("wall", [ln for ln in lines if "untimed" in ln][0])
        self.assertEqual(lines[-1], "2 passed, 0 failed, 0 skipped")

    def test_missing_tool_fails_under_ci(self):
        t = self.tally(ci=True)
        self.assertEqual(t.total(), (13, 2, 2))
        text = t.summary(1.0)
        self.assertEqual(text.splitlines()[-1], "13 passed, 2 failed, 2 skipped")
        self.assertIn("[missing tool: counted as failed, CI=true]", text)

    def test_ci_fallback_line_matches(self):
        # .ci/run prints a line of its own when the command dies: it must be one it accepts.
        with open(os.path.join(REPO, ".ci", "run")) as f:
            m = re.search(r'echo "([0-9]+ passed[^"]*)"', f.read())
        self.assertIsNotNone(m)
        self.assertRegex(m.group(1), self.CI_REGEX)
        self.assertNotRegex("3 passed, 0 failed", self.CI_REGEX)  # the old form, skips hidden

    def test_missing_default_toolchain_is_a_skip(self):
        old = cli.DEFAULT_CHECK_CLANGS
        cli.DEFAULT_CHECK_CLANGS = ["/nonexistent/llvm-19/bin/clang++"]
        try:
            with tempfile.TemporaryDirectory() as d:
                for ci in (False, True):
                    t = counts.Tally(ci=ci)
                    cli._lit_suites([], d, d, True, 1, t)
                    self.assertEqual(t.total(), (0, 2, 0) if ci else (0, 0, 2))
                    self.assertTrue(all(counts.missing_tool(s.reason) for s in t.skips))
        finally:
            cli.DEFAULT_CHECK_CLANGS = old


if __name__ == "__main__":
    unittest.main()
