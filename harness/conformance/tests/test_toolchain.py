"""Unit tests of harness/conformance/toolchain.py (discovery, probing, lit features) and of the
lit configuration's handling of a missing or broken toolchain.

    python3 -m unittest harness/conformance/tests/test_toolchain.py
Tests that need a real compiler use RDNA4_TEST_CLANG or the newest Debian clang >= 19 and are
skipped when there is none.
"""
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(REPO, "harness"))
from conformance import toolchain  # noqa: E402
from conformance.toolchain import ToolchainError  # noqa: E402


def _real():
    spec = os.environ.get("RDNA4_TEST_CLANG")
    try:
        return toolchain.resolve(spec)["clang"] if spec else toolchain.discover()[0]["clang"]
    except (ToolchainError, IndexError):
        return None


REAL = _real()
LIT = next((c for c in (os.environ.get("RDNA4_LIT"), shutil.which("lit"), "/usr/lib/llvm-22/bin/lit")
            if c and os.path.exists(c)), None)
with open(os.path.join(REPO, "Inputs", "builtins.json")) as _f:
    MANIFEST = [b["name"] for b in json.load(_f)["builtins"]]


def _script(path, body):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write("#!/bin/sh\n" + body + "\n")
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
    return path


class LocateTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="rdna4-tc-")

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def test_missing_path_is_a_clear_error(self):
        with self.assertRaisesRegex(ToolchainError, "does not exist"):
            toolchain.find_clang(os.path.join(self.tmp, "nope", "clang++"))

    def test_non_executable_file(self):
        p = os.path.join(self.tmp, "clang++")
        open(p, "w").close()
        with self.assertRaisesRegex(ToolchainError, "not an executable"):
            toolchain.find_clang(p)

    def test_install_root_layouts(self):
        for rel in ("lib/llvm/bin/clang++", "llvm/bin/clang++", "bin/clang++",
                    "lib/python3.12/site-packages/_rocm_sdk_core/lib/llvm/bin/clang++"):
            root = os.path.join(self.tmp, rel.replace("/", "_"))
            exe = _script(os.path.join(root, rel), "exit 0")
            self.assertEqual(toolchain.find_clang(root), os.path.abspath(exe), rel)

    def test_therock_venv_prefers_real_compiler_over_wrapper(self):
        _script(os.path.join(self.tmp, "bin", "amdclang++"), "exit 0")
        real = _script(os.path.join(self.tmp, "lib/python3.12/site-packages/_rocm_sdk_devel/lib/llvm/bin/clang++"),
                       "exit 0")
        self.assertEqual(toolchain.find_clang(self.tmp), os.path.abspath(real))

    def test_root_without_compiler(self):
        with self.assertRaisesRegex(ToolchainError, "no clang\\+\\+ found in install root"):
            toolchain.find_clang(self.tmp)

    def test_not_a_clang(self):
        p = _script(os.path.join(self.tmp, "bin", "clang++"), "echo 'gcc (Debian) 12.2.0'")
        with self.assertRaisesRegex(ToolchainError, "not a working clang"):
            toolchain.resolve(p)

    def test_failing_version(self):
        p = _script(os.path.join(self.tmp, "bin", "clang++"), "echo boom >&2; exit 3")
        with self.assertRaisesRegex(ToolchainError, "exit 3: boom"):
            toolchain.resolve(p)

    def test_too_old(self):
        p = _script(os.path.join(self.tmp, "bin", "clang++"), "echo 'clang version 17.0.6'")
        with self.assertRaisesRegex(ToolchainError, "clang 17; RDNA4 .* needs clang >= 19"):
            toolchain.resolve(p)

    def test_tools_dir(self):
        with self.assertRaisesRegex(ToolchainError, "no FileCheck and not there"):
            toolchain.find_tools(self.tmp)
        _script(os.path.join(self.tmp, "FileCheck"), "exit 0")
        _script(os.path.join(self.tmp, "not"), "exit 0")
        self.assertEqual(toolchain.find_tools(self.tmp), self.tmp)
        clang = _script(os.path.join(self.tmp, "clang++"), "exit 0")
        self.assertEqual(toolchain.find_tools(None, clang), self.tmp)

    def test_toolchain_id(self):
        i = toolchain.toolchain_id({"clang": "/x/clang++", "version": "Debian clang version 22.1.8 (1~deb12u1)"})
        self.assertRegex(i, r"^clang-22\.1\.8-[0-9a-f]{8}$")

    def test_lit_features_from_probe(self):
        probe = {"major": 22, "vendor": "rocm", "f16_operand": "float16", "swmmac_index": "i32",
                 "gfx11_wmma_on_gfx12": "crash", "targets": {"gfx1201": True, "gfx1200": False},
                 "other_targets": {"gfx950": True},
                 "known_builtins": {"gfx1201": ["__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12"]},
                 "known_elsewhere": {"gfx1250": ["__builtin_amdgcn_global_load_tr4_b64_v2i32"]}}
        f = set(toolchain.lit_features(probe))
        for want in ("clang-major-22", "rocm", "f16-operand-float16", "swmmac-index-i32",
                     "gfx11-wmma-on-gfx12-crashes", "builtin-wmma_f32_16x16x16_f16_w32_gfx12",
                     "arch-gfx1201", "arch-gfx950", "any-target-global_load_tr4_b64_v2i32",
                     "any-target-wmma_f32_16x16x16_f16_w32_gfx12"):
            self.assertIn(want, f)
        self.assertNotIn("arch-gfx1200", f)
        probe["gfx11_wmma_on_gfx12"] = "diagnostic"
        self.assertNotIn("gfx11-wmma-on-gfx12-crashes", toolchain.lit_features(probe))


