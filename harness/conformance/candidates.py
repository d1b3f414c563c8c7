"""The emulator's candidate models, read from their data file.

harness/emu/wmma/candidates.csv lists, per UNVERIFIED assumption id that has candidate
models, the probe that decides it and the candidates (default first); the emulator's table
is generated from the same file (gen_candidates.py). Standard library only.
"""

import csv
import os

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CANDIDATES_CSV = os.path.join(REPO, "harness", "emu", "wmma", "candidates.csv")


def rows(path=CANDIDATES_CSV):
    """[(id, probe name or '', [candidates, default first])] in file order.
    Raises ValueError on a malformed file."""
    out = []
    with open(path, newline="") as f:
        reader = csv.reader(l for l in f if l.strip() and not l.startswith("#"))
        if next(reader, None) != ["id", "probe", "candidates"]:
            raise ValueError("%s: header must be 'id,probe,candidates'" % path)
        for r in reader:
            if len(r) != 3 or not r[0].strip():
                raise ValueError("%s: malformed row %r" % (path, r))
            out.append((r[0].strip(), r[1].strip(), r[2].strip().split("|")))
    return out


def model_candidates(path=CANDIDATES_CSV):
    """{id: [candidates, default first]}."""
    return {aid: cands for aid, _, cands in rows(path)}
