"""The candidate models' data file (harness/emu/wmma/candidates.csv) and its users.

  * gen_candidates.py, which turns the file into the emulator's C++ table, refuses a
    malformed row with a message (bad name, one candidate, repeated id or candidate,
    wrong header) and accepts the real file;
  * every id in the file is an assumption of rdna4emu::model_assumptions() (model.cpp),
    and its section of docs/facts/unverified.md names every candidate (`name`);
  * every model_choice("id") in the emulator's sources names a row of the file (the
    emulator stops on an unknown id, but only when that instruction first runs).
Standard library only.
"""

import os
import re
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, os.path.join(REPO, "harness"))

from conformance import candidates  # noqa: E402

GEN = os.path.join(REPO, "harness", "emu", "wmma", "gen_candidates.py")
MODEL_CPP = os.path.join(REPO, "harness", "emu", "wmma", "model.cpp")
UNVERIFIED = os.path.join(REPO, "docs", "facts", "unverified.md")


def gen(text):
    with tempfile.TemporaryDirectory() as d:
        src, out = os.path.join(d, "c.csv"), os.path.join(d, "c.inc")
        with open(src, "w") as f:
            f.write(text)
        r = subprocess.run([sys.executable, GEN, src, out], capture_output=True, text=True, timeout=60)
        body = open(out).read() if os.path.exists(out) else ""
        return r.returncode, r.stderr, body


class Generator(unittest.TestCase):
    def test_real_file(self):
        rc, err, body = gen(open(candidates.CANDIDATES_CSV).read())
        self.assertEqual(rc, 0, err)
        for aid, probe, names in candidates.rows():
            self.assertIn('"%s", "%s", %s)' % (aid, probe, ", ".join('"%s"' % n for n in names)), body)

    def test_refusals(self):
        head = "id,probe,candidates\n"
        for text, why in [
            ("id,probe\nx,p,a|b\n", "header"),
            (head + "x,p,a\n", "at least two candidates"),
            (head + "x,p,a|b\nx,q,c|d\n", "repeated"),
            (head + "x,p,a|a\n", "repeats a candidate"),
            (head + "X-1,p,a|b\n", "bad id"),
            (head + "x,p,a|B c\n", "bad candidate name"),
            (head + "x,p\n", "expected 3 columns"),
        ]:
            rc, err, body = gen(text)
            self.assertEqual(rc, 1, text)
            self.assertIn(why, err, text)
            self.assertEqual(body, "", text)


class Users(unittest.TestCase):
    def test_ids_are_assumptions_and_documented(self):
        with open(MODEL_CPP) as f:
            ids = set(re.findall(r"^\s*\{\"([a-z0-9_]+)\",", f.read(), re.M))
        with open(UNVERIFIED) as f:
            doc = f.read()
        sections = dict(re.findall(r"^## ([a-z0-9_]+)\n(.*?)(?=^## |\Z)", doc, re.M | re.S))
        bad = []
        for aid, _, names in candidates.rows():
            if aid not in ids:
                bad.append("%s: not an assumption in model.cpp" % aid)
            text = sections.get(aid)
            if text is None:
                bad.append("%s: no section in docs/facts/unverified.md" % aid)
                continue
            if not re.search(r"^Candidates[: (]", text, re.M):
                bad.append("%s: its section has no 'Candidates:' paragraph" % aid)
            bad += ["%s: candidate `%s` not named in its section" % (aid, n) for n in names
                    if "`%s`" % n not in text]
        self.assertFalse(bad, "\n  ".join([""] + bad))

    def test_model_choice_ids_exist(self):
        known = set(candidates.model_candidates())
        used, bad = set(), []
        for base in ("harness/emu", "harness/hip", "Inputs"):
            for d, dirs, names in os.walk(os.path.join(REPO, base)):
                dirs[:] = [x for x in dirs if x != "__pycache__"]
                for n in names:
                    if not n.endswith((".h", ".cc", ".cpp", ".def", ".inc")):
                        continue
                    p = os.path.join(d, n)
                    with open(p, errors="replace") as f:
                        for aid in re.findall(r'model_choice\(\s*"([^"]*)"', f.read()):
                            used.add(aid)
                            if aid not in known:
                                bad.append("%s: model_choice(\"%s\")" % (os.path.relpath(p, REPO), aid))
        self.assertGreater(len(used), 5)
        self.assertFalse(bad, "ids without a row in candidates.csv:\n  " + "\n  ".join(bad))


if __name__ == "__main__":
    unittest.main()
