#!/usr/bin/env python3
"""The known-bug table: docs/known-bugs.json (the data) rendered into docs/known-bugs.md.

    python3 harness/conformance/known_bugs.py            # rewrite docs/known-bugs.md
    python3 harness/conformance/known_bugs.py --check    # exit 1 if docs/known-bugs.md is stale

One row per upstream gfx12 fix (or measured / library bug) the suite guards against: what went
wrong, the source pattern that triggers it, the tests that catch it, and the replay
(harness/conformance/tests/replay_edits.py and the broken/corrupting compilers) that proves they do.
harness/conformance/tests/test_known_bugs.py checks the data and that the page is current;
harness/conformance/tests/test_known_bug_replay.py runs the replays.
"""
import json
import os
import sys

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
DATA = os.path.join(REPO, "docs", "known-bugs.json")
PAGE = os.path.join(REPO, "docs", "known-bugs.md")
TOOLCHAINS = (19, 22)  # the Debian clang majors `check` runs the suite with
ROW_FIELDS = ("id", "title", "area", "kind", "upstream", "affected", "trigger", "wrong", "correct",
              "codegen_tests", "runtime_tests", "live_in", "replay", "not_replayable")
KINDS = ("fix", "rule", "measurement", "library-fix")
SUITES = ("codegen", "runtime")


class DataError(Exception):
    pass


def load(path=DATA):
    with open(path) as f:
        return json.load(f)


def validate(data):
    """Raises DataError naming the first row and field that is wrong."""
    ids = set()
    for i, r in enumerate(data.get("rows", [])):
        where = "row %d (%s)" % (i, r.get("id", "?"))
        for k in ROW_FIELDS:
            if k not in r:
                raise DataError("%s: missing field %r" % (where, k))
        if r["id"] in ids:
            raise DataError("%s: duplicate id" % where)
        ids.add(r["id"])
        if r["kind"] not in KINDS:
            raise DataError("%s: kind %r is not one of %s" % (where, r["kind"], ", ".join(KINDS)))
        if r["kind"] != "measurement" and not r["upstream"]:
            raise DataError("%s: no upstream reference" % where)
        for u in r["upstream"]:
            if not u.startswith("https://github.com/"):
                raise DataError("%s: upstream %r is not a public GitHub URL" % (where, u))
        if any(t not in TOOLCHAINS for t in r["live_in"]):
            raise DataError("%s: live_in %r names a toolchain outside %s" % (where, r["live_in"], TOOLCHAINS))
        for e in r["replay"]:
            if e.get("suite") not in SUITES or not e.get("mode") or not e.get("tests") or not e.get("on"):
                raise DataError("%s: replay entry %r needs suite (codegen|runtime), mode, tests, on" % (where, e))
            live = sorted(set(e["on"]) & set(r["live_in"]))
            if live and e["suite"] == "codegen":
                raise DataError("%s: replays on clang-%s, where the bug is live (its tests already fail)"
                                % (where, live[0]))
            if e.get("replayed_by") and not e["replayed_by"].startswith("harness/"):
                raise DataError("%s: replayed_by %r is not a test of the harness" % (where, e["replayed_by"]))
            if e["suite"] == "codegen" and any(not t.startswith("codegen/") for t in e["tests"]):
                raise DataError("%s: codegen replay of a non-codegen test" % where)
            if e["suite"] == "runtime" and any(not t.startswith("runtime/") for t in e["tests"]):
                raise DataError("%s: runtime replay of a non-runtime test" % where)
        replayed = {e["suite"] for e in r["replay"]}
        if not replayed and not r["live_in"] and not r["not_replayable"]:
            raise DataError("%s: neither a replay, a live toolchain nor a reason it cannot be replayed" % where)
    for k in ("searches", "out_of_scope"):
        if not data.get(k):
            raise DataError("no %r list" % k)


def caught_by(r):
    c, rt = bool(r["codegen_tests"]), bool(r["runtime_tests"])
    return "both" if c and rt else "codegen" if c else "runtime" if rt else "none"


def replay_summary(r):
    parts = []
    for e in r["replay"]:
        parts.append("%s `%s` (clang-%s)" % (e["suite"], e["mode"], ", ".join(str(t) for t in e["on"])))
    if r["live_in"]:
        parts.append("live in clang-%s (XFAIL)" % ", ".join(str(t) for t in r["live_in"]))
    return "; ".join(parts) if parts else "not replayable"


def _cell(s):
    return s.replace("|", "\\|").replace("\n", " ")


def _links(urls):
    out = []
    for u in urls:
        tail = u.rstrip("/").split("/")
        out.append("[%s/%s#%s](%s)" % (tail[-4], tail[-3], tail[-1], u))
    return ", ".join(out) if out else "none (measured)"


def _paths(paths):
    return ", ".join("`%s`" % p for p in paths) if paths else "none"


