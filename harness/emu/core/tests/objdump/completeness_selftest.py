#!/usr/bin/env python3
"""The completeness test catches what it claims to (copies of the tables with one defect each).

  completeness_selftest.py --decoder PATH/rdna4emu_decode_lines --work DIR

Runs completeness.py --report on the SOP1 and VOP1 families with: the real tables (no MISSING,
MNEMONIC or NOSEM in those families), a row deleted (MISSING), a row renamed (MNEMONIC), a
semantics file deleted (NOSEM), a fake decoder that rejects everything (REJECTS) and one that
drops the last operand (OPERANDS). Exit 0 when every mutant is caught, 1 otherwise, 2 on a
setup error."""
import argparse
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
EMU = os.path.normpath(os.path.join(HERE, "..", "..", ".."))


def run(a, isa, insns, decoder):
    p = subprocess.run([sys.executable, os.path.join(HERE, "completeness.py"), "--decoder", decoder, "--report",
                        "--llvm", "22", "--family", "SOP1,VOP1", "--isa", isa, "--insns", insns],
                       capture_output=True, text=True)
    if p.returncode:
        sys.stderr.write(p.stdout + p.stderr)
        sys.exit(2)
    m = re.search(r"MISSING (\d+); MNEMONIC (\d+); OPERANDS (\d+); REJECTS (\d+); NOSEM (\d+)", p.stdout)
    if not m:
        sys.exit("completeness_selftest: no summary line in:\n" + p.stdout[-2000:])
    return dict(zip(("MISSING", "MNEMONIC", "OPERANDS", "REJECTS", "NOSEM"), map(int, m.groups())))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--decoder", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    if os.path.exists(a.work):
        shutil.rmtree(a.work)
    os.makedirs(a.work)
    isa, insns = os.path.join(EMU, "isa"), os.path.join(EMU, "insns")
    base = run(a, isa, insns, a.decoder)
    ok = True

    def expect(name, got, kind):
        nonlocal ok
        caught = got[kind] > base[kind]
        print("%-28s %s %d -> %d: %s" % (name, kind, base[kind], got[kind], "caught" if caught else "NOT CAUGHT"))
        ok &= caught

    for name, kind, edit in (("row deleted", "MISSING", lambda l: "" if l.startswith("0x01,s_mov_b64,") else l),
                             ("row renamed", "MNEMONIC", lambda l: l.replace(",v_not_b32,", ",v_not_b32x,") if
                              l.startswith("0x37,v_not_b32,") else l)):
        d = os.path.join(a.work, name.replace(" ", "_"))
        shutil.copytree(isa, d)
        for f in ("sop1.csv", "vop1.csv"):
            p = os.path.join(d, f)
            lines = open(p).readlines()
            open(p, "w").write("".join(edit(l) for l in lines))
        ins = os.path.join(a.work, name.replace(" ", "_") + "_insns")
        shutil.copytree(insns, ins)
        if kind == "MNEMONIC":
            shutil.copy(os.path.join(ins, "v_not_b32.h"), os.path.join(ins, "v_not_b32x.h"))
        expect(name, run(a, d, ins, a.decoder), kind)
    ins = os.path.join(a.work, "nosem_insns")
    shutil.copytree(insns, ins)
    os.remove(os.path.join(ins, "s_brev_b32.h"))
    expect("semantics file deleted", run(a, isa, ins, a.decoder), "NOSEM")
    for name, kind, body in (("decoder rejects all", "REJECTS", 'print("ERR\\t4\\tunknown\\t")'),
                             ("decoder drops an operand", "OPERANDS",
                              'p = subprocess.run([REAL], input=line, capture_output=True, text=True).stdout.rstrip("\\n")\n'
                              '    print(p.rsplit(",", 1)[0] if p.startswith("OK") and "," in p else p)')):
        fake = os.path.join(a.work, name.replace(" ", "_") + ".py")
        with open(fake, "w") as f:
            f.write("#!%s\nimport subprocess, sys\nREAL = %r\nfor line in sys.stdin:\n    %s\n" % (
                sys.executable, os.path.abspath(a.decoder), body))
        os.chmod(fake, 0o755)
        expect(name, run(a, isa, insns, fake), kind)
    print("completeness_selftest: %s" % ("all mutants caught" if ok else "a mutant was NOT caught"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
