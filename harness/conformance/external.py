"""Outside programs as part of a conformance run: `rdna4-conformance run --external NAME=PATH`.

NAME is a recipe: harness/conformance/external/<NAME>.json, or the path of a recipe file
(ending in .json); PATH is the user's checkout of the project the recipe describes (the
suite never fetches it). Each program of the recipe is built from PATH with the toolchain
under test through `rdna4-conformance hipcc` (the project's HIP headers and libhipemu.so on
the emulator; ROCm's toolchain with --device hw) and run on the device, once per target
(RDNA4_EMU_ARCH on the emulator); its result is PASS when it exits 0, its output matches
the recipe's `expect` and not its `reject`, else FAIL (a compile or link error, a crash, a
timeout, a wrong result), reported per program beside the builtin matrix and in
results.json / junit.xml (kind "external"). On the emulator, a compiler without gfx12's SGPR
hazard waits (clang 19) has its programs run with the hazard rule sgpr off, as in the runtime
suite; the records say so (emulator_env).

A recipe (JSON, all paths relative to PATH unless said otherwise):
  name, description
  requires:      files that must exist under PATH (else: a clear error, exit 2)
  include:       -I directories under PATH
  repo_include:  -I directories of this repository (stand-ins for libraries that are not
                 HIP, e.g. harness/conformance/external/include/rocm_smi)
  generate:      [{from, to, replace: {TEXT: VALUE}}]: what the project's own build would
                 configure (from a file under PATH into the build's include directory `to`);
                 a VALUE "re:FILE:REGEX" is the first group of REGEX in FILE under PATH
  flags:         extra hipcc arguments for every compile
  timeout:       seconds per program run (default 600)
  groups:        [{name, flags, common: [sources linked into each program], libs,
                   include, programs: [{name, sources, include, flags, main, env, expect,
                   reject, count}]}]
                 main: C++ statements run by a generated main() instead of the program's own
                   (the program's source is compiled unchanged, its main renamed: e.g. a
                   sample at a size the emulator runs in seconds);
                 env: environment variables for the run (e.g. GoogleTest's
                   GTEST_TOTAL_SHARDS / GTEST_SHARD_INDEX: every Nth test of a large
                   parameterised suite);
                 expect / reject: regular expressions on the program's output;
                 count: a regular expression whose first group is the number of tests the
                   program ran (summed into the report)
  A program built by the checkout's own Makefile has `make` instead of `sources`:
    make:        {dir, exe, vars, target, prepare, args}: dir (under PATH) is copied into the
                 work directory and built there by `make -C <copy> VAR=VALUE... [target]`
                 (the checkout is never written to); exe is the program make writes in it,
                 run there with `args`; prepare: shell commands run in the copy before make
                 (once per target when they name {target})
  copy:          directories under PATH copied into the work directory before any make
                 (what the Makefiles reach by relative path, e.g. ../../Common)
  make_vars:     variables for every make (a program's make.vars add to them and win)
  In make vars, prepare and args: {hipcc} is the HIP compiler as a ROCm install has it
  (bin/hipcc of `rdna4-conformance hipcc --print-rocm-root` on the emulator, ROCm's hipcc on
  the GPU), {rocm_root} that install root, {targets} the targets joined by ';' (CMake's and
  the Makefiles' HIP_ARCHITECTURES), {target} one target.
Python standard library only.
"""

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
RECIPES = os.path.join(REPO, "harness", "conformance", "external")
HIPCC = os.path.join(REPO, "harness", "bin", "rdna4-conformance")


class ExternalError(Exception):
    pass


def known_recipes():
    try:
        return sorted(f[:-5] for f in os.listdir(RECIPES) if f.endswith(".json"))
    except OSError:
        return []


def load_recipe(name):
    path = name if name.endswith(".json") else os.path.join(RECIPES, name + ".json")
    if not os.path.isfile(path):
        raise ExternalError("--external %s: no such recipe (known: %s; or give a recipe file "
                            "ending in .json)" % (name, ", ".join(known_recipes()) or "none"))
    try:
        with open(path) as f:
            r = json.load(f)
    except (OSError, ValueError) as e:
        raise ExternalError("--external %s: cannot read recipe %s: %s" % (name, path, e))
    if not isinstance(r, dict) or not isinstance(r.get("groups"), list) or not r.get("name"):
        raise ExternalError("--external %s: recipe %s needs a name and a list of groups" % (name, path))
    for g in r["groups"]:
        for p in g.get("programs", []):
            if not p.get("name") or not (p.get("sources") or p.get("make")):
                raise ExternalError("--external %s: recipe %s: every program needs a name and sources "
                                    "(or make)" % (name, path))
            mk = p.get("make")
            if mk is not None and (not isinstance(mk, dict) or not mk.get("dir") or not mk.get("exe")):
                raise ExternalError("--external %s: recipe %s: program %s: make needs a dir and an exe"
                                    % (name, path, p["name"]))
    return r


