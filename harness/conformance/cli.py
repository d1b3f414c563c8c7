"""Subcommands of harness/bin/rdna4-conformance."""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import time

from . import bootstrap, build_lock, counts, results

REPO = bootstrap.REPO


def log(msg):
    print("[rdna4-conformance] " + msg, flush=True)


def find_lit():
    lit = toolchain_module().find_lit()
    if not lit:
        raise bootstrap.BootstrapError("no lit found (Debian package llvm-22-tools provides "
                                       "/usr/lib/llvm-22/bin/lit)")
    return lit


def toolchain_module():
    from . import toolchain  # written alongside lit.cfg.py
    return toolchain


def resolve_toolchains(paths):
    """[(clang path, version line)] for the given paths/roots, or every clang >= 19 found.
    A path that is not a usable clang >= 19 (missing, old, not clang, a folder without one) is a
    BootstrapError naming the argument: one line, exit 2."""
    tc = toolchain_module()
    if paths:
        out = []
        for p in paths:
            try:
                out.append(tc.resolve(p))
            except tc.ToolchainError as e:
                raise bootstrap.BootstrapError("--clang %s: %s" % (p, e)) from None
        return out
    return tc.discover()


def writable_dir(path, what):
    """Create PATH if needed and make sure files can be written in it; BootstrapError otherwise."""
    try:
        os.makedirs(path, exist_ok=True)
        probe = os.path.join(path, ".rdna4-write-test-%d" % os.getpid())
        with open(probe, "w") as f:
            f.write("")
        os.remove(probe)
    except OSError as e:
        raise bootstrap.BootstrapError("%s %s is not a writable directory: %s"
                                       % (what, path, e.strerror or e)) from None
    return path


def check_run_args(args):
    """Reject bad `run` arguments before anything is installed, built or run."""
    if args.jobs < 1:
        raise bootstrap.BootstrapError("-j/--jobs must be at least 1, not %d" % args.jobs)
    for spec in getattr(args, "external", None) or []:
        from . import external
        try:
            external.parse_spec(spec)
        except external.ExternalError as e:
            raise bootstrap.BootstrapError(str(e)) from None
    if getattr(args, "external_only", False) and not getattr(args, "external", None):
        raise bootstrap.BootstrapError("--external-only needs at least one --external NAME=PATH")
    if args.targets is not None:
        tc = toolchain_module()
        names = [t.strip() for t in args.targets.split(",") if t.strip()]
        bad = [t for t in names if t not in tc.RDNA4_TARGETS]
        if not names or bad:
            raise bootstrap.BootstrapError(
                "--targets %s: %s (known: %s)" % (args.targets, "names no target" if not names else
                                                  "not an RDNA4 target: " + ", ".join(bad),
                                                  ", ".join(tc.RDNA4_TARGETS)))


def gpu_present():
    """A gfx1200/gfx1201 GPU is present (toolchain.gpu_arch, the one GPU detection)."""
    return toolchain_module().gpu_arch() is not None


def run_lit(lit, suite, params, json_out, xunit_out, jobs, extra=()):
    cmd = [lit, "-s", "-j%d" % jobs, suite, "-o", json_out, "--xunit-xml-output", xunit_out]
    for k, v in params.items():
        cmd += ["--param", "%s=%s" % (k, v)]
    cmd += list(extra)
    log("$ " + " ".join(cmd))
    r = subprocess.run(cmd)
    if not os.path.exists(json_out):
        raise bootstrap.BootstrapError("lit did not produce %s (exit %d): see the messages above"
                                       % (json_out, r.returncode))
    return r.returncode


