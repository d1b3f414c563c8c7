"""report.md and report.html from a results.json.

  write_reports(results_json_path, out_dir)      called by `rdna4-conformance run`
  rdna4-conformance report RESULTS.json [--out DIR]

Contents:
  - the toolchains (tcN = version line, clang path) and status counts;
  - the matrix: rows = builtins, columns = target x toolchain x {codegen, runtime}
    (runtime columns name the device: emu or hw); a cell is the worst status of the
    builtin's tests in that column; an emulator PASS that rests on UNVERIFIED models
    (the test's `// ASSUMES:` ids) shows as PASS* with a footnote naming the ids; in HTML it is coloured and a failing cell links
    to the test's failing output (failures/<name>.txt, written here) and to its
    reproducer directory (reproducers/<name>/, see reproducer.py) when it exists;
  - the other tests (diagnostics, hazards, manifest, ...) with unexpected statuses;
  - with two or more toolchains: what changed from each toolchain to the next
    (newly failing, newly passing, XPASS), also printed to stdout;
  - PERFORMANCE regressions, when `baseline check --json OUT_DIR/perf-check.json` ran;
  - the emulator's UNVERIFIED modelling assumptions (`rdna4-emu assumptions`; a
    marked placeholder when no such command is available);
  - layout pictures: every *.svg in the results directory or its layouts/ folder.
"""
import argparse
import glob
import html
import json
import os
import shutil
import subprocess
import sys

from . import compare, reproducer
from .results import (CONTRADICTED, MODELLED_PASS, cell_assumptions, cell_status, contradiction_summary,
                      declared_assumptions)

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
EXPECTED = {"PASS", "XFAIL", "UNSUPPORTED", CONTRADICTED}
SEVERITY = ["PASS", "UNSUPPORTED", CONTRADICTED, "XFAIL", "XPASS", "FAIL", "UNRESOLVED", "TIMEOUT", "CRASH"]
COLOURS = {CONTRADICTED: "#c9daf8", "PASS": "#b7e1b0", "XFAIL": "#d9ead3", "UNSUPPORTED": "#e0e0e0", "XPASS": "#ffd27f",
           "FAIL": "#f4a0a0", "UNRESOLVED": "#f4c0a0", "TIMEOUT": "#f4c0a0", "CRASH": "#d05050"}


def _rank(s):
    return SEVERITY.index(s) if s in SEVERITY else len(SEVERITY)


def short_names(data):
    return {v: "tc%d" % i for i, v in enumerate(compare.toolchain_versions(data))}


def columns(results, short):
    """Ordered column keys (target, toolchain, kind, device)."""
    cols = {(r.get("target") or "-", r.get("toolchain"), r.get("kind") or "-", r.get("device") or "")
            for r in results if r.get("builtin")}
    kind_order = {"codegen": 0, "runtime": 1}
    return sorted(cols, key=lambda c: (c[0], short.get(c[1], "~"), kind_order.get(c[2], 2), c[3]))


def col_title(c, short):
    target, tc, kind, device = c
    return "%s %s %s%s" % (target, short.get(tc, "?"), kind, " (%s)" % device if device else "")


def cells(results):
    """{(builtin, column): [results]}"""
    out = {}
    for r in results:
        if not r.get("builtin"):
            continue
        c = (r.get("target") or "-", r.get("toolchain"), r.get("kind") or "-", r.get("device") or "")
        out.setdefault((r["builtin"], c), []).append(r)
    return out


def worst(rs):
    return max(rs, key=lambda r: _rank(r["status"]))


def fill_assumptions(results):
    """Give runtime results without an "assumes" list (results.json of an older run) the ids
    their test declares today."""
    for r in results:
        if "assumes" not in r and r.get("kind") == "runtime" and r.get("test"):
            ids = declared_assumptions(r["test"])
            if ids:
                r["assumes"] = ids


