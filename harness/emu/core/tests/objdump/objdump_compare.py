#!/usr/bin/env python3
"""Decoder conformance: the emulator's decoder against llvm-objdump, instruction by instruction.

  objdump_compare.py --decoder PATH [--cache DIR] [--full] [--clang 19,22] [--opt O0,O3]
                     [--only SUBSTRING]... [--jobs N] [--list-sources] [--max-report N]

Sources: every kernel the suite compiles:
  harness/emu/core/tests/corpus/*.hip  (the emulator's own corpus; *w64* files in wave64)
  codegen/**/*.hip                     (lit tests: compiled in wave32 and/or wave64 as their
                                        non-`not` RUN lines say; files whose RUN lines all expect
                                        a failure are skipped)
  runtime/**/*.hip                     (device-only; wave64 when a RUN line says -mwavefrontsize64)
Each is compiled by clang-19 and clang-22 at -O0 and -O3 for gfx1201 into a plain code object
(--no-gpu-bundle-output), disassembled with `llvm-objdump -d --mcpu=gfx1201` of the same LLVM
(plus --mattr=+wavefrontsize64 for wave64 objects: objdump cannot know the wave size from the
ELF and would otherwise print vcc_lo for a 64-bit mask), and every instruction's bytes are
decoded by the emulator (decode_lines). Mnemonic and operands must match after normalisation.

Default (ctest) run: a subset, every source once in one (clang, opt) configuration picked by
a stable hash, plus the emulator corpus in all four. --full or RDNA4_OBJDUMP_FULL=1: every
source in every configuration. Compiled objects and listings are cached in --cache keyed by
the hash of the source, the local headers it includes, the flags and the compiler's version.
Runtime programs are compiled with a precompiled <hip/hip_runtime.h> (see runtime_pch();
RDNA4_OBJDUMP_PCH=0 off): their instructions are what is compared, whichever way the header
was parsed.

Normalisations (each is pure syntax, see normalise()):
  1. whitespace: tokens are compared, not columns;
  2. `_e32`/`_e64`/`_e64_dpp`... suffixes are compared as printed (the decoder prints them,
     no normalisation), except that VOP3-only opcodes carry no suffix in either;
  3. integers: a token that is an integer in both texts is compared by value modulo 2^32
     (objdump prints some immediates in hex and some in decimal, and a 32-bit literal
     0xffffffff as -1: 0x10 == 16, -1 == 0xffffffff; both are the same 32 encoded bits.
     64-bit literals are 32 bits in the encoding too);
  4. SOPP branch offsets: simm16, compared modulo 2^16 (the same 16 bits);
  5. objdump's trailing `<symbol+0xNN>` after a branch is a label, not an operand: dropped;
  6. `lit(X)` (llvm 22 marks a literal whose value an inline constant could also encode) is
     compared as X: that the encoding carries a literal is checked by the size comparison;
  7. `/* ... */` comments in objdump's text (e.g. "Invalid register, operand has
     'VGPR_32_Lo128' register class") are annotations, not operands: dropped;
  8. objdump's `v_illegal` is the all-zero word, which gfx12 defines as an illegal
     instruction: the decoder must reject it (a decode error) with the same size.
Anything else that differs is a mismatch, reported with the bytes.

Exit status: 0 all equal; 1 mismatches or decode failures; 2 setup error (tool missing,
every compile failed, decode_lines protocol error).
"""
import argparse
import concurrent.futures
import hashlib
import os
import re
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", "..", "..", ".."))
CORPUS = os.path.join(REPO, "harness", "emu", "core", "tests", "corpus")
CLANGS = {"19": "/usr/lib/llvm-19/bin", "22": "/usr/lib/llvm-22/bin"}
sys.path.insert(0, CORPUS)
import build_corpus  # noqa: E402
OPTS = ("O0", "O3")


def die(msg, code=2):
    sys.stderr.write("objdump_compare: error: " + msg + "\n")
    sys.exit(code)


# ---------------------------------------------------------------- sources

class Source:
    def __init__(self, path, kind, waves, includes, defines):
        # waves: {32|64: [extra -D flags of the RUN line that compiles in that wave]}
        self.path, self.kind, self.waves = path, kind, waves
        self.includes, self.defines = includes, defines

    @property
    def rel(self):
        return os.path.relpath(self.path, REPO)


def run_lines(path):
    lines = []
    with open(path, errors="replace") as f:
        for line in f:
            m = re.search(r"RUN:\s*(.*)", line)
            if m:
                lines.append(m.group(1).strip())
    return lines