class SharedToolArgsTest(unittest.TestCase):
    """The --clang handling and LLVM-tool lookup that baseline.py and bisect.py share."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="rdna4-tcargs-")

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def test_resolve_arg_keeps_message_in_callers_error_class(self):
        class ToolError(Exception):
            pass
        missing = os.path.join(self.tmp, "nope", "clang++")
        with self.assertRaises(ToolError) as cm:
            toolchain.resolve_arg(missing, ToolError)
        self.assertNotIsInstance(cm.exception, ToolchainError)
        self.assertIn("does not exist", str(cm.exception))
        self.assertIn(missing, str(cm.exception))
        with self.assertRaisesRegex(ToolchainError, "does not exist"):
            toolchain.resolve_arg(missing)
        old = _script(os.path.join(self.tmp, "old", "bin", "clang++"), "echo 'clang version 17.0.6'")
        with self.assertRaisesRegex(ToolError, "clang 17; RDNA4 .* needs clang >= 19"):
            toolchain.resolve_arg(os.path.join(self.tmp, "old"), ToolError)  # install root
        ok = _script(os.path.join(self.tmp, "new", "bin", "clang++"), "echo 'clang version 22.1.8 (fake)'")
        info = toolchain.resolve_arg(os.path.join(self.tmp, "new"), ToolError)
        self.assertEqual(info["clang"], os.path.abspath(ok))
        self.assertEqual(info["major"], 22)
        self.assertEqual(info["version"], "clang version 22.1.8 (fake)")

    def test_baseline_and_bisect_report_the_same_toolchain_error(self):
        from conformance import baseline, bisect
        missing = os.path.join(self.tmp, "nope", "clang++")
        msgs = []
        for mod, err in ((baseline, baseline.BaselineError), (bisect, bisect.BisectError)):
            with self.assertRaises(err) as cm:
                mod.resolve(missing)
            msgs.append(str(cm.exception))
        self.assertEqual(msgs[0], msgs[1])
        with self.assertRaises(ToolchainError) as cm:
            toolchain.resolve(missing)
        self.assertEqual(msgs[0], str(cm.exception))
        ok = _script(os.path.join(self.tmp, "bin", "clang++"), "echo 'clang version 22.1.8 (fake)'")
        self.assertEqual(baseline.resolve(ok), (os.path.abspath(ok), "clang version 22.1.8 (fake)"))
        self.assertEqual(bisect.resolve(ok), {"path": ok, "clang": os.path.abspath(ok),
                                              "version": "clang version 22.1.8 (fake)"})

    def test_llvm_bin_dirs_newest_first(self):
        for v in ("9", "19", "22", "100"):
            os.makedirs(os.path.join(self.tmp, "llvm-" + v, "bin"))
        got = toolchain.llvm_bin_dirs(os.path.join(self.tmp, "llvm-*", "bin"))
        self.assertEqual([os.path.basename(os.path.dirname(d)) for d in got],
                         ["llvm-100", "llvm-22", "llvm-19", "llvm-9"])

    def test_find_llvm_tool_order(self):
        name = "llvm-rdna4-test-tool-%d" % os.getpid()  # on no PATH
        cc = _script(os.path.join(self.tmp, "cc", "clang++"), "exit 0")
        far = os.path.join(self.tmp, "far")
        _script(os.path.join(far, name), "exit 0")
        self.assertEqual(toolchain.find_llvm_tool(name, cc, [far]), os.path.join(far, name))
        near = _script(os.path.join(self.tmp, "cc", name), "exit 0")
        self.assertEqual(toolchain.find_llvm_tool(name, cc, [far]), near)
        # A symlinked compiler: the tool next to its real path is found too.
        link_dir = os.path.join(self.tmp, "links")
        os.makedirs(link_dir)
        os.symlink(cc, os.path.join(link_dir, "clang++"))
        self.assertEqual(toolchain.find_llvm_tool(name, os.path.join(link_dir, "clang++"), []), near)
        with self.assertRaisesRegex(ToolchainError, "llvm-none-such not found next to .* nor in /usr/lib/llvm-"):
            toolchain.find_llvm_tool("llvm-none-such", cc, [far])
        from conformance import baseline
        with self.assertRaisesRegex(baseline.BaselineError, "llvm-none-such not found"):
            baseline.llvm_tool("llvm-none-such", cc)


@unittest.skipUnless(REAL, "needs a clang >= 19")
class ProbeTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="rdna4-probe-")

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def test_probe_real_compiler(self):
        r = toolchain.probe(REAL, self.tmp, MANIFEST)
        self.assertFalse(r["cached"])
        self.assertEqual(r["major"], toolchain.resolve(REAL)["major"])
        self.assertTrue(r["targets"]["gfx1200"] and r["targets"]["gfx1201"])
        # All 52 manifest builtins are known on gfx1201 (wave32 or wave64 compile).
        self.assertEqual(sorted(set(MANIFEST) - set(r["known_builtins"]["gfx1201"])), [])
        # __has_builtin honours target features (what makes the probe meaningful): a wave32
        # compile does not report the wave64 builtins, nor a gfx1100 compile the gfx12 ones.
        w32, _ = toolchain._has_builtin(REAL, "gfx1201", 32, MANIFEST, self.tmp)
        self.assertIn("__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12", w32["has"])
        self.assertNotIn("__builtin_amdgcn_wmma_f32_16x16x16_f16_w64_gfx12", w32["has"])
        gfx11, _ = toolchain._has_builtin(REAL, "gfx1100", 32, MANIFEST, self.tmp)
        self.assertEqual(gfx11["has"], set())
        # One run for several targets gives each target's own answer.
        both, err = toolchain._has_builtin_batch(REAL, ["gfx1100", "gfx1201"], None, MANIFEST,
                                                 self.tmp)
        self.assertEqual((both["gfx1201"]["has"], both["gfx1100"]["has"]), (w32["has"], set()), err)
        self.assertIn(r["f16_operand"], ("float16", "fp16"))
        self.assertIn(r["swmmac_index"], ("i16", "i32"))
        if r["major"] >= 22:
            self.assertEqual((r["f16_operand"], r["swmmac_index"]), ("float16", "i32"))
        elif r["major"] == 19:
            self.assertEqual((r["f16_operand"], r["swmmac_index"]), ("fp16", "i16"))
        self.assertIn(r["gfx11_wmma_on_gfx12"], ("crash", "diagnostic", "accepted"))
        again = toolchain.probe(REAL, self.tmp, MANIFEST)
        self.assertTrue(again["cached"])
        self.assertEqual(again["known_builtins"], r["known_builtins"])

    def test_batch_split_when_one_target_rejects(self):
        # A batched run fails as a whole when one target rejects it (gfx1250 and newer reject
        # wave64; a made-up target is rejected by every compiler): the batch is split and the
        # other targets still get their own answers.
        from concurrent.futures import ThreadPoolExecutor
        alone, _ = toolchain._has_builtin(REAL, "gfx1201", 64, MANIFEST, self.tmp)
        targets = ["gfx1201", "gfx1299x", "gfx1200"]
        with ThreadPoolExecutor(max_workers=2) as pool:   # one batch of all three, split
            res, errs = toolchain._has_builtin_many(REAL, targets, 64, MANIFEST, self.tmp, pool,
                                                    set(targets), batches=1)
        self.assertIsNone(res["gfx1299x"])
        self.assertIn("gfx1299x", errs)
        self.assertEqual(res["gfx1201"]["has"], alone["has"])
        self.assertIn("__builtin_amdgcn_wmma_f32_16x16x16_f16_w64_gfx12", res["gfx1200"]["has"])

    def test_cache_invalidated_when_compiler_changes(self):
        w = _script(os.path.join(self.tmp, "bin", "clang++"), 'exec "%s" "$@"' % REAL)
        toolchain.probe(w, self.tmp, MANIFEST)
        self.assertTrue(toolchain.probe(w, self.tmp, MANIFEST)["cached"])
        st = os.stat(w)
        os.utime(w, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
        self.assertFalse(toolchain.probe(w, self.tmp, MANIFEST)["cached"])

    def test_compiler_that_cannot_target_gfx1201(self):
        w = _script(os.path.join(self.tmp, "bin", "clang++"),
                    'case "$*" in *--version*) exec "%s" --version;; esac\n'
                    'echo "error: unsupported CUDA gpu architecture: gfx1201" >&2; exit 1' % REAL)
        with self.assertRaisesRegex(ToolchainError, "cannot compile HIP device code for gfx1201: "
                                                    "error: unsupported CUDA gpu architecture"):
            toolchain.probe(w, self.tmp, MANIFEST)


@unittest.skipUnless(LIT, "needs lit")
class LitConfigTest(unittest.TestCase):
    """A missing or broken toolchain: one clear fatal message, no test failures."""

    def run_lit(self, *params):
        tmp = tempfile.mkdtemp(prefix="rdna4-litcfg-")
        try:
            cmd = [LIT, "-q", os.path.join(REPO, "codegen", "manifest"), "--param", "build=" + tmp]
            for p in params:
                cmd += ["--param", p]
            return subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)

    def assert_one_fatal(self, r, text):
        out = r.stdout + r.stderr
        self.assertNotEqual(r.returncode, 0)
        self.assertEqual(out.count("fatal:"), 1, out)
        self.assertIn(text, out)
        self.assertNotIn("FAIL", out)

    def test_missing_compiler(self):
        self.assert_one_fatal(self.run_lit("clang=/nonexistent/clang++"), "/nonexistent/clang++ does not exist")

    def test_broken_compiler(self):
        with tempfile.TemporaryDirectory() as d:
            p = _script(os.path.join(d, "clang++"), "echo 'Segmentation fault' >&2; exit 139")
            self.assert_one_fatal(self.run_lit("clang=" + p), "is not a working clang")

    def test_bad_target(self):
        self.assert_one_fatal(self.run_lit("targets=gfx1100"), "gfx1100 is not an RDNA4 target")

    @unittest.skipUnless(REAL, "needs a clang >= 19")
    def test_per_target_test_names(self):
        tmp = tempfile.mkdtemp(prefix="rdna4-litcfg-")
        try:
            r = subprocess.run([LIT, "--show-tests", os.path.join(REPO, "codegen", "diagnostics"),
                                os.path.join(REPO, "codegen", "manifest"), "--param", "clang=" + REAL,
                                "--param", "build=" + tmp], capture_output=True, text=True, timeout=300)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        names = set(l.strip().split(" :: ", 1)[1] for l in r.stdout.splitlines() if " :: " in l)
        # One lit test per target, named after the source file ...
        self.assertIn("codegen/diagnostics/non-constant-sign-clamp.hip/gfx1200", names)
        self.assertIn("codegen/diagnostics/non-constant-sign-clamp.hip/gfx1201", names)
        # ... except SINGLE-TARGET files and .test files, which run once.
        self.assertIn("codegen/diagnostics/wrong-target-gfx1100.hip", names)
        self.assertNotIn("codegen/diagnostics/wrong-target-gfx1100.hip/gfx1201", names)
        self.assertIn("codegen/manifest/manifest-complete.test", names)
        # Helper scripts under Inputs/ are not tests.
        self.assertFalse(any("Inputs" in n for n in names), names)

    @unittest.skipUnless(REAL, "needs a clang >= 19")
    def test_run_leaves_source_tree_clean(self):
        """Outputs go to the exec root (default <repo>/build/lit/<toolchain>, gitignored)."""
        def status():
            r = subprocess.run(["git", "-C", REPO, "status", "--porcelain", "--untracked-files=all",
                                "codegen", "Inputs", "lit.cfg.py"], capture_output=True, text=True)
            return r.stdout if r.returncode == 0 else None
        before = status()
        if before is None:
            self.skipTest("not a git checkout")
        r = subprocess.run([LIT, "-q", os.path.join(REPO, "codegen", "hazards"), "--param", "clang=" + REAL,
                            "--param", "targets=gfx1201"], capture_output=True, text=True, timeout=600)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertEqual(status(), before)

    @unittest.skipUnless(REAL, "needs a clang >= 19")
    def test_missing_tools(self):
        with tempfile.TemporaryDirectory() as d:
            self.assert_one_fatal(self.run_lit("clang=" + REAL, "tools=" + d), "no FileCheck and not there")


if __name__ == "__main__":
    unittest.main()
