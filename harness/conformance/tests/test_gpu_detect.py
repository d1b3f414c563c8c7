"""One GPU detection (toolchain.gpu_arch) used by run, check and hipcc; hipcc resolves --clang
through toolchain.py (no second install-root search).

    python3 -m unittest harness/conformance/tests/test_gpu_detect.py
"""
import os
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(REPO, "harness"))
from conformance import cli, hipcc, toolchain  # noqa: E402


class GpuDetectTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="rdna4-gpu-")

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def tool(self, name, output, status):
        p = os.path.join(self.tmp, name)
        with open(p, "w") as f:
            f.write("#!/bin/sh\nprintf '%s'\nexit %d\n" % (output, status))
        os.chmod(p, 0o755)
        return p

    def test_judged_by_output_not_exit_code(self):
        none0 = self.tool("none0", "", 0)
        other = self.tool("other", "gfx1100\\ngfx942\\n", 0)
        rdna4_fail = self.tool("rdna4_fail", "gfx1201\\n", 1)
        self.assertIsNone(toolchain.gpu_arch([none0, other]))
        self.assertEqual(toolchain.gpu_arch([none0, other, rdna4_fail]), "gfx1201")
        self.assertEqual(toolchain.gpu_arch([self.tool("ri", "  Name:  gfx1200  \\n", 0)]), "gfx1200")
        self.assertIsNone(toolchain.gpu_arch([os.path.join(self.tmp, "missing")]))

    def test_one_detection_everywhere(self):
        saved = toolchain.gpu_tools
        try:
            toolchain.gpu_tools = lambda: [self.tool("found", "gfx1201\\n", 0)]
            self.assertEqual(hipcc.gpu_arch(), "gfx1201")
            self.assertTrue(cli.gpu_present())
            toolchain.gpu_tools = lambda: [self.tool("nothing", "gfx1030\\n", 0)]
            self.assertIsNone(hipcc.gpu_arch())
            self.assertFalse(cli.gpu_present())
        finally:
            toolchain.gpu_tools = saved

    def test_gpu_tools_from_rocm_path(self):
        root = os.path.join(self.tmp, "rocm")
        os.makedirs(os.path.join(root, "bin"))
        t = os.path.join(root, "bin", "rocminfo")
        with open(t, "w") as f:
            f.write("#!/bin/sh\n")
        os.chmod(t, 0o755)
        old = os.environ.get("ROCM_PATH")
        os.environ["ROCM_PATH"] = root
        try:
            self.assertIn(t, toolchain.gpu_tools())
        finally:
            if old is None:
                del os.environ["ROCM_PATH"]
            else:
                os.environ["ROCM_PATH"] = old

    def test_hipcc_uses_toolchain_module(self):
        self.assertIs(hipcc.toolchain, toolchain)
        for gone in ("_toolchain_module", "_version"):
            self.assertFalse(hasattr(hipcc, gone), gone)
        empty = os.path.join(self.tmp, "root")
        os.makedirs(empty)
        with self.assertRaises(hipcc.HipccError) as c:
            hipcc.find_clang(empty)
        self.assertIn("no clang++ found in install root", str(c.exception))


if __name__ == "__main__":
    unittest.main()
