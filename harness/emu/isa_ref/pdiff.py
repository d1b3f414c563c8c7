"""Scalar program control for the differential test (diff.py --family flow):
branches (s_branch, s_cbranch_scc0/scc1/vccz/vccnz/execz/execnz, forward and
backward, VCCZ / EXECZ of wave64 masks too), s_getpc_b64, s_setpc_b64, s_swappc_b64,
s_call_b64, and the M0-relative SGPR
moves s_movrels_b32/b64, s_movreld_b32/b64, s_movrelsd_2_b32, from the AMD
RDNA4 ISA reference guide's pseudocode (S_CBRANCH_*: PC = PC + 4 + SIMD16 *
4 when the condition holds; S_GETPC_B64: the address of the next
instruction; S_MOVRELS_B32: SGPR[SRC0 + M0]; S_MOVRELD_B32: SGPR[DST + M0];
S_MOVRELSD_2_B32: source + M0[9:0], destination + M0[25:16]).

256 waves (one wave32 per workgroup), one vector per wave: SCC, VCC, EXEC,
M0, a loop count, and random old values of s20..s35, which are all compared
afterwards. The M0-relative moves run with offsets 0..7 inside s20..s35, and
with offsets 92..107 from s0 (the "top" forms), whose window s92..s107 holds the
last SGPRs every kernel has (s92..s105, then VCC as s106/s107). A branch kernel writes a path marker on each side of the branch;
the PC forms check the distances between PC values (the absolute code
address is not the reference's business) and then clear the PC registers.
"""
from . import kernel as K

NV = 256
M32 = 0xffffffff

COND = {"s_cbranch_scc0": lambda v: v.scc == 0, "s_cbranch_scc1": lambda v: v.scc == 1,
        "s_cbranch_vccz": lambda v: v.vcc == 0, "s_cbranch_vccnz": lambda v: v.vcc != 0,
        "s_cbranch_execz": lambda v: v.exec == 0, "s_cbranch_execnz": lambda v: v.exec != 0,
        "s_branch": lambda v: True}


class POp:
    family = "flow"
    model = None

    def __init__(self, name):
        self.name = name


class PForm:
    def __init__(self, name, text, kind, wave64=False, win=20):
        self.op = POp(name)
        self.name, self.kind = name, kind
        self.win = win  # the compared SGPRs: s<win> .. s<win + 15>
        self.wave64 = wave64
        self.denorm = 3
        self.dpp = None
        self.round = None
        self.text = text  # the instruction under test (labels .LT / .LB resolved per kernel)

    @property
    def impl_module(self):
        import sys
        return sys.modules[__name__]

    @property
    def lanes(self):
        return 64 if self.wave64 else 32

    def desc(self):
        return ("w64: " if self.wave64 else "") + self.text + \
            ("   # " + self.kind if self.kind not in ("fwd", "movrel") else "")


def all_forms(seed):
    out = []
    for nm in COND:
        out.append(PForm(nm, "%s .LT" % nm, "fwd"))
    for nm in ("s_cbranch_vccz", "s_cbranch_vccnz", "s_cbranch_execz", "s_cbranch_execnz"):
        out.append(PForm(nm, "%s .LT" % nm, "fwd", wave64=True))  # VCCZ / EXECZ over all 64 bits
    for nm in ("s_cbranch_scc1", "s_cbranch_vccnz", "s_cbranch_execnz"):
        out.append(PForm(nm, "%s .LB" % nm, "loop"))
    out.append(PForm("s_call_b64", "s_call_b64 s[24:25], .LT", "call"))
    out.append(PForm("s_getpc_b64", "s_getpc_b64 s[22:23]", "getpc"))
    out.append(PForm("s_setpc_b64", "s_setpc_b64 s[22:23]", "setpc"))
    out.append(PForm("s_swappc_b64", "s_swappc_b64 s[24:25], s[22:23]", "swappc"))
    for t in ("s_movrels_b32 s28, s20", "s_movreld_b32 s28, s20", "s_movrelsd_2_b32 s28, s20",
              "s_movrels_b64 s[28:29], s[20:21]", "s_movreld_b64 s[28:29], s[20:21]"):
        out.append(PForm(t.split()[0], t, "movrel"))
    # M0 offsets 92..107 from s0: up to the last SGPRs (VCC = s106/s107)
    for t in ("s_movrels_b32 s92, s0", "s_movreld_b32 s0, s93", "s_movrelsd_2_b32 s0, s0",
              "s_movrels_b64 s[92:93], s[0:1]", "s_movreld_b64 s[0:1], s[92:93]"):
        out.append(PForm(t.split()[0], t, "movrel", win=92))
    return out


