"""A self-contained reproducer directory for every failing test of a run.

  write_reproducers(results, out_dir)          called by `rdna4-conformance run`
  rdna4-conformance reproduce RESULTS.json [--out DIR] [--reduce] [--only SUBSTR]

For each result whose status is not PASS/XFAIL/UNSUPPORTED, OUT/reproducers/<name>/ holds:
  src/<test path>      the test source and the repo headers it includes (same relative layout)
  commands.txt         the command lines exactly as lit ran them (taken from lit's output)
  run.sh               the same commands rewritten to use src/ and tmp/ inside this directory
  lit.sh               re-runs the test with lit in the original checkout
  toolchain.txt        the toolchain's version line and full `clang --version`
  expected.txt         what the test expects (its CHECK lines, or the expected status)
  actual.txt           what happened (status and lit's output)
  test.s, test.ll      codegen failures: the assembly and IR of the failing RUN line's compile
                       (the first $RDNA4_REPRO_COMPILES failures of a run, default 40)
  compile.stderr       the compiler's messages for those (crash backtrace, diagnostics)
  reduce.sh            runs llvm-reduce on test.ll with an interestingness test that keeps
                       the same failure (crash message, or FileCheck failing at the same
                       CHECK line while the matrix intrinsic is still called);
                       with --reduce (or RDNA4_REDUCE=1) it is run and writes reduced.ll
  README.txt           what the files are, how to re-run
"""
import argparse
import glob
import hashlib
import json
import os
import re
import shlex
import shutil
import stat
import subprocess
import sys

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
EXPECTED = {"PASS", "XFAIL", "UNSUPPORTED", "MODEL-CONTRADICTED"}  # as results.EXPECTED
COMPILE_TIMEOUT = 120


def toolchain_tag(version):
    """'Debian clang version 22.1.8 (1~deb12u1)' -> 'clang-22.1.8-<hash>'."""
    m = re.search(r"clang version (\S+)", version or "")
    base = "clang-" + m.group(1) if m else "toolchain"
    base = re.sub(r"[^A-Za-z0-9.+-]+", "_", base)[:40]
    return base + "-" + hashlib.sha1((version or "").encode()).hexdigest()[:6]


def repro_dir_name(r):
    """Directory name (under reproducers/) of one result's reproducer; stable across calls."""
    parts = [r["test"]] + ([r["target"]] if r.get("target") else []) + \
            ([r["device"]] if r.get("device") else [])
    name = re.sub(r"[^A-Za-z0-9._-]+", "_", "__".join(parts)).strip("_")
    return name + "__" + toolchain_tag(r.get("toolchain"))


def repro_rel_path(r):
    return "reproducers/" + repro_dir_name(r)


# ----------------------------------------------------------- lit output

_RUN_TRAIL = re.compile(r"^(.*\S)\s+# RUN: at line (\d+)\s*$")
_RUN_HEAD = re.compile(r"^# RUN: at line (\d+)")


def parse_commands(output):
    """[(line, command)] that lit executed, from its failure output. Handles both the
    external shell format ('CMD # RUN: at line N') and the internal one ('# RUN: at
    line N' followed by the command)."""
    cmds = []
    lines = (output or "").splitlines()
    i = 0
    while i < len(lines):
        ln = lines[i]
        m = _RUN_TRAIL.match(ln)
        if m and not ln.startswith("#"):
            cmds.append((int(m.group(2)), m.group(1).strip()))
            i += 1
            continue
        m = _RUN_HEAD.match(ln)
        if m and i + 1 < len(lines):
            body = []
            j = i + 1
            while j < len(lines) and not lines[j].startswith("#") and lines[j].strip():
                body.append(lines[j].rstrip())
                j += 1
            if body:
                cmds.append((int(m.group(1)), " ".join(b.rstrip("\\").strip() for b in body)))
            i = j
            continue
        i += 1
    return cmds


def _segments(cmd):
    """Pipeline segments of a shell command line (split on unquoted |, &&, ;)."""
    try:
        lex = shlex.shlex(cmd, posix=True, punctuation_chars="|&;")
        lex.whitespace_split = True
        toks = list(lex)
    except ValueError:
        return [cmd.split()]
    segs, cur = [], []
    for t in toks:
        if t in ("|", "&&", ";", "||", "|&"):
            if cur:
                segs.append(cur)
            cur = []
        else:
            cur.append(t)
    if cur:
        segs.append(cur)
    return segs


