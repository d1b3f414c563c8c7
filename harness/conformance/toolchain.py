"""Toolchain discovery and probing for the RDNA4 conformance suite.

Shared by lit.cfg.py (lit features, substitutions) and the CLI (harness/bin/rdna4-conformance).
Python 3 standard library only.

    resolve(spec)        clang path / install root -> {"clang", "version", "major"}
    discover()           every clang >= 19 under /usr/lib/llvm-*, /opt/rocm*, $ROCM_PATH
    find_tools(dir, clang)  directory with FileCheck and not
    find_lit(), find_llvm_tool(name, clang)  lit; llvm-readelf, llvm-objdump, ...
    resolve_arg(spec, error)  resolve() for a tool's --clang, errors in the tool's own class
    probe(clang, cache_dir) what the toolchain does, learnt by compiling tiny snippets
    lit_features(result) lit feature names derived from a probe

Every toolchain fact comes from what the compiler does when it is run (preprocessor
`__has_builtin` answers per target, diagnostics of tiny compiles), never from reading its files:
the same answers hold for clang++ itself, a symlink to it, or a launcher in front of it (ccache,
distcc, ROCm's hipcc, a site's own wrapper script).

Every failure is a ToolchainError whose message says what is wrong and what to do.
Run `python3 harness/conformance/toolchain.py [--clang PATH] [--json]` to see a probe.
"""

import glob
import hashlib
import json
import itertools
import os
import re
import shutil
import subprocess
import sys
import tempfile

PROBE_SCHEMA = 7
MIN_MAJOR = 19
RDNA4_TARGETS = ("gfx1200", "gfx1201")
# Non-RDNA4 targets used by the negative tests; the probe records which ones the compiler knows.
OTHER_TARGETS = ("gfx1100", "gfx1030", "gfx942", "gfx950")
# Targets with matrix instructions of other generations (CDNA MFMA, RDNA3 WMMA, gfx1250 WMMA and
# transpose loads), asked with __has_builtin to tell a name "known elsewhere" from "unknown".
# Targets the compiler does not support are skipped; newer gfx12/gfx13 targets it lists in
# --print-supported-cpus are added.
ELSEWHERE_TARGETS = ("gfx908", "gfx90a", "gfx942", "gfx950", "gfx1100", "gfx1250")
PREFIX = "__builtin_amdgcn_"
_CRASH_RE = re.compile(r"error in backend|Cannot select|PLEASE submit a bug report|"
                       r"Stack dump:|LLVM ERROR|clang frontend command failed due to signal")


class ToolchainError(Exception):
    pass


def _env():
    env = dict(os.environ)
    env["CLANG_NO_DEFAULT_CONFIG"] = "1"
    return env


def _run(cmd, timeout=120, stdin=None):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, env=_env(),
                              timeout=timeout, input=stdin)
    except OSError as e:
        raise ToolchainError("cannot run %s: %s" % (cmd[0], e))
    except subprocess.TimeoutExpired:
        raise ToolchainError("%s did not finish within %d s (command: %s)"
                             % (cmd[0], timeout, " ".join(cmd)))


# ---------------------------------------------------------------- locating a compiler

def _is_exe(p):
    return os.path.isfile(p) and os.access(p, os.X_OK)


def _candidates_in_root(root):
    """Compiler locations inside an install root, most specific first."""
    out = [os.path.join(root, p) for p in ("lib/llvm/bin/clang++", "llvm/bin/clang++")]
    # TheRock venv root: <venv>/lib/python3.X/site-packages/_rocm_sdk_*/lib/llvm/bin/clang++ (the
    # real compiler, before the venv's bin/amdclang++ console-script wrapper).
    for sub in ("lib/python3*/site-packages/_rocm_sdk_*", "_rocm_sdk_*"):
        for d in sorted(glob.glob(os.path.join(root, sub))):
            out += [os.path.join(d, "lib/llvm/bin/clang++"), os.path.join(d, "llvm/bin/clang++")]
    out += [os.path.join(root, p) for p in ("bin/clang++", "clang++", "bin/amdclang++", "lib/llvm/bin/clang",
                                            "llvm/bin/clang", "bin/clang", "clang")]
    return out


