"""Manifest completeness check (run by codegen/manifest/manifest-complete.test).

Fails (exit 1, one line per problem) when
  - a builtin in Inputs/builtins.json has no codegen test file, or its test does not name the
    builtin, its REQUIRES feature, its ISA mnemonic or its IR intrinsic;
  - a family test directory holds a .hip file that is not in the manifest;
  - the toolchain knows (probe: __has_builtin on gfx1200/gfx1201, wave32 and wave64) a matrix
    builtin that is neither in the manifest nor matched by a not_rdna4 pattern;
  - the toolchain lacks a builtin of the manifest (all 52 exist since clang 19).
Exit 2 on unreadable input.
"""
import argparse
import json
import os
import re
import sys

PREFIX = "__builtin_amdgcn_"
DIRS = {"wmma": "wmma-w{w}", "swmmac": "swmmac-w{w}", "load_tr": "load-tr-w{w}"}
# Kernels a test must have for the manifest's modifier class (see "conventions" in the manifest).
SIGN_CLAMP = ["sign_a%d_b%d_clamp%d" % (a, b, c) for a in (0, 1) for b in (0, 1) for c in (0, 1)][1:]
KERNELS = {
    "float-neg": ["plain", "neg_a", "neg_b", "neg_c", "abs_c", "splat_one_c"],
    "float-neg-c": ["plain", "neg_c", "abs_c", "splat_one_c"],
    "float-neg-ab": ["plain", "neg_a", "neg_b"],
    "int-sign-clamp": ["plain"] + SIGN_CLAMP,
    "none": ["plain"],
}


def test_path(codegen, b):
    return os.path.join(codegen, DIRS[b["family"]].format(w=b["wave"]), b["name"][len(PREFIX):] + ".hip")


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--manifest", required=True)
    ap.add_argument("--probe", required=True, help="toolchain-probe.json written by lit.cfg.py")
    ap.add_argument("--codegen", required=True, help="the codegen/ directory")
    a = ap.parse_args(argv)
    a.codegen = os.path.normpath(os.path.abspath(a.codegen))
    try:
        with open(a.manifest) as f:
            man = json.load(f)
        with open(a.probe) as f:
            probe = json.load(f)
        builtins = man["builtins"]
        patterns = [(re.compile(p["pattern"]), p["reason"]) for p in man.get("not_rdna4", [])]
    except (OSError, ValueError, KeyError, re.error) as e:
        print("error: cannot read inputs: %s" % e)
        return 2
    problems = []
    names = [b["name"] for b in builtins]
    for n in sorted({n for n in names if names.count(n) > 1}):
        problems.append("manifest lists %s more than once" % n)
    for b in builtins:
        for k in ("name", "family", "wave", "feature", "signature", "isa", "operands", "ir"):
            if k not in b:
                problems.append("manifest entry %s lacks field %r" % (b.get("name", "?"), k))
        if b.get("family") not in DIRS:
            problems.append("manifest entry %s has unknown family %r" % (b.get("name"), b.get("family")))
            continue
        path = test_path(a.codegen, b)
        rel = os.path.relpath(path, os.path.dirname(a.codegen))
        if not os.path.isfile(path):
            problems.append("no codegen test for %s: expected %s" % (b["name"], rel))
            continue
        with open(path) as f:
            text = f.read()
        short = b["name"][len(PREFIX):]
        for what, needle in (("builtin name", b["name"]), ("REQUIRES feature", "REQUIRES: builtin-" + short),
                             ("ISA mnemonic", b["isa"] + " "), ("IR intrinsic", "@" + b["ir"] + ".")):
            if needle not in text:
                problems.append("%s does not contain the %s %r" % (rel, what, needle.strip()))
        kernels = ["plain", "imm_offset", "per_lane"] if b["family"] == "load_tr" else KERNELS.get(b.get("modifiers"))
        if kernels is None:
            problems.append("manifest entry %s has unknown modifiers class %r" % (b["name"], b.get("modifiers")))
            kernels = []
        for k in kernels:
            if not re.search(r"^KERNEL %s\(" % k, text, re.M):
                problems.append("%s lacks kernel %s (modifiers %s)" % (rel, k, b["modifiers"]))
        # Every dense wave32 builtin and wave32 transpose load is checked at -O0 and -O3.
        if b["wave"] == 32 and b["family"] in ("wmma", "load_tr"):
            for opt in ("-O0", "-O3"):
                if not re.search(r"RUN: %%hip_device_s %s\b" % opt, text):
                    problems.append("%s has no %s assembly RUN line" % (rel, opt))
    expected = {test_path(a.codegen, b) for b in builtins if b.get("family") in DIRS}
    for fam, pat in DIRS.items():
        for w in (32, 64):
            d = os.path.join(a.codegen, pat.format(w=w))
            if not os.path.isdir(d):
                continue
            for fn in sorted(os.listdir(d)):
                p = os.path.join(d, fn)
                if fn.endswith(".hip") and p not in expected:
                    problems.append("%s is not a builtin of the manifest (typo in the file name?)"
                                    % os.path.relpath(p, os.path.dirname(a.codegen)))
    known = set()
    for per_target in probe.get("known_builtins", {}).values():
        known.update(per_target)
    if not known:
        problems.append("the toolchain probe found no matrix builtin at all (%s)" % probe.get("version_line"))
    listed = set(names)
    for n in sorted(known - listed):
        if not any(p.search(n) for p, _ in patterns):
            problems.append("toolchain knows %s on gfx1200/gfx1201 but the manifest lists it neither as a "
                            "builtin nor under not_rdna4" % n)
    for n in sorted(listed - known):
        problems.append("toolchain %s does not provide %s (every manifest builtin exists since clang 19)"
                        % (probe.get("version_line"), n))
    excluded = sorted(n for n in known - listed)
    print("manifest: %d builtins; toolchain knows %d matrix builtins on RDNA4, %d excluded as not RDNA4: %s"
          % (len(builtins), len(known), len(excluded), " ".join(n[len(PREFIX):] for n in excluded)))
    for p in problems:
        print("error: " + p)
    if not problems:
        print("manifest complete")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