def _is_clang(tok):
    b = os.path.basename(tok)
    return re.match(r"^(amd)?clang(\+\+)?(-\d+)?$", b) is not None or b == "hipcc"


def first_compile(commands):
    """argv of the first clang invocation among the commands, or None."""
    for _, cmd in commands:
        for seg in _segments(cmd):
            args = [a for a in seg if a != "not" and not a.startswith("--crash")]
            if args and _is_clang(args[0]):
                return args
    return None


def filecheck_args(commands):
    for _, cmd in commands:
        for seg in _segments(cmd):
            if seg and os.path.basename(seg[0]) == "FileCheck":
                return seg
    return None


# --------------------------------------------------------------- helpers

def _includes(path, seen, inc_dirs=()):
    """Repo files a source includes with #include "...", recursively (searched next to the
    including file, in the command's -I directories, Inputs/ and the checkout root)."""
    try:
        with open(path, errors="replace") as f:
            text = f.read()
    except OSError:
        return
    for inc in re.findall(r'^\s*#\s*include\s+"([^"]+)"', text, re.M):
        for base in (os.path.dirname(path),) + tuple(inc_dirs) + (os.path.join(REPO, "Inputs"), REPO):
            cand = os.path.normpath(os.path.join(base, inc))
            if os.path.isfile(cand) and cand.startswith(REPO + os.sep):
                if cand not in seen:
                    seen.add(cand)
                    _includes(cand, seen, inc_dirs)
                break


def _rewrite(cmd, tmp_prefixes, copied=None):
    """Command with lit's temp paths and the copied checkout files (and the directories
    they were copied from) replaced by this directory's tmp/ and src/. Other checkout
    paths (the CLI, the build directory) stay absolute."""
    out = cmd
    for p in tmp_prefixes:
        out = out.replace(p, "$R/tmp/")

    def repl(m):
        p = m.group(0)
        rel = os.path.relpath(os.path.normpath(p), REPO)
        if copied is None or any(c == rel or c.startswith(rel + "/") for c in copied):
            return "$R/src/" + p[len(REPO) + 1:]
        return p
    return re.sub(re.escape(REPO) + r"/[^\s'\"|;&)]*", repl, out)


def _tmp_prefixes(commands):
    pre = set()
    for _, c in commands:
        for m in re.finditer(r"(/[^\s'\"]*?/Output/)", c):
            pre.add(m.group(1))
    return sorted(pre, key=len, reverse=True)


def _write(path, text, executable=False):
    with open(path, "w") as f:
        f.write(text)
    if executable:
        os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def _tools_dir(clang):
    cands = []
    if clang:
        cands.append(os.path.dirname(os.path.realpath(clang)))
        cands.append(os.path.dirname(clang))
    cands += sorted((os.path.join("/usr/lib", d, "bin") for d in os.listdir("/usr/lib")
                     if re.match(r"llvm-\d+$", d)), key=lambda p: int(re.search(r"(\d+)", p).group(1)),
                    reverse=True) if os.path.isdir("/usr/lib") else []
    for d in cands:
        if os.access(os.path.join(d, "FileCheck"), os.X_OK):
            return d
    return None


def _llvm_bin(clang):
    """Directory with llc and llvm-reduce: the compiler's own, else the newest /usr/lib/llvm-*/bin."""
    cands = [os.path.dirname(clang), os.path.dirname(os.path.realpath(clang))] if clang else []
    cands += sorted(glob.glob("/usr/lib/llvm-*/bin"), key=lambda p: int(re.search(r"(\d+)", p).group(1)),
                    reverse=True)
    for d in cands:
        if os.access(os.path.join(d, "llc"), os.X_OK):
            return d
    return cands[0] if cands else "/usr/lib/llvm-22/bin"


def _check_lines(src):
    try:
        with open(src, errors="replace") as f:
            return [("%4d: " % (i + 1)) + ln.rstrip() for i, ln in enumerate(f)
                    if re.search(r"\b[A-Z0-9_-]*CHECK[A-Z-]*:|\bRUN:|\bXFAIL:|\bREQUIRES:|\bUNSUPPORTED:", ln)]
    except OSError:
        return []