def cmd_run(args):
    t_start = time.time()
    check_run_args(args)
    build_dir = os.path.abspath(args.build_dir or bootstrap.build_dir_default())
    out = os.path.abspath(args.out or os.path.join(build_dir, "conformance"))
    writable_dir(out, "--out" if args.out else "results directory")
    writable_dir(build_dir, "--build-dir" if args.build_dir else "build directory")
    if not args.no_bootstrap:
        bootstrap.ensure_packages(bootstrap.BUILD + bootstrap.TOOLCHAIN["22"], log)
    build_lock.hold(build_dir, "rdna4-conformance run", log)
    # Explicit --clang arguments are checked before the (long) emulator build.
    toolchains = resolve_toolchains(args.clang)
    if not toolchains:
        raise bootstrap.BootstrapError("no clang >= 19 found; pass --clang PATH")
    suites = [] if args.external_only else ["codegen"]
    have_runtime = os.path.isdir(os.path.join(REPO, "runtime")) and \
        os.path.exists(os.path.join(REPO, "runtime", "lit.local.cfg"))
    device = None
    if (have_runtime and not args.codegen_only) or args.external:
        device = "hw" if (args.device == "hw" or (args.device == "auto" and gpu_present())) else "emu"
        if device == "emu" and not args.no_build:
            bootstrap.build(build_dir, log=log)
        elif device == "hw" and not args.no_build:
            # the runtime tests link the suite's CPU reference (librdna4ref.a) on hardware too
            bootstrap.build(build_dir, log=log, targets=["rdna4ref"])
        log("runtime tests run on device=%s%s" % (device, " (no gfx120x GPU found: emulator)"
                                                   if device == "emu" and args.device == "auto" else ""))
        if have_runtime and not args.codegen_only and not args.external_only:
            suites.append("runtime")
    if device == "hw":
        _probe_models(build_dir, out)
    lit = find_lit()
    all_results, tcs = [], []
    for i, info in enumerate(toolchains):
        tcs.append({"clang": info["clang"], "version": info["version"]})
        log("toolchain %d: %s (%s)" % (i, info["version"], info["clang"]))
        for suite in suites:
            tag = "tc%d-%s" % (i, suite)
            params = {"clang": info["clang"], "build": os.path.join(build_dir, "lit", tag),
                      "build_dir": build_dir}
            if suite == "runtime":
                params["device"] = device
            if args.targets:
                params["targets"] = args.targets
            jpath, xpath = os.path.join(out, tag + ".lit.json"), os.path.join(out, tag + ".junit.xml")
            run_lit(lit, os.path.join(REPO, suite), params, jpath, xpath, args.jobs)
            all_results += results.from_lit_json(jpath, suite, suite, info["version"],
                                                 device=device if suite == "runtime" else None)
        for spec in args.external:  # outside programs, built with this toolchain (external.py)
            from . import external
            tg = ([t.strip() for t in args.targets.split(",") if t.strip()] if args.targets
                  else ["gfx1201", "gfx1200"]) if device == "emu" else \
                [toolchain_module().gpu_arch() or "gfx1201"]
            try:
                all_results += external.run(spec, info["clang"], device, tg, build_dir,
                                            os.path.join(build_dir, "external", "tc%d" % i),
                                            info["version"], log=log)
            except external.ExternalError as e:
                raise bootstrap.BootstrapError(str(e)) from None
    results.write_json(os.path.join(out, "results.json"), tcs, all_results)
    results.write_junit(os.path.join(out, "junit.xml"), all_results)
    if "runtime" in suites:
        # Pictures of the layouts the probes measured in this run (before the report links them).
        from . import layout_svg
        for line in layout_svg.render_all(os.path.join(build_dir, "lit"), out, since=t_start,
                                          toolchains=tcs):
            log(line)
    _post_run_reports(os.path.join(out, "results.json"), out, all_results)
    if suites:
        print(results.matrix(all_results, tcs))
    if args.external:
        from . import external
        print(external.table(all_results))
    c = results.counts(all_results)
    unexpected = sum(v for k, v in c.items() if k not in results.EXPECTED)
    print("summary: " + ", ".join("%s %d" % kv for kv in sorted(c.items())))
    print("results: %s (results.json, junit.xml)" % out)
    skipped = sum(v for k, v in c.items() if k in ("UNSUPPORTED", results.CONTRADICTED))
    print("%d passed, %d failed, %d skipped"
          % (sum(v for k, v in c.items() if k in results.EXPECTED) - skipped, unexpected, skipped))
    return 0 if unexpected == 0 else 1


