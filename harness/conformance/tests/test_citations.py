"""The repository stands on its own: every citation resolves.

  * A citation of the project's facts, `docs/<...>.md#<anchor>`, names a file that
    exists and a heading in it (GitHub anchors: lowercase, spaces -> '-', other
    punctuation dropped); so does every relative link in a Markdown file.
  * A repository path written in the text (`Inputs/...`, `codegen/...`, `runtime/...`,
    `harness/...`, `docs/...`, `baselines/...`) names a file or folder that exists.
  * Nothing cites a document that is not in the repository: no mention of the
    old out-of-tree facts page (its name is assembled below so this file does not
    mention it), no "issue <number>" / "issue #<number>" of a private tracker (a
    public upstream issue is cited by its URL, .../issues/<number>), no
    machine-local paths (/work/...), and no "the <x> engineer" / "session <n>" notes.

Each failure lists file:line of every offender.
Run alone: python3 -m unittest harness/conformance/tests/test_citations.py
"""
import os
import re
import subprocess
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))

OLD_PAGE = "REFERENCE" + ".md"
TEXT_EXT = {".md", ".py", ".h", ".hpp", ".cc", ".cpp", ".c", ".hip", ".def", ".csv", ".txt", ".json",
            ".cfg", ".test", ".s", ".ll", ".cl", ".inc", ".golden", ".sh", ".cmake", ".toml", ".yml",
            ".yaml", ".html", ".in", ""}
TOP = ("Inputs", "codegen", "runtime", "harness", "docs", "baselines")
PATH_RE = re.compile(r"(?<![\w./$%@-])((?:" + "|".join(TOP) + r")/[\w./+-]*\w)")
DOC_CITE_RE = re.compile(r"(?<![\w./$%@-])(docs/[\w./-]+\.md)#([\w-]+)")
MD_LINK_RE = re.compile(r"\]\(([^)\s]+)\)")
ISSUE_RE = re.compile(r"(?<![/\w])[Ii]ssues?\s*#?\s*\d+")
SEED_RE = re.compile(r"(?i)\bseeds?\s*0\d\d\b|\bseeds'|\bseed0\d\d")
LOCAL_RE = re.compile(r"/work/\w|\.\./shared\b")
# Who wrote what, in which working session: the team's business, not the reader's.
TEAM_RE = re.compile(r"(?i)\bthe [\w-]+ engineer\b|\b[\w-]+ engineer's\b|\([\w-]+ engineer\)|"
                     r"\bowner: \w+|\bsession \d+\b")
# Before a path: the name of the project it belongs to.
OUTSIDE_RE = re.compile(r"\b(?:LLVM|LLVM's|llvm|clang|ROCm|ROCm's|CK|Triton|tinygrad|Mesa)\s+$")
# After a path: a template or glob continues it, so it is not a literal path.
TEMPLATE_NEXT = set("*<{$[%")


C_LIKE = {".h", ".hpp", ".cc", ".cpp", ".c", ".hip", ".def", ".inc", ".cl"}
HASH_COMMENT = {".py", ".txt", ".cmake", ".cfg", ".test", ".sh", ".csv", ".toml", ".yml", ".yaml", ".in", ""}
TEST_ID_RE = re.compile(r"(.*?\.(?:hip|test|ll|s|cl|cpp))/[\w.-]+$")
BUILT_EXT = {".a", ".so", ".o"}


def built_binary(path):
    """A program built from <path>.cpp/.cc (named in prose, present only in a build dir)."""
    return not os.path.splitext(path)[1] and any(exists(path + e) for e in (".cpp", ".cc", ".c", ".hip"))


