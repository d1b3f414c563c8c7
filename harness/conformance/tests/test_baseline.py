"""baseline.py: metric extraction, save/check, injected spills and growth."""
import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
from conformance import baseline  # noqa: E402

import fakes  # noqa: E402

SOURCE = """\
typedef _Float16 v8h __attribute__((ext_vector_type(8)));
typedef float v8f __attribute__((ext_vector_type(8)));
#ifndef KATTR
#define KATTR
#endif
// Each WMMA's D feeds the next one's A (or B): the hazard needs a v_nop or an
// independent VALU instruction in between.
extern "C" __attribute__((global)) KATTR void chain(v8h *o, const v8h *a, const v8h *b, const v8h *c) {
  v8h bb = b[0], cc = c[0];
  v8h d = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12(a[0], bb, cc);
  d = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12(d, bb, cc);
  o[0] = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12(d, bb, cc);
}
// Three live accumulators: fits easily, spills when VGPRs are limited to 16.
extern "C" __attribute__((global)) KATTR void acc(v8f *o, const v8h *a, const v8h *b, int n) {
  v8f x = {}, y = {}, z = {};
  for (int i = 0; i < n; ++i) {
    x = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a[i], b[i], x);
    y = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a[i + 1], b[i], y);
    z = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a[i + 2], b[i + 1], z);
  }
  o[0] = x; o[1] = y; o[2] = z;
}
// LDS use shows up as lds_bytes.
extern "C" __attribute__((global)) void lds(float *o) {
  __attribute__((shared)) float s[64];
  s[__builtin_amdgcn_workitem_id_x()] = 1.0f;
  __builtin_amdgcn_s_barrier();
  o[0] = s[3];
}
"""


