"""Precompiled headers for `rdna4-conformance hipcc` on the emulator path (hipcc.py).

Every HIP compile of the emulator path pre-includes hip/hipemu_hip_wrapper.h (what clang's
own HIP wrapper gives a ROCm build: <cmath>, <algorithm>, <complex>, ...) and nearly every
program then includes <hip/hip_runtime.h>: tens of thousands of lines, parsed again by each
of the three cc1 jobs of a compile (host, gfx1201, gfx1200). With a cache directory
(RDNA4_HIPCC_CACHE, set by runtime/lit.local.cfg for one lit run) those headers are parsed
once per distinct command and target into a precompiled header (PCH), and each compile loads
it instead.

How, without changing what is compiled:
  * The compile command is not changed at all. clang's driver, for `-include H`, uses
    H.gch when that exists (a GCC-style PCH; a directory of them is searched by cc1 for the
    one whose language, target and preprocessor options match its own, strictly). The
    wrapper is `-include hip/hipemu_hip_wrapper.h`, a path relative to the working
    directory first: the very same command is run with the working directory set to a
    directory holding hip/hipemu_hip_wrapper.h.gch/{host,<arch>...}.pch. So the driver
    computes the same arguments, the same per-file CUID (a hash of the arguments), and the
    same output; only the parse of the headers is read back instead of redone.
  * That is done only when the working directory cannot matter: every input, output and
    search path on the command line is absolute, there is no -g/coverage (which record the
    directory), no option that would print or depend on the headers differently (-E, -M*,
    -save-temps, -H, -v, -include, -Xclang, ...), every input is HIP source, and the working
    directory has no hip/hipemu_hip_wrapper.h of its own (which -include would take).
  * The PCH is built from the same command (the inputs, output and link-only arguments
    taken out, `--cuda-host-only` or `--cuda-device-only --offload-arch=<one arch>` added)
    with -fsyntax-only and cc1's -emit-pch. Two kinds: the wrapper alone, and the wrapper
    followed by `#include <hip/hip_runtime.h>`, used only for sources whose first
    preprocessing line (after comments and blank lines) is exactly that include, so the
    header is entered at the same point as without the PCH and the source's own include
    finds it already included (its include guard). A source whose first preprocessing line
    is `#include "H"` gets that kind too when the H this include finds (the source's
    directory, then the -iquote and -I directories, in order) itself starts with
    `#include <hip/hip_runtime.h>` (after comments, blank lines and a `#pragma once`):
    Inputs/runtime/rdna4_test.h, the runtime tests' harness. <hip/hip_runtime.h> is then
    still the first thing the compile reads after the wrapper, the same tokens in the same
    order; only the include stack above it differs (the PCH's main file instead of H),
    which nothing in the headers looks at (no __INCLUDE_LEVEL__, and __FILE__ only in
    macros expanded in the source).
  * The PCH is built with -fpch-instantiate-templates: the implicit instantiations clang
    defers to the end of a translation unit (function templates that inline functions of
    <cmath>, <complex>, <algorithm> and the HIP headers use) are made once, at the end of
    the PCH build, and stored in it. Without it they are stored as pending and made again
    by every compile that loads the PCH: measured with a 3-line kernel, loading the
    wrapper + hip_runtime PCH cost a device cc1 ~0.17 s CPU with the flag off, ~0.02 s
    with it on. The same specializations are instantiated from the same templates; the
    only difference is that the point of instantiation is the end of the headers, not of
    the source, and a program for which that changes the meaning is ill-formed
    ([temp.point]: a specialization may have several points of instantiation, and if two
    give different meanings, no diagnostic required). harness/bench/pch_identity checks
    that every runtime program's executable is unchanged.
  * Staleness: the directory's key covers the command, the compiler (path, size, mtime) and
    the contents of every header under harness/hip/include and Inputs/runtime; clang itself
    refuses a PCH whose input files (system headers too) changed size or mtime since it was
    built.
  * Never a false result: a PCH build that fails or prints anything but the driver's
    "argument unused" warnings is not used; a compile with the PCH whose exit status is not
    0 or that prints anything on stderr is run again exactly as without the PCH, and that
    result (status, output, diagnostics) is the one reported. If the plain compile then
    succeeds the PCH is marked bad and no later compile uses it.
  * A PCH is built at the second compile of a command (the first goes without): it costs
    about one compile's header parsing, so a lit run of a single program would only lose.
  * RDNA4_HIPCC_PCH=0 turns all of this off.

harness/bench/pch_identity compiles runtime programs with and without the PCH and compares
the executables (and so the code objects in them) byte for byte.
Python standard library only.
"""

import fcntl
import hashlib
import json
import os
import re
import subprocess

WRAPPER = "hip/hipemu_hip_wrapper.h"
ENV_SWITCH = "RDNA4_HIPCC_PCH"

