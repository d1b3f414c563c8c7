"""Codegen-quality baselines: resource usage and code size of every kernel the suite compiles.

  rdna4-conformance baseline save  [--clang PATH] [--targets gfx1200,gfx1201] [SOURCE|DIR ...]
  rdna4-conformance baseline check [--clang PATH] [--json OUT] [SOURCE|DIR ...]

Sources default to every .hip file under codegen/ and runtime/. Each is compiled
device-only at -O3 into a code object per target (files that do not compile, e.g.
negative tests, are listed as skipped). Per kernel (key '<source>@<target>:<kernel>'):
  from the NT_AMDGPU_METADATA note (llvm-readelf --notes): vgpr_count, sgpr_count,
    vgpr_spill_count, sgpr_spill_count, scratch_bytes (.private_segment_fixed_size),
    lds_bytes (.group_segment_fixed_size);
  from llvm-objdump -d (within the kernel symbol's size, so alignment padding is not
    counted): instructions, v_nop, s_nop;
  from the emulator: executed_instructions, modelled_cycles, from --emu-log FILE (the
    HIP runtime's RDNA4_EMU_STATS=1 stderr lines, summed per kernel name) or --emu-stats FILE,
    JSON {"kernels": {KEY or KERNEL NAME: {"executed_instructions": N,
    "modelled_cycles": M}}} (one line per launch summed by whoever writes it; HOOK for the
    emulator's statistics, device.h LaunchStats).

Baselines are stored per toolchain family in baselines/<family>.json of the checkout
(family = clang major version + rocm|upstream, e.g. clang22-upstream), or --baseline FILE.
`check` reports PERFORMANCE regressions, separately from correctness failures:
any new spill (spill count or scratch size up from the baseline), instruction count or
modelled cycles more than --threshold percent (default 10) above the baseline. Exit 1 on a
performance regression, 2 on bad input or a missing baseline, else 0.
"""
import argparse
import concurrent.futures
import datetime
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from . import toolchain

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DEFAULT_DIRS = ("codegen", "runtime")
INCLUDE_DIRS = ("Inputs/codegen", "Inputs/runtime", "Inputs", "harness/hip/include", "harness/hip")
METADATA = {".vgpr_count": "vgpr_count", ".sgpr_count": "sgpr_count",
            ".vgpr_spill_count": "vgpr_spill_count", ".sgpr_spill_count": "sgpr_spill_count",
            ".private_segment_fixed_size": "scratch_bytes", ".group_segment_fixed_size": "lds_bytes"}
SPILL_FIELDS = ("vgpr_spill_count", "sgpr_spill_count", "scratch_bytes")
GROWTH_FIELDS = ("instructions", "modelled_cycles")


class BaselineError(Exception):
    pass


# ------------------------------------------------------------ toolchain

def resolve(spec):
    """(clang path, version line) for --clang SPEC (toolchain.resolve_arg)."""
    info = toolchain.resolve_arg(spec, BaselineError)
    return info["clang"], info["version"]


def family(version_line):
    """'clang22-upstream' / 'clang19-rocm' from a --version line."""
    m = re.search(r"clang version (\d+)", version_line)
    if not m:
        raise BaselineError("cannot read a clang major version from %r" % version_line)
    rocm = re.search(r"\bAMD clang\b|\broc(m)?-\d|ROCm|therock", version_line, re.I) is not None
    return "clang%s-%s" % (m.group(1), "rocm" if rocm else "upstream")


def llvm_tool(name, clang):
    """llvm-readelf / llvm-objdump: next to the compiler, else the newest /usr/lib/llvm-*/bin."""
    try:
        return toolchain.find_llvm_tool(name, clang)
    except toolchain.ToolchainError as e:
        raise BaselineError(str(e))


# ------------------------------------------------------------ measuring

