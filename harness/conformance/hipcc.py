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
--hip-path DIR (emu): build with the HIP headers and device libraries of the ROCm install DIR
    (Debian: /usr with libamdhip64-dev and rocm-device-libs) instead of the project's headers,
    and link libhipemu.so; refused for a HIP version whose ABI libhipemu.so does not know
    (harness/conformance/hip_path.py).
--print-rocm-root (emu): create and print a directory laid out as a ROCm install for the
    toolchain under test (bin/hipcc = this command; llvm/bin/clang, llvm-mc,
    clang-offload-bundler, llvm-dis, ... = the tools next to the clang; include, lib), for
    builds written for ROCm: `make ROCM_INSTALL_DIR=$(rdna4-conformance hipcc --print-rocm-root)`.
-lamdhip64 (ROCm's HIP runtime, which Makefiles for ROCm name) links libhipemu.so (emu).
-v prints the command before running it. Every other argument goes to clang unchanged.
The compile runs with CLANG_NO_DEFAULT_CONFIG=1 (emu) so only these flags count.
--link-reference: also link librdna4ref.a (the runtime tests' CPU reference, built by CMake next
to libhipemu.so; Inputs/cpu-reference/api.h), on both devices; lit's %hipcc and %hipcc_base pass
it. A user program does not need it.

--target gfx1200|gfx1201 (emu): the program is for that target: --offload-arch=<target> (lit's
%hipcc passes it); the program runs on it with RDNA4_EMU_ARCH=<target>.

RDNA4_HIPCC_CACHE=DIR (emu; runtime/lit.local.cfg sets it to a directory of one lit run): a
link for a --target (never a plain --offload-arch: a test may want one code object only) is
compiled once for both targets,
kept in DIR under a key of the command, the compiler (path, size, mtime) and the contents of the
source and the headers it can include, and copied to -o; the other target's identical command
gets the copy. The gfx120x code object the program runs is the same either way (clang compiles
each offload arch separately) and RDNA4_EMU_ARCH picks it. If the two-target compile fails, the
command runs exactly as given (one target), so each target keeps its own result. Safe under
lit -j: one compile per key, under a lock. The cache also keeps what `--clang PATH --version`
said (the clang >= 19 check), keyed by the file, so a lit run asks each compiler once.

Precompiled headers (emu, with RDNA4_HIPCC_CACHE): the headers every HIP compile parses
(hip/hipemu_hip_wrapper.h, and <hip/hip_runtime.h> when a source starts with it) are
precompiled once per command and target in DIR/pch and the unchanged command is run where
clang's driver finds them (harness/conformance/hipcc_pch.py: when, how, why the output is the
same; harness/bench/pch_identity compares executables built with and without). A PCH that
cannot be built or used means a compile as without it. RDNA4_HIPCC_PCH=0 turns it off.
Python standard library only.
"""

import fcntl
import glob
import hashlib
import json
import os
import re
import shlex
import subprocess
import sys
import time

if __package__:
    from . import hip_path, hipcc_pch, toolchain
else:  # run as a script (python3 harness/conformance/hipcc.py) or loaded by file path
    # As a script, this directory is sys.path[0] and its bisect.py would shadow the standard
    # library's (imported by tempfile via random): import the package from harness/ instead.
    _here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _here]
    sys.path.insert(0, os.path.dirname(_here))
    from conformance import hip_path, hipcc_pch, toolchain

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MIN_MAJOR = toolchain.MIN_MAJOR
DEFAULT_ARCHS = ("gfx1201", "gfx1200")
HIP_INCLUDE = os.path.join(REPO, "harness", "hip", "include")
TEST_INCLUDE = os.path.join(REPO, "Inputs", "runtime")


class HipccError(Exception):
    pass


USAGE = ("usage: rdna4-conformance hipcc [--clang PATH] [--device emu|hw] [--build-dir DIR] [--target GFX] "
         "[--link-reference] [-v] "
         "[clang arguments...] prog.hip -o prog")


def parse(argv):
    """Split our options from clang's. Returns (opts dict, clang args)."""
    opts = {"clang": None, "device": "emu", "build_dir": None, "target": None, "verbose": False,
            "dry_run": False, "link_reference": False, "print_rocm_root": False}
    rest = []
    i = 0
    takes = {"--clang": "clang", "--device": "device", "--build-dir": "build_dir",
             "--hip-path": "hip_path", "--target": "target"}
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
        elif a == "--link-reference":
            opts["link_reference"] = True
        elif a == "--print-rocm-root":
            opts["print_rocm_root"] = True
        elif a in ("-h", "--help"):
            opts["help"] = True
        else:
            rest.append(a)
        i += 1
    if opts["device"] not in ("emu", "hw"):
        raise HipccError("--device must be emu or hw, not %r" % opts["device"])
    if opts["target"] is not None and opts["target"] not in DEFAULT_ARCHS:
        raise HipccError("--target must be %s, not %r" % (" or ".join(DEFAULT_ARCHS), opts["target"]))
    if opts.get("hip_path") and opts["device"] != "emu":
        raise HipccError("--hip-path is for --device emu (--device hw uses ROCm's own toolchain)")
    return opts, rest


