"""Find where tests start failing: across toolchains, across llvm-project commits, across passes.

  rdna4-conformance bisect --good PATH --bad PATH [--between PATH|GLOB ...] TEST...
      Binary search over toolchains (clang paths or install roots). Order: as given
      (--order given), or sorted by version string and date (--order version; the
      default `auto` sorts when every --between toolchain has a version to sort by:
      ROCm <root>/.info/version, roc-X.Y.Z or a TheRock X.Y.ZaYYYYMMDD in the version
      line or path, else the clang version). Prints the last good and the first bad
      toolchain with their version lines, and how many toolchains it tested.

  rdna4-conformance bisect-git --build 'CMD' --clang PATH TEST...   (or harness/bin/git-bisect-step)
      One `git bisect run` step in an llvm-project checkout: runs CMD (the user's build
      command; exit 125 = skip this commit when it fails), then the tests with the fresh
      clang. Exit 0 good, 1 bad, 125 skip, 128 harness error (aborts git bisect).

  rdna4-conformance bisect-pass --clang PATH TEST...
      Within one compiler: re-runs the tests with `-mllvm -opt-bisect-limit=N` (through a
      wrapper compiler) and binary-searches the first N that fails; names that pass.

TEST: a lit test path (relative to the checkout or absolute), optionally followed by
/gfx1200 or /gfx1201 to select one target. A toolchain is good when every selected
test is PASS, XFAIL or UNSUPPORTED. --cmd 'SHELL COMMAND' replaces lit: {clang} is
substituted, exit 0 = good, 125 = cannot test, anything else = bad.
"""
import argparse
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

from . import toolchain

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
EXPECTED = {"PASS", "XFAIL", "UNSUPPORTED", "MODEL-CONTRADICTED"}  # as results.EXPECTED
GOOD, BAD, SKIP = "good", "bad", "skip"
_TARGET = re.compile(r"^gfx[0-9a-f]+$")


class BisectError(Exception):
    pass


def log(msg):
    print("[bisect] " + msg, flush=True)


# ------------------------------------------------------------ toolchains

def resolve(spec):
    """{"path": spec, "clang", "version"}; BisectError when it is not a working clang."""
    info = toolchain.resolve_arg(spec, BisectError)
    return {"path": spec, "clang": info["clang"], "version": info["version"]}


def _root_of(clang):
    """Install root above .../lib/llvm/bin/clang++ or .../llvm/bin/clang++ or .../bin/clang++."""
    d = os.path.dirname(os.path.abspath(clang))
    for suffix in ("/lib/llvm/bin", "/llvm/bin", "/bin"):
        if d.endswith(suffix):
            return d[: -len(suffix)]
    return d


def version_key(spec, version_line, clang=None):
    """(version tuple, date string) to order toolchains; None when nothing parses.
    Sources, first match wins for the version: <root>/.info/version (ROCm),
    'roc-X.Y.Z' / 'rocm-X.Y.Z' in the version line, X.Y.Z[a|rc|dev]YYYYMMDD (TheRock)
    in the path, 'clang version X.Y.Z'. Date: YYYYMMDD in the path or version line."""
    texts = [spec, version_line or ""]
    ver = None
    roots = [spec] if os.path.isdir(spec) else []
    if clang:
        roots.append(_root_of(clang))
    for root in roots:
        p = os.path.join(root, ".info", "version")
        if os.path.isfile(p):
            with open(p, errors="replace") as f:
                m = re.search(r"(\d+(?:\.\d+)+)", f.read())
            if m:
                ver = m.group(1)
                break
    if ver is None:
        m = re.search(r"\broc(?:m)?-(\d+(?:\.\d+)+)", version_line or "")
        ver = m.group(1) if m else None
    if ver is None:
        m = re.search(r"(?:rocm|therock)[-_]?(\d+(?:\.\d+)+)", spec, re.I) or \
            re.search(r"(\d+\.\d+\.\d+)(?:a|rc|\.?dev)\d{8}", spec)
        ver = m.group(1) if m else None
    if ver is None:
        m = re.search(r"clang version (\d+(?:\.\d+)+)", version_line or "")
        ver = m.group(1) if m else None
    date = ""
    for t in texts:
        m = re.search(r"(20\d{2})[-_.]?([01]\d)[-_.]?([0-3]\d)(?!\d)", t)
        if m:
            date = "".join(m.groups())
            break
    if ver is None:
        return None
    return (tuple(int(x) for x in ver.split(".")), date)