def _probe_models(build_dir, out):
    """On a GPU: `rdna4-conformance probe` (harness/conformance/probe.py) writes
    OUT/model-facts.json, the candidate the GPU follows for each UNVERIFIED matrix model.
    Measured non-default candidates are handed to the runtime tests' CPU reference as
    RDNA4_REF_MODEL=id=candidate,... (rdna4ref::model_candidate()), and the file itself as
    RDNA4_MODEL_FACTS: runtime tests whose ASSUMES line names a contradicted model (a
    non-default candidate, or none of the candidates) end as MODEL-CONTRADICTED instead of
    running (lit_format.py). A failed probe is reported and the run goes on."""
    from . import probe
    facts = os.path.join(out, "model-facts.json")
    rc = probe.main(["--device", "hw", "--build-dir", build_dir, "--out", facts])
    if rc != 0 or not os.path.isfile(facts):
        log("model probe failed (exit %d): no model-facts.json" % rc)
        return
    with open(facts) as f:
        doc = json.load(f)
    measured = ["%s=%s" % (aid, e["match"]) for aid, e in sorted(doc["assumptions"].items())
                if e["match"] and e["match"] != e["default"]]
    none = sorted(aid for aid, e in doc["assumptions"].items() if not e["match"])
    log("model probe: %s; %d model(s) contradicted by a candidate (%s), %d by none of the candidates (%s)"
        % (facts, len(measured), ", ".join(measured) or "-", len(none), ", ".join(none) or "-"))
    os.environ["RDNA4_MODEL_FACTS"] = facts
    if measured:
        os.environ["RDNA4_REF_MODEL"] = ",".join(measured)


def _post_run_reports(results_json, out, all_results):
    """Reproducer directories, then report.md/report.html (which link to them), when those
    modules are present."""
    try:
        from . import reproducer
        # (an external program's failure is reported with its output; its checkout is the user's)
        reproducer.write_reproducers([r for r in all_results if r.get("kind") != "external"], out)
    except ImportError:
        pass
    try:
        from . import report
        report.write_reports(results_json, out)
        log("reports: %s/report.md, report.html" % out)
    except ImportError:
        pass


# ---------------------------------------------------------------------------- check

def _ctest(build_dir, jobs, tally):
    junit = os.path.join(build_dir, "ctest-junit.xml")
    if os.path.exists(junit):
        os.remove(junit)
    cmd = ["ctest", "--test-dir", build_dir, "--output-on-failure", "-j%d" % jobs,
           "--output-junit", junit, "--timeout", "900"]
    log("$ " + " ".join(cmd))
    tally.start()
    r = subprocess.run(cmd)
    tally.add("ctest", *counts.ctest_results(junit, r.returncode))


def _unittests(tally, out, jobs=1):
    dirs = sorted(glob.glob(os.path.join(REPO, "harness", "**", "tests"), recursive=True))
    dirs = [d for d in dirs if glob.glob(os.path.join(d, "test_*.py"))]
    for d in dirs:
        rel = os.path.relpath(d, REPO)
        jpath = os.path.join(out, "unittest-%s.json" % re.sub(r"[^A-Za-z0-9]+", "_", rel))
        if os.path.exists(jpath):
            os.remove(jpath)
        cmd = [sys.executable, "-m", "conformance.unittest_runner", d, jpath, "--jobs", str(max(1, jobs))]
        log("$ " + " ".join(cmd))
        tally.start()
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           env=dict(os.environ, PYTHONPATH=os.path.join(REPO, "harness")))
        sys.stdout.write(r.stdout[-20000:])
        what = "python " + rel
        tally.add(what, *counts.unittest_results(jpath, r.returncode, what))


DEFAULT_CHECK_CLANGS = ["/usr/lib/llvm-19/bin/clang++", "/usr/lib/llvm-22/bin/clang++"]


