"""Memory side of the differential test (diff.py --family mem): global and
LDS loads, stores and atomics against semantics written from the AMD RDNA4
ISA reference guide's pseudocode (GLOBAL_*, DS_*).

One workgroup of 8 wave32 (some forms: 4 wave64) waves, one vector per lane: each lane gets its own
16-byte slot of an 8 KiB memory image (random initial bytes), a random
aligned position in it, random data and old destination registers; the last
wave runs with a random partial EXEC. Lanes never share bytes, so the result
does not depend on the order in which lanes or waves access memory. After the
instruction the destination registers are stored per lane and the whole
memory image is read back (LDS: copied to the global image after a barrier).

Besides plain loads, stores and atomics: two-address LDS exchanges and the
stride64 forms (lane slots laid out so the far address is in a slot no lane
owns), the lane-id addressed forms (ds/global *_addtid_b32, each wave at its
own M0 / SGPR base), block loads and stores (up to 32 VGPRs chosen by M0, 128
bytes per lane), ds_condxchg32_rtn_b64 (8-byte aligned address),
ds_append/ds_consume (one counter for the workgroup: any order of the waves
is accepted, the returns must be its prefix sums), and the cache controls
global_inv/wb/wbinv, which must change no register and no byte.
"""


from . import diff as D
from . import fops as FO
from . import kernel as K
from .fp import BF16, F16, F32, F64

NL = 256
MEM = 8192
BLOCK_MEM = 256 * 128  # block transfers: 128 bytes per lane
M64 = (1 << 64) - 1
SLOT = 16  # bytes of memory per lane
PRIV = 32  # scratch: private bytes per lane (lane g's image is bytes [32g, 32g+32) of the memory image)
M32 = 0xffffffff


class MemOp:
    """space global|ds; kind load|store|atomic; size bytes at the address;
    ndst / ndata VGPRs; fn: load(bytes, old_dst) -> dst words; store(data
    words) -> bytes; atomic(old u32, data words) -> new u32 (return = old)."""

    def __init__(self, name, space, kind, size, ndst, ndata, fn, two=None, align8=False):
        self.name, self.space, self.kind, self.size = name, space, kind, size
        self.ndst, self.ndata, self.fn, self.two = ndst, ndata, fn, two
        self.align8 = align8  # ds_condxchg32_rtn_b64: the address is rounded down to 8 bytes
        self.family = "mem"
        self.model = None

    @property
    def block(self):
        return self.kind in ("block_load", "block_store")


OPS = {}


def _le(b):
    return int.from_bytes(b, "little")


def _sx(v, bits):
    return (v - (1 << bits) if v >> (bits - 1) else v) & M32


def _words(b):
    return [_le(b[i:i + 4]) for i in range(0, len(b), 4)]


def _add(name, *a, **kw):
    OPS[name] = MemOp(name, *a, **kw)


def _loads(space, pfx):
    names = {"scratch": {"d16_b16": "load_d16_b16", "d16_hi_b16": "load_d16_hi_b16", "d16_u8": "load_d16_u8",
                         "d16_i8": "load_d16_i8", "d16_hi_u8": "load_d16_hi_u8", "d16_hi_i8": "load_d16_hi_i8"},
             "global": {"d16_b16": "load_d16_b16", "d16_hi_b16": "load_d16_hi_b16", "d16_u8": "load_d16_u8",
                        "d16_i8": "load_d16_i8", "d16_hi_u8": "load_d16_hi_u8", "d16_hi_i8": "load_d16_hi_i8"},
             "ds": {"d16_b16": "load_u16_d16", "d16_hi_b16": "load_u16_d16_hi", "d16_u8": "load_u8_d16",
                    "d16_i8": "load_i8_d16", "d16_hi_u8": "load_u8_d16_hi", "d16_hi_i8": "load_i8_d16_hi"}}[space]
    for n in (1, 2, 3, 4):
        _add(pfx + "load_b%d" % (32 * n), space, "load", 4 * n, n, 0, lambda b, old: _words(b))
    _add(pfx + "load_u8", space, "load", 1, 1, 0, lambda b, old: [b[0]])
    _add(pfx + "load_i8", space, "load", 1, 1, 0, lambda b, old: [_sx(b[0], 8)])
    _add(pfx + "load_u16", space, "load", 2, 1, 0, lambda b, old: [_le(b)])
    _add(pfx + "load_i16", space, "load", 2, 1, 0, lambda b, old: [_sx(_le(b), 16)])
    # D16: one half of the destination, the other half kept
    _add(pfx + names["d16_b16"], space, "load", 2, 1, 0, lambda b, old: [(old[0] & 0xffff0000) | _le(b)])
    _add(pfx + names["d16_hi_b16"], space, "load", 2, 1, 0, lambda b, old: [(old[0] & 0xffff) | (_le(b) << 16)])
    _add(pfx + names["d16_u8"], space, "load", 1, 1, 0, lambda b, old: [(old[0] & 0xffff0000) | b[0]])
    _add(pfx + names["d16_i8"], space, "load", 1, 1, 0,
         lambda b, old: [(old[0] & 0xffff0000) | (_sx(b[0], 8) & 0xffff)])
    _add(pfx + names["d16_hi_u8"], space, "load", 1, 1, 0, lambda b, old: [(old[0] & 0xffff) | (b[0] << 16)])
    _add(pfx + names["d16_hi_i8"], space, "load", 1, 1, 0,
         lambda b, old: [(old[0] & 0xffff) | ((_sx(b[0], 8) & 0xffff) << 16)])