def _exe(p):
    return os.path.isfile(p) and os.access(p, os.X_OK)


def _cxx_driver(clang):
    """The C++ driver next to a `clang` (a HIP program's host side links libstdc++)."""
    d, base = os.path.split(clang)
    if base == "clang" and _exe(os.path.join(d, "clang++")):
        return os.path.join(d, "clang++")
    return clang


def _resolve(spec):
    """toolchain.resolve(SPEC), which runs `SPEC --version` (~30 ms of CPU): with a compile
    cache (RDNA4_HIPCC_CACHE, one lit run) and SPEC a file, its result is kept there under a
    key of the file (real path, size, mtime, inode), so a lit run asks each compiler once."""
    cache = os.environ.get("RDNA4_HIPCC_CACHE")
    if not cache or not os.path.isfile(spec):
        return toolchain.resolve(spec)
    h = hashlib.sha256(os.path.abspath(spec).encode() + b"\0")
    _stat_digest(h, spec)
    path = os.path.join(cache, "toolchain-%s.json" % h.hexdigest()[:32])
    try:
        with open(path) as f:
            info = json.load(f)
        if isinstance(info, dict) and set(info) == {"clang", "version", "major"}:
            return info
    except (OSError, ValueError):
        pass
    info = toolchain.resolve(spec)  # a ToolchainError is not kept: the next compile asks again
    try:
        os.makedirs(cache, exist_ok=True)
        tmp = "%s.tmp.%d" % (path, os.getpid())
        with open(tmp, "w") as f:
            json.dump(info, f)
        os.replace(tmp, path)
    except OSError:
        pass
    return info


def find_clang(spec):
    """A clang++ >= 19 for the emulator path: --clang PATH (a compiler or an install root,
    resolved by toolchain.resolve as lit does), else the newest /usr/lib/llvm-*/bin/clang++."""
    if spec:
        try:
            return _cxx_driver(_resolve(spec)["clang"])
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


def reflib_dir(bdir):
    """Where librdna4ref.a is (next to libhipemu.so); HipccError when it is not built."""
    libdir = os.path.join(bdir, "harness", "hip")
    if not os.path.exists(os.path.join(libdir, "librdna4ref.a")):
        raise HipccError(
            "the runtime tests' CPU reference is not built: %s is missing. Run "
            "`cmake -S %s -B %s -G Ninja && cmake --build %s --target rdna4ref` (or pass "
            "--build-dir / set RDNA4_BUILD_DIR)" % (os.path.join(libdir, "librdna4ref.a"), REPO, bdir, bdir))
    return libdir


def _links(args):
    return not any(a in ("-c", "-S", "-E", "-fsyntax-only", "--cuda-device-only", "--genco",
                         "--offload-device-only") for a in args)


# ROCm's hipcc (ROCm/llvm-project amd/hipcc/src/hipBin_amd.h) decides the language of each input
# file without a preceding -x by its extension; other inputs (objects, archives, shared
# libraries, assembly) get no -x and reach clang as they are.
_HIP_EXT = (".cpp", ".cxx", ".cc", ".C", ".cu", ".cuh", ".hip")
_C_EXT = (".c",)
# Options whose value is the next argument (so that value is not taken for an input file).
_TAKES_VALUE = {"-o", "-I", "-L", "-D", "-U", "-include", "-imacros", "-isystem", "-iquote",
                "-idirafter", "-isysroot", "-MF", "-MT", "-MQ", "-Xlinker", "-Xclang",
                "-Xassembler", "-Xpreprocessor", "-Xoffload-linker", "-Xarch_host",
                "-Xarch_device", "-mllvm", "-x", "-target", "-arch", "-z", "-T", "-u", "-e",
                "--sysroot", "-serialize-diagnostics", "-working-directory", "-l"}