def find_clang(spec=None):
    """The compiler path for --param clang=SPEC (a compiler or an install root) or the default."""
    if not spec:
        found = discover()
        if not found:
            raise ToolchainError(
                "no clang >= %d found under /usr/lib/llvm-*/bin: install clang-22 "
                "(apt-get install clang-22 llvm-22-tools lld-22) or pass --param clang=PATH" % MIN_MAJOR)
        return found[0]["clang"]
    spec = os.path.expanduser(spec)
    if os.path.isdir(spec):
        for c in _candidates_in_root(spec):
            if _is_exe(c):
                return os.path.abspath(c)
        raise ToolchainError(
            "no clang++ found in install root %s (looked for lib/llvm/bin/clang++, llvm/bin/clang++, "
            "bin/clang++ and a TheRock venv's _rocm_sdk_*/lib/llvm/bin/clang++)" % spec)
    if os.path.exists(spec):
        if not _is_exe(spec):
            raise ToolchainError("%s is not an executable compiler" % spec)
        return os.path.abspath(spec)
    if os.sep not in spec:
        for d in os.environ.get("PATH", "").split(os.pathsep):
            if d and _is_exe(os.path.join(d, spec)):
                return os.path.join(d, spec)
    raise ToolchainError("compiler %s does not exist (give a clang/clang++/amdclang++ path or an "
                         "install root such as /opt/rocm)" % spec)


def version_line(clang):
    r = _run([clang, "--version"], timeout=60)
    first = (r.stdout or "").splitlines()[:1]
    if r.returncode != 0 or not first or "clang" not in first[0].lower():
        msg = (r.stderr or r.stdout or "").strip().splitlines()[:3]
        raise ToolchainError("%s is not a working clang (`--version` exit %d%s)"
                             % (clang, r.returncode, ": " + " | ".join(msg) if msg else ""))
    return first[0].strip()


def _major_from_version(line):
    m = re.search(r"version (\d+)\.", line)
    return int(m.group(1)) if m else None


def resolve(spec=None):
    """{"clang": path, "version": full `--version` first line, "major": int} or ToolchainError."""
    clang = find_clang(spec)
    line = version_line(clang)
    major = _major_from_version(line)
    if major is not None and major < MIN_MAJOR:
        raise ToolchainError("%s is clang %d; RDNA4 (gfx12) needs clang >= %d (%s)"
                             % (clang, major, MIN_MAJOR, line))
    return {"clang": clang, "version": line, "major": major}


def discover():
    """Every distinct clang >= 19 found, newest first: /usr/lib/llvm-*/bin, $ROCM_PATH, /opt/rocm*."""
    cands = []
    for d in glob.glob("/usr/lib/llvm-*/bin/clang++"):
        cands.append(d)
    roots = []
    if os.environ.get("ROCM_PATH"):
        roots.append(os.environ["ROCM_PATH"])
    roots += sorted(glob.glob("/opt/rocm*"))
    for r in roots:
        for c in ("lib/llvm/bin/clang++", "llvm/bin/clang++"):
            if _is_exe(os.path.join(r, c)):
                cands.append(os.path.join(r, c))
                break
    out, seen = [], set()
    for c in cands:
        if not _is_exe(c):
            continue
        real = os.path.realpath(c)
        if real in seen:
            continue
        seen.add(real)
        try:
            info = resolve(c)
        except ToolchainError:
            continue
        out.append(info)
    out.sort(key=lambda i: (-(i["major"] or 0), i["clang"]))
    return out


def find_tools(tools=None, clang=None):
    """Directory holding FileCheck and not: TOOLS, else the clang's dir, else newest /usr/lib/llvm-*/bin."""
    need = ("FileCheck", "not")

    def ok(d):
        return d and all(_is_exe(os.path.join(d, n)) for n in need)
    if tools:
        if ok(tools):
            return os.path.abspath(tools)
        raise ToolchainError("--param tools=%s: no FileCheck and not there (Debian: llvm-22-tools "
                             "installs them in /usr/lib/llvm-22/bin)" % tools)
    if clang and ok(os.path.dirname(clang)):
        return os.path.dirname(os.path.abspath(clang))
    for d in llvm_bin_dirs():
        if ok(d):
            return d
    raise ToolchainError("no FileCheck/not found next to %s nor in /usr/lib/llvm-*/bin: install "
                         "llvm-22-tools or pass --param tools=DIR" % (clang or "the compiler"))


