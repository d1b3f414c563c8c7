"""The per-builtin WMMA/SWMMAC codegen tests are generated (harness/conformance/gen_codegen_tests.py
from Inputs/builtins.json): regenerating must not change a file, and the check must notice a
file that was edited by hand or a manifest change that was not regenerated."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
HARNESS = os.path.dirname(os.path.dirname(HERE))
REPO = os.path.dirname(HARNESS)
GEN = os.path.join(HARNESS, "conformance", "gen_codegen_tests.py")
sys.path.insert(0, HARNESS)

from conformance import gen_codegen_tests as gen  # noqa: E402


def run(*args):
    return subprocess.run([sys.executable, GEN] + list(args), capture_output=True, text=True)


class Generated(unittest.TestCase):
    def test_regenerating_changes_nothing(self):
        r = run("--check")
        self.assertEqual(r.returncode, 0, "rerun harness/conformance/gen_codegen_tests.py:\n" + r.stdout + r.stderr)

    def test_every_wmma_and_swmmac_builtin_has_a_generated_file(self):
        with open(gen.MANIFEST) as f:
            names = [b["name"] for b in json.load(f)["builtins"] if b["family"] in ("wmma", "swmmac")]
        files = gen.generated()
        self.assertEqual(len(files), len(names))
        self.assertEqual(len(files), 44)
        for path, text in files.items():
            self.assertTrue(text.startswith(gen.NOTE + "\n"), path)
            self.assertTrue(os.path.isfile(path), path)

    def test_a_hand_edit_or_a_stale_manifest_is_caught(self):
        with tempfile.TemporaryDirectory() as d:
            codegen = os.path.join(d, "codegen")
            for sub in ("wmma-w32", "wmma-w64", "swmmac-w32", "swmmac-w64"):
                shutil.copytree(os.path.join(REPO, "codegen", sub), os.path.join(codegen, sub))
            self.assertEqual(run("--check", "--codegen", codegen).returncode, 0)
            # A weakened CHECK (the C range width no longer checked) in one file.
            p = os.path.join(codegen, "wmma-w32", "wmma_f32_16x16x16_f16_w32_gfx12.hip")
            with open(p) as f:
                text = f.read()
            with open(p, "w") as f:
                f.write(text.replace("// ISA-SAME: [[#C+7]]]{{$}}\n", ""))
            r = run("--check", "--codegen", codegen)
            self.assertEqual(r.returncode, 1)
            self.assertIn("wmma_f32_16x16x16_f16_w32_gfx12.hip differs", r.stdout)
            run("--codegen", codegen)  # regenerating restores it
            with open(p) as f:
                self.assertEqual(f.read(), text)
            # A manifest change (an operand width) shows up in the file of that builtin only.
            with open(gen.MANIFEST) as f:
                man = json.load(f)
            for b in man["builtins"]:
                if b["name"] == "__builtin_amdgcn_swmmac_f32_16x16x32_f16_w64":
                    b["operands"]["B"] = 8
            mpath = os.path.join(d, "builtins.json")
            with open(mpath, "w") as f:
                json.dump(man, f)
            r = run("--check", "--codegen", codegen, "--manifest", mpath)
            self.assertEqual(r.returncode, 1)
            self.assertEqual(r.stdout.count("differs"), 1, r.stdout)
            self.assertIn("swmmac_f32_16x16x32_f16_w64.hip differs", r.stdout)

    def test_the_plain_check_spells_every_operand_width(self):
        # wave32 f32 <- f16: D 8, A 4, B 4, C 8 VGPRs; SWMMAC wave64 iu8: D 4, A 1, B 2, index 1.
        files = gen.generated()
        w = files[os.path.join(REPO, "codegen", "wmma-w32", "wmma_f32_16x16x16_f16_w32_gfx12.hip")]
        for needle in ("[[#D+7]]], v[[[#A:]]:", "[[#A+3]]], v[[[#B:]]:", "[[#B+3]]], v[[[#C:]]:", "[[#C+7]]]{{$}}"):
            self.assertIn(needle, w)
        s = files[os.path.join(REPO, "codegen", "swmmac-w64", "swmmac_i32_16x16x32_iu8_w64.hip")]
        self.assertIn("// ISA-SAME: [[#D+3]]], v[[#A:]], v[[[#B:]]:\n// ISA-SAME: [[#B+1]]], v[[#INDEX:]]{{$}}", s)


if __name__ == "__main__":
    unittest.main()
