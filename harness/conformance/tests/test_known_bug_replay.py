"""Every replayable row of docs/known-bugs.json fails its tests under its replay, and passes without.

For each Debian clang the machine has (19, 22) and each row of the known-bug table:
  * control: the row's codegen tests under the unedited compiler (broken_clang.py --mode none)
    PASS, or are XFAIL where the row says the bug is live in that toolchain;
  * replay: under each of the row's codegen replay modes (the compiler's -S output rewritten into
    what the buggy compiler emitted, replay_edits.py / broken_clang.py) the row's tests FAIL;
  * runtime: with the emulator build (libhipemu.so, as `check` makes it), the row's runtime tests
    PASS under corrupting_clang.py --mode none and FAIL with a numerical mismatch under the mode.
Only the rows' own tests run, on gfx1201: per toolchain and suite one lit run unedited and one
with every row's replay (the wrapper picks each compile's mode by the test file it compiles, so
the toolchain probe is cached across both runs); the toolchains run side by side.

A replay entry with `replayed_by` is run by that test (test_gfx12_replays.py, with the emulator's
strict-mode diagnostics) and only checked for consistency here: its mode and tests must exist.

    python3 -m unittest harness/conformance/tests/test_known_bug_replay.py
Environment: RDNA4_BUILD_DIR (default <repo>/build), RDNA4_LIT.
"""
import concurrent.futures
import os
import shutil
import sys
import tempfile
import threading
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(REPO, "harness"))
sys.path.insert(0, HERE)
from conformance import known_bugs, toolchain  # noqa: E402
import broken_clang  # noqa: E402
import corrupting_clang  # noqa: E402
import replay_lit  # noqa: E402

BUILD = os.environ.get("RDNA4_BUILD_DIR", os.path.join(REPO, "build"))
TOOLCHAINS = [(m, "/usr/lib/llvm-%d/bin/clang++" % m) for m in known_bugs.TOOLCHAINS
              if os.path.exists("/usr/lib/llvm-%d/bin/clang++" % m)]
ROWS = known_bugs.load()["rows"]
TARGET = "gfx1201"


def _lit():
    return os.environ.get("RDNA4_LIT") or toolchain.find_lit()


def _exists(p):
    return os.path.exists(os.path.join(REPO, p))


KNOWN_MODES = {"codegen": set(broken_clang.MODES), "runtime": set(corrupting_clang.MODES)}


def missing(row, entry=None):
    """What of the row (or of one replay entry) is not in this tree: paths and modes."""
    paths = entry["tests"] if entry else row["codegen_tests"] + row["runtime_tests"]
    items = [p for p in paths if not _exists(p)]
    if entry and entry["mode"] not in KNOWN_MODES[entry["suite"]]:
        items.append("mode %s" % entry["mode"])
    if entry and entry.get("replayed_by") and not _exists(entry["replayed_by"]):
        items.append(entry["replayed_by"])
    return items


def runs_here(entry, suite, major):
    """Replays this test runs; an entry with `replayed_by` is run by that test instead."""
    return entry["suite"] == suite and major in entry["on"] and not entry.get("replayed_by")


def _matches(name, path):
    """lit test name <path>/<target> (or <path> for single-target tests), or under a directory."""
    return name == path or name.startswith(path.rstrip("/") + "/")


LIT = _lit()