def _strip_output_flags(args):
    out, skip = [], False
    for a in args:
        if skip:
            skip = False
            continue
        if a == "-o":
            skip = True
            continue
        if a.startswith("-o") and len(a) > 2 and not a.startswith("-offload") and not a.startswith("-obj"):
            continue
        if a in ("-S", "-c", "-emit-llvm", "-fsyntax-only", "-E", "--no-gpu-bundle-output", "-###"):
            continue
        out.append(a)
    return out


def _compile_outputs(d, args, kind_note):
    """test.s, test.ll and compile.stderr from the first compile command."""
    base = _strip_output_flags(args)
    # TMPDIR: a crashing clang leaves its own reproducer files (preprocessed source,
    # run script) in this directory instead of /tmp.
    env = dict(os.environ, CLANG_NO_DEFAULT_CONFIG="1", TMPDIR=os.path.join(d, "tmp"))
    notes = []
    for ext, extra in (("s", ["-S"]), ("ll", ["-S", "-emit-llvm"])):
        cmd = base + extra + ["-o", os.path.join(d, "test." + ext)]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=COMPILE_TIMEOUT, env=env)
            notes.append("$ %s\n[exit %d]\n%s" % (" ".join(shlex.quote(a) for a in cmd), r.returncode, r.stderr))
        except (OSError, subprocess.TimeoutExpired) as e:
            notes.append("$ %s\n[could not run: %s]" % (" ".join(cmd), e))
    _write(os.path.join(d, "compile.stderr"), kind_note + "\n\n".join(notes) + "\n")


# Crash signatures, most specific first.
CRASH_RES = [re.compile(p) for p in (r"Cannot select: [^\n]*", r"Assertion [^\n]*failed", r"UNREACHABLE [^\n]*",
                                     r"error in backend: [^\n]*", r"LLVM ERROR: [^\n]*", r"Segmentation fault")]


def crash_signature(text):
    for rx in CRASH_RES:
        m = rx.search(text)
        if m:
            return re.sub(r"\bt\d+\b|0x[0-9a-f]+", "", m.group(0))[:80].strip()
    return None


def _reduce_script(d, r, args, fc):
    """reduce.sh + interesting.sh for llvm-reduce on test.ll (when the IR exists)."""
    clang = args[0] if args else None
    bindir = _llvm_bin(clang)
    target = r.get("target") or next((a.split("=", 1)[1] for a in args if a.startswith("--offload-arch=")),
                                     "gfx1201")
    stderr = ""
    try:
        with open(os.path.join(d, "compile.stderr")) as f:
            stderr = f.read()
    except OSError:
        pass
    sig = crash_signature(r.get("output", "") + "\n" + stderr)
    olev = ([a for a in args if re.match(r"^-O[0-3sz]?$", a)] or ["-O3"])[-1]
    olev = {"-O": "-O1", "-Os": "-O2", "-Oz": "-O2"}.get(olev, olev)
    llc = '"${LLVM_BIN:-%s}/llc" -mtriple=amdgcn-amd-amdhsa -mcpu=%s %s' % (bindir, target, olev)
    if sig and r["status"] == "CRASH":
        body = '%s "$1" -o /dev/null 2>&1 | grep -qF %s\n' % (llc, shlex.quote(sig))
        what = "the same crash (%s)" % sig
    elif fc and "-emit-llvm" in args:
        _write(os.path.join(d, "reduce.txt"),
               "No reduce.sh: the failing RUN line checks clang's LLVM IR (-emit-llvm), so the\n"
               "failure is in clang or its IR pipeline, not in the backend that llc runs.\n")
        return None
    elif fc:
        loc = re.search(r":(\d+):\d+: error: ", r.get("output", ""))
        fcargs = " ".join(_dq(a) for a in _rewrite_list(fc[1:]))
        line = loc.group(1) if loc else ""
        body = ('grep -q "call .*@llvm\\.amdgcn\\." "$1" || exit 1\n'
                '%s "$1" -o - 2>/dev/null | "${LLVM_BIN:-%s}/FileCheck" %s 2>&1 | grep -q ":%s:[0-9]*: error"\n'
                % (llc, bindir, fcargs, line))
        what = "FileCheck failing at line %s while an llvm.amdgcn intrinsic is still called" % line
    else:
        return None
    _write(os.path.join(d, "interesting.sh"),
           '#!/bin/sh\n# interesting = %s\nR="$(cd "$(dirname "$0")" && pwd)"\n%s' % (what, body), True)
    _write(os.path.join(d, "reduce.sh"),
           '#!/bin/sh\n# llvm-reduce test.ll down to a minimal case that keeps: %s\nset -e\n'
           'R="$(cd "$(dirname "$0")" && pwd)"\ncd "$R"\n'
           'REDUCE="${LLVM_REDUCE:-%s/llvm-reduce}"\n'
           '[ -x "$REDUCE" ] || REDUCE="$(command -v llvm-reduce)" || { echo "llvm-reduce not found" >&2; exit 2; }\n'
           '"$R/interesting.sh" "$R/test.ll" || { echo "test.ll does not reproduce the failure with llc: '
           'nothing to reduce" >&2; exit 1; }\n'
           '"$REDUCE" --test="$R/interesting.sh" -o "$R/reduced.ll" "$R/test.ll"\n'
           'echo "reduced: $R/reduced.ll"\n' % (what, bindir), True)
    return os.path.join(d, "reduce.sh")