def parse_metadata(notes_text):
    """{kernel name: {field: int}} from `llvm-readelf --notes` output."""
    kernels, cur, in_kernels = {}, None, False
    for line in notes_text.splitlines():
        if line.startswith("amdhsa.kernels:"):
            in_kernels = True
            continue
        if in_kernels and line and not line.startswith(" "):
            in_kernels = False  # next top-level key
        if not in_kernels:
            continue
        m = re.match(r"^  (-| ) (\.[a-z_]+):\s*(.*)$", line)
        if not m:
            continue
        if m.group(1) == "-":
            cur = {}
            kernels.setdefault(id(cur), cur)
        if cur is None:
            continue
        k, v = m.group(2), m.group(3).strip()
        if k == ".name":
            cur["name"] = v.strip("'\"")
        elif k in METADATA:
            try:
                cur[METADATA[k]] = int(v)
            except ValueError:
                pass
    return {k.pop("name"): k for k in kernels.values() if "name" in k}


def parse_symbols(readelf_s):
    """{name: (address, size)} of FUNC symbols from `llvm-readelf -sW`."""
    out = {}
    for line in readelf_s.splitlines():
        parts = line.split()
        if len(parts) >= 8 and parts[3] == "FUNC":
            try:
                out[parts[7]] = (int(parts[1], 16), int(parts[2]))
            except ValueError:
                pass
    return out


_INSN = re.compile(r"^\s+([a-z_][a-z0-9_.]*)\b.*//\s*([0-9A-Fa-f]+):")


def count_instructions(objdump_text, symbols):
    """{kernel: {"instructions", "v_nop", "s_nop"}} counting only bytes inside each symbol."""
    out = {}
    for name, (addr, size) in symbols.items():
        out[name] = {"instructions": 0, "v_nop": 0, "s_nop": 0}
    ranges = sorted((a, a + s, n) for n, (a, s) in symbols.items())
    for line in objdump_text.splitlines():
        m = _INSN.match(line)
        if not m:
            continue
        mnem, pc = m.group(1), int(m.group(2), 16)
        for lo, hi, n in ranges:
            if lo <= pc < hi:
                c = out[n]
                c["instructions"] += 1
                if mnem == "v_nop":
                    c["v_nop"] += 1
                elif mnem == "s_nop":
                    c["s_nop"] += 1
                break
    return out


_FLAG = re.compile(r"^-(m|D|f|O)")


def run_line_flags(src):
    """Flags of the source's own compile: the first RUN line compiling it with %hip_device*,
    %clang or %hipcc (runtime programs: hipcc's default -O3, as ROCm's hipcc, unless the line
    says otherwise), preferring one at -O3; [] when there is none (then -O3).
    Only -m/-D/-f/-O flags are taken (e.g. -mwavefrontsize64, -DA_SIGN=1)."""
    try:
        with open(src, errors="replace") as f:
            runs = [m.group(1) for m in re.finditer(r"RUN:\s*(.*)$", f.read(), re.M)]
    except OSError:
        return []
    cands = []
    for r in runs:
        first = r.split("|")[0].split()
        if not first or not re.match(r"^%(hip_device\w*|clang|hipcc)$", first[0]):
            continue
        flags = [t for t in first[1:] if _FLAG.match(t) and "%" not in t]
        if first[0] == "%hipcc" and not any(t.startswith("-O") for t in flags):
            flags.append("-O3")  # what hipcc.py adds without an -O flag (as ROCm's hipcc)
        cands.append(flags)
    if not cands:
        return []
    return next((c for c in cands if "-O3" in c), cands[0])


