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
project's choice, rdna4-emu models: buffer_range_check): 0: out of range
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

Packed data formats (10_11_11 / 11_11_10 unsigned floats, 10_10_10_2,
2_10_10_10): one dword holds every channel, X in the low bits; the dword is
range checked and accessed as a whole. Swizzled V#s (swizzle_enable 1..3) place
a byte at (index / IS * stride + offset / ES * ES) * IS + index % IS * ES +
offset % ES (AMD RDNA3.5 ISA reference guide, "Swizzled Buffer Addressing"),
each dword / channel by its own offset; the range check stays linear
(rdna4-emu models: buffer_swizzle_addressing). Loads with tfe write a
status dword after the data: 0 (buffer_tfe_status).
"""
import random
from fractions import Fraction

from . import diff as D
from . import fops as FO
from . import kernel as K
from . import mdiff as M
from .fp import BF16, F16, F32

NL = 256
MEM = 8192
MEM_SWZ = 32768  # swizzled forms: a wave's records interleave, so it gets more room
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
    (rounded to nearest even, denormals kept: rdna4-emu models: float_atomics)."""
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


# Packed formats: (number, name, channels, 32, kind, channel widths X, Y, Z, W). The
# name lists the widths from the most significant bit down, so X is the last
# number: 10_11_11_FLOAT = Z[31:22] Y[21:11] X[10:0] (Vulkan B10G11R11_UFLOAT_PACK32),
# 2_10_10_10 = W[31:30] Z[29:20] Y[19:10] X[9:0] (Vulkan A2B10G10R10; Mesa maps those
# API formats to these codes).
PACKED = [
    (30, "BUF_FMT_10_11_11_FLOAT", 3, 32, "ufloat", (11, 11, 10)),
    (31, "BUF_FMT_11_11_10_FLOAT", 3, 32, "ufloat", (10, 11, 11)),
    (32, "BUF_FMT_10_10_10_2_UNORM", 4, 32, "unorm", (2, 10, 10, 10)),
    (33, "BUF_FMT_10_10_10_2_SNORM", 4, 32, "snorm", (2, 10, 10, 10)),
    (34, "BUF_FMT_10_10_10_2_UINT", 4, 32, "uint", (2, 10, 10, 10)),
    (35, "BUF_FMT_10_10_10_2_SINT", 4, 32, "sint", (2, 10, 10, 10)),
    (36, "BUF_FMT_2_10_10_10_UNORM", 4, 32, "unorm", (10, 10, 10, 2)),
    (37, "BUF_FMT_2_10_10_10_SNORM", 4, 32, "snorm", (10, 10, 10, 2)),
    (38, "BUF_FMT_2_10_10_10_USCALED", 4, 32, "uscaled", (10, 10, 10, 2)),
    (39, "BUF_FMT_2_10_10_10_SSCALED", 4, 32, "sscaled", (10, 10, 10, 2)),
    (40, "BUF_FMT_2_10_10_10_UINT", 4, 32, "uint", (10, 10, 10, 2)),
    (41, "BUF_FMT_2_10_10_10_SINT", 4, 32, "sint", (10, 10, 10, 2)),
]


# f32 data for stores to the 11/10-bit float formats: the largest finite values
# (65024 / 64512) and the ties above them, 2^-14 and the denormal steps (2^-20 /
# 2^-19) with their halves, ties in the normal range (1 + 2^-7 / 1 + 2^-6), 1.0
UF_SPECIAL = [0x477e0000, 0x477eff00, 0x477f0000, 0x477c0000, 0x477d0000, 0x477f8000, 0x38800000, 0x35800000,
              0x35000000, 0x35400000, 0x36000000, 0x38000000, 0x3f810000, 0x3f830000, 0x3f820000, 0x3f800000,
              0x387c0000, 0x387e0000, 0x387f0000, 0xbf800000, 0x80000001, 0x00000001]


def _packed(f):
    return len(f) > 5


