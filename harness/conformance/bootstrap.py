"""Install what the suite needs on a Debian 12 machine (apt), and build the C++ parts.

Root: installs the missing packages with apt-get and says what it installs.
Not root: prints the apt-get command and stops (exit status 2).
"""
import os
import shutil
import subprocess
import sys

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

# Packages by purpose. Package lists are data: the CLI picks the sets it needs.
# make: `run --external` builds programs by their own Makefiles (AMD's examples, the test tree).
BUILD = ["g++", "make", "cmake", "ninja-build", "libgtest-dev", "zlib1g-dev", "libzstd-dev"]
# clang-tools-N carries clang-offload-bundler, which the HIP driver runs to bundle device code.
TOOLCHAIN = {
    "22": ["clang-22", "clang-tools-22", "llvm-22", "llvm-22-tools", "lld-22"],
    "19": ["clang-19", "clang-tools-19", "llvm-19", "llvm-19-tools", "lld-19"],
}
# libFuzzer runtime for the fuzzing tests (clang-22 -fsanitize=fuzzer).
FUZZ = ["libclang-rt-22-dev"]
# A HIP header set and device libraries the tests can obtain on Debian 12 (HIP 5.2): `check` uses
# them to test `hipcc --hip-path /usr` (a ROCm-header build on the emulator) and the HIP 5.x
# hipDeviceProp_t layout against the installed header.
HIP_HEADERS = ["libamdhip64-dev", "rocm-device-libs"]


class BootstrapError(Exception):
    pass


def _missing(packages):
    missing = []
    for p in packages:
        try:
            out = subprocess.run(["dpkg-query", "-W", "-f=${Status}", p],
                                 capture_output=True, text=True).stdout
        except FileNotFoundError:  # not a Debian system
            return []
        if "install ok installed" not in out:
            missing.append(p)
    return missing


def _unavailable(packages):
    """Packages apt has no candidate for (e.g. bookworm-security not configured)."""
    bad = []
    for p in packages:
        out = subprocess.run(["apt-cache", "policy", p], capture_output=True, text=True).stdout
        if "Candidate:" not in out or "Candidate: (none)" in out:
            bad.append(p)
    return bad


def ensure_packages(packages, log=print):
    """Install missing Debian packages. Raises BootstrapError when it cannot."""
    if not shutil.which("dpkg-query"):
        log("bootstrap: not a Debian system (no dpkg-query); assuming the tools are installed")
        return
    missing = _missing(packages)
    if not missing:
        return
    cmd = ["apt-get", "install", "-y", "--no-install-recommends"] + missing
    if os.geteuid() != 0:
        raise BootstrapError(
            "missing packages: %s\nrun as root:\n  apt-get update && %s"
            % (" ".join(missing), " ".join(cmd)))
    log("bootstrap: installing %s" % " ".join(missing))
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    r = subprocess.run(["apt-get", "update", "-qq"], env=env)
    if r.returncode != 0:
        raise BootstrapError("apt-get update failed (exit %d)" % r.returncode)
    bad = _unavailable(missing)
    if bad:
        raise BootstrapError(
            "apt has no candidate for: %s\nOn Debian 12, clang-22 and lld-22 come from "
            "bookworm-security: add 'deb http://deb.debian.org/debian-security "
            "bookworm-security main' to /etc/apt/sources.list" % " ".join(bad))
    r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stdout[-4000:])
        raise BootstrapError("apt-get install failed (exit %d)" % r.returncode)


def build_dir_default():
    return os.environ.get("RDNA4_BUILD_DIR", os.path.join(REPO, "build"))


def build(build_dir, jobs=None, log=print, targets=None):
    """Configure (once) and build the C++ parts with CMake + Ninja (only `targets` if given)."""
    jobs = jobs or max(1, min(os.cpu_count() or 1, 2))
    if not os.path.exists(os.path.join(build_dir, "CMakeCache.txt")):
        log("build: configuring %s" % build_dir)
        gen = ["-G", "Ninja"] if shutil.which("ninja") else []
        r = subprocess.run(["cmake", "-S", REPO, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release"] + gen,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode != 0:
            sys.stderr.write(r.stdout[-6000:])
            raise BootstrapError("cmake configure failed (exit %d)" % r.returncode)
    log("build: building %s (-j%d)%s" % (build_dir, jobs, " " + " ".join(targets) if targets else ""))
    r = subprocess.run(["cmake", "--build", build_dir, "-j%d" % jobs]
                       + (["--target"] + list(targets) if targets else []),
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stdout[-8000:])
        raise BootstrapError("build failed (exit %d)" % r.returncode)
