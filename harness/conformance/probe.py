"""`rdna4-conformance probe`: decide the emulator's UNVERIFIED models on a device.

  rdna4-conformance probe [--device auto|emu|hw] [--clang PATH] [--build-dir DIR]
                          [--out FILE] [--work DIR] [--only ID,ID...] [--confusion]

For every model of `rdna4-emu models` (its candidates: the emulator
selects them with RDNA4_EMU_MODEL=id=candidate,...; harness/emu/models/*.toml), a
probe runs a few instructions on inputs chosen so that every candidate predicts different
bits, and names the candidate the device matches, or "none of the candidates" (the raw
observations are kept). The result goes to model-facts.json (--out; default
build/conformance/model-facts.json), which `rdna4-emu models --facts FILE` reads.

Probes: harness/conformance/probes/, one <family>.py (the probes, with each candidate's
prediction derived by hand beside it from its definition in docs/facts/unverified.md) and
<family>.hip (their kernels, included by probes.hip) per family of models. The
kernels are compiled once per --work dir and toolchain, for wave32 and wave64, with
`rdna4-conformance hipcc`, and run in batches (`probes --batch`; a new process after a
fault). On the emulator the device is the default model unless RDNA4_EMU_MODEL says
otherwise; an emulator result is a property of the model, never a hardware fact.
Python standard library only.
"""

import argparse
import datetime
import hashlib
import json
import os
import subprocess
import sys

try:
    from . import probes as probe_families
    from .probes.common import NONE, Probe, ProbeError, hx  # noqa: F401 (Probe: the probes' type)
except ImportError:  # run as a script
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from conformance import probes as probe_families
    from conformance.probes.common import NONE, Probe, ProbeError, hx  # noqa: F401

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
PROBES_DIR = os.path.join(HERE, "probes")
PROBES_HIP = os.path.join(PROBES_DIR, "probes.hip")
SCHEMA = "rdna4-model-facts/1"

# Assumptions whose candidates no result can tell apart (listed in model-facts.json). None
# today: wave64_cycles is timed with SHADER_CYCLES (probes/salu.py probe_wave64_cycles).
NOT_PROBEABLE = {}


# ---------------------------------------------------------------- probes

def all_probes():
    """One Probe per probed model, family by family (harness/conformance/probes)."""
    return [f() for f in probe_families.factories()]


# ---------------------------------------------------------------- compile and run

def compile_probes(work, clang=None, device="emu", build_dir=None, verbose=False):
    """Compile probes.hip for wave32 and wave64 into work; returns {"w32": path, "w64": path}.
    Reuses binaries newer than the source compiled with the same command."""
    os.makedirs(work, exist_ok=True)
    hipcc = [sys.executable, os.path.join(HERE, "hipcc.py"), "--device", device]
    if clang:
        hipcc += ["--clang", clang]
    if build_dir:
        hipcc += ["--build-dir", build_dir]
    out = {}
    for tag, extra in (("w32", []), ("w64", ["-mwavefrontsize64", "-DPROBE_WAVE64"])):
        exe = os.path.join(work, "probes-" + tag)
        cmd = hipcc + ["-O1"] + extra + [PROBES_HIP, "-o", exe]
        stamp = exe + ".cmd"
        key = hashlib.sha256(" ".join(cmd).encode())
        for name in sorted(os.listdir(PROBES_DIR)):  # probes.hip includes every family file
            if name.endswith((".hip", ".h")):
                with open(os.path.join(PROBES_DIR, name), "rb") as f:
                    key.update(name.encode() + b"\0" + f.read())
        key = key.hexdigest()
        if os.path.exists(exe) and os.path.exists(stamp):
            with open(stamp) as f:
                if f.read() == key:
                    if not os.path.exists(exe + ".env"):
                        _write_run_env(exe, clang, device)
                    out[tag] = exe
                    continue
        if verbose:
            print("probe: compiling %s" % " ".join(cmd), file=sys.stderr)
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            raise ProbeError("compiling the probe kernels failed:\n%s%s" % (r.stdout, r.stderr))
        _write_run_env(exe, clang, device)
        with open(stamp, "w") as f:
            f.write(key)
        out[tag] = exe
    return out


