"""A device that contradicts an UNVERIFIED model gives one clear result per model, not FAILs.

With RDNA4_REF_MODEL=id=candidate naming a non-default candidate (what `run` exports after
`probe` on a GPU), or RDNA4_MODEL_FACTS pointing at a model-facts.json whose entry matches
none of the candidates, every runtime test whose `// ASSUMES:` line names that id ends as
lit UNSUPPORTED "model contradicted: <id> (device matches <candidate>)" (lit_format.py);
results.json records it as MODEL-CONTRADICTED with the id, junit.xml as skipped with the
message, the matrix and report.md with the id per cell and one summary line per id.
Without the variables nothing changes; an unknown id or candidate stops lit with an error.

Runs two real runtime tests on the emulator (needs <repo>/build or $RDNA4_BUILD_DIR with
libhipemu.so); no GPU needed.
"""
import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))
from conformance import report, results, toolchain  # noqa: E402

REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
BUILD = os.environ.get("RDNA4_BUILD_DIR", os.path.join(REPO, "build"))
B64 = "runtime/load-tr-w32/global_load_tr_b64_v2i32.hip"    # ASSUMES tr_b64_mapping
B128 = "runtime/load-tr-w32/global_load_tr_b128_v8f16.hip"  # assumes no transpose-B64 model
V22 = "Debian clang version 22.1.8 (1~deb12u1)"


def lit_module():
    lit = toolchain.find_lit()
    if lit:
        with open(lit, errors="replace") as f:
            for line in f.read(2000).splitlines():
                if "sys.path.insert" in line and '"' in line:
                    sys.path.insert(1, line.split('"')[1])
    from conformance import lit_format
    return lit_format


class Parsing(unittest.TestCase):
    def setUp(self):
        try:
            self.lf = lit_module()
        except ImportError:
            self.skipTest("lit is not installed")

    def test_candidates_and_errors(self):
        cands = self.lf.model_candidates()
        self.assertEqual(cands["tr_b64_mapping"][0], "ck_inferred")
        self.assertIn("b128_rule", cands["tr_b64_mapping"])
        self.assertEqual(self.lf.contradicted_models("tr_b64_mapping=b128_rule,int_clamp=int32"),
                         {"tr_b64_mapping": "b128_rule"})  # a default candidate contradicts nothing
        self.assertEqual(self.lf.contradicted_models(""), {})
        for bad, why in (("no_such_model=x", "unknown model id 'no_such_model'"),
                         ("tr_b64_mapping=nope", "not a candidate of tr_b64_mapping"),
                         ("tr_b64_mapping", "not id=candidate")):
            with self.assertRaises(ValueError) as cm:
                self.lf.contradicted_models(bad)
            self.assertIn(why, str(cm.exception))

    def test_facts_file(self):
        d = tempfile.mkdtemp(prefix="rdna4-contra-")
        self.addCleanup(shutil.rmtree, d)
        p = os.path.join(d, "model-facts.json")
        with open(p, "w") as f:
            json.dump({"assumptions": {
                "tr_b64_mapping": {"default": "ck_inferred", "match": None},
                "int_clamp": {"default": "int32", "match": "int32"},
                "sparse_index": {"default": "positions", "match": "swapped_fields"},
                "tr_wave64": {"default": "half_width_blocks", "match": None, "verdict": "probe error"}}}, f)
        self.assertEqual(self.lf.contradicted_models("", p),
                         {"tr_b64_mapping": "none of the candidates", "sparse_index": "swapped_fields"})
        with self.assertRaises(ValueError):
            self.lf.contradicted_models("", os.path.join(d, "missing.json"))


@unittest.skipUnless(os.path.exists(os.path.join(BUILD, "harness", "hip", "libhipemu.so")),
                     "emulator HIP runtime not built (set RDNA4_BUILD_DIR)")
