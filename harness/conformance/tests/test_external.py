"""Tests of harness/conformance/external.py (`run --external NAME=PATH`) without a compiler:
the recipe checks, the build commands it issues and how it judges each run, with the command
runner replaced by a recorder. The end-to-end run (real compiles, the emulator) is
runtime/hip-api/external-run.test."""
import hashlib
import json
import os
import sys
import tempfile
import unittest

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
sys.path.insert(0, os.path.join(REPO, "harness"))
from conformance import external, hipcc  # noqa: E402

TREE = os.path.join(REPO, "harness", "conformance", "tests", "data", "external_tree")
RECIPE = os.path.join(TREE, "recipe.json")


def _digests(top):
    out = {}
    for d, _, files in os.walk(top):
        for f in files:
            with open(os.path.join(d, f), "rb") as fh:
                out[os.path.join(d, f)] = hashlib.sha256(fh.read()).hexdigest()
    return out


class FakeRunner:
    """Stands in for external._run: records commands; builds succeed unless the output name
    is listed in fail_build; a run returns what `runs` says for the executable's name."""

    def __init__(self, fail_build=(), runs=None, make_writes=("tree_twice",), fail_make=False):
        self.cmds, self.fail_build, self.runs = [], set(fail_build), runs or {}
        self.shell, self.makes, self.make_writes, self.fail_make = [], [], make_writes, fail_make
        self.run_dirs = {}

    def __call__(self, cmd, env=None, timeout=None, cwd=None, shell=False):
        if shell:  # a recipe's prepare command: recorded with the directory it ran in
            self.shell.append((cmd, cwd))
            return 0, ""
        if cmd[0] == "make":  # writes the program's executable in the -C directory
            self.makes.append(cmd)
            if self.fail_make:
                return 2, "make: *** [Makefile:7: tree_twice] Error 1\n"
            for name in self.make_writes:
                open(os.path.join(cmd[2], name), "w").close()
            return 0, ""
        self.cmds.append((cmd, env))
        self.run_dirs[cmd[0]] = cwd
        if "-o" in cmd:
            out = cmd[cmd.index("-o") + 1]
            if os.path.basename(out) in self.fail_build:
                return 1, "x.hip:1:1: error: something is wrong\n1 error generated.\n"
            return 0, ""
        return self.runs.get(os.path.basename(cmd[0]), (0, ""))


class ExternalTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.real_run = external._run
        # The ROCm-like root (hipcc.rocm_root, which needs a real clang) is a name under tmp.
        self.real_root = hipcc.rocm_root
        hipcc.rocm_root = lambda opts: os.path.join(self.tmp.name, "rocm-root-for-" +
                                                     os.path.basename(opts["clang"]))

        # The SGPR hazard-wait probe (a real compile): a compiler that emits them, unless a
        # test says otherwise.
        self.real_waits = external._sgpr_waits
        external._sgpr_waits = lambda clang: True

    def tearDown(self):
        external._run = self.real_run
        external._sgpr_waits = self.real_waits
        hipcc.rocm_root = self.real_root
        self.tmp.cleanup()

    def go(self, runner, spec="%s=%s" % (RECIPE, TREE)):
        external._run = runner
        return external.run(spec, "/usr/bin/clang++", "emu", ["gfx1201", "gfx1200"], "/b",
                            self.tmp.name, "clang-x", log=lambda m: None)

    def test_bad_specs(self):
        for spec, msg in [("rocwmma", "expected NAME=PATH"),
                          ("nosuch=/tmp", "no such recipe (known: "),
                          ("%s=%s" % (RECIPE, os.path.join(TREE, "nowhere")), "is not a directory"),
                          ("%s=%s" % (RECIPE, os.path.join(TREE, "src")), "missing src/saxpy.hip, lib/common.hip")]:
            with self.assertRaises(external.ExternalError) as cm:
                external.parse_spec(spec)
            self.assertIn(msg, str(cm.exception))

    def test_bad_recipe_file(self):
        bad = os.path.join(self.tmp.name, "bad.json")
        with open(bad, "w") as f:
            json.dump({"name": "x", "groups": [{"name": "g", "programs": [{"name": "p"}]}]}, f)
        with self.assertRaises(external.ExternalError) as cm:
            external.load_recipe(bad)
        self.assertIn("every program needs a name and sources", str(cm.exception))
        with open(bad, "w") as f:
            f.write("{not json")
        with self.assertRaises(external.ExternalError):
            external.load_recipe(bad)

    def test_rocwmma_recipe_is_known_and_well_formed(self):
        self.assertIn("rocwmma", external.known_recipes())
        r = external.load_recipe("rocwmma")
        names = [p["name"] for g in r["groups"] for p in g["programs"]]
        self.assertIn("simple_hgemm", names)
        self.assertIn("perf_hgemm_256", names)

    def test_commands_and_verdicts(self):
        runner = FakeRunner(fail_build={"programs.does_not_compile"},
                            runs={"programs.saxpy": (0, "checked 1000 values\nsaxpy ok\n"),
                                  "programs.fails_check": (1, "expected 3, got 2\n"),
                                  "shared.scale_common": (0, "scale ok\n"),
                                  "shared.big_run_small": (None, "[timeout after 120s]")})
        recs = self.go(runner)
        by = {(r["test"].split("/")[-1], r["target"]): r for r in recs}
        self.assertEqual(len(recs), 12)  # 6 programs x 2 targets
        self.assertEqual(by[("saxpy", "gfx1201")]["status"], "PASS")
        self.assertEqual(by[("saxpy", "gfx1200")]["tests"], 1000)
        self.assertEqual(by[("fails_check", "gfx1201")]["why"], "exit code 1")
        self.assertEqual(by[("does_not_compile", "gfx1200")]["stage"], "build")
        self.assertEqual(by[("scale_common", "gfx1201")]["status"], "PASS")
        self.assertIn("timeout", by[("big_run_small", "gfx1201")]["why"])
        for r in recs:
            self.assertEqual((r["kind"], r["device"], r["builtin"]), ("external", "emu", None))
        # Every run names its target in RDNA4_EMU_ARCH.
        runs = [(c, e) for c, e in runner.cmds if "-o" not in c]
        # The recipe's env reaches the run (saxpy's TREE_RUN in recipe.json).
        self.assertTrue(all(e.get("TREE_RUN") == "1" for c, e in runs if c[0].endswith("programs.saxpy")))
        self.assertEqual(sorted(e["RDNA4_EMU_ARCH"] for _, e in runs),
                         sorted(["gfx1201", "gfx1200"] * 5))
        builds = [c for c, _ in runner.cmds if "-o" in c]
        # The shared source is compiled once (-c) and linked into both programs of its group.
        common = [c for c in builds if "-c" in c]
        self.assertEqual(len(common), 1)
        obj = common[0][common[0].index("-o") + 1]
        self.assertEqual(sum(1 for c in builds if obj in c and "-c" not in c), 2)
        # hipcc with the toolchain and device under test, the recipe's -I and generated header.
        saxpy = next(c for c in builds if c[-1].endswith("programs.saxpy"))
        self.assertIn("--clang", saxpy)
        self.assertEqual(saxpy[saxpy.index("--device") + 1], "emu")
        self.assertIn("-I" + os.path.join(TREE, "lib"), saxpy)
        gen = os.path.join(self.tmp.name, "tree", "include", "tree", "version.h")
        with open(gen) as f:
            self.assertIn("#define TREE_VERSION 3", f.read())

    def test_make_program(self):
        """A `make` program: its directory and the recipe's `copy` are copied into the work
        directory (the checkout is not written to), prepare runs there once per target,
        make gets the recipe's variables with {hipcc} and {rocm_root} filled in, the
        executable runs in that directory with its arguments."""
        before = _digests(os.path.join(TREE, "make"))
        runner = FakeRunner(runs={"tree_twice": (0, "args: gfx1201;gfx1200\ntwice ok\n")})
        recs = self.go(runner)
        twice = [r for r in recs if r["test"] == "external/tree/programs/twice_make"]
        self.assertEqual([r["status"] for r in twice], ["PASS", "PASS"])
        copy = os.path.join(self.tmp.name, "tree", "make", "make", "twice")
        self.assertTrue(os.path.isfile(os.path.join(copy, "Makefile")))
        self.assertTrue(os.path.isfile(os.path.join(self.tmp.name, "tree", "make", "make", "common",
                                                    "twice_check.h")))
        self.assertEqual(runner.shell, [("echo gfx1201 >> targets.txt", copy),
                                        ("echo gfx1200 >> targets.txt", copy)])
        root = os.path.join(self.tmp.name, "rocm-root-for-clang++")
        self.assertEqual(runner.makes, [["make", "-C", copy, "HIPCXX=" + os.path.join(root, "bin", "hipcc"),
                                         "ROCM_INSTALL_DIR=" + root]])
        exe = os.path.join(copy, "tree_twice")
        runs = [c for c, _ in runner.cmds if c[0] == exe]
        self.assertEqual(runs, [[exe, "gfx1201;gfx1200"]] * 2)
        self.assertEqual(runner.run_dirs[exe], copy)
        after = _digests(os.path.join(TREE, "make"))
        self.assertEqual(before, after)

    def test_make_failures(self):
        recs = self.go(FakeRunner(fail_make=True))
        twice = [r for r in recs if r["test"].endswith("/twice_make")]
        self.assertEqual([(r["status"], r["stage"]) for r in twice], [("FAIL", "build")] * 2)
        self.assertIn("Error 1", twice[0]["output"])
        # make succeeds but writes no program: a build failure saying so.
        recs = self.go(FakeRunner(make_writes=()))
        twice = [r for r in recs if r["test"].endswith("/twice_make")]
        self.assertEqual(twice[0]["stage"], "build")
        self.assertIn("did not write", twice[0]["output"])
        bad = os.path.join(self.tmp.name, "bad.json")
        with open(bad, "w") as f:
            json.dump({"name": "x", "groups": [{"name": "g", "programs": [
                {"name": "p", "make": {"dir": "make/twice"}}]}]}, f)
        with self.assertRaises(external.ExternalError) as cm:
            external.load_recipe(bad)
        self.assertIn("make needs a dir and an exe", str(cm.exception))

    def test_make_not_installed(self):
        """A machine without make (a minimal Debian): the build fails with a message that says
        so, and the summary line shows it, instead of a bare "build failed"."""
        from unittest import mock
        real_which = external.shutil.which
        with mock.patch.object(external.shutil, "which",
                               lambda n, *a, **k: None if n == "make" else real_which(n, *a, **k)):
            recs = self.go(FakeRunner())
        twice = [r for r in recs if r["test"].endswith("/twice_make")]
        self.assertEqual([(r["status"], r["stage"]) for r in twice], [("FAIL", "build")] * 2)
        self.assertIn("make is not installed", twice[0]["output"])
        self.assertIn("make is not installed", external.table(recs))

    def test_rocm_examples_recipe_is_known_and_well_formed(self):
        self.assertIn("rocm-examples", external.known_recipes())
        r = external.load_recipe("rocm-examples")
        progs = {p["name"]: p for g in r["groups"] for p in g["programs"]}
        # Built by their own Makefiles; every program either validates itself or has an expect.
        self.assertTrue(all(p.get("make") for p in progs.values()))
        self.assertIn("device_query", progs)
        self.assertNotIn("texture_management", progs)  # textures: a compile error by design
        self.assertEqual(r["make_vars"], {"HIPCXX": "{hipcc}", "ROCM_INSTALL_DIR": "{rocm_root}"})

    def test_compiler_without_sgpr_hazard_waits(self):
        """clang 19's programs run without the emulator's sgpr hazard rule (as in the runtime
        suite), and each record says so; a compiler with the waits runs with every rule."""
        saved = os.environ.pop("RDNA4_EMU_HAZARD_RULES", None)
        try:
            runner = FakeRunner()
            recs = self.go(runner)
            self.assertTrue(all("RDNA4_EMU_HAZARD_RULES" not in e for c, e in runner.cmds if "-o" not in c))
            self.assertTrue(all("emulator_env" not in r for r in recs))
            external._sgpr_waits = lambda clang: False
            runner = FakeRunner()
            recs = self.go(runner)
            runs = [e for c, e in runner.cmds if "-o" not in c]
            self.assertEqual(len(runs), 12)  # 6 programs x 2 targets
            self.assertTrue(all(e["RDNA4_EMU_HAZARD_RULES"] == "-sgpr" for e in runs))
            ran = [r for r in recs if r["stage"] == "run"]
            self.assertTrue(ran and all(r["emulator_env"] == {"RDNA4_EMU_HAZARD_RULES": "-sgpr"} for r in ran))
        finally:
            if saved is not None:
                os.environ["RDNA4_EMU_HAZARD_RULES"] = saved

    def test_main_wrapper_keeps_the_source(self):
        runner = FakeRunner()
        self.go(runner)
        big = next(c for c, _ in runner.cmds if "-o" in c and c[c.index("-o") + 1].endswith("big_run_small"))
        wrapper = next(a for a in big if a.endswith(".main.cpp"))
        with open(wrapper) as f:
            text = f.read()
        self.assertIn('#define main rdna4_external_original_main\n#include "%s"' %
                      os.path.join(TREE, "src", "big_run.cpp"), text)
        self.assertIn("run(64);", text)

    def test_expect_and_reject(self):
        runner = FakeRunner(runs={"programs.saxpy": (0, "checked 5 values\nsomething else\n")})
        recs = self.go(runner)
        r = next(r for r in recs if r["test"].endswith("/saxpy"))
        self.assertEqual(r["status"], "FAIL")
        self.assertIn("does not match", r["why"])

    def test_table(self):
        recs = [{"test": "external/t/g/a", "kind": "external", "device": "emu", "target": t,
                 "status": s, "build_seconds": 3, "run_seconds": 1, "tests": 2}
                for t, s in (("gfx1201", "PASS"), ("gfx1200", "FAIL"))]
        recs[1]["why"] = "exit code 1"
        text = external.table(recs)
        self.assertIn("external/t/g/a  FAIL      PASS", text)
        self.assertIn("FAIL external/t/g/a [gfx1200]: exit code 1", text)
        self.assertEqual(external.table([{"kind": "runtime"}]), "")


if __name__ == "__main__":
    unittest.main()
