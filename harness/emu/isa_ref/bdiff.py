"""Buffer side of the differential test (diff.py --family buf): VBUFFER
loads, stores and atomics (buffer_*, buffer_*_format_*, tbuffer_*) through a
buffer resource (V#), and the scalar s_load_* / s_buffer_load_* forms, against
a reference written from the AMD RDNA4 ISA reference guide (per-instruction
pseudocode; "Buffer Resource" descriptor fields; buffer addressing and range
checking).

Addressing (VBUFFER). The V# is four SGPRs: base address [47:0], stride
[61:48], swizzle enable [63:62], num_records [95:64], dst_sel [107:96], data
format [113:108], index stride [118:117], add_tid_enable [119], oob_select
[125:124], type [127:126]. A lane's index is its index VGPR (idxen, the first
address VGPR) plus, with add_tid_enable, its lane id and its offset is its offset VGPR (offen; the second address
VGPR with idxen) plus the instruction offset; the address is
base + soffset + offset + index * stride. Range check by oob_select (the
project's choice, rdna4-emu assumptions: buffer_range_check): 0: out of range
when index >= num_records or offset + size > stride; 1: when index >=
num_records; 2: when num_records == 0; 3: when soffset + offset + index *
stride + size > num_records (the reference reads it as: the accessed bytes,
counted from the V# base, must lie below num_records; with an index, the
vectors put num_records at record starts, ends and inside accesses, and give
two lanes per wave an index whose offset passes 2^32 by less than a record). Accesses wider than 4 bytes are checked per
dword. Out of range: a load reads 0, a store writes nothing, an atomic
changes nothing and returns 0 (buffer_atomic_out_of_range).

Vectors: one workgroup of 8 wave32 (some forms: 4 wave64) waves, one vector
per lane. Every wave has its own V#: oob_select 0..3 (each twice in a
wave32 set), stride, num_records (chosen so that some lanes fall out of
range, at the boundary too), soffset, base. Each lane owns a slot of the
8 KiB memory image (random bytes) and addresses only its own slot when in
range, so lanes never share bytes and the result does not depend on the
order of the lanes; the last wave runs with a random partial EXEC. The
destination registers and the whole memory image are compared bit for bit.
"""
from fractions import Fraction

from . import diff as D
from . import fops as FO
from . import kernel as K
from . import mdiff as M
from .fp import BF16, F16, F32

NL = 256
MEM = 8192
M32 = 0xffffffff
WAVE_MEM = 1024  # bytes of the memory image per wave32 (2048 per wave64)


class BOp:
    """kind load|store|atomic|fload|fstore; size bytes; ndst / ndata VGPRs;
    fn as in mdiff.MemOp; nch / d16 / hi: format loads and stores."""
    family = "buf"

    def __init__(self, name, kind, size, ndst, ndata, fn=None, nch=0, d16=False, hi=False):
        self.name, self.kind, self.size, self.ndst, self.ndata, self.fn = name, kind, size, ndst, ndata, fn
        self.nch, self.d16, self.hi = nch, d16, hi
        self.model = "buffer_range_check"


OPS = {}


def _add(name, *a, **kw):
    OPS[name] = BOp(name, *a, **kw)