def measure_source(src, target, clang, tmpdir, extra_flags=()):
    """({kernel: metrics}, error or None) for one source and target."""
    base = os.path.join(tmpdir, re.sub(r"\W+", "_", os.path.relpath(src, REPO)) + "." + target)
    co = base + ".co"
    incs = []
    for d in (os.path.dirname(src),) + tuple(os.path.join(REPO, x) for x in INCLUDE_DIRS):
        if os.path.isdir(d):
            incs.append("-I" + d)
    env = dict(os.environ, CLANG_NO_DEFAULT_CONFIG="1")
    err = ""
    for f16 in ("_Float16", "__fp16"):
        cmd = [clang, "-x", "hip", "--cuda-device-only", "--offload-arch=" + target, "-nogpulib", "-nogpuinc",
               "-O3", "--no-gpu-bundle-output", "-DRDNA4_F16=" + f16] + incs + run_line_flags(src) + \
            list(extra_flags) + ["-o", co, src]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)
        except (OSError, subprocess.TimeoutExpired) as e:
            return {}, "compile: %s" % e
        if r.returncode == 0:
            break
        err = (r.stderr.strip().splitlines() or ["exit %d" % r.returncode])[0]
    else:
        return {}, err
    readelf, objdump = llvm_tool("llvm-readelf", clang), llvm_tool("llvm-objdump", clang)
    notes = subprocess.run([readelf, "--notes", co], capture_output=True, text=True).stdout
    syms = subprocess.run([readelf, "-sW", co], capture_output=True, text=True).stdout
    dis = subprocess.run([objdump, "-d", "--mcpu=" + target, co], capture_output=True, text=True).stdout
    meta = parse_metadata(notes)
    symbols = {n: v for n, v in parse_symbols(syms).items() if n in meta}
    counts = count_instructions(dis, symbols)
    out = {}
    for name, m in meta.items():
        d = dict(m)
        d.update(counts.get(name, {}))
        out[name] = d
    return out, None


def sources(args_sources):
    paths = list(args_sources) or [os.path.join(REPO, d) for d in DEFAULT_DIRS]
    out = []
    for p in paths:
        if os.path.isdir(p):
            out += sorted(glob.glob(os.path.join(p, "**", "*.hip"), recursive=True))
        elif os.path.isfile(p):
            out.append(os.path.abspath(p))
        else:
            raise BaselineError("source %s does not exist" % p)
    out = [s for s in out if "/Inputs/" not in s and "/Output/" not in s]
    if not out:
        raise BaselineError("no .hip sources found in %s" % ", ".join(paths))
    return out


def rel(src):
    src = os.path.abspath(src)
    return os.path.relpath(src, REPO) if src.startswith(REPO + os.sep) else src


def load_emu_stats(paths):
    stats = {}
    for p in paths:
        try:
            with open(p) as f:
                data = json.load(f)
            stats.update(data["kernels"])
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise BaselineError("--emu-stats %s: not a {\"kernels\": {...}} JSON file (%s)" % (p, e))
    return stats


_EMU_LINE = re.compile(r"hipemu: stats (\S+): (.*)$")


def load_emu_log(paths):
    """Per-kernel sums from the HIP runtime's RDNA4_EMU_STATS=1 lines
    ('hipemu: stats NAME: wave_instructions=N ... modelled_cycles=M ...'), e.g. saved
    from `lit -a runtime ...`: {NAME: {"executed_instructions", "modelled_cycles"}}."""
    stats = {}
    for p in paths:
        try:
            with open(p, errors="replace") as f:
                text = f.read()
        except OSError as e:
            raise BaselineError("--emu-log %s: %s" % (p, e.strerror or e))
        n = 0
        for line in text.splitlines():
            m = _EMU_LINE.search(line)
            if not m:
                continue
            kv = dict(re.findall(r"(\w+)=(\d+)", m.group(2)))
            if "wave_instructions" not in kv or "modelled_cycles" not in kv:
                continue
            st = stats.setdefault(m.group(1), {"executed_instructions": 0, "modelled_cycles": 0})
            st["executed_instructions"] += int(kv["wave_instructions"])
            st["modelled_cycles"] += int(kv["modelled_cycles"])
            n += 1
        if n == 0:
            raise BaselineError("--emu-log %s has no 'hipemu: stats' lines (run the programs with "
                                "RDNA4_EMU_STATS=1)" % p)
    return stats


def collect(clang, targets, srcs, emu_stats=None, jobs=2, extra_flags=()):
    """({key: metrics}, [skipped (key, reason)])"""
    tmp = tempfile.mkdtemp(prefix="rdna4-baseline-")
    try:
        work = [(s, t) for s in srcs for t in targets]
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as ex:
            results = list(ex.map(lambda st: measure_source(st[0], st[1], clang, tmp, extra_flags), work))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    kernels, skipped = {}, []
    names = {}
    for (s, t), (ks, err) in zip(work, results):
        if err is not None:
            skipped.append(("%s@%s" % (rel(s), t), err.replace(REPO + os.sep, "")))
            continue
        for name, m in ks.items():
            key = "%s@%s:%s" % (rel(s), t, name)
            kernels[key] = m
            names.setdefault(name, []).append(key)
    for k, st in (emu_stats or {}).items():
        keys = [k] if k in kernels else names.get(k, [])
        for key in keys:
            for f in ("executed_instructions", "modelled_cycles"):
                if f in st:
                    kernels[key][f] = int(st[f])
    return kernels, skipped