def _stores(space, pfx):
    for n in (1, 2, 3, 4):
        _add(pfx + "store_b%d" % (32 * n), space, "store", 4 * n, 0, n,
             lambda d: b"".join(x.to_bytes(4, "little") for x in d))
    _add(pfx + "store_b8", space, "store", 1, 0, 1, lambda d: bytes([d[0] & 0xff]))
    _add(pfx + "store_b16", space, "store", 2, 0, 1, lambda d: (d[0] & 0xffff).to_bytes(2, "little"))
    hi8, hi16 = ("store_b8_d16_hi", "store_b16_d16_hi") if space == "ds" else ("store_d16_hi_b8", "store_d16_hi_b16")
    _add(pfx + hi8, space, "store", 1, 0, 1, lambda d: bytes([(d[0] >> 16) & 0xff]))
    _add(pfx + hi16, space, "store", 2, 0, 1, lambda d: (d[0] >> 16).to_bytes(2, "little"))


def _s32(x):
    return x - (1 << 32) if x >> 31 else x


ATOMICS = {
    "add_u32": lambda t, d: (t + d[0]) & M32,
    "sub_u32": lambda t, d: (t - d[0]) & M32,
    "and_b32": lambda t, d: t & d[0],
    "or_b32": lambda t, d: t | d[0],
    "xor_b32": lambda t, d: t ^ d[0],
    "min_i32": lambda t, d: d[0] if _s32(d[0]) < _s32(t) else t,
    "max_i32": lambda t, d: d[0] if _s32(d[0]) >= _s32(t) else t,
    "min_u32": lambda t, d: d[0] if d[0] < t else t,
    "max_u32": lambda t, d: d[0] if d[0] >= t else t,
    "inc_u32": lambda t, d: 0 if t >= d[0] else t + 1,
    "dec_u32": lambda t, d: d[0] if t == 0 or t > d[0] else t - 1,
    "add_f32": lambda t, d: FO.add(F32, t, d[0], FO.Ctx()),
    "min_num_f32": lambda t, d: FO.min_num(F32, d[0], t, FO.Ctx()),
    "max_num_f32": lambda t, d: FO.max_num(F32, d[0], t, FO.Ctx()),
}


def _atomics():
    for k, f in ATOMICS.items():
        _add("global_atomic_" + k, "global", "atomic", 4, 1, 1, f)
        dsn = {"add_u32": "add_u32", "sub_u32": "sub_u32", "and_b32": "and_b32", "or_b32": "or_b32",
               "xor_b32": "xor_b32", "min_i32": "min_i32", "max_i32": "max_i32", "min_u32": "min_u32",
               "max_u32": "max_u32", "inc_u32": "inc_u32", "dec_u32": "dec_u32", "add_f32": "add_f32",
               "min_num_f32": "min_num_f32", "max_num_f32": "max_num_f32"}[k]
        base, typ = dsn.rsplit("_", 1)
        _add("ds_" + dsn, "ds", "atomic", 4, 0, 1, f)
        _add("ds_%s_rtn_%s" % (base, typ), "ds", "atomic", 4, 1, 1, f)
    _add("global_atomic_swap_b32", "global", "atomic", 4, 1, 1, lambda t, d: d[0])
    # cmpswap: DATA[31:0] = new value, DATA[63:32] = compare value
    _add("global_atomic_cmpswap_b32", "global", "atomic", 4, 1, 2, lambda t, d: d[0] if t == d[1] else t)
    _add("ds_cmpstore_b32", "ds", "atomic", 4, 0, 2, lambda t, d: d[0] if t == d[1] else t)
    _add("ds_cmpstore_rtn_b32", "ds", "atomic", 4, 1, 2, lambda t, d: d[0] if t == d[1] else t)
    _add("ds_storexchg_rtn_b32", "ds", "atomic", 4, 1, 1, lambda t, d: d[0])


def _s64(x):
    return x - (1 << 64) if x >> 63 else x


ATOMICS64 = {
    "add_u64": lambda t, d: (t + d) & M64, "sub_u64": lambda t, d: (t - d) & M64,
    "and_b64": lambda t, d: t & d, "or_b64": lambda t, d: t | d, "xor_b64": lambda t, d: t ^ d,
    "min_i64": lambda t, d: d if _s64(d) < _s64(t) else t, "max_i64": lambda t, d: d if _s64(d) >= _s64(t) else t,
    "min_u64": lambda t, d: d if d < t else t, "max_u64": lambda t, d: d if d >= t else t,
    "inc_u64": lambda t, d: 0 if t >= d else t + 1, "dec_u64": lambda t, d: d if t == 0 or t > d else t - 1,
    "swap_b64": lambda t, d: d,
}


