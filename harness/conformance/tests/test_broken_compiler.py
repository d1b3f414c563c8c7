"""The codegen suite must catch compiler regressions and stay quiet on a healthy compiler.

Runs lit on parts of codegen/ with a fake "broken" clang (broken_clang.py: the real clang plus an
edit of the assembly it emits) and asserts that exactly the expected tests fail; the same wrapper
in pass-through mode must pass them all. One target (gfx1201) keeps the run short.

    python3 -m unittest harness/conformance/tests/test_broken_compiler.py
Environment: RDNA4_TEST_CLANG (default: newest /usr/lib/llvm-*/bin/clang++ >= 19), RDNA4_LIT.
"""
import glob
import json
import os
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(REPO, "harness"))
from conformance import toolchain  # noqa: E402
sys.path.insert(0, HERE)
import replay_lit  # noqa: E402

WMMA_W32 = sorted(os.path.basename(p) for p in glob.glob(os.path.join(REPO, "codegen", "wmma-w32", "*.hip")))
SW_W32 = sorted(os.path.basename(p) for p in glob.glob(os.path.join(REPO, "codegen", "swmmac-w32", "*.hip")))
WMMA_W64 = sorted(os.path.basename(p) for p in glob.glob(os.path.join(REPO, "codegen", "wmma-w64", "*.hip")))
TR_W32 = sorted(os.path.basename(p) for p in glob.glob(os.path.join(REPO, "codegen", "load-tr-w32", "*.hip")))
HAZARDS = sorted(os.path.basename(p) for p in glob.glob(os.path.join(REPO, "codegen", "hazards", "*.hip")))


def _find_lit():
    for c in (os.environ.get("RDNA4_LIT"), shutil.which("lit"), "/usr/lib/llvm-22/bin/lit"):
        if c and os.path.exists(c):
            return c
    return None


def _real_clang():
    spec = os.environ.get("RDNA4_TEST_CLANG")
    try:
        return toolchain.resolve(spec)["clang"] if spec else toolchain.discover()[0]["clang"]
    except (toolchain.ToolchainError, IndexError):
        return None


LIT, REAL = _find_lit(), _real_clang()


@unittest.skipUnless(LIT and REAL, "needs lit (llvm-22-tools) and a clang >= 19")
class BrokenCompilerTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="rdna4-broken-clang-")
        # One wrapper for every mode (replay_lit.py): the toolchain probe runs once, and each
        # test's RUN lines are compiled once, each mode editing that output afresh.
        cls.wrapper = replay_lit.Wrapper(cls.tmp, "broken", REAL)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def run_lit(self, mode, *paths):
        """{test name: lit result code} of one lit run over `paths` with every compile in `mode`."""
        res = {n: t["code"] for n, t in self.wrapper.run_lit(LIT, {p: mode for p in paths}).items()}
        self.assertTrue(res, "no tests ran")
        return res

    @staticmethod
    def failed(res):
        return sorted(n for n, c in res.items() if c in ("FAIL", "UNRESOLVED", "XPASS"))

    def test_healthy_compiler_passes(self):
        res = self.run_lit("none", "codegen/wmma-w32", "codegen/load-tr-w32", "codegen/hazards")
        self.assertEqual(self.failed(res), [])
        self.assertEqual(len(res), len(WMMA_W32) + len(TR_W32) + len(HAZARDS))

    def test_flipped_neg_lo_bit(self):
        res = self.run_lit("flip-neg-lo", "codegen/wmma-w32", "codegen/swmmac-w32")
        # Every dense w32 builtin has a kernel whose WMMA carries neg_lo, except bf16_bf16
        # (its operands are raw bf16 bits in shorts: nothing folds). SWMMAC: the f16 variants
        # (negated A/B) and the integer ones (signedness); bf16 and fp8/bf8 carry no neg_lo.
        expect = ["codegen/wmma-w32/%s/gfx1201" % f for f in WMMA_W32 if "bf16_16x16x16_bf16" not in f]
        expect += ["codegen/swmmac-w32/%s/gfx1201" % f for f in SW_W32 if "_f16_w32" in f or "_iu" in f]
        self.assertEqual(len(expect), 15)
        self.assertEqual(self.failed(res), sorted(expect))

    def test_narrowed_register_range(self):
        res = self.run_lit("narrow-range", "codegen/wmma-w32", "codegen/wmma-w64", "codegen/swmmac-w32")
        expect = ["codegen/wmma-w32/%s/gfx1201" % f for f in WMMA_W32]
        expect += ["codegen/wmma-w64/%s/gfx1201" % f for f in WMMA_W64]
        expect += ["codegen/swmmac-w32/%s/gfx1201" % f for f in SW_W32]
        self.assertEqual(len(expect), 33)
        self.assertEqual(self.failed(res), sorted(expect))

    def test_swapped_opcode(self):
        res = self.run_lit("swap-opcode", "codegen/wmma-w32")
        self.assertEqual(self.failed(res), ["codegen/wmma-w32/wmma_f32_16x16x16_bf8_fp8_w32_gfx12.hip/gfx1201",
                                            "codegen/wmma-w32/wmma_f32_16x16x16_fp8_bf8_w32_gfx12.hip/gfx1201"])

    def test_cache_hint_on_transpose_load(self):
        res = self.run_lit("add-th", "codegen/load-tr-w32")
        self.assertEqual(self.failed(res), ["codegen/load-tr-w32/%s/gfx1201" % f for f in TR_W32])

    def test_missing_hazard_nop(self):
        res = self.run_lit("drop-hazard-nop", "codegen/hazards")
        self.assertEqual(self.failed(res), ["codegen/hazards/wmma-d-feeds-a-or-b.hip/gfx1201"])
        self.assertEqual(res.get("codegen/hazards/wmma-d-feeds-c.hip/gfx1201"), "PASS")

    def test_ir_clamp_bit(self):
        res = self.run_lit("ir-flip-clamp", "codegen/wmma-w32")
        self.assertEqual(self.failed(res), ["codegen/wmma-w32/%s/gfx1201" % f for f in WMMA_W32 if "_iu" in f])


if __name__ == "__main__":
    unittest.main()