def modelled_footnotes(cl):
    """{(builtin, column): n}: footnote number of each PASS* cell; one number per distinct
    set of assumption ids, in order of first appearance; and [(n, ids)]."""
    numbers, notes, order = {}, {}, []
    for key in sorted(cl, key=lambda k: (k[0], str(k[1]))):
        rs = cl[key]
        if cell_status(rs) != MODELLED_PASS:
            continue
        ids = tuple(cell_assumptions(rs))
        if ids not in numbers:
            numbers[ids] = len(numbers) + 1
            order.append((numbers[ids], list(ids)))
        notes[key] = numbers[ids]
    return notes, order


MODELLED_TEXT = ("passed on the emulator with a result that rests on UNVERIFIED modelling choices: "
                 "a result of the model, not a hardware fact (docs/facts/unverified.md)")


def failure_rel(r):
    return "failures/%s.txt" % reproducer.repro_dir_name(r)


def write_failure_outputs(results, out_dir):
    d = os.path.join(out_dir, "failures")
    bad = [r for r in results if r["status"] not in EXPECTED]
    if os.path.isdir(d):
        shutil.rmtree(d)
    if bad:
        os.makedirs(d)
    for r in bad:
        with open(os.path.join(out_dir, failure_rel(r)), "w") as f:
            f.write("test: %s\ntarget: %s\nkind: %s\ndevice: %s\ntoolchain: %s\nstatus: %s\n\n%s\n"
                    % (r["test"], r.get("target"), r.get("kind"), r.get("device"), r.get("toolchain"),
                       r["status"], r.get("output") or "(no output recorded)"))


def toolchain_changes(data):
    """[(old_version, new_version, diff)] between consecutive toolchains of one run."""
    vs = compare.toolchain_versions(data)
    return [(a, b, compare.diff_results(data["results"], data["results"], a, b))
            for a, b in zip(vs, vs[1:])]


def find_emulator(out_dir=None):
    """Path of the rdna4-emu CLI ($RDNA4_EMU, PATH, $RDNA4_BUILD_DIR, the build directory
    above a default results dir <build>/conformance, <repo>/build), or None."""
    cands = [os.environ.get("RDNA4_EMU", "")]
    cands += [shutil.which("rdna4-emu") or ""]
    builds = [os.environ.get("RDNA4_BUILD_DIR", "")]
    if out_dir:
        builds.append(os.path.dirname(os.path.abspath(out_dir)))
    for b in builds + [os.path.join(REPO, "build")]:
        if b:
            cands += [os.path.join(b, "harness", "emu", "core", "rdna4-emu"), os.path.join(b, "bin", "rdna4-emu")]
    for c in cands:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return None


def emulator_assumptions(out_dir=None):
    """(source, text) of the emulator's UNVERIFIED modelling assumptions.
    HOOK: prefers OUT/assumptions.txt (written by a run), else `rdna4-emu assumptions`."""
    if out_dir:
        p = os.path.join(out_dir, "assumptions.txt")
        if os.path.isfile(p):
            with open(p, errors="replace") as f:
                return p, f.read()
    emu = find_emulator(out_dir)
    if emu:
        try:
            r = subprocess.run([emu, "assumptions"], capture_output=True, text=True, timeout=30)
            if r.returncode == 0 and r.stdout.strip():
                return "%s assumptions" % emu, r.stdout
        except (OSError, subprocess.TimeoutExpired):
            pass
    return None, None


def pictures(out_dir):
    pics = sorted(glob.glob(os.path.join(out_dir, "*.svg")) + glob.glob(os.path.join(out_dir, "layouts", "*.svg")))
    return [os.path.relpath(p, out_dir) for p in pics]


def layout_differences(out_dir):
    """Text of OUT/layouts/differences.txt (written by layout_svg.py), or None."""
    p = os.path.join(out_dir, "layouts", "differences.txt")
    try:
        with open(p, errors="replace") as f:
            return f.read()
    except OSError:
        return None