def _pk_add_f16(t, d):
    c = FO.Ctx()
    lo = FO.add(F16, d[0] & 0xffff, t & 0xffff, c)
    hi = FO.add(F16, d[0] >> 16, t >> 16, c)
    return lo | (hi << 16)


def _more_atomics():
    for sp, pfx in (("global", "global_atomic_"), ("global", "flat_atomic_")):
        for k, f in ATOMICS64.items():
            _add(pfx + k, sp, "atomic", 8, 2, 2, (lambda f: lambda t, d: f(t, d[0] | (d[1] << 32)))(f))
        _add(pfx + "cmpswap_b64", sp, "atomic", 8, 2, 4,
             lambda t, d: (d[0] | (d[1] << 32)) if t == (d[2] | (d[3] << 32)) else t)
        _add(pfx + "sub_clamp_u32", sp, "atomic", 4, 1, 1, lambda t, d: 0 if t < d[0] else t - d[0])
        _add(pfx + "cond_sub_u32", sp, "atomic", 4, 1, 1, lambda t, d: t - d[0] if t >= d[0] else t)
        _add(pfx + "pk_add_f16", sp, "atomic", 4, 1, 1, _pk_add_f16)
    for k, f in ATOMICS.items():
        _add("flat_atomic_" + k, "global", "atomic", 4, 1, 1, f)
    _add("flat_atomic_swap_b32", "global", "atomic", 4, 1, 1, lambda t, d: d[0])
    _add("flat_atomic_cmpswap_b32", "global", "atomic", 4, 1, 2, lambda t, d: d[0] if t == d[1] else t)
    _add("ds_rsub_u32", "ds", "atomic", 4, 0, 1, lambda t, d: (d[0] - t) & M32)
    _add("ds_rsub_rtn_u32", "ds", "atomic", 4, 1, 1, lambda t, d: (d[0] - t) & M32)
    _add("ds_mskor_b32", "ds", "atomic", 4, 0, 2, lambda t, d: (t & ~d[0] & M32) | d[1])
    _add("ds_mskor_rtn_b32", "ds", "atomic", 4, 1, 2, lambda t, d: (t & ~d[0] & M32) | d[1])
    _add("ds_sub_clamp_u32", "ds", "atomic", 4, 0, 1, lambda t, d: 0 if t < d[0] else t - d[0])
    _add("ds_sub_clamp_rtn_u32", "ds", "atomic", 4, 1, 1, lambda t, d: 0 if t < d[0] else t - d[0])
    _add("ds_cond_sub_u32", "ds", "atomic", 4, 0, 1, lambda t, d: t - d[0] if t >= d[0] else t)
    _add("ds_cond_sub_rtn_u32", "ds", "atomic", 4, 1, 1, lambda t, d: t - d[0] if t >= d[0] else t)
    for k, f in ATOMICS64.items():
        if k == "swap_b64":
            continue
        base, typ = k.rsplit("_", 1)
        _add("ds_" + k, "ds", "atomic", 8, 0, 2, (lambda f: lambda t, d: f(t, d[0] | (d[1] << 32)))(f))
        _add("ds_%s_rtn_%s" % (base, typ), "ds", "atomic", 8, 2, 2,
             (lambda f: lambda t, d: f(t, d[0] | (d[1] << 32)))(f))


_loads("global", "global_")
_loads("global", "flat_")
_stores("global", "flat_")
_loads("scratch", "scratch_")
_stores("scratch", "scratch_")
_loads("ds", "ds_")
_stores("global", "global_")
_stores("ds", "ds_")
_atomics()
_more_atomics()
# two-address LDS forms: (offset0, offset1) in units of 4 bytes, inside the lane's slot
_add("ds_load_2addr_b32", "ds", "load", 4, 2, 0, None, two=(4, False))
_add("ds_store_2addr_b32", "ds", "store", 4, 0, 2, None, two=(4, False))
_add("ds_load_2addr_b64", "ds", "load", 8, 4, 0, None, two=(8, False))
_add("ds_store_2addr_b64", "ds", "store", 8, 0, 4, None, two=(8, False))
_add("ds_load_2addr_stride64_b32", "ds", "load", 4, 2, 0, None, two=(4, True))
_add("ds_store_2addr_stride64_b32", "ds", "store", 4, 0, 2, None, two=(4, True))
_add("ds_load_2addr_stride64_b64", "ds", "load", 8, 4, 0, None, two=(8, True))
_add("ds_store_2addr_stride64_b64", "ds", "store", 8, 0, 4, None, two=(8, True))
# exchanges: both old values returned, both data values stored (DS_STOREXCHG_2ADDR_*)
_add("ds_storexchg_2addr_rtn_b32", "ds", "xchg2", 4, 2, 2, None, two=(4, False))
_add("ds_storexchg_2addr_rtn_b64", "ds", "xchg2", 8, 4, 4, None, two=(8, False))
_add("ds_storexchg_2addr_stride64_rtn_b32", "ds", "xchg2", 4, 2, 2, None, two=(4, True))
_add("ds_storexchg_2addr_stride64_rtn_b64", "ds", "xchg2", 8, 4, 4, None, two=(8, True))


def _q64(d, k=0):
    return d[k] | (d[k + 1] << 32)