def _write_run_env(exe, clang, device):
    """<exe>.env: the environment the binary's kernels run in on the emulator. The probes'
    own asm statements place the gfx12 SGPR hazard waits (probes/probe_kernel.h), so they
    run under every strict rule; the code a compiler without LLVM's SGPR hazard waits emits
    around them (clang 19; fixed in LLVM 20 by llvm PR #100067) breaks the `sgpr` rule, so
    such a compiler's binaries run without that one rule, as the runtime suite's programs
    (runtime/lit.local.cfg, docs/facts/hazards.md#the-sgpr-rule-and-clang-19)."""
    env = {}
    if device == "emu":
        import tempfile
        try:
            from . import hipcc, toolchain
        except ImportError:
            from conformance import hipcc, toolchain
        try:
            with tempfile.TemporaryDirectory() as tmp:
                waits = toolchain._sgpr_hazard_probe(hipcc.find_clang(clang), tmp)
        except Exception:  # a probe that cannot run decides nothing: the rule stays on
            waits = None
        if waits is False:
            env["RDNA4_EMU_HAZARD_RULES"] = "-sgpr"
    with open(exe + ".env", "w") as f:
        json.dump(env, f)


def _run_env(exe, env):
    """`env` with the defaults of <exe>.env (see _write_run_env); RDNA4_EMU_HAZARD_RULES
    given by the caller wins."""
    try:
        with open(exe + ".env") as f:
            defaults = json.load(f)
    except (OSError, ValueError):
        defaults = {}
    out = dict(env)
    for k, v in defaults.items():
        out.setdefault(k, v)
    return out


def _text(x):
    return x.decode(errors="replace") if isinstance(x, bytes) else (x or "")


def run_runs(runs, exes, env=None, timeout=300):
    """Run [(binary tag, kernel, input words)] in order, as few processes as possible
    (`probes --batch`). Returns one entry per run: the output words, None when the kernel
    faulted (the program reported a fault, died from a signal -- ROCm aborts a process whose
    kernel traps -- or hung past the timeout), or a ProbeError (a usage or setup error).
    After a fault the batch goes on in a new process."""
    results = [None] * len(runs)
    # Every strict hazard rule is on (the probes place the gfx12 SGPR hazard waits,
    # probes/probe_kernel.h), except what <exe>.env turns off for the compiler that built the
    # binary (_write_run_env). Hardware runs ignore the variable.
    base_env = dict(env if env is not None else os.environ)
    by_binary = {}
    for i, (tag, _, _) in enumerate(runs):
        by_binary.setdefault(tag, []).append(i)
    for tag, pending in by_binary.items():
        exe = exes[tag]
        env = _run_env(exe, base_env)
        while pending:
            lines = "".join("%s %s\n" % (runs[i][1], " ".join("%x" % w for w in runs[i][2])) for i in pending)
            try:
                r = subprocess.run([exe, "--batch"], input=lines, capture_output=True, text=True, env=env,
                                   timeout=timeout + 10 * len(pending))
                out, rc, err = r.stdout.splitlines(), r.returncode, r.stderr
            except subprocess.TimeoutExpired as e:
                out, rc, err = _text(e.stdout).splitlines(), None, _text(e.stderr)
            done = 0
            while done < len(pending) and done < len(out) and out[done].startswith("OK"):
                results[pending[done]] = [int(t, 16) for t in out[done].split()[1:]]
                done += 1
            if done == len(pending):
                break
            i, said = pending[done], (out[done] if done < len(out) else "")
            if said.startswith("FAULT") or rc is None or rc < 0:
                results[i] = None
            else:
                results[i] = ProbeError("%s %s exited with %s: %s" % (
                    os.path.basename(exe), runs[i][1], rc, (said or err).strip()[-2000:]))
            pending = pending[done + 1:]
    return results


def run_kernel(exe, kernel, words, env=None, timeout=300):
    """Output words of one probe kernel, or None when it faulted (see run_runs);
    raises ProbeError on a usage or setup error."""
    r = run_runs([("x", kernel, words)], {"x": exe}, env, timeout)[0]
    if isinstance(r, ProbeError):
        raise r
    return r