def _build_ops():
    # plain loads, stores and atomics: the same data semantics as the global
    # forms (AMD RDNA4 ISA reference guide, BUFFER_LOAD_* / GLOBAL_LOAD_* share
    # their pseudocode after the address); mdiff's op table gives them.
    ren = {"load_d16_b16": "load_d16_b16", "load_d16_hi_b16": "load_d16_hi_b16", "load_d16_u8": "load_d16_u8",
           "load_d16_i8": "load_d16_i8", "load_d16_hi_u8": "load_d16_hi_u8", "load_d16_hi_i8": "load_d16_hi_i8",
           "store_d16_hi_b8": "store_d16_hi_b8", "store_d16_hi_b16": "store_d16_hi_b16"}
    for n, o in M.OPS.items():
        if not n.startswith("global_"):
            continue
        base = n[len("global_"):]
        if o.kind in ("load", "store"):
            _add("buffer_" + ren.get(base, base), o.kind, o.size, o.ndst, o.ndata, o.fn)
        elif o.kind == "atomic":
            _add("buffer_" + base, "atomic", o.size, o.ndst, o.ndata, o.fn)
    for n in ("sub_clamp_u32", "cond_sub_u32"):
        o = M.OPS["global_atomic_" + n]
        _add("buffer_atomic_" + n, "atomic", o.size, o.ndst, o.ndata, o.fn)
    _add("buffer_atomic_pk_add_bf16", "atomic", 4, 1, 1, _pk_add_bf16)
    # format loads / stores: the data format comes from the V# (buffer_*) or the
    # instruction (tbuffer_*); channels X, Y, Z, W at consecutive channel offsets
    for pre in ("buffer", "tbuffer"):
        for k, ch in enumerate(("x", "xy", "xyz", "xyzw")):
            n = k + 1
            _add("%s_load_format_%s" % (pre, ch), "fload", 0, n, 0, nch=n)
            _add("%s_store_format_%s" % (pre, ch), "fstore", 0, 0, n, nch=n)
            _add("%s_load_d16_format_%s" % (pre, ch), "fload", 0, (n + 1) // 2, 0, nch=n, d16=True)
            _add("%s_store_d16_format_%s" % (pre, ch), "fstore", 0, 0, (n + 1) // 2, nch=n, d16=True)
    _add("buffer_load_d16_hi_format_x", "fload", 0, 1, 0, nch=1, d16=True, hi=True)
    _add("buffer_store_d16_hi_format_x", "fstore", 0, 0, 1, nch=1, d16=True, hi=True)


def _pk_add_bf16(t, d):
    """BUFFER_ATOMIC_PK_ADD_BF16: two bf16 additions, memory + data per half
    (rounded to nearest even, denormals kept: rdna4-emu assumptions: float_atomics)."""
    c = FO.Ctx()
    lo = FO.add(BF16, d[0] & 0xffff, t & 0xffff, c)
    hi = FO.add(BF16, d[0] >> 16, t >> 16, c)
    return lo | (hi << 16)


_build_ops()

# Data formats of the format forms: (number, llvm-mc name, channels, bits per
# channel, numeric kind). The numbers are the gfx11+ unified format codes as
# llvm-mc encodes format:[BUF_FMT_*] (llvm/lib/Target/AMDGPU/SIDefines.h,
# UfmtGFX11); the V# data format field [113:108] takes the same codes.
FORMATS = [
    (1, "BUF_FMT_8_UNORM", 1, 8, "unorm"), (7, "BUF_FMT_16_UNORM", 1, 16, "unorm"),
    (5, "BUF_FMT_8_UINT", 1, 8, "uint"), (6, "BUF_FMT_8_SINT", 1, 8, "sint"),
    (11, "BUF_FMT_16_UINT", 1, 16, "uint"), (12, "BUF_FMT_16_SINT", 1, 16, "sint"),
    (13, "BUF_FMT_16_FLOAT", 1, 16, "float"), (18, "BUF_FMT_8_8_UINT", 2, 8, "uint"),
    (20, "BUF_FMT_32_UINT", 1, 32, "uint"), (21, "BUF_FMT_32_SINT", 1, 32, "sint"),
    (22, "BUF_FMT_32_FLOAT", 1, 32, "float"), (28, "BUF_FMT_16_16_SINT", 2, 16, "sint"),
    (29, "BUF_FMT_16_16_FLOAT", 2, 16, "float"), (46, "BUF_FMT_8_8_8_8_UINT", 4, 8, "uint"),
    (48, "BUF_FMT_32_32_UINT", 2, 32, "uint"), (50, "BUF_FMT_32_32_FLOAT", 2, 32, "float"),
    (51, "BUF_FMT_16_16_16_16_UNORM", 4, 16, "unorm"), (55, "BUF_FMT_16_16_16_16_UINT", 4, 16, "uint"),
    (56, "BUF_FMT_16_16_16_16_SINT", 4, 16, "sint"), (57, "BUF_FMT_16_16_16_16_FLOAT", 4, 16, "float"),
    (60, "BUF_FMT_32_32_32_FLOAT", 3, 32, "float"), (62, "BUF_FMT_32_32_32_32_SINT", 4, 32, "sint"),
    (63, "BUF_FMT_32_32_32_32_FLOAT", 4, 32, "float"),
    (2, "BUF_FMT_8_SNORM", 1, 8, "snorm"), (8, "BUF_FMT_16_SNORM", 1, 16, "snorm"),
    (3, "BUF_FMT_8_USCALED", 1, 8, "uscaled"), (10, "BUF_FMT_16_SSCALED", 1, 16, "sscaled"),
    (15, "BUF_FMT_8_8_SNORM", 2, 8, "snorm"), (23, "BUF_FMT_16_16_UNORM", 2, 16, "unorm"),
    (42, "BUF_FMT_8_8_8_8_UNORM", 4, 8, "unorm"), (45, "BUF_FMT_8_8_8_8_SSCALED", 4, 8, "sscaled"),
    (53, "BUF_FMT_16_16_16_16_USCALED", 4, 16, "uscaled"),
]


def _chan_to_reg(v, bits, kind, d16):
    """One channel of memory (bits wide) -> register value (32 bits, or 16 for D16).
    UNORM: the value / (2^bits - 1), rounded once to nearest even (f32, or f16
    for D16); FLOAT: IEEE conversion to the register's width."""
    from fractions import Fraction
    m = (1 << bits) - 1
    v &= m
    s = v - (1 << bits) if v >> (bits - 1) else v
    if kind == "uint":
        return v & (0xffff if d16 else M32)
    if kind == "sint":
        return s & (0xffff if d16 else M32)
    if kind == "float":
        if bits == 16:
            return v if d16 else _widen(v)
        return FO.convert(F32, F16, v, FO.Ctx()) if d16 else v
    # UNORM / SNORM / USCALED / SSCALED: the exact value rounded once (to f16 for
    # D16): rdna4-emu assumptions: buffer_format_conversion
    smax = (1 << (bits - 1)) - 1
    x = {"unorm": Fraction(v, m), "snorm": max(Fraction(s, smax), Fraction(-1)), "uscaled": Fraction(v),
         "sscaled": Fraction(s)}[kind]
    return (F16 if d16 else F32).round(x, sign_of_zero=0)


def _reg_to_chan(r, bits, kind, d16):
    """One channel of register data -> memory bits (integer and float formats)."""
    m = (1 << bits) - 1
    if kind in ("uint", "sint"):
        return r & m
    if kind in ("unorm", "snorm", "uscaled", "sscaled"):
        # the register's float (f16 for D16), clamped, scaled, rounded to nearest
        # even, saturated; NaN stores 0 (rdna4-emu assumptions: buffer_format_conversion)
        fmt = F16 if d16 else F32
        b = r & (0xffff if d16 else M32)
        if fmt.is_nan(b):
            return 0
        x = (Fraction(-(1 << 40)) if fmt.sign(b) else Fraction(1 << 40)) if fmt.is_inf(b) else fmt.value(b)
        smax = (1 << (bits - 1)) - 1
        if kind == "unorm":
            q = round(min(max(x, 0), 1) * m)
        elif kind == "snorm":
            q = round(min(max(x, -1), 1) * smax)
        elif kind == "uscaled":
            q = min(max(round(x), 0), m)
        else:
            q = min(max(round(x), -smax - 1), smax)
        return q & m
    if bits == 16:
        return (r & 0xffff) if d16 else FO.convert(F32, F16, r, FO.Ctx())
    return _widen(r & 0xffff) if d16 else r


def _widen(h):
    """f16 -> f32 for the format conversions: exact; a NaN keeps its payload and
    stays signalling (the project's choice, rdna4-emu assumptions:
    buffer_format_conversion; the VALU conversions quiet it). f32 -> f16 is the
    IEEE conversion (nearest even; NaN quieted, top payload bits kept)."""
    if F16.is_nan(h):
        return ((h & 0x8000) << 16) | 0x7f800000 | ((h & 0x3ff) << 13)
    return FO.convert(F16, F32, h, FO.Ctx())


class BForm:
    """mode: 'raw' (offen), 'idx' (idxen), 'idxoff' (idxen offen), 'off' (no
    address VGPR), 'tid' (idxen with the V#'s add_tid_enable); imm: instruction offset; fmt: tbuffer format entry;
    vfmt: buffer_*_format_* data format in the V#."""

    def __init__(self, op, mode, imm=0, rtn=False, wave64=False, fmt=None, soff="s44"):
        self.op, self.mode, self.imm, self.rtn, self.wave64, self.fmt, self.soff = op, mode, imm, rtn, wave64, fmt, soff
        self.denorm = 3
        self.dpp = None
        self.round = None
        self.text = self._text()

    @property
    def lanes(self):
        return 64 if self.wave64 else 32

    @property
    def nret(self):
        o = self.op
        if o.kind in ("load", "fload"):
            return o.ndst
        if o.kind == "atomic" and self.rtn:
            return o.ndst
        return 0

    def desc(self):
        vf = getattr(self, "vfmt", None)
        return ("w64: " if self.wave64 else "") + self.text + ("   # V# format %s" % vf[1] if vf else "") + \
            ("   # add_tid_enable" if self.mode == "tid" else "")

    def _text(self):
        o = self.op
        if o.kind in ("load", "fload") or (o.kind == "atomic" and self.rtn):
            n = o.ndst if o.kind != "atomic" else o.ndata
            reg = "v20" if n == 1 else "v[20:%d]" % (19 + n)
            if o.kind == "atomic":
                reg = "v30" if n == 1 else "v[30:%d]" % (29 + n)
        else:
            n = o.ndata
            reg = "v30" if n == 1 else "v[30:%d]" % (29 + n)
        addr = {"raw": "v5", "idx": "v5", "tid": "v5", "idxoff": "v[5:6]", "off": "off"}[self.mode]
        t = "%s %s, %s, s[40:43], %s" % (o.name, reg, addr, self.soff)
        if self.fmt:
            t += " format:[%s]" % self.fmt[1]
        t += {"raw": " offen", "idx": " idxen", "tid": " idxen", "idxoff": " idxen offen", "off": ""}[self.mode]
        if self.imm:
            t += " offset:%d" % self.imm
        if o.kind == "atomic" and self.rtn:
            t += " th:TH_ATOMIC_RETURN"
        return t


W64_OPS = {"buffer_load_b32", "buffer_load_b128", "buffer_store_b64", "buffer_store_b8", "buffer_atomic_add_u32",
           "buffer_atomic_cmpswap_b64", "buffer_load_format_xy", "tbuffer_store_format_x"}

# tbuffer / buffer format forms: a few formats per op (chosen by channel count)
_FMT_BY_NCH = {1: [f for f in FORMATS if f[2] == 1], 2: [f for f in FORMATS if f[2] == 2],
               3: [f for f in FORMATS if f[2] == 3], 4: [f for f in FORMATS if f[2] == 4]}


def forms_for(op, rng):
    out = []
    if op.kind in ("fload", "fstore"):
        # formats of at most the instruction's channels (the range check covers the
        # whole format element then; fewer channels: Y/Z read 0 and W reads 1)
        fmts = [f for f in FORMATS if f[2] == op.nch] + [f for f in FORMATS if f[2] < op.nch][:3]
        if not [f for f in FORMATS if f[2] == op.nch]:
            fmts = [f for f in FORMATS if f[2] < op.nch]
        rng.shuffle(fmts)
        for i, f in enumerate(fmts[:3]):
            mode = ("idx", "raw", "idxoff")[i]
            imm = (0, 8, 4)[i]
            if op.name.startswith("tbuffer"):
                out.append(BForm(op, mode, imm, fmt=f))
            else:
                bf = BForm(op, mode, imm)
                bf.vfmt = f  # the data format in the V#
                out.append(bf)
        return out
    rtn = op.kind == "atomic"
    out.append(BForm(op, "raw", 0, rtn=rtn))
    out.append(BForm(op, "idx", 16 if op.size <= 8 else 0, rtn=rtn))
    out.append(BForm(op, "idxoff", 8 if op.kind == "atomic" and op.size == 8 else 4, rtn=rtn,
                     soff="null" if op.kind == "store" else "s44"))
    if op.kind == "atomic":
        out.append(BForm(op, "raw", 0x7ffff0, rtn=False))
    else:
        out.append(BForm(op, "raw", 0x7ffff0))
    if op.kind == "load":
        out.append(BForm(op, "off", 8))
    # V# add_tid_enable: the lane's id is added to its index
    out.append(BForm(op, "tid", 0, rtn=rtn, wave64=op.name in W64_OPS and op.kind == "store"))
    if op.name in W64_OPS:
        out.append(BForm(op, "idxoff", 0, rtn=rtn, wave64=True))
    return out


def _fmt_of(form):
    return form.fmt or getattr(form, "vfmt", None)


def _size(form):
    """Bytes the access covers (format forms: the format's channels read or
    written, at most the instruction's channel count)."""
    o = form.op
    if o.kind in ("fload", "fstore"):
        f = _fmt_of(form)
        return min(o.nch, f[2]) * f[3] // 8
    return o.size


class Vectors:
    def __init__(self, form, rng):
        o = form.op
        W = form.lanes
        self.nwaves = NL // W
        self.mem = rng.getrandbits(8 * MEM).to_bytes(MEM, "little")
        wmem = MEM // self.nwaves
        size = span = _size(form)
        # atomics: naturally aligned (a misaligned 64-bit atomic is a model choice,
        # rdna4-emu assumptions: misaligned_atomics); other accesses: 4 bytes or their size
        align = size if o.kind == "atomic" else 4 if size >= 4 else size
        self.v5 = [0] * NL
        self.v6 = [0] * NL
        self.rsrc = []
        self.soffset = []
        self.delta = []  # V# base minus the memory image's address
        for w in range(self.nwaves):
            oob = w % 4  # every range-check mode in every form
            slot = wmem // W  # 32 bytes per lane
            soff = rng.randrange(0, 64, 8) if form.soff != "null" else 0
            perm = list(range(W))
            rng.shuffle(perm)
            # every access lands in the wave's part of the image:
            # base = wave's part - soffset - instruction offset
            base_off = w * wmem - soff - form.imm
            if form.mode in ("raw", "off"):
                # lane l: offset VGPR = its slot * 32 + a position in the slot
                for l in range(W):
                    self.v5[w * W + l] = perm[l] * slot + rng.randrange(0, slot - span + 1, align)
                stride = rng.randrange(0, 1 << 14)
                if oob == 0:
                    stride = rng.choice([0, 12, slot, slot + 8])
                top = soff + form.imm + (W * slot if form.mode == "raw" else size)
                if oob == 3:  # the raw check: all in, none, a random cut (also inside a lane's access)
                    nrec = rng.choice([top, 0, rng.randrange(soff + form.imm, top + 1),
                                       soff + form.imm + (rng.randrange(W) * slot if form.mode == "raw" else 0) +
                                       rng.randrange(0, 20)])
                elif oob == 2:
                    nrec = rng.choice([0, rng.getrandbits(32) | 1])
                else:
                    nrec = rng.choice([0, 1, rng.getrandbits(32)])
            elif form.mode == "tid":
                # add_tid_enable: index = index VGPR (the same c for every lane of the wave)
                # + lane id, 16-byte records: lane l owns record c + l
                stride = 16
                c = rng.randrange(0, W + 1)
                for l in range(W):
                    self.v5[w * W + l] = c
                if oob in (0, 1):
                    nrec = rng.choice([2 * W, rng.randrange(0, 2 * W + 1), 0, rng.getrandbits(32)])
                elif oob == 2:
                    nrec = rng.choice([0, rng.getrandbits(32) | 1])
                else:
                    nrec = rng.randrange(soff, soff + 2 * W * stride + 1)
            else:
                # lane l: index VGPR = its slot, stride >= 16 and >= offset + size
                step = max(4, align)
                stride = rng.randrange(max(16, (form.imm + span + step - 1) // step * step), slot + 1, step)
                for l in range(W):
                    self.v5[w * W + l] = perm[l]
                    if form.mode == "idxoff":
                        room = stride - form.imm - span
                        # oob_select 0 checks offset + size against the stride: go past it there
                        top = room + (8 if oob == 0 else 0)
                        self.v6[w * W + l] = rng.randrange(0, top + 1, align)
                if oob in (0, 1):
                    nrec = rng.choice([W, rng.randrange(0, W + 1), 0, rng.getrandbits(32)])
                elif oob == 2:
                    nrec = rng.choice([0, rng.getrandbits(32) | 1])
                else:
                    # raw check with an index: num_records at a record's start, at the end of
                    # the bytes a record's access covers, inside an access (a dword boundary or
                    # not), or random; the index counts in the checked offset (index * stride)
                    k = rng.randrange(W + 1)
                    first = soff + form.imm + k * stride
                    nrec = rng.choice([first, first + span, first + rng.randrange(1, span + 1),
                                       first + 4 * rng.randrange((span + 3) // 4 + 1),
                                       rng.randrange(soff + form.imm, soff + form.imm + W * stride + 1)])
                    # a few lanes with an index whose offset passes 2^32 by less than a record
                    # (index * stride wrapped to 32 bits would be in range): out of range
                    for l in rng.sample(range(W), 2):
                        self.v5[w * W + l] = -(-(1 << 32) // stride)
            fmt = _fmt_of(form)
            # data format [113:108]: the form's for buffer_*_format_*, random (unused) otherwise;
            # dst_sel [107:96]: X, Y, Z, W in order (4, 5, 6, 7) for the format forms, random
            # (unused) otherwise
            d3 = (oob << 28) | ((fmt[0] if fmt and not form.fmt else rng.getrandbits(6) if not fmt else 0) << 12)
            d3 |= 0xfac if fmt else rng.getrandbits(12)
            if form.mode == "tid":
                d3 |= 1 << 23
            self.rsrc.append((stride, nrec & M32, d3))
            self.soffset.append(soff)
            self.delta.append(base_off)
        self.old = [[rng.getrandbits(32) for _ in range(4)] for _ in range(NL)]
        sp = D.F32_SPECIAL + D.I32_SPECIAL
        self.data = [[rng.choice(sp) if rng.random() < 0.4 else rng.getrandbits(32) for _ in range(4)]
                     for _ in range(NL)]
        if "cmpswap" in o.name:  # compare values equal to memory in half the lanes
            for g in range(NL):
                if g % 2:
                    continue
                a, ok = self.lane_addr(form, g, 0)
                if a is None:
                    continue
                n = o.ndata // 2
                for k in range(n):
                    self.data[g][n + k] = int.from_bytes(self.mem[a + 4 * k:a + 4 * k + 4], "little")
        self.exec = [(1 << W) - 1] * (self.nwaves - 1) + [rng.getrandbits(W) | 1]

    def lane_addr(self, form, g, k, n=None):
        """(memory image offset of byte k of lane g's access, in range?) —
        None when the address lies outside the image (the lane must then be
        out of range)."""
        W = form.lanes
        w = g // W
        stride, nrec, d3 = self.rsrc[w]
        oob = (d3 >> 28) & 3
        soff = self.soffset[w]
        if form.mode == "raw":
            index, offset = 0, self.v5[g]
        elif form.mode == "idx":
            index, offset = self.v5[g], 0
        elif form.mode == "tid":
            index, offset = self.v5[g] + g % W, 0
        elif form.mode == "idxoff":
            index, offset = self.v5[g], self.v6[g]
        else:
            index, offset = 0, 0
        offset += form.imm + k
        size = n if n is not None else _size(form)
        a = self.delta[w] + soff + offset + index * stride
        if oob == 0:
            ok = index < nrec and offset + size <= stride
        elif oob == 1:
            ok = index < nrec
        elif oob == 2:
            ok = nrec != 0
        else:
            # raw: num_records bounds the bytes from the V# base; the access is in range
            # when its bytes [address - base, + size) lie inside [0, num_records). The
            # address is base + soffset + buffer offset (index * stride + offset), so the
            # SGPR offset and the index both count; exact integers, nothing wrapped
            rel = a - self.delta[w]
            ok = 0 <= rel and rel + size <= nrec
        if not 0 <= a <= MEM - size:
            return None, ok
        return a, ok


def _pieces(form):
    """[(byte offset, size)] of the pieces checked separately: dwords for the
    multi-dword plain forms, the whole access otherwise; format forms: one
    piece per channel."""
    o = form.op
    if o.kind in ("fload", "fstore"):
        f = _fmt_of(form)
        cb = f[3] // 8
        return [(c * cb, cb) for c in range(min(o.nch, f[2]))]
    if o.kind in ("load", "store") and o.size > 4:
        return [(4 * i, 4) for i in range(o.size // 4)]
    return [(0, o.size)]


class RangeError(Exception):
    pass


def reference(form, vec):
    o = form.op
    mem = bytearray(vec.mem)
    # the registers compared: v20.. (loads), v30.. (returning atomics: the data registers)
    dst = [list(x) for x in (vec.data if o.kind == "atomic" else vec.old)]
    W = form.lanes
    for g in range(NL):
        w, l = divmod(g, W)
        if not (vec.exec[w] >> l) & 1:
            continue
        pieces = []
        if o.kind in ("fload", "fstore"):
            # format loads / stores are range checked as a whole (AMD RDNA4 ISA
            # reference guide, "Range checking": format instructions and atomics
            # are either entirely in or entirely out of range); an out-of-range
            # load returns 0 in every channel (dst_sel here selects no constant 1)
            a0, ok = vec.lane_addr(form, g, 0)
            if ok and a0 is None:
                raise RangeError("lane %d: an in-range access outside the memory image (vector generator)" % g)
            for k, n in _pieces(form):
                pieces.append((a0 + k if ok else None, n))
        for k, n in (_pieces(form) if o.kind not in ("fload", "fstore") else ()):
            a, ok = vec.lane_addr(form, g, k, n)
            if ok and a is None:
                raise RangeError("lane %d: an in-range access outside the memory image (vector generator)" % g)
            pieces.append((a if ok else None, n))
        if o.kind == "load":
            raw = b"".join(bytes(mem[a:a + n]) if a is not None else bytes(n) for a, n in pieces)
            if o.size < 4:
                if pieces[0][0] is None:
                    raw = bytes(o.size)
                words = o.fn(raw, vec.old[g])
            else:
                words = M._words(raw)
            dst[g][:len(words)] = words
        elif o.kind == "store":
            b = o.fn(vec.data[g][:o.ndata])
            for (a, n), (k, _) in zip(pieces, _pieces(form)):
                if a is not None:
                    mem[a:a + n] = b[k:k + n]
        elif o.kind == "atomic":
            a, n = pieces[0]
            if a is None:
                t = 0
            else:
                t = int.from_bytes(mem[a:a + n], "little")
                mem[a:a + n] = o.fn(t, vec.data[g][:o.ndata]).to_bytes(n, "little")
            for r in range(form.nret):
                dst[g][r] = (t >> (32 * r)) & M32
        elif o.kind == "fload":
            f = _fmt_of(form)
            _, _, nch_f, bits, kind = f
            vals = []
            whole_out = pieces[0][0] is None
            for c in range(o.nch):
                if whole_out:
                    v = 0
                elif c < nch_f:
                    a, n = pieces[c]
                    v = _chan_to_reg(int.from_bytes(mem[a:a + n], "little"), bits, kind, o.d16) if a is not None else 0
                elif c == 3:  # missing W channel: 1 (1.0 for float-valued formats)
                    v = 1 if kind in ("uint", "sint") else (0x3c00 if o.d16 else 0x3f800000)
                else:
                    v = 0
                vals.append(v)
            if not o.d16:
                dst[g][:o.nch] = vals
            elif o.hi:
                dst[g][0] = (vec.old[g][0] & 0xffff) | (vals[0] << 16)
            else:
                for c in range(0, o.nch, 2):
                    if c + 1 < o.nch:
                        dst[g][c // 2] = vals[c] | (vals[c + 1] << 16)
                    else:
                        dst[g][c // 2] = (vec.old[g][c // 2] & 0xffff0000) | vals[c]
        else:  # fstore
            f = _fmt_of(form)
            _, _, nch_f, bits, kind = f
            for c, (a, n) in enumerate(pieces):
                if a is None:
                    continue
                if not o.d16:
                    r = vec.data[g][c]
                elif o.hi:
                    r = vec.data[g][0] >> 16
                else:
                    r = (vec.data[g][c // 2] >> (16 * (c & 1))) & 0xffff
                mem[a:a + n] = _reg_to_chan(r, bits, kind, o.d16).to_bytes(n, "little")
    return dst, bytes(mem)


def build_kernel(form, vec, name):
    W = form.lanes
    words = []
    cols = {}
    for nm, vals in (("v5", vec.v5), ("v6", vec.v6)):
        cols[nm] = 4 * len(words)
        words.extend(vals)
    for r in range(4):
        cols["old%d" % r] = 4 * len(words)
        words.extend(x[r] for x in vec.old)
    for r in range(4):
        cols["data%d" % r] = 4 * len(words)
        words.extend(x[r] for x in vec.data)
    per_wave = {"delta": [], "rs": [], "d3": [], "exec": []}
    for w in range(vec.nwaves):
        stride, nrec, d3 = vec.rsrc[w]
        dl = vec.delta[w] & ((1 << 64) - 1)
        per_wave["delta"].append((dl & M32, dl >> 32))
        per_wave["rs"].append(((stride << 16), nrec))
        per_wave["d3"].append((d3, vec.soffset[w]))
        per_wave["exec"].append((vec.exec[w] & M32, vec.exec[w] >> 32))
    for nm, vals in per_wave.items():
        cols[nm] = 4 * len(words)
        col = [0] * NL
        for w, (a, b) in enumerate(vals):
            col[2 * w], col[2 * w + 1] = a, b
        words.extend(col)
    data = b"".join(x.to_bytes(4, "little") for x in words)
    b = ["s_load_b64 s[12:13], s[0:1], 0x0", "s_load_b64 s[14:15], s[0:1], 0x8", "s_load_b64 s[10:11], s[0:1], 0x10",
         "v_readfirstlane_b32 s16, v0", "v_lshlrev_b32 v1, 2, v0", "s_wait_kmcnt 0x0",
         "s_lshr_b32 s16, s16, %d" % (6 if form.wave64 else 5), "s_lshl_b32 s17, s16, 3",
         "s_add_co_u32 s18, s12, s17", "s_add_co_ci_u32 s19, s13, 0",
         "global_load_b32 v5, v1, s[12:13] offset:%d" % cols["v5"],
         "global_load_b32 v6, v1, s[12:13] offset:%d" % cols["v6"]]
    for r in range(4):
        b.append("global_load_b32 v%d, v1, s[12:13] offset:%d" % (20 + r, cols["old%d" % r]))
        b.append("global_load_b32 v%d, v1, s[12:13] offset:%d" % (30 + r, cols["data%d" % r]))
    b += ["s_load_b64 s[24:25], s[18:19], 0x%x" % cols["delta"], "s_load_b64 s[26:27], s[18:19], 0x%x" % cols["rs"],
          "s_load_b64 s[28:29], s[18:19], 0x%x" % cols["d3"], "s_load_b64 s[22:23], s[18:19], 0x%x" % cols["exec"],
          "s_wait_loadcnt 0x0", "s_wait_kmcnt 0x0",
          "s_add_co_u32 s40, s10, s24", "s_add_co_ci_u32 s41, s11, s25", "s_and_b32 s41, s41, 0xffff",
          "s_or_b32 s41, s41, s26", "s_mov_b32 s42, s27", "s_mov_b32 s43, s28", "s_mov_b32 s44, s29",
          "s_mov_b64 exec, s[22:23]" if form.wave64 else "s_mov_b32 exec_lo, s22",
          form.text,
          "s_wait_loadcnt 0x0", "s_wait_storecnt 0x0",
          "s_mov_b64 exec, -1" if form.wave64 else "s_mov_b32 exec_lo, -1"]
    rbase = 30 if form.op.kind == "atomic" else 20
    for r in range(4):
        b.append("global_store_b32 v1, v%d, s[14:15] offset:%d" % (rbase + r, 4 * NL * r))
    b += ["s_wait_storecnt 0x0", "s_endpgm"]
    k = K.Kernel(name, "\n".join("  " + x for x in b), 3, wave64=form.wave64)
    return k, None, data


def launch_for(name, data, vec):
    return K.Launch(name, NL, [(len(data), data, False), (4 * NL * 4, None, True), (MEM, vec.mem, True)])


def lane_inputs(form, vec, g):
    w = g // form.lanes
    stride, nrec, d3 = vec.rsrc[w]
    return [vec.v5[g], vec.v6[g], stride, nrec, d3, vec.soffset[w]] + vec.data[g][:form.op.ndata]


def compare(form, vec, L, out, memout=None):
    dst, mem = reference(form, vec)
    bad = []
    n = form.nret
    rbase = 30 if form.op.kind == "atomic" else 20
    for g in range(NL):
        for r in range(n):
            got = int.from_bytes(out[4 * (NL * r + g):4 * (NL * r + g) + 4], "little")
            if got != dst[g][r]:
                bad.append((g, "v%d" % (rbase + r), dst[g][r], got))
    if memout is not None and memout != mem:
        for i in range(0, MEM, 4):
            if memout[i:i + 4] != mem[i:i + 4]:
                owner = -1
                for g in range(NL):
                    a, ok = vec.lane_addr(form, g, 0, 1)
                    if a is not None and a <= i < a + 16:
                        owner = g
                        break
                bad.append((max(owner, 0), "mem[0x%x]" % i, int.from_bytes(mem[i:i + 4], "little"),
                            int.from_bytes(memout[i:i + 4], "little")))
    return bad


def reproducer(form, vec, g, what):
    """Lane g's inputs and expected values (the V# is relative to the memory
    image; turning this into a golden line needs the V# dwords written out)."""
    o = form.op
    W = form.lanes
    w = g // W
    stride, nrec, d3 = vec.rsrc[w]
    dst, mem = reference(form, vec)
    a, ok = vec.lane_addr(form, g, 0)
    ins = ["V#: base=&image%+d stride=%d num_records=0x%x dword3=0x%x" % (vec.delta[w], stride, nrec, d3),
           "soffset=%d" % vec.soffset[w], "v5=0x%x" % vec.v5[g], "v6=0x%x" % vec.v6[g],
           "address=&image%s%s" % ("%+d" % a if a is not None else "(outside)", "" if ok else " (out of range)")]
    if a is not None:
        ins.append("bytes there=%s" % vec.mem[a:a + 16].hex())
    ins += ["v%d=0x%x" % (20 + r, vec.old[g][r]) for r in range(4)]
    ins += ["v%d=0x%x" % (30 + r, vec.data[g][r]) for r in range(o.ndata)]
    rbase = 30 if o.kind == "atomic" else 20
    outs = ["v%d=0x%x" % (rbase + r, dst[g][r]) for r in range(form.nret)]
    if o.kind not in ("load", "fload") and a is not None:
        outs.append("bytes after=%s" % mem[a:a + 16].hex())
    return "%s%s ; %s ; %s" % ("w64: " if form.wave64 else "", form.text, " ".join(ins), " ".join(outs))