def parse_spec(spec):
    """'NAME=PATH' -> (recipe dict, absolute checkout path); ExternalError on any problem."""
    if "=" not in spec:
        raise ExternalError("--external %s: expected NAME=PATH (e.g. rocwmma=$HOME/rocWMMA)" % spec)
    name, path = spec.split("=", 1)
    recipe = load_recipe(name)
    root = os.path.abspath(os.path.expanduser(path))
    if not os.path.isdir(root):
        raise ExternalError("--external %s: %s is not a directory" % (spec, root))
    missing = [f for f in recipe.get("requires", []) if not os.path.exists(os.path.join(root, f))]
    if missing:
        raise ExternalError("--external %s: %s does not look like a checkout for recipe %s: missing %s"
                            % (spec, root, recipe["name"], ", ".join(missing)))
    return recipe, root


def _value(v, root):
    if isinstance(v, str) and v.startswith("re:"):
        _, fname, rx = v.split(":", 2)
        try:
            with open(os.path.join(root, fname), errors="replace") as f:
                m = re.search(rx, f.read())
        except OSError:
            m = None
        if not m:
            raise ExternalError("recipe value %s: no match in %s" % (v, fname))
        return m.group(1)
    return str(v)


def _generate(recipe, root, inc_dir):
    for g in recipe.get("generate", []):
        try:
            with open(os.path.join(root, g["from"]), errors="replace") as f:
                text = f.read()
        except OSError as e:
            raise ExternalError("recipe %s: cannot read %s: %s" % (recipe["name"], g["from"], e))
        for k, v in g.get("replace", {}).items():
            text = text.replace(k, _value(v, root))
        dst = os.path.join(inc_dir, g["to"])
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(dst, "w") as f:
            f.write(text)


def _run(cmd, env=None, timeout=None, cwd=None, shell=False):
    """(exit code or None on timeout, combined output)."""
    try:
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
                           timeout=timeout, cwd=cwd, shell=shell)
        return r.returncode, r.stdout.decode(errors="replace")
    except subprocess.TimeoutExpired as e:
        return None, (e.stdout or b"").decode(errors="replace") + "\n[timeout after %ss]" % timeout
    except OSError as e:
        return 127, "error: cannot run %s: %s" % (cmd if isinstance(cmd, str) else cmd[0], e)


def run(spec, clang, device, targets, build_dir, work_dir, toolchain_version, log=print):
    """Build and run every program of one --external NAME=PATH. Returns result records."""
    recipe, root = parse_spec(spec)
    name = recipe["name"]
    work = os.path.join(work_dir, re.sub(r"\W+", "_", name))
    inc_dir = os.path.join(work, "include")
    os.makedirs(inc_dir, exist_ok=True)
    _generate(recipe, root, inc_dir)
    hipcc = [sys.executable, HIPCC, "hipcc", "--device", device, "--build-dir", build_dir]
    if clang:
        hipcc += ["--clang", clang]
    incs = ["-I" + os.path.join(root, d) for d in recipe.get("include", [])]
    incs += ["-I" + os.path.join(REPO, d) for d in recipe.get("repo_include", [])]
    incs.append("-I" + inc_dir)
    timeout = recipe.get("timeout", 600)
    records = []
    run_env = {}
    # As the runtime suite (runtime/lit.local.cfg): a compiler without LLVM's gfx12 SGPR hazard
    # waits (clang 19; fixed in LLVM 20 by llvm PR #100067) fails the emulator's strict sgpr
    # rule in nearly every kernel; its programs run without that one rule (the runtime suite's
    # runtime/hazards/ records the known bug), and each record says so.
    if device == "emu" and "RDNA4_EMU_HAZARD_RULES" not in os.environ and _sgpr_waits(clang) is False:
        run_env["RDNA4_EMU_HAZARD_RULES"] = "-sgpr"
        log("external %s: the compiler emits no gfx12 SGPR hazard waits (known bug, fixed in LLVM 20 "
            "by llvm PR #100067): its programs run with hazard rule sgpr off" % name)
    maker = None
    if any(p.get("make") for g in recipe["groups"] for p in g.get("programs", [])):
        maker = _Maker(recipe, root, work, clang, device, targets, build_dir)
    for group in recipe["groups"]:
        gflags = recipe.get("flags", []) + group.get("flags", [])
        ginc = ["-I" + os.path.join(root, d) for d in group.get("include", [])]
        common, common_err = [], None
        for src in group.get("common", []):
            obj = os.path.join(work, group["name"] + "." + re.sub(r"\W+", "_", src) + ".o")
            t0 = time.time()
            code, out = _run(hipcc + gflags + incs + ginc + ["-c", os.path.join(root, src), "-o", obj])
            log("external %s/%s: compiled %s (%.0f s)%s" % (name, group["name"], src, time.time() - t0,
                                                         "" if code == 0 else ": FAILED"))
            if code != 0:
                common_err = "compile of %s failed:\n%s" % (src, out[-8000:])
                break
            common.append(obj)
        for prog in group.get("programs", []):
            records += _program(name, group, prog, root, work, hipcc, gflags + incs + ginc, common,
                                common_err, device, targets, timeout, toolchain_version, log, maker,
                                run_env)
    return records