def _pk_add(fmt):
    def f(t, d):  # DATA + MEM per half (the data operand first, as the pseudocode writes it)
        c = FO.Ctx()
        return FO.add(fmt, d[0] & 0xffff, t & 0xffff, c) | (FO.add(fmt, d[0] >> 16, t >> 16, c) << 16)
    return f


def _condxchg32(t, d):
    # DS_CONDXCHG32_RTN_B64: each dword is replaced by DATA's dword with bit 31 cleared when
    # that bit is set, else kept
    lo = (d[0] & 0x7fffffff) if d[0] >> 31 else t & M32
    hi = (d[1] & 0x7fffffff) if d[1] >> 31 else t >> 32
    return lo | (hi << 32)


for _rtn in ("", "_rtn"):
    _nd = 2 if _rtn else 0
    _add("ds_cmpstore%s_b64" % _rtn, "ds", "atomic", 8, _nd, 4,
         lambda t, d: _q64(d) if t == _q64(d, 2) else t)  # DATA = new value, DATA2 = compare value
    _add("ds_mskor%s_b64" % _rtn, "ds", "atomic", 8, _nd, 4, lambda t, d: (t & ~_q64(d) & M64) | _q64(d, 2))
    _add("ds_rsub%s_u64" % _rtn, "ds", "atomic", 8, _nd, 2, lambda t, d: (_q64(d) - t) & M64)
    _add("ds_max_num%s_f64" % _rtn, "ds", "atomic", 8, _nd, 2, lambda t, d: FO.max_num(F64, _q64(d), t, FO.Ctx()))
    _add("ds_min_num%s_f64" % _rtn, "ds", "atomic", 8, _nd, 2, lambda t, d: FO.min_num(F64, _q64(d), t, FO.Ctx()))
    _add("ds_pk_add%s_f16" % _rtn, "ds", "atomic", 4, 1 if _rtn else 0, 1, _pk_add(F16))
    _add("ds_pk_add%s_bf16" % _rtn, "ds", "atomic", 4, 1 if _rtn else 0, 1, _pk_add(BF16))
_add("ds_storexchg_rtn_b64", "ds", "atomic", 8, 2, 2, lambda t, d: _q64(d))
_add("ds_condxchg32_rtn_b64", "ds", "atomic", 8, 2, 2, _condxchg32, align8=True)
for _pfx in ("global_atomic_", "flat_atomic_"):
    _add(_pfx + "pk_add_bf16", "global", "atomic", 4, 1, 1, _pk_add(BF16))
# lane-id addressed: address = offset + base + 4 * lane id (ds: base = M0[15:0]; global: the SGPR pair)
_add("ds_load_addtid_b32", "ds", "addtid_load", 4, 1, 0, None)
_add("ds_store_addtid_b32", "ds", "addtid_store", 4, 0, 1, None)
_add("global_load_addtid_b32", "global", "addtid_load", 4, 1, 0, None)
_add("global_store_addtid_b32", "global", "addtid_store", 4, 0, 1, None)
# block transfers: VGPR vdst/vdata + i <-> the dword at address + 4 * i, for each bit i set in M0
_add("global_load_block", "global", "block_load", 128, 32, 0, None)
_add("global_store_block", "global", "block_store", 128, 0, 32, None)
_add("scratch_load_block", "scratch", "block_load", 128, 32, 0, None)
_add("scratch_store_block", "scratch", "block_store", 128, 0, 32, None)
# the LDS counter at the offset: += (append) / -= (consume) the wave's active lane count
_add("ds_append", "ds", "append", 4, 1, 0, None)
_add("ds_consume", "ds", "append", 4, 1, 0, None)
# cache write-back / invalidation: no architectural effect on registers or memory
for _n in ("global_inv", "global_wb", "global_wbinv"):
    _add(_n, "global", "nop", 0, 0, 0, None)
_add("ds_nop", "ds", "nop", 0, 0, 0, None)


PRIV_BLOCK = 128  # scratch block transfers: private bytes per lane


