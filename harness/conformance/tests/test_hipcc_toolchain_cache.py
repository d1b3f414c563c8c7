"""`rdna4-conformance hipcc` asks a compiler its version once per lit run (hipcc._resolve).

With RDNA4_HIPCC_CACHE set (runtime/lit.local.cfg: one directory per lit run) the result of
toolchain.resolve for a --clang file is kept there, keyed by the file: a second compile does
not run `clang --version`, a changed compiler (mtime) is asked again, a refused compiler is
not kept, and without the cache every compile asks.

    python3 -m unittest harness/conformance/tests/test_hipcc_toolchain_cache.py
"""
import os
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(REPO, "harness"))
from conformance import hipcc, toolchain  # noqa: E402


class ToolchainCache(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="rdna4-hipcc-tc-")
        self.clang = os.path.join(self.tmp, "clang++")
        with open(self.clang, "w") as f:
            f.write("#!/bin/sh\n")
        os.chmod(self.clang, 0o755)
        self.cache = os.path.join(self.tmp, "cache")
        self.calls = []
        self.refuse = False
        self.real_resolve = toolchain.resolve

        def fake(spec):
            self.calls.append(spec)
            if self.refuse:
                raise toolchain.ToolchainError("%s is clang 18" % spec)
            return {"clang": spec, "version": "clang version 22.1.0", "major": 22}
        toolchain.resolve = fake
        self.old_env = os.environ.get("RDNA4_HIPCC_CACHE")
        os.environ["RDNA4_HIPCC_CACHE"] = self.cache

    def tearDown(self):
        toolchain.resolve = self.real_resolve
        if self.old_env is None:
            os.environ.pop("RDNA4_HIPCC_CACHE", None)
        else:
            os.environ["RDNA4_HIPCC_CACHE"] = self.old_env
        shutil.rmtree(self.tmp, ignore_errors=True)

    def test_asked_once_per_compiler_file(self):
        for _ in range(3):
            self.assertEqual(hipcc.find_clang(self.clang), self.clang)
        self.assertEqual(self.calls, [self.clang])
        st = os.stat(self.clang)
        os.utime(self.clang, ns=(st.st_atime_ns, st.st_mtime_ns + 10 ** 9))  # a new compiler
        hipcc.find_clang(self.clang)
        self.assertEqual(self.calls, [self.clang, self.clang])

    def test_refusal_is_not_kept(self):
        self.refuse = True
        for _ in range(2):
            with self.assertRaises(hipcc.HipccError) as cm:
                hipcc.find_clang(self.clang)
            self.assertIn("clang 18", str(cm.exception))
        self.assertEqual(len(self.calls), 2)
        self.refuse = False
        hipcc.find_clang(self.clang)
        hipcc.find_clang(self.clang)
        self.assertEqual(len(self.calls), 3)

    def test_without_cache_every_compile_asks(self):
        del os.environ["RDNA4_HIPCC_CACHE"]
        hipcc.find_clang(self.clang)
        hipcc.find_clang(self.clang)
        self.assertEqual(len(self.calls), 2)

    def test_damaged_entry_is_asked_again(self):
        hipcc.find_clang(self.clang)
        for name in os.listdir(self.cache):
            with open(os.path.join(self.cache, name), "w") as f:
                f.write("{not json")
        self.assertEqual(hipcc.find_clang(self.clang), self.clang)
        self.assertEqual(len(self.calls), 2)


if __name__ == "__main__":
    unittest.main()