def _sgpr_waits(clang):
    """toolchain's probe: True/False whether the compiler emits gfx12 SGPR hazard waits, None
    when the probe does not compile."""
    import tempfile
    from . import toolchain
    try:
        with tempfile.TemporaryDirectory() as tmp:
            return toolchain._sgpr_hazard_probe(clang, tmp)
    except Exception:  # a probe that cannot run decides nothing
        return None


class _Maker:
    """Builds the recipe's `make` programs in copies of their directories (see the module doc)."""

    def __init__(self, recipe, root, work, clang, device, targets, build_dir):
        self.root, self.work, self.targets = root, os.path.join(work, "make"), targets
        self.vars = dict(recipe.get("make_vars", {}))
        if device == "emu":
            from . import hipcc as hipcc_mod
            try:
                self.rocm_root = hipcc_mod.rocm_root({"clang": clang, "build_dir": build_dir})
            except hipcc_mod.HipccError as e:
                raise ExternalError("cannot set up the ROCm-like install root: %s" % e)
            self.hipcc = os.path.join(self.rocm_root, "bin", "hipcc")
        else:
            from . import hipcc as hipcc_mod
            try:
                self.hipcc = hipcc_mod.find_rocm_compiler(clang)
            except hipcc_mod.HipccError as e:
                raise ExternalError(str(e))
            self.rocm_root = os.path.dirname(os.path.dirname(self.hipcc))
        if os.path.isdir(self.work):
            shutil.rmtree(self.work)
        os.makedirs(self.work)
        for d in recipe.get("copy", []):
            src = os.path.join(root, d)
            if not os.path.isdir(src):
                raise ExternalError("recipe %s: copy: %s is not a directory under %s"
                                    % (recipe["name"], d, root))
            shutil.copytree(src, os.path.join(self.work, d), symlinks=True)

    def subst(self, text, target=None):
        vals = {"hipcc": self.hipcc, "rocm_root": self.rocm_root, "targets": ";".join(self.targets)}
        if target:
            vals["target"] = target
        try:
            return str(text).format(**vals)
        except (KeyError, IndexError, ValueError) as e:
            raise ExternalError("recipe value %r: unknown or bad placeholder (%s)" % (text, e))

    def build(self, mk):
        """(exit code, output, executable path, directory to run it in)."""
        src = os.path.join(self.root, mk["dir"])
        copy = os.path.join(self.work, mk["dir"])
        exe = os.path.join(copy, mk["exe"])
        if not os.path.isdir(src):
            return 1, "make: %s is not a directory under %s" % (mk["dir"], self.root), exe, copy
        if os.path.isdir(copy):
            shutil.rmtree(copy)
        shutil.copytree(src, copy, symlinks=True)
        log = []
        for cmd in mk.get("prepare", []):
            for t in (self.targets if "{target}" in cmd else [None]):
                line = self.subst(cmd, t)
                code, out = _run(line, cwd=copy, shell=True)
                log.append("$ %s\n%s" % (line, out))
                if code != 0:
                    return code or 1, "\n".join(log), exe, copy
        if not shutil.which("make"):
            return 127, "error: make is not installed (Debian: apt-get install make); %s is " \
                        "built by its Makefile" % mk["dir"], exe, copy
        mvars = dict(self.vars, **mk.get("vars", {}))
        cmd = ["make", "-C", copy] + ["%s=%s" % (k, self.subst(v)) for k, v in sorted(mvars.items())]
        if mk.get("target"):
            cmd.append(mk["target"])
        code, out = _run(cmd)
        log.append("$ %s\n%s" % (" ".join(shlex.quote(c) for c in cmd), out))
        if code == 0 and not os.path.isfile(exe):
            code = 1
            log.append("make succeeded but did not write %s" % exe)
        return code, "\n".join(log), exe, copy