# Options whose value is the next argument.
_TAKES_VALUE = {"-o", "-I", "-L", "-D", "-U", "-include", "-imacros", "-isystem", "-iquote",
                "-idirafter", "-isysroot", "-MF", "-MT", "-MQ", "-Xlinker", "-Xclang",
                "-Xassembler", "-Xpreprocessor", "-Xoffload-linker", "-Xarch_host",
                "-Xarch_device", "-mllvm", "-x", "-target", "-arch", "-z", "-T", "-u", "-e",
                "--sysroot", "-serialize-diagnostics", "-working-directory", "-l", "-B",
                "-iprefix", "-iwithprefix", "-iwithprefixbefore", "-ivfsoverlay"}
# Of those, the ones whose value is a path (must be absolute).
_PATH_VALUE = {"-o", "-I", "-L", "-isystem", "-iquote", "-idirafter", "-isysroot", "--sysroot",
               "-T", "-B", "-iprefix", "-iwithprefix", "-iwithprefixbefore"}
_JOINED_PATH = ("-I", "-L", "-B", "-isystem", "-iquote", "-idirafter", "-isysroot", "--sysroot=")
# Arguments (exact, or prefix when ending in '*') after which no PCH is used.
_DENY = ("-E", "-M*", "-save-temps*", "-###", "-imacros*", "-include-pch*", "-emit-pch", "-fsyntax-only",
         "-H", "-v", "--verbose", "-ftime-*", "-fproc-stat-report*", "-fmodule*", "-Xclang*",
         "-Xarch*", "-Xpreprocessor", "-Wp,*", "-working-directory*", "-g*", "-fprofile*",
         "-fcoverage*", "-ftest-coverage", "--coverage", "-fdebug-compilation-dir*",
         "-ffile-compilation-dir*", "-fno-validate-pch", "-fpch*", "-ivfsoverlay*", "-cuid*",
         "-fuse-cuid*", "-P", "-dD", "-dM", "-dI", "-C", "-CC", "-print*", "--print*", "-dump*",
         "-MJ*", "-fcrash-diagnostics*", "-ccc-*", "-fembed-bitcode*", "-foffload-lto*")
# Link-only arguments, left out of the PCH build (a -fsyntax-only compile would warn about them).
_LINK_ONLY = ("--hip-link", "-no-hip-rt", "-shared", "-static", "-rdynamic", "-pie", "-no-pie",
              "-nostdlib", "-nodefaultlibs", "-nostartfiles", "-pthread")
_ARCH = ("--offload-arch=", "--cuda-gpu-arch=")
_PHASE = ("-c", "-S", "-emit-llvm", "--cuda-device-only", "--cuda-host-only",
          "--offload-device-only", "--offload-host-only", "--no-gpu-bundle-output",
          "--gpu-bundle-output", "--offload-compress", "--no-offload-compress")
# How the PCH is built from the compile's own flags (module doc); part of its key.
_BUILD_FLAGS = ["-fsyntax-only", "-fpch-instantiate-templates", "-Xclang", "-emit-pch"]
_UNUSED_WARNING = re.compile(rb"^\S*clang\S*: warning: argument unused during compilation: .*"
                             rb"\[-Wunused-command-line-argument\]$")
_FIRST_LINE = re.compile(r"#[ \t]*include[ \t]*<hip/hip_runtime\.h>[ \t]*$")
_QUOTE_INCLUDE = re.compile(r'#[ \t]*include[ \t]*"([^"<>\\]+)"[ \t]*$')
_PRAGMA_ONCE = re.compile(r"#[ \t]*pragma[ \t]+once[ \t]*$")


def enabled(environ=None):
    return (environ if environ is not None else os.environ).get(ENV_SWITCH, "1") != "0"


def _denied(a):
    for d in _DENY:
        if (a.startswith(d[:-1]) if d.endswith("*") else a == d):
            return True
    return False


def _relative_path_value(a):
    """An option with a joined value that names a relative path."""
    for p in _JOINED_PATH:
        if a.startswith(p) and len(a) > len(p):
            return not os.path.isabs(a[len(p):])
    if a.startswith("-Wl,"):
        return any(x and not x.startswith(("-", "$")) and not os.path.isabs(x) and
                   (os.sep in x or "." in x) for x in a[4:].split(","))
    if a.startswith("-") and "=" in a:
        v = a.split("=", 1)[1]
        return os.sep in v and not os.path.isabs(v)
    return False


