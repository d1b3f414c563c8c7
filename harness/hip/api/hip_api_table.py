#!/usr/bin/env python3
"""docs/hip-api.md: every public name of ROCm 6.x's HIP headers (rocm_hip_names.csv) with its
status on the emulator path (harness/hip/include, libhipemu.so).

  python3 harness/hip/api/hip_api_table.py            # rewrite docs/hip-api.md
  python3 harness/hip/api/hip_api_table.py --check    # exit 1 if docs/hip-api.md is stale

Status of a name, decided from the repository's files ("declared": in the headers' code after
clang's preprocessor, host and device side, so names a macro builds are seen; comments and
strings never count):
  tested          declared by the project's headers and used by a test (runtime/hip-api,
                  runtime/hip-programs, harness/hip/tests): in the test's code, not in a
                  comment, a string or character literal or an `#if 0` block; a function
                  only where it is called (`name(` or `name<...>(`); in a lit `.test` file only
                  on its RUN lines (the commands, with the sources they write); a name no
                  program can use (REACHED_THROUGH) where a test uses what reaches it
  untested        declared by the project's headers, used by no test
  not supported   a hipDeviceAttribute_t value hipDeviceGetAttribute answers with
                  hipErrorNotSupported and a message (src/device_attributes.cpp kNotModelled)
  compile error   declared unavailable (include/hip/hipemu_unavailable.def): any use is a
                  compile-time error naming it and saying it is not provided
  not provided    not declared: a use is a compile-time error naming it (undeclared identifier)
Python standard library only, and a clang >= 19 (find_clang) to preprocess the headers.
"""
import collections
import glob
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
NAMES = os.path.join(HERE, "rocm_hip_names.csv")
DOC = os.path.join(REPO, "docs", "hip-api.md")
INCLUDE = os.path.join(REPO, "harness", "hip", "include", "hip")
UNAVAILABLE = os.path.join(INCLUDE, "hipemu_unavailable.def")
ATTRIBUTES = os.path.join(REPO, "harness", "hip", "src", "device_attributes.cpp")
TEST_DIRS = [os.path.join(REPO, "runtime", "hip-api"), os.path.join(REPO, "runtime", "hip-programs"),
             os.path.join(REPO, "harness", "hip", "tests")]
STATUS_ORDER = ["tested", "untested", "not supported", "compile error", "not provided"]
STATUS_TEXT = {
    "tested": "implemented, tested",
    "untested": "implemented, no test yet",
    "not supported": "returns hipErrorNotSupported with a message",
    "compile error": "not provided: compile error naming it (hipemu_unavailable.h)",
    "not provided": "not provided: compile error (undeclared identifier)",
}


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


# One pass over C/C++ text: comments, string literals (with escapes and raw strings) and
# character literals, in the order they start, so "//" in a string or "'" in a comment is
# read as C++ reads it.
_LEXEME = re.compile(r"""/\*.*?\*/|//[^\n]*|R"([^(\s]*)\(.*?\)\1"|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])+'""",
                     re.S)


def code_only(text):
    """C/C++ text without comments, string and character literals and #if 0 blocks (each
    replaced by a space, so the words either side stay apart)."""
    text = _LEXEME.sub(" ", text.replace("\\\n", " "))
    out, skip = [], 0
    for line in text.split("\n"):
        d = re.match(r"\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b\s*(\S*)", line)
        if skip:
            if d and d.group(1).startswith("if"):
                skip += 1
            elif d and d.group(1) == "endif":
                skip -= 1
            elif d and d.group(1) in ("else", "elif") and skip == 1:
                skip = 0
            continue
        if d and d.group(1) == "if" and d.group(2) == "0":
            skip = 1
            continue
        out.append(line)
    return "\n".join(out)


def run_lines(text):
    """The commands of a lit .test file: what follows RUN: on its RUN lines."""
    return "\n".join(m.group(1) for m in re.finditer(r"RUN:(.*)", text))