@unittest.skipUnless(LIT and TOOLCHAINS, "needs lit and /usr/lib/llvm-{19,22}/bin/clang++")
class KnownBugReplay(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="rdna4-known-bug-replay-")
        cls._wrappers, cls._lock = {}, threading.Lock()

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def run_lit(self, kind, major, real, modes, extra=()):
        """Runs lit over the paths of `modes` ({path: mode}) with the broken or corrupting compiler
        around `real` (replay_lit.py: one wrapper per kind and toolchain, each compile's mode
        picked by the test file it compiles, so one lit run replays every row and the probe
        runs once); returns {test name: lit result}."""
        with self._lock:
            w = self._wrappers.get((kind, major))
            if w is None:
                w = self._wrappers[(kind, major)] = replay_lit.Wrapper(self.tmp, kind, real)
        return w.run_lit(LIT, modes, targets=TARGET, params=list(extra))

    def results_for(self, res, paths):
        got = {n: t for n, t in res.items() if any(_matches(n, p) for p in paths)}
        self.assertTrue(got, "no lit test ran for %s" % ", ".join(paths))
        return got

    def test_rows_are_consistent(self):
        """Every mode a row names exists in the compiler that replays it; every test path exists."""
        for row in ROWS:
            for entry in [None] + row["replay"]:
                with self.subTest(row=row["id"], mode=entry and entry["mode"]):
                    self.assertEqual(missing(row, entry), [], "%s: not in this tree" % row["id"])

    def check_replays(self, res, entries, major, runtime=False):
        for r, e in entries:
            with self.subTest(toolchain=major, row=r["id"], mode=e["mode"]):
                got = self.results_for(res, e["tests"])
                failed = {n: t for n, t in got.items() if t["code"] == "FAIL"}
                if e.get("expect") == "some":
                    self.assertTrue(failed, "replay %s on clang-%d: no test failed" % (e["mode"], major))
                else:
                    self.assertEqual(sorted(failed), sorted(got), "replay %s on clang-%d: not every test failed"
                                     % (e["mode"], major))
                for n, t in failed.items() if runtime else ():
                    # A wrong number, not a build or launch failure.
                    self.assertRegex(t.get("output", ""), r"MISMATCH|expected .* actual|device=-?\d+",
                                     "%s failed without a numerical mismatch" % n)

    def replay_entries(self, suite, major):
        entries = [(r, e) for r in ROWS for e in r["replay"] if runs_here(e, suite, major) and not missing(r, e)]
        modes = {}
        for r, e in entries:
            for p in e["tests"]:
                self.assertEqual(modes.setdefault(p, e["mode"]), e["mode"],
                                 "%s is replayed in two modes on clang-%d: give each its own lit run" % (p, major))
        return entries, modes

    @staticmethod
    def per_toolchain(fn):
        """fn(major, real) for every toolchain, the toolchains side by side (each has its own
        wrappers, modes.json and lit exec roots; a toolchain's own lit runs stay one after the
        other, as they share its wrapper). Returns [(major, fn's result)] in TOOLCHAINS order;
        the checks run afterwards, here."""
        with concurrent.futures.ThreadPoolExecutor(2) as ex:
            futs = [(major, ex.submit(fn, major, real)) for major, real in TOOLCHAINS]
        return [(major, f.result()) for major, f in futs]

    def test_codegen_replays(self):
        def lits(major, real):
            entries, modes = self.replay_entries("codegen", major)
            # Control: the tests each replay runs, and the tests of the rows live in this toolchain
            # (XFAIL). The codegen suite itself runs every test unedited elsewhere in check.
            control = {(r["id"], p) for r, e in entries for p in e["tests"]}
            control |= {(r["id"], p) for r in ROWS if major in r["live_in"] for p in r["codegen_tests"] if _exists(p)}
            res = self.run_lit("broken", major, real, {p: "none" for _, p in control})
            replayed = self.run_lit("broken", major, real, modes) if entries else None
            return entries, control, res, replayed

        for major, (entries, control, res, replayed) in self.per_toolchain(lits):
            for rid, p in sorted(control):
                want = "XFAIL" if major in next(r for r in ROWS if r["id"] == rid)["live_in"] else "PASS"
                with self.subTest(toolchain=major, row=rid, test=p, mode="none"):
                    got = self.results_for(res, [p])
                    bad = {n: t["code"] for n, t in got.items() if t["code"] != want}
                    self.assertEqual(bad, {}, "unedited clang-%d: expected %s" % (major, want))
            if entries:
                self.check_replays(replayed, entries, major)

    @unittest.skipUnless(os.path.exists(os.path.join(BUILD, "harness", "hip", "libhipemu.so")),
                         "needs the emulator build (libhipemu.so)")
    def test_runtime_replays(self):
        params = ["build_dir=" + BUILD, "device=emu"]

        def lits(major, real):
            entries, modes = self.replay_entries("runtime", major)
            if not entries:
                return entries, None, None
            control = self.run_lit("corrupting", major, real, {p: "none" for p in modes}, params)
            return entries, control, self.run_lit("corrupting", major, real, modes, params)

        for major, (entries, control, replayed) in self.per_toolchain(lits):
            if not entries:
                continue
            for r, e in entries:
                with self.subTest(toolchain=major, row=r["id"], mode="none"):
                    got = self.results_for(control, e["tests"])
                    bad = {n: t["code"] for n, t in got.items() if t["code"] != "PASS"}
                    self.assertEqual(bad, {}, "unedited clang-%d" % major)
            self.check_replays(replayed, entries, major, runtime=True)

if __name__ == "__main__":
    unittest.main()
