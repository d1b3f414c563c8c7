"""Honest counts for `rdna4-conformance check`: passed, failed and skipped, kept apart.

A test that did not run is never a pass. Each suite's results are read from what its runner
writes down per test:
  ctest     the JUnit file of `ctest --output-junit` (a GTEST_SKIP is a testcase with
            status="notrun" and <skipped>, its message in <system-out> after "Skipped");
  unittest  the JSON file of harness/conformance/unittest_runner.py (one outcome per test);
  lit       lit's `-o` JSON (PASS and XFAIL pass; UNSUPPORTED, including the runtime suite's
            "model contradicted" results, is a skip with lit's reason).
Every skip keeps its reason. A skip whose reason says a toolchain or tool is missing
(`missing_tool`) is a failure under CI (environment CI=true): a CI machine that lacks a tool
would otherwise report green over tests that never ran. A reason starting with "optional:"
names something `check` does not install and is never a failure.
"""
import collections
import json
import os
import re
import time
import xml.etree.ElementTree as ET

Skip = collections.namedtuple("Skip", "what test reason")

# Skip reasons that mean "a toolchain or tool is not there" (the phrasings the project's
# GTEST_SKIPs, unittest skips and lit configs use).
_TOOL_REASONS = [re.compile(p, re.I) for p in (
    r"\bnot installed\b",                    # "llvm 22 tools not installed", "clang 19 not installed"
    r"^needs\b",                             # "needs lit (llvm-22-tools) and a clang >= 19"
    r"\bno (debian )?clang\b",               # "no clang 19 or 22", "no Debian clang >= 19"
    r"\bnot built\b",                        # "emulator HIP runtime not built"
    r"^no rocm hip headers\b",               # configure found no HIP headers (libamdhip64-dev)
    r"^toolchain missing\b",                 # a default toolchain of `check` is absent
)]
# lit features that stand for an installed tool or a built part of the project (the others,
# e.g. builtin-*, arch-*, device-*, are facts about the toolchain or device under test).
TOOL_FEATURES = {"hip-path-usr", "rdna4-emu"}
_LIT_REQUIRES = re.compile(r"Test requires the following unavailable features: (.*)")


def _children_cpu():
    t = os.times()
    return t.children_user + t.children_system


def missing_tool(reason):
    """True when a skip REASON says a toolchain or tool is missing."""
    reason = (reason or "").strip()
    if reason.lower().startswith("optional:"):
        return False
    m = _LIT_REQUIRES.search(reason)
    if m:
        return any(f.strip() in TOOL_FEATURES for f in m.group(1).split(","))
    return any(p.search(reason) for p in _TOOL_REASONS)


def under_ci(environ=None):
    return (environ if environ is not None else os.environ).get("CI", "").strip().lower() in ("true", "1")


def _gtest_skip_message(out):
    """The message of a GTEST_SKIP from a test's output ('file:line: Skipped' then the text)."""
    lines = (out or "").splitlines()
    for i, line in enumerate(lines):
        if line.rstrip().endswith(": Skipped"):
            msg = []
            for nxt in lines[i + 1:]:
                if nxt.startswith("[  SKIPPED ]") or not nxt.strip():
                    break
                msg.append(nxt.strip())
            return " ".join(msg)
    return ""


def ctest_results(junit_path, returncode, what="ctest"):
    """(passed, failed, [Skip]) from ctest's JUnit file; a missing file is one failure."""
    if not os.path.exists(junit_path):
        return 0, 1, []
    root = ET.parse(junit_path).getroot()
    passed = failed = 0
    skips = []
    for tc in root.iter("testcase"):
        status = tc.get("status")
        if tc.find("failure") is not None or tc.find("error") is not None or status in ("fail", "failed"):
            failed += 1
        elif tc.find("skipped") is not None or status in ("notrun", "disabled"):
            out = tc.find("system-out")
            reason = _gtest_skip_message(out.text if out is not None else "")
            if not reason:
                sk = tc.find("skipped")
                reason = "no reason given (%s)" % (sk.get("message") if sk is not None and sk.get("message")
                                                   else status)
            skips.append(Skip(what, tc.get("name"), reason))
        else:
            passed += 1
    if returncode != 0 and failed == 0:
        failed = 1  # ctest failed without a failing test case: count it
    return passed, failed, skips


