"""Precompiled headers of `rdna4-conformance hipcc` (harness/conformance/hipcc_pch.py).

When a command may use a PCH (everything absolute, nothing that would see the headers
differently), which kind (wrapper alone, or wrapper + <hip/hip_runtime.h> for a source that
starts with that include, itself or through the quoted header it starts with), that the key follows the headers' contents, and, with a real clang
(the newest Debian one) and the emulator build: a program built with the PCH is byte for byte
the one built without, and a damaged PCH ends in the plain compile's result, never a failure.
harness/bench/pch_identity does the byte comparison for every runtime program (long).

    python3 -m unittest harness/conformance/tests/test_hipcc_pch.py
"""
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(REPO, "harness"))
from conformance import hipcc, hipcc_pch  # noqa: E402

BUILD = os.environ.get("RDNA4_BUILD_DIR", os.path.join(REPO, "build"))
CLANG = next((c for c in ("/usr/lib/llvm-22/bin/clang++", "/usr/lib/llvm-19/bin/clang++")
              if os.access(c, os.X_OK)), None)
BUILT = os.path.exists(os.path.join(BUILD, "harness", "hip", "libhipemu.so"))

PROGRAM = """// a comment first
/* and a block
   comment */
#include <hip/hip_runtime.h>
#include <cstdio>
__global__ void k(int *p) { p[threadIdx.x] = (int)threadIdx.x * 3; }
int main() {
  int *d = nullptr;
  if (hipMalloc(&d, 64 * sizeof(int)) != hipSuccess) return 1;
  k<<<1, 64>>>(d);
  int h[64];
  if (hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost) != hipSuccess) return 1;
  std::printf("%d\\n", h[5]);
  return h[5] == 15 ? 0 : 1;
}
"""

CMD = ["/usr/bin/clang++", "--offload-arch=gfx1201", "--offload-arch=gfx1200", "-nogpulib",
       "-nogpuinc", "-I/abs/include", "-include", hipcc_pch.WRAPPER, "-O2", "-x", "hip", None,
       "-o", "/abs/out", "--hip-link", "-no-hip-rt", "-L/abs/lib", "-lhipemu", "-Wl,-rpath,/abs/lib"]