def _program(name, group, prog, root, work, hipcc, flags, common, common_err, device, targets,
             timeout, toolchain_version, log, maker=None, run_env=None):
    test = "external/%s/%s/%s" % (name, group["name"], prog["name"])
    base = {"test": test, "builtin": None, "kind": "external", "device": device,
            "toolchain": toolchain_version}
    exe = os.path.join(work, group["name"] + "." + prog["name"])
    srcs = [os.path.join(root, s) for s in prog.get("sources", [])]
    run_dir, args = None, []
    if prog.get("make"):
        t0 = time.time()
        code, out, exe, run_dir = maker.build(prog["make"])
        args = [maker.subst(a) for a in prog["make"].get("args", [])]
    elif prog.get("main"):  # the program's own source, unchanged, under another main
        wrapper = exe + ".main.cpp"
        with open(wrapper, "w") as f:
            f.write("// generated by rdna4-conformance run --external: %s with its main renamed\n"
                    "#define main rdna4_external_original_main\n#include \"%s\"\n#undef main\n"
                    "int main() {\n  %s\n  return 0;\n}\n" % (prog["sources"][0], srcs[0], prog["main"]))
        srcs = [wrapper] + srcs[1:]
    if prog.get("make"):
        pass
    elif common_err:
        t0 = time.time()
        code, out = 1, common_err
    else:
        t0 = time.time()
        pflags = ["-I" + os.path.join(root, d) for d in prog.get("include", [])] + prog.get("flags", [])
        code, out = _run(hipcc + flags + pflags + srcs + common + ["-o", exe] + group.get("libs", []))
    build_s = time.time() - t0
    if code != 0:
        log("external %s: build FAILED (%.0f s)" % (test, build_s))
        return [dict(base, target=t, status="FAIL", stage="build", build_seconds=round(build_s, 1),
                     output=out[-20000:]) for t in targets]
    log("external %s: built (%.0f s)" % (test, build_s))
    recs = []
    for t in targets:
        env = dict(os.environ, **(run_env or {}))
        env.update({k: str(v) for k, v in prog.get("env", {}).items()})
        if device == "emu":
            env["RDNA4_EMU_ARCH"] = t
        t1 = time.time()
        rc, out = _run([exe] + args, env=env, timeout=timeout, cwd=run_dir)
        run_s = time.time() - t1
        why = None
        if rc is None:
            why = "timeout after %d s" % timeout
        elif rc != 0:
            why = "exit code %d" % rc
        elif prog.get("expect") and not re.search(prog["expect"], out, re.M):
            why = "output does not match %r" % prog["expect"]
        elif prog.get("reject") and re.search(prog["reject"], out, re.M):
            why = "output matches %r" % prog["reject"]
        r = dict(base, target=t, status="PASS" if why is None else "FAIL", stage="run",
                 build_seconds=round(build_s, 1), run_seconds=round(run_s, 1))
        if run_env:
            r["emulator_env"] = dict(run_env)
        if prog.get("count"):
            r["tests"] = sum(int(m) for m in re.findall(prog["count"], out, re.M))
        if why:
            r["why"] = why
            r["output"] = out[-20000:]
        log("external %s [%s]: %s%s (%.0f s)" % (test, t, r["status"], " (%s)" % why if why else "", run_s))
        recs.append(r)
    return recs


def table(records):
    """Text report: one row per external program, one column per target."""
    ext = [r for r in records if r.get("kind") == "external"]
    if not ext:
        return ""
    targets = sorted({r["target"] for r in ext})
    progs = []
    for r in ext:
        if r["test"] not in progs:
            progs.append(r["test"])
    width = max(len(p) for p in progs)
    dev = sorted({r["device"] for r in ext})
    lines = ["external programs (device %s; built with the toolchain under test):" % "/".join(dev),
             "program".ljust(width) + "  " + "  ".join(t.ljust(8) for t in targets) + "  build s  run s  tests"]
    for p in progs:
        rs = {r["target"]: r for r in ext if r["test"] == p}
        any_r = next(iter(rs.values()))
        row = [rs[t]["status"] if t in rs else "-" for t in targets]
        run_s = sum(r.get("run_seconds", 0) for r in rs.values())
        tests = sum(r.get("tests", 0) for r in rs.values())
        lines.append(p.ljust(width) + "  " + "  ".join(s.ljust(8) for s in row) +
                     "  %7.0f  %5.0f  %s" % (any_r.get("build_seconds", 0), run_s, tests or "-"))
    for r in ext:
        if r["status"] != "PASS":
            why = r.get("why")
            if not why:
                errs = [l for l in (r.get("output") or "").splitlines() if "error" in l]
                why = "build failed" + (": " + errs[0].strip() if errs else "")
            lines.append("  FAIL %s [%s]: %s" % (r["test"], r["target"], why))
    return "\n".join(lines)