def rocm_hipcc_args(args):
    """ROCm hipcc's rules applied to the clang arguments: (new args, notes dict).
    --genco is --cuda-device-only (a code object, no host part); without any -O the
    compile and the link get -O3; an input file without an explicit -x before it gets
    -x hip (.cpp .cxx .cc .C .cu .cuh .hip; HIP_COMPILE_CXX_AS_HIP=0: .cpp & co. as c++)
    or -x c (.c), and anything else (.o .a .so .s .S .ll .bc ...) -x none when a -x of ours
    precedes it, so clang treats it by its own extension. Once the arguments name a -x,
    the languages are theirs from there on."""
    out, prev, explicit_x, lang, have_opt = [], None, False, None, False
    cxx_as_hip = os.environ.get("HIP_COMPILE_CXX_AS_HIP", "1") != "0"
    for a in args:
        if prev in _TAKES_VALUE:
            out.append(a)
            prev = None
            continue
        if a == "--genco":
            a = "--cuda-device-only"
        if a.startswith("-O"):
            have_opt = True
        if a == "-x" or (a.startswith("-x") and len(a) > 2 and not a.startswith("-xarch")):
            explicit_x = True
        if not a.startswith("-") and not explicit_x:
            ext = os.path.splitext(a)[1]
            want = ("hip" if ext in _HIP_EXT and (cxx_as_hip or ext in (".cu", ".cuh", ".hip"))
                    else "c++" if ext in _HIP_EXT else "c" if ext in _C_EXT else "none")
            if want != lang and not (want == "none" and lang is None):
                out += ["-x", want]
                lang = want
        out.append(a)
        prev = a
    if not have_opt:
        out = ["-O3"] + out
    return out


def _compiles(args):
    """Whether clang compiles something: an explicit -x other than none, or an input that
    rocm_hipcc_args gave a language."""
    return any(a.startswith("-x") and a not in ("-x", "-xnone") or
               (p == "-x" and a != "none") for p, a in zip([None] + args[:-1], args))


def map_hip_runtime(args):
    """-lamdhip64 (ROCm's HIP runtime, which ROCm's hipcc links by itself and which Makefiles
    written for ROCm name, e.g. rocm-examples' device_query) is the emulator's runtime here:
    -lhipemu in its place, so a libamdhip64.so elsewhere on the library path (Debian's, which
    finds no GPU) is never linked instead."""
    out, i = [], 0
    while i < len(args):
        a = args[i]
        if a == "-lamdhip64":
            out.append("-lhipemu")
        elif a == "-l" and i + 1 < len(args) and args[i + 1] == "amdhip64":
            out.append("-lhipemu")
            i += 1
        else:
            out.append(a)
        i += 1
    return out


def emu_command(opts, args):
    clang = find_clang(opts["clang"])
    args = rocm_hipcc_args(map_hip_runtime(args))
    cmd = [clang]
    if opts.get("target"):
        cmd.append("--offload-arch=" + opts["target"])
    elif not any(a.startswith("--offload-arch") or a.startswith("--cuda-gpu-arch") for a in args):
        cmd += ["--offload-arch=" + a for a in DEFAULT_ARCHS]
    if opts.get("hip_path"):  # a ROCm HIP install's headers and device libraries (hip_path.py)
        try:
            cmd += hip_path.emu_flags(opts["hip_path"]) + ["-I" + TEST_INCLUDE]
        except hip_path.HipPathError as e:
            raise HipccError(str(e))
    elif _compiles(args):  # (a link of objects alone needs none of these)
        # -nogpuinc keeps clang's HIP wrapper header out (it needs ROCm's device libraries);
        # hipemu_hip_wrapper.h gives HIP sources what it would (it is empty for C and C++).
        cmd += ["-nogpulib", "-nogpuinc", "-I" + HIP_INCLUDE, "-I" + TEST_INCLUDE,
                "-include", "hip/hipemu_hip_wrapper.h"]
    cmd += args
    if _links(args):
        libdir = hipemu_libdir(build_dir(opts["build_dir"]))
        # --hip-link: a HIP link even when only objects are given (as ROCm's hipcc; with
        # -fgpu-rdc it links their device code, static device libraries included);
        # -no-hip-rt: clang would add ROCm's -lamdhip64 to a HIP link.
        cmd += ["--hip-link", "-no-hip-rt", "-L" + libdir, "-lhipemu", "-Wl,-rpath," + libdir]
        if opts["link_reference"]:
            cmd += ["-L" + reflib_dir(build_dir(opts["build_dir"])), "-lrdna4ref"]
    env = dict(os.environ, CLANG_NO_DEFAULT_CONFIG="1")
    return cmd, env


