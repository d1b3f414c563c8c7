"""Compare two results.json files (regressions and fixes) and merge sharded ones.

  rdna4-conformance compare OLD.json NEW.json [--json OUT] [--strict-xpass] [--ignore-device]
      Lists what changed between two runs (e.g. last night's and tonight's).
      Exit 1 when anything regressed, 0 otherwise, 2 on bad input.
  rdna4-conformance merge A.json B.json ... -o all.json
      Merges result files from lit shards / CI machines into one.

A result is identified by (kind, test, target, device) within a toolchain slot.
Toolchain slots are paired between the two files: identical version lines
first, then the remaining toolchains in the order each file lists them (so a
nightly's single toolchain is compared with the previous nightly's).

Classification of a status change OLD -> NEW (EXPECTED = PASS, XFAIL, UNSUPPORTED):
  regression     OLD expected (or absent: a new test) and NEW unexpected
                 (FAIL, CRASH, UNRESOLVED, TIMEOUT); exit 1
  fix            OLD unexpected and NEW expected
  xpass          NEW is XPASS (a known bug got fixed: remove the XFAIL);
                 a regression only with --strict-xpass
  lost coverage  OLD PASS and NEW UNSUPPORTED (the toolchain lost a builtin or
                 feature the tests probe for): reported, not a regression
  changed        any other change between two unexpected statuses
                 (e.g. FAIL -> CRASH): reported
  missing        in OLD, not in NEW (test removed or shard lost): reported
"""
import argparse
import json
import os
import sys

EXPECTED = {"PASS", "XFAIL", "UNSUPPORTED", "MODEL-CONTRADICTED"}  # as results.EXPECTED


class ResultsError(Exception):
    pass


def load(path):
    """The parsed results.json; ResultsError with a clear message when it is not one."""
    try:
        with open(path) as f:
            data = json.load(f)
    except OSError as e:
        raise ResultsError("cannot read %s: %s" % (path, e.strerror or e))
    except ValueError as e:
        raise ResultsError("%s is not JSON: %s" % (path, e))
    if not isinstance(data, dict) or not isinstance(data.get("results"), list):
        raise ResultsError("%s is not a results.json (no \"results\" list)" % path)
    for i, r in enumerate(data["results"]):
        if not isinstance(r, dict) or "test" not in r or "status" not in r:
            raise ResultsError("%s: result #%d lacks \"test\" or \"status\"" % (path, i))
    data.setdefault("toolchains", [])
    return data


def key(r, ignore_device=False):
    return (r.get("kind") or "", r["test"], r.get("target") or "", "" if ignore_device else r.get("device") or "")


def key_str(k):
    kind, test, target, device = k
    s = test + ("/" + target if target else "")
    return s + (" [device=%s]" % device if device else "")


def toolchain_versions(data):
    """Version lines in the order the file lists them, plus any only named by results."""
    out = [tc.get("version") for tc in data.get("toolchains", []) if tc.get("version")]
    for r in data["results"]:
        v = r.get("toolchain")
        if v and v not in out:
            out.append(v)
    return out


def pair_toolchains(old_versions, new_versions):
    """[(old_version, new_version)]: identical lines first, then the rest in order."""
    pairs = [(v, v) for v in old_versions if v in new_versions]
    rest_old = [v for v in old_versions if v not in new_versions]
    rest_new = [v for v in new_versions if v not in old_versions]
    pairs += list(zip(rest_old, rest_new))
    return pairs


def index(results, version, ignore_device=False):
    return {key(r, ignore_device): r for r in results if r.get("toolchain") == version}


def classify(old_status, new_status, strict_xpass=False):
    """One of regression/fix/xpass/lost_coverage/changed/missing, or None (no change)."""
    if old_status == new_status:
        return None
    if new_status is None:
        return "missing"
    if new_status == "XPASS":
        return "regression" if strict_xpass else "xpass"
    new_ok = new_status in EXPECTED
    if old_status is None:
        return None if new_ok else "regression"
    old_ok = old_status in EXPECTED
    if old_ok and not new_ok:
        return "regression"
    if not old_ok and new_ok:
        return "fix"
    if old_status == "PASS" and new_status in ("UNSUPPORTED", "MODEL-CONTRADICTED"):
        return "lost_coverage"
    if not old_ok and not new_ok:
        return "changed"
    return None  # e.g. XFAIL -> PASS after an XFAIL was removed: fine


CATEGORIES = ["regression", "fix", "xpass", "lost_coverage", "changed", "missing"]
TITLES = {"regression": "REGRESSIONS (were passing, now failing)",
          "fix": "fixes (were failing, now passing)",
          "xpass": "XPASS (expected failure now passes: the known bug is fixed, remove the XFAIL)",
          "lost_coverage": "lost coverage (PASS -> UNSUPPORTED)",
          "changed": "changed failure kind",
          "missing": "missing from the new run"}


def diff_results(old_results, new_results, old_version, new_version, strict_xpass=False, ignore_device=False):
    """{category: [(key, old_status, new_status, new_result)]} for one toolchain pair."""
    o = index(old_results, old_version, ignore_device)
    n = index(new_results, new_version, ignore_device)
    out = {c: [] for c in CATEGORIES}
    for k in sorted(set(o) | set(n)):
        os_ = o[k]["status"] if k in o else None
        ns = n[k]["status"] if k in n else None
        c = classify(os_, ns, strict_xpass)
        if c:
            out[c].append((k, os_, ns, n.get(k) or o.get(k)))
    return out