def _dq(a):
    """Double-quote for sh, keeping $R expandable."""
    return '"' + re.sub(r'([\\"`])', r"\\\1", a) + '"'


def _rewrite_list(args):
    return [a.replace(REPO + "/", "$R/src/") for a in args]


def write_one(r, out_dir, toolchains=(), reduce=False, compile_outputs=True):
    """Create the reproducer of one failing result; returns its directory."""
    d = os.path.join(out_dir, "reproducers", repro_dir_name(r))
    if os.path.isdir(d):
        shutil.rmtree(d)
    os.makedirs(os.path.join(d, "src"))
    os.makedirs(os.path.join(d, "tmp"))
    output = r.get("output") or ""
    commands = parse_commands(output)
    if not commands:  # results.json keeps only the tail of long outputs: use lit's own JSON
        full = _lit_json_output(r, out_dir, toolchains)
        if full and parse_commands(full):
            output, commands = full, parse_commands(full)
    src = source_path(r["test"], commands)
    copied = []
    # lit stops at the first failing RUN line: the last command it printed is the one that
    # failed; its compile (flags such as -O0 matter) gives test.s/test.ll.
    args = first_compile(commands[-1:]) or first_compile(commands)
    inc_dirs = [os.path.normpath(a[2:]) for a in (args or []) if a.startswith("-I") and len(a) > 2]
    if os.path.isfile(src):
        files = {src}
        _includes(src, files, inc_dirs)
        for f in sorted(files):
            rel = os.path.relpath(f, REPO)
            os.makedirs(os.path.dirname(os.path.join(d, "src", rel)), exist_ok=True)
            shutil.copy(f, os.path.join(d, "src", rel))
            copied.append(rel)
        for cfg in ("lit.local.cfg",):
            p = os.path.join(os.path.dirname(src), cfg)
            if os.path.isfile(p):
                shutil.copy(p, os.path.join(d, "src", os.path.relpath(p, REPO)))
    clang = args[0] if args else next((tc.get("clang") for tc in toolchains
                                       if tc.get("version") == r.get("toolchain")), None)
    tools = _tools_dir(clang)

    _write(os.path.join(d, "commands.txt"),
           "".join("# RUN: at line %d\n%s\n" % c for c in commands) if commands else
           "# lit printed no RUN lines for this failure (status %s); see actual.txt and lit.sh\n" % r["status"])
    tmp = _tmp_prefixes(commands)
    run = ['#!/bin/bash', '# Re-runs the failing commands against the copies in src/.',
           'set -o pipefail', 'R="$(cd "$(dirname "$0")" && pwd)"', 'cd "$R"',
           'export CLANG_NO_DEFAULT_CONFIG=1',
           'export PATH="${TOOLS:-%s}:$PATH"' % (tools or "/usr/lib/llvm-22/bin"), 'status=0']
    for line, cmd in commands:
        run.append("# RUN: at line %d" % line)
        run.append("( %s ) || { echo \"run.sh: RUN line %d failed\" >&2; status=1; }"
                   % (_rewrite(cmd, tmp, copied), line))
    run.append("exit $status")
    _write(os.path.join(d, "run.sh"), "\n".join(run) + "\n", True)
    suite = os.path.relpath(src, REPO).split("/")[0]
    test_path = src
    lits = sorted(glob.glob("/usr/lib/llvm-*/bin/lit"), key=lambda p: int(re.search(r"(\d+)", p).group(1)))
    lit_cmd = [lits[-1] if lits else (shutil.which("lit") or "lit"), "-v", test_path]
    if clang:
        lit_cmd += ["--param", "clang=" + clang]
    if r.get("device"):
        lit_cmd += ["--param", "device=" + r["device"]]
    if r.get("target"):
        lit_cmd += ["--filter", re.escape(r["target"])]
    _write(os.path.join(d, "lit.sh"),
           "#!/bin/sh\n# Re-runs the test with lit in the original checkout (%s suite).\nexec %s\n"
           % (suite, " ".join(shlex.quote(a) for a in lit_cmd)), True)

    ver = "toolchain: %s\nclang: %s\n" % (r.get("toolchain"), clang or "(unknown)")
    if clang and os.access(clang, os.X_OK):
        try:
            ver += "\n$ %s --version\n%s" % (clang, subprocess.run(
                [clang, "--version"], capture_output=True, text=True, timeout=30).stdout)
        except (OSError, subprocess.TimeoutExpired):
            pass
    _write(os.path.join(d, "toolchain.txt"), ver)
    checks = _check_lines(src)
    _write(os.path.join(d, "expected.txt"),
           "expected status: PASS (or XFAIL/UNSUPPORTED)\n\n"
           + ("directives of %s:\n%s\n" % (r["test"], "\n".join(checks)) if checks else ""))
    _write(os.path.join(d, "actual.txt"), "status: %s\n\n%s\n" % (r["status"], output))
    if r.get("kind") == "codegen" and args and not compile_outputs:
        _write(os.path.join(d, "compile.stderr"),
               "test.s/test.ll not generated: more than %d failures in this run (set RDNA4_REPRO_COMPILES, "
               "or run `rdna4-conformance reproduce RESULTS.json --only %s`)\n"
               % (max_compiles(), os.path.basename(r["test"])))
    elif r.get("kind") == "codegen" and args:
        _compile_outputs(d, args, "")
        if os.path.exists(os.path.join(d, "test.ll")):
            script = _reduce_script(d, r, args, filecheck_args(commands[-1:]))
            if script and (reduce or os.environ.get("RDNA4_REDUCE") == "1"):
                try:
                    rr = subprocess.run([script], capture_output=True, text=True, timeout=600)
                    _write(os.path.join(d, "reduce.log"), rr.stdout + rr.stderr)
                except (OSError, subprocess.TimeoutExpired) as e:
                    _write(os.path.join(d, "reduce.log"), "reduction not finished: %s\n" % e)
    _write(os.path.join(d, "README.txt"),
           "Reproducer for %s%s [%s], status %s.\n\n"
           "  ./run.sh       re-run the exact commands (copies in src/; TOOLS=dir overrides FileCheck's dir)\n"
           "  ./lit.sh       re-run through lit in the original checkout\n"
           "  commands.txt   the commands as lit executed them\n"
           "  expected.txt / actual.txt, toolchain.txt, test.s / test.ll (codegen)\n"
           "  ./reduce.sh    llvm-reduce test.ll to a minimal failing case (when present)\n\n"
           "files copied: %s\n" % (r["test"], "/" + r["target"] if r.get("target") else "",
                                   r.get("toolchain"), r["status"], ", ".join(copied) or "(source not found)"))
    return d