class Vectors:
    class V:
        pass

    def __init__(self, form, rng):
        self.wave64 = form.wave64
        self.v = []
        for i in range(NV):
            v = Vectors.V()
            v.scc = rng.getrandbits(1)
            bits = 64 if form.wave64 else 32
            # wave64: also masks with only the high half set (VCCZ / EXECZ look at all 64 bits)
            v.vcc = rng.choice([0, rng.getrandbits(bits), 1 << rng.randrange(bits), 1 << rng.randrange(32, 64)
                                if bits == 64 else 1])
            v.exec = rng.choice([0, (1 << bits) - 1, rng.getrandbits(bits), 1 << rng.randrange(bits),
                                 1 << rng.randrange(32, 64) if bits == 64 else M32])
            v.count = rng.randrange(0, 12)
            if form.win == 92:  # offsets 92..107 (b64: even, up to 106), the top ones more often
                top = [104, 105, 106, 107] if not form.name.endswith("_b64") else [102, 104, 106]
                pick = (lambda: rng.choice(top) if rng.random() < 0.5 else rng.randrange(92, 108, 2 if
                                                                                          form.name.endswith("_b64") else 1))
                if form.name == "s_movrelsd_2_b32":
                    v.m0 = pick() | (rng.getrandbits(6) << 10) | (pick() << 16) | (rng.getrandbits(6) << 26)
                else:
                    v.m0 = pick()
            elif form.name == "s_movrelsd_2_b32":
                v.m0 = rng.randrange(8) | (rng.getrandbits(6) << 10) | (rng.randrange(8) << 16) | \
                    (rng.getrandbits(6) << 26)
            elif form.name.endswith("_b64"):
                v.m0 = 2 * rng.randrange(4)
            else:
                v.m0 = rng.randrange(8)
            v.old = [rng.getrandbits(32) for _ in range(16)]
            self.v.append(v)


def reference(form, vec):
    out = []
    for v in vec.v:
        r = list(v.old)  # r[k] is s(20 + k)
        if form.kind == "fwd":
            if COND[form.name](v):
                r[1] = 3
            else:
                r[0] = 2
        elif form.kind == "loop":
            # s20 counts the iterations of a loop body that runs once, then again
            # while the condition (set up from s20 < count) holds
            n = 0
            while True:
                n += 1
                if n >= max(v.count, 1):
                    break
            r[0] = n
        elif form.kind == "getpc":
            r[0:6] = [8, 0, 0, 0, 0, 0]  # two s_getpc_b64 8 bytes apart; the high halves equal
        elif form.kind == "setpc":
            r[0], r[1], r[2], r[3] = r[0], 3, 0, 0  # the instruction after s_setpc_b64 is skipped
        elif form.kind in ("swappc", "call"):
            r[0], r[1] = 7, 3  # callee and return path both run
            r[2:8] = [0, 0, 4, 0, 0, 0]  # return address = the instruction after s_swappc_b64
        else:
            # guide, S_MOVRELS_*: D = SGPR[SRC0 + M0]; S_MOVRELD_*: SGPR[DST + M0] = S0;
            # S_MOVRELSD_2_B32: SGPR[DST + M0[25:16]] = SGPR[SRC0 + M0[9:0]] (register numbers)
            sg = {k: x for k, x in enumerate(_record(v)[:8])}  # s0..s7 as the kernel loads them
            sg.update({form.win + k: x for k, x in enumerate(v.old)})
            ops = form.text.split(None, 1)[1].replace("s[", "s").split(",")
            D, S = (int(o.strip().split(":")[0].lstrip("s")) for o in ops)
            m = v.m0
            n = 2 if form.name.endswith("_b64") else 1
            if form.name.startswith("s_movrels_"):
                src, dst = S + m, D
            elif form.name.startswith("s_movreld_"):
                src, dst = S, D + m
            else:
                src, dst = S + (m & 0x3ff), D + ((m >> 16) & 0x3ff)
            vals = [sg[src + k] for k in range(n)]
            for k in range(n):
                sg[dst + k] = vals[k]
            r = [sg[form.win + k] for k in range(16)]
        out.append(r)
    return out


