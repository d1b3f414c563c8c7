"""`rdna4-conformance run` with bad arguments: an old clang, a missing path, a program that is not
clang, a folder without a compiler, an unwritable --out (also as an unprivileged user), bad
--targets and --jobs. Each must print one `rdna4-conformance: error: ...` line and exit 2, with
no Python traceback, before anything is installed or built.

    python3 -m unittest harness/conformance/tests/test_run_args.py
"""
import os
import shutil
import subprocess
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
CLI = os.path.join(REPO, "harness", "bin", "rdna4-conformance")
GOOD_CLANG = next((c for c in ("/usr/lib/llvm-22/bin/clang++", "/usr/lib/llvm-19/bin/clang++")
                   if os.access(c, os.X_OK)), None)


class RunArgsTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="rdna4-run-args-")
        os.chmod(self.tmp, 0o755)
        self.build = os.path.join(self.tmp, "build")

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def run_cli(self, *args, prefix=(), build=None, cli=CLI):
        cmd = list(prefix) + [cli, "run", "--no-bootstrap", "--no-build", "--codegen-only",
                              "--build-dir", build or self.build] + list(args)
        return subprocess.run(cmd, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)

    def assertOneLineError(self, r, *needles):
        what = "stdout: %r\nstderr: %r" % (r.stdout[-2000:], r.stderr[-2000:])
        self.assertEqual(r.returncode, 2, what)
        self.assertNotIn("Traceback", r.stderr + r.stdout, what)
        lines = [l for l in r.stderr.splitlines() if l.strip()]
        self.assertEqual(len(lines), 1, what)
        self.assertTrue(lines[0].startswith("rdna4-conformance: error: "), what)
        for n in needles:
            self.assertIn(n, lines[0], what)
        self.assertFalse(os.path.exists(os.path.join(self.build, "CMakeCache.txt")), "built anyway")

    def test_old_clang(self):
        old = "/usr/lib/llvm-14/bin/clang++"
        if not os.access(old, os.X_OK):
            self.skipTest("optional: no Debian clang-14 at " + old + " (check does not install it)")
        self.assertOneLineError(self.run_cli("--clang", old), "--clang " + old, "clang 14", ">= 19")

    def test_old_clang_fake(self):
        # Any clang older than 19, judged by its --version line (no clang-14 install needed).
        fake = os.path.join(self.tmp, "old", "clang++")
        os.makedirs(os.path.dirname(fake))
        with open(fake, "w") as f:
            f.write("#!/bin/sh\necho 'Debian clang version 14.0.6'\n")
        os.chmod(fake, 0o755)
        self.assertOneLineError(self.run_cli("--clang", fake), "clang 14", ">= 19")

    def test_missing_path(self):
        self.assertOneLineError(self.run_cli("--clang", os.path.join(self.tmp, "no", "clang++")),
                                "does not exist")

    def test_not_clang(self):
        for prog in ("/bin/true", "/bin/false", shutil.which("gcc"), shutil.which("cc")):
            if prog and os.access(prog, os.X_OK):
                with self.subTest(prog=prog):
                    self.assertOneLineError(self.run_cli("--clang", prog), "not a working clang")

    def test_not_executable(self):
        f = os.path.join(self.tmp, "clang++")
        with open(f, "w") as fh:
            fh.write("not a program\n")
        os.chmod(f, 0o644)
        r = self.run_cli("--clang", f)
        if os.geteuid() == 0 and os.access(f, os.X_OK):
            self.skipTest("root may execute anything")
        self.assertOneLineError(r, "not an executable compiler")

    def test_folder_without_compiler(self):
        empty = os.path.join(self.tmp, "empty-root")
        os.makedirs(os.path.join(empty, "bin"))
        self.assertOneLineError(self.run_cli("--clang", empty), "no clang++ found in install root")

    def test_second_clang_bad(self):
        if not GOOD_CLANG:
            self.skipTest("no Debian clang >= 19")
        self.assertOneLineError(self.run_cli("--clang", GOOD_CLANG, "--clang", "/bin/true"), "/bin/true")

    def test_out_is_a_file(self):
        f = os.path.join(self.tmp, "file")
        open(f, "w").close()
        self.assertOneLineError(self.run_cli("--out", os.path.join(f, "results")), "--out", "not a writable directory")

    def test_out_read_only_directory(self):
        ro = os.path.join(self.tmp, "ro")
        os.makedirs(ro)
        os.chmod(ro, 0o555)
        try:
            if os.geteuid() == 0:
                # root writes anywhere: ask as an unprivileged user instead.
                setpriv = shutil.which("setpriv")
                if not setpriv:
                    self.skipTest("running as root without setpriv")
                prefix = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
                cli = CLI
                if subprocess.run(prefix + ["test", "-r", CLI]).returncode != 0:
                    # That user cannot read this checkout (a clone under /root, mode 0700):
                    # run a copy of the tree (without .git and builds) from the test's folder.
                    copy = os.path.join(self.tmp, "repo")
                    shutil.copytree(REPO, copy, ignore=shutil.ignore_patterns(".git", "build", "__pycache__"))
                    cli = os.path.join(copy, "harness", "bin", "rdna4-conformance")
                r = self.run_cli("--out", os.path.join(ro, "results"), prefix=prefix,
                                 build=os.path.join(ro, "build"), cli=cli)
            else:
                r = self.run_cli("--out", os.path.join(ro, "results"))
            self.assertOneLineError(r, "--out", "not a writable directory")
        finally:
            os.chmod(ro, 0o755)

    def test_bad_targets(self):
        self.assertOneLineError(self.run_cli("--targets", "gfx1100"), "not an RDNA4 target: gfx1100")
        self.assertOneLineError(self.run_cli("--targets", ","), "names no target")

    def test_bad_jobs(self):
        self.assertOneLineError(self.run_cli("-j", "0"), "at least 1")


if __name__ == "__main__":
    unittest.main()