def unittest_results(json_path, returncode, what):
    """(passed, failed, [Skip]) from unittest_runner.py's JSON; missing or unreadable: one failure."""
    try:
        with open(json_path) as f:
            doc = json.load(f)
        outcomes = doc["tests"]
    except (OSError, ValueError, KeyError):
        return 0, 1, []
    passed = sum(1 for t in outcomes if t["outcome"] == "pass")
    failed = sum(1 for t in outcomes if t["outcome"] == "fail")
    skips = [Skip(what, t["id"], t.get("reason") or "no reason given") for t in outcomes
             if t["outcome"] == "skip"]
    if returncode != 0 and failed == 0:
        failed = 1
    return passed, failed, skips


def lit_results(json_path, what):
    """(passed, failed, [Skip]) from lit's -o JSON (raises OSError/ValueError if unreadable)."""
    with open(json_path) as f:
        data = json.load(f)
    passed = failed = 0
    skips = []
    for t in data.get("tests", []):
        code = t.get("code")
        if code in ("PASS", "XFAIL"):
            passed += 1
        elif code == "UNSUPPORTED":
            out = (t.get("output") or "").strip()
            reason = out.splitlines()[0] if out else "UNSUPPORTED"
            name = t.get("name", "?").split(" :: ", 1)[-1]
            skips.append(Skip(what, name, reason))
        else:
            failed += 1
    return passed, failed, skips


class Tally:
    """Rows (what, passed, failed, skipped) and every skip with its reason."""

    def __init__(self, ci=False, log=None):
        self.ci = ci
        self.rows = []
        self.skips = []
        self.log = log
        self.times = {}  # row index -> (wall seconds, CPU seconds of the processes it ran)
        self._mark = None

    def start(self):
        """Start timing the next row(s) added: the wall time and the CPU time (user + system)
        of the child processes that end in between (os.times(); a child's waited-for
        children count, so lit's workers and the compilers they ran are in it)."""
        self._mark = (time.monotonic(), _children_cpu())

    def add(self, what, passed, failed, skips=()):
        skips = list(skips)
        bad = [s for s in skips if self.ci and missing_tool(s.reason)]
        self.rows.append((what, passed, failed + len(bad), len(skips) - len(bad)))
        self.skips += skips
        if self._mark is not None:
            self.times[len(self.rows) - 1] = (time.monotonic() - self._mark[0],
                                              _children_cpu() - self._mark[1])
            self._mark = None
        if self.log:
            self.log("%s: %d passed, %d failed, %d skipped" % self.rows[-1]
                     + (" (%.0f s wall, %.0f s CPU)" % self.times[len(self.rows) - 1]
                        if len(self.rows) - 1 in self.times else ""))

    def total(self):
        return tuple(sum(r[i] for r in self.rows) for i in (1, 2, 3))

    def skip_lines(self):
        """The skips grouped by (what, reason): count, a few test names, and whether the reason
        is a missing tool (a failure under CI)."""
        groups = collections.OrderedDict()
        for s in self.skips:
            groups.setdefault((s.what, s.reason), []).append(s.test)
        lines = []
        for (what, reason), tests in groups.items():
            tag = ""
            if missing_tool(reason):
                tag = " [missing tool: %s]" % ("counted as failed, CI=true" if self.ci else "a failure under CI=true")
            shown = ", ".join(tests[:3]) + (", ... (%d more)" % (len(tests) - 3) if len(tests) > 3 else "")
            lines.append("  %s: %d skipped: %s%s\n      %s" % (what, len(tests), reason, tag, shown))
        return lines

    def summary(self, seconds):
        """The closing block; its last line is `N passed, N failed, N skipped`."""
        out = ["", "== summary (%.0f s)%s ==" % (seconds, " CI=true: a missing tool is a failure" if self.ci else "")]
        if self.times:
            out.append("  (per step: wall seconds, and CPU seconds = user + system time of the "
                       "processes it ran)")
        for i, (what, p, f, s) in enumerate(self.rows):
            t = self.times.get(i)
            out.append("  %-60s %5d passed %5d failed %5d skipped" % (what, p, f, s)
                       + ("  %6.0f s wall %6.0f s CPU" % t if t else ""))
        if self.skips:
            out.append("skipped tests and why (%d):" % len(self.skips))
            out += self.skip_lines()
        out.append("%d passed, %d failed, %d skipped" % self.total())
        return "\n".join(out)