def classify(probe, obs):
    for cand in probe.candidates:
        if probe.expect[cand] == obs:
            return cand
    return None


def observe(probe, outs):
    """(matching candidate or None, observation tuple, raw outputs) of one probe's outputs."""
    try:
        obs = probe.observe(outs)
    except TypeError:  # a run faulted where the probe reads values
        obs = ("FAULT",)
    return classify(probe, obs), obs, outs


def run_all(probes, exes, env=None):
    """{id: (match, observation, raw outputs) or ProbeError} for every probe, all runs in
    one batch per binary."""
    runs = [r for p in probes for r in p.runs]
    results = run_runs(runs, exes, env)
    out, k = {}, 0
    for p in probes:
        outs = results[k:k + len(p.runs)]
        k += len(p.runs)
        errors = [o for o in outs if isinstance(o, ProbeError)]
        out[p.id] = errors[0] if errors else observe(p, outs)
    return out


def run_probe(probe, exes, env=None):
    """(matching candidate or None, observation tuple, raw outputs); ProbeError on a broken probe."""
    r = run_all([probe], exes, env)[probe.id]
    if isinstance(r, ProbeError):
        raise r
    return r


def facts(probes, exes, device, arch, env=None, toolchain=None):
    doc = {"schema": SCHEMA, "device": device, "arch": arch,
           "model_env": (env or os.environ).get("RDNA4_EMU_MODEL", "") if device == "emu" else "",
           "toolchain": toolchain or "", "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
           "matches": {}, "assumptions": {}, "not_probeable": dict(NOT_PROBEABLE)}
    results = run_all(probes, exes, env)
    for p in probes:
        if isinstance(results[p.id], ProbeError):  # one broken probe does not stop the others
            e = results[p.id]
            doc["matches"][p.id] = None
            doc["assumptions"][p.id] = {"probe": p.name, "what": p.what, "candidates": p.candidates,
                                        "default": p.candidates[0], "match": None,
                                        "verdict": "probe error", "error": str(e)}
            continue
        match, obs, outs = results[p.id]
        doc["matches"][p.id] = match
        entry = {"probe": p.name, "what": p.what, "candidates": p.candidates,
                 "default": p.candidates[0], "match": match,
                 "verdict": ("matches " + match) if match else NONE}
        short = len(obs) <= 8
        entry["observed"] = list(obs) if short else "%d words, sha256 %s" % (
            len(obs), hashlib.sha256(" ".join(obs).encode()).hexdigest()[:16])
        if not match:  # keep everything needed to judge by hand
            entry["observed_full"] = list(obs)
            entry["raw_outputs"] = [None if o is None else [hx(w) for w in o] for o in outs]
            entry["expected"] = {c: list(v) for c, v in p.expect.items()}
        doc["assumptions"][p.id] = entry
    return doc


def confusion_matrix(probes, exes, cross=True, base_env=None):
    """Run the probes on the emulator under every candidate of every model.
    Returns {id: {active candidate: identified candidate or None}} for each probe's own
    model, and a list of (setting, other id, identified) where another model's
    probe did not identify its default under that setting (cross=True: all probes run under
    every setting; a candidate must not disturb the other probes). One batch per setting."""
    base = dict(base_env if base_env is not None else os.environ)
    base.pop("RDNA4_EMU_MODEL", None)

    def named(r):
        return None if isinstance(r, ProbeError) else r[0]

    matrix, leaks = {p.id: {} for p in probes}, []
    defaults = run_all(probes, exes, base)
    for p in probes:
        matrix[p.id][p.candidates[0]] = named(defaults[p.id])
    for p in probes:
        for cand in p.candidates[1:]:
            env = dict(base, RDNA4_EMU_MODEL="%s=%s" % (p.id, cand))
            got = run_all(probes if cross else [p], exes, env)
            matrix[p.id][cand] = named(got[p.id])
            for q in probes if cross else []:
                if q is not p and named(got[q.id]) != q.candidates[0]:
                    leaks.append(("%s=%s" % (p.id, cand), q.id, named(got[q.id])))
    return matrix, leaks


