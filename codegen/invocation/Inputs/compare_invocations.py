"""Runs part of the codegen suite with the compiler under test invoked three ways and fails
unless all three give the same result for every test (run by codegen/invocation/*.test):

  plain     the compiler as given (--clang),
  wrapper   a transparent launcher script in front of it (`exec CLANG "$@"`, as ccache, distcc,
            ROCm's hipcc or a site's own launcher sit in front of a compiler),
  symlink   a symbolic link to the compiler's real file, under another directory.

Toolchain facts must come from what the compiler does, so the three must agree: same lit result
code per test, same probed builtins and features. Prints one line per difference; exit 1 on any,
2 on a setup problem. Python standard library only.

Cost: every variant probes the toolchain from scratch (the wrapper's and the symlink's probes are
what is compared), except the plain compiler when --probe-cache names the probe the enclosing
lit run already made for it (reused only if its cache key matches). --only-target runs the
per-target test files for one target (the test files are the same for both; the probe still
covers every RDNA4 target); the three runs go in parallel.
"""
import argparse
import json
import os
import shutil
import stat
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(REPO, "harness"))
from conformance import toolchain  # noqa: E402


def make_variants(clang, work):
    os.makedirs(work, exist_ok=True)
    wrapper = os.path.join(work, "wrapper", "cc-launcher")
    os.makedirs(os.path.dirname(wrapper), exist_ok=True)
    with open(wrapper, "w") as f:
        f.write('#!/bin/sh\n# transparent launcher in front of the compiler under test\n'
                'exec "%s" "$@"\n' % clang.replace('"', '\\"'))
    os.chmod(wrapper, os.stat(wrapper).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    link = os.path.join(work, "symlink", os.path.basename(clang))
    os.makedirs(os.path.dirname(link), exist_ok=True)
    if os.path.lexists(link):
        os.remove(link)
    os.symlink(os.path.realpath(clang), link)
    return [("plain", clang), ("wrapper", wrapper), ("symlink", link)]


def run_lit(lit, clang, build, dirs, targets, jobs, only_target=None, probe_cache=None):
    out = os.path.join(build, "lit.json")
    if os.path.exists(out):
        os.remove(out)
    if probe_cache:
        os.makedirs(build, exist_ok=True)
        shutil.copyfile(probe_cache, os.path.join(build, "toolchain-probe.json"))
    cmd = [sys.executable, lit, "-q", "-j%d" % jobs, "-o", out, "--param", "clang=" + clang,
           "--param", "build=" + build, "--param", "targets=" + targets] + dirs
    if only_target:
        # Test names: <file>/<target> for per-target files, <file> for single-target ones.
        others = [t for t in targets.split(",") if t != only_target]
        if others:
            cmd[3:3] = ["--filter", "^(?!.*/(%s)$)" % "|".join(others)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if not os.path.exists(out):
        raise RuntimeError("lit produced no results for %s (exit %d): %s"
                           % (clang, r.returncode, (r.stderr or r.stdout).strip()[-800:]))
    with open(out) as f:
        tests = json.load(f).get("tests", [])
    with open(os.path.join(build, "toolchain-probe.json")) as f:
        probe = json.load(f)
    return {t["name"]: t["code"] for t in tests}, probe


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--clang", required=True, help="the compiler under test (lit's %%clang)")
    ap.add_argument("--work", required=True, help="scratch directory (lit's %%t)")
    ap.add_argument("--targets", default="gfx1200,gfx1201")
    ap.add_argument("--lit", help="lit script (default: toolchain.find_lit())")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--only-target", help="run the per-target test files for this target only")
    ap.add_argument("--probe-cache", help="the enclosing lit run's probe of the plain compiler "
                    "(toolchain-probe.json): the plain run reuses it when its key matches")
    ap.add_argument("dirs", nargs="+", help="codegen test directories to run")
    a = ap.parse_args(argv)
    lit = a.lit or toolchain.find_lit()
    if not lit:
        print("error: no lit found (Debian: llvm-22-tools)")
        return 2
    if a.only_target and a.only_target not in a.targets.split(","):
        print("error: --only-target %s is not among --targets %s" % (a.only_target, a.targets))
        return 2
    if a.probe_cache and not os.path.isfile(a.probe_cache):
        a.probe_cache = None  # nothing to reuse: the plain run probes for itself
    results = {}
    try:
        variants = make_variants(a.clang, a.work)

        def one(v):
            name, clang = v
            return name, run_lit(lit, clang, os.path.join(a.work, "build-" + name), a.dirs,
                                 a.targets, a.jobs, a.only_target,
                                 a.probe_cache if name == "plain" else None)
        with ThreadPoolExecutor(max_workers=3) as pool:
            results = dict(pool.map(one, variants))
    except (OSError, ValueError, RuntimeError) as e:
        print("error: %s" % e)
        return 2
    codes, probe = results["plain"]
    feats = set(toolchain.lit_features(probe))
    bad = 0
    print("plain: %d tests, %s" % (len(codes), ", ".join(
        "%s %d" % (c, list(codes.values()).count(c)) for c in sorted(set(codes.values())))))
    for name in ("wrapper", "symlink"):
        other, oprobe = results[name]
        for t in sorted(set(codes) | set(other)):
            if codes.get(t) != other.get(t):
                bad += 1
                print("error: %s: %s gives %s, the plain compiler %s" % (name, t, other.get(t), codes.get(t)))
        ofeats = set(toolchain.lit_features(oprobe))
        for f in sorted(feats ^ ofeats):
            bad += 1
            print("error: %s: lit feature %s %s" % (name, f, "missing" if f in feats else "extra"))
        if bad == 0:
            print("%s: same %d results and %d features as the plain compiler" % (name, len(other), len(ofeats)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
