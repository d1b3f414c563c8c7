#!/usr/bin/env python3
"""Mutate the code object embedded in a HIP program's fat binary and run each mutant.

Usage: fuzz_fatbin.py PROGRAM [--mutants N] [--seed S] [--arch gfx1201] [--timeout SECONDS]
                      [--jobs J] [--keep DIR] [--quiet]

PROGRAM is a host executable built for the emulator (rdna4-conformance hipcc), whose
.hip_fatbin section holds an uncompressed clang offload bundle. The script finds the bundle
entry for --arch, and in that code object the NT_AMDGPU_METADATA note (a MessagePack map)
and the .rodata section (the kernel descriptors). Each mutant is a copy of PROGRAM with one
mutation, chosen at random (seeded, so a run is reproducible) among:

  md-flip     1-3 random bytes of the metadata MessagePack replaced
  md-string   one character of a MessagePack string changed (a .value_kind, a key, a name)
  md-int      one MessagePack unsigned integer set to an edge value that fits its encoding
              (0, 1, 2, 3, 4, 7, 8, 16, 255, max, max - 1, value +- 1, value * 2, random)
  kd-field    one 32-bit word of .rodata (kernel descriptors) set to an edge value
  elf-flip    1-4 random bytes anywhere in the code object

All mutations keep every length, so the bundle and ELF stay addressable and the
mutation reaches the runtime's parser rather than the outer container's checks.
Each mutant runs in its own process with RDNA4_EMU_ARCH=--arch, RDNA4_EMU_THREADS=1 and
RDNA4_EMU_TIMEOUT=1 (the runtime's watchdog), killed after --timeout seconds. A mutant
may exit with any status (the runtime reports the damage as HIP errors); it fails the
run if it dies by a signal (a crash: SIGSEGV, SIGABRT from an uncaught exception, ...)
or has to be killed (a hang).

Exit status: 0 no crash and no hang; 1 a crash or a hang (each listed, with the
mutation, the signal and the last lines of stderr; --keep DIR saves the mutant
executables); 2 usage error, PROGRAM not in the expected form, or the unmutated
PROGRAM does not exit 0. Python 3 standard library only.
"""
import argparse
import os
import random
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor


class Bad(Exception):
    pass


# ------------------------------------------------------------------ ELF and bundle

def elf_sections(data, base=0):
    """[(name, type, file offset, size)] of the ELF64 little-endian image at data[base:]."""
    if data[base:base + 4] != b"\x7fELF" or data[base + 4] != 2 or data[base + 5] != 1:
        raise Bad("not an ELF64 little-endian file at offset %d" % base)
    shoff, = struct.unpack_from("<Q", data, base + 40)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, base + 58)
    if shentsize != 64 or shstrndx >= shnum:
        raise Bad("unexpected ELF section header table")

    def shdr(i):
        return struct.unpack_from("<IIQQQQIIQQ", data, base + shoff + 64 * i)
    stroff = shdr(shstrndx)[4]
    out = []
    for i in range(shnum):
        h = shdr(i)
        name_at = base + stroff + h[0]
        name = data[name_at:data.index(b"\0", name_at)].decode("latin-1")
        out.append((name, h[1], base + h[4], h[5]))
    return out


def section(sections, name):
    for s in sections:
        if s[0] == name:
            return s
    return None


def bundle_entries(data, off, size):
    """[(id, absolute offset, size)] of an uncompressed clang offload bundle."""
    magic = b"__CLANG_OFFLOAD_BUNDLE__"
    if data[off:off + 4] == b"CCOB":
        raise Bad("the fat binary is a compressed (CCOB) bundle: build without --offload-compress")
    if data[off:off + 24] != magic:
        raise Bad(".hip_fatbin does not start with %r" % magic)
    n, = struct.unpack_from("<Q", data, off + 24)
    p = off + 32
    out = []
    for _ in range(n):
        eoff, esize, idlen = struct.unpack_from("<QQQ", data, p)
        ident = data[p + 24:p + 24 + idlen].decode("latin-1")
        p += 24 + idlen
        if eoff + esize > size:
            raise Bad("bundle entry %s runs past the section" % ident)
        out.append((ident, off + eoff, esize))
    return out


def metadata_note(data, co, co_size):
    """(offset, size) of the NT_AMDGPU_METADATA descriptor in the code object at data[co:]."""
    for name, typ, off, size in elf_sections(data, co):
        if typ != 7:  # SHT_NOTE
            continue
        p, end = off, off + size
        while p + 12 <= end:
            namesz, descsz, ntype = struct.unpack_from("<III", data, p)
            owner = data[p + 12:p + 12 + namesz].rstrip(b"\0")
            desc = p + 12 + ((namesz + 3) & ~3)
            if owner == b"AMDGPU" and ntype == 32:
                return desc, descsz
            p = desc + ((descsz + 3) & ~3)
    raise Bad("no NT_AMDGPU_METADATA note in the code object")