# The LLVM tools a ROCm install has under llvm/bin that build scripts written for ROCm call
# directly (rocm-examples' assembly_to_executable and llvm_ir_to_executable Makefiles: CLANG,
# LLVM_MC, CLANG_OFFLOAD_BUNDLER, LLVM_DIS default to $(ROCM_INSTALL_DIR)/llvm/bin/...).
ROOT_LLVM_TOOLS = ("clang", "clang++", "llvm-mc", "clang-offload-bundler", "llvm-dis", "llvm-as",
                   "llvm-link", "llvm-objdump", "llvm-readelf", "llvm-ar", "llvm-nm", "opt", "llc",
                   "ld.lld", "lld")


def rocm_root(opts):
    """--print-rocm-root (emu): a directory laid out as a ROCm install for the toolchain under
    test, <build>/rocm-root/<clang's directory>, so a build written for ROCm runs with
    ROCM_INSTALL_DIR / ROCM_PATH set to it: bin/hipcc is this command (with --build-dir and
    --clang fixed), llvm/bin/<tool> links to the tools next to the clang (ROOT_LLVM_TOOLS,
    those that exist), include is the project's HIP headers, lib the directory of
    libhipemu.so (-lamdhip64 is mapped to it by map_hip_runtime). Created or refreshed on
    every call; returns its path."""
    clang = find_clang(opts["clang"])
    bdir = build_dir(opts["build_dir"])
    libdir = hipemu_libdir(bdir)
    tooldir = os.path.dirname(clang)
    root = os.path.join(bdir, "rocm-root", re.sub(r"[^A-Za-z0-9.-]+", "_", tooldir).strip("_"))
    llvm_bin = os.path.join(root, "llvm", "bin")
    os.makedirs(os.path.join(root, "bin"), exist_ok=True)
    os.makedirs(llvm_bin, exist_ok=True)

    def link(target, name):
        try:
            if os.path.islink(name) or os.path.exists(name):
                if os.path.islink(name) and os.readlink(name) == target:
                    return
                os.remove(name)
            os.symlink(target, name)
        except OSError as e:
            raise HipccError("--print-rocm-root: cannot create %s: %s" % (name, e))

    for tool in ROOT_LLVM_TOOLS:
        if not _exe(os.path.join(tooldir, tool)):
            continue
        if tool in ("clang", "clang++"):
            # A device compile (-target amdgcn-amd-amdhsa) gets -nogpulib: this root has no
            # device libraries (as the project's hipcc), and clang would otherwise stop with
            # "cannot find ROCm device library".
            _write_script(os.path.join(llvm_bin, tool), (
                "# %s of the toolchain under test; -nogpulib for an amdgcn target (no device "
                "libraries here)\ncase \" $* \" in\n  *amdgcn-*) exec %s -nogpulib \"$@\" ;;\n"
                "esac\nexec %s \"$@\"\n") % ((tool,) + (shlex.quote(os.path.join(tooldir, tool)),) * 2))
        elif tool == "clang-offload-bundler":
            # LLVM 22's bundler wants '<kind>-<arch>-<vendor>-<os>-<env>' in every -targets
            # entry; build scripts written for ROCm (rocm-examples' Makefiles) give the host
            # entry as host-x86_64-unknown-linux, which LLVM 19 accepted: such an entry gets
            # an empty environment (the host entry of a HIP fat binary is empty anyway).
            _write_script(os.path.join(llvm_bin, tool), (
                "# clang-offload-bundler of the toolchain under test; a four-part host entry "
                "of -targets gets an empty environment (LLVM 22 wants five parts)\n"
                "exec %s -c 'import os, re, sys; t = sys.argv[1]; os.execv(t, [t] + "
                "[re.sub(r\"^(-targets=host-[^-,]+-[^-,]+-[^-,]+)(?=,|$)\", r\"\\1-\", a) "
                "for a in sys.argv[2:]])' %s \"$@\"\n")
                % (shlex.quote(sys.executable), shlex.quote(os.path.join(tooldir, tool))))
        else:
            link(os.path.join(tooldir, tool), os.path.join(llvm_bin, tool))
    link(HIP_INCLUDE, os.path.join(root, "include"))
    link(libdir, os.path.join(root, "lib"))
    script = ("#!/bin/sh\n# ROCm's bin/hipcc for the emulator, written by "
              "`rdna4-conformance hipcc --print-rocm-root`\n"
              "exec %s %s hipcc --build-dir %s --clang %s \"$@\"\n"
              % tuple(shlex.quote(x) for x in (sys.executable,
                                               os.path.join(REPO, "harness", "bin", "rdna4-conformance"),
                                               bdir, clang)))
    _write_script(os.path.join(root, "bin", "hipcc"), script.split("\n", 1)[1])
    return root