class Plan(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="rdna4-pch-")
        self.src = os.path.join(self.tmp, "p.hip")
        with open(self.src, "w") as f:
            f.write(PROGRAM)

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def cmd(self, *extra, src=None):
        c = [src or self.src if a is None else a for a in CMD]
        return c[:-5] + list(extra) + c[-5:]

    def plan(self, cmd, env=None, cwd=None):
        return hipcc_pch.plan(cmd, env or {}, cwd or self.tmp)

    def test_plain_command_uses_runtime_kind(self):
        p, why = self.plan(self.cmd())
        self.assertIsNone(why)
        kind, jobs, base, targets = p
        self.assertEqual(kind, "runtime")
        self.assertEqual(jobs, ["host", "gfx1201", "gfx1200"])
        self.assertEqual(targets, ["gfx1201", "gfx1200"])
        # The PCH build keeps the compile flags, drops input, output, wrapper, link arguments.
        self.assertIn("-O2", base)
        self.assertIn("-I/abs/include", base)
        for gone in (self.src, "/abs/out", "-o", "-include", "--hip-link", "-lhipemu", "-L/abs/lib",
                     "-Wl,-rpath,/abs/lib", "--offload-arch=gfx1201"):
            self.assertNotIn(gone, base)

    def test_wrapper_kind_when_source_does_not_start_with_hip_runtime(self):
        for text in ("#define X 1\n#include <hip/hip_runtime.h>\n",
                     '#include "hip/hip_runtime.h"\n',
                     "#include <hip/hip_runtime.h> // x \\\nint y;\n",
                     "// continued comment \\\n#include <hip/hip_runtime.h>\n",
                     "int x;\n"):
            with self.subTest(text=text):
                with open(self.src, "w") as f:
                    f.write(text)
                self.assertEqual(self.plan(self.cmd())[0][0], "wrapper")

    def test_runtime_kind_through_a_quoted_header_that_starts_with_hip_runtime(self):
        # Inputs/runtime/rdna4_test.h's case: the source starts with #include "h.h" and the
        # h.h that include finds (source directory, then -iquote, then -I) starts with
        # #include <hip/hip_runtime.h> (a #pragma once before it allowed).
        inc = os.path.join(self.tmp, "inc")
        os.makedirs(inc)

        def write(path, text):
            with open(path, "w") as f:
                f.write(text)

        def kind(*extra):
            return self.plan(self.cmd(*extra))[0][0]
        write(self.src, '// test\n#include "h.h"\nint x;\n')
        self.assertEqual(kind("-I" + inc), "wrapper")  # no h.h anywhere
        write(os.path.join(inc, "h.h"), "// doc\n#pragma once\n\n#include <hip/hip_runtime.h>\n")
        self.assertEqual(kind("-I" + inc), "runtime")
        self.assertEqual(kind("-I", inc), "runtime")
        self.assertEqual(kind("-iquote", inc), "runtime")
        self.assertEqual(kind(), "wrapper")  # the -I that finds it is missing
        for text in ("#pragma once\n#include <cstdio>\n#include <hip/hip_runtime.h>\n",
                     "#include <cstdio>\n", '#include "hip/hip_runtime.h"\n',
                     "#pragma once\n#pragma once\n#include <hip/hip_runtime.h>\n"):
            with self.subTest(text=text):
                write(os.path.join(inc, "h.h"), text)
                self.assertEqual(kind("-I" + inc), "wrapper")
        # The first h.h on the search path decides, as it does for clang.
        write(os.path.join(inc, "h.h"), "#include <hip/hip_runtime.h>\n")
        other = os.path.join(self.tmp, "other")
        os.makedirs(other)
        write(os.path.join(other, "h.h"), "int y;\n")
        self.assertEqual(kind("-I" + inc, "-I" + other), "runtime")
        self.assertEqual(kind("-I" + other, "-I" + inc), "wrapper")
        self.assertEqual(kind("-I" + inc, "-iquote", other), "wrapper")  # -iquote before -I
        write(os.path.join(self.tmp, "h.h"), "int z;\n")  # the source's own directory first
        self.assertEqual(kind("-I" + inc), "wrapper")

    def test_rdna4_test_h_serves_the_runtime_kind(self):
        # The runtime tests' harness header keeps <hip/hip_runtime.h> as its first include.
        with open(self.src, "w") as f:
            f.write('#include "rdna4_test.h"\nint main() { return rdna4_test_end(); }\n')
        self.assertTrue(hipcc_pch.enters_hip_runtime_first(self.src, [hipcc.HIP_INCLUDE,
                                                                      hipcc.TEST_INCLUDE]))

    def test_refused(self):
        cases = [("-g",), ("-E",), ("-MD",), ("-save-temps",), ("-include", "/abs/x.h"),
                 ("-Xclang", "-foo"), ("-I", "rel/dir"), ("-Irel",), ("-fprofile-instr-generate",),
                 ("--coverage",), ("-v",), ("-Xarch_host", "-O0"), ("-fsyntax-only",)]
        for extra in cases:
            with self.subTest(extra=extra):
                p, why = self.plan(self.cmd(*extra))
                self.assertIsNone(p)
                self.assertTrue(why)

    def test_refused_relative_input_output_env_cwd(self):
        c = self.cmd()
        c[c.index("/abs/out")] = "out"
        self.assertIsNone(self.plan(c)[0])
        self.assertIsNone(self.plan(self.cmd(src="p.hip"))[0])
        self.assertIsNone(self.plan(self.cmd(), env={"CPATH": "inc"})[0])
        os.makedirs(os.path.join(self.tmp, "hip"))
        open(os.path.join(self.tmp, hipcc_pch.WRAPPER), "w").close()
        self.assertIsNone(self.plan(self.cmd())[0])  # -include would take the cwd's copy
        self.assertIsNone(self.plan(self.cmd(), env={"RDNA4_HIPCC_PCH": "0"}, cwd="/")[0])

    def test_c_source_and_no_wrapper_are_refused(self):
        c = self.cmd()
        c[c.index("hip")] = "c++"
        self.assertIsNone(self.plan(c)[0])
        c = self.cmd()
        i = c.index("-include")
        del c[i:i + 2]
        self.assertIsNone(self.plan(c)[0])

    def test_key_follows_header_contents(self):
        inc = os.path.join(self.tmp, "inc")
        os.makedirs(os.path.join(inc, "hip"))
        hdr = os.path.join(inc, "hip", "x.h")
        with open(hdr, "w") as f:
            f.write("int a;\n")
        p = self.plan(self.cmd())[0]
        digests = (hipcc._stat_digest, hipcc._file_digest, hipcc._tree_files)

        def key():
            return hipcc_pch._key(p, {}, [inc], *digests)
        k1 = key()
        self.assertEqual(k1, key())
        with open(hdr, "w") as f:
            f.write("int b;\n")
        self.assertNotEqual(k1, key())