def _first_lines(path, count):
    """The first COUNT preprocessing lines of PATH (after comments and blank lines), fewer
    at the end of the file; None for anything unusual (a // comment continued by a
    backslash, a line with a comment or backslash in it, an unreadable file)."""
    try:
        with open(path, "r", encoding="utf-8") as f:
            text = f.read(1 << 20)
    except (OSError, UnicodeDecodeError):
        return None
    lines = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in " \t\r\n\f\v":
            i += 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            line = text[i:] if j < 0 else text[i:j]
            if line.rstrip("\r").endswith("\\") or "??/" in line:
                return None
            i = n if j < 0 else j + 1
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            if j < 0:
                return None
            i = j + 2
        else:
            j = text.find("\n", i)
            line = (text[i:] if j < 0 else text[i:j]).rstrip("\r")
            if "\\" in line or "/*" in line or "//" in line:
                return None
            lines.append(line)
            if len(lines) == count:
                return lines
            i = n if j < 0 else j + 1
    return lines


def starts_with_hip_runtime(path):
    """Whether the first preprocessing line of PATH (after comments and blank lines) is
    exactly `#include <hip/hip_runtime.h>`. Anything unusual (a // comment continued by a
    backslash, an unreadable file) is False."""
    lines = _first_lines(path, 1)
    return bool(lines) and bool(_FIRST_LINE.match(lines[0]))


def _header_starts_with_hip_runtime(path):
    """starts_with_hip_runtime for a header that may open with `#pragma once`."""
    lines = _first_lines(path, 2)
    if lines and _PRAGMA_ONCE.match(lines[0]):
        lines = lines[1:]
    return bool(lines) and bool(_FIRST_LINE.match(lines[0]))


def enters_hip_runtime_first(path, quote_dirs):
    """Whether the first thing SOURCE's preprocessing enters is <hip/hip_runtime.h>: its
    first preprocessing line is that include, or `#include "H"` where the H found first in
    the source's directory and then QUOTE_DIRS (the -iquote and -I directories, in order)
    starts with it (_header_starts_with_hip_runtime)."""
    lines = _first_lines(path, 1)
    if not lines:
        return False
    if _FIRST_LINE.match(lines[0]):
        return True
    m = _QUOTE_INCLUDE.match(lines[0])
    if not m or os.path.isabs(m.group(1)):
        return False
    for d in [os.path.dirname(path)] + list(quote_dirs):
        h = os.path.join(d, m.group(1))
        if os.path.exists(h):
            return os.path.isfile(h) and _header_starts_with_hip_runtime(h)
    return False


def plan(cmd, environ, cwd):
    """(kind, [targets], pch build base command) when CMD (a complete emulator-path command of
    hipcc.py, cmd[0] the clang) can use a PCH, else (None, reason)."""
    if not enabled(environ):
        return None, ENV_SWITCH + "=0"
    if os.path.exists(os.path.join(cwd, WRAPPER)):
        return None, "the working directory has its own " + WRAPPER
    for var in ("CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH", "OBJC_INCLUDE_PATH", "LIBRARY_PATH"):
        if any(p and not os.path.isabs(p) for p in environ.get(var, "").split(os.pathsep)):
            return None, "relative path in $" + var
    base, inputs, targets = [cmd[0]], [], []
    iquote, angle = [], []  # the quoted include's search path after the source's directory
    lang, prev, wrapper_seen = None, None, False
    device_only = host_only = False
    for a in cmd[1:]:
        if prev is not None:
            p, prev = prev, None
            if p == "-x":
                lang = a
                continue
            if p in _PATH_VALUE and not os.path.isabs(a):
                return None, "relative path %s %s" % (p, a)
            if p == "-include":
                if a != WRAPPER or wrapper_seen:
                    return None, "-include %s" % a
                wrapper_seen = True
                continue
            if p == "-o" or p in ("-Xlinker", "-Xoffload-linker", "-l", "-L"):
                continue
            if p in ("-iquote", "-I"):
                (iquote if p == "-iquote" else angle).append(a)
            base += [p, a]
            continue
        if a in _TAKES_VALUE:
            if _denied(a):
                return None, a
            prev = a
            continue
        if not a.startswith("-"):
            if lang != "hip":
                return None, "input %s is not HIP source" % a
            if not os.path.isabs(a) or not os.path.isfile(a):
                return None, "input %s is not an absolute path to a file" % a
            inputs.append(a)
            continue
        if _denied(a):
            return None, a
        if _relative_path_value(a):
            return None, "relative path in " + a
        if a.startswith("-x"):
            lang = a[2:]
            continue
        for opt, dirs in (("-iquote", iquote), ("-I", angle)):
            if a.startswith(opt) and len(a) > len(opt):
                dirs.append(a[len(opt):])
                break
        if a.startswith(_ARCH):
            targets.append(a.split("=", 1)[1])
            continue
        if a in ("--cuda-device-only", "--offload-device-only"):
            device_only = True
        if a in ("--cuda-host-only", "--offload-host-only"):
            host_only = True
        if a in _PHASE or a in _LINK_ONLY or a.startswith(("-Wl,", "-l", "-L")):
            continue
        base.append(a)
    if prev is not None:
        return None, "%s without a value" % prev
    if not wrapper_seen or not inputs:
        return None, "no HIP source compiled with " + WRAPPER
    if not targets or any(not re.match(r"^[A-Za-z0-9_:+-]+$", t) for t in targets):
        return None, "offload targets %s" % (targets or "missing")
    kind = ("runtime" if all(enters_hip_runtime_first(s, iquote + angle) for s in inputs)
            else "wrapper")
    jobs = ([] if device_only else ["host"]) + ([] if host_only else targets)
    return (kind, jobs, base, targets), None