def prose(rel, lines):
    """(line number, text) of the parts of a file that are prose: a Markdown file whole,
    comments of C-like and '#'-comment files, Python docstrings, JSON strings."""
    ext = os.path.splitext(rel)[1].lower()
    if rel.endswith("CMakeLists.txt"):
        ext = ".cmake"
    doc = False
    for n, line in enumerate(lines, 1):
        if ext in (".md", ".json", ".html", ".golden"):
            yield n, line
        elif ext in C_LIKE:
            s = line.lstrip()
            if s.startswith("*") or s.startswith("/*"):
                yield n, line
                continue
            m = re.search(r"(?<![:\\])//(.*)", line)
            if m:
                yield n, m.group(1)
        elif ext in HASH_COMMENT:
            if ext == ".py" or (ext == "" and lines and lines[0].startswith("#!") and "python" in lines[0]):
                q = line.count('"""') + line.count("'''")
                if doc or q:
                    yield n, line
                if q % 2 == 1:
                    doc = not doc
                if doc or q:
                    continue
            m = re.search(r"(?:^|\s)#(.*)", line)
            if m:
                yield n, m.group(1)


def tracked_files():
    """Repository-relative paths of the text files git tracks or would track (not ignored),
    else a walk."""
    try:
        out = subprocess.run(["git", "-C", REPO, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                             capture_output=True, check=True,
                             timeout=60).stdout.decode("utf-8", "replace")
        files = [f for f in out.split("\0") if f]
    except (OSError, subprocess.SubprocessError):
        files = []
        for d, dirs, names in os.walk(REPO):
            dirs[:] = [x for x in dirs if x not in (".git", "build") and not x.startswith("build-")]
            files += [os.path.relpath(os.path.join(d, n), REPO) for n in names]
    keep = []
    for f in files:
        if os.path.splitext(f)[1].lower() in TEXT_EXT and os.path.isfile(os.path.join(REPO, f)):
            keep.append(f)
    return keep


def read_lines(rel):
    try:
        with open(os.path.join(REPO, rel), "rb") as fh:
            data = fh.read()
    except OSError:
        return []
    if b"\0" in data[:4096]:
        return []
    return data.decode("utf-8", "replace").splitlines()


def slug(heading):
    """GitHub's anchor for a heading text."""
    h = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # links -> their text
    h = h.replace("`", "").strip().lower()
    h = re.sub(r"[^\w\- ]", "", h)
    return h.replace(" ", "-")


_ANCHORS = {}


def anchors(rel):
    """Anchors of a Markdown file (headings outside code fences, explicit <a id/name>)."""
    if rel in _ANCHORS:
        return _ANCHORS[rel]
    seen, out, fence = {}, set(), False
    for line in read_lines(rel):
        if re.match(r"\s*(```|~~~)", line):
            fence = not fence
            continue
        if fence:
            continue
        m = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if m:
            s = slug(m.group(1))
            n = seen.get(s, 0)
            seen[s] = n + 1
            out.add(s if n == 0 else "%s-%d" % (s, n))
        for a in re.findall(r"<a\s+(?:id|name)=\"([^\"]+)\"", line):
            out.add(a)
    _ANCHORS[rel] = out
    return out


def exists(rel):
    return os.path.exists(os.path.join(REPO, rel))


def fmt(offenders):
    return "\n".join("  %s:%d: %s" % o for o in offenders)


class Citations(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.files = tracked_files()
        cls.lines = {f: read_lines(f) for f in cls.files}
        cls.me = os.path.relpath(os.path.abspath(__file__), REPO)

    def each_line(self):
        for f in self.files:
            for n, line in enumerate(self.lines[f], 1):
                yield f, n, line

    def test_no_out_of_tree_page(self):
        bad = [(f, n, OLD_PAGE) for f, n, line in self.each_line() if OLD_PAGE in line]
        self.assertFalse(bad, "cites %s, which is not in the repository; cite docs/facts/<topic>.md#<anchor> "
                              "or the public source instead:\n%s" % (OLD_PAGE, fmt(bad)))

    def test_no_private_issue_numbers(self):
        bad = []
        for f, n, line in self.each_line():
            if f == self.me:
                continue
            for m in ISSUE_RE.finditer(line):
                bad.append((f, n, m.group(0)))
        self.assertFalse(bad, "names an issue by number; say what it is in words, or give the public URL "
                              "(https://github.com/<owner>/<repo>/issues/<n>):\n%s" % fmt(bad))

    def test_no_machine_local_paths(self):
        bad = []
        for f, n, line in self.each_line():
            if f == self.me:
                continue
            for m in LOCAL_RE.finditer(line):
                bad.append((f, n, m.group(0)))
        self.assertFalse(bad, "cites a folder outside the repository:\n%s" % fmt(bad))

    def test_starting_pages_named_with_a_citation(self):
        """"seed 000" / "seed 001" / "seed 003" / "the seeds'" name the documents the project
        started from, which are not in the repository: a file that uses the names cites the
        page that describes them (docs/facts/starting-pages.md, or disagreements.md)."""
        bad = []
        for f in self.files:
            if f == self.me or f.startswith("docs/facts/"):
                continue
            text = "\n".join(self.lines[f])
            m = SEED_RE.search(text)
            if m and not re.search(r"docs/facts/(starting-pages|disagreements)\.md", text):
                bad.append((f, text.count("\n", 0, m.start()) + 1, m.group(0)))
        self.assertFalse(bad, "names a starting document without citing docs/facts/starting-pages.md:\n%s"
                         % fmt(bad))

    def test_no_team_bookkeeping(self):
        bad = []
        for f, n, line in self.each_line():
            if f == self.me:
                continue
            for m in TEAM_RE.finditer(line):
                bad.append((f, n, m.group(0)))
        self.assertFalse(bad, "names the team's members or working sessions; say what the thing is instead:\n%s"
                         % fmt(bad))

    def test_docs_citations_resolve(self):
        bad, seen = [], 0
        for f, n, line in self.each_line():
            for m in DOC_CITE_RE.finditer(line):
                seen += 1
                doc, anchor = m.group(1), m.group(2)
                if not exists(doc):
                    bad.append((f, n, "%s: no such file" % doc))
                elif anchor not in anchors(doc):
                    bad.append((f, n, "%s#%s: no such heading" % (doc, anchor)))
        self.assertFalse(bad, "citations of docs/ that do not resolve:\n%s" % fmt(bad))
        self.assertGreater(seen, 0)

    def test_markdown_links_resolve(self):
        bad = []
        for f in self.files:
            if not f.endswith(".md"):
                continue
            fence = False
            for n, line in enumerate(self.lines[f], 1):
                if re.match(r"\s*(```|~~~)", line):
                    fence = not fence
                if fence:
                    continue
                for m in MD_LINK_RE.finditer(line):
                    target = m.group(1)
                    if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("//"):
                        continue  # URL, mailto:
                    path, _, anchor = target.partition("#")
                    rel = os.path.normpath(os.path.join(os.path.dirname(f), path)) if path else f
                    if not exists(rel):
                        bad.append((f, n, "%s: no such file" % target))
                    elif anchor and rel.endswith(".md") and anchor not in anchors(rel):
                        bad.append((f, n, "%s: no such heading" % target))
        self.assertFalse(bad, "Markdown links that do not resolve:\n%s" % fmt(bad))

    def test_repository_paths_exist(self):
        bad = []
        for f in self.files:
            for n, text in prose(f, self.lines[f]):
                for m in PATH_RE.finditer(text):
                    path = m.group(1).rstrip(".")
                    if set(text[m.end():m.end() + 2]) & TEMPLATE_NEXT:
                        continue
                    if OUTSIDE_RE.search(text[:m.start()]):
                        continue  # "LLVM docs/AMDGPUUsage.rst": a path in another project
                    t = TEST_ID_RE.match(path)
                    if t:
                        path = t.group(1)  # lit test id: <file>/<target>
                    if re.fullmatch(r"\w\.\w+", os.path.basename(path)):
                        continue  # a placeholder in an example: codegen/wmma-w32/x.hip
                    if os.path.splitext(path)[1] in BUILT_EXT or built_binary(path) or exists(path):
                        continue
                    bad.append((f, n, "%s: no such file or folder" % path))
        self.assertFalse(bad, "repository paths that do not exist:\n%s" % fmt(bad))


if __name__ == "__main__":
    unittest.main()