def perf_section(out_dir):
    p = os.path.join(out_dir, "perf-check.json")
    if not os.path.isfile(p):
        return None
    try:
        with open(p) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


# ------------------------------------------------------------------- the report's content

CHANGE_KINDS = (("regression", "newly failing"), ("fix", "newly passing"), ("xpass", "XPASS"),
                ("lost_coverage", "lost coverage"), ("changed", "changed failure kind"))


def _cell(b, c, rs, notes, out_dir):
    """One matrix cell: its worst status and what the renderers show for it."""
    w = worst(rs)
    cell = {"status": w["status"], "title": "; ".join("%s: %s" % (r["test"], r["status"]) for r in rs),
            "link": None, "repro": None, "contradicted": None, "note": None}
    if w["status"] not in EXPECTED:
        cell["link"] = failure_rel(w)
        rp = reproducer.repro_rel_path(w)
        if os.path.isdir(os.path.join(out_dir, rp)):
            cell["repro"] = rp
    elif w["status"] == CONTRADICTED:
        cell["contradicted"] = sorted({i for r in rs for i in r.get("contradicted") or {}})
    elif (b, c) in notes:
        cell["note"] = notes[(b, c)]
    return cell


def model(data, out_dir):
    """Everything report.md and report.html show, computed once; the renderers only format it."""
    res = data["results"]
    fill_assumptions(res)
    short = short_names(data)
    paths = {tc.get("version"): tc.get("clang") for tc in data.get("toolchains", [])}
    counts = {}
    for r in res:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    cols = columns(res, short)
    cl = cells(res)
    notes, note_list = modelled_footnotes(cl)
    other = [r for r in res if not r.get("builtin")]
    bad_other = []
    for r in other:
        if r["status"] in EXPECTED:
            continue
        rp = reproducer.repro_rel_path(r)
        bad_other.append({"status": r["status"], "test": r["test"], "target": r.get("target"),
                          "toolchain": short.get(r.get("toolchain"), "?"), "device": r.get("device"),
                          "link": failure_rel(r), "repro": rp if os.path.isdir(os.path.join(out_dir, rp)) else None})
    changes = [(short.get(a), short.get(b), [(title, [(compare.key_str(k), os_, ns) for k, os_, ns, _ in d[cat]])
                                             for cat, title in CHANGE_KINDS])
               for a, b, d in toolchain_changes(data)]
    src, text = emulator_assumptions(out_dir)
    return {
        "toolchains": [(s, v, paths.get(v)) for v, s in sorted(short.items(), key=lambda kv: kv[1])],
        "counts": [(k, counts[k]) for k in sorted(counts, key=_rank)],
        "columns": [col_title(c, short) for c in cols],
        "rows": [(b, [_cell(b, c, cl[(b, c)], notes, out_dir) if cl.get((b, c)) else None for c in cols])
                 for b in sorted({k[0] for k in cl})],
        "notes": note_list,
        "contradicted": contradiction_summary(res),
        "other_count": len(other),
        "bad_other": bad_other,
        "changes": changes,
        "xpass": [(r["test"] + ("/" + r["target"] if r.get("target") else ""), short.get(r.get("toolchain")))
                  for r in res if r["status"] == "XPASS"],
        "perf": perf_section(out_dir),
        "assumptions": (src, text),
        "layout_differences": layout_differences(out_dir),
        "pictures": pictures(out_dir),
    }


# ------------------------------------------------------------------- markdown

def render_md(data, out_dir):
    return markdown(model(data, out_dir))


def _md_cell(cell):
    if cell is None:
        return "-"
    if cell["link"]:
        return "[%s](%s)" % (cell["status"], cell["link"]) + (" [repro](%s/)" % cell["repro"] if cell["repro"] else "")
    if cell["contradicted"] is not None:
        return "MODEL-CONTRADICTED (%s)" % ", ".join("`%s`" % i for i in cell["contradicted"])
    if cell["note"]:
        return "PASS\\*<sup>%d</sup>" % cell["note"]
    return cell["status"]


