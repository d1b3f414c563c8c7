"""Lit runs with a broken or corrupting compiler, shared by the replay tests.

test_broken_compiler.py, test_gfx12_replays.py, test_corrupting_compiler.py and
test_known_bug_replay.py all run lit on a few codegen or runtime tests with a wrapper compiler
(broken_clang.py: edits -S output; corrupting_clang.py: edits the device assembly of a full
compile) in some mode, and look at which tests fail. This module gives them:

  Wrapper(tmp, kind, real)  one wrapper compiler <tmp>/<kind>-<id>/bin/clang++ around `real`.
      The mode of each compile is looked up in the modes.json of the lit run that runs it (the
      first modes.json in the working directory or above: lit runs a test in its exec
      directory, under the run's exec root); a compile whose arguments name no path of it,
      such as the toolchain probe, runs in mode none. So one wrapper serves every mode and
      every run, and the toolchain probe (cached per wrapper file) runs once per wrapper,
      not once per lit run.
      The broken kind also keeps the real compiler's -S output to stdout (what codegen tests
      compile) in <root>/cache, keyed by the full argument list: one compile per
      (test, RUN line) however many modes edit it. The edit is made afresh on every run.
  Wrapper.run_lit(lit, modes, ...)  one lit run over the paths of `modes` ({repo path: mode});
      returns {test name: lit's result dict}.
  rounds(cases, key)  cases grouped into lit runs that each name a test path once.
"""
import hashlib
import json
import os
import shutil
import stat
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
MODULES = {"broken": "broken_clang", "corrupting": "corrupting_clang"}
PROBE = "toolchain-probe.json"  # lit.cfg.py's probe cache, one per exec root

SCRIPT = """#!%(python)s
import os, sys
sys.path.insert(0, %(tests)r)
import replay_lit
sys.exit(replay_lit.wrapper_main(%(module)r, %(real)r, %(cache)r, sys.argv[1:]))
"""


def find_modes(start):
    """{absolute path: mode} of the first modes.json in `start` or above, or {}."""
    d = os.path.abspath(start)
    while True:
        p = os.path.join(d, "modes.json")
        if os.path.exists(p):
            with open(p) as f:
                return json.load(f)
        parent = os.path.dirname(d)
        if parent == d:
            return {}
        d = parent


def mode_for(modes, args):
    mode = "none"
    for arg in args:
        for path, m in modes.items():
            if arg == path or arg.startswith(path.rstrip("/") + "/"):
                mode = m
    return mode


def _cached_compile(real, args, cache):
    """(returncode, stdout, stderr) of `real args` for a -S compile to stdout, from the cache
    when this exact argument list compiled before. Only successful compiles are kept."""
    if any(not a.startswith("-") and not os.path.isabs(a) and os.path.exists(a) for a in args):
        r = subprocess.run([real] + args, capture_output=True, text=True)  # names a file by cwd
        return r.returncode, r.stdout, r.stderr
    key = hashlib.sha256("\0".join([real] + args).encode()).hexdigest()[:32]
    path = os.path.join(cache, key + ".json")
    if os.path.exists(path):
        with open(path) as f:
            d = json.load(f)
        return d["rc"], d["out"], d["err"]
    r = subprocess.run([real] + args, capture_output=True, text=True)
    if r.returncode == 0:
        os.makedirs(cache, exist_ok=True)
        tmp = path + ".tmp%d" % os.getpid()
        with open(tmp, "w") as f:
            json.dump({"rc": r.returncode, "out": r.stdout, "err": r.stderr}, f)
        os.replace(tmp, path)
    return r.returncode, r.stdout, r.stderr


def wrapper_main(module, real, cache, args):
    sys.path.insert(0, HERE)
    mod = __import__(module)
    mode = mode_for(find_modes(os.getcwd()), args)
    if module == "broken_clang" and cache:
        return mod.main(["--real", real, "--mode", mode, "--"] + args,
                        compile_stdout=lambda a: _cached_compile(real, a, cache))
    return mod.main(["--real", real, "--mode", mode, "--"] + args)


class Wrapper:
    _count = 0
    _lock = threading.Lock()

    def __init__(self, tmp, kind, real, cache=True):
        with Wrapper._lock:
            Wrapper._count += 1
            n = Wrapper._count
        self.kind, self.real = kind, real
        self.root = os.path.join(tmp, "%s-%d" % (kind, n))
        self.path = os.path.join(self.root, "bin", "clang++")
        self._probe_lock = threading.Lock()
        self._runs = 0
        os.makedirs(os.path.join(self.root, "bin"))
        os.makedirs(os.path.join(self.root, "lib"))
        # lib/ links the real libclang-cpp: the probe scans it for builtin names.
        libdir = os.path.join(os.path.dirname(os.path.realpath(real)), "..", "lib")
        for lib in sorted(os.listdir(libdir)) if os.path.isdir(libdir) else []:
            if lib.startswith("libclang-cpp.so"):
                os.symlink(os.path.realpath(os.path.join(libdir, lib)), os.path.join(self.root, "lib", lib))
        cache_dir = os.path.join(self.root, "cache") if cache and kind == "broken" else ""
        with open(self.path, "w") as f:
            f.write(SCRIPT % {"python": sys.executable, "tests": HERE, "module": MODULES[kind],
                              "real": real, "cache": cache_dir})
        os.chmod(self.path, os.stat(self.path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)

    def run_lit(self, lit, modes, targets="gfx1201", params=(), jobs=2, timeout=900):
        """One lit run over the repo paths of `modes` ({path: mode}) in its own exec root.
        Returns {test name (path/target): lit's test dict}; raises AssertionError when lit
        did not run. Runs of one wrapper may go side by side."""
        with self._probe_lock:
            self._runs += 1
            build = os.path.join(self.root, "run-%d" % self._runs)
        os.makedirs(build)
        with open(os.path.join(build, "modes.json"), "w") as f:
            json.dump({os.path.join(REPO, p): m for p, m in modes.items()}, f)
        shared = os.path.join(self.root, PROBE)
        if os.path.exists(shared):
            shutil.copy(shared, os.path.join(build, PROBE))
        out = os.path.join(build, "lit.json")
        cmd = [lit, "-q", "-j%d" % jobs, "--param", "clang=" + self.path, "--param", "build=" + build,
               "--param", "targets=" + targets, "-o", out]
        for p in params:
            cmd += ["--param", p]
        cmd += [os.path.join(REPO, p) for p in sorted(modes)]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=self.root)
        if not os.path.exists(out):
            raise AssertionError("lit did not run: %s\n%s" % (r.stdout[-2000:], r.stderr[-2000:]))
        if not os.path.exists(shared) and os.path.exists(os.path.join(build, PROBE)):
            tmp = shared + ".tmp%d" % threading.get_ident()
            shutil.copy(os.path.join(build, PROBE), tmp)
            os.replace(tmp, shared)
        with open(out) as f:
            tests = json.load(f)["tests"]
        return {t["name"].split(" :: ", 1)[1]: t for t in tests}


def rounds(cases, path_of):
    """Split `cases` into lists in which no two cases share path_of(case) (each list is one
    lit run: a test runs once per run), keeping their order; as few lists as the most
    repeated path needs."""
    out = []
    for c in cases:
        for r in out:
            if all(path_of(x) != path_of(c) for x in r):
                r.append(c)
                break
        else:
            out.append([c])
    return out