def source_path(test, commands=()):
    """The test's source in the checkout: REPO/test; else with a doubled suite prefix removed
    (codegen/codegen/x.hip); else the checkout path ending in the test's file name that the
    commands use."""
    cands = [os.path.join(REPO, test)]
    parts = test.split("/")
    if len(parts) > 2 and parts[0] == parts[1]:
        cands.append(os.path.join(REPO, *parts[1:]))
    base = os.path.basename(test)
    for _, c in commands:
        for m in re.finditer(r"(%s/\S*?%s)(?=\s|$)" % (re.escape(REPO), re.escape(base)), c):
            cands.append(m.group(1))
    for c in cands:
        if os.path.isfile(c):
            return c
    return cands[0]


_LIT_JSON_CACHE = {}


def _lit_json_output(r, out_dir, toolchains=()):
    """The test's complete output from the *.lit.json files `run` leaves in out_dir."""
    want = r["test"] + ("/" + r["target"] if r.get("target") else "")
    tcs = list(toolchains)
    if not tcs:
        try:
            with open(os.path.join(out_dir, "results.json")) as f:
                tcs = json.load(f).get("toolchains", [])
        except (OSError, ValueError, AttributeError):
            tcs = []
    clang = next((tc.get("clang") for tc in tcs if tc.get("version") == r.get("toolchain")), None)
    found = []
    for path in sorted(glob.glob(os.path.join(out_dir, "*.lit.json"))):
        try:
            key = (path, os.path.getmtime(path))
            if key not in _LIT_JSON_CACHE:
                with open(path) as f:
                    _LIT_JSON_CACHE[key] = {t["name"].split(" :: ", 1)[-1]: t for t in json.load(f).get("tests", [])}
            tests = _LIT_JSON_CACHE[key]
        except (OSError, ValueError, KeyError, TypeError):
            continue
        for name, t in tests.items():
            if (want == name or want.endswith("/" + name)) and t.get("output"):
                found.append(t["output"])
    if len(found) > 1 and clang:  # one lit.json per toolchain: pick the one that ran this clang
        found = [o for o in found if clang in o] or found
    return found[0] if found else None