def markdown(m):
    L = ["# RDNA4 matrix-builtin conformance report", ""]
    L.append("## Toolchains")
    for s, v, path in m["toolchains"]:
        L.append("- **%s**: %s (`%s`)" % (s, v, path or "?"))
    L += ["", "Status counts: " + ", ".join("%s %d" % kv for kv in m["counts"]), ""]
    L.append("## Matrix (builtin x target x toolchain x kind)")
    L.append("")
    if m["rows"]:
        L.append("| builtin | " + " | ".join(m["columns"]) + " |")
        L.append("|---" * (len(m["columns"]) + 1) + "|")
        for b, row in m["rows"]:
            L.append("| %s | %s |" % (b, " | ".join(_md_cell(c) for c in row)))
        if m["notes"]:
            L += ["", "PASS\\* = " + MODELLED_TEXT + ":", ""]
            for n, ids in m["notes"]:
                L.append("%d. %s" % (n, ", ".join("`%s` (docs/facts/unverified.md#%s)" % (i, i) for i in ids)))
        if m["contradicted"]:
            L += ["", "Models the device contradicts (tests assuming them were not run; "
                  "`rdna4-conformance probe`, model-facts.json):", ""] + ["- " + x for x in m["contradicted"]]
    else:
        L.append("(no per-builtin results)")
    L += ["", "## Other tests", "", "%d tests (diagnostics, hazards, manifest, ...), %d unexpected."
          % (m["other_count"], len(m["bad_other"]))]
    for r in m["bad_other"]:
        L.append("- %s `%s%s` [%s%s]: [output](%s)" % (r["status"], r["test"], "/" + r["target"] if r["target"] else "",
                                                        r["toolchain"], ", " + r["device"] if r["device"] else "",
                                                        r["link"]))
    if m["changes"]:
        L += ["", "## Changes between toolchains"]
        for a, b, kinds in m["changes"]:
            L += ["", "### %s -> %s" % (a, b)]
            for title, items in kinds:
                L.append("- %s: %d" % (title, len(items)))
                for k, os_, ns in items:
                    L.append("  - `%s`: %s -> %s" % (k, os_, ns))
    if m["xpass"]:
        L += ["", "## XPASS (known bugs fixed in a toolchain: remove the XFAIL for it)"]
        for name, tc in m["xpass"]:
            L.append("- `%s` [%s]" % (name, tc))
    perf = m["perf"]
    if perf is not None:
        L += ["", "## PERFORMANCE (codegen-quality baseline, reported apart from correctness)", ""]
        regs = perf.get("regressions", [])
        L.append("%d performance regression(s) against baseline `%s`." % (len(regs), perf.get("baseline")))
        for g in regs:
            L.append("- `%s`: %s" % (g["kernel"], "; ".join(g["reasons"])))
    src, text = m["assumptions"]
    L += ["", "## Emulator modelling assumptions (UNVERIFIED on hardware)", ""]
    if text:
        L += ["Source: `%s`. Runtime results on device=emu rely on these; each id is explained, with its "
              "sources, in docs/facts/unverified.md, and the PASS\\* cells above name the ids they rest on."
              % src, "", "```", text.rstrip(), "```"]
    else:
        L.append("**HOOK, not filled**: no `rdna4-emu assumptions` command and no assumptions.txt found; "
                 "runtime results on device=emu rely on the emulator's UNVERIFIED choices "
                 "(docs/facts/unverified.md: WMMA accumulation precision and rounding, NaN/denormal handling, "
                 "the global_load_tr_b64 mapping, partial EXEC on transpose loads).")
    L += ["", "## Layout pictures", ""]
    diffs = m["layout_differences"]
    if diffs is not None:
        L += ["Measured vs documented layouts (layouts/differences.txt):", "", "```",
              diffs.rstrip() or "(no difference)", "```", ""]
    if m["pictures"]:
        for p in m["pictures"]:
            L.append("- ![%s](%s)" % (p, p))
    else:
        L.append("(none: put SVG files in the results directory or its layouts/ folder)")
    return "\n".join(L) + "\n"


