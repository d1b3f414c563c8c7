"""VOPD (dual-issue) side of the differential test (diff.py --family vopd).

A VOPD instruction is two VALU operations, X and Y, issued together; the AMD
RDNA4 ISA reference guide ("VOPD") gives each half the semantics of the VOP2
instruction of the same name, and both halves read their sources before
either writes its destination. Each form pairs an X and a Y operation on
fixed registers (X: v2 <- v4, v8; Y: v3 <- v5, v9) or on crossing registers
(Y writes v9, which X reads: X: v2 <- v9, v8; Y: v9 <- v4, v13), so a half
that reads the other half's new value shows up as a mismatch. 256 vectors
(8 wave32 waves), random f32-flavoured values, VCC per wave for cndmask,
a partial EXEC in the last wave.
"""
from . import diff as D
from . import fops as FO
from . import kernel as K
from . import valu
from .fp import F32

NL = 256
REGS = (2, 3, 4, 5, 8, 9, 13)


def _dx9(c, a, b):
    # V_MUL_DX9_ZERO_F32: a zero operand (either sign) gives +0, even against inf / NaN
    if F32.is_zero(FO.daz(F32, a, c)) or F32.is_zero(FO.daz(F32, b, c)):
        return 0
    return FO.mul(F32, a, b, c)


def _dot2acc(name):
    # V_DUAL_DOT2ACC_F32_F16 / _BF16: D = D + S0[15:0]*S1[15:0] + S0[31:16]*S1[31:16], the
    # VOP3P dot product with no modifiers (op_sel_hi all 1) and the destination as C
    from . import vop3p  # noqa: F401 (registers the dot products in valu.OPS)
    fn = valu.OPS[name].fn

    def f(c, a, b, d):
        c.vop3p = ([0, 0, 0], [1, 1, 1], [0, 0, 0], [0, 0, 0], 0)
        return fn(c, a, b, d)
    return f


# name -> (function(ctx, srcs...), source kinds: r register, k literal, d destination, m vcc)
DUAL = {
    "dot2acc_f32_f16": (_dot2acc("v_dot2_f32_f16"), "rrd"),
    "dot2acc_f32_bf16": (_dot2acc("v_dot2_f32_bf16"), "rrd"),
    "fmac_f32": (valu.OPS["v_fmac_f32"].fn, "rrd"),
    "fmaak_f32": (valu.OPS["v_fmaak_f32"].fn, "rrk"),
    "fmamk_f32": (valu.OPS["v_fmamk_f32"].fn, "rkr"),
    "mul_f32": (valu.OPS["v_mul_f32"].fn, "rr"),
    "add_f32": (valu.OPS["v_add_f32"].fn, "rr"),
    "sub_f32": (valu.OPS["v_sub_f32"].fn, "rr"),
    "subrev_f32": (valu.OPS["v_subrev_f32"].fn, "rr"),
    "mul_dx9_zero_f32": (_dx9, "rr"),
    "mov_b32": (valu.OPS["v_mov_b32"].fn, "r"),
    "cndmask_b32": (valu.OPS["v_cndmask_b32"].fn, "rrm"),
    "max_num_f32": (valu.OPS["v_max_num_f32"].fn, "rr"),
    "min_num_f32": (valu.OPS["v_min_num_f32"].fn, "rr"),
}
DUAL_Y = dict(DUAL)
DUAL_Y.update({
    "add_nc_u32": (valu.OPS["v_add_nc_u32"].fn, "rr"),
    "lshlrev_b32": (valu.OPS["v_lshlrev_b32"].fn, "rr"),
    "and_b32": (valu.OPS["v_and_b32"].fn, "rr"),
})


class VOp:
    family = "vopd"
    model = "valu_nan_results"

    def __init__(self, name):
        self.name = name


class VForm:
    def __init__(self, x, y, cross=False, k=0x3fc00000):
        self.x, self.y, self.cross, self.k = x, y, cross, k
        self.op = VOp("v_dual_%s::v_dual_%s" % (x, y))
        self.wave64 = False
        self.denorm = 3
        self.dpp = None
        self.round = None
        # register plan: (dst, src0, src1) per half
        self.rx = (2, 9, 8) if cross else (2, 4, 8)
        self.ry = (9, 4, 13) if cross else (3, 5, 9)
        self.text = self._text()

    @property
    def lanes(self):
        return 32

    def desc(self):
        return self.text

    def _half(self, name, regs):
        kinds = (DUAL_Y if name in DUAL_Y else DUAL)[name][1]
        d, s0, s1 = ("v%d" % r for r in regs)
        k = "0x%x" % self.k
        ops = {"r": [d, s0], "rr": [d, s0, s1], "rrd": [d, s0, s1], "rrm": [d, s0, s1],
               "rrk": [d, s0, s1, k], "rkr": [d, s0, k, s1]}[kinds]
        return "v_dual_%s %s" % (name, ", ".join(ops))

    def _text(self):
        return self._half(self.x, self.rx) + " :: " + self._half(self.y, self.ry)