def llvm_bin_dirs(pattern="/usr/lib/llvm-*/bin"):
    """Debian's LLVM bin directories, newest major version first."""
    def ver(d):
        m = re.search(r"llvm-(\d+)", d)
        return int(m.group(1)) if m else 0
    return sorted(glob.glob(pattern), key=ver, reverse=True)


def find_lit():
    """lit from the newest /usr/lib/llvm-*/bin (Debian llvm-N-tools), else lit on PATH; None if absent."""
    cands = [os.path.join(d, "lit") for d in llvm_bin_dirs()]
    cands += [os.path.join(d, "lit") for d in os.environ.get("PATH", "").split(os.pathsep) if d]
    for c in cands:
        if _is_exe(c):
            return c
    return None


def find_llvm_tool(name, clang, bin_dirs=None):
    """An LLVM tool (llvm-readelf, llvm-objdump, ...) for CLANG: next to the compiler (as called,
    then its real path), else the newest /usr/lib/llvm-*/bin (or BIN_DIRS), else on PATH."""
    dirs = [os.path.dirname(clang), os.path.dirname(os.path.realpath(clang))]
    dirs += llvm_bin_dirs() if bin_dirs is None else list(bin_dirs)
    for d in dirs:
        p = os.path.join(d, name)
        if os.access(p, os.X_OK):
            return p
    if shutil.which(name):
        return shutil.which(name)
    raise ToolchainError("%s not found next to %s nor in /usr/lib/llvm-*/bin (Debian: llvm-22)" % (name, clang))


def gpu_tools():
    """Programs that list the GPUs present: amdgpu-arch, offload-arch, rocminfo from $ROCM_PATH,
    /opt/rocm*, /usr/lib/llvm-*/bin (newest first) and PATH."""
    roots = [os.environ[v] for v in ("ROCM_PATH", "HIP_PATH") if os.environ.get(v)]
    roots += sorted(glob.glob("/opt/rocm*"), reverse=True)
    cands = []
    for r in roots:
        cands += [os.path.join(r, p) for p in ("bin/amdgpu-arch", "bin/offload-arch", "llvm/bin/amdgpu-arch",
                                               "llvm/bin/offload-arch", "lib/llvm/bin/amdgpu-arch",
                                               "bin/rocminfo")]
    for d in llvm_bin_dirs():
        cands += [os.path.join(d, "amdgpu-arch"), os.path.join(d, "offload-arch")]
    cands += [shutil.which(n) for n in ("amdgpu-arch", "offload-arch", "rocminfo")]
    out = []
    for c in cands:
        if c and _is_exe(c) and c not in out:
            out.append(c)
    return out


def gpu_arch(tools=None):
    """gfx name (gfx1200/gfx1201) of the first RDNA4 GPU present, judged from what amdgpu-arch /
    offload-arch / rocminfo print (never their exit codes: some exit 0 with no GPU, others
    non-zero with one); None when there is none. The one GPU detection of the suite (run, check,
    hipcc, runtime/lit.local.cfg)."""
    for t in gpu_tools() if tools is None else tools:
        try:
            out = subprocess.run([t], capture_output=True, text=True, timeout=30,
                                 stdin=subprocess.DEVNULL).stdout
        except (OSError, subprocess.TimeoutExpired):
            continue
        m = re.search(r"\b(gfx120[01])\b", out or "")
        if m:
            return m.group(1)
    return None


def resolve_arg(spec, error=None):
    """resolve(SPEC) for a tool's --clang argument (a compiler, an install root, or None for the
    newest clang >= 19). A ToolchainError is re-raised as ERROR (the calling tool's own exception
    class) with the same message, so each tool reports it in its own words and exit status."""
    try:
        return resolve(spec)
    except ToolchainError as e:
        if error is None:
            raise
        raise error(str(e)) from None


