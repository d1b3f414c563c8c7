"""Turn lit's JSON output into the suite's results.json, junit.xml and the printed matrix.

results.json:
  {"toolchains": [{"clang": path, "version": full version line}],
   "results": [{"test": "codegen/wmma-w32/x.hip", "builtin": "x" | null,
                "target": "gfx1201" | null, "kind": "codegen" | "runtime",
                "device": null | "emu" | "hw", "toolchain": version line,
                "status": PASS|FAIL|XFAIL|XPASS|UNSUPPORTED|MODEL-CONTRADICTED|CRASH|UNRESOLVED|TIMEOUT,
                "assumes": ["tr_b64_mapping", ...] (runtime tests that declare them),
                "contradicted": {"tr_b64_mapping": "b128_rule"} (MODEL-CONTRADICTED only),
                "output": "..." (failures only)}]}

A runtime test declares the emulator's UNVERIFIED models its result rests on with a header
line `// ASSUMES: <id> <id> ...` (ids of `rdna4-emu assumptions`, docs/facts/unverified.md).
An emulator PASS of such a test is shown as PASS* (modelled(), MODELLED_PASS): a result of the
model, not a hardware fact.

When the device contradicts a model (RDNA4_REF_MODEL names a non-default candidate, or
RDNA4_MODEL_FACTS points at a model-facts.json that says "none of the candidates"), the lit
format (lit_format.py) does not run the tests that ASSUME it: they end as UNSUPPORTED with
"model contradicted: <id> (device matches <candidate>)", recorded here as MODEL-CONTRADICTED
with the ids; the matrix prints one summary line per contradicted id.
"""
import json
import os
import re
import xml.sax.saxutils as sax

from . import assumes

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

# Statuses a healthy toolchain may produce; anything else makes `run` exit 1.
# A contradicted model is a fact about the emulator's model, not a toolchain failure.
CONTRADICTED = "MODEL-CONTRADICTED"
EXPECTED = {"PASS", "XFAIL", "UNSUPPORTED", CONTRADICTED}
# Order for "worst status" when several tests feed one matrix cell.
SEVERITY = ["PASS", "UNSUPPORTED", CONTRADICTED, "XFAIL", "XPASS", "FAIL", "UNRESOLVED", "TIMEOUT", "CRASH"]
# A compiler crash, told apart from a CHECK mismatch by what the compiler printed.
CRASH_MARKERS = ("PLEASE submit a bug report", "Stack dump:", "error in backend",
                 "clang frontend command failed due to signal", "Segmentation fault")

_TARGET = re.compile(r"^gfx[0-9a-f]+$")
MODELLED_PASS = "PASS*"
_DECLARED = {}


def declared_assumptions(test):
    """The ids a test declares with `// ASSUMES: id id ...` (test: path relative to the
    checkout, or absolute); [] when it declares none or the file is not there."""
    path = test if os.path.isabs(test) else os.path.join(REPO, test)
    if path not in _DECLARED:
        _DECLARED[path] = assumes.read(path)
    return _DECLARED[path]


def modelled(r):
    """True for an emulator PASS that rests on UNVERIFIED models (shown as PASS*)."""
    return r.get("status") == "PASS" and r.get("device") == "emu" and bool(r.get("assumes"))


def cell_status(rs):
    """The status a matrix cell shows for its results: the worst one, PASS* when that is
    PASS and some of the cell's emulator passes rest on UNVERIFIED models."""
    w = worst([r["status"] for r in rs])
    if w == "PASS" and any(modelled(r) for r in rs):
        return MODELLED_PASS
    return w


def cell_assumptions(rs):
    """Sorted ids of the UNVERIFIED models behind a cell's modelled passes."""
    return sorted({i for r in rs if modelled(r) for i in r.get("assumes", [])})


def manifest_builtins():
    """Builtin short names (without __builtin_amdgcn_) listed in Inputs/builtins.json."""
    path = os.path.join(REPO, "Inputs", "builtins.json")
    try:
        with open(path) as f:
            data = json.load(f)
    except (OSError, ValueError):
        return set()
    entries = data.get("builtins", data) if isinstance(data, dict) else data
    names = set()
    for e in entries:
        n = e.get("name") if isinstance(e, dict) else None
        if n:
            names.add(n.replace("__builtin_amdgcn_", ""))
    return names


_CONTRA = re.compile(r"([a-z0-9_]+) \(device matches ([^)]*)\)")


def contradictions(code, output):
    """{id: candidate} of a lit result 'UNSUPPORTED: model contradicted: id (device matches c); ...'."""
    out = (output or "").strip()
    if code != "UNSUPPORTED" or not out.startswith("model contradicted: "):
        return {}
    return dict(_CONTRA.findall(out.split("\n", 1)[0]))


def classify(code, output):
    if contradictions(code, output):
        return CONTRADICTED
    if code == "FAIL" and any(m in (output or "") for m in CRASH_MARKERS):
        return "CRASH"
    return code