def all_forms(seed):
    import random
    rng = random.Random("%d:vopd" % seed)
    xs = sorted(DUAL)
    ys = sorted(DUAL_Y)
    out = []
    for x in xs:
        for y in rng.sample(ys, 2):
            out.append(VForm(x, y))
        out.append(VForm(x, rng.choice(ys), cross=True))
    for y in ys:
        out.append(VForm(rng.choice(xs), y))
    return out


class Vectors:
    def __init__(self, form, rng):
        self.nwaves = NL // 32
        self.regs = {}
        for r in REGS:
            col = D.column("f32", rng, NL)
            rng.shuffle(col)
            self.regs[r] = col
        self.vcc = [0xffffffff, 0] + [rng.getrandbits(32) for _ in range(self.nwaves - 2)]
        self.exec = [0xffffffff] * (self.nwaves - 1) + [rng.getrandbits(32) | 1]


def _eval(form, name, regs, vals, vcc_bit, ctx):
    fn, kinds = (DUAL_Y if name in DUAL_Y else DUAL)[name]
    d, s0, s1 = regs
    a, b, k = vals[s0], vals[s1], form.k
    args = {"r": [a], "rr": [a, b], "rrd": [a, b, vals[d]], "rrm": [a, b, vcc_bit],
            "rrk": [a, b, k], "rkr": [a, k, b]}[kinds]
    return fn(ctx, *args)


def reference(form, vec):
    out = {r: list(vec.regs[r]) for r in REGS}
    for g in range(NL):
        w, l = divmod(g, 32)
        if not (vec.exec[w] >> l) & 1:
            continue
        vals = {r: vec.regs[r][g] for r in REGS}  # both halves read the old registers
        ctx = FO.Ctx(lane=l)
        bit = (vec.vcc[w] >> l) & 1
        x = _eval(form, form.x, form.rx, vals, bit, ctx)
        y = _eval(form, form.y, form.ry, vals, bit, ctx)
        out[form.rx[0]][g] = x
        out[form.ry[0]][g] = y
    return out


def build_kernel(form, vec, name):
    words = []
    slots = {}
    for r in REGS:
        slots[r] = len(words) * 4
        words.extend(vec.regs[r])
    for key, vals in (("vcc", vec.vcc), ("exec", vec.exec)):
        slots[key] = len(words) * 4
        col = [0] * NL
        for w, x in enumerate(vals):
            col[2 * w] = x
        words.extend(col)
    data = b"".join(x.to_bytes(4, "little") for x in words)
    b = ["s_load_b64 s[12:13], s[0:1], 0x0", "s_load_b64 s[14:15], s[0:1], 0x8",
         "v_readfirstlane_b32 s16, v0", "v_lshlrev_b32 v1, 2, v0", "s_wait_kmcnt 0x0",
         "s_lshr_b32 s16, s16, 5", "s_lshl_b32 s17, s16, 3", "s_add_co_u32 s18, s12, s17",
         "s_add_co_ci_u32 s19, s13, 0"]
    for r in REGS:
        b.append("global_load_b32 v%d, v1, s[12:13] offset:%d" % (r, slots[r]))
    b += ["s_load_b32 s20, s[18:19], 0x%x" % slots["vcc"], "s_load_b32 s22, s[18:19], 0x%x" % slots["exec"],
          "s_wait_loadcnt 0x0", "s_wait_kmcnt 0x0", "s_mov_b32 vcc_lo, s20", "s_mov_b32 exec_lo, s22",
          form.text, "s_mov_b32 exec_lo, -1"]
    for i, r in enumerate(REGS):
        b.append("global_store_b32 v1, v%d, s[14:15] offset:%d" % (r, 4 * NL * i))
    b.append("s_endpgm")
    return K.Kernel(name, "\n".join("  " + x for x in b), 2), None, data


def launch_for(name, data, vec):
    return K.Launch(name, NL, [(len(data), data, False), (4 * NL * len(REGS), None, True)])


def lane_inputs(form, vec, g):
    return [vec.regs[r][g] for r in REGS]


def compare(form, vec, L, out):
    exp = reference(form, vec)
    bad = []
    for i, r in enumerate(REGS):
        for g in range(NL):
            got = int.from_bytes(out[4 * (NL * i + g):4 * (NL * i + g) + 4], "little")
            if got != exp[r][g]:
                bad.append((g, "v%d" % r, exp[r][g], got))
    return bad


def reproducer(form, vec, g, what):
    w, l = divmod(g, 32)
    ins = ["v%d=0x%x" % (r, vec.regs[r][g]) for r in REGS]
    ins.append("vcc=0x%x" % (0xffffffff if (vec.vcc[w] >> l) & 1 else 0))
    one = Vectors.__new__(Vectors)
    one.nwaves = NL // 32
    one.regs = {r: [vec.regs[r][g]] * NL for r in REGS}
    one.vcc = [0xffffffff if (vec.vcc[w] >> l) & 1 else 0] * one.nwaves
    one.exec = [0xffffffff] * one.nwaves
    exp = reference(form, one)
    outs = ["v%d=0x%x" % (r, exp[r][0]) for r in (form.rx[0], form.ry[0])]
    return "%s ; %s ; %s" % (form.text, " ".join(ins), " ".join(outs))
