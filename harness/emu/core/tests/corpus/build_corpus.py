#!/usr/bin/env python3
"""Build the emulator's kernel corpus: every *.hip here, compiled by each clang
(19, 22) at -O0/-O2/-O3 for gfx1201 and gfx1200, as plain AMDGPU ELF code
objects (and llvm-objdump listings). wmma_w64.hip is built with -mwavefrontsize64.

  build_corpus.py OUTDIR [--clang 19,22] [--opt O0,O2,O3] [--arch gfx1201,gfx1200] [--mnemonics]

Writes OUTDIR/<kernelfile>.<clang>.<opt>.<arch>.co and .s (objdump) and prints,
with --mnemonics, the distinct mnemonics over the whole corpus. Exit 1 on any
compile failure (message names the command)."""
import argparse, os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))

def llvm(ver, tool):
    return f"/usr/lib/llvm-{ver}/bin/{tool}"

def build(out, ver, opt, arch, src):
    base = os.path.splitext(os.path.basename(src))[0]
    co = os.path.join(out, f"{base}.clang{ver}.{opt}.{arch}.co")
    cmd = [llvm(ver, "clang++"), "-x", "hip", "--cuda-device-only", f"--offload-arch={arch}",
           "-nogpulib", "-nogpuinc", f"-{opt}", "--no-gpu-bundle-output", "-I", HERE, src, "-o", co]
    if "w64" in base:
        cmd.insert(5, "-mwavefrontsize64")
    env = dict(os.environ, CLANG_NO_DEFAULT_CONFIG="1")
    r = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if r.returncode:
        sys.stderr.write("FAILED: " + " ".join(cmd) + "\n" + r.stderr)
        return None
    d = subprocess.run([llvm(ver, "llvm-objdump"), "-d", f"--mcpu={arch}", co],
                       capture_output=True, text=True, check=True).stdout
    with open(co[:-3] + ".s", "w") as f:
        f.write(d)
    return co

def mnemonics(listing):
    out = set()
    for line in listing.splitlines():
        m = re.match(r"\t([a-z_0-9]+)", line)
        if m:
            out.add(m.group(1))
    return out

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("outdir")
    ap.add_argument("--clang", default="19,22")
    ap.add_argument("--opt", default="O0,O2,O3")
    ap.add_argument("--arch", default="gfx1201,gfx1200")
    ap.add_argument("--mnemonics", action="store_true")
    a = ap.parse_args()
    os.makedirs(a.outdir, exist_ok=True)
    srcs = sorted(os.path.join(HERE, f) for f in os.listdir(HERE) if f.endswith(".hip"))
    ok = True
    allm = {}
    for src in srcs:
        for ver in a.clang.split(","):
            for opt in a.opt.split(","):
                for arch in a.arch.split(","):
                    co = build(a.outdir, ver, opt, arch, src)
                    if not co:
                        ok = False
                        continue
                    for m in mnemonics(open(co[:-3] + ".s").read()):
                        allm.setdefault(m, os.path.basename(co))
    if a.mnemonics:
        for m in sorted(allm):
            print(m, allm[m])
    return 0 if ok else 1

if __name__ == "__main__":
    sys.exit(main())