# ------------------------------------------------------------------- HTML

CSS = """body{font-family:sans-serif;font-size:13px} table{border-collapse:collapse}
td,th{border:1px solid #999;padding:2px 5px;text-align:center} td.b{text-align:left;font-family:monospace}
th{background:#eee;font-weight:normal;font-size:11px} a{color:#000}
pre{background:#f6f6f6;padding:6px;overflow:auto} img{max-width:48%;border:1px solid #ccc;margin:4px}"""


def render_html(data, out_dir):
    return html_page(model(data, out_dir))


def _html_cell(cell):
    e = html.escape
    if cell is None:
        return "<td>-</td>"
    s = cell["status"]
    inner = e(s)
    if cell["link"]:
        inner = "<a href='%s'>%s</a>" % (e(cell["link"]), e(s))
        if cell["repro"]:
            inner += " <a href='%s/'>repro</a>" % e(cell["repro"])
    elif cell["contradicted"] is not None:
        inner = "MODEL-CONTRADICTED (%s)" % ", ".join("<code>%s</code>" % e(i) for i in cell["contradicted"])
    elif cell["note"]:
        inner = "PASS*<sup><a href='#modelled-%d'>%d</a></sup>" % (cell["note"], cell["note"])
    return "<td style='background:%s' title='%s'>%s</td>" % (COLOURS.get(s, "#fff"), e(cell["title"]), inner)


def html_page(m):
    e = html.escape
    H = ["<!DOCTYPE html><html><head><meta charset='utf-8'><title>RDNA4 conformance report</title>",
         "<style>%s</style></head><body>" % CSS, "<h1>RDNA4 matrix-builtin conformance report</h1>",
         "<h2>Toolchains</h2><ul>"]
    for s, v, path in m["toolchains"]:
        H.append("<li><b>%s</b>: %s (<code>%s</code>)</li>" % (e(s), e(v or ""), e(path or "?")))
    H.append("</ul>")
    H.append("<p>" + ", ".join("<span style='background:%s;padding:1px 4px'>%s %d</span>"
                               % (COLOURS.get(k, "#fff"), e(k), n) for k, n in m["counts"]) + "</p>")
    H.append("<h2>Matrix</h2><table><tr><th>builtin</th>" +
             "".join("<th>%s</th>" % e(t) for t in m["columns"]) + "</tr>")
    for b, row in m["rows"]:
        H.append("<tr><td class='b'>%s</td>" % e(b))
        H += [_html_cell(c) for c in row]
        H.append("</tr>")
    H.append("</table>")
    if m["notes"]:
        H.append("<p>PASS* = %s:</p><ol>" % e(MODELLED_TEXT))
        for n, ids in m["notes"]:
            H.append("<li id='modelled-%d'>%s</li>" % (n, ", ".join(
                "<code>%s</code> (docs/facts/unverified.md#%s)" % (e(i), e(i)) for i in ids)))
        H.append("</ol>")
    if m["contradicted"]:
        H.append("<p>Models the device contradicts (tests assuming them were not run):</p><ul>%s</ul>"
                 % "".join("<li>%s</li>" % e(x) for x in m["contradicted"]))
    H.append("<h2>Other tests</h2><p>%d tests, %d unexpected</p><ul>" % (m["other_count"], len(m["bad_other"])))
    for r in m["bad_other"]:
        H.append("<li style='background:%s'>%s <code>%s%s</code> [%s] <a href='%s'>output</a>%s</li>"
                 % (COLOURS.get(r["status"], "#fff"), e(r["status"]), e(r["test"]),
                    e("/" + r["target"] if r["target"] else ""), e(r["toolchain"]),
                    e(r["link"]), " <a href='%s/'>repro</a>" % e(r["repro"]) if r["repro"] else ""))
    H.append("</ul>")
    if m["changes"]:
        H.append("<h2>Changes between toolchains</h2>")
        for a, b, kinds in m["changes"]:
            H.append("<h3>%s &rarr; %s</h3><ul>" % (e(a or "?"), e(b or "?")))
            for title, items in kinds:
                H.append("<li>%s: %d<ul>%s</ul></li>" % (e(title), len(items), "".join(
                    "<li><code>%s</code>: %s &rarr; %s</li>" % (e(k), e(str(os_)), e(str(ns))) for k, os_, ns in items)))
            H.append("</ul>")
    perf = m["perf"]
    if perf is not None:
        H.append("<h2>PERFORMANCE</h2><p>%d performance regression(s) against baseline <code>%s</code></p><ul>"
                 % (len(perf.get("regressions", [])), e(str(perf.get("baseline")))))
        for g in perf.get("regressions", []):
            H.append("<li><code>%s</code>: %s</li>" % (e(g["kernel"]), e("; ".join(g["reasons"]))))
        H.append("</ul>")
    src, text = m["assumptions"]
    H.append("<h2>Emulator modelling assumptions (UNVERIFIED on hardware)</h2>")
    if text:
        H.append("<p>Source: <code>%s</code>. Each id is explained, with its sources, in "
                 "docs/facts/unverified.md; the PASS* cells above name the ids they rest on.</p><pre>%s</pre>"
                 % (e(src), e(text)))
    else:
        H.append("<p><b>HOOK, not filled</b>: no <code>rdna4-emu assumptions</code> command and no "
                 "assumptions.txt found.</p>")
    H.append("<h2>Layout pictures</h2>")
    diffs = m["layout_differences"]
    if diffs is not None:
        H.append("<p>Measured vs documented layouts:</p><pre>%s</pre>" % e(diffs.rstrip() or "(no difference)"))
    H += ["<img src='%s' alt='%s'>" % (e(p), e(p)) for p in m["pictures"]] or ["<p>(none)</p>"]
    H.append("</body></html>")
    return "\n".join(H) + "\n"