class MForm:
    def __init__(self, op, addr64=False, imm=0, rtn=False, off01=None, wave64=False):
        self.op = op
        self.addr64 = addr64  # global: 64-bit VGPR address (off) instead of SGPR base + VGPR offset
        self.imm = imm
        self.rtn = rtn
        self.off01 = off01
        self.wave64 = wave64
        self.denorm = 3
        self.dpp = None
        self.round = None
        self.text = self._text()

    @property
    def lanes(self):
        return 64 if self.wave64 else 32

    @property
    def mem(self):
        """Bytes of the memory image (global buffer, or LDS, or every lane's private bytes)."""
        return BLOCK_MEM if self.op.block else MEM

    @property
    def priv(self):
        return PRIV_BLOCK if self.op.block else PRIV

    @property
    def nold(self):  # destination VGPRs whose old value the kernel sets (and stores back)
        return 32 if self.op.kind == "block_load" else 4

    @property
    def ndw(self):  # data VGPRs the kernel loads
        return 32 if self.op.kind == "block_store" else 4

    def desc(self):
        return ("w64: " if self.wave64 else "") + self.text

    @property
    def nret(self):
        o = self.op
        if o.kind in ("load", "xchg2", "addtid_load", "block_load", "append"):
            return o.ndst
        if o.kind == "atomic" and (self.rtn or (o.space == "ds" and o.ndst)):
            return o.ndst
        return 0

    def _text(self):
        o = self.op
        dst = ("v20" if self.nret == 1 else "v[20:%d]" % (19 + self.nret)) if self.nret else None
        data = None
        if o.ndata:
            data = "v30" if o.ndata == 1 else "v[30:%d]" % (29 + o.ndata)
        imm = " offset:%d" % self.imm if self.imm else ""
        if o.kind == "nop":
            return o.name
        if o.kind == "append":
            return "%s %s%s" % (o.name, dst, imm)
        if o.kind.startswith("addtid"):
            reg = dst if o.kind == "addtid_load" else data
            return "%s %s%s%s" % (o.name, reg, ", s[24:25]" if o.space == "global" else "", imm)
        if o.space == "scratch":
            ops = [x for x in (dst, "v5", data, "off") if x] if o.kind.endswith("load") else ["v5", data, "off"]
            return o.name + " " + ", ".join(ops) + imm
        if o.space == "global":
            addr = "v[6:7]" if self.addr64 else "v5"
            base = "off" if self.addr64 else "s[10:11]"
            if o.name.startswith("flat_"):
                base = None
            ops = [x for x in (dst, addr, data, base) if x]
            if o.kind in ("store", "block_store"):
                ops = [x for x in (addr, data, base) if x]
            t = o.name + " " + ", ".join(ops) + imm
            if o.kind == "atomic" and self.rtn:
                t += " th:TH_ATOMIC_RETURN"
            return t
        # LDS
        if o.two:
            unit = o.two[0] // 4
            d0 = "v30" if unit == 1 else "v[30:31]"
            d1 = "v31" if unit == 1 else "v[32:33]"
            if o.kind == "load":
                t = "%s %s, v5" % (o.name, dst)
            elif o.kind == "xchg2":
                t = "%s %s, v5, %s, %s" % (o.name, dst, d0, d1)
            else:
                t = "%s v5, %s, %s" % (o.name, d0, d1)
            return t + " offset0:%d offset1:%d" % self.off01
        if o.kind == "atomic" and o.ndata == 2 and o.size == 4:  # two 32-bit data operands
            ops = [x for x in (dst, "v5", "v30", "v31") if x]
        elif o.kind == "atomic" and o.ndata == 4 and o.size == 8:  # two 64-bit data operands
            ops = [x for x in (dst, "v5", "v[30:31]", "v[32:33]") if x]
        else:
            ops = [x for x in (dst, "v5", data) if x]
        return o.name + " " + ", ".join(ops) + imm


