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
        rows, _ = table.read_names()
        for name, kind, header, status in table.statuses(rows):
            self.assertIn(status, table.STATUS_ORDER, name)


if __name__ == "__main__":
    unittest.main()