@unittest.skipUnless(CLANG and BUILT, "needs a Debian clang >= 19 and the emulator build (libhipemu.so)")
class RealCompile(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="rdna4-pch-real-")
        cls.src = os.path.join(cls.tmp, "p.hip")
        with open(cls.src, "w") as f:
            f.write(PROGRAM)
        opts, rest = hipcc.parse(["--device", "emu", "--build-dir", BUILD, "--clang", CLANG, "-O2",
                                  cls.src, "-o", os.path.join(cls.tmp, "prog")])
        cls.cmd, cls.env = hipcc.emu_command(opts, rest)
        r = subprocess.run(cls.cmd, env=cls.env, cwd=cls.tmp, capture_output=True)
        assert r.returncode == 0, r.stderr
        with open(os.path.join(cls.tmp, "prog"), "rb") as f:
            cls.plain = hashlib.sha256(f.read()).hexdigest()
        os.remove(os.path.join(cls.tmp, "prog"))

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def built(self):
        with open(os.path.join(self.tmp, "prog"), "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()

    def prepare(self, cache):
        return hipcc_pch.prepare(cache, self.cmd, self.env, self.tmp, hipcc.HIP_INCLUDE,
                                 (hipcc.HIP_INCLUDE, hipcc.TEST_INCLUDE),
                                 (hipcc._stat_digest, hipcc._file_digest, hipcc._tree_files))

    def test_same_executable_with_pch(self):
        cache = os.path.join(self.tmp, "cache-a")
        self.assertIsNone(self.prepare(cache), "a PCH for the first compile of a command")
        root = self.prepare(cache)
        self.assertIsNotNone(root, "no PCH was built at the second compile")
        for job in ("host", "gfx1201", "gfx1200"):
            self.assertTrue(os.path.isfile(os.path.join(root, hipcc_pch.WRAPPER + ".gch", job + ".pch")))
        rc, _out, err = hipcc_pch.run(self.cmd, self.env, root)
        self.assertEqual((rc, err), (0, b""))
        self.assertEqual(self.built(), self.plain, "the PCH changed the executable")
        r = subprocess.run([os.path.join(self.tmp, "prog")], capture_output=True, text=True,
                           env=dict(os.environ, RDNA4_EMU_ARCH="gfx1200"))
        self.assertEqual((r.returncode, r.stdout), (0, "15\n"))

    def test_damaged_pch_falls_back_to_the_plain_compile(self):
        cache = os.path.join(self.tmp, "cache-b")
        self.prepare(cache)
        root = self.prepare(cache)
        self.assertIsNotNone(root)
        for name in os.listdir(os.path.join(root, hipcc_pch.WRAPPER + ".gch")):
            with open(os.path.join(root, hipcc_pch.WRAPPER + ".gch", name), "r+b") as f:
                f.truncate(1000)
        cwd = os.getcwd()
        os.chdir(self.tmp)
        try:
            rc, _out, err = hipcc.run_compile(self.cmd, self.env, cache, capture=True)
        finally:
            os.chdir(cwd)
        self.assertEqual(rc, 0, err)
        self.assertEqual(self.built(), self.plain)
        self.assertTrue(os.path.exists(root + ".bad"), "the failed PCH was not marked bad")
        self.assertIsNone(self.prepare(cache), "a PCH marked bad was used again")


if __name__ == "__main__":
    unittest.main()