class LitRun(unittest.TestCase):
    def setUp(self):
        self.lit = toolchain.find_lit()
        if not self.lit:
            self.skipTest("lit is not installed")
        self.d = tempfile.mkdtemp(prefix="rdna4-contra-")
        self.addCleanup(shutil.rmtree, self.d)

    def run_lit(self, **env):
        e = {k: v for k, v in os.environ.items()
             if k not in ("RDNA4_REF_MODEL", "RDNA4_MODEL_FACTS", "RDNA4_EMU_MODEL")}
        e.update(env)
        out = os.path.join(self.d, "lit-%d.json" % len(os.listdir(self.d)))
        p = subprocess.run([sys.executable, self.lit, "-j2", "--param", "build_dir=" + BUILD,
                            "-o", out, B64, B128], cwd=REPO, env=e, capture_output=True,
                           text=True, timeout=900)
        return p, out

    def statuses(self, out):
        rs = results.from_lit_json(out, "runtime", "runtime", V22, device="emu")
        return rs, {(r["test"], r["target"]): r["status"] for r in rs}

    def test_unset_changes_nothing(self):
        p, out = self.run_lit()
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        rs, st = self.statuses(out)
        self.assertEqual(set(st.values()), {"PASS"}, st)
        self.assertEqual(len(st), 4)
        self.assertNotIn("MODEL-CONTRADICTED", results.matrix(rs, [{"clang": "clang++", "version": V22}]))

    def test_contradicted_model(self):
        p, out = self.run_lit(RDNA4_REF_MODEL="tr_b64_mapping=b128_rule")
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        rs, st = self.statuses(out)
        for t in ("gfx1200", "gfx1201"):
            self.assertEqual(st[(B64, t)], "MODEL-CONTRADICTED", st)
            self.assertEqual(st[(B128, t)], "PASS", st)  # does not assume the model: runs
        for r in rs:
            if r["test"] == B64:
                self.assertEqual(r["contradicted"], {"tr_b64_mapping": "b128_rule"})
        text = results.matrix(rs, [{"clang": "clang++", "version": V22}])
        self.assertRegex(text, r"global_load_tr_b64_v2i32\s+MODEL-CONTRADICTED")
        summary = [x for x in text.splitlines() if x.startswith("MODEL-CONTRADICTED ")]
        self.assertEqual(summary, ["MODEL-CONTRADICTED tr_b64_mapping: device matches b128_rule, not the "
                                   "emulator's default; 2 result(s) assuming it not run "
                                   "(docs/facts/unverified.md#tr_b64_mapping)"])
        jx = os.path.join(self.d, "junit.xml")
        results.write_junit(jx, rs)
        with open(jx) as f:
            junit = f.read()
        self.assertIn('failures="0" skipped="2"', junit)
        self.assertEqual(junit.count('<skipped message="model contradicted: tr_b64_mapping '
                                     '(device matches b128_rule)"/>'), 2)
        jp = os.path.join(self.d, "results.json")
        results.write_json(jp, [{"clang": "clang++", "version": V22}], rs)
        find = report.find_emulator
        report.find_emulator = lambda out_dir=None: None
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                report.write_reports(jp, self.d)
        finally:
            report.find_emulator = find
        with open(os.path.join(self.d, "report.md")) as f:
            md = f.read()
        row = [x for x in md.splitlines() if x.startswith("| global_load_tr_b64_v2i32 |")][0]
        self.assertEqual(row.count("MODEL-CONTRADICTED (`tr_b64_mapping`)"), 2, row)
        self.assertEqual(md.count("- MODEL-CONTRADICTED tr_b64_mapping: device matches b128_rule"), 1)
        with open(os.path.join(self.d, "report.html")) as f:
            self.assertIn("MODEL-CONTRADICTED (<code>tr_b64_mapping</code>)", f.read())

    def test_none_of_the_candidates(self):
        facts = os.path.join(self.d, "model-facts.json")
        with open(facts, "w") as f:
            json.dump({"assumptions": {"tr_b64_mapping": {"default": "ck_inferred", "match": None}}}, f)
        p, out = self.run_lit(RDNA4_MODEL_FACTS=facts)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        rs, st = self.statuses(out)
        self.assertEqual(st[(B64, "gfx1201")], "MODEL-CONTRADICTED", st)
        r = [r for r in rs if r["test"] == B64][0]
        self.assertEqual(r["contradicted"], {"tr_b64_mapping": "none of the candidates"})

    def test_unknown_id_is_an_error(self):
        p, _ = self.run_lit(RDNA4_REF_MODEL="no_such_model=x")
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("RDNA4_REF_MODEL: unknown model id 'no_such_model'", p.stdout + p.stderr)


if __name__ == "__main__":
    unittest.main()