def expand(specs):
    out = []
    for s in specs:
        g = sorted(glob.glob(os.path.expanduser(s))) if any(ch in s for ch in "*?[") else [s]
        if not g:
            raise BisectError("--between %s matches nothing" % s)
        out += g
    return out


def _looks_like_test(s):
    s = s.rstrip("/")
    return re.search(r"\.(hip|cpp|cu|ll|s|test)$", s) is not None or \
        re.search(r"\.(hip|cpp|cu|ll|s|test)/gfx[0-9a-f]+$", s) is not None


def order_candidates(good, bad, between, order):
    """[good, *between (ordered), bad] as resolved dicts; unusable --between entries are
    reported and dropped (git bisect's `skip`)."""
    res = []
    for spec in between:
        try:
            res.append(resolve(spec))
        except BisectError as e:
            log("skipping %s: %s" % (spec, e))
    if order in ("auto", "version"):
        keys = [version_key(c["path"], c["version"], c["clang"]) for c in res]
        if all(k is not None for k in keys):
            res = [c for _, c in sorted(zip(keys, res), key=lambda kc: kc[0])]
        elif order == "version":
            bad_ones = [c["path"] for c, k in zip(res, keys) if k is None]
            raise BisectError("--order version: no version to sort by for %s" % ", ".join(bad_ones))
        else:
            log("order: as given (not every toolchain has a version string to sort by)")
    return [good] + res + [bad]


# ------------------------------------------------------------ testing

def split_tests(tests):
    """[(absolute path, target or None)]; BisectError for a test that does not exist."""
    out = []
    for t in tests:
        target = None
        parts = t.rstrip("/").split("/")
        if len(parts) > 1 and _TARGET.match(parts[-1]):
            target = parts[-1]
            t = "/".join(parts[:-1])
        p = t if os.path.isabs(t) else os.path.join(os.getcwd(), t)
        if not os.path.exists(p):
            p2 = os.path.join(REPO, t)
            if not os.path.exists(p2):
                raise BisectError("test %s not found (relative to %s or %s)" % (t, os.getcwd(), REPO))
            p = p2
        out.append((os.path.abspath(p), target))
    return out


def find_lit(explicit=None):
    if explicit:
        if os.access(explicit, os.X_OK):
            return explicit
        raise BisectError("--lit %s is not executable" % explicit)
    lit = toolchain.find_lit()
    if not lit:
        raise BisectError("no lit found (Debian: apt-get install llvm-22-tools)")
    return lit


