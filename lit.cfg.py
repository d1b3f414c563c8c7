# -*- Python -*-
# lit configuration of the RDNA4 matrix-builtin conformance suite (codegen/ and runtime/).
#
#   lit codegen --param clang=PATH [--param tools=DIR] [--param targets=gfx1201] [--param build=DIR]
#
# clang=   compiler under test: clang/clang++/amdclang++ path or an install root (ROCm:
#          <root>/lib/llvm/bin/clang++ or <root>/llvm/bin/clang++; a TheRock venv root).
#          Default: the newest /usr/lib/llvm-*/bin/clang++ with version >= 19.
# tools=   directory with FileCheck and not (default: the compiler's own dir when it has them,
#          else the newest /usr/lib/llvm-*/bin that does).
# targets= comma-separated list (default gfx1200,gfx1201). Every test file runs once per target
#          as a lit test named <file>/<target>; a file with the marker SINGLE-TARGET in its first
#          lines, or a .test file, runs once.
# build=   exec root (test outputs, probe cache). Default <repo>/build/lit/<toolchain-id>.
#
# Toolchain facts come from probing (harness/conformance/toolchain.py), cached in the exec root.
# Features: clang-major-N, rocm|upstream, f16-operand-float16|fp16, swmmac-index-i16|i32,
# builtin-<name without __builtin_amdgcn_> (known on gfx1201), any-target-<name> (__has_builtin
# on some supported target), arch-<gfx> (offload arch accepted), gfx11-wmma-on-gfx12-crashes, target-<gfx> (per test).
# Substitutions: %clang (compiler under test), %hip_device (device-only HIP compile for %target),
# %hip_device_ll / %hip_device_s (-S -emit-llvm / -S to stdout), %hip_device_any_arch (no
# --offload-arch: negative tests name their own), %target / %arch,
# %swmmac_index (probed IR type of the SWMMAC index), %python, %manifest, %probe_json.

import importlib.util
import json
import os
import shlex
import sys

REPO = os.path.dirname(os.path.abspath(__file__))


def _load_toolchain_module():
    path = os.path.join(REPO, "harness", "conformance", "toolchain.py")
    spec = importlib.util.spec_from_file_location("rdna4_conformance_toolchain", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


toolchain = _load_toolchain_module()
# The test format lives in an importable module: lit pickles it for its worker processes.
sys.path.insert(0, os.path.join(REPO, "harness"))
from conformance import lit_format  # noqa: E402

config.name = "rdna4-conformance"
config.test_source_root = REPO
config.suffixes = [".hip", ".cpp", ".ll", ".s", ".test"]
config.excludes = ["Inputs", "harness", "build", "Output", ".git", ".ci", "README.md",
                   "CMakeLists.txt", "lit.cfg.py", "lit.local.cfg"]

manifest_path = os.path.join(REPO, "Inputs", "builtins.json")
try:
    with open(manifest_path) as f:
        manifest = json.load(f)
    manifest_names = [b["name"] for b in manifest["builtins"]]
except (OSError, ValueError, KeyError) as e:
    lit_config.fatal("cannot read the builtin manifest %s: %s" % (manifest_path, e))

targets = [t.strip() for t in lit_config.params.get("targets", "gfx1200,gfx1201").split(",") if t.strip()]
if not targets:
    lit_config.fatal("--param targets= names no target")
for t in targets:
    if t not in toolchain.RDNA4_TARGETS:
        lit_config.fatal("--param targets=%s: %s is not an RDNA4 target (known: %s)"
                         % (",".join(targets), t, ", ".join(toolchain.RDNA4_TARGETS)))

try:
    info = toolchain.resolve(lit_config.params.get("clang"))
    build = lit_config.params.get("build")
    exec_root = os.path.abspath(build) if build else \
        os.path.join(REPO, "build", "lit", toolchain.toolchain_id(info))
    probe = toolchain.probe(info["clang"], cache_dir=exec_root, extra_names=manifest_names,
                            targets=tuple(sorted(set(targets) | {"gfx1201"})))
    tools_dir = toolchain.find_tools(lit_config.params.get("tools"), info["clang"])
except toolchain.ToolchainError as e:
    lit_config.fatal("toolchain: %s" % e)

for t in targets:
    if not probe["targets"].get(t):
        lit_config.fatal("toolchain %s does not compile for %s: %s"
                         % (info["version"], t, probe["target_errors"].get(t)))

config.test_exec_root = exec_root
config.clang = info["clang"]
config.tools_dir = tools_dir
config.toolchain = probe
config.rdna4_targets = targets
config.rdna4_manifest = manifest_path

lit_config.note("toolchain: %s" % probe["version_line"])
lit_config.note("compiler: %s (%s; %s)" % (info["clang"], probe["vendor"], probe["vendor_evidence"]))
lit_config.note("tools: %s; targets: %s; exec root: %s%s"
                % (tools_dir, ",".join(targets), exec_root, " (probe cached)" if probe.get("cached") else ""))

for feat in toolchain.lit_features(probe):
    config.available_features.add(feat)

# Environment: compiler config files off; the LLVM test tools first on PATH.
config.environment["CLANG_NO_DEFAULT_CONFIG"] = "1"
config.environment["PATH"] = os.pathsep.join([tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])
for var in ("HOME", "TMPDIR", "ROCM_PATH", "HIP_PATH"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

f16 = {"float16": "_Float16", "fp16": "__fp16"}.get(probe["f16_operand"], "_Float16")
inc = os.path.join(REPO, "Inputs", "codegen")
q = shlex.quote
hip_device_any_arch = "%s -x hip --cuda-device-only -nogpulib -nogpuinc -I%s -DRDNA4_F16=%s" % (
    q(info["clang"]), q(inc), f16)
hip_device = hip_device_any_arch + " --offload-arch=%target"
probe_json = os.path.join(exec_root, "toolchain-probe.json")

# Order matters: longer names first (lit applies substitutions in list order).
config.substitutions += [
    ("%hip_device_ll", hip_device + " -S -emit-llvm -o -"),
    ("%hip_device_s", hip_device + " -S -o -"),
    ("%hip_device_any_arch", hip_device_any_arch),
    ("%hip_device", hip_device),
    ("%swmmac_index", probe.get("swmmac_index") or "i32"),
    ("%manifest", q(manifest_path)),
    ("%probe_json", q(probe_json)),
    ("%python", q(sys.executable)),
    ("%clang", q(info["clang"])),
]

config.test_format = lit_format.PerTargetShTest(execute_external=False)
