"""`rdna4-conformance hipcc`: compile and link a single-source HIP program.

  rdna4-conformance hipcc [--clang PATH] [--device emu|hw] [--build-dir DIR] [-v]
                          [clang arguments...] prog.hip -o prog

--device emu (default): any clang >= 19 (default: the newest /usr/lib/llvm-*/bin/clang++),
    the project's <hip/hip_runtime.h> (harness/hip/include) and libhipemu.so from the build
    dir (--build-dir, else $RDNA4_BUILD_DIR, else <repo>/build). The program runs on the
    emulator; RDNA4_EMU_ARCH (gfx1201 default, or gfx1200) picks the device. Unless the
    arguments name --offload-arch, the bundle holds both gfx1201 and gfx1200.
--device hw: ROCm's toolchain and headers (--clang PATH to hipcc/amdclang++/clang++ or a
    ROCm root, else $ROCM_PATH or /opt/rocm); the program runs on the GPU.
-v prints the command before running it. Every other argument goes to clang unchanged.
The compile runs with CLANG_NO_DEFAULT_CONFIG=1 (emu) so only these flags count.
Python standard library only.
"""

import glob
import os
import re
import shlex
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MIN_MAJOR = 19
DEFAULT_ARCHS = ("gfx1201", "gfx1200")
HIP_INCLUDE = os.path.join(REPO, "harness", "hip", "include")
TEST_INCLUDE = os.path.join(REPO, "Inputs", "runtime")


class HipccError(Exception):
    pass


USAGE = ("usage: rdna4-conformance hipcc [--clang PATH] [--device emu|hw] [--build-dir DIR] [-v] "
         "[clang arguments...] prog.hip -o prog")


def parse(argv):
    """Split our options from clang's. Returns (opts dict, clang args)."""
    opts = {"clang": None, "device": "emu", "build_dir": None, "verbose": False, "dry_run": False}
    rest = []
    i = 0
    takes = {"--clang": "clang", "--device": "device", "--build-dir": "build_dir"}
    while i < len(argv):
        a = argv[i]
        key = a.split("=", 1)[0]
        if key in takes:
            if "=" in a:
                opts[takes[key]] = a.split("=", 1)[1]
            else:
                if i + 1 >= len(argv):
                    raise HipccError("%s needs a value\n%s" % (a, USAGE))
                opts[takes[key]] = argv[i + 1]
                i += 1
        elif a == "-v":
            opts["verbose"] = True
        elif a == "--dry-run":
            opts["dry_run"] = True
        elif a in ("-h", "--help"):
            opts["help"] = True
        else:
            rest.append(a)
        i += 1
    if opts["device"] not in ("emu", "hw"):
        raise HipccError("--device must be emu or hw, not %r" % opts["device"])
    return opts, rest


def _version(clang):
    try:
        r = subprocess.run([clang, "--version"], capture_output=True, text=True, timeout=60,
                           env=dict(os.environ, CLANG_NO_DEFAULT_CONFIG="1"))
    except (OSError, subprocess.TimeoutExpired) as e:
        raise HipccError("cannot run %s --version: %s" % (clang, e))
    line = (r.stdout or "").splitlines()[:1]
    if r.returncode != 0 or not line or "clang" not in line[0].lower():
        raise HipccError("%s is not a working clang (`--version` exited %d)" % (clang, r.returncode))
    m = re.search(r"version (\d+)\.", line[0])
    return line[0], int(m.group(1)) if m else None


def _exe(p):
    return os.path.isfile(p) and os.access(p, os.X_OK)


