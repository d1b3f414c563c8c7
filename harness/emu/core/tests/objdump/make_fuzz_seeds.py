#!/usr/bin/env python3
"""Seed inputs for harness/emu/fuzz/fuzz_decoder: real gfx1201 machine code.

  make_fuzz_seeds.py OUTDIR [LLVM_BINDIR]

Compiles every harness/emu/core/tests/corpus/*.hip with clang (default
/usr/lib/llvm-22/bin) at -O0 and -O3, extracts .text with llvm-objcopy and writes
OUTDIR/<name>.<opt>.<k>.bin = one mode byte (0 wave32, 1 wave64: fuzz_decoder's input
format) + the k-th 512 bytes of the code. Also writes a few hand-made edge cases (truncated VOP3, literal
past the end, VOPD, all-ones words). Exit 1 if nothing could be built."""
import glob
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.normpath(os.path.join(HERE, "..", "corpus"))


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    out = sys.argv[1]
    bindir = sys.argv[2] if len(sys.argv) == 3 else "/usr/lib/llvm-22/bin"
    os.makedirs(out, exist_ok=True)
    edge = {
        "vop3_truncated": b"\x00" + bytes.fromhex("000100d5"),
        "literal_past_end": b"\x00" + bytes.fromhex("ff000276"),
        "smem_truncated": b"\x00" + bytes.fromhex("000000f4"),
        "vglobal_truncated": b"\x00" + bytes.fromhex("0000 05ee 0000 0000".replace(" ", "")),
        "all_ones": b"\x01" + b"\xff" * 32,
        "zeros": b"\x00" + b"\x00" * 16,
    }
    for k, v in edge.items():
        with open(os.path.join(out, k + ".bin"), "wb") as f:
            f.write(v)
    made = 0
    env = dict(os.environ, CLANG_NO_DEFAULT_CONFIG="1")
    with tempfile.TemporaryDirectory() as tmp:
        for src in sorted(glob.glob(os.path.join(CORPUS, "*.hip"))):
            name = os.path.splitext(os.path.basename(src))[0]
            w64 = "w64" in name
            for opt in ("O0", "O3"):
                co = os.path.join(tmp, "k.co")
                cmd = [os.path.join(bindir, "clang++"), "-x", "hip", "--cuda-device-only",
                       "--offload-arch=gfx1201", "-nogpulib", "-nogpuinc", "-" + opt,
                       "--no-gpu-bundle-output", "-I", CORPUS, src, "-o", co]
                if w64:
                    cmd.insert(5, "-mwavefrontsize64")
                if subprocess.run(cmd, env=env, capture_output=True).returncode:
                    print("make_fuzz_seeds: skipping %s -%s (does not compile)" % (name, opt), file=sys.stderr)
                    continue
                text = os.path.join(tmp, "k.text")
                r = subprocess.run([os.path.join(bindir, "llvm-objcopy"), "-O", "binary",
                                    "--only-section=.text", co, text], capture_output=True)
                if r.returncode:
                    continue
                with open(text, "rb") as f:
                    code = f.read()
                # 512-byte pieces (4-byte aligned): libFuzzer's max_len follows the largest
                # seed, and short inputs keep the executions per second high.
                for k in range(0, len(code), 512):
                    with open(os.path.join(out, "%s.%s.%03d.bin" % (name, opt, k // 512)), "wb") as f:
                        f.write((b"\x01" if w64 else b"\x00") + code[k:k + 512])
                made += 1
    print("make_fuzz_seeds: %d code seeds, %d edge cases in %s" % (made, len(edge), out))
    return 0 if made else 1


if __name__ == "__main__":
    sys.exit(main())
