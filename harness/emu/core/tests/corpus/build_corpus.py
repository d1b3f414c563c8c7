#!/usr/bin/env python3
"""Build the emulator's kernel corpus: every *.hip here, compiled by each clang
(19, 22) at -O0/-O2/-O3 for gfx1201 and gfx1200, as plain AMDGPU ELF code
objects (and llvm-objdump listings). wmma_w64.hip is built with -mwavefrontsize64.

  build_corpus.py OUTDIR [--clang 19,22] [--opt O0,O2,O3] [--arch gfx1201,gfx1200] [--mnemonics]

Writes OUTDIR/<kernelfile>.clang<N>.<opt>.<arch>[.w64].co and .s (objdump) and prints,
with --mnemonics, the distinct mnemonics over the whole corpus. Exit 1 on any
compile failure (message names the command)."""
import argparse, os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))

def llvm(ver, tool):
    return f"/usr/lib/llvm-{ver}/bin/{tool}"

def build(out, ver, opt, arch, src, listing=True, reuse=False):
    """OUTDIR/<kernelfile>.clang<ver>.<opt>.<arch>[.w64].co (the names and flags of the core
    and hazard tests' compile_hip, test_util.cc, which share the directory), and with `listing`
    its objdump listing (.s). `reuse`: a code object newer than the source and hip_mini.h is
    not compiled again."""
    base = os.path.splitext(os.path.basename(src))[0]
    w64 = "w64" in base
    co = os.path.join(out, f"{base}.clang{ver}.{opt}.{arch}{'.w64' if w64 else ''}.co")
    deps = [src, os.path.join(os.path.dirname(src), "hip_mini.h")]
    if reuse and os.path.exists(co) and all(
            not os.path.exists(d) or os.path.getmtime(d) <= os.path.getmtime(co) for d in deps):
        return co
    tmp = "%s.tmp%d" % (co, os.getpid())  # other tests compile into the same directory
    cmd = [llvm(ver, "clang++"), "-x", "hip", "--cuda-device-only", f"--offload-arch={arch}",
           "-nogpulib", "-nogpuinc", f"-{opt}", "--no-gpu-bundle-output", "-I", HERE, src, "-o", tmp]
    if w64:
        cmd.insert(5, "-mwavefrontsize64")
    env = dict(os.environ, CLANG_NO_DEFAULT_CONFIG="1")
    r = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if r.returncode:
        sys.stderr.write("FAILED: " + " ".join(cmd) + "\n" + r.stderr)
        if os.path.exists(tmp):
            os.unlink(tmp)
        return None
    os.replace(tmp, co)
    if listing:
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
