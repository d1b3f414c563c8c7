#!/usr/bin/env python3
"""Decoder vs llvm-objdump over the kernel corpus (decoder conformance).

  decode_corpus_test.py RDNA4_EMU OUTDIR [--clang 19,22] [--opt O0,O3] [--arch gfx1201]

Builds the corpus (corpus/build_corpus.py; a code object newer than its source is reused:
OUTDIR is shared with the core and hazard tests, which compile the same kernels with the same
flags), then for every kernel compares `rdna4-emu disasm` (the decoder's view, through the
loader and predecode's walk of the kernel) with `llvm-objdump -d` line by line, as printed:
mnemonic and operands must be equal without normalisation. Wave64 code objects are
disassembled with --mattr=+wavefrontsize64. Exit 1 listing mismatches; 0 if all equal.
Skips (exit 0 with a message) when no clang is installed.

Default configurations: -O0 and -O3 for gfx1201. -O2 and gfx1200 (--opt O0,O2,O3 --arch
gfx1201,gfx1200 for the full sweep) add no instruction: every corpus kernel's -O2 listing
equals its -O3 listing, and its gfx1200 listing its gfx1201 listing (clang 19 and 22,
checked when this default was set); the gfx1200 code objects still load and run in the core
tests (e2e_test.cc)."""
import argparse, collections, os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, 'corpus'))
import build_corpus  # noqa: E402


def objdump(ver, co):
    # The decoder follows llvm-objdump 22's syntax (e.g. lit(0x0) for an
    # inlinable value encoded as a literal; 19 prints 0): use 22 when present.
    if os.path.exists(build_corpus.llvm('22', 'llvm-objdump')):
        ver = '22'
    args = [build_corpus.llvm(ver, 'llvm-objdump'), '-d', '--mcpu=gfx1201']
    if '.w64.' in co or 'w64' in os.path.basename(co):
        args.append('--mattr=+wavefrontsize64')
    return subprocess.run(args + [co], capture_output=True, text=True, check=True).stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('emu')
    ap.add_argument('outdir')
    ap.add_argument('--clang', default='19,22')
    ap.add_argument('--opt', default='O0,O3')
    ap.add_argument('--arch', default='gfx1201')
    a = ap.parse_args()
    vers = [v for v in a.clang.split(',') if os.path.exists(build_corpus.llvm(v, 'clang++'))]
    if not vers:
        print('SKIP: no clang-19/22 installed')
        return 0
    os.makedirs(a.outdir, exist_ok=True)
    srcs = sorted(f for f in os.listdir(os.path.join(HERE, 'corpus')) if f.endswith('.hip'))
    total, bad, examples = 0, collections.Counter(), {}
    for src in srcs:
        for ver in vers:
            for opt in a.opt.split(','):
                for arch in a.arch.split(','):
                    co = build_corpus.build(a.outdir, ver, opt, arch, os.path.join(HERE, 'corpus', src),
                                             listing=False, reuse=True)
                    if not co:
                        return 1
                    ref, kern = {}, None
                    for line in objdump(ver, co).splitlines():
                        m = re.match(r'[0-9a-f]+ <(.*)>:', line)
                        if m:
                            kern = m.group(1)
                            continue
                        m = re.match(r'\t(\S+)(.*?)\s*// ([0-9A-F]+): ([0-9A-F ]+)', line)
                        if m and kern:
                            ref.setdefault(kern, []).append(
                                (int(m.group(3), 16), (m.group(1) + ' ' + m.group(2).strip()).strip()))
                    for k, lst in ref.items():
                        r = subprocess.run([a.emu, 'disasm', co, k], capture_output=True, text=True)
                        if r.returncode and 'no kernel' in r.stderr:
                            continue  # a called function: checked as part of its caller's listing
                        if r.returncode:
                            print(f'FAIL: rdna4-emu disasm {co} {k}: {r.stderr.strip()}')
                            return 1
                        mine = {}
                        for line in r.stdout.splitlines()[1:]:
                            if line.startswith('  -- end of kernel'):
                                break  # called functions are listed (and compared) after this
                            m = re.match(r'\s+([0-9a-f]+): (.*?)\s*// ', line)
                            if m:
                                mine[int(m.group(1), 16)] = re.sub(r'  // -> 0x[0-9a-f]+', '', m.group(2)).strip()
                        start = lst[0][0]
                        end = max(mine) if mine else -1
                        for addr, txt in lst:
                            off = addr - start
                            if off > end:
                                continue  # alignment padding after the kernel's code
                            total += 1
                            want = re.sub(r'\s+', ' ', txt)
                            got = re.sub(r'\s+', ' ', mine.get(off, '<no instruction at this offset>'))
                            if want != got:
                                key = want.split(' ')[0]
                                bad[key] += 1
                                examples.setdefault(key, (os.path.basename(co), k, off, want, got))
    print(f'{total} instructions compared, {sum(bad.values())} mismatches')
    for key, n in bad.most_common(40):
        co, k, off, want, got = examples[key]
        print(f'  {n:6d} {co} {k}+0x{off:x}\n         objdump: {want}\n         decoder: {got}')
    return 1 if bad or total == 0 else 0


if __name__ == '__main__':
    sys.exit(main())
