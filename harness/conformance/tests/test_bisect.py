"""bisect.py: toolchain bisection on fake toolchains, the git bisect step, pass bisection."""
import contextlib
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
from conformance import bisect  # noqa: E402

import fakes  # noqa: E402


def run_main(fn, argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            rc = fn(argv)
        except SystemExit as e:  # argparse usage errors
            rc = e.code
    return rc, out.getvalue(), err.getvalue()


class VersionOrder(unittest.TestCase):
    def test_version_keys(self):
        k = bisect.version_key
        self.assertEqual(k("/x", "AMD clang version 19.0.0git (llvm roc-6.4.0 25133)")[0], (6, 4, 0))
        self.assertEqual(k("/x", "Debian clang version 22.1.8 (1~deb12u1)")[0], (22, 1, 8))
        key = k("/venv/therock-7.10.0a20251120", "clang version 20.0.0git")
        self.assertEqual(key, ((7, 10, 0), "20251120"))
        self.assertIsNone(k("/x", "no version here"))
        # numeric, not lexical: 6.10 after 6.9
        self.assertLess(k("/x", "roc-6.9.0")[0], k("/x", "roc-6.10.0")[0])

    def test_bisect_list_pure(self):
        # 9 candidates, first bad at index 6; a skipped one at index 4.
        cands = [{"path": "t%d" % i, "version": "v%d" % i} for i in range(9)]

        def test(c):
            i = int(c["path"][1:])
            return (bisect.SKIP if i == 4 else bisect.GOOD if i < 6 else bisect.BAD), ""
        with contextlib.redirect_stdout(io.StringIO()):
            lg, fb, hist = bisect.bisect_list(cands, test)
        self.assertEqual((lg["path"], fb["path"]), ("t5", "t6"))
        # good and bad toolchains were found inside: the ends need no test
        self.assertNotIn("t0", [c["path"] for c, _, _ in hist])
        self.assertNotIn("t8", [c["path"] for c, _, _ in hist])
        self.assertLessEqual(len(hist), 4)

    def test_bad_good_endpoint_rejected_lazily(self):
        cands = [{"path": "t%d" % i, "version": "v%d" % i} for i in range(6)]
        with contextlib.redirect_stdout(io.StringIO()):
            with self.assertRaisesRegex(bisect.BisectError, "--good t0 is not good"):
                bisect.bisect_list(cands, lambda c: (bisect.BAD, ""))
            with self.assertRaisesRegex(bisect.BisectError, "--bad t5 is not bad"):
                bisect.bisect_list(cands, lambda c: (bisect.GOOD, ""))
            lg, fb, hist = bisect.bisect_list(cands, lambda c: (bisect.GOOD if c["path"] < "t5" else bisect.BAD, ""))
        self.assertEqual((lg["path"], fb["path"]), ("t4", "t5"))
        self.assertIn("t5", [c["path"] for c, _, _ in hist])  # the answer is the bad end: it was tested
        self.assertNotIn("t0", [c["path"] for c, _, _ in hist])

    def test_bad_good_endpoint_rejected(self):
        cands = [{"path": "a", "version": "1"}, {"path": "b", "version": "2"}]
        with contextlib.redirect_stdout(io.StringIO()):
            with self.assertRaisesRegex(bisect.BisectError, "is not good"):
                bisect.bisect_list(cands, lambda c: (bisect.BAD, ""))
            with self.assertRaisesRegex(bisect.BisectError, "is not bad"):
                bisect.bisect_list(cands, lambda c: (bisect.GOOD, ""))


@unittest.skipUnless(fakes.have_llvm(), "needs /usr/lib/llvm-22 (clang, lit, FileCheck)")
class FakeToolchains(unittest.TestCase):
    """Six fake ROCm installs; from 6.4.0 on they drop the A sign bit (neg_lo)."""
    VERSIONS = ["6.1.0", "6.2.0", "6.3.0", "6.4.0", "6.9.0", "6.10.0"]
    FIRST_BAD = "6.4.0"

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="rdna4-bisect-test-")
        cls.roots = {}
        for v in cls.VERSIONS:
            bad = tuple(map(int, v.split("."))) >= (6, 4, 0)
            cls.roots[v] = fakes.fake_toolchain(cls.tmp, v, bad)
        cls.broken = fakes.fake_toolchain(cls.tmp, "6.3.5", False, broken=True)
        cls.suite = fakes.lit_suite(cls.tmp, {"wmma/iu8_sign.hip": fakes.IU8_TEST,
                                              "wmma/plain.hip": fakes.PLAIN_TEST})
        cls.test = os.path.join(cls.suite, "wmma", "iu8_sign.hip")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def test_fakes_behave(self):
        # The bad wrapper really changes the compiler's output (guards the fixture).
        src = os.path.join(self.suite, "wmma", "iu8_sign.hip")
        outs = {}
        for v in ("6.1.0", "6.4.0"):
            clang = os.path.join(self.roots[v], "lib", "llvm", "bin", "clang++")
            outs[v] = subprocess.run([clang, "-x", "hip", "--cuda-device-only", "--offload-arch=gfx1201",
                                      "-nogpulib", "-nogpuinc", "-O3", "-S", "-o", "-", src],
                                     capture_output=True, text=True,
                                     env=dict(os.environ, CLANG_NO_DEFAULT_CONFIG="1")).stdout
        self.assertIn("neg_lo:[1,0,0]", outs["6.1.0"])
        self.assertNotIn("neg_lo:[1,0,0]", outs["6.4.0"])
        self.assertIn("neg_lo:[0,0,0]", outs["6.4.0"])

    def test_bisect_version_order(self):
        # --between given shuffled and as a glob, with a broken install among them:
        # sorted by ROCm version (6.10 after 6.9), broken one skipped.
        rc, out, err = run_main(bisect.main, [
            "--good", self.roots["6.1.0"], "--bad", self.roots["6.10.0"],
            "--between", self.roots["6.9.0"], self.roots["6.3.0"], self.broken,
            os.path.join(self.tmp, "rocm-6.[24]*"), self.test])  # TEST right after --between
        self.assertEqual(rc, 0, out + err)
        self.assertRegex(out, r"last good: %s\n\s+AMD clang version 19\.0\.0git \(\S+ roc-6\.3\.0"
                         % re.escape(self.roots["6.3.0"]))
        self.assertIn("first bad: %s\n" % self.roots[self.FIRST_BAD], out)
        order = re.findall(r"\[\d\] (\S+)", out)
        self.assertEqual([os.path.basename(p) for p in order],
                         ["rocm-" + v for v in self.VERSIONS])
        self.assertIn("skipping %s" % self.broken, out)
        tested = int(re.search(r"tested (\d+) of (\d+)", out).group(1))
        self.assertLessEqual(tested, 3)  # ceil(log2(6)); good and bad were both found inside

    def test_bisect_given_order_and_cmd(self):
        # --order given, with a test command instead of lit.
        cmd = ("{clang} -x hip --cuda-device-only --offload-arch=gfx1201 -nogpulib -nogpuinc -O3 -S -o - "
               + self.test + " | grep -q 'neg_lo:\\[1,0,0\\]'")
        rc, out, err = run_main(bisect.main, [
            "--good", self.roots["6.2.0"], "--bad", self.roots["6.9.0"], "--order", "given",
            "--between", self.roots["6.3.0"], self.roots["6.4.0"], "--cmd", cmd])
        self.assertEqual(rc, 0, out + err)
        self.assertIn("first bad: %s\n" % self.roots["6.4.0"], out)

    def test_not_bad_endpoint_is_an_error(self):
        plain = os.path.join(self.suite, "wmma", "plain.hip")
        rc, out, err = run_main(bisect.main, ["--good", self.roots["6.1.0"], "--bad", self.roots["6.10.0"],
                                              plain])
        self.assertEqual(rc, 2)
        self.assertIn("is not bad", err)

    def test_missing_test_and_toolchain(self):
        rc, _, err = run_main(bisect.main, ["--good", self.roots["6.1.0"], "--bad", self.roots["6.10.0"],
                                            "/nonexistent/x.hip"])
        self.assertEqual(rc, 2)
        self.assertIn("not found", err)
        rc, _, err = run_main(bisect.main, ["--good", "/nonexistent-root", "--bad", self.roots["6.10.0"],
                                            self.test])
        self.assertEqual(rc, 2)
        self.assertIn("nonexistent-root", err)

    def test_git_bisect_run(self):
        # A toy "llvm-project": the build copies a fake toolchain chosen by a file in the
        # repo; commit 3 breaks the build (skip), commit 5 introduces the miscompile.
        repo = os.path.join(self.tmp, "llvm-project")
        os.makedirs(repo)
        env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t",
                   GIT_COMMITTER_EMAIL="t@t")

        def git(*a):
            return subprocess.run(["git", "-C", repo, "-c", "commit.gpgsign=false"] + list(a), capture_output=True, text=True, env=env,
                                  check=True).stdout.strip()
        git("init", "-q")
        shas = []
        for i in range(8):
            state = "broken-build" if i == 3 else ("6.4.0" if i >= 5 else "6.1.0")
            with open(os.path.join(repo, "state"), "w") as f:
                f.write("%s\ncommit %d\n" % (state, i))
            git("add", "state")
            git("commit", "-q", "-m", "c%d" % i)
            shas.append(git("rev-parse", "HEAD"))
        build = ('s=$(head -n1 state); [ "$s" = broken-build ] && { echo "error: does not compile"; exit 1; }; '
                 'rm -rf build && mkdir -p build/bin && cp %s/rocm-$s/lib/llvm/bin/clang++ build/bin/clang++'
                 % self.tmp)
        step = os.path.join(os.path.dirname(__file__), "..", "..", "bin", "git-bisect-step")
        git("bisect", "start", shas[-1], shas[0])
        r = subprocess.run(["git", "-C", repo, "bisect", "run", step, "--build", build, "--clang",
                            "build/bin/clang++", self.test], capture_output=True, text=True, env=env)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn("%s is the first bad commit" % shas[5], r.stdout)
        git("bisect", "reset")
        # One step directly: exit codes 125 (build fails), 1 (bad), 0 (good), 128 (misuse).
        for sha, want in ((shas[3], 125), (shas[6], 1), (shas[1], 0)):
            git("checkout", "-q", sha)
            rc, out, err = run_main(bisect.git_main, ["--src", repo, "--build", build, "--clang",
                                                      "build/bin/clang++", self.test])
            self.assertEqual(rc, want, out + err)
        rc, _, _ = run_main(bisect.git_main, ["--src", repo, "--build", build, "--clang", "x",
                                              "/nonexistent/test.hip"])
        self.assertEqual(rc, 128)