def _uf_to_reg(v, mb, d16):
    """Unsigned float with a 5-bit exponent (bias 15) and mb mantissa bits, no
    sign (the channels of 10_11_11 / 11_11_10; Vulkan specification, unsigned
    11-/10-bit floating-point numbers) -> f32 (f16 for D16), exactly. Exponent 31:
    infinity, or NaN whose mantissa goes to the top of the wider mantissa
    (rdna4-emu models: buffer_packed_formats)."""
    e, m = (v >> mb) & 31, v & ((1 << mb) - 1)
    fmt = F16 if d16 else F32
    if e == 31:
        return fmt.inf | (m << (fmt.mbits - mb))
    x = Fraction(m, 1 << mb) * Fraction(1, 1 << 14) if e == 0 else \
        (1 + Fraction(m, 1 << mb)) * (Fraction(2) ** (e - 15))
    return fmt.round(x, sign_of_zero=0)  # exact: every such value is an f16 and an f32


def _reg_to_uf(r, mb, d16):
    """f32 (f16 for D16) -> unsigned float of mb mantissa bits: a NaN stays NaN
    (its top mb mantissa bits, the top one set); other negative values, -0 and
    -inf give 0; +inf gives infinity; the rest rounds to the nearest multiple of
    the format's spacing there (ties to even), with gradual underflow below
    2^-14, and a result of 2^16 or more is infinity (rdna4-emu models:
    buffer_packed_formats)."""
    fmt = F16 if d16 else F32
    b = r & ((1 << fmt.width) - 1)
    inf = 31 << mb
    if fmt.is_nan(b):
        return inf | ((b & fmt.man_mask) >> (fmt.mbits - mb)) | (1 << (mb - 1))
    if fmt.sign(b) or fmt.is_zero(b):
        return 0
    if fmt.is_inf(b):
        return inf
    x = fmt.value(b)
    e = -14  # the exponent of x's binade, at least the smallest normal one
    while Fraction(2) ** (e + 1) <= x:
        e += 1
    ulp = Fraction(2) ** (e - mb)
    q = round(x / ulp)  # Python rounds a Fraction half to even
    y = q * ulp
    if y >= 1 << 16:
        return inf
    if y < Fraction(1, 1 << 14):
        return int(y / (Fraction(1, 1 << 14) / (1 << mb)))  # exponent field 0
    e = -14
    while Fraction(2) ** (e + 1) <= y:
        e += 1
    return ((e + 15) << mb) | int(y / Fraction(2) ** e * (1 << mb) - (1 << mb))


def _chan_to_reg(v, bits, kind, d16):
    """One channel of memory (bits wide) -> register value (32 bits, or 16 for D16).
    UNORM: the value / (2^bits - 1), rounded once to nearest even (f32, or f16
    for D16); FLOAT: IEEE conversion to the register's width."""
    from fractions import Fraction
    m = (1 << bits) - 1
    v &= m
    s = v - (1 << bits) if v >> (bits - 1) else v
    if kind == "ufloat":
        return _uf_to_reg(v, bits - 5, d16)
    if kind == "uint":
        return v & (0xffff if d16 else M32)
    if kind == "sint":
        return s & (0xffff if d16 else M32)
    if kind == "float":
        if bits == 16:
            return v if d16 else _widen(v)
        return FO.convert(F32, F16, v, FO.Ctx()) if d16 else v
    # UNORM / SNORM / USCALED / SSCALED: the exact value rounded once (to f16 for
    # D16): rdna4-emu models: buffer_format_conversion
    smax = (1 << (bits - 1)) - 1
    x = {"unorm": Fraction(v, m), "snorm": max(Fraction(s, smax), Fraction(-1)), "uscaled": Fraction(v),
         "sscaled": Fraction(s)}[kind]
    return (F16 if d16 else F32).round(x, sign_of_zero=0)


