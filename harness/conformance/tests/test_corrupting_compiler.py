"""The runtime suite catches miscompiled code.

A wrapper compiler (corrupting_clang.py) builds each runtime test normally but edits the device
assembly before it is assembled: a flipped neg_lo bit, swapped fp8/bf8 WMMA opcodes, or
global_load_tr_b128 turned into global_load_b128. The runtime test must then FAIL on the device
(the emulator here), with a numerical mismatch; the same wrapper in pass-through mode must PASS.
Needs the emulator build (<repo>/build or $RDNA4_BUILD_DIR, as `rdna4-conformance check` makes).
"""
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
BUILD = os.environ.get("RDNA4_BUILD_DIR", os.path.join(REPO, "build"))
REAL = "/usr/lib/llvm-22/bin/clang++"


def _lit():
    sys.path.insert(0, os.path.join(REPO, "harness"))
    from conformance import toolchain
    return toolchain.find_lit()


CASES = [
    ("none", "runtime/wmma-w32/wmma_i32_16x16x16_iu8_w32_gfx12.hip", "PASS"),
    ("flip-neg-lo", "runtime/wmma-w32/wmma_i32_16x16x16_iu8_w32_gfx12.hip", "FAIL"),
    ("swap-opcode", "runtime/wmma-w32/wmma_f32_16x16x16_fp8_bf8_w32_gfx12.hip", "FAIL"),
    ("tr-to-plain", "runtime/load-tr-w32/global_load_tr_b128_v8f16.hip", "FAIL"),
]


@unittest.skipUnless(os.path.exists(os.path.join(BUILD, "harness", "hip", "libhipemu.so"))
                     and os.path.exists(REAL) and _lit(),
                     "needs the emulator build (libhipemu.so), clang-22 and lit")
class CorruptingCompiler(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="corrupt-")

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def run_case(self, mode, test):
        bindir = os.path.join(self.tmp, mode, "bin")
        os.makedirs(bindir)
        wrapper = os.path.join(bindir, "clang++")
        with open(wrapper, "w") as f:
            f.write('#!/bin/sh\nexec python3 %s --real %s --mode %s -- "$@"\n'
                    % (os.path.join(HERE, "corrupting_clang.py"), REAL, mode))
        os.chmod(wrapper, 0o755)
        out = os.path.join(self.tmp, mode, "lit.json")
        subprocess.run([_lit(), "-q", os.path.join(REPO, test), "--param", "clang=" + wrapper,
                        "--param", "build_dir=" + BUILD, "--param", "build=" + os.path.join(self.tmp, mode, "lit"),
                        "--param", "targets=gfx1201", "--param", "device=emu", "-o", out],
                       capture_output=True, text=True, timeout=600)
        with open(out) as f:
            tests = json.load(f)["tests"]
        self.assertEqual(len(tests), 1, tests)
        return tests[0]

    def test_modes(self):
        # The cases are independent lit runs of one test each (one compile, one run: a single
        # core): two at a time.
        with concurrent.futures.ThreadPoolExecutor(2) as ex:
            runs = [ex.submit(self.run_case, mode, test) for mode, test, _ in CASES]
        for (mode, test, want), run in zip(CASES, runs):
            with self.subTest(mode=mode, test=test):
                r = run.result()
                self.assertEqual(r["code"], want, r.get("output", "")[-3000:])
                if want == "FAIL":
                    # A wrong number, not a build or launch failure.
                    self.assertRegex(r.get("output", ""), r"MISMATCH|expected .* actual|device=-?\d+")


if __name__ == "__main__":
    unittest.main()
