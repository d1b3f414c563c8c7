"""Test fixtures: fake toolchains (wrappers around Debian's clang) and a tiny lit suite.

A fake toolchain is an install root <dir>/rocm-X.Y.Z with lib/llvm/bin/clang++ and
.info/version, whose --version line names roc-X.Y.Z. A `bad` one rewrites the
assembly it prints: `neg_lo:[1,0,0]` becomes `neg_lo:[0,0,0]` (the sign of A lost),
the kind of miscompile the suite must catch.
"""
import os
import stat
import textwrap

REAL_CLANG = "/usr/lib/llvm-22/bin/clang++"
LLVM_BIN = "/usr/lib/llvm-22/bin"
LIT = "/usr/lib/llvm-22/bin/lit"


def have_llvm():
    return all(os.access(p, os.X_OK) for p in (REAL_CLANG, LIT, os.path.join(LLVM_BIN, "FileCheck")))


def _exe(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def fake_toolchain(base, version, bad, broken=False, real=REAL_CLANG):
    """Install root base/rocm-<version>; returns its path."""
    root = os.path.join(base, "rocm-" + version)
    os.makedirs(os.path.join(root, ".info"), exist_ok=True)
    with open(os.path.join(root, ".info", "version"), "w") as f:
        f.write(version + "-42\n")
    if broken:  # an install whose compiler does not even start
        _exe(os.path.join(root, "lib", "llvm", "bin", "clang++"),
             '#!/bin/sh\necho "clang++: error while loading shared libraries: libLLVM.so" >&2\nexit 127\n')
        return root
    elif bad:  # rewrites the assembly, on stdout or in the -o file
        body = textwrap.dedent("""\
            out=""; prev=""
            for a in "$@"; do [ "$prev" = "-o" ] && out="$a"; prev="$a"; done
            FLIP='s/neg_lo:\\[1,0,0\\]/neg_lo:[0,0,0]/'
            if [ -z "$out" ] || [ "$out" = "-" ]; then
              "%s" "$@" | sed "$FLIP"
            else
              "%s" "$@" || exit $?
              case "$out" in *.s) sed -i "$FLIP" "$out";; esac
            fi
            """) % (real, real)
    else:
        body = 'exec "%s" "$@"\n' % real
    _exe(os.path.join(root, "lib", "llvm", "bin", "clang++"), textwrap.dedent("""\
        #!/bin/sh
        if [ "$1" = "--version" ]; then
          echo "AMD clang version 19.0.0git (https://github.com/ROCm/llvm-project roc-%s 25000 abcdef)"
          echo "Target: x86_64-unknown-linux-gnu"
          exit 0
        fi
        """) % version + body)
    return root


LIT_CFG = """\
import lit.formats
config.name = "fake-suite"
config.test_format = lit.formats.ShTest(False)
config.suffixes = [".hip"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = lit_config.params.get("build") or os.path.join(os.path.dirname(__file__), "Output")
config.substitutions.append(("%clang", lit_config.params["clang"]))
config.environment["PATH"] = "{bin}:" + os.environ.get("PATH", "")
config.environment["CLANG_NO_DEFAULT_CONFIG"] = "1"
"""

IU8_TEST = """\
// RUN: %clang -x hip --cuda-device-only --offload-arch=gfx1201 -nogpulib -nogpuinc -O3 -S -o - %s | FileCheck %s
typedef int v2i __attribute__((ext_vector_type(2)));
typedef int v8i __attribute__((ext_vector_type(8)));
// CHECK-LABEL: {{^}}signed_a:
// CHECK: v_wmma_i32_16x16x16_iu8 {{.*}} neg_lo:[1,0,0]
extern "C" __attribute__((global)) void signed_a(v8i *o, v2i a, v2i b, v8i c) {
  *o = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12(true, a, false, b, c, false);
}
"""

PLAIN_TEST = """\
// RUN: %clang -x hip --cuda-device-only --offload-arch=gfx1201 -nogpulib -nogpuinc -O3 -S -o - %s | FileCheck %s
// CHECK: s_endpgm
extern "C" __attribute__((global)) void k(int *o) { *o = 1; }
"""

# An injected failure that one known pass causes: the test insists the -O3 IR still
# has an alloca, which SROA removes.
SROA_TEST = """\
// RUN: %clang -x hip --cuda-device-only --offload-arch=gfx1201 -nogpulib -nogpuinc -O3 -S -emit-llvm -o - %s | FileCheck %s
// CHECK: alloca
extern "C" __attribute__((global)) void k(int *o, int n) {
  int t[2] = {n, n * 3};
  o[0] = t[1] + t[0];
}
"""


def lit_suite(base, tests):
    """A lit suite at base/suite with the given {relative path: text}; returns its dir."""
    d = os.path.join(base, "suite")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "lit.cfg.py"), "w") as f:
        f.write("import os\n" + LIT_CFG.replace("{bin}", LLVM_BIN))
    for rel, text in tests.items():
        p = os.path.join(d, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w") as f:
            f.write(text)
    return d