def waves_from_runs(runs, compile_markers):
    """{wave: [-D flags]} a lit file compiles in: from its RUN lines that compile (not `not`)."""
    waves = {}
    for r in runs:
        if r.startswith("not ") or not any(m in r for m in compile_markers):
            continue
        if "-fsyntax-only" in r:
            continue
        w = 64 if "-mwavefrontsize64" in r else 32
        cmd = r.split("|")[0]
        waves.setdefault(w, re.findall(r"(?<!\S)(-D\S+)", cmd))
    return waves


def discover():
    out = []
    for name in sorted(os.listdir(CORPUS)):
        if name.endswith(".hip"):
            out.append(Source(os.path.join(CORPUS, name), "corpus", {64 if "w64" in name else 32: []},
                              [CORPUS], []))
    cg_inc = os.path.join(REPO, "Inputs", "codegen")
    for root, dirs, files in os.walk(os.path.join(REPO, "codegen")):
        dirs[:] = sorted(d for d in dirs if d not in ("Inputs", "Output"))
        for name in sorted(files):
            if not name.endswith(".hip"):
                continue
            p = os.path.join(root, name)
            waves = waves_from_runs(run_lines(p), ("%hip_device_s", "%hip_device_ll"))
            if waves:
                out.append(Source(p, "codegen", waves, [cg_inc], []))
    rt_inc = [os.path.join(REPO, "harness", "hip", "include"), os.path.join(REPO, "Inputs", "runtime")]
    for root, dirs, files in os.walk(os.path.join(REPO, "runtime")):
        dirs[:] = sorted(d for d in dirs if d not in ("Inputs", "Output"))
        for name in sorted(files):
            if not name.endswith(".hip"):
                continue
            p = os.path.join(root, name)
            runs = run_lines(p)
            waves = waves_from_runs(runs, ("%hipcc",)) or {32: []}
            out.append(Source(p, "runtime", waves, rt_inc, []))
    return out


# ---------------------------------------------------------------- compile + cache

_version_cache = {}


def tool_version(ver):
    if ver not in _version_cache:
        r = subprocess.run([os.path.join(CLANGS[ver], "clang++"), "--version"], capture_output=True, text=True)
        if r.returncode:
            die("cannot run %s/clang++" % CLANGS[ver])
        _version_cache[ver] = r.stdout
    return _version_cache[ver]


def local_headers(path, includes, seen):
    """Contents of the quoted/angled includes that resolve to files in the repository."""
    try:
        text = open(path, "rb").read()
    except OSError:
        return b""
    acc = text
    for m in re.finditer(rb'#\s*include\s*[<"]([^">]+)[">]', text):
        inc = m.group(1).decode(errors="replace")
        for d in [os.path.dirname(path)] + includes:
            cand = os.path.normpath(os.path.join(d, inc))
            if os.path.isfile(cand):
                if cand not in seen:
                    seen.add(cand)
                    acc += local_headers(cand, includes, seen)
                break
    return acc


def f16_define(src, ver):
    # Inputs/codegen/matrix_types.h takes the f16 element type from RDNA4_F16 (lit's probe
    # gives __fp16 for clang <= 21, _Float16 for 22; both compile).
    return ["-DRDNA4_F16=" + ("_Float16" if ver == "22" else "__fp16")] if src.kind == "codegen" else []


# Runtime programs all begin by parsing <hip/hip_runtime.h> (with <cmath>, <algorithm>,
# <complex>, ... as ROCm's): about two thirds of a device-only compile. Here only the code
# object's instructions matter (they are what the decoder is compared on), not that it be the
# very object lit's hipcc builds, so each runtime compile loads a precompiled header of that
# include, one per compile configuration, built once in the cache dir. A compile that fails
# with it is run again without it (the result reported is that plain compile's);
# RDNA4_OBJDUMP_PCH=0 turns it off.
_pch_lock = threading.Lock()
_pch_locks = {}


_headers_digest = []


def _runtime_headers_digest():
    """Digest of the HIP and runtime test headers a PCH holds (read once per run)."""
    with _pch_lock:
        if not _headers_digest:
            h = hashlib.sha256()
            for d in (os.path.join(REPO, "harness", "hip", "include"), os.path.join(REPO, "Inputs", "runtime")):
                for root, _, files in sorted(os.walk(d)):
                    for name in sorted(files):
                        with open(os.path.join(root, name), "rb") as f:
                            h.update(name.encode() + b"\0" + f.read())
            _headers_digest.append(h.digest())
        return _headers_digest[0]