def print_confusion(probes, exes):
    matrix, leaks = confusion_matrix(probes, exes, cross=True)
    bad = 0
    for p in probes:
        row = matrix[p.id]
        cells = []
        for active in p.candidates:
            got = row[active]
            ok = got == active
            bad += not ok
            cells.append("%s->%s" % (active, "ok" if ok else (got or NONE)))
        print("%-24s %s" % (p.id, "  ".join(cells)))
    for setting, other, got in leaks:
        bad += 1
        print("LEAK: under %s the %s probe names %s" % (setting, other, got or NONE))
    n = sum(len(p.candidates) for p in probes)
    print("%d models, %d candidates: %s" % (len(probes), n, "diagonal" if not bad else "%d off-diagonal" % bad))
    return 0 if not bad else 1


def main(argv):
    ap = argparse.ArgumentParser(prog="rdna4-conformance probe", description=__doc__.split("\n\n")[1],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--device", choices=["auto", "emu", "hw"], default="auto")
    ap.add_argument("--clang", metavar="PATH")
    ap.add_argument("--build-dir", metavar="DIR")
    ap.add_argument("--out", metavar="FILE")
    ap.add_argument("--work", metavar="DIR", help="where the probe binaries go (default: next to --out)")
    ap.add_argument("--only", metavar="IDS", help="comma-separated model ids")
    ap.add_argument("--confusion", action="store_true",
                    help="emulator only: run every probe under every candidate and print the "
                         "confusion matrix (exit 1 unless it is diagonal); writes no facts file")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args(argv)
    try:
        from . import toolchain
    except ImportError:
        sys.path.insert(0, os.path.dirname(HERE))
        from conformance import toolchain
    try:
        gpu = toolchain.gpu_arch() if a.device in ("auto", "hw") else None
        if a.device == "hw" and not gpu:
            raise ProbeError("--device hw but no gfx1200/gfx1201 GPU was found")
        device = "hw" if gpu else "emu"
        arch = gpu or os.environ.get("RDNA4_EMU_ARCH", "gfx1201")
        if device == "emu" and os.environ.get("RDNA4_EMU_MODEL"):
            print("probe: emulator with RDNA4_EMU_MODEL=%s" % os.environ["RDNA4_EMU_MODEL"], file=sys.stderr)
        out = a.out or os.path.join(REPO, "build", "conformance", "model-facts.json")
        if os.path.isdir(out):
            raise ProbeError("--out %s is a directory (give a file name)" % out)
        work = a.work or os.path.join(os.path.dirname(os.path.abspath(out)), "probe-work-" + device)
        probes = all_probes()
        if a.only:
            ids = a.only.split(",")
            bad = [i for i in ids if i not in {p.id for p in probes}]
            if bad:
                raise ProbeError("--only: unknown model id(s) %s (probed: %s)"
                                 % (", ".join(bad), ", ".join(p.id for p in probes)))
            probes = [p for p in probes if p.id in ids]
        if a.confusion and device != "emu":
            raise ProbeError("--confusion needs the emulator (--device emu)")
        exes = compile_probes(work, a.clang, device, a.build_dir, a.verbose)
        if a.confusion:
            return print_confusion(probes, exes)
        doc = facts(probes, exes, device, arch, toolchain=a.clang)
        os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
        with open(out, "w") as f:
            json.dump(doc, f, indent=1, sort_keys=True)
            f.write("\n")
    except (ProbeError, OSError, subprocess.TimeoutExpired) as e:
        print("rdna4-conformance probe: error: %s" % e, file=sys.stderr)
        return 2
    for aid, e in doc["assumptions"].items():
        tag = "default" if e["match"] == e["default"] else ("OTHER" if e["match"] else "NONE")
        print("%-18s %-8s %s" % (aid, tag, e["verdict"]))
    for aid, why in NOT_PROBEABLE.items():
        print("%-18s %-8s not probeable by results" % (aid, "-"))
    print("device=%s arch=%s; wrote %s" % (device, arch, out))
    return 1 if any("error" in e for e in doc["assumptions"].values()) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