def _write_script(path, body):
    try:
        if os.path.islink(path):
            os.remove(path)
        with open(path + ".tmp", "w") as f:
            f.write("#!/bin/sh\n" + body)
        os.chmod(path + ".tmp", 0o755)
        os.replace(path + ".tmp", path)
    except OSError as e:
        raise HipccError("--print-rocm-root: cannot write %s: %s" % (path, e))


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
    if _links(args) and opts["link_reference"]:
        cmd += ["-L" + reflib_dir(build_dir(opts["build_dir"])), "-lrdna4ref"]
    return cmd, dict(os.environ)


# ---------------------------------------------------------------- shared compile (RDNA4_HIPCC_CACHE)

_HEADER_EXT = (".h", ".hpp", ".inc", ".def")


def _tree_files(root, recursive=True):
    out = []
    if not os.path.isdir(root):
        return out
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x not in ("Output", ".git")) if recursive else []
        out += [os.path.join(d, f) for f in sorted(files) if f.endswith(_HEADER_EXT)]
    return out


def _file_digest(h, path):
    h.update(path.encode() + b"\0")
    try:
        with open(path, "rb") as f:
            h.update(hashlib.sha256(f.read()).digest())
    except OSError:
        h.update(b"missing")


def _stat_digest(h, path):
    try:
        st = os.stat(path)
        h.update(("%s %d %d %d" % (os.path.realpath(path), st.st_size, st.st_mtime_ns, st.st_ino)).encode())
    except OSError:
        h.update(b"missing " + path.encode())


def _shared_plan(cmd, opts, args):
    """(widened command, index of the -o value in it, target) when this is a --target link
    that can be shared between the targets, else None."""
    target = opts.get("target")
    archs = [a for a in cmd if a.startswith("--offload-arch") or a.startswith("--cuda-gpu-arch")]
    if not target or archs != ["--offload-arch=" + target] or not _links(args) or "-o" not in cmd[:-1]:
        return None
    wide = []
    for a in cmd:
        if a == archs[0]:
            wide += ["--offload-arch=" + t for t in DEFAULT_ARCHS]
        else:
            wide.append(a)
    return wide, wide.index("-o") + 1, target


def _cache_key(wide, out_index, env):
    h = hashlib.sha256()
    key_cmd = list(wide)
    key_cmd[out_index] = "<out>"
    h.update(json.dumps([key_cmd, env.get("CLANG_NO_DEFAULT_CONFIG", "")]).encode())
    _stat_digest(h, wide[0])
    headers = _tree_files(os.path.join(REPO, "Inputs")) + _tree_files(HIP_INCLUDE)
    for a in wide[1:]:
        if not a.startswith("-") and os.path.isfile(a):  # sources (and objects) on the command line
            _file_digest(h, os.path.abspath(a))
            headers += _tree_files(os.path.dirname(os.path.abspath(a)))
        elif a.startswith("-I") and len(a) > 2:
            headers += _tree_files(a[2:])
        elif a.startswith("-L") and len(a) > 2:
            for lib in ("libhipemu.so", "librdna4ref.a"):
                _stat_digest(h, os.path.join(a[2:], lib))
    for f in sorted(set(headers)):
        _file_digest(h, f)
    return h.hexdigest()[:32]


def _replay(path, stream):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return
    if data:
        stream.flush()
        stream.buffer.write(data)
        stream.flush()


