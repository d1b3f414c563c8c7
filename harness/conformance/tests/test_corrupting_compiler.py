"""The runtime suite catches miscompiled code.

A wrapper compiler (corrupting_clang.py) builds each runtime test normally but edits the device
assembly before it is assembled: a flipped neg_lo bit, swapped fp8/bf8 WMMA opcodes, or
global_load_tr_b128 turned into global_load_b128. The runtime test must then FAIL on the device
(the emulator here), with a numerical mismatch; the same wrapper in pass-through mode must PASS.
Needs the emulator build (<repo>/build or $RDNA4_BUILD_DIR, as `rdna4-conformance check` makes).
"""
import concurrent.futures
import os
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
BUILD = os.environ.get("RDNA4_BUILD_DIR", os.path.join(REPO, "build"))
REAL = "/usr/lib/llvm-22/bin/clang++"
sys.path.insert(0, HERE)
import replay_lit  # noqa: E402


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


# What a runtime FAIL must show: a wrong number, not a build or launch failure.
NUMERIC = r"MISMATCH|expected .* actual|device=-?\d+"


def check_cases(test, tmp, cases, real, signs=None):
    """Asserts, in `test`, the lit result of each (mode, runtime test, expected code) with the
    test built by corrupting_clang.py around `real` in that mode (gfx1201, on the emulator),
    and that a FAIL shows signs[mode] (default: a wrong number). One wrapper (replay_lit.py):
    the cases go into as few lit runs as the most repeated test needs, the first run alone
    (it caches the toolchain probe), the others two at a time."""
    wrapper = replay_lit.Wrapper(tmp, "corrupting", real)
    params = ["build_dir=" + BUILD, "device=emu"]

    def run(group):
        return wrapper.run_lit(_lit(), {t: m for m, t, _ in group}, params=params, timeout=600)

    groups = replay_lit.rounds(cases, lambda c: c[1])
    results = [run(groups[0])]
    with concurrent.futures.ThreadPoolExecutor(2) as ex:
        results += list(ex.map(run, groups[1:]))
    for group, res in zip(groups, results):
        for mode, path, want in group:
            with test.subTest(mode=mode, test=path, clang=real):
                got = [t for n, t in res.items() if n == path or n.startswith(path + "/")]
                test.assertEqual(len(got), 1, sorted(res))
                out = got[0].get("output", "")
                test.assertEqual(got[0]["code"], want, out[-3000:])
                if want == "FAIL":
                    test.assertRegex(out, (signs or {}).get(mode, NUMERIC))


# The runtime replays' requirement (also test_gfx12_runtime_replays.py).
needs_runtime = unittest.skipUnless(
    os.path.exists(os.path.join(BUILD, "harness", "hip", "libhipemu.so")) and os.path.exists(REAL)
    and _lit(), "needs the emulator build (libhipemu.so), clang-22 and lit")


@needs_runtime
class CorruptingCompiler(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="corrupt-")

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def test_modes(self):
        check_cases(self, self.tmp, CASES, REAL)


if __name__ == "__main__":
    unittest.main()