def cmd_check(args):
    if not args.no_bootstrap:
        bootstrap.ensure_packages(bootstrap.BUILD + bootstrap.TOOLCHAIN["22"] + bootstrap.TOOLCHAIN["19"]
                                  + bootstrap.FUZZ + bootstrap.HIP_HEADERS, log)
    build_dir = os.path.abspath(args.build_dir or bootstrap.build_dir_default())
    build_lock.hold(build_dir, "rdna4-conformance check", log)
    t0 = time.time()
    tally = counts.Tally(ci=counts.under_ci(), log=log)
    out = os.path.join(build_dir, "check")
    try:
        os.makedirs(out, exist_ok=True)
        tally.start()
        bootstrap.build(build_dir, log=log)
        tally.add("build", 0, 0)
        built = True
    except (OSError, bootstrap.BootstrapError) as e:
        log("error: %s" % e)
        tally.add("build", 0, 1)
        built = False
    if built:
        _ctest(build_dir, args.jobs, tally)
    _unittests(tally, out, args.jobs)
    _lit_suites(args.clang, build_dir, out, built, args.jobs, tally)
    fuzz = os.path.join(REPO, "harness", "emu", "fuzz", "run_fuzzers")
    if built and os.access(fuzz, os.X_OK) and not args.no_fuzz:
        cmd = [fuzz, str(args.fuzz_seconds)]
        log("$ " + " ".join(cmd))
        tally.start()
        r = subprocess.run(cmd, env=dict(os.environ, RDNA4_BUILD_DIR=build_dir))
        tally.add("fuzzers (%ds each)" % args.fuzz_seconds, 1 if r.returncode == 0 else 0,
                  0 if r.returncode == 0 else 1)
    elif args.no_fuzz:
        tally.add("fuzzers", 0, 0, [counts.Skip("fuzzers", "run_fuzzers", "--no-fuzz given")])
    print(tally.summary(time.time() - t0))
    return 0 if tally.total()[1] == 0 else 1


def _lit_suites(clang_args, build_dir, out, built, jobs, tally):
    """The lit suites (codegen, runtime) against each toolchain. A default toolchain of `check`
    that is not installed is one skip per suite (a failure under CI); a --clang that is missing
    is a failure."""
    try:
        lit, no_lit = find_lit(), None
    except bootstrap.BootstrapError as e:
        lit, no_lit = None, str(e)
    clangs = clang_args or DEFAULT_CHECK_CLANGS
    suites = [s for s in ("codegen", "runtime") if os.path.isdir(os.path.join(REPO, s))]
    if not built and "runtime" in suites:
        suites.remove("runtime")
    for clang in clangs:
        for suite in suites:
            what = "lit %s [%s]" % (suite, clang)
            if no_lit:
                tally.add(what, 0, 0, [counts.Skip(what, suite, "lit not installed: " + no_lit)])
                continue
            if not clang_args and not os.access(clang, os.X_OK):
                tally.add(what, 0, 0, [counts.Skip(what, suite, "toolchain missing: %s is not installed"
                                                   % clang)])
                continue
            tag = "%s-%s" % (re.sub(r"[^A-Za-z0-9]+", "_", clang).strip("_"), suite)
            jpath = os.path.join(out, tag + ".lit.json")
            if os.path.exists(jpath):
                os.remove(jpath)
            params = {"clang": clang, "build": os.path.join(build_dir, "lit", tag), "build_dir": build_dir}
            if suite == "runtime":
                params["device"] = "emu" if not gpu_present() else "hw"
            try:
                tally.start()
                run_lit(lit, os.path.join(REPO, suite), params, jpath,
                        os.path.join(out, tag + ".junit.xml"), jobs)
                tally.add(what, *counts.lit_results(jpath, what))
            except (OSError, ValueError, bootstrap.BootstrapError) as e:
                log("error: %s" % e)
                tally.add(what, 0, 1)


def cmd_hipcc(argv):
    from . import hipcc
    return hipcc.main(argv)


# Subcommands implemented as `main(argv)` functions of their own modules.
DELEGATED = {
    "compare": ("compare", "main"),
    "merge": ("compare", "merge_main"),
    "bisect": ("bisect", "main"),
    "bisect-git": ("bisect", "git_main"),
    "bisect-pass": ("bisect", "pass_main"),
    "baseline": ("baseline", "main"),
    "report": ("report", "main"),
    "reproduce": ("reproducer", "main"),
    "probe": ("probe", "main"),
}