class Tester:
    """Runs the selected tests against one compiler and judges good/bad/skip."""

    def __init__(self, tests, cmd=None, lit=None, params=(), workdir=None, verbose=False):
        self.cmd = cmd
        self.tests = [] if cmd else split_tests(tests)
        if not cmd and not self.tests:
            raise BisectError("no TEST given (and no --cmd)")
        self.lit = None if cmd else find_lit(lit)
        self.params = list(params)
        self.workdir = workdir or tempfile.mkdtemp(prefix="rdna4-bisect-")
        self.verbose = verbose
        self.runs = 0

    def run(self, clang, tag="tc", env_extra=None):
        """(verdict, detail)"""
        self.runs += 1
        env = dict(os.environ, CLANG_NO_DEFAULT_CONFIG="1")
        env.update(env_extra or {})
        if self.cmd:
            cmd = self.cmd.replace("{clang}", shlex.quote(clang))
            r = subprocess.run(cmd, shell=True, capture_output=True, text=True, env=env)
            if self.verbose:
                sys.stdout.write(r.stdout + r.stderr)
            verdict = GOOD if r.returncode == 0 else SKIP if r.returncode == 125 else BAD
            return verdict, "exit %d" % r.returncode
        out = os.path.join(self.workdir, "%s-%d.json" % (re.sub(r"\W+", "_", tag), self.runs))
        build = os.path.join(self.workdir, "lit-" + re.sub(r"\W+", "_", tag))
        targets = {t for _, t in self.tests}
        cmd = [self.lit, "-q", "-o", out, "--param", "clang=" + clang, "--param", "build=" + build]
        if None not in targets:
            cmd += ["--param", "targets=" + ",".join(sorted(targets))]
        for p in self.params:
            cmd += ["--param", p]
        cmd += sorted({p for p, _ in self.tests})
        r = subprocess.run(cmd, capture_output=True, text=True, env=env)
        if self.verbose:
            sys.stdout.write(r.stdout + r.stderr)
        if not os.path.exists(out):
            msg = (r.stderr or r.stdout).strip().splitlines()
            return SKIP, "lit produced no results (exit %d): %s" % (r.returncode, " | ".join(msg[-3:]))
        with open(out) as f:
            data = json.load(f)
        statuses = []
        for path, target in self.tests:
            found = [t for t in data.get("tests", []) if self._matches(t["name"], path, target)]
            if not found:
                return SKIP, "lit ran no test for %s%s" % (path, "/" + target if target else "")
            statuses += [(t["name"].split(" :: ", 1)[-1], t["code"]) for t in found]
        bad = [s for s in statuses if s[1] not in EXPECTED]
        return (BAD if bad else GOOD), ", ".join("%s %s" % (c, n) for n, c in (bad or statuses))

    @staticmethod
    def _matches(name, path, target):
        """Does lit's test name ('Suite :: a/b/x.hip/gfx1201') belong to TEST (path, target)?"""
        rel = name.split(" :: ", 1)[-1]
        parts = rel.split("/")
        t = parts[-1] if len(parts) > 1 and _TARGET.match(parts[-1]) else None
        if t:
            rel = "/".join(parts[:-1])
        if target and t != target:
            return False
        if os.path.isdir(path):
            base = os.path.basename(path.rstrip("/"))
            return rel.startswith(base + "/") or ("/" + base + "/") in rel
        return path == rel or path.endswith("/" + rel)


def bisect_list(cands, test, verify=True):
    """Binary search; cands[0] is said to be good, cands[-1] bad. An end is tested only when
    the answer depends on it (the search never found a good, resp. bad, toolchain inside),
    so a sound answer costs about log2(N) tests. Returns (last_good, first_bad, history)."""
    history = []

    def check(i):
        c = cands[i]
        v, detail = test(c)
        history.append((c, v, detail))
        log("%-4s %s  [%s]  %s" % (v.upper(), c["path"], c["version"], detail))
        return v, detail

    cands = list(cands)
    lo, hi = 0, len(cands) - 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        v, _ = check(mid)
        if v == GOOD:
            lo = mid
        elif v == BAD:
            hi = mid
        else:  # cannot test: drop it and search again
            cands.pop(mid)
            hi -= 1
    if verify and lo == 0:
        v, detail = check(0)
        if v != GOOD:
            raise BisectError("--good %s is not good: %s" % (cands[0]["path"], detail))
    if verify and hi == len(cands) - 1:
        v, detail = check(hi)
        if v != BAD:
            raise BisectError("--bad %s is not bad (%s): nothing to bisect" % (cands[hi]["path"], detail))
    return cands[lo], cands[hi], history