def toolchain_id(info):
    """A short directory-safe name for a toolchain, e.g. clang-22.1.8-3f2a9c1d."""
    m = re.search(r"version (\S+)", info["version"])
    ver = re.sub(r"[^A-Za-z0-9.+-]", "_", m.group(1) if m else "unknown")
    h = hashlib.sha1(os.path.realpath(info["clang"]).encode()).hexdigest()[:8]
    return "clang-%s-%s" % (ver, h)


# ---------------------------------------------------------------- probing

def device_cmd(clang, target, *extra):
    return [clang, "-x", "hip", "--cuda-device-only", "--offload-arch=" + target,
            "-nogpulib", "-nogpuinc"] + list(extra)


def candidate_names():
    """Matrix-builtin names to ask the compiler about: every combination of the parts AMD's
    matrix builtins are named from (kind, result type, shape, operand types, wave size, target
    suffix; transpose loads: address space, element bits, width, vector type). The compiler's
    __has_builtin answer per target tells which of them exist; the grammar is wide on purpose so
    that a new builtin spelled like the existing ones is found without a change here."""
    out = set()
    for kind, res, mn, k, ops, wave, sfx in itertools.product(
            ("wmma", "swmmac", "wmma_scale", "wmma_scale16"),
            ("f32", "f16", "bf16", "i32", "bf16f32", "f64"),
            ("16x16", "32x16"), (4, 8, 16, 32, 64, 128),
            ("f16", "bf16", "f32", "xf32", "iu4", "iu8", "f4", "f8f6f4", "fp8_fp8", "fp8_bf8",
             "bf8_fp8", "bf8_bf8", "fp8", "bf8", "f16_tied", "bf16_tied"),
            ("_w32", "_w64", ""), ("", "_gfx12", "_gfx1250")):
        out.add("%s%s_%s_%sx%d_%s%s%s" % (PREFIX, kind, res, mn, k, ops, wave, sfx))
    for space, op, bits, width, vec in itertools.product(
            ("global", "ds"), ("load", "read"), ("", "4", "6", "8", "16"), (64, 96, 128),
            ("i32", "v2i32", "v3i32", "v4i32", "v4i16", "v4f16", "v4bf16", "v8i16", "v8f16",
             "v8bf16")):
        out.add("%s%s_%s_tr%s_b%d_%s" % (PREFIX, space, op, bits, width, vec))
    return out


def _has_builtin_source(names):
    """The preprocessor input asking __has_builtin for every name of NAMES."""
    src = ["RDNA4_ARCH __amdgcn_processor__",
           "RDNA4_MAJOR __clang_major__ __clang_minor__ __clang_patchlevel__"]
    for n in sorted(names):
        src.append("#if __has_builtin(%s)\nRDNA4_HAS %s\n#endif" % (n, n))
    return "\n".join(src) + "\n"


def _has_builtin_batch(clang, targets, wave, names, tmp):
    """One preprocessor run for several TARGETS (one driver, one device compile per target):
    which of NAMES __has_builtin accepts on each (WAVE 64, or None for the target's default;
    NAMES may also be the source text _has_builtin_source made of them, to build it once).
    Returns ({target: {"has", "version"}}, "") or (None, error text) when the run fails (one
    target the compiler rejects fails the whole run). Each target's output starts with a line
    naming it (__amdgcn_processor__), so the answer does not rest on the output order."""
    path = os.path.join(tmp, "has_builtin-%s-w%s.hip" % ("+".join(targets), wave))
    with open(path, "w") as f:
        f.write(names if isinstance(names, str) else _has_builtin_source(names))
    cmd = [clang, "-x", "hip", "--cuda-device-only", "-nogpulib", "-nogpuinc", "-E", "-P", path]
    cmd[3:3] = ["--offload-arch=" + t for t in targets]
    if wave == 64:
        cmd.append("-mwavefrontsize64")
    r = _run(cmd)
    if r.returncode != 0:
        return None, r.stderr.strip()
    out = {}
    for part in re.split(r"^RDNA4_ARCH ", r.stdout, flags=re.M)[1:]:
        first = part.split("\n", 1)[0].strip().strip('"')
        t = first if first in targets else (targets[0] if len(targets) == 1 else None)
        if t is None or t in out:
            return None, "cannot tell the targets apart in the preprocessed output"
        m = re.search(r"^RDNA4_MAJOR (\d+) (\d+) (\d+)", part, re.M)
        out[t] = {"has": set(re.findall(r"^RDNA4_HAS (\S+)", part, re.M)),
                  "version": tuple(int(x) for x in m.groups()) if m else None}
    if set(out) != set(targets):
        return None, "preprocessed output lacks targets %s" % sorted(set(targets) - set(out))
    return out, ""