def compare(old, new, strict_xpass=False, ignore_device=False):
    """[(old_version, new_version, diff)] over the paired toolchains."""
    pairs = pair_toolchains(toolchain_versions(old), toolchain_versions(new))
    return [(ov, nv, diff_results(old["results"], new["results"], ov, nv, strict_xpass, ignore_device))
            for ov, nv in pairs]


def format_diff(ov, nv, d, old_label="old", new_label="new"):
    lines = []
    if ov == nv:
        lines.append("toolchain: %s" % ov)
    else:
        lines.append("%s: %s\n%s: %s" % (old_label, ov, new_label, nv))
    any_change = False
    for c in CATEGORIES:
        if not d[c]:
            continue
        any_change = True
        lines.append("  %s: %d" % (TITLES[c], len(d[c])))
        for k, os_, ns, _ in d[c]:
            lines.append("    %s: %s -> %s" % (key_str(k), os_ or "(new test)", ns or "(absent)"))
    if not any_change:
        lines.append("  no changes")
    return "\n".join(lines)


def main(argv):
    p = argparse.ArgumentParser(prog="rdna4-conformance compare",
                                description="Regressions and fixes between two results.json files; "
                                            "exit 1 on a regression.")
    p.add_argument("old", metavar="OLD.json")
    p.add_argument("new", metavar="NEW.json")
    p.add_argument("--json", metavar="OUT", help="also write the differences as JSON")
    p.add_argument("--strict-xpass", action="store_true", help="count XPASS as a regression")
    p.add_argument("--ignore-device", action="store_true",
                   help="pair runtime results across devices (e.g. last night on emu, tonight on hw)")
    args = p.parse_args(argv)
    try:
        old, new = load(args.old), load(args.new)
    except ResultsError as e:
        print("rdna4-conformance compare: error: %s" % e, file=sys.stderr)
        return 2
    if not old["results"] or not new["results"]:
        print("rdna4-conformance compare: error: %s has no results"
              % (args.old if not old["results"] else args.new), file=sys.stderr)
        return 2
    comps = compare(old, new, args.strict_xpass, args.ignore_device)
    if not comps:
        print("rdna4-conformance compare: error: no toolchain versions to pair", file=sys.stderr)
        return 2
    regressions = 0
    for ov, nv, d in comps:
        print(format_diff(ov, nv, d))
        regressions += len(d["regression"])
    summary = {c: sum(len(d[c]) for _, _, d in comps) for c in CATEGORIES}
    print("summary: " + ", ".join("%s %d" % (c, summary[c]) for c in CATEGORIES))
    if args.json:
        with _open_out(args.json) as f:
            json.dump({"pairs": [{"old": ov, "new": nv,
                                  "changes": {c: [{"test": k[1], "kind": k[0], "target": k[2] or None,
                                                   "device": k[3] or None, "old": os_, "new": ns}
                                                  for k, os_, ns, _ in d[c]] for c in CATEGORIES}}
                                 for ov, nv, d in comps], "summary": summary}, f, indent=1)
    if regressions:
        print("REGRESSION: %d test(s) regressed" % regressions)
        return 1
    return 0


def _open_out(path):
    try:
        return open(path, "w")
    except OSError as e:
        print("rdna4-conformance: error: cannot write %s: %s" % (path, e.strerror or e), file=sys.stderr)
        raise SystemExit(2)


# ------------------------------------------------------------------ merge

def merge(datas):
    """Union of several results.json dicts (shards, machines). Duplicate results
    (same toolchain and key) must agree, else the worse status wins and a warning
    is returned."""
    toolchains, seen_tc = [], set()
    results, where = [], {}
    warnings = []
    for data in datas:
        for tc in data.get("toolchains", []):
            ident = (tc.get("clang"), tc.get("version"))
            if ident not in seen_tc:
                seen_tc.add(ident)
                toolchains.append(tc)
        for r in data["results"]:
            k = (r.get("toolchain"),) + key(r)
            if k in where:
                prev = results[where[k]]
                if prev["status"] != r["status"]:
                    warnings.append("%s [%s]: %s in one file, %s in another; keeping the worse"
                                    % (key_str(key(r)), r.get("toolchain"), prev["status"], r["status"]))
                    if _rank(r["status"]) > _rank(prev["status"]):
                        results[where[k]] = r
                continue
            where[k] = len(results)
            results.append(r)
    return {"toolchains": toolchains, "results": results}, warnings


def _rank(status):
    order = ["PASS", "UNSUPPORTED", "MODEL-CONTRADICTED", "XFAIL", "XPASS", "FAIL", "UNRESOLVED", "TIMEOUT", "CRASH"]
    return order.index(status) if status in order else len(order)


def merge_main(argv):
    p = argparse.ArgumentParser(prog="rdna4-conformance merge",
                                description="Merge results.json files from shards or machines.")
    p.add_argument("inputs", nargs="+", metavar="IN.json")
    p.add_argument("-o", "--output", required=True, metavar="OUT.json")
    args = p.parse_args(argv)
    try:
        datas = [load(x) for x in args.inputs]
    except ResultsError as e:
        print("rdna4-conformance merge: error: %s" % e, file=sys.stderr)
        return 2
    merged, warnings = merge(datas)
    for w in warnings:
        print("warning: " + w, file=sys.stderr)
    try:
        if os.path.dirname(args.output):
            os.makedirs(os.path.dirname(args.output), exist_ok=True)
        with open(args.output, "w") as f:
            json.dump(merged, f, indent=1)
    except OSError as e:
        print("rdna4-conformance merge: error: cannot write %s: %s" % (args.output, e.strerror or e),
              file=sys.stderr)
        return 2
    print("merged %d file(s): %d toolchain(s), %d result(s) -> %s"
          % (len(datas), len(merged["toolchains"]), len(merged["results"]), args.output))
    return 0