def render(data):
    rows = data["rows"]
    out = ["# Known toolchain bugs and the tests that catch them", "",
           "<!-- Generated from docs/known-bugs.json by harness/conformance/known_bugs.py: edit the JSON, then run",
           "     `python3 harness/conformance/known_bugs.py` (check fails while this page is stale). -->", "",
           data["about"], "",
           "A row's *replay* rewrites the output of a correct compiler (Debian clang-19 or clang-22) into what",
           "the buggy compiler emitted (`harness/conformance/tests/replay_edits.py`, run through",
           "`broken_clang.py` for codegen tests and `corrupting_clang.py` for runtime tests) and",
           "`harness/conformance/tests/test_known_bug_replay.py` asserts that the row's tests FAIL under it",
           "while the unedited compiler passes them. *Live* means the toolchain itself carries the bug: the",
           "row's codegen tests are XFAIL there, on the named `clang-major-N` features, and turn XPASS once a",
           "release carries the fix (a runtime test can still pass there when its kernel does not hit the",
           "pattern).", "",
           "| row | upstream | kind | caught by | replay |", "| --- | --- | --- | --- | --- |"]
    for r in rows:
        out.append("| [%s](#%s) | %s | %s | %s | %s |" % (
            r["id"], r["id"], _links(r["upstream"]), r["kind"], caught_by(r), _cell(replay_summary(r))))
    counts = {}
    for r in rows:
        counts[caught_by(r)] = counts.get(caught_by(r), 0) + 1
    out += ["", "%d rows: caught by %s. Replayed on clang-19/22 output: %d; live in a suite toolchain: %d; "
            "neither: %d." % (len(rows), ", ".join("%s %d" % (k, counts[k]) for k in sorted(counts)),
                              sum(1 for r in rows if r["replay"]), sum(1 for r in rows if r["live_in"]),
                              sum(1 for r in rows if not r["replay"] and not r["live_in"])), ""]
    for r in rows:
        out += ['<a id="%s"></a>' % r["id"], "", "## " + r["title"], "",
                "* id: `%s`; kind: %s; area: %s" % (r["id"], r["kind"], r["area"]),
                "* upstream: %s" % _links(r["upstream"]),
                "* affected: %s" % r["affected"],
                "* triggering pattern: %s" % r["trigger"],
                "* wrong output: %s" % r["wrong"],
                "* correct output: %s" % r["correct"],
                "* codegen tests: %s" % _paths(r["codegen_tests"]),
                "* runtime tests: %s" % _paths(r["runtime_tests"])]
        if r["live_in"]:
            out.append("* live in: clang-%s (the tests are XFAIL there)" % ", ".join(str(t) for t in r["live_in"]))
        for e in r["replay"]:
            out.append("* replay: %s mode `%s` on clang-%s over %s%s%s" % (
                e["suite"], e["mode"], ", ".join(str(t) for t in e["on"]), _paths(e["tests"]),
                " (at least one of them fails)" if e.get("expect") == "some" else " (each fails)",
                "; run by `%s`" % e["replayed_by"] if e.get("replayed_by") else ""))
        if r["not_replayable"]:
            out.append("* not replayed: %s" % r["not_replayable"])
        if r.get("note"):
            out.append("* note: %s" % r["note"])
        out.append("")
    out += ["## How the table was built", "",
            "The searches below were run over stored copies of public GitHub issues, pull requests and",
            "code (llvm/llvm-project, ROCm/llvm-project and their users); each hit was read and kept",
            "or judged out of scope. To extend the table, rerun them and add a row per new fix.", "",
            "| where | query | found |", "| --- | --- | --- |"]
    for s in data["searches"]:
        out.append("| %s | %s | %s |" % (_cell(s["where"]), _cell(s["query"]), _cell(s["found"])))
    out += ["", "## Judged out of scope", "", "| fix | what | why not a row |", "| --- | --- | --- |"]
    for o in data["out_of_scope"]:
        out.append("| %s | %s | %s |" % (_links([o["ref"]]), _cell(o["title"]), _cell(o["reason"])))
    out.append("")
    return "\n".join(out)


def main(argv):
    check = argv == ["--check"]
    if argv and not check:
        print("usage: known_bugs.py [--check]", file=sys.stderr)
        return 2
    try:
        data = load()
        validate(data)
    except (OSError, ValueError, DataError) as e:
        print("known_bugs.py: error: %s: %s" % (os.path.relpath(DATA, REPO), e), file=sys.stderr)
        return 2
    text = render(data)
    if check:
        try:
            with open(PAGE) as f:
                current = f.read()
        except OSError:
            current = None
        if current != text:
            print("known_bugs.py: docs/known-bugs.md is stale: run python3 harness/conformance/known_bugs.py",
                  file=sys.stderr)
            return 1
        return 0
    with open(PAGE, "w") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