def read_names():
    rows, sources = [], []
    with open(NAMES, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("#"):
                if line.startswith("#   "):
                    sources.append(line[4:])
                continue
            if line == "name,kind,header" or not line:
                continue
            name, kind, header = line.split(",", 2)
            rows.append((name, kind, header))
    return rows, sources


def words_in(paths):
    words = set()
    for p in paths:
        with open(p, encoding="utf-8", errors="replace") as f:
            words.update(re.findall(r"[A-Za-z_]\w*", strip_comments(f.read())))
    return words


def files_under(d, exts):
    out = []
    for root, _, files in os.walk(d):
        for f in sorted(files):
            if f.endswith(exts):
                out.append(os.path.join(root, f))
    return sorted(out)


def unavailable_names():
    names = set()
    with open(UNAVAILABLE, encoding="utf-8") as f:
        for m in re.finditer(r"^HIPEMU_UNAVAILABLE_\w+\((\w+)\)", f.read(), re.M):
            names.add(m.group(1))
    return names


def not_supported_names():
    with open(ATTRIBUTES, encoding="utf-8") as f:
        text = f.read()
    block = text.split("kNotModelled[] = {", 1)[1].split("};", 1)[0]
    return set(re.findall(r"HIPEMU_ATTR\((\w+)\)", block))


def test_code(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    return run_lines(text) if path.endswith(".test") else code_only(text)


# Names no program can use directly, and what a test uses to reach them:
# - private members of ROCm's hip_bfloat16 (amd_hip_bfloat16.h), as of the project's: the
#   public function that calls them;
# - __HIP_NODISCARD, which ROCm's hip_runtime_api.h #undefs right after marking hipError_t
#   with it: the macro under which runtime/hip-api/rocm-header-environment.hip drops a
#   hipError_t and expects the diagnostic.
REACHED_THROUGH = {
    "float_to_bfloat16": "round_to_bfloat16",
    "truncate_float_to_bfloat16": "round_to_bfloat16",
    "__HIP_NODISCARD": "HIPEMU_NODISCARD_TEST",
}


def used_by_tests(rows):
    """The names of `rows` a test uses: any occurrence in code of a type, macro, enumerator
    or variable; a call of a function."""
    code = "\n".join(test_code(p) for d in TEST_DIRS
                     for p in files_under(d, (".hip", ".cpp", ".test", ".h")))
    words, called = names_in(code)
    return {name for name, kind, _ in rows
            if (REACHED_THROUGH.get(name, name) in called if kind in FUNCTION_KINDS
                else REACHED_THROUGH.get(name, name) in words)}


FUNCTION_KINDS = ("function", "device function")


def names_in(code):
    """(every word, the words in function position: before `(` or `<...>(`)."""
    return (set(re.findall(r"[A-Za-z_]\w*", code)),
            set(re.findall(r"([A-Za-z_]\w*)\s*(?=\(|<[^;{}()]*>\s*\()", code)))


def find_clang():
    """The newest /usr/lib/llvm-N/bin/clang++ (N >= 19), else clang++ on PATH, else None."""
    found = []
    for d in glob.glob("/usr/lib/llvm-*/bin/clang++"):
        m = re.search(r"llvm-(\d+)/", d)
        if m and int(m.group(1)) >= 19:
            found.append((int(m.group(1)), d))
    if found:
        return max(found)[1]
    return shutil.which("clang++")


def preprocessed_headers():
    """The code of the project's headers after the preprocessor, host and device side (so
    names a macro makes, `NAME##2`, are there): every header included by one HIP
    translation unit as hipcc compiles it, the lines that come from harness/hip/include."""
    clang = find_clang()
    if not clang:
        raise RuntimeError("hip_api_table.py needs a clang (>= 19) to preprocess the headers")
    headers = [os.path.basename(p) for p in files_under(INCLUDE, (".h",))]
    source = "".join('#include "hip/%s"\n' % h for h in headers)
    root = os.path.dirname(INCLUDE)
    code = []
    for side in (["--cuda-host-only"], ["--cuda-device-only", "--offload-arch=gfx1201"]):
        cmd = [clang, "-x", "hip", "-std=c++17", "-E", "-nogpuinc", "-nogpulib", "-I", root,
               "-include", "hip/hipemu_hip_wrapper.h"] + side + ["-"]
        r = subprocess.run(cmd, input=source, capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError("preprocessing the headers failed: %s\n%s" % (" ".join(cmd), r.stderr))
        ours = False
        for line in r.stdout.split("\n"):
            m = re.match(r'# \d+ "([^"]*)"', line)
            if m:
                ours = os.path.abspath(m.group(1)).startswith(INCLUDE + os.sep)
            elif ours:
                code.append(line)
    return "\n".join(code)


def declared_by_headers(rows):
    """The names of `rows` the project's headers provide: a macro they #define; a type,
    enumerator or variable in their preprocessed code (not a comment or string); a function
    where that code declares, defines or calls it (a member named like it, `f.nan`, is not
    the function nan) or brings it in by `using ...::name;`."""
    raw = ""
    for p in files_under(INCLUDE, (".h",)):
        if not p.endswith("hipemu_unavailable.h"):
            with open(p, encoding="utf-8", errors="replace") as f:
                raw += code_only(f.read()) + "\n"
    macros = set(re.findall(r"#\s*define\s+(\w+)", raw))
    code = code_only(preprocessed_headers())
    words, functions = names_in(code)
    functions |= set(re.findall(r"\busing\s+[\w:]*::(\w+)\s*;", code))
    out = set()
    for name, kind, _ in rows:
        if kind == "macro":  # (or what the macro names, hipDeviceProp_t: a struct here)
            ok = name in macros or name in words
        elif kind in FUNCTION_KINDS:
            ok = name in functions or name in macros
        else:
            ok = name in words or name in macros
        if ok:
            out.add(name)
    return out


def statuses(rows):
    declared = declared_by_headers(rows)
    tested = used_by_tests(rows)
    unavailable = unavailable_names()
    not_supported = not_supported_names()
    out = []
    for name, kind, header in rows:
        if name in unavailable:
            s = "compile error"
        elif name in not_supported:
            s = "not supported"
        elif name in declared:
            s = "tested" if name in tested else "untested"
        else:
            s = "not provided"
        out.append((name, kind, header, s))
    return out


def render():
    rows, sources = read_names()
    table = statuses(rows)
    counts = collections.Counter(s for *_, s in table)
    by_kind = collections.defaultdict(collections.Counter)
    for _, kind, _, s in table:
        by_kind[kind][s] += 1
    L = []
    L.append("# ROCm's HIP API on the emulator path")
    L.append("")
    L.append("Generated by `harness/hip/api/hip_api_table.py` (do not edit: run it after changing")
    L.append("`harness/hip/include` or the tests; `harness/hip/api/tests/test_hip_api_table.py` fails")
    L.append("when this file is stale). Every public name of ROCm 6.x's HIP headers that a compute")
    L.append("program can use (`harness/hip/api/rocm_hip_names.csv`, extracted by")
    L.append("`extract_rocm_names.py` from:")
    for s in sources:
        L.append("- " + s)
    L.append("")
    L.append("), with its status in this project (`harness/hip/include/hip`, `libhipemu.so`):")
    L.append("")
    for s in STATUS_ORDER:
        L.append("- **%s**: %s" % (s, STATUS_TEXT[s]))
    L.append("")
    L.append("\"Implemented\" means the project's headers declare the name (in their code after the")
    L.append("preprocessor; a function where it is declared or defined); \"tested\" that a test in")
    L.append("`runtime/hip-api`, `runtime/hip-programs` or `harness/hip/tests` uses it in code, not in a")
    L.append("comment or string, a function where the test calls it (the tests check behaviour")
    L.append("against ROCm's documentation). Graphics interop, hiprtc, the profiler and")
    L.append("per-thread-stream entry points are outside the list (see the extractor's header).")
    L.append("")
    L.append("## Counts")
    L.append("")
    L.append("| kind | " + " | ".join(STATUS_ORDER) + " | total |")
    L.append("| --- | " + " | ".join("---:" for _ in STATUS_ORDER) + " | ---: |")
    for kind in sorted(by_kind):
        c = by_kind[kind]
        L.append("| %s | %s | %d |" % (kind, " | ".join(str(c[s]) for s in STATUS_ORDER), sum(c.values())))
    L.append("| **all** | %s | %d |" % (" | ".join(str(counts[s]) for s in STATUS_ORDER), len(table)))
    L.append("")
    groups = collections.OrderedDict()
    for name, kind, header, s in sorted(table, key=lambda r: (r[2], r[1], r[0].lower())):
        groups.setdefault(header, []).append((name, kind, s))
    for header, items in groups.items():
        c = collections.Counter(s for *_, s in items)
        L.append("## %s" % header)
        L.append("")
        L.append(", ".join("%s %d" % (s, c[s]) for s in STATUS_ORDER if c[s]))
        L.append("")
        L.append("| name | kind | status |")
        L.append("| --- | --- | --- |")
        for name, kind, s in items:
            L.append("| `%s` | %s | %s |" % (name, kind, s))
        L.append("")
    return "\n".join(L)


def main(argv):
    text = render()
    if "--check" in argv:
        with open(DOC, encoding="utf-8") as f:
            if f.read() != text:
                print("docs/hip-api.md is out of date: run python3 harness/hip/api/hip_api_table.py")
                return 1
        return 0
    with open(DOC, "w", encoding="utf-8") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