def max_compiles():
    """How many failures per call get test.s/test.ll (a broken toolchain fails hundreds of
    tests; each needs two compiles): $RDNA4_REPRO_COMPILES, default 40."""
    try:
        return int(os.environ.get("RDNA4_REPRO_COMPILES", "40"))
    except ValueError:
        return 40


def failing(results):
    return [r for r in results if r.get("status") not in EXPECTED]


def write_reproducers(results, out_dir, toolchains=None, reduce=False):
    """Reproducer dirs for every failing result. `results`: the list of result dicts,
    a results.json dict, or the path of a results.json. Returns the dirs created."""
    if isinstance(results, str):
        with open(results) as f:
            results = json.load(f)
    if isinstance(results, dict):
        toolchains = toolchains or results.get("toolchains", [])
        results = results.get("results", [])
    dirs = []
    for i, r in enumerate(failing(results)):
        try:
            dirs.append(write_one(r, out_dir, toolchains or [], reduce, compile_outputs=i < max_compiles()))
        except OSError as e:
            print("reproducer for %s: %s" % (r.get("test"), e), file=sys.stderr)
    if dirs:
        print("reproducers: %d in %s" % (len(dirs), os.path.join(out_dir, "reproducers")))
    return dirs


def main(argv):
    p = argparse.ArgumentParser(prog="rdna4-conformance reproduce",
                                description="Reproducer directories for the failures of a results.json.")
    p.add_argument("results", metavar="RESULTS.json")
    p.add_argument("--out", metavar="DIR", help="default: the results file's directory")
    p.add_argument("--reduce", action="store_true", help="also run llvm-reduce on each codegen failure's IR")
    p.add_argument("--only", metavar="SUBSTR", help="only tests whose path contains SUBSTR")
    args = p.parse_args(argv)
    from . import compare
    try:
        data = compare.load(args.results)
    except compare.ResultsError as e:
        print("rdna4-conformance reproduce: error: %s" % e, file=sys.stderr)
        return 2
    res = [r for r in data["results"] if not args.only or args.only in r["test"]]
    out = args.out or os.path.dirname(os.path.abspath(args.results))
    dirs = write_reproducers(res, out, data.get("toolchains"), args.reduce)
    for d in dirs:
        print(d)
    if not dirs:
        print("no failing tests: no reproducers")
    return 0
