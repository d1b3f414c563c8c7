"""docs/tooling.md and docs/ci-example.md only use subcommands and options that exist."""
import contextlib
import io
import os
import re
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))
from conformance import cli  # noqa: E402

REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
DOCS = [os.path.join(REPO, "docs", n) for n in ("tooling.md", "ci-example.md")]


def usage(sub):
    """The --help text of one subcommand."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        try:
            cli.main([sub, "--help"])
        except SystemExit:
            pass
    return out.getvalue()


class Docs(unittest.TestCase):
    def test_commands_and_options_exist(self):
        known = set(cli.DELEGATED) | {"run", "check", "hipcc"}
        seen = 0
        for path in DOCS:
            with open(path) as f:
                text = f.read()
            for m in re.finditer(r"rdna4-conformance (?:\\\n\s*)?([a-z][a-z-]*)((?:\\\n|[^\n`|])*)", text):
                sub, rest = m.group(1), m.group(2)
                self.assertIn(sub, known, "%s: unknown subcommand %r" % (os.path.basename(path), sub))
                if sub == "hipcc":
                    continue
                helptext = usage(sub)
                for opt in re.findall(r"(?<![\w-])(--[a-z][a-z-]+)", rest):
                    self.assertIn(opt, helptext, "%s: `rdna4-conformance %s` has no option %s"
                                  % (os.path.basename(path), sub, opt))
                seen += 1
        self.assertGreater(seen, 10)

    def test_git_bisect_step_is_executable(self):
        self.assertTrue(os.access(os.path.join(REPO, "harness", "bin", "git-bisect-step"), os.X_OK))


if __name__ == "__main__":
    unittest.main()