def _toolchain_module():
    """harness/conformance/toolchain.py (the suite's compiler discovery), or None."""
    import importlib.util
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "toolchain.py")
    if not os.path.exists(path):
        return None
    try:
        spec = importlib.util.spec_from_file_location("rdna4_conformance_toolchain", path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return mod
    except Exception:  # a broken sibling module must not break hipcc: use our own lookup
        return None


def _cxx_driver(clang):
    """The C++ driver next to a `clang` (a HIP program's host side links libstdc++)."""
    d, base = os.path.split(clang)
    if base == "clang" and _exe(os.path.join(d, "clang++")):
        return os.path.join(d, "clang++")
    return clang


def find_clang(spec):
    """A clang++ >= 19 for the emulator path: --clang PATH (compiler or install root, resolved as
    lit does, via toolchain.py), else the newest /usr/lib/llvm-*/bin/clang++."""
    tc = _toolchain_module() if spec else None
    if tc is not None and hasattr(tc, "resolve"):
        try:
            return _cxx_driver(tc.resolve(spec)["clang"])
        except tc.ToolchainError as e:
            raise HipccError("--clang %s: %s" % (spec, e))
    if spec:
        spec = os.path.expanduser(spec)
        if os.path.isdir(spec):
            for sub in ("bin/clang++", "lib/llvm/bin/clang++", "llvm/bin/clang++", "clang++"):
                if _exe(os.path.join(spec, sub)):
                    spec = os.path.join(spec, sub)
                    break
            else:
                raise HipccError("no clang++ in install root %s (looked in bin/, lib/llvm/bin/, "
                                 "llvm/bin/)" % spec)
        elif not os.path.exists(spec):
            raise HipccError("--clang %s: compiler %s does not exist" % (spec, spec))
        elif not _exe(spec):
            raise HipccError("--clang %s: not an executable compiler" % spec)
        line, major = _version(spec)
        if major is not None and major < MIN_MAJOR:
            raise HipccError("%s is clang %d; gfx12 needs clang >= %d" % (spec, major, MIN_MAJOR))
        return _cxx_driver(os.path.abspath(spec))
    found = []
    for c in glob.glob("/usr/lib/llvm-*/bin/clang++"):
        m = re.search(r"llvm-(\d+)", c)
        if m and int(m.group(1)) >= MIN_MAJOR and _exe(c):
            found.append((int(m.group(1)), c))
    if not found:
        raise HipccError("no clang >= %d found under /usr/lib/llvm-*/bin: install clang-22 and "
                         "lld-22, or pass --clang PATH" % MIN_MAJOR)
    return max(found)[1]


def build_dir(opt):
    return os.path.abspath(opt or os.environ.get("RDNA4_BUILD_DIR") or os.path.join(REPO, "build"))


def hipemu_libdir(bdir):
    libdir = os.path.join(bdir, "harness", "hip")
    if not os.path.exists(os.path.join(libdir, "libhipemu.so")):
        raise HipccError(
            "the emulator's HIP runtime is not built: %s is missing. Run "
            "`harness/bin/rdna4-conformance check` or `cmake -S %s -B %s -G Ninja && "
            "cmake --build %s --target hipemu` (or pass --build-dir / set RDNA4_BUILD_DIR)"
            % (os.path.join(libdir, "libhipemu.so"), REPO, bdir, bdir))
    return libdir


def _links(args):
    return not any(a in ("-c", "-S", "-E", "-fsyntax-only", "--cuda-device-only",
                         "--offload-device-only") for a in args)


def emu_command(opts, args):
    clang = find_clang(opts["clang"])
    cmd = [clang, "-x", "hip"]
    if not any(a.startswith("--offload-arch") or a.startswith("--cuda-gpu-arch") for a in args):
        cmd += ["--offload-arch=" + a for a in DEFAULT_ARCHS]
    cmd += ["-nogpulib", "-nogpuinc", "-I" + HIP_INCLUDE, "-I" + TEST_INCLUDE]
    cmd += args
    if _links(args):
        libdir = hipemu_libdir(build_dir(opts["build_dir"]))
        # -no-hip-rt: clang would add ROCm's -lamdhip64 to a HIP link.
        cmd += ["-no-hip-rt", "-L" + libdir, "-lhipemu", "-Wl,-rpath," + libdir]
    env = dict(os.environ, CLANG_NO_DEFAULT_CONFIG="1")
    return cmd, env


def find_rocm_compiler(spec):
    """ROCm's hipcc (preferred) or amdclang++ for --device hw."""
    cands = []
    if spec:
        spec = os.path.expanduser(spec)
        if os.path.isdir(spec):
            cands += [os.path.join(spec, p) for p in ("bin/hipcc", "bin/amdclang++",
                                                      "lib/llvm/bin/clang++", "llvm/bin/clang++")]
        else:
            cands.append(spec)
    else:
        roots = [os.environ[v] for v in ("ROCM_PATH", "HIP_PATH") if os.environ.get(v)]
        roots += ["/opt/rocm"] + sorted(glob.glob("/opt/rocm-*"), reverse=True)
        for r in roots:
            cands += [os.path.join(r, "bin", "hipcc"), os.path.join(r, "bin", "amdclang++")]
    for c in cands:
        if _exe(c):
            return os.path.abspath(c)
    raise HipccError("--device hw needs ROCm's hipcc or amdclang++ (with ROCm's HIP headers and "
                     "runtime); none found (%s). Install ROCm, set ROCM_PATH or pass --clang PATH"
                     % ", ".join(cands[:4] or ["no candidates"]))


def gpu_arch():
    """gfx name of the first RDNA4 GPU from amdgpu-arch / offload-arch / rocminfo output."""
    tools = []
    for d in [os.environ.get("ROCM_PATH", ""), "/opt/rocm"]:
        if d:
            tools += [os.path.join(d, "bin", "amdgpu-arch"), os.path.join(d, "llvm", "bin", "amdgpu-arch"),
                      os.path.join(d, "bin", "rocminfo")]
    tools += sorted(glob.glob("/usr/lib/llvm-*/bin/amdgpu-arch"), reverse=True)
    tools += sorted(glob.glob("/usr/lib/llvm-*/bin/offload-arch"), reverse=True)
    for t in tools:
        if not _exe(t):
            continue
        try:
            out = subprocess.run([t], capture_output=True, text=True, timeout=30).stdout
        except (OSError, subprocess.TimeoutExpired):
            continue
        m = re.search(r"\b(gfx120[01])\b", out)  # the output, never the exit code
        if m:
            return m.group(1)
    return None


def hw_command(opts, args):
    comp = find_rocm_compiler(opts["clang"])
    cmd = [comp]
    if os.path.basename(comp) != "hipcc":
        cmd += ["-x", "hip"]
    if not any(a.startswith("--offload-arch") for a in args):
        cmd.append("--offload-arch=" + (gpu_arch() or "gfx1201"))
    cmd += ["-I" + TEST_INCLUDE] + args
    if os.path.basename(comp) != "hipcc" and _links(args):
        cmd.append("--hip-link")
    return cmd, dict(os.environ)


def main(argv):
    try:
        opts, args = parse(list(argv))
        if opts.get("help"):
            print(__doc__)
            return 0
        if not any(not a.startswith("-") for a in args):
            raise HipccError("no input file\n" + USAGE)
        cmd, env = (emu_command if opts["device"] == "emu" else hw_command)(opts, args)
    except HipccError as e:
        print("rdna4-conformance hipcc: error: %s" % e, file=sys.stderr)
        return 2
    if opts["verbose"] or opts["dry_run"]:
        prefix = "CLANG_NO_DEFAULT_CONFIG=1 " if opts["device"] == "emu" else ""
        print(prefix + " ".join(shlex.quote(c) for c in cmd), file=sys.stderr)
    if opts["dry_run"]:
        return 0
    try:
        return subprocess.run(cmd, env=env).returncode
    except OSError as e:
        print("rdna4-conformance hipcc: error: cannot run %s: %s" % (cmd[0], e), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
