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
"""


from . import diff as D
from . import fops as FO
from . import kernel as K
from .fp import F16, F32

NL = 256
MEM = 8192
SLOT = 16  # bytes of memory per lane
PRIV = 32  # scratch: private bytes per lane (lane g's image is bytes [32g, 32g+32) of the memory image)
M32 = 0xffffffff


class MemOp:
    """space global|ds; kind load|store|atomic; size bytes at the address;
    ndst / ndata VGPRs; fn: load(bytes, old_dst) -> dst words; store(data
    words) -> bytes; atomic(old u32, data words) -> new u32 (return = old)."""

    def __init__(self, name, space, kind, size, ndst, ndata, fn, two=None):
        self.name, self.space, self.kind, self.size = name, space, kind, size
        self.ndst, self.ndata, self.fn, self.two = ndst, ndata, fn, two
        self.family = "mem"
        self.model = None


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


M64 = (1 << 64) - 1


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

    def desc(self):
        return ("w64: " if self.wave64 else "") + self.text

    @property
    def nret(self):
        o = self.op
        if o.kind == "load":
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
        if o.space == "scratch":
            ops = [x for x in (dst, "v5", data, "off") if x] if o.kind == "load" else ["v5", data, "off"]
            t = o.name + " " + ", ".join(ops)
            return t + (" offset:%d" % self.imm if self.imm else "")
        if o.space == "global":
            addr = "v[6:7]" if self.addr64 else "v5"
            base = "off" if self.addr64 else "s[10:11]"
            if o.name.startswith("flat_"):
                base = None
            ops = [x for x in (dst, addr, data, base) if x]
            if o.kind == "store":
                ops = [x for x in (addr, data, base) if x]
            t = o.name + " " + ", ".join(ops)
            if self.imm:
                t += " offset:%d" % self.imm
            if o.kind == "atomic" and self.rtn:
                t += " th:TH_ATOMIC_RETURN"
            return t
        # LDS
        if o.two:
            if o.kind == "load":
                t = "%s %s, v5" % (o.name, dst)
            else:
                unit = o.two[0] // 4
                d0 = "v30" if unit == 1 else "v[30:31]"
                d1 = "v31" if unit == 1 else "v[32:33]"
                t = "%s v5, %s, %s" % (o.name, d0, d1)
            return t + " offset0:%d offset1:%d" % self.off01
        if o.kind == "atomic" and o.ndata == 2 and o.size == 4:  # two 32-bit data operands
            ops = [x for x in (dst, "v5", "v30", "v31") if x]
        else:
            ops = [x for x in (dst, "v5", data) if x]
        t = o.name + " " + ", ".join(ops)
        if self.imm:
            t += " offset:%d" % self.imm
        return t


def forms_for(op, rng):
    out = []
    if op.two:
        unit = op.two[0]
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
        self.mem = rng.getrandbits(8 * MEM).to_bytes(MEM, "little")
        slots = list(range(NL))
        rng.shuffle(slots)
        span = o.two[0] * 4 if o.two else o.size
        align = min(4, o.size) if not o.two else 4
        self.addr = []
        for g in range(NL):
            sub = rng.randrange(0, SLOT - span + 1, align) if not o.two else 0
            if o.space == "scratch":
                self.addr.append(sub)  # private address; the lane's own image
            else:
                self.addr.append(slots[g] * SLOT + sub)  # address without the instruction's offset
        self.old = [[rng.getrandbits(32) for _ in range(4)] for _ in range(NL)]
        sp = D.F32_SPECIAL + D.I32_SPECIAL
        self.data = [[rng.choice(sp) if rng.random() < 0.4 else rng.getrandbits(32) for _ in range(4)]
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


def reference(form, vec):
    o = form.op
    mem = bytearray(vec.mem)
    dst = [list(x) for x in vec.old]
    for g in range(NL):
        w, l = divmod(g, form.lanes)
        if not (vec.exec[w] >> l) & 1:
            continue
        a = vec.addr[g] + form.imm
        if o.space == "scratch":
            a += PRIV * g
        if o.two:
            unit = o.two[0]
            addrs = [vec.addr[g] + form.off01[0] * unit, vec.addr[g] + form.off01[1] * unit]
            if o.kind == "load":
                words = []
                for x in addrs:
                    words += _words(bytes(mem[x:x + unit]))
                dst[g][:len(words)] = words
            else:
                n = unit // 4
                for k, x in enumerate(addrs):
                    mem[x:x + unit] = b"".join(v.to_bytes(4, "little") for v in vec.data[g][k * n:(k + 1) * n])
            continue
        if o.kind == "load":
            words = o.fn(bytes(mem[a:a + o.size]), vec.old[g])
            dst[g][:len(words)] = words
        elif o.kind == "store":
            mem[a:a + o.size] = o.fn(vec.data[g][:o.ndata])
        else:
            n = o.size
            t = int.from_bytes(mem[a:a + n], "little")
            mem[a:a + n] = o.fn(t, vec.data[g][:o.ndata]).to_bytes(n, "little")
            for r in range(form.nret):
                dst[g][r] = (t >> (32 * r)) & M32
    return dst, bytes(mem)


def build_kernel(form, vec, name):
    o = form.op
    words = []
    slots = {}
    slots["addr"] = len(words) * 4
    words.extend(vec.addr)
    for r in range(4):
        slots["old%d" % r] = len(words) * 4
        words.extend(x[r] for x in vec.old)
    for r in range(4):
        slots["data%d" % r] = len(words) * 4
        words.extend(x[r] for x in vec.data)
    slots["exec"] = len(words) * 4
    ex = [0] * NL
    for w, e in enumerate(vec.exec):
        ex[2 * w] = e & M32
        ex[2 * w + 1] = e >> 32
    words.extend(ex)
    data = b"".join(x.to_bytes(4, "little") for x in words)
    b = ["s_load_b64 s[12:13], s[0:1], 0x0", "s_load_b64 s[14:15], s[0:1], 0x8", "s_load_b64 s[10:11], s[0:1], 0x10",
         "v_readfirstlane_b32 s16, v0", "v_lshlrev_b32 v1, 2, v0", "s_wait_kmcnt 0x0",
         "s_lshr_b32 s16, s16, %d" % (6 if form.wave64 else 5), "s_lshl_b32 s17, s16, 3",
         "s_add_co_u32 s18, s12, s17",
         "s_add_co_ci_u32 s19, s13, 0",
         "global_load_b32 v5, v1, s[12:13] offset:%d" % slots["addr"]]
    for r in range(4):
        b.append("global_load_b32 v%d, v1, s[12:13] offset:%d" % (20 + r, slots["old%d" % r]))
        b.append("global_load_b32 v%d, v1, s[12:13] offset:%d" % (30 + r, slots["data%d" % r]))
    b.append("s_load_b64 s[22:23], s[18:19], 0x%x" % slots["exec"])
    b += ["s_wait_loadcnt 0x0", "s_wait_kmcnt 0x0"]
    if o.space == "global" and form.addr64:
        c = "s[20:21]" if form.wave64 else "s20"
        b += ["v_add_co_u32 v6, %s, s10, v5" % c, "v_add_co_ci_u32_e64 v7, %s, s11, 0, %s" % (c, c)]
    if o.space == "ds":  # copy the memory image into LDS, 1 KiB per round, then wait for every wave
        for r in range(0, MEM, 4 * NL):
            b += ["global_load_b32 v40, v1, s[10:11] offset:%d" % r, "s_wait_loadcnt 0x0",
                  "ds_store_b32 v1, v40 offset:%d" % r]
        b += ["s_wait_dscnt 0x0", "s_barrier_signal -1", "s_barrier_wait -1"]
    if o.space == "scratch":  # each lane's 32-byte image into its private memory
        b += ["v_lshlrev_b32 v50, 5, v0", "v_mov_b32 v51, 0",
              "global_load_b128 v[40:43], v50, s[10:11]", "global_load_b128 v[44:47], v50, s[10:11] offset:16",
              "s_wait_loadcnt 0x0", "scratch_store_b128 v51, v[40:43], off",
              "scratch_store_b128 v51, v[44:47], off offset:16", "s_wait_storecnt 0x0"]
    b.append("s_mov_b64 exec, s[22:23]" if form.wave64 else "s_mov_b32 exec_lo, s22")
    b.append(form.text)
    b += ["s_wait_loadcnt 0x0", "s_wait_storecnt 0x0", "s_wait_dscnt 0x0",
          "s_mov_b64 exec, -1" if form.wave64 else "s_mov_b32 exec_lo, -1"]
    for r in range(4):
        b.append("global_store_b32 v1, v%d, s[14:15] offset:%d" % (20 + r, 4 * NL * r))
    if o.space == "scratch":
        b += ["scratch_load_b128 v[40:43], v51, off", "scratch_load_b128 v[44:47], v51, off offset:16",
              "s_wait_loadcnt 0x0", "global_store_b128 v50, v[40:43], s[10:11]",
              "global_store_b128 v50, v[44:47], s[10:11] offset:16"]
    if o.space == "ds":
        b += ["s_barrier_signal -1", "s_barrier_wait -1"]
        for r in range(0, MEM, 4 * NL):
            b += ["ds_load_b32 v40, v1 offset:%d" % r, "s_wait_dscnt 0x0",
                  "global_store_b32 v1, v40, s[10:11] offset:%d" % r]
    b += ["s_wait_storecnt 0x0", "s_endpgm"]
    k = K.Kernel(name, "\n".join("  " + x for x in b), 3, lds=MEM if o.space == "ds" else 0, wave64=form.wave64,
                 priv=PRIV if o.space == "scratch" else 0)
    return k, None, data


def launch_for(name, data, vec):
    return K.Launch(name, NL, [(len(data), data, False), (4 * NL * 4, None, True), (MEM, vec.mem, True)])


def lane_inputs(form, vec, g):
    return [vec.addr[g] + form.imm] + vec.data[g][:form.op.ndata]


def compare(form, vec, L, out, memout=None):
    dst, mem = reference(form, vec)
    bad = []
    n = form.nret
    for g in range(NL):
        for r in range(n):
            got = int.from_bytes(out[4 * (NL * r + g):4 * (NL * r + g) + 4], "little")
            if got != dst[g][r]:
                bad.append((g, "v%d" % (20 + r), dst[g][r], got))
    if memout is not None and memout != mem:
        for i in range(0, MEM, 4):
            if memout[i:i + 4] != mem[i:i + 4]:
                if form.op.space == "scratch":
                    owner = i // PRIV
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