@unittest.skipUnless(fakes.have_llvm(), "needs /usr/lib/llvm-22 (clang, lit, FileCheck)")
class PassBisect(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="rdna4-bisect-pass-test-")
        self.suite = fakes.lit_suite(self.tmp, {"sroa.hip": fakes.SROA_TEST, "plain.hip": fakes.PLAIN_TEST})

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def test_names_sroa(self):
        # Real clang 22, injected failure: `CHECK: alloca` on -O3 IR fails once SROA runs.
        rc, out, err = run_main(bisect.pass_main, ["--clang", fakes.REAL_CLANG,
                                                   os.path.join(self.suite, "sroa.hip")])
        self.assertEqual(rc, 0, out + err)
        m = re.search(r"first bad pass: \((\d+)\) (\S+) on (\S+)", out)
        self.assertTrue(m, out)
        self.assertEqual(m.group(2).lower(), "sroa", out)
        self.assertEqual(m.group(3), "k")
        n = int(m.group(1))
        # Cross-check against the compiler itself: at N-1 the alloca survives, at N it is gone.
        src = os.path.join(self.suite, "sroa.hip")
        for limit, has_alloca in ((n - 1, True), (n, False)):
            ir = subprocess.run([fakes.REAL_CLANG, "-x", "hip", "--cuda-device-only", "--offload-arch=gfx1201",
                                 "-nogpulib", "-nogpuinc", "-O3", "-S", "-emit-llvm", "-o", "-", src,
                                 "-mllvm", "-opt-bisect-limit=%d" % limit], capture_output=True, text=True,
                                env=dict(os.environ, CLANG_NO_DEFAULT_CONFIG="1")).stdout
            self.assertEqual("alloca" in ir, has_alloca, "limit %d" % limit)

    def test_good_limit(self):
        # Starting from a known-good limit above 0 gives the same answer with fewer steps.
        # (through --cmd: a plain compile piped to grep, no lit)
        cmd = ("{clang} -x hip --cuda-device-only --offload-arch=gfx1201 -nogpulib -nogpuinc -O3 -S -emit-llvm "
               "-o - %s | grep -q alloca" % os.path.join(self.suite, "sroa.hip"))
        rc, out, err = run_main(bisect.pass_main, ["--clang", fakes.REAL_CLANG, "--good-limit", "3", "--cmd", cmd])
        self.assertEqual(rc, 0, out + err)
        self.assertRegex(out, r"first bad pass: \(\d+\) sroa on k")
        rc, out, err = run_main(bisect.pass_main, ["--clang", fakes.REAL_CLANG, "--good-limit", "100000",
                                                   os.path.join(self.suite, "sroa.hip")])
        self.assertEqual(rc, 2)
        self.assertIn("--good-limit 100000 is outside", err)

    def test_passing_test_is_an_error(self):
        rc, out, err = run_main(bisect.pass_main, ["--clang", fakes.REAL_CLANG,
                                                   os.path.join(self.suite, "plain.hip")])
        self.assertEqual(rc, 2)
        self.assertIn("nothing to bisect", err)


if __name__ == "__main__":
    unittest.main()
