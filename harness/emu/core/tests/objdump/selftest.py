#!/usr/bin/env python3
"""Self-test of the comparison scripts: they must catch a wrong decoder.

  selftest.py --decoder PATH --cache DIR [--corpus-objects DIR]

Runs objdump_compare.py (on the emulator corpus only, clang-22 -O3, cached) and
mc_compare.py (llvm-22) against mutants of decode_lines, each a small wrapper that
corrupts one aspect of the decoder's text, and requires each run to fail with exit
status 1 and a MISMATCH line naming the bytes. Then the real decoder must pass the same
runs (so a failure is the mutant's doing). Exit 0 when every mutant is caught."""
import argparse
import os
import stat
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
MC = os.path.join(HERE, "..", "mc", "mc_compare.py")
OBJ = os.path.join(HERE, "objdump_compare.py")

# name -> python expression over `t` (one decode_lines output line) giving the corrupted line
MUTANTS = {
    "register range off by one": "t.replace('v[0:7]', 'v[0:6]').replace('s[0:1]', 's[0:2]')",
    "neg_hi printed as neg_lo": "t.replace('neg_hi', 'neg_lo')",
    "index_key dropped": "re.sub(r' index_key:\\d', '', t)",
    "immediate off by one": "re.sub(r'offset:(\\d+)', lambda m: 'offset:%d' % (int(m.group(1)) + 1), t)",
    "last operand dropped": "re.sub(r', [^,\\s]+$', '', t) if t.startswith('OK') and 'v_add' in t else t",
    "wrong size": "re.sub(r'^OK\\t8\\t', 'OK\\t12\\t', t)",
}

# What a script cannot see: the emulator corpus has no SWMMAC (index_key); the mc forms
# have no v_add*. Every other mutant must be caught by each script.
NOT_APPLICABLE = {OBJ: {"index_key dropped"}, MC: {"last operand dropped"}}


def wrapper(dirname, decoder, expr):
    path = os.path.join(dirname, "mutant.py")
    with open(path, "w") as f:
        f.write("#!%s\nimport re, subprocess, sys\n" % sys.executable)
        f.write("r = subprocess.run([%r], stdin=sys.stdin, capture_output=True, text=True)\n" % decoder)
        f.write("out = []\nfor t in r.stdout.split('\\n'):\n    out.append(%s)\n" % expr)
        f.write("sys.stdout.write('\\n'.join(out))\nsys.exit(r.returncode)\n")
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
    return path


def run(script, decoder, cache, corpus_objects=None):
    if script == OBJ:
        cmd = [sys.executable, OBJ, "--decoder", decoder, "--cache", cache, "--clang", "22",
               "--opt", "O3", "--only", "harness/emu/core/tests/corpus/", "--max-report", "3"]
        if corpus_objects:
            cmd += ["--corpus-objects", corpus_objects]
    else:
        # llvm-mc's output is kept in the cache dir: the mutant runs encode the same lines.
        cmd = [sys.executable, MC, "--decoder", decoder, "--llvm", "22", "--show", "3",
               "--work", os.path.join(cache, "mc-selftest")]
    return subprocess.run(cmd, capture_output=True, text=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--decoder", required=True)
    ap.add_argument("--cache", required=True)
    ap.add_argument("--corpus-objects", help="passed on to objdump_compare.py")
    a = ap.parse_args()
    bad = 0
    for script in (OBJ, MC):
        r = run(script, a.decoder, a.cache, a.corpus_objects)
        name = os.path.basename(script)
        if r.returncode != 0:
            print("FAIL %s with the real decoder exits %d:\n%s" % (name, r.returncode, r.stdout[-2000:] + r.stderr[-1000:]))
            bad += 1
            continue
        for mname, expr in MUTANTS.items():
            with tempfile.TemporaryDirectory() as d:
                r = run(script, wrapper(d, a.decoder, expr), a.cache, a.corpus_objects)
            hit = r.returncode == 1 and ("MISMATCH" in r.stdout or "SIZE" in r.stdout)
            print("%-8s %s: mutant '%s' (exit %d)" % ("caught" if hit else "MISSED", name, mname, r.returncode))
            if not hit and mname not in NOT_APPLICABLE[script]:
                bad += 1
    print("selftest: %s" % ("ok" if not bad else "FAILED"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