def _body(form, name):
    t = form.text.replace(".LT", ".L%s_T" % name).replace(".LB", ".L%s_B" % name)
    T, B, R = ".L%s_T" % name, ".L%s_B" % name, ".L%s_R" % name
    k = form.kind
    if k == "fwd":
        hi = ["s_mov_b32 vcc_hi, s5", "s_mov_b32 exec_hi, s6"] if form.wave64 else []
        return ["s_mov_b32 vcc_lo, s1", "s_mov_b32 exec_lo, s2"] + hi + ["s_cmp_lg_u32 s0, 0", t,
                "s_mov_b32 s20, 2", "s_branch " + R, T + ":", "s_mov_b32 s21, 3", R + ":"]
    if k == "loop":
        # body: s20 += 1; condition = s20 < count, put in SCC, VCC or EXEC
        cond = {"s_cbranch_scc1": ["s_cmp_lt_u32 s20, s3"],
                "s_cbranch_vccnz": ["s_cmp_lt_u32 s20, s3", "s_cselect_b32 vcc_lo, 1, 0"],
                "s_cbranch_execnz": ["s_cmp_lt_u32 s20, s3", "s_cselect_b32 exec_lo, -1, 0"]}[form.name]
        return ["s_mov_b32 s20, 0", B + ":", "s_add_co_u32 s20, s20, 1"] + cond + [t, "s_mov_b32 exec_lo, -1"]
    if k == "getpc":
        return [t, "s_nop 0", "s_getpc_b64 s[24:25]", "s_sub_co_u32 s20, s24, s22", "s_sub_co_u32 s21, s25, s23",
                "s_mov_b64 s[22:23], 0", "s_mov_b64 s[24:25], 0"]
    if k == "setpc":
        return ["s_getpc_b64 s[22:23]", B + ":", "s_add_co_u32 s22, s22, %s-%s" % (T, B),
                "s_add_co_ci_u32 s23, s23, 0", t, "s_mov_b32 s20, 2", T + ":", "s_mov_b32 s21, 3",
                "s_mov_b64 s[22:23], 0"]
    if k == "swappc":
        return ["s_getpc_b64 s[22:23]", B + ":", "s_add_co_u32 s22, s22, %s-%s" % (T, B),
                "s_add_co_ci_u32 s23, s23, 0", t, "s_getpc_b64 s[26:27]", "s_mov_b32 s20, 7", "s_branch " + R,
                T + ":", "s_mov_b32 s21, 3", "s_setpc_b64 s[24:25]", R + ":",
                "s_sub_co_u32 s24, s26, s24", "s_sub_co_u32 s25, s27, s25", "s_mov_b64 s[22:23], 0",
                "s_mov_b64 s[26:27], 0"]
    if k == "call":
        # s_call_b64 writes the return address (the next instruction) to s[24:25]
        return [t, "s_getpc_b64 s[26:27]", "s_mov_b32 s20, 7", "s_branch " + R,
                T + ":", "s_mov_b32 s21, 3", "s_setpc_b64 s[24:25]", R + ":",
                "s_sub_co_u32 s24, s26, s24", "s_sub_co_u32 s25, s27, s25", "s_mov_b64 s[22:23], 0",
                "s_mov_b64 s[26:27], 0"]
    return ["s_mov_b32 m0, s4", "s_nop 0", t]