def runtime_pch(flags, ver, cache):
    """Path of the PCH of <hip/hip_runtime.h> for these device flags, or None."""
    if os.environ.get("RDNA4_OBJDUMP_PCH", "1") == "0":
        return None
    h = hashlib.sha256(_runtime_headers_digest())
    h.update("\0".join(flags).encode())
    h.update(tool_version(ver).encode())
    key = h.hexdigest()[:24]
    pch = os.path.join(cache, "pch", "hip_runtime.%s.clang%s.pch" % (key, ver))
    with _pch_lock:
        lock = _pch_locks.setdefault(pch, threading.Lock())
    with lock:
        if os.path.exists(pch):
            return pch
        if os.path.exists(pch + ".failed"):
            return None
        os.makedirs(os.path.dirname(pch), exist_ok=True)
        hdr = pch[:-4] + ".h"
        if not os.path.exists(hdr):  # another process may be reading it: written whole, once
            with open(hdr + ".tmp%d" % os.getpid(), "w") as f:
                f.write("#include <hip/hip_runtime.h>\n")
            os.replace(hdr + ".tmp%d" % os.getpid(), hdr)
        tmp = pch + ".tmp%d" % os.getpid()
        r = subprocess.run([os.path.join(CLANGS[ver], "clang++")] + flags +
                           ["-fsyntax-only", "-Xclang", "-emit-pch", "-Xclang", "-o", "-Xclang", tmp, hdr],
                           env=dict(os.environ, CLANG_NO_DEFAULT_CONFIG="1"), capture_output=True, text=True)
        if r.returncode or not os.path.exists(tmp):
            with open(pch + ".failed", "w") as f:
                f.write(r.stderr)
            return None
        os.replace(tmp, pch)
        return pch


def compile_one(src, ver, opt, wave, cache, corpus_objects=None):
    bindir = CLANGS[ver]
    flags = ["-x", "hip", "--cuda-device-only", "--offload-arch=gfx1201", "-nogpulib", "-nogpuinc",
             "-" + opt, "--no-gpu-bundle-output"] + ["-I" + i for i in src.includes] + f16_define(src, ver)
    if wave == 64:
        flags.append("-mwavefrontsize64")
    flags += src.waves.get(wave, [])
    h = hashlib.sha256()
    h.update(local_headers(src.path, src.includes, set()))
    h.update("\0".join(flags).encode())
    h.update(tool_version(ver).encode())
    key = h.hexdigest()[:24]
    base = os.path.join(cache, "%s.%s.clang%s.%s.w%d" % (
        re.sub(r"[^A-Za-z0-9_.-]", "_", src.rel), key, ver, opt, wave))
    lst, err = base + ".objdump", base + ".failed"
    if os.path.exists(lst):
        return lst, None
    if os.path.exists(err):
        return None, open(err).read()
    # Per process: ctest runs objdump_compare and its selftest side by side on one cache,
    # and two compiles of one source must not write, read and remove the same file.
    co = base + ".co.%d.%d" % (os.getpid(), threading.get_ident())
    env = dict(os.environ, CLANG_NO_DEFAULT_CONFIG="1")
    cmd = [os.path.join(bindir, "clang++")] + flags + [src.path, "-o", co]
    shared = None
    if src.kind == "corpus" and corpus_objects:
        # The code object the core tests compile with these very flags (build_corpus.build).
        shared = build_corpus.build(corpus_objects, ver, opt, "gfx1201", src.path, listing=False, reuse=True)
    pch = runtime_pch(flags, ver, cache) if src.kind == "runtime" else None
    r = None
    if shared:
        co = shared
        r = subprocess.CompletedProcess(cmd, 0, "", "")
    elif pch:
        r = subprocess.run(cmd[:1] + ["-include-pch", pch] + cmd[1:], env=env, capture_output=True, text=True)
    if r is None or r.returncode:
        r = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if r.returncode:
        _remove(co)
        msg = "compile failed: %s\n%s" % (" ".join(cmd), r.stderr[-2000:])
        # A compiler crash (signal) may be the loaded machine or a source being rewritten
        # at that moment: reported, never cached. A diagnosed error is cached.
        crashed = r.returncode < 0 or "due to signal" in r.stderr or "unable to execute" in r.stderr
        if not crashed:
            with open(err, "w") as f:
                f.write(msg)
        return None, ("COMPILER CRASH " if crashed else "") + msg
    dcmd = [os.path.join(bindir, "llvm-objdump"), "-d", "--mcpu=gfx1201"]
    if wave == 64:
        dcmd.append("--mattr=+wavefrontsize64")
    r = subprocess.run(dcmd + [co], capture_output=True, text=True)
    if not shared:
        _remove(co)
    if r.returncode:
        return None, "llvm-objdump failed: %s\n%s" % (" ".join(dcmd + [co]), r.stderr)
    tmp = lst + ".tmp%d" % os.getpid()
    with open(tmp, "w") as f:
        f.write(r.stdout)
    os.replace(tmp, lst)
    return lst, None