# ------------------------------------------------------------ comparing

def compare(base, cur, threshold=10.0):
    """{"regressions": [...], "improvements": [...], "notes": [...], "new": [...], "missing": [...]}"""
    out = {"regressions": [], "improvements": [], "notes": [], "new": sorted(set(cur) - set(base)),
           "missing": sorted(set(base) - set(cur))}
    for key in sorted(set(base) & set(cur)):
        b, c = base[key], cur[key]
        reasons, better, notes = [], [], []
        for f in ("vgpr_spill_count", "sgpr_spill_count"):
            if c.get(f, 0) > b.get(f, 0):
                reasons.append("new spill: %s %d -> %d" % (f, b.get(f, 0), c.get(f, 0)))
        if c.get("scratch_bytes", 0) > b.get("scratch_bytes", 0):
            (reasons if b.get("scratch_bytes", 0) == 0 else notes).append(
                "scratch_bytes %d -> %d" % (b.get("scratch_bytes", 0), c.get("scratch_bytes", 0)))
        for f in ("instructions", "modelled_cycles", "executed_instructions"):
            if f not in b or f not in c or not b[f]:
                continue
            pct = 100.0 * (c[f] - b[f]) / b[f]
            if pct > threshold and f in GROWTH_FIELDS + ("executed_instructions",):
                reasons.append("%s %d -> %d (%+.1f%% > %g%%)" % (f, b[f], c[f], pct, threshold))
            elif pct < -threshold:
                better.append("%s %d -> %d (%+.1f%%)" % (f, b[f], c[f], pct))
        for f in ("vgpr_count", "sgpr_count", "lds_bytes", "v_nop", "s_nop"):
            if f in b and f in c and c[f] != b[f]:
                notes.append("%s %d -> %d" % (f, b[f], c[f]))
        if reasons:
            out["regressions"].append({"kernel": key, "reasons": reasons})
        if better:
            out["improvements"].append({"kernel": key, "reasons": better})
        if notes:
            out["notes"].append({"kernel": key, "reasons": notes})
    return out


def dump_baseline(data, f):
    """JSON with one line per kernel (and per skipped source): small, and diffs line by line."""
    f.write("{\n")
    head = [k for k in sorted(data) if k not in ("kernels", "skipped")]
    for k in head:
        f.write(" %s: %s,\n" % (json.dumps(k), json.dumps(data[k])))
    for name in ("skipped", "kernels"):
        items = sorted(data.get(name, {}).items())
        f.write(" %s: {%s" % (json.dumps(name), "\n" if items else ""))
        f.write(",\n".join("  %s: %s" % (json.dumps(k), json.dumps(v, sort_keys=True, separators=(",", ":")))
                           for k, v in items))
        f.write("\n }%s\n" % ("," if name == "skipped" else ""))
    f.write("}\n")


def baseline_path(args, fam):
    if args.baseline:
        return os.path.abspath(args.baseline)
    return os.path.join(args.baseline_dir or os.path.join(REPO, "baselines"), fam + ".json")


