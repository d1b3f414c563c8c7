"""assumes.py is the one reader of `// ASSUMES:` lines: results.py (PASS*) and lit_format.py
(model contradicted) give the same ids for a test."""
import os
import sys
import tempfile
import unittest

HARNESS = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, HARNESS)

from conformance import assumes, results  # noqa: E402


class Reader(unittest.TestCase):
    def test_forms(self):
        text = ("// RUN: %hipcc %s\n// ASSUMES: float_accumulation, denormals\n"
                "#ASSUMES:nan_results denormals\n  ; ASSUMES: c_modifiers\nint x; // ASSUMES: not_at_line_start\n")
        self.assertEqual(assumes.ids_in(text), ["float_accumulation", "denormals", "nan_results", "c_modifiers"])
        self.assertEqual(assumes.ids_in("// no models here\n"), [])

    def test_one_reader_for_both_users(self):
        from conformance import toolchain
        lit = toolchain.find_lit()  # lit_format imports lit: put lit's package on the path
        if lit:
            with open(lit, errors="replace") as f:
                for line in f.read(2000).splitlines():
                    if "sys.path.insert" in line and '"' in line:
                        sys.path.insert(1, line.split('"')[1])
        try:
            from conformance import lit_format
        except ImportError:
            self.skipTest("needs lit (llvm-22-tools)")
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "t.hip")
            with open(p, "w") as f:
                f.write("// ASSUMES: a b,a\n// ASSUMES: c\n")
            self.assertEqual(results.declared_assumptions(p), ["a", "b", "c"])
            self.assertEqual(lit_format.test_assumes(p), ["a", "b", "c"])
            self.assertEqual(assumes.read(os.path.join(d, "missing.hip")), [])


if __name__ == "__main__":
    unittest.main()
