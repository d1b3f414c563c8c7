"""docs/hip-api.md is in step with the project's headers and tests, and the project's HIP
names are ROCm's (harness/hip/api/rocm_hip_names.csv)."""
import importlib.util
import os
import re
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("hip_api_table",
                                               os.path.join(os.path.dirname(HERE), "hip_api_table.py"))
table = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(table)


class HipApiTable(unittest.TestCase):
    def setUp(self):
        rows, _ = table.read_names()
        self.rocm = {name for name, _, _ in rows}

    def test_doc_is_current(self):
        if not table.find_clang():
            self.skipTest("no clang >= 19 to preprocess the headers with")
        with open(table.DOC, encoding="utf-8") as f:
            current = f.read()
        self.assertTrue(current == table.render(),
                        "docs/hip-api.md is out of date: run python3 harness/hip/api/hip_api_table.py")

    def test_unavailable_names_are_rocm_names(self):
        missing = sorted(table.unavailable_names() - self.rocm)
        self.assertEqual(missing, [], "hipemu_unavailable.def names ROCm does not have")

    def test_runtime_functions_are_rocm_names(self):
        path = os.path.join(table.INCLUDE, "hip_runtime_api.h")
        with open(path, encoding="utf-8") as f:
            text = table.strip_comments(f.read())
        declared = set(re.findall(r"^hipError_t\s+(hip\w+)\s*\(", text, re.M))
        self.assertGreater(len(declared), 50)
        self.assertEqual(sorted(declared - self.rocm), [],
                         "hip_runtime_api.h declares functions ROCm's header does not")

    def test_not_supported_attributes_are_rocm_enumerators(self):
        self.assertEqual(sorted(table.not_supported_names() - self.rocm), [])

    def test_every_status_is_known(self):
        if not table.find_clang():
            self.skipTest("no clang >= 19 to preprocess the headers with")
        rows, _ = table.read_names()
        for name, kind, header, status in table.statuses(rows):
            self.assertIn(status, table.STATUS_ORDER, name)


class TestedDetection(unittest.TestCase):
    """A name counts as tested only where a test's code uses it."""

    def test_comments_strings_and_if0_do_not_count(self):
        code = table.code_only(
            '// hipFoo(1)\n/* hipBar(2) */ printf("hipBaz(3) \\" hipQux(4)");\n'
            "char c = '\"'; int k = hipReal(5);\n#if 0\nhipDead(6);\n#if 1\nhipDeeper(7);\n"
            "#endif\n#else\nhipElse(8);\n#endif\nauto s = R\"x(hipRaw(9))x\";\n")
        words, called = table.names_in(code)
        self.assertEqual(called & {"hipFoo", "hipBar", "hipBaz", "hipQux", "hipDead", "hipDeeper",
                                   "hipRaw"}, set())
        self.assertTrue({"hipReal", "hipElse"} <= called)

    def test_a_function_counts_where_it_is_called(self):
        words, called = table.names_in("int nan = 0; x.shfl; y.shfl_up(v, 1); f<int>(2); g <T, 2> (3);")
        self.assertIn("nan", words)
        self.assertNotIn("nan", called)
        self.assertNotIn("shfl", called)
        self.assertTrue({"shfl_up", "f", "g"} <= called)

    def test_run_lines_of_a_lit_test(self):
        text = "# hipNotRun(1) in a comment\n# RUN: printf 'hipInRun(2);' > %t\n# CHECK: hipChecked(3)\n"
        _, called = table.names_in(table.run_lines(text))
        self.assertEqual(called, {"hipInRun"})


if __name__ == "__main__":
    unittest.main()