# ------------------------------------------------------------------ MessagePack tokens

def msgpack_tokens(buf, base):
    """Strings and unsigned integers of a MessagePack document:
    [('str', payload offset, length)] and [('uint', payload offset, width, value)]."""
    strs, ints = [], []

    def item(p, depth):
        if depth > 64:
            raise Bad("MessagePack nested too deeply")
        t = buf[p]
        if t <= 0x7f:
            ints.append(("uint", base + p, 0, t))  # positive fixint: the type byte is the value
            return p + 1
        if 0x80 <= t <= 0x8f:
            return container(p + 1, 2 * (t & 0x0f), depth)
        if 0x90 <= t <= 0x9f:
            return container(p + 1, t & 0x0f, depth)
        if 0xa0 <= t <= 0xbf:
            n = t & 0x1f
            strs.append(("str", base + p + 1, n))
            return p + 1 + n
        if t in (0xc0, 0xc2, 0xc3) or t >= 0xe0:
            return p + 1
        if t in (0xd9, 0xda, 0xdb, 0xc4, 0xc5, 0xc6):
            w = {0xd9: 1, 0xda: 2, 0xdb: 4, 0xc4: 1, 0xc5: 2, 0xc6: 4}[t]
            n = int.from_bytes(buf[p + 1:p + 1 + w], "big")
            if t >= 0xd9:
                strs.append(("str", base + p + 1 + w, n))
            return p + 1 + w + n
        if t in (0xcc, 0xcd, 0xce, 0xcf):
            w = {0xcc: 1, 0xcd: 2, 0xce: 4, 0xcf: 8}[t]
            ints.append(("uint", base + p + 1, w, int.from_bytes(buf[p + 1:p + 1 + w], "big")))
            return p + 1 + w
        if t in (0xd0, 0xd1, 0xd2, 0xd3):
            return p + 1 + {0xd0: 1, 0xd1: 2, 0xd2: 4, 0xd3: 8}[t]
        if t in (0xca, 0xcb):
            return p + 1 + (4 if t == 0xca else 8)
        if t in (0xdc, 0xdd, 0xde, 0xdf):
            w = 2 if t in (0xdc, 0xde) else 4
            n = int.from_bytes(buf[p + 1:p + 1 + w], "big")
            return container(p + 1 + w, n * (2 if t >= 0xde else 1), depth)
        raise Bad("MessagePack type 0x%02x not handled" % t)

    def container(p, n, depth):
        for _ in range(n):
            p = item(p, depth + 1)
        return p

    item(0, 0)
    return strs, ints


# ------------------------------------------------------------------ mutations

EDGE = [0, 1, 2, 3, 4, 7, 8, 16, 255]


def edge_value(rng, width, value):
    top = (1 << (8 * width)) - 1 if width else 0x7f
    pick = rng.choice(EDGE + ["max", "max-1", "+1", "-1", "*2", "rand"])
    v = {"max": top, "max-1": top - 1, "+1": value + 1, "-1": value - 1, "*2": value * 2,
         "rand": rng.randint(0, top)}.get(pick, pick)
    return max(0, min(top, v))