def main(argv):
    p = argparse.ArgumentParser(prog="rdna4-conformance baseline",
                                description="Save or check codegen-quality baselines (PERFORMANCE, not correctness).")
    p.add_argument("action", choices=["save", "check"])
    p.add_argument("--clang", help="compiler or install root (default: the newest clang >= 19)")
    p.add_argument("--targets", default="gfx1200,gfx1201")
    p.add_argument("--baseline", metavar="FILE", help="baseline file (default baselines/<family>.json)")
    p.add_argument("--baseline-dir", metavar="DIR")
    p.add_argument("--emu-stats", action="append", default=[], metavar="FILE",
                   help="emulator statistics (executed instructions, modelled cycles) to include")
    p.add_argument("--emu-log", action="append", default=[], metavar="FILE",
                   help="stderr of programs run on the emulator with RDNA4_EMU_STATS=1 "
                        "('hipemu: stats NAME: ...' lines, summed per kernel)")
    p.add_argument("--threshold", type=float, default=10.0, help="percent growth that is a regression")
    p.add_argument("--json", metavar="OUT", help="check: write the findings as JSON (report.py reads "
                                                 "RESULTS_DIR/perf-check.json)")
    p.add_argument("-j", "--jobs", type=int, default=2)
    p.add_argument("sources", nargs="*", metavar="SOURCE|DIR")
    args = p.parse_intermixed_args(argv)
    try:
        clang, version = resolve(args.clang)
        fam = family(version)
        targets = [t.strip() for t in args.targets.split(",") if t.strip()]
        if not targets or any(not re.match(r"^gfx[0-9a-f]+$", t) for t in targets):
            raise BaselineError("--targets %r: give gfx names such as gfx1201" % args.targets)
        srcs = sources(args.sources)
        emu = load_emu_log(args.emu_log)
        emu.update(load_emu_stats(args.emu_stats))
        path = baseline_path(args, fam)
        if args.action == "check" and not os.path.isfile(path):
            raise BaselineError("no baseline for family %s at %s: run `rdna4-conformance baseline save` "
                                "with this toolchain first" % (fam, path))
        kernels, skipped = collect(clang, targets, srcs, emu, args.jobs)
        if not kernels:
            raise BaselineError("no kernel compiled (%d skipped; first: %s)"
                                % (len(skipped), skipped[0] if skipped else "-"))
    except BaselineError as e:
        print("rdna4-conformance baseline: error: %s" % e, file=sys.stderr)
        return 2
    print("toolchain: %s (family %s)" % (version, fam))
    print("kernels measured: %d from %d sources x %d targets; skipped (did not compile): %d"
          % (len(kernels), len(srcs), len(targets), len(skipped)))
    if args.action == "save":
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            f = open(path, "w")
        except OSError as e:
            print("rdna4-conformance baseline: error: cannot write %s: %s" % (path, e.strerror or e),
                  file=sys.stderr)
            return 2
        with f:
            dump_baseline({"family": fam, "toolchain": version, "clang": clang, "targets": targets,
                           "saved": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
                           "skipped": dict(skipped), "kernels": kernels}, f)
        print("baseline saved: %s" % path)
        return 0
    try:
        with open(path) as f:
            base = json.load(f)
        base_kernels = base["kernels"]
    except (OSError, ValueError, KeyError) as e:
        print("rdna4-conformance baseline: error: %s is not a baseline file (%s)" % (path, e), file=sys.stderr)
        return 2
    res = compare(base_kernels, kernels, args.threshold)
    print("baseline: %s (%s, saved %s)" % (path, base.get("toolchain"), base.get("saved")))
    for title, k in (("improvements", "improvements"), ("other changes", "notes")):
        if res[k]:
            print("%s: %d" % (title, len(res[k])))
            for g in res[k]:
                print("  %s: %s" % (g["kernel"], "; ".join(g["reasons"])))
    if res["new"]:
        print("new kernels (not in the baseline): %d" % len(res["new"]))
    if res["missing"]:
        print("kernels in the baseline but not measured now: %d" % len(res["missing"]))
        for k in res["missing"][:20]:
            print("  " + k)
    if args.json:
        try:
            f = open(args.json, "w")
        except OSError as e:
            print("rdna4-conformance baseline: error: cannot write %s: %s" % (args.json, e.strerror or e),
                  file=sys.stderr)
            return 2
        with f:
            json.dump(dict(res, baseline=path, toolchain=version, family=fam), f, indent=1)
    if res["regressions"]:
        print("PERFORMANCE REGRESSIONS: %d kernel(s)" % len(res["regressions"]))
        for g in res["regressions"]:
            print("  %s: %s" % (g["kernel"], "; ".join(g["reasons"])))
        return 1
    print("no performance regression (threshold %g%%)" % args.threshold)
    return 0
