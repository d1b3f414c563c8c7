"""docs/known-bugs.json is well formed and docs/known-bugs.md is its current rendering.

    python3 -m unittest harness/conformance/tests/test_known_bugs.py
(The replays themselves: test_known_bug_replay.py.)
"""
import copy
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.normpath(os.path.join(HERE, "..", "..")))
from conformance import known_bugs  # noqa: E402


class KnownBugTable(unittest.TestCase):
    def setUp(self):
        self.data = known_bugs.load()

    def test_data_is_valid(self):
        known_bugs.validate(self.data)

    def test_page_is_current(self):
        with open(known_bugs.PAGE) as f:
            page = f.read()
        self.assertEqual(page, known_bugs.render(self.data),
                         "docs/known-bugs.md is stale: run python3 harness/conformance/known_bugs.py")
        self.assertEqual(known_bugs.main(["--check"]), 0)

    def test_every_row_is_on_the_page(self):
        page = known_bugs.render(self.data)
        for r in self.data["rows"]:
            self.assertIn('<a id="%s"></a>' % r["id"], page)
            self.assertIn("## " + r["title"], page)

    def test_validation_rejects_bad_rows(self):
        """The checks that keep the table honest do fire."""
        row = next(r for r in self.data["rows"] if r["live_in"] and
                   any(e["suite"] == "codegen" for e in r["replay"]))
        cases = {
            "missing field": lambda r: r.pop("wrong"),
            "no upstream": lambda r: r.update(upstream=[], kind="fix"),
            "private reference": lambda r: r.update(upstream=["https://example.com/x"]),
            "codegen replay where live": lambda r: r["replay"][0].update(on=list(r["live_in"])),
            "unknown kind": lambda r: r.update(kind="guess"),
            "no replay, no reason": lambda r: r.update(replay=[], live_in=[], not_replayable=""),
        }
        for name, mutate in cases.items():
            with self.subTest(case=name):
                data = copy.deepcopy(self.data)
                r = next(x for x in data["rows"] if x["id"] == row["id"])
                r["replay"].sort(key=lambda e: e["suite"] != "codegen")
                mutate(r)
                with self.assertRaises(known_bugs.DataError):
                    known_bugs.validate(data)


if __name__ == "__main__":
    unittest.main()