def write_reports(results_json_path, out_dir):
    """Write OUT/report.md, OUT/report.html and OUT/failures/*.txt; print the changes
    between toolchains when there are two or more. Returns (md path, html path)."""
    data = compare.load(results_json_path)
    os.makedirs(out_dir, exist_ok=True)
    write_failure_outputs(data["results"], out_dir)
    md, ht = os.path.join(out_dir, "report.md"), os.path.join(out_dir, "report.html")
    with open(md, "w") as f:
        f.write(render_md(data, out_dir))
    with open(ht, "w") as f:
        f.write(render_html(data, out_dir))
    short = short_names(data)
    for a, b, d in toolchain_changes(data):
        print("changes %s -> %s: newly failing %d, newly passing %d, XPASS %d"
              % (short[a], short[b], len(d["regression"]), len(d["fix"]), len(d["xpass"])))
        for cat in ("regression", "fix", "xpass"):
            for k, os_, ns, _ in d[cat]:
                print("  %s %s: %s -> %s" % ({"regression": "newly failing", "fix": "newly passing",
                                              "xpass": "XPASS"}[cat], compare.key_str(k), os_, ns))
    print("report: %s, %s" % (md, ht))
    return md, ht


def main(argv):
    p = argparse.ArgumentParser(prog="rdna4-conformance report",
                                description="Regenerate report.md and report.html from a results.json.")
    p.add_argument("results", metavar="RESULTS.json")
    p.add_argument("--out", metavar="DIR", help="default: the results file's directory")
    args = p.parse_args(argv)
    try:
        write_reports(args.results, args.out or os.path.dirname(os.path.abspath(args.results)))
    except compare.ResultsError as e:
        print("rdna4-conformance report: error: %s" % e, file=sys.stderr)
        return 2
    except OSError as e:
        print("rdna4-conformance report: error: cannot write the report: %s" % e, file=sys.stderr)
        return 2
    return 0