def _has_builtin(clang, target, wave, names, tmp):
    """One preprocessor run for one TARGET (WAVE 64, or 32/None for the target's default):
    ({"has", "version"}, "") or (None, error text)."""
    got, err = _has_builtin_batch(clang, [target], 64 if wave == 64 else None, names, tmp)
    return (got[target] if got else None), err


def _has_builtin_many(clang, targets, wave, names, tmp, pool, supported, batches=None):
    """__has_builtin answers for every target of TARGETS: ({target: result or None},
    {target: error}). Targets the compiler lists as supported are asked in batches (as many
    batches as twice the CPUs, run in parallel); a batch that fails (one target rejects the wave size,
    say) is split in halves and asked again, down to single targets, so one rejected target
    never hides another's answers. Targets the compiler does not list are asked alone."""
    res, errs = {}, {}

    def ask(chunk):
        got, err = _has_builtin_batch(clang, chunk, wave, names, tmp)
        if got is not None:
            return got, {}
        if len(chunk) == 1:
            return {chunk[0]: None}, {chunk[0]: err}
        half = len(chunk) // 2
        g1, e1 = ask(chunk[:half])
        g2, e2 = ask(chunk[half:])
        g1.update(g2)
        e1.update(e2)
        return g1, e1

    batchable = [t for t in targets if t in supported]
    n = max(1, min(len(batchable), batches or 2 * (os.cpu_count() or 2)))
    chunks = [batchable[i::n] for i in range(n)] if batchable else []
    chunks += [[t] for t in targets if t not in supported]
    for got, err in pool.map(ask, chunks):
        res.update(got)
        errs.update(err)
    return res, errs


_SEMA_PROBE = r"""
typedef _Float16 rdna4_v8f16 __attribute__((ext_vector_type(8)));
typedef __fp16 rdna4_v8fp16 __attribute__((ext_vector_type(8)));
typedef float rdna4_v8f __attribute__((ext_vector_type(8)));
typedef __fp16 rdna4_v16fp16 __attribute__((ext_vector_type(16)));
struct rdna4_S {};
rdna4_v8f p_float16(rdna4_v8f16 a, rdna4_v8f c) {
  return __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, a, c);   // LINE_FLOAT16
}
rdna4_v8f p_fp16(rdna4_v8fp16 a, rdna4_v8f c) {
  return __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, a, c);   // LINE_FP16
}
rdna4_v8f p_index(rdna4_v8fp16 a, rdna4_v16fp16 b, rdna4_v8f c, rdna4_S s) {
  return __builtin_amdgcn_swmmac_f32_16x16x32_f16_w32(a, b, c, s);    // LINE_INDEX
}
"""

_GFX11_ON_GFX12 = r"""
typedef _Float16 v16h __attribute__((ext_vector_type(16)));
typedef float v8f __attribute__((ext_vector_type(8)));
extern "C" __attribute__((global)) void gfx11_wmma(v8f *out, v16h a, v16h b, v8f c) {
  *out = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a, b, c);
}
"""


# gfx12 SGPR hazard mitigation (LLVM AMDGPUWaitSGPRHazards, llvm PR #100067 / #118750,
# LLVM 20): a 64-bit address stepped in a loop is a VALU carry out in VCC read by the next
# VALU (v_add_co_u32 / v_add_co_ci_u32), after VCC was read by a VALU in the previous
# iteration: a mitigating compiler emits s_wait_alu depctr_va_vcc(0) there.
_SGPR_HAZARD = r"""
extern "C" __attribute__((global)) void sgpr_hazard(int *out, const int *in, int n) {
  int l = (int)__builtin_amdgcn_workitem_id_x();
  int v = -1;
  for (int i = 0; i < n; ++i)
    if (((l + i) & 3) == 0) v = in[i * 32 + l];
  out[l] = v;
}
"""


