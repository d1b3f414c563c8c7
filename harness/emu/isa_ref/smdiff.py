"""Scalar memory for the differential test (diff.py --family smem): s_load_*,
s_buffer_load_* and the prefetches (s_prefetch_*, s_buffer_prefetch_data,
s_dcache_inv: no architectural effect), against a reference written from the
AMD RDNA4 ISA reference guide's pseudocode (S_LOAD_* / S_BUFFER_LOAD_*).

s_load_*: address = SGPR pair + signed instruction offset + soffset SGPR;
the sub-dword forms (u8, i8, u16, i16) write one SGPR, zero- or
sign-extended. s_buffer_load_*: address = V# base [47:0] + offset + soffset;
each dword (sub-dword forms: the access) whose end passes num_records reads 0
(the project's choice, rdna4-emu models: smem_buffer_range_check; stride,
index and oob_select play no part). The offset is the signed 24-bit
instruction offset plus the unsigned 32-bit soffset, summed without wrapping,
and a dword is in range when its bytes lie in [0, num_records): a dword at a
negative offset is out of range (this reference's reading of the raw range
check, offset + size <= num_records, on an offset that cannot be negative).
llvm-mc 22 rejects a negative s_buffer_load offset ("expected a 23-bit
unsigned offset for buffer ops") while llvm-mc 19 encodes it, so those forms
carry the encoded words (`.long`), which both accept. Addresses are aligned to the access size,
except in the "unaligned" dword forms: the address (s_load) or offset + soffset
(s_buffer_load) has bits [1:0] set, which the dword loads ignore (the project's
choice, rdna4-emu models: smem_dword_alignment).

256 waves (one wave32 per workgroup), one vector per wave: the memory image
(8 KiB, random), the address inside it, soffset, num_records (cutting a
multi-dword load at random, at its end, or before it) and random old values
of s20..s35, which are all compared after the instruction (registers past the
load's must keep their values).
"""
from . import kernel as K

NV = 256
MEM = 8192
M32 = 0xffffffff


class SmOp:
    family = "smem"

    def __init__(self, name, model=None):
        self.name = name
        self.model = model