def from_lit_json(lit_json_path, suite_dir, kind, toolchain_version, device=None, builtins=None):
    """Results entries from one lit -o JSON file. suite_dir: 'codegen' or 'runtime'."""
    builtins = manifest_builtins() if builtins is None else builtins
    with open(lit_json_path) as f:
        data = json.load(f)
    out = []
    for t in data.get("tests", []):
        name = t["name"].split(" :: ", 1)[-1]
        parts = name.split("/")
        target = None
        if len(parts) > 1 and _TARGET.match(parts[-1]):
            target = parts[-1]
            parts = parts[:-1]
        # lit names tests relative to the suite's test_source_root: the checkout root for
        # the top-level lit.cfg.py (names start with "codegen/"), else the suite dir.
        rel = "/".join(parts if parts[0] == suite_dir else [suite_dir] + parts)
        stem = os.path.splitext(parts[-1])[0]
        status = classify(t["code"], t.get("output", ""))
        r = {"test": rel, "builtin": stem if stem in builtins else None, "target": target,
             "kind": kind, "device": device, "toolchain": toolchain_version, "status": status}
        if kind == "runtime" and declared_assumptions(rel):
            r["assumes"] = declared_assumptions(rel)
        if status == CONTRADICTED:
            r["contradicted"] = contradictions(t["code"], t.get("output", ""))
        if status not in EXPECTED:
            r["output"] = t.get("output", "")[-20000:]
        out.append(r)
    return out


def write_json(path, toolchains, results):
    with open(path, "w") as f:
        json.dump({"toolchains": toolchains, "results": results}, f, indent=1)


def write_junit(path, results):
    def esc(s):
        return sax.escape(s or "", {'"': "&quot;"})
    failures = sum(1 for r in results if r["status"] not in EXPECTED)
    skipped = sum(1 for r in results if r["status"] in ("UNSUPPORTED", CONTRADICTED))
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<testsuites><testsuite name="rdna4-conformance" tests="%d" failures="%d" skipped="%d">'
             % (len(results), failures, skipped)]
    for r in results:
        cls = "%s.%s" % (r["kind"], r["toolchain"].split(" (")[0].replace(".", "_").replace(" ", "_"))
        name = r["test"] + ("/" + r["target"] if r["target"] else "")
        if r.get("device"):
            name += " [device=%s]" % r["device"]
        lines.append('<testcase classname="%s" name="%s">' % (esc(cls), esc(name)))
        if r["status"] == "UNSUPPORTED":
            lines.append("<skipped/>")
        elif r["status"] == CONTRADICTED:
            lines.append('<skipped message="%s"/>' % esc(contradiction_text(r)))
        elif r["status"] not in EXPECTED:
            lines.append('<failure message="%s">%s</failure>' % (r["status"], esc(r.get("output", ""))))
        lines.append("</testcase>")
    lines.append("</testsuite></testsuites>")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def contradiction_text(r):
    """'model contradicted: id (device matches c); ...' of a MODEL-CONTRADICTED result."""
    return "model contradicted: " + "; ".join(
        "%s (device matches %s)" % kv for kv in sorted((r.get("contradicted") or {}).items()))


def contradiction_summary(results):
    """One line per contradicted model id: the candidate and how many results it stopped."""
    by = {}
    for r in results:
        for i, c in (r.get("contradicted") or {}).items() if r["status"] == CONTRADICTED else ():
            by.setdefault((i, c), []).append(r)
    return ["MODEL-CONTRADICTED %s: device matches %s, not the emulator's default; %d result(s) "
            "assuming it not run (docs/facts/unverified.md#%s)" % (i, c, len(rs), i)
            for (i, c), rs in sorted(by.items())]


def worst(statuses):
    return max(statuses, key=lambda s: SEVERITY.index(s) if s in SEVERITY else len(SEVERITY))


def matrix(results, toolchains):
    """Text matrix: one row per builtin, one column per (toolchain, target, kind[, device])."""
    cols = []
    for r in results:
        if r["builtin"] is None or r["target"] is None:
            continue
        c = (r["toolchain"], r["target"], r["kind"], r.get("device"))
        if c not in cols:
            cols.append(c)
    short = {tc["version"]: "tc%d" % i for i, tc in enumerate(toolchains)}
    cells = {}
    for r in results:
        if r["builtin"] is None or r["target"] is None:
            continue
        key = (r["builtin"], (r["toolchain"], r["target"], r["kind"], r.get("device")))
        cells.setdefault(key, []).append(r)
    builtins = sorted({k[0] for k in cells})
    heads = ["%s %s %s%s" % (short.get(c[0], "?"), c[1], c[2], "/" + c[3] if c[3] else "") for c in cols]
    width = max([len(b) for b in builtins] + [7])
    lines = []
    for tc in toolchains:
        lines.append("%s = %s (%s)" % (short[tc["version"]], tc["version"], tc["clang"]))
    lines.append("builtin".ljust(width) + "  " + "  ".join(h.ljust(11) for h in heads))
    for b in builtins:
        row = [cell_status(cells[(b, c)]) if (b, c) in cells else "-" for c in cols]
        lines.append(b.ljust(width) + "  " + "  ".join(s.ljust(max(11, len(h))) for s, h in zip(row, heads)))
    modelled_ids = sorted({i for rs in cells.values() for i in cell_assumptions(rs)})
    if modelled_ids:
        lines.append("PASS* = passed on the emulator, resting on UNVERIFIED models (not a hardware fact; "
                     "docs/facts/unverified.md): %s" % " ".join(modelled_ids))
    lines += contradiction_summary(results)
    other = [r for r in results if (r["builtin"] is None or r["target"] is None)]
    bad = [r for r in other if r["status"] not in EXPECTED]
    lines.append("other tests (diagnostics, hazards, manifest, API): %d, unexpected: %d" % (len(other), len(bad)))
    for r in bad:
        lines.append("  %s %s%s [%s]" % (r["status"], r["test"], "/" + r["target"] if r["target"] else "",
                                          short.get(r["toolchain"], "?")))
    return "\n".join(lines)


def counts(results):
    c = {}
    for r in results:
        c[r["status"]] = c.get(r["status"], 0) + 1
    return c