def _reg_to_chan(r, bits, kind, d16):
    """One channel of register data -> memory bits (integer and float formats)."""
    m = (1 << bits) - 1
    if kind in ("uint", "sint"):
        return r & m
    if kind == "ufloat":
        return _reg_to_uf(r, bits - 5, d16)
    if kind in ("unorm", "snorm", "uscaled", "sscaled"):
        # the register's float (f16 for D16), clamped, scaled, rounded to nearest
        # even, saturated; NaN stores 0 (rdna4-emu models: buffer_format_conversion)
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
    stays signalling (the project's choice, rdna4-emu models:
    buffer_format_conversion; the VALU conversions quiet it). f32 -> f16 is the
    IEEE conversion (nearest even; NaN quieted, top payload bits kept)."""
    if F16.is_nan(h):
        return ((h & 0x8000) << 16) | 0x7f800000 | ((h & 0x3ff) << 13)
    return FO.convert(F16, F32, h, FO.Ctx())


class BForm:
    """mode: 'raw' (offen), 'idx' (idxen), 'idxoff' (idxen offen), 'off' (no
    address VGPR), 'tid' (idxen with the V#'s add_tid_enable); imm: instruction offset; fmt: tbuffer format entry;
    vfmt: buffer_*_format_* data format in the V#."""

    def __init__(self, op, mode, imm=0, rtn=False, wave64=False, fmt=None, soff="s44", tfe=False, swz=()):
        self.op, self.mode, self.imm, self.rtn, self.wave64, self.fmt, self.soff = op, mode, imm, rtn, wave64, fmt, soff
        self.tfe = tfe  # one more (status) register after the loaded data
        self.swz = tuple(swz)  # swizzled V#: the swizzle_enable values the waves pick from
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
            return o.ndst + (1 if self.tfe else 0)
        if o.kind == "atomic" and self.rtn:
            return o.ndst
        return 0

    def desc(self):
        vf = getattr(self, "vfmt", None)
        return ("w64: " if self.wave64 else "") + self.text + ("   # V# format %s" % vf[1] if vf else "") + \
            ("   # add_tid_enable" if self.mode == "tid" else "") + \
            ("   # swizzled V# (swizzle_enable %s)" % "/".join(map(str, self.swz)) if self.swz else "")

    def _text(self):
        o = self.op
        if o.kind in ("load", "fload") or (o.kind == "atomic" and self.rtn):
            n = o.ndst + (1 if self.tfe else 0) if o.kind != "atomic" else o.ndata
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
        if self.tfe:
            t += " tfe"
        return t


W64_OPS = {"buffer_load_b32", "buffer_load_b128", "buffer_store_b64", "buffer_store_b8", "buffer_atomic_add_u32",
           "buffer_atomic_cmpswap_b64", "buffer_load_format_xy", "tbuffer_store_format_x"}

# tbuffer / buffer format forms: a few formats per op (chosen by channel count)
_FMT_BY_NCH = {1: [f for f in FORMATS if f[2] == 1], 2: [f for f in FORMATS if f[2] == 2],
               3: [f for f in FORMATS if f[2] == 3], 4: [f for f in FORMATS if f[2] == 4]}


# Forms with every packed format (tbuffer: the instruction's format; buffer: the V#'s)
PACKED_OPS = {"tbuffer_load_format_xyz", "tbuffer_load_format_xyzw", "tbuffer_store_format_xyz",
              "tbuffer_store_format_xyzw", "tbuffer_load_d16_format_xyzw", "tbuffer_store_d16_format_xyzw",
              "buffer_load_format_x", "buffer_store_format_xy", "buffer_load_d16_hi_format_x"}
# Swizzled V# forms: op -> the swizzle_enable values its waves pick from (element size
# 4 << (v - 1) bytes; a 64-bit atomic is one access, so it needs 8- or 16-byte elements)
SWZ_OPS = {"buffer_load_b32": (1, 2, 3), "buffer_load_b64": (1, 2, 3), "buffer_load_b96": (1, 2, 3),
           "buffer_load_b128": (1, 2, 3), "buffer_load_u8": (1, 2, 3), "buffer_load_i16": (1, 2, 3),
           "buffer_load_d16_hi_b16": (1, 2, 3), "buffer_load_d16_i8": (1, 2, 3), "buffer_store_b32": (1, 2, 3),
           "buffer_store_b64": (1, 2, 3), "buffer_store_b128": (1, 2, 3), "buffer_store_b8": (1, 2, 3),
           "buffer_store_d16_hi_b16": (1, 2, 3), "buffer_atomic_add_u32": (1, 2, 3),
           "buffer_atomic_cmpswap_b32": (1, 2, 3), "buffer_atomic_add_u64": (2, 3),
           "buffer_atomic_cmpswap_b64": (2, 3), "buffer_load_format_xyzw": (1, 2, 3),
           "tbuffer_load_format_xy": (1, 2, 3), "tbuffer_store_format_xyz": (1, 2, 3),
           "buffer_store_d16_format_xyzw": (1, 2, 3), "tbuffer_load_d16_format_xyz": (1, 2, 3),
           "tbuffer_load_format_xyzw": (1, 2, 3), "tbuffer_store_format_xyzw": (1, 2, 3)}


def _fmt_form(op, mode, imm, f, **kw):
    if op.name.startswith("tbuffer"):
        return BForm(op, mode, imm, fmt=f, **kw)
    bf = BForm(op, mode, imm, **kw)
    bf.vfmt = f  # the data format in the V#
    return bf


def forms_for(op, rng):
    out = _new_forms(op, rng)
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
            out.append(_fmt_form(op, mode, imm, f))
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


def _new_forms(op, rng):
    """Forms with packed formats, swizzled V#s and tfe (drawn from a generator of
    their own, so the other forms' choices do not move)."""
    rng = random.Random("packed-swizzle-tfe:" + op.name)  # (the vectors still follow --seed)
    out = []
    fmt_ops = op.kind in ("fload", "fstore")
    if op.name in PACKED_OPS:
        for i, f in enumerate(PACKED):
            out.append(_fmt_form(op, ("idx", "raw", "idxoff")[i % 3], (0, 8, 4)[i % 3], f))
    if op.name in SWZ_OPS:
        sw = SWZ_OPS[op.name]
        if fmt_ops:
            cands = [f for f in FORMATS + PACKED if f[2] == op.nch] or [f for f in FORMATS if f[2] < op.nch]
            out.append(_fmt_form(op, "idxoff", 4, rng.choice(cands), swz=sw))
            out.append(_fmt_form(op, "tid", 0, rng.choice(cands), swz=sw))
        else:
            rtn = op.kind == "atomic"
            out.append(BForm(op, "idxoff", 8 if rtn and op.size == 8 else 4, rtn=rtn, swz=sw))
            out.append(BForm(op, "idx", 0, rtn=rtn, swz=sw))
            out.append(BForm(op, "tid", 0, rtn=rtn, swz=sw))
            if op.name in W64_OPS:
                out.append(BForm(op, "idxoff", 0, rtn=rtn, wave64=True, swz=sw))
    # tfe: loads (LLVM accepts it on buffer_load_*, not on tbuffer_* or stores)
    if op.kind == "load":
        out.append(BForm(op, "raw", 0, tfe=True))
        out.append(BForm(op, "idxoff", 4, tfe=True, swz=(1, 2, 3)))
        if op.name in W64_OPS:
            out.append(BForm(op, "idx", 0, tfe=True, wave64=True))
    elif op.kind == "fload" and op.name.startswith("buffer_"):
        cands = [f for f in FORMATS + PACKED if f[2] == op.nch] or [f for f in FORMATS if f[2] < op.nch]
        out.append(_fmt_form(op, "idx", 0, rng.choice(cands), tfe=True))
        out.append(_fmt_form(op, "raw", 8, rng.choice(PACKED), tfe=True))
    return out


def _fmt_of(form):
    return form.fmt or getattr(form, "vfmt", None)


def _size(form):
    """Bytes the access covers (format forms: the format's channels read or
    written, at most the instruction's channel count)."""
    o = form.op
    if o.kind in ("fload", "fstore"):
        f = _fmt_of(form)
        if _packed(f):
            return 4
        return min(o.nch, f[2]) * f[3] // 8
    return o.size


class Vectors:
    def __init__(self, form, rng):
        o = form.op
        W = form.lanes
        self.nwaves = NL // W
        self.size = MEM_SWZ if form.swz else MEM
        self.mem = rng.getrandbits(8 * self.size).to_bytes(self.size, "little")
        wmem = self.size // self.nwaves
        size = span = _size(form)
        # atomics: naturally aligned (a misaligned 64-bit atomic is a model choice,
        # rdna4-emu models: atomic_alignment); other accesses: 4 bytes or their size
        align = size if o.kind == "atomic" else 4 if size >= 4 else size
        self.v5 = [0] * NL
        self.v6 = [0] * NL
        self.rsrc = []
        self.soffset = []
        self.delta = []  # V# base minus the memory image's address
        self.swz = []  # per wave: (swizzle_enable, index_stride) of a swizzled V#
        for w in range(self.nwaves):
            oob = w % 4  # every range-check mode in every form
            slot = wmem // W  # 32 bytes per lane
            soff = rng.randrange(0, 64, 8) if form.soff != "null" else 0
            perm = list(range(W))
            rng.shuffle(perm)
            # every access lands in the wave's part of the image:
            # base = wave's part - soffset - instruction offset
            base_off = w * wmem - soff - form.imm
            if form.swz:
                stride, nrec, base_off = self._swizzled(form, rng, w, wmem, soff, oob, span, align)
            elif form.mode in ("raw", "off"):
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
            if form.swz:
                d3 |= self.swz[w][1] << 21  # index_stride [118:117]
            self.rsrc.append((stride, nrec & M32, d3))
            self.soffset.append(soff)
            self.delta.append(base_off)
        self.old = [[rng.getrandbits(32) for _ in range(4)] for _ in range(NL)]
        if form.tfe:  # the status register after the data
            for x in self.old:
                x.append(rng.getrandbits(32))
        sp = D.F32_SPECIAL + D.I32_SPECIAL
        fmt = _fmt_of(form)
        if fmt and fmt[4] == "ufloat" and not o.d16:  # values near the 11/10-bit floats' range
            sp = sp + UF_SPECIAL + [rng.randrange(0x33000000, 0x47800000) for _ in range(16)]
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

    def _swizzled(self, form, rng, w, wmem, soff, oob, span, align):
        """A swizzled V# for wave w: -> (stride, num_records, base offset); fills
        v5 (index) / v6 (offset) and self.swz. Lanes use distinct indices and
        offsets + sizes within the stride, so the swizzled addresses of their
        bytes never meet (the map is one-to-one there)."""
        W = form.lanes
        sw = rng.choice(form.swz)
        es = 2 << sw
        n_idx = 2 * W if form.mode == "tid" else W  # indices used: c + lane (c <= W) or a permutation
        while True:
            ist = rng.randrange(4)
            IS = 8 << ist
            nb = -(-n_idx // IS) * IS
            lo = -(-(form.imm + span) // es) * es
            hi = (wmem - 64) // nb // es * es
            if lo <= hi:
                break
        stride = rng.randrange(lo, hi + 1, es)
        self.swz.append((sw, ist))
        perm = list(range(W))
        rng.shuffle(perm)
        c = rng.randrange(0, W + 1)
        for l in range(W):
            g = w * W + l
            self.v5[g] = c if form.mode == "tid" else perm[l]
            if form.mode == "idxoff":
                room = stride - form.imm - span
                # oob_select 0 checks offset + size against the stride: go past it there
                self.v6[g] = rng.randrange(0, room + (8 if oob == 0 else 0) + 1, align)
        if oob in (0, 1):
            nrec = rng.choice([n_idx, rng.randrange(0, n_idx + 1), 0, rng.getrandbits(32)])
        elif oob == 2:
            nrec = rng.choice([0, rng.getrandbits(32) | 1])
        else:  # the linear raw check: soffset + offset + index * stride + size <= num_records
            nrec = rng.randrange(soff + form.imm, soff + form.imm + n_idx * stride + 1)
        return stride, nrec, w * wmem - soff

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
            # (a swizzled V#: the linear buffer offset, rdna4-emu models:
            # buffer_swizzle_addressing)
            rel = soff + offset + index * stride
            ok = 0 <= rel and rel + size <= nrec
        if form.swz:
            sw, ist = self.swz[w]
            es, IS = 2 << sw, 8 << ist
            a = self.delta[w] + soff + (index // IS * stride + offset // es * es) * IS + index % IS * es + offset % es
        if not 0 <= a <= self.size - size:
            return None, ok
        return a, ok


def _pieces(form):
    """[(byte offset, size)] of the pieces checked separately: dwords for the
    multi-dword plain forms, the whole access otherwise; format forms: one
    piece per channel."""
    o = form.op
    if o.kind in ("fload", "fstore"):
        f = _fmt_of(form)
        if _packed(f):
            return [(0, 4)]
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
            # (a swizzled V# places each channel by its own offset)
            a0, ok = vec.lane_addr(form, g, 0)
            if ok and a0 is None:
                raise RangeError("lane %d: an in-range access outside the memory image (vector generator)" % g)
            for k, n in _pieces(form):
                pieces.append((vec.lane_addr(form, g, k, n)[0] if ok else None, n))
        for k, n in (_pieces(form) if o.kind not in ("fload", "fstore") else ()):
            a, ok = vec.lane_addr(form, g, k, n)
            if ok and a is None:
                raise RangeError("lane %d: an in-range access outside the memory image (vector generator)" % g)
            pieces.append((a if ok else None, n))
        if form.tfe:  # the status dword after the data: 0 (rdna4-emu models: buffer_tfe_status)
            dst[g][o.ndst] = 0
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
            nch_f, kind = f[2], f[4]
            vals = []
            whole_out = pieces[0][0] is None
            if _packed(f) and not whole_out:  # one dword, X in its low bits
                a, n = pieces[0]
                word = int.from_bytes(mem[a:a + 4], "little")
                chans, sh = [], 0
                for wd in f[5]:
                    chans.append(((word >> sh) & ((1 << wd) - 1), wd))
                    sh += wd
            elif not whole_out:
                chans = [(int.from_bytes(mem[a:a + n], "little"), f[3]) for a, n in pieces]
            for c in range(o.nch):
                if whole_out:
                    v = 0
                elif c < nch_f:
                    v = _chan_to_reg(chans[c][0], chans[c][1], kind, o.d16)
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
            nch_f, bits, kind = f[2], f[3], f[4]

            def reg(c):
                if not o.d16:
                    return vec.data[g][c]
                if o.hi:
                    return vec.data[g][0] >> 16
                return (vec.data[g][c // 2] >> (16 * (c & 1))) & 0xffff
            if _packed(f):
                # the whole dword; channels the instruction lacks are 0 bits
                # (rdna4-emu models: buffer_packed_formats)
                a, n = pieces[0]
                if a is not None:
                    word, sh = 0, 0
                    for c, wd in enumerate(f[5]):
                        if c < o.nch:
                            word |= _reg_to_chan(reg(c), wd, kind, o.d16) << sh
                        sh += wd
                    mem[a:a + 4] = word.to_bytes(4, "little")
                continue
            for c, (a, n) in enumerate(pieces):
                if a is None:
                    continue
                mem[a:a + n] = _reg_to_chan(reg(c), bits, kind, o.d16).to_bytes(n, "little")
    return dst, bytes(mem)


def _rows(form):
    """Destination registers loaded before and stored after the instruction:
    v20..v23 (v30..v33 for atomics), v24 too for a tfe load's status."""
    return 5 if form.tfe else 4


def build_kernel(form, vec, name):
    W = form.lanes
    words = []
    cols = {}
    for nm, vals in (("v5", vec.v5), ("v6", vec.v6)):
        cols[nm] = 4 * len(words)
        words.extend(vals)
    nrow = _rows(form)
    for r in range(nrow):
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
        sw = (vec.swz[w][0] << 30) if vec.swz else 0  # swizzle_enable [63:62]
        per_wave["rs"].append(((stride << 16) | sw, nrec))
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
    for r in range(nrow):
        b.append("global_load_b32 v%d, v1, s[12:13] offset:%d" % (20 + r, cols["old%d" % r]))
    for r in range(4):
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
    for r in range(nrow):
        b.append("global_store_b32 v1, v%d, s[14:15] offset:%d" % (rbase + r, 4 * NL * r))
    b += ["s_wait_storecnt 0x0", "s_endpgm"]
    k = K.Kernel(name, "\n".join("  " + x for x in b), 3, wave64=form.wave64)
    return k, None, data


def launch_for(name, data, vec):
    return K.Launch(name, NL, [(len(data), data, False), (4 * NL * 5, None, True), (vec.size, vec.mem, True)])


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
        for i in range(0, vec.size, 4):
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
