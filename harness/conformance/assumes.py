"""The one reader of `// ASSUMES: <id> <id> ...` lines: a runtime test names the UNVERIFIED
models of the emulator its result rests on (docs/facts/unverified.md). Used by results.py
(PASS* in the reports) and lit_format.py (tests of a contradicted model are not run)."""
import re

# `//`, `#` or `;` comments; ids separated by spaces or commas; several lines add up.
LINE = re.compile(r"^\s*(?://|#|;)\s*ASSUMES:(.*)$", re.M)
HEAD = 20000  # ASSUMES lines sit at the top of a test: only its first characters are read


def ids_in(text):
    """The ids of TEXT's ASSUMES lines, in order, each once."""
    ids = []
    for m in LINE.finditer(text):
        for i in re.split(r"[\s,]+", m.group(1).strip()):
            if i and i not in ids:
                ids.append(i)
    return ids


def read(path):
    """The ids a test file declares; [] when it declares none or cannot be read."""
    try:
        with open(path, errors="replace") as f:
            return ids_in(f.read(HEAD))
    except OSError:
        return []
