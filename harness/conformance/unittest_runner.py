"""Run one directory's Python unittests (like `python3 -m unittest discover -s DIR -t DIR -v`)
and write one outcome per test to a JSON file, so that `check` counts skips apart from passes:

    python3 -m conformance.unittest_runner DIR OUT.json [--jobs N]

--jobs N (default 1): the test modules of DIR run in up to N child processes at once (each
module whole, in one process, as `unittest discover` would run it; most of these tests wait on
lit, clang and the emulator, one core each). Modules start longest first, by the durations the
last run recorded beside OUT.json (OUT.json.times); each module's output is printed whole when
it ends, and the outcomes are merged into OUT.json as if one process had run them.

OUT.json: {"tests": [{"id", "outcome": "pass"|"fail"|"skip", "reason"}]}. An expected failure
is a pass, an unexpected success a failure; a test with a failing subtest is a failure; a
module that does not import is a failure (unittest's _FailedTest). Exit status 0 when all passed.
"""
import json
import sys
import unittest

_RANK = {"pass": 0, "skip": 1, "fail": 2}


class OutcomeResult(unittest.TextTestResult):
    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.outcomes = {}

    def _set(self, test, outcome, reason=""):
        tid = test.id()
        old = self.outcomes.get(tid)
        if old is None or _RANK[outcome] > _RANK[old["outcome"]]:
            self.outcomes[tid] = {"id": tid, "outcome": outcome, "reason": reason}

    def addSuccess(self, test):
        super().addSuccess(test)
        self._set(test, "pass")

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._set(test, "fail")

    def addError(self, test, err):
        super().addError(test, err)
        self._set(test, "fail")

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._set(test, "skip", reason)

    def addExpectedFailure(self, test, err):
        super().addExpectedFailure(test, err)
        self._set(test, "pass")

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self._set(test, "fail")

    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        if err is not None:
            if issubclass(err[0], unittest.SkipTest):
                self._set(test, "skip", str(err[1]))
            else:
                self._set(test, "fail")


def _run_suite(suite, out):
    runner = unittest.TextTestRunner(verbosity=2, resultclass=OutcomeResult)
    result = runner.run(suite)
    with open(out, "w") as f:
        json.dump({"tests": list(result.outcomes.values())}, f, indent=1)
    ok = result.wasSuccessful() and all(t["outcome"] != "fail" for t in result.outcomes.values())
    return 0 if ok else 1


def _module_name(suite):
    """The module a top-level suite of discover() holds, or None (an empty or odd suite)."""
    for t in suite:
        if isinstance(t, unittest.TestSuite):
            n = _module_name(t)
            if n:
                return n
        else:
            return t.__class__.__module__ if not isinstance(t, unittest.loader._FailedTest) else None
    return None


def _parallel(start, out, jobs):
    import concurrent.futures
    import os
    import subprocess
    import tempfile
    import time
    suite = unittest.defaultTestLoader.discover(start, top_level_dir=start)
    modules, rest = [], unittest.TestSuite()
    for s in suite:
        n = _module_name(s)
        if n and n not in modules:
            modules.append(n)
        elif not n:
            rest.addTest(s)  # import failures and the like: run here, reported as failures
    times_path = out + ".times"
    try:
        with open(times_path) as f:
            last = json.load(f)
    except (OSError, ValueError):
        last = {}
    modules.sort(key=lambda m: -float(last.get(m, 0)))
    tmp = tempfile.mkdtemp(prefix="rdna4-unittests-")

    def one(m):
        part = os.path.join(tmp, m + ".json")
        t0 = time.time()
        r = subprocess.run([sys.executable, "-m", "conformance.unittest_runner", "--module", start, m, part],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        return m, r.returncode, r.stdout, part, time.time() - t0

    outcomes, code, times = [], 0, {}
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        for m, rc, text, part, secs in ex.map(one, modules):
            sys.stdout.write("== %s (%.0f s)\n%s" % (m, secs, text))
            sys.stdout.flush()
            times[m] = round(secs, 1)
            try:
                with open(part) as f:
                    outcomes += json.load(f)["tests"]
            except (OSError, ValueError):
                outcomes.append({"id": m, "outcome": "fail", "reason": "the module's run wrote no results"})
                code = 1
            code = code or (1 if rc else 0)
    if rest.countTestCases():
        rpart = os.path.join(tmp, "rest.json")
        code = _run_suite(rest, rpart) or code
        with open(rpart) as f:
            outcomes += json.load(f)["tests"]
    with open(out, "w") as f:
        json.dump({"tests": outcomes}, f, indent=1)
    with open(times_path, "w") as f:
        json.dump(times, f, indent=1)
    import shutil
    shutil.rmtree(tmp, ignore_errors=True)
    return code


def main(argv):
    if len(argv) == 4 and argv[0] == "--module":  # one module of a --jobs run
        _, start, module, out = argv
        sys.path.insert(0, start)
        return _run_suite(unittest.defaultTestLoader.loadTestsFromName(module), out)
    jobs = 1
    if len(argv) == 4 and argv[2] == "--jobs" and argv[3].isdigit() and int(argv[3]) >= 1:
        jobs = int(argv[3])
        argv = argv[:2]
    if len(argv) != 2:
        print("usage: python3 -m conformance.unittest_runner DIR OUT.json [--jobs N]", file=sys.stderr)
        return 2
    start, out = argv
    if jobs > 1:
        return _parallel(start, out, jobs)
    return _run_suite(unittest.defaultTestLoader.discover(start, top_level_dir=start), out)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
