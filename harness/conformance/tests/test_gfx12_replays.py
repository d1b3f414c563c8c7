"""Replays of three classes of upstream gfx12 code generation bugs fail the suite's tests.

Each mode of replay_edits.py rewrites a correct clang's assembly into what the buggy compiler
emitted; the codegen tests (through broken_clang.py, here) and the runtime tests (through
corrupting_clang.py, on the emulator in strict mode: RUNTIME below, run by
test_gfx12_runtime_replays.py, a module of its own so that check's unittest runner runs the two
halves side by side) that target the bug must FAIL, and the same wrappers in pass-through mode
must PASS them. Only the affected tests run.

    python3 -m unittest harness/conformance/tests/test_gfx12_replays.py
Environment: RDNA4_TEST_CLANG (codegen; default: newest clang >= 19, as
test_broken_compiler.py), RDNA4_BUILD_DIR (runtime: the emulator build; default <repo>/build).
The replays need a compiler that emits the correct code: clang >= 20 for the SGPR hazard
waits (clang 19 predates them, llvm PR #100067). The rows whose pattern clang 19 also emits (the
bf16 constant accumulator, the wait between two loads into one VGPR) are replayed on clang 19 too:
codegen by test_known_bug_replay.py (docs/known-bugs.json), runtime here (RUNTIME_CLANG19).
"""
import concurrent.futures
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import test_broken_compiler as tbc  # noqa: E402
import test_corrupting_compiler as tcc  # noqa: E402
import replay_lit  # noqa: E402

CG_DIRS = ("codegen/hazards", "codegen/constant-operands")
BF16_CONST = ["codegen/constant-operands/wmma_bf16_16x16x16_bf16_w32_gfx12.hip/gfx1201",
              "codegen/constant-operands/wmma_bf16_16x16x16_bf16_w64_gfx12.hip/gfx1201"]
SGPR_CG = ["codegen/hazards/sgpr-vcc-waits.hip/gfx1201"]
# Codegen: mode -> the tests of CG_DIRS that must fail (all others pass).
CODEGEN = {
    "inline-const-bf16": BF16_CONST,
    "drop-wait-loadcnt-waw": ["codegen/hazards/vmem-load-waw.hip/gfx1201"],
    "drop-depctr-va-sdst": SGPR_CG,
    "drop-depctr-va-vcc": SGPR_CG,
    "drop-depctr-sa-sdst": SGPR_CG,
}
# Runtime: (mode, test, expected lit result code).
# One pass-through control (the wrapper changes nothing); the unmodified tests also run, and
# pass, in the runtime suite itself.
RUNTIME = [
    ("none", "runtime/hazards/sgpr-vcc-hazards.hip", "PASS"),
    ("inline-const-bf16", "runtime/constant-operands/wmma-c-splat-w32.hip", "FAIL"),
    ("inline-const-bf16", "runtime/constant-operands/wmma-swmmac-c-splat-w64.hip", "FAIL"),
    ("drop-wait-loadcnt-waw", "runtime/hazards/vmem-load-waw.hip", "FAIL"),
    ("drop-depctr-va-sdst", "runtime/hazards/sgpr-vcc-hazards.hip", "FAIL"),
    ("drop-depctr-va-vcc", "runtime/hazards/sgpr-vcc-hazards.hip", "FAIL"),
    ("drop-depctr-sa-sdst", "runtime/hazards/sgpr-vcc-hazards.hip", "FAIL"),
]
# Runtime replays on clang 19 (its programs run with the sgpr rule off, runtime/lit.local.cfg;
# these rows do not need it). Skipped without /usr/lib/llvm-19/bin/clang++.
CLANG19 = "/usr/lib/llvm-19/bin/clang++"
RUNTIME_CLANG19 = [
    ("inline-const-bf16", "runtime/constant-operands/wmma-c-splat-w32.hip", "FAIL"),
    ("drop-wait-loadcnt-waw", "runtime/hazards/vmem-load-waw.hip", "FAIL"),
]
# What a failure must show: a wrong number, or the emulator's hazard report naming the wait.
RUNTIME_SIGN = {
    "inline-const-bf16": r"FAIL (wmma )?bf16 splat",
    "drop-wait-loadcnt-waw": r"missing s_wait_loadcnt: v\d+ overwritten by global_load",
    "drop-depctr-va-sdst": r"missing s_wait_alu depctr_va_sdst\(0\)",
    "drop-depctr-va-vcc": r"missing s_wait_alu depctr_va_vcc\(0\)",
    "drop-depctr-sa-sdst": r"missing s_wait_alu depctr_sa_sdst\(0\)",
}


def _major(clang):
    try:
        out = subprocess.run([clang, "--version"], capture_output=True, text=True).stdout
        return int(out.split("version ", 1)[1].split(".", 1)[0])
    except (OSError, IndexError, ValueError):
        return 0


@unittest.skipUnless(tbc.LIT and tbc.REAL and _major(tbc.REAL) >= 20,
                     "needs lit and a clang >= 20 (the correct code the replays start from)")
class CodegenReplays(unittest.TestCase):
    failed = staticmethod(tbc.BrokenCompilerTest.failed)

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="rdna4-gfx12-replays-")
        # One wrapper for every mode (replay_lit.py); its probe runs in mode none, as it sees
        # only its own files (its one -S compile, the SGPR hazard probe, feeds a runtime-only
        # lit feature).
        cls.wrapper = replay_lit.Wrapper(cls.tmp, "broken", tbc.REAL)
        cls.control = cls.lit("none")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    @classmethod
    def lit(cls, mode):
        return {n: t["code"] for n, t in cls.wrapper.run_lit(tbc.LIT, {p: mode for p in CG_DIRS}).items()}

    def test_control_passes(self):
        self.assertTrue(self.control, "no tests ran")
        self.assertEqual(self.failed(self.control), [])

    def test_replays_fail_their_tests(self):
        # One lit run per mode (every test of CG_DIRS, edited in that mode), two side by side;
        # the control run in setUpClass has cached the probe and the real compiler's output.
        with concurrent.futures.ThreadPoolExecutor(2) as ex:
            runs = {mode: ex.submit(self.lit, mode) for mode in CODEGEN}
        for mode, want in CODEGEN.items():
            with self.subTest(mode=mode):
                res = runs[mode].result()
                self.assertEqual(set(res), set(self.control))
                self.assertEqual(self.failed(res), sorted(want))


if __name__ == "__main__":
    unittest.main()