def run_main(argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            rc = baseline.main(argv)
        except SystemExit as e:  # argparse usage errors
            rc = e.code
    return rc, out.getvalue(), err.getvalue()


class Parsing(unittest.TestCase):
    def test_metadata_and_padding(self):
        notes = """\
amdhsa.kernels:
  - .args:
      - .offset:         0
        .size:           8
        .value_kind:     global_buffer
    .group_segment_fixed_size: 256
    .name:           k2
    .private_segment_fixed_size: 16
    .sgpr_count:     2
    .sgpr_spill_count: 0
    .vgpr_count:     3
    .vgpr_spill_count: 4
amdhsa.target:   amdgcn-amd-amdhsa--gfx1201
"""
        m = baseline.parse_metadata(notes)
        self.assertEqual(m, {"k2": {"lds_bytes": 256, "scratch_bytes": 16, "sgpr_count": 2, "sgpr_spill_count": 0,
                                    "vgpr_count": 3, "vgpr_spill_count": 4}})
        dis = ("0000000000001900 <k2>:\n"
               "\tv_nop                        // 000000001900: 7E000000\n"
               "\ts_endpgm                     // 000000001904: BFB00000\n"
               "\ts_code_end                   // 000000001908: BF9F0000\n"
               "\ts_nop 0                      // 00000000190C: BF800000\n")
        c = baseline.count_instructions(dis, {"k2": (0x1900, 8)})
        self.assertEqual(c["k2"], {"instructions": 2, "v_nop": 1, "s_nop": 0})

    def test_family(self):
        self.assertEqual(baseline.family("Debian clang version 22.1.8 (1~deb12u1)"), "clang22-upstream")
        self.assertEqual(baseline.family("AMD clang version 19.0.0git (https://github.com/RadeonOpenCompute/"
                                         "llvm-project roc-6.4.0 25133 c7fe45cf4b819c5991fe208aaa96edf142730f1d)"),
                         "clang19-rocm")
        with self.assertRaises(baseline.BaselineError):
            baseline.family("gcc 12")

    def test_compare_rules(self):
        base = {"k": {"instructions": 100, "vgpr_spill_count": 0, "sgpr_spill_count": 0, "scratch_bytes": 0,
                      "modelled_cycles": 1000, "vgpr_count": 10}}
        self.assertEqual(baseline.compare(base, {"k": dict(base["k"], instructions=110)})["regressions"], [])
        r = baseline.compare(base, {"k": dict(base["k"], instructions=111)})["regressions"]
        self.assertEqual(len(r), 1)
        self.assertIn("instructions 100 -> 111", r[0]["reasons"][0])
        r = baseline.compare(base, {"k": dict(base["k"], vgpr_spill_count=1)})["regressions"]
        self.assertIn("new spill", r[0]["reasons"][0])
        r = baseline.compare(base, {"k": dict(base["k"], modelled_cycles=1200)})["regressions"]
        self.assertIn("modelled_cycles", r[0]["reasons"][0])
        res = baseline.compare(base, {"k": dict(base["k"], instructions=50, vgpr_count=12)})
        self.assertEqual(res["regressions"], [])
        self.assertEqual(len(res["improvements"]), 1)
        self.assertIn("vgpr_count 10 -> 12", res["notes"][0]["reasons"][0])


@unittest.skipUnless(fakes.have_llvm(), "needs /usr/lib/llvm-22")
class SaveCheck(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="rdna4-baseline-test-")
        cls.src = os.path.join(cls.tmp, "kernels.hip")
        with open(cls.src, "w") as f:
            f.write(SOURCE)
        cls.base = os.path.join(cls.tmp, "base.json")
        cls.common = ["--targets", "gfx1201", "--baseline", cls.base, cls.src]
        rc, out, err = run_main(["save", "--clang", fakes.REAL_CLANG] + cls.common)
        assert rc == 0, out + err
        with open(cls.base) as f:
            cls.saved = json.load(f)
        # A toolchain with the same version line whose kernels are limited to 16 VGPRs.
        cls.spilly = os.path.join(cls.tmp, "spilly", "clang++")
        os.makedirs(os.path.dirname(cls.spilly))
        with open(cls.spilly, "w") as f:
            f.write('#!/bin/sh\nexec %s "$@" "-DKATTR=__attribute__((amdgpu_num_vgpr(16)))"\n' % fakes.REAL_CLANG)
        os.chmod(cls.spilly, 0o755)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def key(self, name):
        return "%s@gfx1201:%s" % (self.src, name)

    def test_saved_metrics(self):
        k = self.saved["kernels"]
        self.assertEqual(self.saved["family"], "clang22-upstream")
        self.assertEqual(set(k), {self.key("chain"), self.key("acc"), self.key("lds")})
        self.assertEqual(k[self.key("lds")]["lds_bytes"], 256)
        self.assertEqual(k[self.key("acc")]["vgpr_spill_count"], 0)
        # v_nop count agrees with the compiler's own assembly.
        asm = subprocess.run([fakes.REAL_CLANG, "-x", "hip", "--cuda-device-only", "--offload-arch=gfx1201",
                              "-nogpulib", "-nogpuinc", "-O3", "-S", "-o", "-", self.src], capture_output=True,
                             text=True, env=dict(os.environ, CLANG_NO_DEFAULT_CONFIG="1")).stdout
        body = asm.split("\nchain:", 1)[1].split("s_endpgm", 1)[0]
        self.assertEqual(k[self.key("chain")]["v_nop"], body.count("v_nop"))
        self.assertGreaterEqual(k[self.key("chain")]["v_nop"], 1)
        insns = [ln for ln in body.splitlines() if ln.startswith("\t") and ln.strip() and not ln.startswith("\t.")
                 and not ln.strip().startswith(";")]
        self.assertEqual(k[self.key("chain")]["instructions"], len(insns) + 1)  # + s_endpgm

    def test_check_same_toolchain_passes(self):
        rc, out, err = run_main(["check", "--clang", fakes.REAL_CLANG] + self.common)
        self.assertEqual(rc, 0, out + err)
        self.assertIn("no performance regression", out)

    def test_injected_spill_is_a_performance_regression(self):
        js = os.path.join(self.tmp, "perf-check.json")
        rc, out, err = run_main(["check", "--clang", self.spilly, "--json", js] + self.common)
        self.assertEqual(rc, 1, out + err)
        self.assertIn("PERFORMANCE REGRESSIONS", out)
        with open(js) as f:
            res = json.load(f)
        acc = [g for g in res["regressions"] if g["kernel"] == self.key("acc")]
        self.assertTrue(acc, res)
        self.assertTrue(any(r.startswith("new spill: vgpr_spill_count 0 -> ") for r in acc[0]["reasons"]), acc)
        self.assertTrue(any(r.startswith("instructions ") for r in acc[0]["reasons"]), acc)

    def test_cycle_growth_from_emulator_stats(self):
        stats = os.path.join(self.tmp, "emu.json")
        base2 = os.path.join(self.tmp, "base2.json")
        with open(stats, "w") as f:
            json.dump({"kernels": {"chain": {"executed_instructions": 30, "modelled_cycles": 100}}}, f)
        args = ["--targets", "gfx1201", "--baseline", base2, self.src]
        rc, out, err = run_main(["save", "--clang", fakes.REAL_CLANG, "--emu-stats", stats] + args)
        self.assertEqual(rc, 0, out + err)
        with open(stats, "w") as f:
            json.dump({"kernels": {self.key("chain"): {"executed_instructions": 30, "modelled_cycles": 125}}}, f)
        rc, out, err = run_main(["check", "--clang", fakes.REAL_CLANG, "--emu-stats", stats] + args)
        self.assertEqual(rc, 1, out + err)
        self.assertIn("modelled_cycles 100 -> 125 (+25.0% > 10%)", out)

    def test_emu_log(self):
        log = os.path.join(self.tmp, "emu.log")
        with open(log, "w") as f:
            f.write("device=emu arch=gfx1201\n"
                    "hipemu: stats chain: wave_instructions=20 lane_operations=640 waves=1 workgroups=1 "
                    "modelled_cycles=70 seconds=0.000100\n"
                    "hipemu: stats chain: wave_instructions=20 lane_operations=640 waves=1 workgroups=1 "
                    "modelled_cycles=70 seconds=0.000100\n")
        self.assertEqual(baseline.load_emu_log([log]),
                         {"chain": {"executed_instructions": 40, "modelled_cycles": 140}})
        with open(log, "w") as f:
            f.write("nothing here\n")
        with self.assertRaisesRegex(baseline.BaselineError, "RDNA4_EMU_STATS=1"):
            baseline.load_emu_log([log])

    def test_bad_inputs(self):
        rc, _, err = run_main(["check", "--clang", fakes.REAL_CLANG, "--baseline",
                               os.path.join(self.tmp, "none.json"), self.src])
        self.assertEqual(rc, 2)
        self.assertIn("run `rdna4-conformance baseline save`", err)
        rc, _, err = run_main(["save", "--clang", "/nonexistent/clang++", self.src])
        self.assertEqual(rc, 2)
        rc, _, err = run_main(["save", "--clang", fakes.REAL_CLANG, "--targets", "sm_90", self.src])
        self.assertEqual(rc, 2)
        self.assertIn("--targets", err)
        bad = os.path.join(self.tmp, "bad.hip")
        with open(bad, "w") as f:
            f.write("this is not C++\n")
        rc, _, err = run_main(["save", "--clang", fakes.REAL_CLANG, "--targets", "gfx1201", "--baseline",
                               os.path.join(self.tmp, "b3.json"), bad])
        self.assertEqual(rc, 2)
        self.assertIn("no kernel compiled", err)


if __name__ == "__main__":
    unittest.main()