def _remove(path):
    try:
        os.unlink(path)
    except OSError:
        pass


# ---------------------------------------------------------------- listing parse + compare

LINE = re.compile(r"^\s+(\S.*?)\s*//\s*([0-9A-Fa-f]+):((?:\s+[0-9A-Fa-f]{8})+)\s*(<[^>]*>)?\s*$")


def parse_listing(path):
    """[(text, [words]), ...] for every instruction line of an objdump listing."""
    out = []
    for line in open(path):
        m = LINE.match(line)
        if m:
            out.append((m.group(1).strip(), m.group(3).split()))
    return out


INT = re.compile(r"^-?(0x[0-9a-fA-F]+|[0-9]+)$")


def tokens(text):
    # Split into mnemonic + operand tokens; commas and whitespace are separators, and
    # `key:value` modifiers stay whole.
    return [t for t in re.split(r"[\s,]+", text.strip()) if t]


def as_int(tok):
    if not INT.match(tok):
        return None
    neg = tok.startswith("-")
    v = int(tok.lstrip("-"), 0)
    return -v if neg else v


LIT = re.compile(r"lit\(([^()]*)\)")


def normalise(text, branch):
    out = []
    text = re.sub(r"/\*.*?\*/", "", text)
    for i, t in enumerate(tokens(LIT.sub(r"\1", text))):
        v = as_int(t)
        if v is not None:
            out.append(("int", v & (0xffff if branch and i == 1 else 0xffffffff)))
        else:
            out.append(("tok", t))
    return out


def is_branch(mnemonic):
    return mnemonic.startswith("s_cbranch_") or mnemonic in ("s_branch",)