def _record(v):
    """The 32 words of a vector: s0..s7 (SCC, VCC, EXEC halves, loop count, M0), then s<win>..s<win + 15>."""
    rec = [v.scc, v.vcc & M32, v.exec & M32, v.count, v.m0, v.vcc >> 32, v.exec >> 32, 0] + v.old
    return rec + [0] * (32 - len(rec))


def _sgpr(r):
    return {106: "vcc_lo", 107: "vcc_hi"}.get(r, "s%d" % r)


def build_kernel(form, vec, name):
    words = []
    for v in vec.v:
        words += _record(v)
    data = b"".join(x.to_bytes(4, "little") for x in words)
    b = ["s_load_b64 s[12:13], s[0:1], 0x0", "s_load_b64 s[14:15], s[0:1], 0x8",
         "s_wait_kmcnt 0x0", "s_lshl_b32 s17, ttmp9, 7", "s_add_co_u32 s18, s12, s17", "s_add_co_ci_u32 s19, s13, 0",
         "s_lshl_b32 s17, ttmp9, 6", "s_add_co_u32 s36, s14, s17", "s_add_co_ci_u32 s37, s15, 0",
         "s_load_b256 s[0:7], s[18:19], 0x0"]
    if form.win == 20:
        b.append("s_load_b512 s[20:35], s[18:19], 0x20")
    else:  # s92..s105, then VCC
        b += ["s_load_b256 s[92:99], s[18:19], 0x20", "s_load_b128 s[100:103], s[18:19], 0x40",
              "s_load_b64 s[104:105], s[18:19], 0x50", "s_load_b64 vcc, s[18:19], 0x58"]
    b.append("s_wait_kmcnt 0x0")
    b += _body(form, name)
    b.append("s_mov_b64 exec, -1" if form.wave64 else "s_mov_b32 exec_lo, -1")
    for r in range(16):
        b.append("v_mov_b32 v%d, %s" % (1 + r, _sgpr(form.win + r)))
    b.append("v_mov_b32 v17, 0")
    for q in range(4):
        b.append("global_store_b128 v17, v[%d:%d], s[36:37] offset:%d" % (1 + 4 * q, 4 + 4 * q, 16 * q))
    b += ["s_wait_storecnt 0x0", "s_endpgm"]
    body = "\n".join(x if x.endswith(":") else "  " + x for x in b)
    return K.Kernel(name, body, 2, wave64=form.wave64), None, data


def launch_for(name, data, vec):
    return K.Launch(name, 64 if vec.wave64 else 32, [(len(data), data, False), (64 * NV, None, True)], grid=NV)


def lane_inputs(form, vec, i):
    v = vec.v[i]
    return [v.scc, v.vcc, v.exec, v.count, v.m0]


def compare(form, vec, L, out, memout=None):
    return K.compare_sgpr_dump(reference(form, vec), out, first=form.win)


def reproducer(form, vec, i, what):
    v = vec.v[i]
    exp = reference(form, vec)
    ins = ["scc=%d" % v.scc, "vcc=0x%x" % v.vcc, "exec=0x%x" % v.exec, "m0=0x%x" % v.m0, "loop count=%d" % v.count]
    ins += ["%s=0x%x" % (_sgpr(form.win + r), v.old[r]) for r in range(16)]
    outs = ["%s=0x%x" % (_sgpr(form.win + r), exp[i][r]) for r in range(16)]
    return "%s (%s kernel) ; %s ; %s" % (form.text, form.kind, " ".join(ins), " ".join(outs))