def shared_compile(cache, cmd, opts, args, env):
    """Run a one-target link through the shared cache; returns the exit status, or None when
    the command is not shareable (the caller runs it as is)."""
    import shutil
    plan = _shared_plan(cmd, opts, args)
    if not plan:
        return None
    wide, oi, _target = plan
    out = cmd[cmd.index("-o") + 1]
    os.makedirs(cache, exist_ok=True)
    key = _cache_key(wide, oi, env)
    entry = os.path.join(cache, key)
    with open(entry + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the other target waits for this compile
        if not os.path.exists(entry + ".ok") and not os.path.exists(entry + ".failed"):
            tmp = entry + ".tmp.%d" % os.getpid()
            wide = list(wide)
            wide[oi] = tmp
            rc, so, se = run_compile(wide, env, cache, capture=True, verbose=opts.get("verbose"))
            if rc == 0 and os.path.exists(tmp):
                for ext, data in ((".stdout", so), (".stderr", se)):
                    with open(entry + ext, "wb") as f:
                        f.write(data)
                os.replace(tmp, entry + ".exe")
                open(entry + ".ok", "w").close()
            else:
                with open(entry + ".failed", "wb") as f:
                    f.write(se[-4000:])
                try:
                    os.remove(tmp)
                except OSError:
                    pass
    if os.path.exists(entry + ".ok"):
        try:
            shutil.copy2(entry + ".exe", out)
        except OSError as e:
            print("rdna4-conformance hipcc: error: cannot write %s: %s" % (out, e), file=sys.stderr)
            return 1
        _replay(entry + ".stdout", sys.stdout)
        _replay(entry + ".stderr", sys.stderr)
        return 0
    return None  # the two-target compile failed: run the one-target command as given


def run_compile(cmd, env, cache, capture, verbose=False):
    """Run CMD (an emulator-path command), with a precompiled header when one can serve
    it (hipcc_pch.py; CACHE is where the PCHs live, None for none). Returns (exit status,
    stdout, stderr); with capture=False the output went to ours and the two are empty."""
    root, pch_failed = None, False
    if cache:
        root = hipcc_pch.prepare(cache, cmd, env, os.getcwd(), HIP_INCLUDE, (HIP_INCLUDE, TEST_INCLUDE),
                                 (_stat_digest, _file_digest, _tree_files))
    if root:
        if verbose:
            print("rdna4-conformance hipcc: precompiled headers from %s" % root, file=sys.stderr)
        r = hipcc_pch.run(cmd, env, root)
        if r[0] == 0 and not r[2]:  # else: run as without PCH, whose result is the one reported
            if not capture:
                _replay_bytes(r[1], sys.stdout)
            return r if capture else (r[0], b"", b"")
        pch_failed = r[0] != 0
    if capture:
        r = subprocess.run(cmd, env=env, capture_output=True)
        rc, so, se = r.returncode, r.stdout, r.stderr
    else:
        rc, so, se = subprocess.run(cmd, env=env).returncode, b"", b""
    if pch_failed and rc == 0:
        hipcc_pch.mark_bad(root)  # the PCH failed where the plain compile did not
    return rc, so, se


def _replay_bytes(data, stream):
    if data:
        stream.flush()
        stream.buffer.write(data)
        stream.flush()


def _log_timing(seconds, args):
    """RDNA4_HIPCC_TIMING_LOG=FILE: append one line "<seconds>\t<output>" per compile
    (harness/bench/suite_walltime splits the runtime suite's time into compile and execute)."""
    path = os.environ.get("RDNA4_HIPCC_TIMING_LOG")
    if not path:
        return
    out = args[args.index("-o") + 1] if "-o" in args[:-1] else "-"
    try:
        with open(path, "a") as f:  # one short write per line: safe under lit -j
            f.write("%.3f\t%s\n" % (seconds, out))
    except OSError:
        pass


def main(argv):
    try:
        opts, args = parse(list(argv))
        if opts.get("help"):
            print(__doc__)
            return 0
        if opts["print_rocm_root"]:
            if opts["device"] != "emu":
                raise HipccError("--print-rocm-root is for --device emu (on the GPU, ROCm's own "
                                 "install is the root)")
            print(rocm_root(opts))
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
        t0 = time.monotonic()
        rc = None
        cache = os.environ.get("RDNA4_HIPCC_CACHE")
        if cache and opts["device"] == "emu":
            rc = shared_compile(cache, cmd, opts, args, env)
        if rc is None:
            rc = run_compile(cmd, env, cache if opts["device"] == "emu" else None, capture=False,
                             verbose=opts["verbose"])[0]
        _log_timing(time.monotonic() - t0, args)
        return rc
    except OSError as e:
        print("rdna4-conformance hipcc: error: cannot run %s: %s" % (cmd[0], e), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