def _key(plan_, environ, include_dirs, stat_digest, file_digest, tree_files):
    kind, jobs, base, _targets = plan_
    h = hashlib.sha256()
    h.update(json.dumps([_BUILD_FLAGS, kind, jobs, base, environ.get("CLANG_NO_DEFAULT_CONFIG", ""),
                         [environ.get(v, "") for v in ("CPATH", "C_INCLUDE_PATH",
                                                       "CPLUS_INCLUDE_PATH")]]).encode())
    stat_digest(h, base[0])
    for d in include_dirs:
        for f in tree_files(d):
            file_digest(h, f)
    return h.hexdigest()[:32]


def _build(root, plan_, hip_include, environ):
    """Write root/hip/<wrapper>.gch/<job>.pch for every job; True when all were built cleanly."""
    kind, jobs, base, targets = plan_
    gch = os.path.join(root, WRAPPER + ".gch")
    os.makedirs(gch, exist_ok=True)
    main = os.path.join(root, "pch-main.h")
    with open(main, "w") as f:
        f.write('#include "%s"\n' % os.path.join(hip_include, WRAPPER))
        if kind == "runtime":
            f.write("#include <hip/hip_runtime.h>\n")
    procs = []
    for job in jobs:
        if job == "host":
            sel = ["--offload-arch=" + t for t in targets] + ["--cuda-host-only"]
        else:
            sel = ["--offload-arch=" + job, "--cuda-device-only"]
        out = os.path.join(gch, re.sub(r"[^A-Za-z0-9_+-]", "_", job) + ".pch")
        c = base[:1] + sel + base[1:] + ["-x", "hip", main] + _BUILD_FLAGS + ["-Xclang", "-o", "-Xclang",
                                                                            out + ".tmp"]
        procs.append((subprocess.Popen(c, env=environ, cwd=root, stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE), out))
    ok = True
    for p, out in procs:
        so, se = p.communicate()
        noise = [ln for ln in (so + se).splitlines() if ln.strip() and not _UNUSED_WARNING.match(ln)]
        if p.returncode != 0 or noise or not os.path.isfile(out + ".tmp"):
            ok = False
            continue
        os.replace(out + ".tmp", out)
    with open(os.path.join(root, "pch-build.log"), "w") as f:
        f.write("built: %s\n" % ok)
    return ok


def prepare(cache, cmd, environ, cwd, hip_include, include_dirs, digests):
    """The directory to run CMD in so that it uses a PCH (built now if needed), or None.
    DIGESTS: (stat_digest, file_digest, tree_files) of hipcc.py."""
    p, _why = plan(cmd, environ, cwd)
    if p is None:
        return None
    stat_digest, file_digest, tree_files = digests
    try:
        top = os.path.join(cache, "pch")
        os.makedirs(top, exist_ok=True)
        key = _key(p, environ, include_dirs, stat_digest, file_digest, tree_files)
        entry = os.path.join(top, key)
        with open(entry + ".lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # one build per key; the others wait for it
            if not os.path.exists(entry + ".ok") and not os.path.exists(entry + ".failed"):
                if not os.path.exists(entry + ".seen"):
                    # The first compile of a command goes without: a PCH costs about as much
                    # as one compile's header parsing and pays off from the second compile on
                    # (a lit run of one test, e.g. a replay, would only lose by it).
                    open(entry + ".seen", "w").close()
                    return None
                if _build(entry, p, hip_include, environ):
                    open(entry + ".ok", "w").close()
                else:
                    open(entry + ".failed", "w").close()
        if os.path.exists(entry + ".ok") and not os.path.exists(entry + ".bad"):
            return entry
    except OSError:
        pass
    return None


def mark_bad(root):
    """A compile with the PCH under ROOT failed where the plain compile did not: no later
    compile uses it."""
    try:
        open(root + ".bad", "w").close()
    except OSError:
        pass


def run(cmd, environ, root):
    """CMD run in ROOT (so that it uses the PCH): (returncode, stdout, stderr); returncode
    None when it could not be run."""
    try:
        r = subprocess.run(cmd, env=environ, cwd=root, capture_output=True)
    except OSError:
        return None, b"", b""
    return r.returncode, r.stdout, r.stderr
