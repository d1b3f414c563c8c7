"""`rdna4-conformance probe` (harness/conformance/probe.py) against the emulator's candidate
models (RDNA4_EMU_MODEL, harness/emu/models/*.toml).

  * every probe's predictions differ pairwise and cover its model's candidates; every
    model has one probe or is declared not probeable;
  * the confusion matrix: the probe kernels are compiled once, then every probe runs on the
    emulator under every candidate of its assumption and must name exactly that candidate;
    under each non-default candidate every other probe must still name its default (a
    candidate disturbs no other probe). Any off-diagonal entry fails;
  * a bad RDNA4_EMU_MODEL stops a probe kernel with exit status 2 and a message;
  * `rdna4-emu models --facts` reads the written model-facts.json.

The emulator part needs the build (<repo>/build or $RDNA4_BUILD_DIR: rdna4-emu, libhipemu.so,
librdna4ref.a) and a clang >= 19 (Debian clang-22 by default), as `rdna4-conformance check` makes.
"""

import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, os.path.join(REPO, "harness"))

from conformance import candidates, probe  # noqa: E402
from conformance.probes import matrix, salu  # noqa: E402

BUILD = os.environ.get("RDNA4_BUILD_DIR", os.path.join(REPO, "build"))
EMU = os.path.join(BUILD, "harness", "emu", "core", "rdna4-emu")
HIPEMU = os.path.join(BUILD, "harness", "hip", "libhipemu.so")


def emulator_candidates():
    """{id: [names]} from the models' definitions (harness/emu/models; the source, not a build)."""
    return candidates.model_candidates()


def have_clang():
    return any(os.access(p, os.X_OK) for p in glob.glob("/usr/lib/llvm-*/bin/clang++"))


class Predictions(unittest.TestCase):
    def test_candidates_pairwise_distinct(self):
        for p in probe.all_probes():
            seen = {}
            for cand in p.candidates:
                obs = p.expect[cand]
                self.assertNotIn(obs, seen, "%s: %s and %s predict the same observation"
                                 % (p.id, seen.get(obs), cand))
                seen[obs] = cand
            self.assertEqual(sorted(p.expect), sorted(p.candidates), p.id)

    def test_every_model_has_one_probe(self):
        # A probe takes its name and candidates from its model (probes/common.py), so the
        # probes cover the models when each model has exactly one probe.
        emu = emulator_candidates()
        self.assertGreaterEqual(len(emu), 12, "no models found in harness/emu/models")
        ids = [p.id for p in probe.all_probes()]
        self.assertEqual(len(ids), len(set(ids)), "a model probed twice")
        for aid in emu:
            self.assertEqual(aid in ids, aid not in probe.NOT_PROBEABLE, "%s: probed <=> probeable" % aid)

    def test_a_probe_of_an_unknown_model_is_refused(self):
        with self.assertRaises(KeyError):
            probe.Probe("no_such_model", [], None, {}, "")

    def test_a_wrong_observation_is_none_of_the_candidates(self):
        p = matrix.probe_nan()
        self.assertIsNone(probe.classify(p, ("7fc00001",)))
        self.assertEqual(probe.classify(p, ("7fc00000",)), "canonical")


REFLIB = os.path.join(BUILD, "harness", "hip", "librdna4ref.a")  # hipcc.py links it into every program


@unittest.skipUnless(os.path.exists(EMU) and os.path.exists(HIPEMU) and os.path.exists(REFLIB) and have_clang(),
                     "needs the emulator build (rdna4-emu, libhipemu.so, librdna4ref.a) and a clang >= 19")
