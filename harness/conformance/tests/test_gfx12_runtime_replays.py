"""Runtime half of test_gfx12_replays.py: the runtime tests that target each replayed upstream
gfx12 bug FAIL when corrupting_clang.py rewrites the device assembly into what the buggy
compiler emitted (on the emulator in strict mode, with the failure's sign: a wrong number or
the emulator's hazard report naming the wait), and PASS in pass-through mode. The cases and
signs are the RUNTIME, RUNTIME_CLANG19 and RUNTIME_SIGN tables of test_gfx12_replays.py.

    python3 -m unittest harness/conformance/tests/test_gfx12_runtime_replays.py
Environment: RDNA4_BUILD_DIR (the emulator build; default <repo>/build).
"""
import os
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import test_corrupting_compiler as tcc  # noqa: E402
import test_gfx12_replays as g12  # noqa: E402


@tcc.needs_runtime
class RuntimeReplays(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="rdna4-gfx12-replays-rt-")

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def test_replays(self):
        tcc.check_cases(self, self.tmp, g12.RUNTIME, tcc.REAL, g12.RUNTIME_SIGN)

    @unittest.skipUnless(os.path.exists(g12.CLANG19), "needs " + g12.CLANG19)
    def test_replays_clang19(self):
        tcc.check_cases(self, self.tmp, g12.RUNTIME_CLANG19, g12.CLANG19, g12.RUNTIME_SIGN)


if __name__ == "__main__":
    unittest.main()