def _sgpr_hazard_probe(clang, tmp):
    """True if the compiler emits gfx12 SGPR hazard waits (s_wait_alu depctr_sa_sdst /
    va_sdst / va_vcc), False if its code for a kernel that needs them has none, None if
    the probe did not compile."""
    path = os.path.join(tmp, "sgpr_hazard.hip")
    with open(path, "w") as f:
        f.write(_SGPR_HAZARD)
    r = _run(device_cmd(clang, "gfx1201", "-O3", "-S", "-o", "-", path))
    if r.returncode != 0:
        return None
    return re.search(r"s_wait_alu\s+depctr_(sa_sdst|va_sdst|va_vcc)", r.stdout) is not None


def _sema_probe(clang, tmp):
    path = os.path.join(tmp, "sema.hip")
    with open(path, "w") as f:
        f.write(_SEMA_PROBE)
    lines = {}
    for i, l in enumerate(_SEMA_PROBE.splitlines(), 1):
        m = re.search(r"// (LINE_\w+)", l)
        if m:
            lines[m.group(1)] = i
    r = _run(device_cmd(clang, "gfx1201", "-fsyntax-only", "-flax-vector-conversions=none",
                        "-ferror-limit=0", path))
    err_lines = {int(m.group(1)): m.group(2) for m in
                 re.finditer(r"sema\.hip:(\d+):\d+: error: (.*)", r.stderr)}
    ok16, okfp = lines["LINE_FLOAT16"] not in err_lines, lines["LINE_FP16"] not in err_lines
    f16 = "float16" if ok16 and not okfp else "fp16" if okfp and not ok16 else \
        "both" if ok16 and okfp else "unknown"
    idx = None
    m = re.search(r"'rdna4_S' to '([^']+)'", err_lines.get(lines["LINE_INDEX"], ""))
    if m:
        idx = {"short": "i16", "int": "i32", "unsigned int": "i32", "long": "i64"}.get(m.group(1))
    return f16, idx, r.stderr


def _gfx11_probe(clang, tmp):
    path = os.path.join(tmp, "gfx11.hip")
    with open(path, "w") as f:
        f.write(_GFX11_ON_GFX12)
    r = _run(device_cmd(clang, "gfx1201", "-O3", "-S", "-o", os.devnull, path))
    text = r.stderr.strip()
    if r.returncode == 0:
        outcome = "accepted"
    elif _CRASH_RE.search(text) or r.returncode < 0 or r.returncode > 1:
        outcome = "crash"
    else:
        outcome = "diagnostic"
    first = next((l for l in text.splitlines() if "error" in l), "")
    return outcome, first


def _rocm_evidence(clang, line):
    real = os.path.dirname(os.path.realpath(clang))
    if re.search(r"\bAMD clang\b|roc-\d|ROCm", line):
        return "version line: " + line
    for rel in ("../../../.info/version", "../../.info/version", "../../amdgcn/bitcode",
                "../../../amdgcn/bitcode", "../../../bin/hipconfig", "../../bin/hipconfig"):
        p = os.path.normpath(os.path.join(real, rel))
        if os.path.exists(p):
            return "ROCm install file next to the compiler: " + p
    return None


def _supported_gfx(clang):
    """gfx targets the compiler lists in `--print-supported-cpus` (empty if it lists none)."""
    try:
        r = _run([clang, "--target=amdgcn-amd-amdhsa", "--print-supported-cpus"], timeout=60)
    except ToolchainError:
        return []
    return re.findall(r"^\s*(gfx\d+[a-z]?)\s*$", (r.stdout or "") + (r.stderr or ""), re.M)