def _delegate(cmd, argv):
    import importlib
    mod, fn = DELEGATED[cmd]
    try:
        m = importlib.import_module("conformance." + mod)
    except ImportError as e:
        print("rdna4-conformance %s: not available (%s)" % (cmd, e), file=sys.stderr)
        return 2
    return getattr(m, fn)(argv)


def main(argv):
    if argv and argv[0] in DELEGATED:
        return _delegate(argv[0], argv[1:])
    if argv and argv[0] == "hipcc":  # clang arguments pass through untouched
        try:
            return cmd_hipcc(argv[1:])
        except bootstrap.BootstrapError as e:
            print("rdna4-conformance hipcc: error: %s" % e, file=sys.stderr)
            return 2
    p = argparse.ArgumentParser(
        prog="rdna4-conformance", description=__doc__,
        epilog="more subcommands (each with its own --help): %s; see docs/tooling.md"
               % ", ".join(sorted(DELEGATED)))
    sub = p.add_subparsers(dest="cmd", required=True)
    jobs = max(1, min(os.cpu_count() or 1, 4))

    r = sub.add_parser("run", help="the conformance run against one or more toolchains")
    r.add_argument("--clang", action="append", default=[], metavar="PATH",
                   help="clang/clang++/amdclang++ or an install root (ROCm, TheRock); repeatable; "
                        "default: every clang >= 19 found")
    r.add_argument("--out", metavar="DIR", help="results directory (default build/conformance)")
    r.add_argument("--build-dir", metavar="DIR")
    r.add_argument("--targets", help="comma-separated gfx targets (default gfx1200,gfx1201)")
    r.add_argument("--device", choices=["auto", "emu", "hw"], default="auto")
    r.add_argument("--codegen-only", action="store_true")
    r.add_argument("--no-bootstrap", action="store_true", help="do not apt-get install anything")
    r.add_argument("--no-build", action="store_true")
    r.add_argument("-j", "--jobs", type=int, default=jobs)
    r.add_argument("--external", action="append", default=[], metavar="NAME=PATH",
                   help="also build the outside project checked out at PATH with the toolchain under "
                        "test and run its programs on the device, by the recipe NAME "
                        "(harness/conformance/external/NAME.json, e.g. rocwmma) or a recipe file "
                        "NAME.json; repeatable")
    r.add_argument("--external-only", action="store_true",
                   help="run only the --external programs (no codegen or runtime suites)")

    c = sub.add_parser("check", help="the project's own tests (ctest, Python, lit for clang-19 and clang-22)")
    c.add_argument("--clang", action="append", default=[], metavar="PATH")
    c.add_argument("--build-dir", metavar="DIR")
    c.add_argument("--no-bootstrap", action="store_true")
    c.add_argument("--no-fuzz", action="store_true")
    # check's fuzz run is a smoke test: each target replays its seeds (and a kept corpus) under
    # ASan/UBSan and explores briefly; coverage flattens within seconds of the seeds. A long
    # fuzz is `harness/emu/fuzz/run_fuzzers 300` by hand.
    c.add_argument("--fuzz-seconds", type=int, default=10,
                   help="seconds per fuzzer (default 10; long runs: harness/emu/fuzz/run_fuzzers 300)")
    c.add_argument("-j", "--jobs", type=int, default=jobs)

    sub.add_parser("hipcc", help="compile a single-source HIP program for the emulator or the GPU")
    args = p.parse_args(argv)
    try:
        if args.cmd == "run":
            return cmd_run(args)
        if args.cmd == "check":
            return cmd_check(args)
    except bootstrap.BootstrapError as e:
        print("rdna4-conformance: error: %s" % e, file=sys.stderr)
        return 2
    except toolchain_module().ToolchainError as e:
        print("rdna4-conformance %s: error: %s" % (args.cmd, e), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return 2