def main(argv):
    p = argparse.ArgumentParser(prog="rdna4-conformance bisect",
                                description="First toolchain where the tests go from passing to failing.")
    p.add_argument("--good", required=True, metavar="PATH", help="a toolchain where the tests pass")
    p.add_argument("--bad", required=True, metavar="PATH", help="a toolchain where they fail")
    p.add_argument("--between", nargs="+", default=[], metavar="PATH",
                   help="toolchains in between (paths, install roots or globs such as '/opt/rocm-*')")
    p.add_argument("--order", choices=["auto", "given", "version"], default="auto")
    p.add_argument("--cmd", help="test command instead of lit ({clang} is substituted; exit 0 good, 125 skip)")
    p.add_argument("--lit", help="lit executable (default /usr/lib/llvm-*/bin/lit)")
    p.add_argument("--param", action="append", default=[], metavar="K=V", help="extra lit --param")
    p.add_argument("--no-verify", action="store_true",
                   help="never test --good/--bad (by default each is tested only when the answer depends on it)")
    p.add_argument("-v", "--verbose", action="store_true")
    p.add_argument("tests", nargs="*", metavar="TEST")
    args = p.parse_args(argv)
    # `--between A B TEST` swallows TEST: move trailing test-like entries back.
    while args.between and _looks_like_test(args.between[-1]):
        args.tests.insert(0, args.between.pop())
    try:
        tester = Tester(args.tests, args.cmd, args.lit, args.param, verbose=args.verbose)
        good, bad = resolve(args.good), resolve(args.bad)
        between = [s for s in expand(args.between)
                   if os.path.abspath(s) not in (os.path.abspath(args.good), os.path.abspath(args.bad))]
        cands = order_candidates(good, bad, between, args.order)
        log("%d toolchains in order (good first, bad last):" % len(cands))
        for i, c in enumerate(cands):
            log("  [%d] %s  %s" % (i, c["path"], c["version"]))
        last_good, first_bad, hist = bisect_list(
            cands, lambda c: tester.run(c["clang"], tag=c["path"]), verify=not args.no_verify)
    except BisectError as e:
        print("rdna4-conformance bisect: error: %s" % e, file=sys.stderr)
        return 2
    except (OSError, ValueError) as e:
        print("rdna4-conformance bisect: error: %s" % e, file=sys.stderr)
        return 2
    print("last good: %s\n           %s" % (last_good["path"], last_good["version"]))
    print("first bad: %s\n           %s" % (first_bad["path"], first_bad["version"]))
    print("tested %d of %d toolchains" % (len(hist), len(cands)))
    return 0


# ------------------------------------------------------------ git bisect run

