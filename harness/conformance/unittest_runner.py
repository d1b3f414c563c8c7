"""Run one directory's Python unittests (like `python3 -m unittest discover -s DIR -t DIR -v`)
and write one outcome per test to a JSON file, so that `check` counts skips apart from passes:

    python3 -m conformance.unittest_runner DIR OUT.json

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


def main(argv):
    if len(argv) != 2:
        print("usage: python3 -m conformance.unittest_runner DIR OUT.json", file=sys.stderr)
        return 2
    start, out = argv
    suite = unittest.defaultTestLoader.discover(start, top_level_dir=start)
    runner = unittest.TextTestRunner(verbosity=2, resultclass=OutcomeResult)
    result = runner.run(suite)
    with open(out, "w") as f:
        json.dump({"tests": list(result.outcomes.values())}, f, indent=1)
    ok = result.wasSuccessful() and all(t["outcome"] != "fail" for t in result.outcomes.values())
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