class OnTheEmulator(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="rdna4-probe-test-")
        cls.exes = probe.compile_probes(cls.tmp, device="emu", build_dir=BUILD)
        cls.env = {k: v for k, v in os.environ.items() if k != "RDNA4_EMU_MODEL"}

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def test_confusion_matrix_is_diagonal(self):
        probes = probe.all_probes()
        matrix, leaks = probe.confusion_matrix(probes, self.exes, cross=True, base_env=self.env)
        off = ["%s: active %s, probe names %s" % (aid, active, got)
               for aid, row in matrix.items() for active, got in row.items() if got != active]
        self.assertEqual(off, [], "off-diagonal entries:\n  " + "\n  ".join(off))
        self.assertEqual(leaks, [], "candidates that change another probe's verdict: %s" % leaks)
        self.assertEqual(sum(len(r) for r in matrix.values()), sum(len(p.candidates) for p in probes))

    def test_a_batch_goes_on_after_a_fault(self):
        # The clamp bit on a float WMMA is an illegal instruction under the default model:
        # the batch reports it as a fault (None) and runs the next kernel in a new process.
        words = [0xbf000000, 0]
        runs = [("w32", "isa_s_rndne_f32", words), ("w32", "dense_f32_f16_clamp", [0] * 512),
                ("w32", "isa_s_rndne_f32", words), ("w32", "no_such_kernel", [0]), ("w32", "isa_s_rndne_f32", words)]
        got = probe.run_runs(runs, self.exes, env=self.env)
        self.assertEqual(got[0][:1], [0x80000000])
        self.assertIsNone(got[1])
        self.assertEqual(got[2][:1], [0x80000000])
        self.assertIsInstance(got[3], probe.ProbeError)
        self.assertIn("unknown kernel", str(got[3]))
        self.assertEqual(got[4][:1], [0x80000000])

    def test_bad_model_selection_stops_the_kernel(self):
        for bad in ("no_such_id=x", "denormals=nope", "denormals", "denormals=keep,"):
            r = subprocess.run([self.exes["w32"], "dense_f32_f16"], input="0 " * 512, capture_output=True,
                               text=True, env=dict(self.env, RDNA4_EMU_MODEL=bad), timeout=120)
            self.assertEqual(r.returncode, 2, bad)
            self.assertIn("RDNA4_EMU_MODEL=%s: " % bad, r.stderr)
        r = subprocess.run([self.exes["w32"], "dense_f32_f16"], input="0 " * 512, capture_output=True,
                           text=True, env=dict(self.env, RDNA4_EMU_MODEL="denormals=keep"), timeout=120)
        self.assertEqual(r.returncode, 0, r.stderr)
        r = subprocess.run([EMU, "assumptions"], capture_output=True, text=True,
                           env=dict(self.env, RDNA4_EMU_MODEL="denormals=nope"), timeout=60)
        self.assertEqual(r.returncode, 2)
        self.assertIn("unknown candidate 'nope' for denormals", r.stderr)

    def test_a_broken_probe_is_reported_not_fatal(self):
        bad = matrix.probe_nan()
        bad.runs = [("w32", "no_such_kernel", [0])]
        doc = probe.facts([bad, salu.probe_salu_rndne()], self.exes, "emu", "gfx1201", env=self.env)
        self.assertEqual(doc["assumptions"]["nan_results"]["verdict"], "probe error")
        self.assertIn("unknown kernel", doc["assumptions"]["nan_results"]["error"])
        self.assertEqual(doc["matches"]["salu_rndne_signed_zero"], "keep_sign")

    def test_facts_file_and_assumptions_facts(self):
        probes = probe.all_probes()
        env = dict(self.env, RDNA4_EMU_MODEL="int_clamp=wrap")
        doc = probe.facts(probes, self.exes, "emu", "gfx1201", env=env)
        path = os.path.join(self.tmp, "model-facts.json")
        with open(path, "w") as f:
            json.dump(doc, f, indent=1, sort_keys=True)
        self.assertEqual(doc["matches"]["int_clamp"], "wrap")
        self.assertEqual(doc["matches"]["denormals"], "keep")
        r = subprocess.run([EMU, "assumptions", "--facts", path], capture_output=True, text=True,
                           env=self.env, timeout=60)
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)  # one CONTRADICTED
        self.assertIn("int_clamp: CONTRADICTED (device=emu matches 'wrap'; model 'int32')", r.stdout)
        self.assertIn("denormals: VERIFIED (device=emu matches 'keep')", r.stdout)
        self.assertIn("wave64_cycles: VERIFIED (device=emu matches 'same')", r.stdout)  # timed, probes/salu.py
        r = subprocess.run([EMU, "assumptions", "--facts", path], capture_output=True, text=True,
                           env=dict(self.env, RDNA4_EMU_MODEL="int_clamp=wrap"), timeout=60)
        self.assertEqual(r.returncode, 0, r.stdout)
        bad = os.path.join(self.tmp, "bad.json")
        with open(bad, "w") as f:
            f.write("{}")
        r = subprocess.run([EMU, "assumptions", "--facts", bad], capture_output=True, text=True, timeout=60)
        self.assertEqual(r.returncode, 2)
        self.assertIn("not a model-facts file", r.stderr)


if __name__ == "__main__":
    unittest.main()
