#!/usr/bin/env python3
"""Build the loader tests' code objects and their expectations.

Usage: make_fixtures.py OUT_DIR LLVM22_BIN [LLVM19_BIN]

For every compiler given (clang-22, clang-19):
  args.c<V>.elf      plain AMDGPU ELF (gfx1201) from data/args.hip
  args.c<V>.co       the driver's default output: a clang offload bundle
  args.c<V>.expect   what llvm-readelf (--notes, --symbols, --sections) says
                     about it, one fact per line (parsed from its YAML dump)
  args.c<V>.text     the .text section bytes (llvm-objcopy --dump-section)
  fatbin.c<V>.bin    .hip_fatbin of a host object (-x hip -c)
  w64.c<V>.elf       args.hip with -mwavefrontsize64 (and .expect)
  O0.c<V>.elf        args.hip at -O0: scratch (private segment) in use (and .expect)
  <stem>.c<V>.kdasm  the .amdhsa_* directives of each kernel from -S output,
                     "kd <kernel> <directive>=<value> ...": the descriptor as
                     the compiler states it, independent of the ELF bytes
Bundles made with clang-offload-bundler (22): multi.bundle (host, gfx1200,
gfx1201), ccob.v2.zstd, ccob.v3.zstd (COMPRESSED_BUNDLE_FORMAT_VERSION);
by hand with Python's zlib/hashlib, following the CCOB header layout in
clang's OffloadBundler.h: ccob.v1.zlib, ccob.v2.zlib, ccob.v3.zlib; and
fatbin.compressed.bin (clang-22 --offload-compress), generic.bundle
(gfx12-generic only), gfx1100.bundle (no gfx12 entry).
Standard library only.
"""
import hashlib
import os
import re
import struct
import subprocess
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "data", "args.hip")
HOST_PRELUDE = """
typedef struct { unsigned x, y, z; } dim3;
typedef int hipError_t;
typedef struct ihipStream_t* hipStream_t;
extern "C" hipError_t hipLaunchKernel(const void*, dim3, dim3, void**, unsigned long, hipStream_t);
"""


def run(cmd, env=None, **kw):
    e = dict(os.environ, CLANG_NO_DEFAULT_CONFIG="1")
    if env:
        e.update(env)
    r = subprocess.run(cmd, env=e, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)
    if r.returncode != 0:
        sys.stderr.write("make_fixtures: command failed: %s\n%s" % (" ".join(cmd), r.stderr.decode()))
        sys.exit(1)
    return r.stdout.decode()


def device(clangxx, out, *extra):
    run([clangxx, "-x", "hip", "--cuda-device-only", "-nogpulib", "-nogpuinc", "-O3",
         *extra, SRC, "-o", out])


def parse_notes(text):
    """The amdhsa.kernels part of llvm-readelf --notes (YAML) -> list of dicts."""
    kernels, kernel, arg, in_kernels = [], None, None, False
    for line in text.splitlines():
        if line.startswith("amdhsa.kernels:"):
            in_kernels = True
            continue
        if in_kernels and re.match(r"^\S", line):
            in_kernels = False
        if not in_kernels:
            continue
        m = re.match(r"^( *)(- )?(\.[\w.]+):\s*(.*)$", line)
        if not m:
            continue
        indent = len(m.group(1)) + (2 if m.group(2) else 0)
        key, value = m.group(3), m.group(4).strip()
        if indent == 4:  # kernel level
            if m.group(2):
                kernel = {"args": []}
                kernels.append(kernel)
            if key != ".args":
                kernel[key] = value
        elif indent == 8:  # argument level
            if m.group(2):
                arg = {}
                kernel["args"].append(arg)
            arg[key] = value
    return kernels


