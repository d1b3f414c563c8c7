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

if __package__:
    from . import toolchain
else:  # run as a script (python3 harness/conformance/hipcc.py) or loaded by file path
    # As a script, this directory is sys.path[0] and its bisect.py would shadow the standard
    # library's (imported by tempfile via random): import the package from harness/ instead.
    _here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _here]
    sys.path.insert(0, os.path.dirname(_here))
    from conformance import toolchain

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MIN_MAJOR = toolchain.MIN_MAJOR
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


def _exe(p):
    return os.path.isfile(p) and os.access(p, os.X_OK)


def _cxx_driver(clang):
    """The C++ driver next to a `clang` (a HIP program's host side links libstdc++)."""
    d, base = os.path.split(clang)
    if base == "clang" and _exe(os.path.join(d, "clang++")):
        return os.path.join(d, "clang++")
    return clang


def find_clang(spec):
    """A clang++ >= 19 for the emulator path: --clang PATH (a compiler or an install root,
    resolved by toolchain.resolve as lit does), else the newest /usr/lib/llvm-*/bin/clang++."""
    if spec:
        try:
            return _cxx_driver(toolchain.resolve(spec)["clang"])
        except toolchain.ToolchainError as e:
            raise HipccError("--clang %s: %s" % (spec, e))
    for d in toolchain.llvm_bin_dirs():
        m = re.search(r"llvm-(\d+)", d)
        if m and int(m.group(1)) >= MIN_MAJOR and _exe(os.path.join(d, "clang++")):
            return os.path.join(d, "clang++")
    raise HipccError("no clang >= %d found under /usr/lib/llvm-*/bin: install clang-22 and "
                     "lld-22, or pass --clang PATH" % MIN_MAJOR)


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
    """gfx name of the first RDNA4 GPU, or None (toolchain.gpu_arch: the one GPU detection)."""
    return toolchain.gpu_arch()


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