def git_main(argv):
    p = argparse.ArgumentParser(
        prog="rdna4-conformance bisect-git",
        description="A `git bisect run` step for an llvm-project checkout: build, then test. "
                    "Exit 0 good, 1 bad, 125 skip (build failed / untestable), 128 harness error.",
        epilog="example: cd llvm-project && git bisect start BAD GOOD && git bisect run "
               "/path/to/suite/harness/bin/git-bisect-step --build 'ninja -C build clang' "
               "--clang build/bin/clang++ codegen/wmma-w32/wmma_i32_16x16x16_iu8_w32_gfx12.hip/gfx1201")
    p.add_argument("--build", required=True, metavar="CMD", help="build command, run with sh in --src")
    p.add_argument("--src", default=".", metavar="DIR", help="the llvm-project checkout (default: cwd)")
    p.add_argument("--clang", required=True, metavar="PATH", help="the freshly built clang (relative to --src)")
    p.add_argument("--cmd", help="test command instead of lit ({clang} substituted)")
    p.add_argument("--lit")
    p.add_argument("--param", action="append", default=[])
    p.add_argument("--fixed", action="store_true", help="look for the commit that FIXED the tests (good<->bad)")
    p.add_argument("--build-log", metavar="FILE", help="append build output here (default: discard)")
    p.add_argument("tests", nargs="*", metavar="TEST")
    try:
        args = p.parse_args(argv)
    except SystemExit:
        return 128
    src = os.path.abspath(args.src)
    try:
        tester = Tester([os.path.join(REPO, t) if not os.path.isabs(t) and not os.path.exists(t) else t
                         for t in args.tests], args.cmd, args.lit, args.param)
    except BisectError as e:
        print("bisect-git: error: %s" % e, file=sys.stderr)
        return 128
    commit = subprocess.run(["git", "-C", src, "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip() or "?"
    r = subprocess.run(args.build, shell=True, cwd=src, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    if args.build_log:
        with open(args.build_log, "a") as f:
            f.write("=== %s: %s (exit %d)\n%s\n" % (commit, args.build, r.returncode, r.stdout))
    if r.returncode != 0:
        log("%s: build failed (exit %d): skip\n%s" % (commit, r.returncode, r.stdout[-2000:]))
        return 125
    clang = args.clang if os.path.isabs(args.clang) else os.path.join(src, args.clang)
    if not os.access(clang, os.X_OK):
        log("%s: build succeeded but %s does not exist: skip" % (commit, clang))
        return 125
    try:
        v, detail = tester.run(clang, tag=commit)
    except (OSError, ValueError) as e:
        print("bisect-git: error: running the tests: %s" % e, file=sys.stderr)
        return 128
    if v == SKIP:
        log("%s: cannot test: %s" % (commit, detail))
        return 125
    if args.fixed:
        v = BAD if v == GOOD else GOOD
    log("%s: %s (%s)" % (commit, v, detail))
    return 0 if v == GOOD else 1


# ------------------------------------------------------------ pass bisection

_WRAPPER = r'''#!%(python)s
# Compiler wrapper written by rdna4-conformance bisect-pass: adds -opt-bisect-limit
# (read from %(limit)s) and moves the BISECT lines to %(log)s.
import os, subprocess, sys
args = sys.argv[1:]
real = %(real)r
if any(a in ("--version", "-###", "-v") or a.startswith("-print-") or a.startswith("--print-") for a in args):
    os.execv(real, [real] + args)
with open(%(limit)r) as f:
    limit = f.read().strip()
p = subprocess.Popen([real] + args + ["-mllvm", "-opt-bisect-limit=" + limit], stderr=subprocess.PIPE)
err = p.stderr.read().decode(errors="replace")
rc = p.wait()
keep, bis = [], []
for line in err.splitlines(True):
    (bis if line.startswith("BISECT: ") else keep).append(line)
with open(%(log)r, "a") as f:
    f.write("=== %%s\n" %% " ".join(args))
    f.writelines(bis)
sys.stderr.write("".join(keep))
sys.exit(rc)
'''

_BISECT_LINE = re.compile(r"^BISECT: (NOT )?running pass \((\d+)\) (.*)$")


def make_wrapper(real_clang, workdir):
    """A wrapper compiler in workdir with the real one's basename. Returns (path, limit file, log)."""
    d = os.path.join(workdir, "wrapper-bin")
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, os.path.basename(real_clang))
    limit, logf = os.path.join(workdir, "limit"), os.path.join(workdir, "bisect.log")
    with open(path, "w") as f:
        f.write(_WRAPPER % {"python": sys.executable, "real": os.path.abspath(real_clang),
                            "limit": limit, "log": logf})
    os.chmod(path, 0o755)
    return path, limit, logf


def read_log(logf):
    """[(invocation args, [(n, ran, description)])]"""
    out = []
    try:
        with open(logf) as f:
            for line in f:
                if line.startswith("=== "):
                    out.append((line[4:].strip(), []))
                    continue
                m = _BISECT_LINE.match(line.rstrip("\n"))
                if m and out:
                    out[-1][1].append((int(m.group(2)), m.group(1) is None, m.group(3)))
    except OSError:
        pass
    return out


def pass_main(argv):
    p = argparse.ArgumentParser(prog="rdna4-conformance bisect-pass",
                                description="Name the first optimisation pass whose run makes the tests fail "
                                            "(-mllvm -opt-bisect-limit=N, binary search over N).")
    p.add_argument("--clang", required=True, metavar="PATH", help="the compiler (path or install root)")
    p.add_argument("--cmd", help="test command instead of lit ({clang} = the wrapper compiler)")
    p.add_argument("--lit")
    p.add_argument("--param", action="append", default=[])
    p.add_argument("--good-limit", type=int, default=0, metavar="N",
                   help="a limit known to pass (default 0: every optional pass skipped); use it when "
                        "the test needs some optimisation to pass at all")
    p.add_argument("--keep", metavar="DIR", help="work directory to keep (default: a temp dir)")
    p.add_argument("-v", "--verbose", action="store_true")
    p.add_argument("tests", nargs="*", metavar="TEST")
    args = p.parse_args(argv)
    work = os.path.abspath(args.keep) if args.keep else tempfile.mkdtemp(prefix="rdna4-bisect-pass-")
    os.makedirs(work, exist_ok=True)
    try:
        info = resolve(args.clang)
        tools = os.path.dirname(info["clang"])
        params = list(args.param)
        if not args.cmd and not any(x.startswith("tools=") for x in params) and \
                os.access(os.path.join(tools, "FileCheck"), os.X_OK):
            params.append("tools=" + tools)
        tester = Tester(args.tests, args.cmd, args.lit, params, workdir=work, verbose=args.verbose)
        wrapper, limitf, logf = make_wrapper(info["clang"], work)

        def test(n):
            with open(limitf, "w") as f:
                f.write(str(n))
            if os.path.exists(logf):
                os.remove(logf)
            v, detail = tester.run(wrapper, tag="limit")
            log("limit %-6s %-4s %s" % (n, v.upper(), detail))
            return v, detail

        v, detail = test(-1)
        if v == SKIP:
            raise BisectError("cannot run the tests: %s" % detail)
        if v == GOOD:
            raise BisectError("the tests pass with every pass enabled: nothing to bisect (%s)" % detail)
        total = max([n for _, ps in read_log(logf) for n, _, _ in ps] or [0])
        if total == 0:
            raise BisectError("the compiler printed no 'BISECT: running pass' lines: does it support "
                              "-opt-bisect-limit, and do the tests compile through %s?" % info["clang"])
        if not 0 <= args.good_limit < total:
            raise BisectError("--good-limit %d is outside 0..%d (the passes counted)" % (args.good_limit, total - 1))
        v, detail = test(args.good_limit)
        if v != GOOD:
            raise BisectError("the tests fail with -opt-bisect-limit=%d too (%s): %s"
                              % (args.good_limit, detail,
                                 "the failure is not caused by one optional pass, or the test needs some "
                                 "optimisation to pass: give a passing limit with --good-limit N"
                                 if args.good_limit == 0 else "choose a smaller --good-limit"))
        lo, hi = args.good_limit, total
        while hi - lo > 1:
            mid = (lo + hi) // 2
            v, _ = test(mid)
            if v == SKIP:
                raise BisectError("cannot run the tests at limit %d" % mid)
            if v == GOOD:
                lo = mid
            else:
                hi = mid
        test(hi)
        names = sorted({(args_, d) for args_, ps in read_log(logf) for n, ran, d in ps if n == hi and ran})
    except (BisectError, OSError, ValueError) as e:
        print("rdna4-conformance bisect-pass: error: %s" % e, file=sys.stderr)
        return 2
    print("compiler: %s (%s)" % (info["clang"], info["version"]))
    print("passes counted: %d; tests pass with -opt-bisect-limit=%d, fail with %d" % (total, lo, hi))
    print("first bad pass: (%d) %s" % (hi, names[0][1] if names else "?"))
    for a, d in names[1:]:
        print("  also pass (%d) in another compile: %s" % (hi, d))
    if names:
        print("in: %s" % names[0][0])
    print("reproduce: add  -mllvm -opt-bisect-limit=%d  (good) or %d (bad) to the compile command" % (lo, hi))
    print("runs: %d; work dir: %s" % (tester.runs, work))
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 0
