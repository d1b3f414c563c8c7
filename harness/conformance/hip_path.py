"""`rdna4-conformance hipcc --device emu --hip-path DIR`: build with a ROCm HIP install's
headers and device libraries and link the emulator's runtime (libhipemu.so).

libhipemu.so speaks ROCm's runtime ABI for what it implements (registration, launch, memory,
streams, events, modules, symbols). The one ABI difference between HIP versions it must
follow is the hipDeviceProp_t layout: HIP 5.x programs call hipGetDeviceProperties with the
5.x structure ("R0000"); HIP 6 headers rename the call to hipGetDevicePropertiesR0600 and
use a different structure. libhipemu.so implements both (harness/hip/src/rocm_abi.h;
harness/hip/tests/test_rocm_abi.cpp compares both member by member with figures measured from
the HIP 5.2 and ROCm 6.2.0 headers, harness/hip/tests/rocm_layouts.def). layout_for() says which versions
use which; any other version is refused here with an error, never built into a program that
would misread the structure.
Python standard library only.
"""

import glob
import os
import re

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PRELUDE = os.path.join(REPO, "harness", "hip", "rocm", "hipemu_rocm_prelude.h")

R0000 = "R0000 (HIP 5.x hipDeviceProp_t, 792 bytes)"
R0600 = "R0600 (HIP 6 hipDeviceProp_tR0600, 1472 bytes)"
KNOWN_TEXT = "HIP 5.2 (%s) and HIP 6.x (%s)" % (R0000, R0600)


def layout_for(major, minor):
    """The hipDeviceProp_t layout libhipemu.so implements for HIP major.minor, or None.
    5.2: the only 5.x header set checked (Debian 12); 6.x: the R0600 tag freezes the layout
    for every 6.x release; 7 and later are not checked yet."""
    if (major, minor) == (5, 2):
        return R0000
    if major == 6:
        return R0600
    return None

# Device-library control files linked with ocml/ockl (AMD ROCm-Device-Libs README, "Using
# the device libraries": the oclc_* files select the build options). Code object v5 ABI,
# wave32, denormals kept, no finite-only / unsafe math, correctly rounded sqrt.
DEVICE_LIBS = ("ocml.bc", "ockl.bc", "oclc_abi_version_500.bc", "oclc_wavefrontsize64_off.bc",
               "oclc_daz_opt_off.bc", "oclc_finite_only_off.bc", "oclc_unsafe_math_off.bc",
               "oclc_correctly_rounded_sqrt_on.bc")


class HipPathError(Exception):
    pass


def include_dir(root):
    """DIR/include when it holds hip/hip_version.h (ROCm, or Debian's /usr)."""
    inc = os.path.join(root, "include")
    if not os.path.isfile(os.path.join(inc, "hip", "hip_version.h")):
        raise HipPathError("--hip-path %s: no include/hip/hip_version.h there (expected a ROCm "
                           "install root such as /opt/rocm, or /usr with Debian's "
                           "libamdhip64-dev)" % root)
    return inc


def version(root):
    """(major, minor, patch) from DIR/include/hip/hip_version.h."""
    path = os.path.join(include_dir(root), "hip", "hip_version.h")
    try:
        with open(path, errors="replace") as f:
            text = f.read()
    except OSError as e:
        raise HipPathError("--hip-path %s: cannot read %s: %s" % (root, path, e))
    v = {}
    for name in ("MAJOR", "MINOR", "PATCH"):
        m = re.search(r"#\s*define\s+HIP_VERSION_%s\s+(\d+)" % name, text)
        if not m:
            raise HipPathError("--hip-path %s: %s does not define HIP_VERSION_%s"
                               % (root, path, name))
        v[name] = int(m.group(1))
    return v["MAJOR"], v["MINOR"], v["PATCH"]


def check_version(root):
    major, minor, patch = version(root)
    if not layout_for(major, minor):
        raise HipPathError(
            "--hip-path %s: HIP %d.%d.%d: libhipemu.so does not know this version's "
            "hipDeviceProp_t layout (it knows %s), so a program built with these headers "
            "could misread hipGetDeviceProperties; refusing. Build with the project's own "
            "headers (no --hip-path) instead" % (root, major, minor, patch, KNOWN_TEXT))
    return major, minor, patch


def device_lib_dir(root):
    """The directory of ocml.bc/ockl.bc: ROCm's layouts (DIR/amdgcn/bitcode,
    DIR/lib/llvm/lib/clang/*/lib/amdgcn/bitcode) or Debian's rocm-device-libs
    (DIR/lib/<multiarch>/amdgcn/bitcode)."""
    cands = [os.path.join(root, "amdgcn", "bitcode"), os.path.join(root, "lib", "amdgcn", "bitcode")]
    cands += sorted(glob.glob(os.path.join(root, "lib", "*", "amdgcn", "bitcode")))
    cands += sorted(glob.glob(os.path.join(root, "lib", "llvm", "lib", "clang", "*", "lib",
                                           "amdgcn", "bitcode")), reverse=True)
    for d in cands:
        if all(os.path.isfile(os.path.join(d, f)) for f in DEVICE_LIBS):
            return d
    raise HipPathError("--hip-path %s: no device libraries (%s) found in %s. Debian: apt-get "
                       "install rocm-device-libs" % (root, ", ".join(DEVICE_LIBS[:2]),
                                                     ", ".join(cands[:3])))


def emu_flags(root):
    """clang flags replacing the project's headers by DIR's."""
    root = os.path.abspath(root)
    check_version(root)
    libdir = device_lib_dir(root)
    flags = ["--hip-path=" + root, "--rocm-path=" + root, "--hip-device-lib-path=" + libdir]
    flags += ["--hip-device-lib=" + f for f in DEVICE_LIBS]
    # No oclc_isa_version_*.bc: --hip-device-lib links the same files into every arch's code,
    # so the prelude defines the ISA-version constant per arch instead.
    flags += ["-include", PRELUDE]
    return flags
