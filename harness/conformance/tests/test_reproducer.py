"""reproducer.py: reproducer directories from real lit failures (a miscompiling fake
toolchain and a backend crash), their self-containedness, and the llvm-reduce step."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
import contextlib
import io

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
from conformance import reproducer, results  # noqa: E402

import fakes  # noqa: E402

HEADER = """\
typedef int v2i __attribute__((ext_vector_type(2)));
typedef int v8i __attribute__((ext_vector_type(8)));
"""

IU8_WITH_HEADER = """\
// RUN: %clang -x hip --cuda-device-only --offload-arch=gfx1201 -nogpulib -nogpuinc -I%S/../../Inputs/codegen -O3 -S -o - %s | FileCheck %s
#include "types.h"
// CHECK-LABEL: {{^}}signed_a:
// CHECK: v_wmma_i32_16x16x16_iu8 {{.*}} neg_lo:[1,0,0]
extern "C" __attribute__((global)) void signed_a(v8i *o, v2i a, v2i b, v8i c) {
  *o = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12(true, a, false, b, c, false);
}
"""

# docs/known-bugs.md#gfx11-wmma-builtin-on-gfx12-crash: the 16-element gfx11 builtin crashes the gfx12 backend.
CRASH = """\
// RUN: %clang -x hip --cuda-device-only --offload-arch=gfx1201 -nogpulib -nogpuinc -O3 -S -o - %s | FileCheck %s
typedef float v8f __attribute__((ext_vector_type(8)));
typedef _Float16 v16h __attribute__((ext_vector_type(16)));
// CHECK: v_wmma
extern "C" __attribute__((global)) void k(v8f *o, v16h *a) {
  o[0] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a[0], a[1], o[1]);
}
"""


@unittest.skipUnless(fakes.have_llvm(), "needs /usr/lib/llvm-22")
class Reproducers(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="rdna4-repro-test-")
        cls.repo = os.path.join(cls.tmp, "repo")
        os.makedirs(os.path.join(cls.repo, "Inputs", "codegen"))
        with open(os.path.join(cls.repo, "Inputs", "codegen", "types.h"), "w") as f:
            f.write(HEADER)
        suite = fakes.lit_suite(cls.tmp, {"wmma/iu8.hip": IU8_WITH_HEADER, "wmma/crash.hip": CRASH})
        shutil.move(suite, os.path.join(cls.repo, "codegen"))
        cls.bad_root = fakes.fake_toolchain(cls.tmp, "6.4.0", bad=True)
        cls.bad = os.path.join(cls.bad_root, "lib", "llvm", "bin", "clang++")
        cls.saved_repo = reproducer.REPO
        reproducer.REPO = cls.repo
        lit_json = os.path.join(cls.tmp, "lit.json")
        subprocess.run([fakes.LIT, "-q", os.path.join(cls.repo, "codegen"), "--param", "clang=" + cls.bad,
                        "-o", lit_json], capture_output=True, text=True)
        version = subprocess.run([cls.bad, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
        cls.results = results.from_lit_json(lit_json, "codegen", "codegen", version, builtins=set())
        cls.out = os.path.join(cls.tmp, "out")
        with contextlib.redirect_stdout(io.StringIO()):
            cls.dirs = reproducer.write_reproducers(
                {"toolchains": [{"clang": cls.bad, "version": version}], "results": cls.results},
                cls.out)
        cls.by_test = {os.path.basename(d).split("__")[0]: d for d in cls.dirs}

    @classmethod
    def tearDownClass(cls):
        reproducer.REPO = cls.saved_repo
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def read(self, d, name):
        with open(os.path.join(d, name)) as f:
            return f.read()

    def test_statuses_and_dirs(self):
        st = {r["test"]: r["status"] for r in self.results}
        self.assertEqual(st, {"codegen/wmma/iu8.hip": "FAIL", "codegen/wmma/crash.hip": "CRASH"})
        self.assertEqual(sorted(self.by_test), ["codegen_wmma_crash.hip", "codegen_wmma_iu8.hip"])

    def test_filecheck_failure_contents(self):
        d = self.by_test["codegen_wmma_iu8.hip"]
        self.assertTrue(os.path.isfile(os.path.join(d, "src", "codegen", "wmma", "iu8.hip")))
        self.assertTrue(os.path.isfile(os.path.join(d, "src", "Inputs", "codegen", "types.h")))
        cmds = self.read(d, "commands.txt")
        self.assertIn("# RUN: at line 1\n%s -x hip --cuda-device-only" % self.bad, cmds)
        self.assertIn("| FileCheck %s" % os.path.join(self.repo, "codegen", "wmma", "iu8.hip"), cmds)
        self.assertIn("roc-6.4.0", self.read(d, "toolchain.txt"))
        self.assertIn("// CHECK: v_wmma_i32_16x16x16_iu8 {{.*}} neg_lo:[1,0,0]", self.read(d, "expected.txt"))
        self.assertIn("error: CHECK: expected string not found", self.read(d, "actual.txt"))
        asm = self.read(d, "test.s")
        self.assertIn("v_wmma_i32_16x16x16_iu8", asm)
        self.assertIn("neg_lo:[0,0,0]", asm)  # what the broken compiler really emitted
        self.assertIn("@llvm.amdgcn.wmma.i32.16x16x16.iu8", self.read(d, "test.ll"))
        self.assertIn("lit", self.read(d, "lit.sh"))

    def test_run_sh_is_self_contained(self):
        # Move the reproducer away and delete the checkout: run.sh still reproduces the failure.
        d = self.by_test["codegen_wmma_iu8.hip"]
        moved = os.path.join(self.tmp, "elsewhere")
        shutil.copytree(d, moved)
        hidden = self.repo + ".hidden"
        os.rename(self.repo, hidden)
        try:
            r = subprocess.run([os.path.join(moved, "run.sh")], capture_output=True, text=True)
        finally:
            os.rename(hidden, self.repo)
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertIn("error: CHECK: expected string not found", r.stderr)
        self.assertIn("run.sh: RUN line 1 failed", r.stderr)
        self.assertIn(moved, r.stderr)  # it used its own copy of the source

    def test_crash_reproducer_and_reduction(self):
        d = self.by_test["codegen_wmma_crash.hip"]
        self.assertIn("Cannot select", self.read(d, "compile.stderr"))
        self.assertIn("@llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16", self.read(d, "test.ll"))
        self.assertIn("Cannot select: intrinsic %llvm.amdgcn.wmma.f32.16x16x16.f16", self.read(d, "interesting.sh"))
        # clang's own crash files land in the reproducer, not in /tmp
        self.assertTrue([f for f in os.listdir(os.path.join(d, "tmp")) if f.endswith(".sh")])
        self.assertFalse(os.path.exists(os.path.join(d, "reduced.ll")))  # reduction is opt-in
        r = subprocess.run([os.path.join(d, "reduce.sh")], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        red = self.read(d, "reduced.ll")
        self.assertIn("call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16", red)
        self.assertLess(len(red), len(self.read(d, "test.ll")))
        r = subprocess.run([os.path.join(d, "interesting.sh"), os.path.join(d, "reduced.ll")])
        self.assertEqual(r.returncode, 0)


class Parsing(unittest.TestCase):
    def test_parse_commands_both_shells(self):
        external = ("Exit Code: 1\n\nCommand Output (stderr):\n--\n"
                    "/bin/clang++ -x hip a.hip | FileCheck a.hip # RUN: at line 3\n"
                    "+ /bin/clang++ -x hip a.hip\n")
        internal = ("Exit Code: 1\n\nCommand Output (stdout):\n--\n# RUN: at line 2\n"
                    "/bin/clang++ -x hip b.hip | FileCheck b.hip\n# executed command: FileCheck b.hip\n")
        self.assertEqual(reproducer.parse_commands(external), [(3, "/bin/clang++ -x hip a.hip | FileCheck a.hip")])
        self.assertEqual(reproducer.parse_commands(internal), [(2, "/bin/clang++ -x hip b.hip | FileCheck b.hip")])
        self.assertEqual(reproducer.parse_commands("no commands"), [])
        self.assertEqual(reproducer.first_compile([(1, "not /x/clang++ -c a.hip 2>&1 | FileCheck a")])[0], "/x/clang++")

    def test_no_failures_no_dirs(self):
        tmp = tempfile.mkdtemp()
        try:
            self.assertEqual(reproducer.write_reproducers([{"test": "x", "status": "PASS"}], tmp), [])
            self.assertFalse(os.path.exists(os.path.join(tmp, "reproducers")))
        finally:
            shutil.rmtree(tmp)

    def test_full_output_from_lit_json(self):
        # results.json keeps only the tail of a long output; the RUN lines come from lit's JSON.
        tmp = tempfile.mkdtemp()
        try:
            full = ("Exit Code: 1\n\nCommand Output (stdout):\n--\n# RUN: at line 7\n"
                    "/opt/b/clang++ -x hip x.hip -S -o - | FileCheck x.hip\n# executed command: FileCheck\n")
            other = full.replace("/opt/b/", "/opt/a/").replace("line 7", "line 8")
            for i, o in enumerate((other, full)):
                with open(os.path.join(tmp, "tc%d-codegen.lit.json" % i), "w") as f:
                    json.dump({"tests": [{"name": "S :: codegen/x.hip/gfx1201", "code": "FAIL", "output": o}]}, f)
            with open(os.path.join(tmp, "results.json"), "w") as f:
                json.dump({"toolchains": [{"clang": "/opt/a/clang++", "version": "A"},
                                          {"clang": "/opt/b/clang++", "version": "B"}], "results": []}, f)
            with contextlib.redirect_stdout(io.StringIO()):
                dirs = reproducer.write_reproducers([{"test": "codegen/x.hip", "target": "gfx1201", "status": "FAIL",
                                                      "kind": "runtime", "toolchain": "B",
                                                      "output": "...tail only"}], tmp)
            with open(os.path.join(dirs[0], "commands.txt")) as f:
                self.assertEqual(f.read(), "# RUN: at line 7\n/opt/b/clang++ -x hip x.hip -S -o - | FileCheck x.hip\n")
        finally:
            shutil.rmtree(tmp)

    def test_compile_cap(self):
        tmp = tempfile.mkdtemp()
        old = os.environ.get("RDNA4_REPRO_COMPILES")
        os.environ["RDNA4_REPRO_COMPILES"] = "0"
        try:
            out = "# RUN: at line 1\n/nonexistent/clang++ -x hip a.hip -S -o - | FileCheck a.hip\n# executed\n"
            with contextlib.redirect_stdout(io.StringIO()):
                dirs = reproducer.write_reproducers([{"test": "codegen/a.hip", "status": "FAIL", "kind": "codegen",
                                                      "toolchain": "clang version 1", "output": out}], tmp)
            with open(os.path.join(dirs[0], "compile.stderr")) as f:
                self.assertIn("not generated: more than 0 failures", f.read())
            self.assertFalse(os.path.exists(os.path.join(dirs[0], "test.s")))
        finally:
            if old is None:
                del os.environ["RDNA4_REPRO_COMPILES"]
            else:
                os.environ["RDNA4_REPRO_COMPILES"] = old
            shutil.rmtree(tmp)

    def test_unresolved_without_commands(self):
        tmp = tempfile.mkdtemp()
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                dirs = reproducer.write_reproducers([{"test": "codegen/none.hip", "status": "UNRESOLVED",
                                                      "kind": "codegen", "toolchain": "clang version 1",
                                                      "output": "lit: config error"}], tmp)
            self.assertEqual(len(dirs), 1)
            with open(os.path.join(dirs[0], "commands.txt")) as f:
                self.assertIn("lit printed no RUN lines", f.read())
            with open(os.path.join(dirs[0], "README.txt")) as f:
                self.assertIn("(source not found)", f.read())
        finally:
            shutil.rmtree(tmp)


if __name__ == "__main__":
    unittest.main()