class SmForm:
    def __init__(self, name, kind, nbytes, signed, imm, soff, text, unaligned=False):
        self.op = SmOp(name, "smem_dword_alignment" if unaligned else
                       "smem_buffer_range_check" if kind == "buffer" else None)
        self.unaligned = unaligned  # dword forms: address (s_load) / offset (s_buffer_load) not a multiple of 4
        self.name, self.kind, self.nbytes, self.signed, self.imm, self.soff = name, kind, nbytes, signed, imm, soff
        self.wave64 = False
        self.denorm = 3
        self.dpp = None
        self.round = None
        self.text = text

    @property
    def impl_module(self):
        import sys
        return sys.modules[__name__]

    @property
    def lanes(self):
        return 32

    def desc(self):
        return self.text + ("   # unaligned" if self.unaligned else "")

    @property
    def nregs(self):
        return max(1, self.nbytes // 4) if self.kind in ("load", "buffer") else 0


def _dst(n):
    return "s20" if n == 1 else "s[20:%d]" % (19 + n)


def all_forms(seed):
    out = []
    sizes = [("b32", 4, False), ("b64", 8, False), ("b96", 12, False), ("b128", 16, False), ("b256", 32, False),
             ("b512", 64, False), ("u8", 1, False), ("i8", 1, True), ("u16", 2, False), ("i16", 2, True)]
    for sfx, n, sg in sizes:
        nr = max(1, n // 4)
        for imm, soff in ((0, None), (0x24, None), (-0x10, None), (0x10, "s44"), (-0x8, "s44")):
            t = "s_load_%s %s, s[40:41], " % (sfx, _dst(nr))
            t += ("%s offset:%s" % (soff, _hex(imm))) if soff else _hex(imm)
            out.append(SmForm("s_load_" + sfx, "load", n, sg, imm, soff, t))
        for imm, soff in ((0, None), (0x24, None), (0x10, "s44"), (0x8, "null"), (-0x8, "s44"), (-0x4, "s44"),
                          (-0x800000, "s44"), (-0x10, "null")):
            if imm < 0 and (nr > 4 or soff == "null") and sfx not in ("b32", "u8"):
                continue  # the negative sums: every size with soffset, b32 and u8 without
            t = "s_buffer_load_%s %s, s[40:43], " % (sfx, _dst(nr))
            t += ("%s offset:%s" % (soff, _hex(imm))) if soff else _hex(imm)
            if imm < 0:
                t = "%s ; %s" % (_sbuf_words(sfx, nr, imm, soff), t)
            out.append(SmForm("s_buffer_load_" + sfx, "buffer", n, sg, imm, soff if soff != "null" else None, t))
        if n >= 4:  # dword forms at an address / offset that is not a multiple of 4
            out.append(SmForm("s_load_" + sfx, "load", n, sg, 0x10, "s44",
                              "s_load_%s %s, s[40:41], s44 offset:0x10" % (sfx, _dst(nr)), unaligned=True))
            out.append(SmForm("s_buffer_load_" + sfx, "buffer", n, sg, 0x10, "s44",
                              "s_buffer_load_%s %s, s[40:43], s44 offset:0x10" % (sfx, _dst(nr)), unaligned=True))
    for t in ("s_prefetch_data s[40:41], 0x10, s44, 3", "s_prefetch_inst s[40:41], 0x0, null, 0",
              "s_prefetch_data_pc_rel 0x10, s44, 3", "s_prefetch_inst_pc_rel 0x40, null, 1",
              "s_buffer_prefetch_data s[40:43], 0x10, s44, 3", "s_dcache_inv"):
        out.append(SmForm(t.split()[0], "nop", 0, False, 0, None, t))
    return out


# S_BUFFER_LOAD_* opcodes (AMD RDNA4 ISA reference guide, SMEM opcode table)
SBUF_OPCODES = {"b32": 0x10, "b64": 0x11, "b128": 0x12, "b256": 0x13, "b512": 0x14, "b96": 0x15,
                "i8": 0x18, "u8": 0x19, "i16": 0x1a, "u16": 0x1b}


def _sbuf_words(sfx, nr, imm, soff):
    """`.long` words of s_buffer_load_<sfx> s20.., s[40:43], <soff> offset:<imm> (SMEM encoding:
    SBASE [5:0] = SGPR / 2, SDATA [12:6], OP [20:13], 0x3d in [31:26]; IOFFSET [55:32] signed
    24 bits, SOFFSET [63:57], null = 124)."""
    w0 = (0x3d << 26) | (SBUF_OPCODES[sfx] << 13) | (20 << 6) | (40 // 2)
    w1 = ((124 if soff == "null" else int(soff[1:])) << 25) | (imm & 0xffffff)
    return ".long 0x%08x, 0x%08x" % (w0, w1)


def _hex(v):
    return "-0x%x" % -v if v < 0 else "0x%x" % v


class Vectors:
    def __init__(self, form, rng):
        self.mem = rng.getrandbits(8 * MEM).to_bytes(MEM, "little")
        n = max(form.nbytes, 1)
        align = min(4, n)
        self.addr, self.delta, self.soffset, self.nrec, self.d1x, self.d3 = [], [], [], [], [], []
        for i in range(NV):
            a = rng.randrange(64, MEM - 128, align)
            soff = rng.randrange(0, 256, 4) if form.soff else 0
            if form.imm < 0 and form.soff:
                # sums around zero: negative by a dword or less, zero, just positive, random
                m = min(-form.imm, 1 << 20)
                soff = rng.choice([0, 4, m - 4, m - 1, m, m + 4, m + 8, rng.randrange(0, m + 256, 4)])
                if form.imm < -m:  # -0x800000: soffset 0x800000 + ... makes the sum small
                    soff += -form.imm - m
            off = form.imm + soff
            self.addr.append(a)
            if form.unaligned:
                # the bytes read are at a (a multiple of 4); the instruction's address
                # (s_load: base + offset + soffset) or offset (s_buffer_load: offset +
                # soffset, V# base aligned) has low bits 1..3: soffset carries them
                # for s_buffer_load, the base for s_load (rdna4-emu models:
                # smem_dword_alignment: bits [1:0] ignored)
                lo = rng.randrange(1, 4)
                if form.kind == "buffer":
                    soff += lo  # base stays a - (offset + soffset rounded down to 4)
                else:
                    off -= lo  # base = a + lo - offset - soffset
            self.soffset.append(soff)
            self.delta.append(a - off)
            k = rng.randrange(4)
            if form.kind == "buffer":
                nrec = [off + n, off + rng.randrange(0, n + 4), rng.getrandbits(32), 0][k]
            else:
                nrec = rng.getrandbits(32)
            self.nrec.append(nrec & M32)
            self.d1x.append(rng.getrandbits(14) << 16)  # stride: no part in the scalar forms
            self.d3.append(rng.getrandbits(32) & ~(3 << 30) & ~(3 << 21) & ~(1 << 23))
        self.old = [[rng.getrandbits(32) for _ in range(16)] for _ in range(NV)]


def reference(form, vec):
    out = []
    for i in range(NV):
        r = list(vec.old[i])
        a = vec.addr[i]
        if form.kind in ("load", "buffer"):
            off = form.imm + vec.soffset[i]
            if form.nbytes < 4:
                ok = form.kind == "load" or 0 <= off and off + form.nbytes <= vec.nrec[i]
                v = int.from_bytes(vec.mem[a:a + form.nbytes], "little") if ok else 0
                if form.signed and v >> (8 * form.nbytes - 1):
                    v -= 1 << (8 * form.nbytes)
                r[0] = v & M32
            else:
                off &= ~3  # dword loads: bits [1:0] of the offset ignored (smem_dword_alignment)
                if form.kind == "buffer":
                    a = vec.delta[i] + off  # the V# base (image-relative) + the rounded offset
                for k in range(form.nbytes // 4):
                    ok = form.kind == "load" or 0 <= off + 4 * k and off + 4 * k + 4 <= vec.nrec[i]
                    r[k] = int.from_bytes(vec.mem[a + 4 * k:a + 4 * k + 4], "little") if ok else 0
        out.append(r)
    return out


def build_kernel(form, vec, name):
    words = []
    for i in range(NV):
        d = vec.delta[i] & ((1 << 64) - 1)
        rec = [d & M32, d >> 32, vec.d1x[i], vec.nrec[i], vec.d3[i], vec.soffset[i], 0, 0] + vec.old[i]
        rec += [0] * (32 - len(rec))
        words += rec
    data = b"".join(x.to_bytes(4, "little") for x in words)
    b = ["s_load_b64 s[12:13], s[0:1], 0x0", "s_load_b64 s[14:15], s[0:1], 0x8", "s_load_b64 s[10:11], s[0:1], 0x10",
         "s_wait_kmcnt 0x0", "s_lshl_b32 s17, ttmp9, 7", "s_add_co_u32 s18, s12, s17", "s_add_co_ci_u32 s19, s13, 0",
         "s_lshl_b32 s17, ttmp9, 6", "s_add_co_u32 s36, s14, s17", "s_add_co_ci_u32 s37, s15, 0",
         "s_load_b256 s[0:7], s[18:19], 0x0", "s_load_b512 s[20:35], s[18:19], 0x20", "s_wait_kmcnt 0x0",
         "s_add_co_u32 s40, s10, s0", "s_add_co_ci_u32 s41, s11, s1"]
    if form.kind == "buffer" or form.name == "s_buffer_prefetch_data":
        b += ["s_and_b32 s41, s41, 0xffff", "s_or_b32 s41, s41, s2"]
    b += ["s_mov_b32 s42, s3", "s_mov_b32 s43, s4", "s_mov_b32 s44, s5", form.text, "s_wait_kmcnt 0x0"]
    for r in range(16):
        b.append("v_mov_b32 v%d, s%d" % (1 + r, 20 + r))
    b.append("v_mov_b32 v17, 0")
    for q in range(4):
        b.append("global_store_b128 v17, v[%d:%d], s[36:37] offset:%d" % (1 + 4 * q, 4 + 4 * q, 16 * q))
    b += ["s_wait_storecnt 0x0", "s_endpgm"]
    return K.Kernel(name, "\n".join("  " + x for x in b), 3), None, data


def launch_for(name, data, vec):
    return K.Launch(name, 32, [(len(data), data, False), (64 * NV, None, True), (MEM, vec.mem, False)], grid=NV)


def lane_inputs(form, vec, i):
    return [vec.addr[i], vec.soffset[i], vec.nrec[i]]


def compare(form, vec, L, out, memout=None):
    return K.compare_sgpr_dump(reference(form, vec), out)


def reproducer(form, vec, i, what):
    exp = reference(form, vec)
    a = vec.addr[i]
    lo = a - 64
    ins = ["buf0=%s" % vec.mem[lo:lo + 192].hex(), "s[40:41]=&buf0%+d" % (a - form.imm - vec.soffset[i] - lo),
           "s44=%d" % vec.soffset[i]]
    if form.kind == "buffer":
        ins.append("s42=0x%x   (V#: s41 also holds stride 0x%x << 16; s43=0x%x)" % (vec.nrec[i], vec.d1x[i] >> 16,
                                                                                   vec.d3[i]))
    ins += ["s%d=0x%x" % (20 + r, vec.old[i][r]) for r in range(16)]
    outs = ["s%d=0x%x" % (20 + r, exp[i][r]) for r in range(16)]
    return "%s ; %s ; %s" % (form.text, " ".join(ins), " ".join(outs))