def _cache_key(clang, line, extra):
    """What the cached probe depends on: the compiler as invoked (its path and, when it is a
    file, its size and time: a wrapper's own file, or the compiler itself), its full
    `--version` answer (version, vendor, InstalledDir of the real compiler behind a wrapper)."""
    stat = None
    try:
        st = os.stat(clang)
        stat = [st.st_mtime_ns, st.st_size]
    except OSError:
        pass
    r = _run([clang, "--version"], timeout=60)
    return {"schema": PROBE_SCHEMA, "clang": os.path.abspath(clang), "stat": stat,
            "version": line, "version_text": r.stdout,
            "extra": hashlib.sha1(json.dumps(sorted(extra)).encode()).hexdigest()}


def probe(clang, cache_dir=None, extra_names=(), targets=RDNA4_TARGETS):
    """Probe a compiler. Returns a JSON-able dict; cached in cache_dir/toolchain-probe.json."""
    clang = find_clang(clang)
    line = version_line(clang)
    key = _cache_key(clang, line, list(extra_names) + list(targets))
    cache = os.path.join(cache_dir, "toolchain-probe.json") if cache_dir else None
    if cache and os.path.exists(cache):
        try:
            with open(cache) as f:
                data = json.load(f)
            if data.get("key") == key:
                data["cached"] = True
                return data
        except (OSError, ValueError):
            pass
    result = _probe_uncached(clang, line, extra_names, targets)
    result["key"] = key
    if cache:
        os.makedirs(cache_dir, exist_ok=True)
        tmpf = cache + ".tmp%d" % os.getpid()
        with open(tmpf, "w") as f:
            json.dump(result, f, indent=1, sort_keys=True)
        os.replace(tmpf, cache)
    result["cached"] = False
    return result


def _probe_uncached(clang, line, extra_names, targets):
    candidates = _has_builtin_source(candidate_names() | set(extra_names))
    # Other generations: which names a target the compiler supports knows (default wave
    # size, and wave64 where the target accepts it). A target it rejects is unsupported.
    supported = _supported_gfx(clang)
    newer = [t for t in supported
             if re.match(r"gfx1(2[5-9]|[3-9]\d)\d", t) and t not in targets]
    elsewhere_targets = sorted(set(ELSEWHERE_TARGETS) | set(newer))
    supported = set(supported)
    # Few preprocessor runs (targets batched, see _has_builtin_many), all started at once:
    # RDNA4 targets at their default wave size (32) and with wave64; the other targets at their
    # default and, but for the wave64-only gfx9, with wave64; OTHER_TARGETS not among them
    # only for "is the target accepted".
    default_targets = list(targets) + [t for t in elsewhere_targets + list(OTHER_TARGETS)
                                       if t not in targets]
    default_targets = list(dict.fromkeys(default_targets))
    w64_targets = list(dict.fromkeys(list(targets) + [t for t in elsewhere_targets
                                                      if not t.startswith("gfx9")]))
    # (imported here: concurrent.futures costs every importer of this module, e.g. each
    # `rdna4-conformance hipcc` of a lit run, ~30 ms of start-up for nothing)
    from concurrent.futures import ThreadPoolExecutor
    with tempfile.TemporaryDirectory(prefix="rdna4-probe-") as tmp, \
            ThreadPoolExecutor(max_workers=max(8, os.cpu_count() or 2)) as pool, \
            ThreadPoolExecutor(max_workers=4) as outer:
        f_gfx11 = outer.submit(_gfx11_probe, clang, tmp)   # the slowest single compile: first
        f_sema = outer.submit(_sema_probe, clang, tmp)
        f_sgpr = outer.submit(_sgpr_hazard_probe, clang, tmp)
        # wave64: only the RDNA4 targets share a run (gfx1250 and newer reject wave64, and a
        # failed batch costs a full rerun); the others are asked one target per run.
        f_w64 = outer.submit(_has_builtin_many, clang, w64_targets, 64, candidates, tmp, pool,
                             supported & set(targets))
        r32, e32 = _has_builtin_many(clang, default_targets, None, candidates, tmp, pool, supported)
        r64, e64 = f_w64.result()
        f16, idx, _ = f_sema.result()
        gfx11, gfx11_msg = f_gfx11.result()
        sgpr_waits = f_sgpr.result()
    known = {}
    version = None
    target_ok = {}
    for t in targets:
        if r32.get(t) is None or r64.get(t) is None:
            err = e32.get(t) or e64.get(t) or ""
            target_ok[t] = err.splitlines()[0] if err else "preprocessing failed"
            continue
        target_ok[t] = True
        known[t] = sorted(r32[t]["has"] | r64[t]["has"])
        version = version or r32[t]["version"] or r64[t]["version"]
    if "gfx1201" in targets and target_ok.get("gfx1201") is not True:
        raise ToolchainError("%s (%s) cannot compile HIP device code for gfx1201: %s"
                             % (clang, line, target_ok.get("gfx1201")))
    asked = {}
    for t in elsewhere_targets:
        if r32.get(t) is None:
            asked[t] = None
            continue
        has = set(r32[t]["has"])
        if r64.get(t) is not None:
            has |= r64[t]["has"]
        asked[t] = sorted(has)
    elsewhere = {t: v for t, v in asked.items() if v is not None}
    other = {t: r32.get(t) is not None for t in OTHER_TARGETS}
    major = version[0] if version else _major_from_version(line)
    rocm = _rocm_evidence(clang, line)
    return {
        "clang": clang,
        "version_line": line,
        "version": list(version) if version else None,
        "major": major,
        "vendor": "rocm" if rocm else "upstream",
        "vendor_evidence": rocm or "no AMD/ROCm marker in the version line or next to the compiler",
        "targets": {t: (v is True) for t, v in target_ok.items()},
        "target_errors": {t: v for t, v in target_ok.items() if v is not True},
        "other_targets": other,
        "known_builtins": known,
        "known_elsewhere": elsewhere,
        "f16_operand": f16,
        "swmmac_index": idx,
        "gfx11_wmma_on_gfx12": gfx11,
        "gfx11_wmma_on_gfx12_message": gfx11_msg,
        "sgpr_hazard_waits": sgpr_waits,
    }