def expectations(readelf, elf):
    notes = parse_notes(run([readelf, "--notes", elf]))
    syms = {}
    for line in run([readelf, "--symbols", "--wide", elf]).splitlines():
        f = line.split()
        if len(f) >= 8 and f[0].endswith(":") and f[3] in ("FUNC", "OBJECT"):
            syms[f[7]] = (int(f[1], 16), int(f[2]), f[3])
    text_addr = None
    for line in run([readelf, "--sections", "--wide", elf]).splitlines():
        m = re.search(r"\]\s+\.text\s+PROGBITS\s+([0-9a-f]+)", line)
        if m:
            text_addr = int(m.group(1), 16)
    out = ["section .text addr=%d" % text_addr]
    for k in notes:
        name, sym = k[".name"], k[".symbol"]
        kd = syms[sym]
        fn = syms[name]
        fields = ["symbol=" + sym]
        for key in (".kernarg_segment_size", ".kernarg_segment_align", ".group_segment_fixed_size",
                    ".private_segment_fixed_size", ".wavefront_size", ".sgpr_count",
                    ".vgpr_count", ".sgpr_spill_count", ".vgpr_spill_count",
                    ".max_flat_workgroup_size"):
            fields.append("%s=%s" % (key[1:], k[key]))
        fields.append("uses_dynamic_stack=%d" % (k.get(".uses_dynamic_stack") == "true"))
        fields += ["kd_vaddr=%d" % kd[0], "code_vaddr=%d" % fn[0], "code_size=%d" % fn[1]]
        out.append("kernel %s %s" % (name, " ".join(fields)))
        for i, a in enumerate(k["args"]):
            out.append("arg %s %d offset=%s size=%s value_kind=%s address_space=%s" % (
                name, i, a[".offset"], a[".size"], a[".value_kind"], a.get(".address_space", "-")))
    return "\n".join(out) + "\n"


def kd_directives(asm):
    out, kernel = [], None
    for line in asm.splitlines():
        t = line.split()
        if not t:
            continue
        if t[0] == ".amdhsa_kernel":
            kernel = [t[1]]
        elif t[0] == ".end_amdhsa_kernel":
            out.append("kd " + " ".join(kernel))
            kernel = None
        elif kernel is not None and t[0].startswith(".amdhsa_") and len(t) == 2:
            kernel.append("%s=%s" % (t[0][len(".amdhsa_"):], t[1]))
    return "\n".join(out) + "\n"


def ccob(raw, version, method):
    """A CCOB bundle by the header layout of clang's CompressedOffloadBundle."""
    assert method == 0  # zlib; zstd ones come from clang-offload-bundler itself
    payload = zlib.compress(raw, 9)
    h = struct.unpack("<Q", hashlib.md5(raw).digest()[:8])[0]
    if version == 1:
        hdr = b"CCOB" + struct.pack("<HHIQ", 1, method, len(raw), h)
    elif version == 2:
        hdr = b"CCOB" + struct.pack("<HHIIQ", 2, method, 24 + len(payload), len(raw), h)
    else:
        hdr = b"CCOB" + struct.pack("<HHQQQ", 3, method, 32 + len(payload), len(raw), h)
    return hdr + payload