def run_decoder(decoder, items):
    """items: [(wave, words)] -> [(status, size, text, error)]"""
    inp = "".join("w%d %s\n" % (w, " ".join(ws)) for w, ws in items)
    r = subprocess.run([decoder], input=inp, capture_output=True, text=True)
    lines = r.stdout.split("\n")
    if r.returncode or len(lines) < len(items):
        die("decode_lines failed (exit %d): %s" % (r.returncode, r.stderr[-1000:]))
    res = []
    for line in lines[:len(items)]:
        f = line.split("\t")
        if f[0] == "OK" and len(f) == 3:
            res.append(("OK", int(f[1]), f[2], ""))
        elif f[0] == "ERR" and len(f) >= 3:
            res.append(("ERR", int(f[1]), "", "\t".join(f[2:])))
        else:
            die("decode_lines: unexpected output line %r" % line)
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--decoder", required=True, help="path of the decode_lines binary")
    ap.add_argument("--cache", default="/tmp/rdna4-objdump-cache")
    ap.add_argument("--corpus-objects", metavar="DIR",
                    help="take the emulator corpus's code objects from DIR, compiling only those missing "
                         "or older than their source (the directory the core tests compile them into)")
    ap.add_argument("--full", action="store_true", default=os.environ.get("RDNA4_OBJDUMP_FULL") == "1")
    ap.add_argument("--clang", default="19,22")
    ap.add_argument("--opt", default="O0,O3")
    ap.add_argument("--only", action="append", default=[], help="keep sources whose path contains this")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--list-sources", action="store_true")
    ap.add_argument("--max-report", type=int, default=200, help="mismatches printed in full")
    a = ap.parse_args()

    if not os.access(a.decoder, os.X_OK):
        die("decoder binary %s is missing or not executable" % a.decoder)
    vers = [v for v in a.clang.split(",") if v]
    opts = [o for o in a.opt.split(",") if o]
    for v in vers:
        if v not in CLANGS:
            die("unknown clang %r (known: %s)" % (v, ", ".join(CLANGS)))
        for t in ("clang++", "llvm-objdump", "ld.lld"):
            if not os.access(os.path.join(CLANGS[v], t), os.X_OK):
                die("%s/%s is missing" % (CLANGS[v], t))
    for o in opts:
        if o not in ("O0", "O1", "O2", "O3", "Os"):
            die("bad --opt %r" % o)
    os.makedirs(a.cache, exist_ok=True)

    sources = discover()
    if a.only:
        sources = [s for s in sources if any(o in s.rel for o in a.only)]
    if not sources:
        die("no sources selected")
    configs = [(v, o) for v in vers for o in opts]
    jobs = []
    for s in sources:
        for w in s.waves:
            if a.full or s.kind == "corpus" or a.only:
                sel = configs
            else:
                idx = int(hashlib.sha256((s.rel + str(w)).encode()).hexdigest(), 16) % len(configs)
                sel = [configs[idx]]
            for v, o in sel:
                jobs.append((s, v, o, w))
    if a.list_sources:
        for s, v, o, w in jobs:
            print("%s clang-%s -%s wave%d" % (s.rel, v, o, w))
        return 0
    print("objdump_compare: %d sources, %d compile jobs (%s)" % (
        len(sources), len(jobs), "full sweep" if a.full else "default subset; RDNA4_OBJDUMP_FULL=1 for all"),
        flush=True)

    listings, failures = [], []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        futs = {ex.submit(compile_one, s, v, o, w, a.cache, a.corpus_objects): (s, v, o, w)
                for s, v, o, w in jobs}
        for f in concurrent.futures.as_completed(futs):
            s, v, o, w = futs[f]
            lst, err = f.result()
            if lst:
                listings.append((s, v, o, w, lst))
            else:
                failures.append((s, v, o, w, err))
    listings.sort(key=lambda x: (x[0].rel, x[1], x[2], x[3]))
    for s, v, o, w, err in sorted(failures, key=lambda x: (x[0].rel, x[1], x[2], x[3])):
        lines = err.strip().splitlines()
        why = next((l for l in lines if "error:" in l), lines[-1] if lines else "?")
        print("SKIP (%s) %s clang-%s -%s wave%d: %s" % (
            "compiler crashed, not cached" if err.startswith("COMPILER CRASH") else "does not compile",
            s.rel, v, o, w, why))
    if not listings:
        die("no source compiled")

    # Distinct (wave, bytes) -> objdump text, with one place it came from.
    distinct = {}
    total = 0
    for s, v, o, w, lst in listings:
        for text, words in parse_listing(lst):
            total += 1
            key = (w, tuple(words), v)
            if key not in distinct:
                distinct[key] = (text, "%s clang-%s -%s wave%d" % (s.rel, v, o, w))
    keys = sorted(distinct)
    results = run_decoder(a.decoder, [(w, list(ws)) for w, ws, _ in keys])

    mismatches, decode_errors = [], []
    mnemonics = set()
    for key, (st, size, dtext, derr) in zip(keys, results):
        w, words, ver = key
        otext, where = distinct[key]
        mnem = tokens(otext)[0]
        mnemonics.add(mnem)
        bytes_s = " ".join(words)
        if mnem == "v_illegal" and st == "ERR" and size == 4 * len(words):
            continue  # normalisation 8
        if st != "OK":
            decode_errors.append("DECODE-ERROR [%s] w%d %s\n  objdump: %s\n  decoder: %s\n  from: %s" % (
                mnem, w, bytes_s, otext, derr, where))
            continue
        if size != 4 * len(words):
            mismatches.append("SIZE [%s] w%d %s\n  objdump: %s (%d bytes)\n  decoder: %s (%d bytes)\n  from: %s" % (
                mnem, w, bytes_s, otext, 4 * len(words), dtext, size, where))
            continue
        br = is_branch(mnem)
        if normalise(otext, br) != normalise(dtext, br):
            mismatches.append("MISMATCH [%s] w%d %s (llvm %s)\n  objdump: %s\n  decoder: %s\n  from: %s" % (
                mnem, w, bytes_s, ver, otext, dtext, where))

    bad = mismatches + decode_errors
    for m in bad[:a.max_report]:
        print(m)
    if len(bad) > a.max_report:
        print("... %d more not shown (--max-report)" % (len(bad) - a.max_report))
    by_mnem = {}
    for m in bad:
        k = m.split("[", 1)[1].split("]", 1)[0]
        by_mnem[k] = by_mnem.get(k, 0) + 1
    if by_mnem:
        print("failing mnemonics: " + ", ".join("%s(%d)" % kv for kv in sorted(by_mnem.items())))
    print("objdump_compare: %d code objects (%d skipped), %d instructions, %d distinct encodings "
          "(bytes x wave x llvm), %d distinct mnemonics; %d equal, %d mismatches, %d decode errors" % (
              len(listings), len(failures), total, len(keys), len(mnemonics),
              len(keys) - len(bad), len(mismatches), len(decode_errors)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