class Target:
    def __init__(self, program, arch):
        with open(program, "rb") as f:
            self.data = bytearray(f.read())
        secs = elf_sections(self.data)
        fb = section(secs, ".hip_fatbin")
        if not fb:
            raise Bad("%s has no .hip_fatbin section (not a HIP program?)" % program)
        entries = [e for e in bundle_entries(self.data, fb[2], fb[3])
                   if e[0].split(":")[0].endswith("-" + arch)]
        if not entries:
            raise Bad("the fat binary has no entry for %s" % arch)
        _, self.co, self.co_size = entries[0]
        self.md, self.md_size = metadata_note(self.data, self.co, self.co_size)
        self.strs, self.ints = msgpack_tokens(bytes(self.data[self.md:self.md + self.md_size]),
                                              self.md)
        ro = section(elf_sections(self.data, self.co), ".rodata")
        self.rodata = (ro[2], ro[3]) if ro and ro[3] >= 4 else None

    def mutate(self, rng):
        """(description, {absolute offset: new byte})."""
        kinds = ["md-flip"] * 3 + ["md-string"] * 3 + ["md-int"] * 3 + ["elf-flip"] * 2
        if self.rodata:
            kinds.append("kd-field")
        kind = rng.choice(kinds)
        patch = {}
        if kind == "md-flip":
            for _ in range(rng.randint(1, 3)):
                patch[self.md + rng.randrange(self.md_size)] = rng.randrange(256)
        elif kind == "elf-flip":
            for _ in range(rng.randint(1, 4)):
                patch[self.co + rng.randrange(self.co_size)] = rng.randrange(256)
        elif kind == "md-string":
            _, off, n = rng.choice([s for s in self.strs if s[2] > 0])
            at = off + rng.randrange(n)
            patch[at] = rng.choice([rng.randrange(32, 127), self.data[at] ^ (1 << rng.randrange(8))])
        elif kind == "md-int":
            _, off, w, v = rng.choice(self.ints)
            nv = edge_value(rng, w, v)
            if w == 0:
                patch[off] = nv
            else:
                for i, b in enumerate(nv.to_bytes(w, "big")):
                    patch[off + i] = b
        else:  # kd-field
            ro, size = self.rodata
            at = ro + 4 * rng.randrange(size // 4)
            v = edge_value(rng, 4, struct.unpack_from("<I", self.data, at)[0])
            for i, b in enumerate(struct.pack("<I", v)):
                patch[at + i] = b
        desc = kind + " " + ",".join("+0x%x=%02x" % (o, b) for o, b in sorted(patch.items()))
        return desc, patch


# ------------------------------------------------------------------ running

def run_one(path, env, timeout):
    return run_one_cmd([path], env, timeout)


def run_one_cmd(cmd, env, timeout):
    """('ok'|'crash'|'hang', returncode or signal name, stderr tail, seconds)."""
    t0 = time.time()
    try:
        r = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           timeout=timeout)
    except subprocess.TimeoutExpired as e:
        tail = (e.stderr or b"").decode("utf-8", "replace").splitlines()[-5:]
        return "hang", "killed after %g s" % timeout, tail, time.time() - t0
    tail = r.stderr.decode("utf-8", "replace").splitlines()[-5:]
    if r.returncode < 0:
        try:
            name = signal.Signals(-r.returncode).name
        except ValueError:
            name = "signal %d" % -r.returncode
        return "crash", name, tail, time.time() - t0
    return "ok", r.returncode, tail, time.time() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("program")
    ap.add_argument("--mutants", type=int, default=100)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--arch", default="gfx1201", choices=["gfx1201", "gfx1200"])
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds per mutant before it is killed")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--keep", help="directory to save crashing or hanging mutants in")
    ap.add_argument("--quiet", action="store_true", help="no line per mutant")
    a = ap.parse_args()
    if a.mutants < 1 or a.jobs < 1 or a.timeout <= 0:
        ap.error("--mutants and --jobs must be >= 1, --timeout > 0")
    try:
        target = Target(a.program, a.arch)
    except (Bad, OSError, IndexError, ValueError, struct.error) as e:
        print("fuzz_fatbin: error: %s: %s" % (a.program, e), file=sys.stderr)
        return 2
    env = dict(os.environ, RDNA4_EMU_ARCH=a.arch, RDNA4_EMU_THREADS="1", RDNA4_EMU_TIMEOUT="1")
    status, code, tail, _ = run_one(os.path.abspath(a.program), env, a.timeout)
    if status != "ok" or code != 0:
        print("fuzz_fatbin: error: the unmutated program does not pass (%s %s): %s"
              % (status, code, " | ".join(tail)), file=sys.stderr)
        return 2
    rng = random.Random(a.seed)
    work = tempfile.mkdtemp(prefix="fuzz-fatbin-")
    mutants = [target.mutate(rng) for _ in range(a.mutants)]
    print("fuzz_fatbin: %s: %d mutants of the %s code object (%d metadata bytes, %d strings, "
          "%d integers), seed %s" % (a.program, a.mutants, a.arch, target.md_size,
                                     len(target.strs), len(target.ints), a.seed), flush=True)

    def job(i):
        desc, patch = mutants[i]
        data = bytearray(target.data)
        for off, b in patch.items():
            data[off] = b
        path = os.path.join(work, "mutant-%d" % i)
        with open(path, "wb") as f:
            f.write(data)
        os.chmod(path, 0o755)
        res = run_one(path, env, a.timeout)
        if res[0] == "ok":
            os.remove(path)
        return i, desc, path, res

    counts = {"exit0": 0, "exitN": 0, "crash": 0, "hang": 0}
    findings = []
    t0 = time.time()
    try:
        with ThreadPoolExecutor(max_workers=a.jobs) as pool:
            for i, desc, path, (status, code, tail, secs) in pool.map(job, range(a.mutants)):
                if status == "ok":
                    counts["exit0" if code == 0 else "exitN"] += 1
                else:
                    counts[status] += 1
                    findings.append((i, desc, status, code, tail, path))
                if not a.quiet or status != "ok":
                    print("  mutant %d: %s -> %s %s (%.2f s)" % (i, desc, status, code, secs),
                          flush=True)
        for i, desc, status, code, tail, path in findings:
            print("FOUND %s: mutant %d (%s): %s" % (status.upper(), i, desc, code))
            for line in tail:
                print("    " + line)
            if a.keep:
                os.makedirs(a.keep, exist_ok=True)
                shutil.copy(path, os.path.join(a.keep, os.path.basename(path)))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("fuzz_fatbin: %d mutants in %.1f s: %d exited 0, %d exited non-zero, %d crashed, %d hung"
          % (a.mutants, time.time() - t0, counts["exit0"], counts["exitN"], counts["crash"],
             counts["hang"]))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