def main():
    out, bin22 = sys.argv[1], sys.argv[2]
    bin19 = sys.argv[3] if len(sys.argv) > 3 else ""
    os.makedirs(out, exist_ok=True)
    tools = lambda b, n: os.path.join(b, n)
    readelf, objcopy = tools(bin22, "llvm-readelf"), tools(bin22, "llvm-objcopy")
    bundler = tools(bin22, "clang-offload-bundler")
    p = lambda n: os.path.join(out, n)
    versions = [("22", bin22)] + ([("19", bin19)] if bin19 else [])
    for v, b in versions:
        cxx = tools(b, "clang++")
        device(cxx, p("args.c%s.elf" % v), "--offload-arch=gfx1201", "--no-gpu-bundle-output")
        device(cxx, p("args.c%s.co" % v), "--offload-arch=gfx1201")
        variants = {"args": ["-O3"], "w64": ["-O3", "-mwavefrontsize64"], "O0": ["-O0"]}
        for stem, flags in variants.items():
            elf = p("%s.c%s.elf" % (stem, v))
            if stem != "args":
                device(cxx, elf, "--offload-arch=gfx1201", "--no-gpu-bundle-output", *flags)
            with open(p("%s.c%s.expect" % (stem, v)), "w") as f:
                f.write(expectations(readelf, elf))
            asm = run([cxx, "-x", "hip", "--cuda-device-only", "-nogpulib", "-nogpuinc",
                       "--offload-arch=gfx1201", *flags, "-S", "-o", "-", SRC])
            with open(p("%s.c%s.kdasm" % (stem, v)), "w") as f:
                f.write(kd_directives(asm))
        run([objcopy, "--dump-section=.text=" + p("args.c%s.text" % v), p("args.c%s.elf" % v),
             p("scratch.o")])
        host_src = p("host.c%s.hip" % v)
        with open(host_src, "w") as f:
            f.write(HOST_PRELUDE + '#include "%s"\n' % SRC)
        run([cxx, "-x", "hip", "-c", "--offload-arch=gfx1201", "--offload-arch=gfx1200",
             "-nogpulib", "-nogpuinc", "-O3", host_src, "-o", p("host.c%s.o" % v)])
        run([objcopy, "--dump-section=.hip_fatbin=" + p("fatbin.c%s.bin" % v),
             p("host.c%s.o" % v), p("scratch.o")])
    cxx22 = tools(bin22, "clang++")
    run([cxx22, "-x", "hip", "-c", "--offload-arch=gfx1201", "--offload-compress", "-nogpulib",
         "-nogpuinc", "-O3", p("host.c22.hip"), "-o", p("host.compressed.o")])
    run([objcopy, "--dump-section=.hip_fatbin=" + p("fatbin.compressed.bin"),
         p("host.compressed.o"), p("scratch.o")])
    device(cxx22, p("args.gfx1200.elf"), "--offload-arch=gfx1200", "--no-gpu-bundle-output")
    device(cxx22, p("args.generic.elf"), "--offload-arch=gfx12-generic", "--no-gpu-bundle-output")
    device(cxx22, p("args.gfx1100.elf"), "--offload-arch=gfx1100", "--no-gpu-bundle-output")
    host_t = "host-x86_64-unknown-linux-gnu-"
    dev = lambda a: "hipv4-amdgcn-amd-amdhsa--" + a
    empty = p("empty")
    open(empty, "wb").close()
    run([bundler, "-type=o", "-targets=%s,%s,%s" % (host_t, dev("gfx1200"), dev("gfx1201")),
         "-input=" + empty, "-input=" + p("args.gfx1200.elf"), "-input=" + p("args.c22.elf"),
         "-output=" + p("multi.bundle")])
    run([bundler, "-type=o", "-targets=%s,%s" % (host_t, dev("gfx12-generic")),
         "-input=" + empty, "-input=" + p("args.generic.elf"), "-output=" + p("generic.bundle")])
    run([bundler, "-type=o", "-targets=%s,%s" % (host_t, dev("gfx1100")),
         "-input=" + empty, "-input=" + p("args.gfx1100.elf"), "-output=" + p("gfx1100.bundle")])
    for ver in (2, 3):
        run([bundler, "-type=o", "-compress",
             "-targets=%s,%s,%s" % (host_t, dev("gfx1200"), dev("gfx1201")),
             "-input=" + empty, "-input=" + p("args.gfx1200.elf"), "-input=" + p("args.c22.elf"),
             "-output=" + p("ccob.v%d.zstd" % ver)],
            env={"COMPRESSED_BUNDLE_FORMAT_VERSION": str(ver)})
    raw = open(p("multi.bundle"), "rb").read()
    for ver in (1, 2, 3):
        with open(p("ccob.v%d.zlib" % ver), "wb") as f:
            f.write(ccob(raw, ver, 0))
    with open(p("stamp"), "w") as f:
        f.write(" ".join(v for v, _ in versions) + "\n")


if __name__ == "__main__":
    main()