def forms_for(op, rng):
    out = []
    if op.kind == "nop":
        return [MForm(op)]
    if op.kind in ("append", "addtid_load", "addtid_store"):
        return [MForm(op, imm=0), MForm(op, imm=MEM // 2)]
    if op.block:
        if op.space == "scratch":
            return [MForm(op)]
        return [MForm(op), MForm(op, addr64=True)]
    if op.two:
        unit, stride64 = op.two
        if stride64:  # the far address is 64 units on: lane slots leave room for it (Vectors)
            pairs = [(0, 1), (1, 0)]
        else:
            pairs = [(0, 1), (1, 0)] if unit == 8 else [(0, 2), (3, 1), (1, 2)]
        for p in pairs:
            out.append(MForm(op, off01=p))
        return out
    if op.space == "scratch":  # per-lane private memory: 32 bytes, offset 0 or 16
        return [MForm(op, imm=0), MForm(op, imm=PRIV // 2)]
    if op.name.startswith("flat_"):
        out.append(MForm(op, addr64=True, imm=0, rtn=op.kind == "atomic"))
        out.append(MForm(op, addr64=True, imm=MEM // 2, rtn=op.kind == "atomic"))
        return out
    if op.space == "global":
        out.append(MForm(op, imm=0, rtn=op.kind == "atomic"))
        if op.name in W64_OPS:
            out.append(MForm(op, addr64=True, imm=0, rtn=op.kind == "atomic", wave64=True))
        out.append(MForm(op, addr64=True, imm=MEM // 2, rtn=op.kind == "atomic"))
        if op.kind == "atomic":
            out.append(MForm(op, imm=MEM // 2, rtn=False))
    else:
        out.append(MForm(op, imm=0))
        out.append(MForm(op, imm=MEM // 2))
        if op.name in W64_OPS:
            out.append(MForm(op, imm=0, wave64=True))
    return out


# a few of each kind also run in wave64 (64-bit EXEC, 4 waves)
W64_OPS = {"global_load_b32", "global_load_b128", "global_load_d16_hi_b16", "global_store_b64", "global_store_b8",
           "global_atomic_add_u32", "global_atomic_cmpswap_b32", "global_atomic_max_i64", "ds_load_b64",
           "ds_load_u8_d16_hi", "ds_store_b32", "ds_add_rtn_u32", "ds_cmpstore_rtn_b32"}


class Vectors:
    def __init__(self, form, rng):
        o = form.op
        self.mem = rng.getrandbits(8 * form.mem).to_bytes(form.mem, "little")
        slots = list(range(NL))
        rng.shuffle(slots)
        span = o.two[0] * 4 if o.two else o.size
        align = min(4, o.size) if not o.two else 4
        self.addr = []
        for g in range(NL):
            if o.block:
                self.addr.append(0 if o.space == "scratch" else slots[g] * 128)
                continue
            if o.two and o.two[1]:
                # stride64: lane k's slot s = (k // B) * 2B + k % B with B slots per 64 units, so
                # the slot 64 units on (s + B) is one no lane owns
                B = 64 * o.two[0] // SLOT
                self.addr.append(((slots[g] // B) * 2 * B + slots[g] % B) * SLOT)
                continue
            sub = rng.randrange(0, SLOT - span + 1, align) if not o.two and o.size else 0
            if o.space == "scratch":
                self.addr.append(sub)  # private address; the lane's own image
            else:
                self.addr.append(slots[g] * SLOT + sub)  # address without the instruction's offset
        self.old = [[rng.getrandbits(32) for _ in range(form.nold)] for _ in range(NL)]
        sp = D.F32_SPECIAL + D.I32_SPECIAL
        self.data = [[rng.choice(sp) if rng.random() < 0.4 else rng.getrandbits(32) for _ in range(form.ndw)]
                     for _ in range(NL)]
        if o.kind == "atomic" and o.ndata == 2 and o.size == 4:  # compare value: half the lanes equal memory
            for g in range(NL):
                if g % 2 == 0:
                    a = self.addr[g] + form.imm
                    self.data[g][1] = int.from_bytes(self.mem[a:a + 4], "little")
        if o.kind == "atomic" and o.ndata == 4:  # 64-bit compare value in DATA[127:64]
            for g in range(NL):
                if g % 2 == 0:
                    a = self.addr[g] + form.imm
                    self.data[g][2] = int.from_bytes(self.mem[a:a + 4], "little")
                    self.data[g][3] = int.from_bytes(self.mem[a + 4:a + 8], "little")
        W = form.lanes
        self.nwaves = NL // W
        self.exec = [(1 << W) - 1] * (self.nwaves - 1) + [rng.getrandbits(W) | 1]
        self.m0 = [rng.getrandbits(32) for _ in range(self.nwaves)] if o.block else [0] * self.nwaves


def _laddr(form, vec, g):
    """The byte address lane g accesses (scratch: in the memory image, lane images in a row)."""
    o = form.op
    w, l = divmod(g, form.lanes)
    if o.kind.startswith("addtid"):
        return form.imm + 128 * w + 4 * l  # base: M0 / the SGPR pair set to 128 * wave index
    a = vec.addr[g] + form.imm
    if o.space == "scratch":
        a += form.priv * g
    if o.align8:
        a &= 0xfff8
    return a


def reference(form, vec):
    """(destination words per lane, memory image after). ds_append/ds_consume: see append_check."""
    o = form.op
    mem = bytearray(vec.mem)
    dst = [list(x) for x in vec.old]
    for g in range(NL):
        w, l = divmod(g, form.lanes)
        if not (vec.exec[w] >> l) & 1 or o.kind in ("nop", "append"):
            continue
        a = _laddr(form, vec, g)
        if o.two:
            unit, stride64 = o.two
            step = unit * (64 if stride64 else 1)
            addrs = [vec.addr[g] + form.off01[0] * step, vec.addr[g] + form.off01[1] * step]
            n = unit // 4
            if o.kind in ("load", "xchg2"):
                words = []
                for x in addrs:
                    words += _words(bytes(mem[x:x + unit]))
                dst[g][:len(words)] = words
            if o.kind in ("store", "xchg2"):
                for k, x in enumerate(addrs):
                    mem[x:x + unit] = b"".join(v.to_bytes(4, "little") for v in vec.data[g][k * n:(k + 1) * n])
            continue
        if o.kind in ("load", "addtid_load"):
            words = o.fn(bytes(mem[a:a + o.size]), vec.old[g]) if o.fn else _words(bytes(mem[a:a + 4]))
            dst[g][:len(words)] = words
        elif o.kind in ("store", "addtid_store"):
            mem[a:a + o.size] = o.fn(vec.data[g][:o.ndata]) if o.fn else vec.data[g][0].to_bytes(4, "little")
        elif o.block:
            for i in range(32):
                if (vec.m0[w] >> i) & 1:
                    if o.kind == "block_load":
                        dst[g][i] = _le(mem[a + 4 * i:a + 4 * i + 4])
                    else:
                        mem[a + 4 * i:a + 4 * i + 4] = vec.data[g][i].to_bytes(4, "little")
        else:
            n = o.size
            t = int.from_bytes(mem[a:a + n], "little")
            mem[a:a + n] = o.fn(t, vec.data[g][:o.ndata]).to_bytes(n, "little")
            for r in range(form.nret):
                dst[g][r] = (t >> (32 * r)) & M32
    if o.kind == "append":  # the counter: every wave's active-lane count added (append) or taken (consume)
        a = form.imm
        total = sum(bin(e).count("1") for e in vec.exec)
        t = _le(mem[a:a + 4])
        mem[a:a + 4] = ((t - total if o.name == "ds_consume" else t + total) & M32).to_bytes(4, "little")
    return dst, bytes(mem)


def build_kernel(form, vec, name):
    o = form.op
    words = []
    slots = {}
    slots["addr"] = len(words) * 4
    words.extend(vec.addr)
    for r in range(form.nold):
        slots["old%d" % r] = len(words) * 4
        words.extend(x[r] for x in vec.old)
    for r in range(form.ndw):
        slots["data%d" % r] = len(words) * 4
        words.extend(x[r] for x in vec.data)
    slots["exec"] = len(words) * 4
    ex = [0] * NL
    for w, e in enumerate(vec.exec):
        ex[2 * w] = e & M32
        ex[2 * w + 1] = e >> 32
    words.extend(ex)
    slots["m0"] = len(words) * 4
    m0 = [0] * NL
    for w, v in enumerate(vec.m0):
        m0[2 * w] = v
    words.extend(m0)
    data = b"".join(x.to_bytes(4, "little") for x in words)
    b = ["s_load_b64 s[12:13], s[0:1], 0x0", "s_load_b64 s[14:15], s[0:1], 0x8", "s_load_b64 s[10:11], s[0:1], 0x10",
         "v_readfirstlane_b32 s16, v0", "v_lshlrev_b32 v1, 2, v0", "s_wait_kmcnt 0x0",
         "s_lshr_b32 s16, s16, %d" % (6 if form.wave64 else 5), "s_lshl_b32 s17, s16, 3",
         "s_add_co_u32 s18, s12, s17",
         "s_add_co_ci_u32 s19, s13, 0",
         "global_load_b32 v5, v1, s[12:13] offset:%d" % slots["addr"]]
    for r in range(max(form.nold, form.ndw)):
        if r < form.nold:
            b.append("global_load_b32 v%d, v1, s[12:13] offset:%d" % (20 + r, slots["old%d" % r]))
        if r < form.ndw and not (o.kind == "block_load" and 30 + r < 20 + form.nold):
            b.append("global_load_b32 v%d, v1, s[12:13] offset:%d" % (30 + r, slots["data%d" % r]))
    b.append("s_load_b64 s[22:23], s[18:19], 0x%x" % slots["exec"])
    b.append("s_load_b32 s26, s[18:19], 0x%x" % slots["m0"])
    b += ["s_wait_loadcnt 0x0", "s_wait_kmcnt 0x0"]
    if o.space == "global" and form.addr64:
        c = "s[20:21]" if form.wave64 else "s20"
        b += ["v_add_co_u32 v6, %s, s10, v5" % c, "v_add_co_ci_u32_e64 v7, %s, s11, 0, %s" % (c, c)]
    if o.space == "ds":  # copy the memory image into LDS, 1 KiB per round, then wait for every wave
        for r in range(0, MEM, 4 * NL):
            b += ["global_load_b32 v60, v1, s[10:11] offset:%d" % r, "s_wait_loadcnt 0x0",
                  "ds_store_b32 v1, v60 offset:%d" % r]
        b += ["s_wait_dscnt 0x0", "s_barrier_signal -1", "s_barrier_wait -1"]
    shift = form.priv.bit_length() - 1
    if o.space == "scratch":  # each lane's image into its private memory
        b += ["v_lshlrev_b32 v70, %d, v0" % shift, "v_mov_b32 v71, 0"]
        for q in range(0, form.priv, 16):
            b += ["global_load_b128 v[72:75], v70, s[10:11] offset:%d" % q, "s_wait_loadcnt 0x0",
                  "scratch_store_b128 v71, v[72:75], off offset:%d" % q]
        b.append("s_wait_storecnt 0x0")
    if o.kind.startswith("addtid"):  # each wave's lanes at base 128 * wave index
        if o.space == "ds":
            b.append("s_lshl_b32 m0, s16, 7")
        else:
            b += ["s_lshl_b32 s24, s16, 7", "s_add_co_u32 s24, s10, s24", "s_add_co_ci_u32 s25, s11, 0"]
    if o.block:
        b.append("s_mov_b32 m0, s26")
    b.append("s_mov_b64 exec, s[22:23]" if form.wave64 else "s_mov_b32 exec_lo, s22")
    b.append(form.text)
    b += ["s_wait_loadcnt 0x0", "s_wait_storecnt 0x0", "s_wait_dscnt 0x0",
          "s_mov_b64 exec, -1" if form.wave64 else "s_mov_b32 exec_lo, -1"]
    for r in range(form.nold):
        b.append("global_store_b32 v1, v%d, s[14:15] offset:%d" % (20 + r, 4 * NL * r))
    if o.space == "scratch":
        for q in range(0, form.priv, 16):
            b += ["scratch_load_b128 v[72:75], v71, off offset:%d" % q, "s_wait_loadcnt 0x0",
                  "global_store_b128 v70, v[72:75], s[10:11] offset:%d" % q]
    if o.space == "ds":
        b += ["s_barrier_signal -1", "s_barrier_wait -1"]
        for r in range(0, MEM, 4 * NL):
            b += ["ds_load_b32 v60, v1 offset:%d" % r, "s_wait_dscnt 0x0",
                  "global_store_b32 v1, v60, s[10:11] offset:%d" % r]
    b += ["s_wait_storecnt 0x0", "s_endpgm"]
    k = K.Kernel(name, "\n".join("  " + x for x in b), 3, lds=MEM if o.space == "ds" else 0, wave64=form.wave64,
                 priv=form.priv if o.space == "scratch" else 0)
    return k, None, data


def launch_for(name, data, vec):
    nout = 32 if len(vec.old[0]) == 32 else 4
    return K.Launch(name, NL, [(len(data), data, False), (4 * NL * nout, None, True), (len(vec.mem), vec.mem, True)])


def lane_inputs(form, vec, g):
    return [_laddr(form, vec, g)] + vec.data[g][:form.op.ndata]


def append_check(form, vec, out):
    """ds_append / ds_consume: the waves may reach the counter in any order. Every active
    lane of a wave returns the same value, and some order of the waves makes those values
    the running count: init, init +- count(first wave), ... Returns mismatches."""
    bad = []
    init = _le(vec.mem[form.imm:form.imm + 4])
    sign = -1 if form.op.name == "ds_consume" else 1
    got = {}
    for g in range(NL):
        w, l = divmod(g, form.lanes)
        v = _le(out[4 * g:4 * g + 4])
        if not (vec.exec[w] >> l) & 1:
            if v != vec.old[g][0]:
                bad.append((g, "v20 (inactive lane)", vec.old[g][0], v))
        elif got.setdefault(w, v) != v:
            bad.append((g, "v20 (not the wave's value)", got[w], v))
    cur, left = init, dict(got)
    while left:
        w = next((x for x, v in left.items() if v == cur), None)
        if w is None:
            x = min(left)
            bad.append((x * form.lanes, "v20 (no order of the waves gives this)", cur, left[x]))
            break
        del left[w]
        cur = (cur + sign * bin(vec.exec[w]).count("1")) & M32
    return bad


def compare(form, vec, L, out, memout=None):
    dst, mem = reference(form, vec)
    bad = append_check(form, vec, out) if form.op.kind == "append" else []
    n = form.nret if form.op.kind != "append" else 0
    for g in range(NL):
        for r in range(n):
            got = int.from_bytes(out[4 * (NL * r + g):4 * (NL * r + g) + 4], "little")
            if got != dst[g][r]:
                bad.append((g, "v%d" % (20 + r), dst[g][r], got))
    if memout is not None and memout != mem:
        for i in range(0, len(mem), 4):
            if memout[i:i + 4] != mem[i:i + 4]:
                if form.op.space == "scratch":
                    owner = i // form.priv
                else:
                    owner = next((g for g in range(NL) if vec.addr[g] // SLOT == (i - form.imm) // SLOT), -1)
                bad.append((owner, "mem[0x%x]" % i, int.from_bytes(mem[i:i + 4], "little"),
                            int.from_bytes(memout[i:i + 4], "little")))
    return bad


def reproducer(form, vec, g, what):
    """A golden line for lane g alone (all lanes active with lane g's inputs:
    the lanes then share the address, which is harmless for loads and gives
    the same bytes for stores; atomics would apply once per lane, so the line
    is for one lane: add exec=0x1)."""
    o = form.op
    if o.kind not in ("load", "store", "atomic") or o.align8 or (o.two and o.two[1]):
        return "(no golden line for %s: lane %d, inputs %s)" % (o.name, g, [hex(x) for x in lane_inputs(form, vec, g)])
    a = vec.addr[g]
    lo = a // SLOT * SLOT
    dst, mem = reference(form, vec)
    base = lo + (0 if o.two else form.imm)
    region_in = vec.mem[base:base + SLOT]
    region_out = mem[base:base + SLOT]
    ins, outs = [], []
    off = a - lo
    if o.space == "global":
        ins.append("buf0=%s" % region_in.hex())
        if form.addr64:
            ins.append("v[6:7]=&buf0%+d" % (off - form.imm))
        else:
            ins.append("v5=%d s[10:11]=&buf0%s" % (off, "-%d" % form.imm if form.imm else ""))
        if o.kind != "load":
            outs.append("buf0[0]=%s" % region_out.hex())
    else:
        if form.imm:
            return "(LDS with offset:%d: lane %d, address 0x%x, bytes before %s, after %s)" % (
                form.imm, g, base, region_in.hex(), region_out.hex())
        ins.append("lds=%s" % (vec.mem[:lo + SLOT]).hex())
        ins.append("v5=%d" % a)
        if o.kind != "load":
            outs.append("lds[%d]=%s" % (lo, region_out.hex()))
    ins += ["v%d=0x%x" % (20 + r, vec.old[g][r]) for r in range(4)]
    ins += ["v%d=0x%x" % (30 + r, vec.data[g][r]) for r in range(o.ndata)]
    outs += ["v%d=0x%x" % (20 + r, dst[g][r]) for r in range(form.nret)]
    return "%s%s ; %s exec=0x1 ; %s" % ("w64: " if form.wave64 else "", form.text, " ".join(ins), " ".join(outs))