def known_union(result):
    s = set()
    for names in result["known_builtins"].values():
        s.update(names)
    return s


def lit_features(result):
    feats = [result["vendor"]]
    if result.get("major") is not None:
        feats.append("clang-major-%d" % result["major"])
    if result["f16_operand"] in ("float16", "fp16"):
        feats.append("f16-operand-" + result["f16_operand"])
    if result.get("swmmac_index"):
        feats.append("swmmac-index-" + result["swmmac_index"])
    if result["gfx11_wmma_on_gfx12"] == "crash":
        feats.append("gfx11-wmma-on-gfx12-crashes")
    if result.get("sgpr_hazard_waits") is False:
        feats.append("no-sgpr-hazard-waits")
    for n in sorted(known_union(result)):
        feats.append("builtin-" + n[len(PREFIX):])
    for t, ok in list(result["targets"].items()) + list(result.get("other_targets", {}).items()):
        if ok:
            feats.append("arch-" + t)
    # Names some target the compiler supports knows (e.g. gfx1250-only builtins): the compiler
    # names the missing target feature instead of an undeclared identifier on gfx1200/gfx1201.
    anywhere = set(known_union(result))
    for names in result.get("known_elsewhere", {}).values():
        anywhere.update(names)
    for n in sorted(anywhere):
        feats.append("any-target-" + n[len(PREFIX):])
    return feats


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clang", help="compiler path or install root (default: newest Debian clang)")
    ap.add_argument("--cache-dir")
    ap.add_argument("--json", action="store_true", help="print the full probe as JSON")
    ap.add_argument("--discover", action="store_true", help="list every clang >= 19 found")
    a = ap.parse_args(argv)
    try:
        if a.discover:
            for i in discover():
                print("%s\t%s" % (i["clang"], i["version"]))
            return 0
        r = probe(a.clang, a.cache_dir)
    except ToolchainError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    if a.json:
        print(json.dumps(r, indent=1, sort_keys=True))
    else:
        print("clang:    %s\nversion:  %s\nvendor:   %s\nfeatures: %s"
              % (r["clang"], r["version_line"], r["vendor"], " ".join(lit_features(r))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
