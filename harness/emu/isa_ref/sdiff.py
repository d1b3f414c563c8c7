"""SALU side of the differential test (diff.py): forms, vectors, kernels and
checks for SOP1 / SOP2 / SOPC / SOPK instructions against salu.py.

One vector per wave: a launch of NV waves (NV / 8 workgroups of 8 wave32
waves); each wave loads its sources, old destination and SCC from its
32-byte record of the input buffer, runs the instruction and stores the
destination and SCC to its record of the output buffer."""
from . import diff as D
from . import kernel as K
from . import salu
from .diff import Src

NV = 256  # vectors (waves) per SALU form
WAVES_PER_WG = 8


class SForm:
    def __init__(self, op, srcs, round_mode=None, mods=None, field=None):
        self.op = op
        self.field = field  # hwreg(MODE, offset, size) of the MODE forms
        self.srcs = srcs
        self.round_mode = round_mode
        # vop3s (v_s_*, VOP3 encoding): (neg, abs, clamp, omod) of the one float source and the result
        self.mods = mods
        self.wave64 = getattr(op, "wave64", False)  # the 64-bit EXEC forms run in wave64 waves
        self.denorm = 3
        self.dpp = None
        self.round = round_mode
        self.text = self._text()

    @property
    def lanes(self):
        return 64 if self.wave64 else 32

    def desc(self):
        return ("w64: " if self.wave64 else "") + self.text + (" [MODE round %s]" % self.round if self.round else "")

    def mode_value(self):
        return D.Form.mode_value(self)

    def _text(self):
        o = self.op
        if getattr(o, "text", None):
            return o.text
        if self.field is not None:  # the MODE instruction, then MODE[7:0] read back into s2
            off, size = self.field
            hw = "hwreg(HW_REG_MODE, %d, %d)" % (off, size)
            if o.name == "s_getreg_b32":
                return "s_getreg_b32 s2, %s" % hw
            v = self.srcs[0]
            first = {"s_setreg_b32": "s_setreg_b32 %s, s4" % hw,
                     "s_setreg_imm32_b32": "s_setreg_imm32_b32 %s, %s" % (hw, v.text)}.get(
                o.name, "%s %s" % (o.name, v.text if v.kind != "s" else ""))
            return first + "\n  " + salu.READ_MODE
        ops = []
        if o.dst is not None:
            ops.append("s[2:3]" if salu.WIDTH[o.dst] == 64 else "s2")
        for i, s in enumerate(self.srcs):
            if s.kind == "d":
                continue
            if s.kind in ("c", "l", "k"):
                ops.append(s.text)
            else:
                r = 4 + 2 * i
                ops.append("s[%d:%d]" % (r, r + 1) if salu.WIDTH[s.t] == 64 else "s%d" % r)
        txt = o.name + " " + ", ".join(ops)
        if self.mods:
            neg, ab, clamp, omod = self.mods
            if ab:
                ops[-1] = "|%s|" % ops[-1]
            if neg:
                ops[-1] = "-" + ops[-1]
            txt = o.name + " " + ", ".join(ops) + (" clamp" if clamp else "") + \
                (" " + {1: "mul:2", 2: "mul:4", 3: "div:2"}[omod] if omod else "")
        return txt


def forms_for(op, rng):
    st = op.srcs
    out = []
    if getattr(op, "text", None):  # an instruction with no effect, as written (salu.NOEFFECT)
        return [SForm(op, [])]
    if getattr(op, "hwfields", None):  # MODE writes and reads (salu.py), one form per field
        for f in op.hwfields:
            if not st:
                srcs = []
            elif op.name in ("s_round_mode", "s_denorm_mode"):
                v = rng.getrandbits(4)
                srcs = [Src("c", "u32", "0x%x" % v, v)]
            elif op.name == "s_setreg_imm32_b32":
                v = rng.getrandbits(32)
                srcs = [Src("k", "u32", "0x%x" % v, v)]
            else:
                srcs = [Src("s", "u32")]
            fm = SForm(op, srcs, field=f)
            out.append(fm)
        return out

    def mk(kinds):
        r = []
        for k, t in zip(kinds, st):
            if t == "dst":
                r.append(Src("d", op.dst))
            elif t == "lit":
                txt, v = D._literal_for("f32", rng)
                r.append(Src("k", "f32", txt, v))
            elif t == "simm16":
                v = rng.choice([0x7fff, 0x8000, 0xffff, 0x1234, 0x0001, 0xfffe, 0x00ff])
                r.append(Src("c", "simm16", "0x%x" % v, v))
            elif k == "c":
                txt, v = D._inline_for(_vt(t), rng)
                r.append(Src("c", t, txt, v))
            elif k == "l":
                lv = D._literal_for(_vt(t), rng)
                if lv is None:
                    return None
                r.append(Src("l", t, lv[0], lv[1]))
            else:
                r.append(Src("s", t))
        return r

    n = len([t for t in st if t not in ("dst",)])
    base = ["s"] * len(st)
    kinds_list = [base]
    if op.family == "sopk":
        kinds_list = [base, base]  # two different 16-bit constants
    elif n >= 2:
        alts = [["c"] + base[1:], ["s", "c"] + base[2:], ["l"] + base[1:], ["s", "l"] + base[2:]]
        rng.shuffle(alts)
        kinds_list += alts[:2]
    else:
        alts = [["c"] + base[1:], ["l"] + base[1:]]
        rng.shuffle(alts)
        kinds_list += alts[:1]
    for kinds in kinds_list:
        ss = mk(kinds)
        if ss is not None:
            out.append(SForm(op, ss))
    if op.dst in ("f32", "f16") and (op.model or op.name.startswith("s_cvt")):
        out.append(SForm(op, mk(base), round_mode=rng.choice([D.fops.RUP, D.fops.RDN, D.fops.RTZ])))
    if op.family == "vop3s":
        # VOP3 input modifiers on the SGPR source (at least one), clamp, omod (f32 results only,
        # as the VALU forms); and clamp alone
        neg, ab = rng.getrandbits(1), rng.getrandbits(1)
        if not (neg or ab):
            neg = 1
        omod = rng.choice([0, 1, 2, 3]) if op.dst == "f32" else 0
        out.append(SForm(op, mk(base), mods=(neg, ab, rng.getrandbits(1), omod)))
        out.append(SForm(op, mk(base), mods=(0, 0, 1, 0)))
    return out


def _vt(t):
    return {"b32": "u32", "b64": "u64", "simm16": "u16"}.get(t, t)


class Vectors:
    def __init__(self, form, rng):
        self.nwaves = NV
        self.src = []
        for s in form.srcs:
            if s.kind == "s":
                self.src.append(D.column(_vt(s.t), rng, NV))
            else:
                self.src.append(None)
        # equal operands (SCC of compares, min/max, carries): vectors 200..215 copy src0 into src1
        if len(self.src) >= 2 and self.src[0] is not None and self.src[1] is not None and \
                form.srcs[0].t == form.srcs[1].t:
            for i in range(200, 216):
                self.src[1][i] = self.src[0][i]
        self.old = [rng.getrandbits(64) for _ in range(NV)]
        self.scc = [(i // 2) % 2 if i < 64 else rng.getrandbits(1) for i in range(NV)]
        # EXEC before the instruction (only EXEC-writing forms change it from all lanes)
        we = getattr(form.op, "writes_exec", False)
        full = (1 << form.lanes) - 1
        self.exec = [([0, full][i % 2] if i < 16 else rng.getrandbits(form.lanes)) if we else full
                     for i in range(NV)]


def lane_inputs(form, vec, i):
    vals = []
    for j, s in enumerate(form.srcs):
        if s.kind == "s":
            x = vec.src[j][i]
        elif s.kind == "d":
            x = vec.old[i]
        else:
            x = s.value
        w = salu.WIDTH.get(s.t, 32) or 64
        if s.t == "f16":
            w = 16
        vals.append(x & ((1 << w) - 1))
    return vals


def dst_mask(op):
    """Checked destination bits. An f16 result is checked as 32 bits with
    bits [31:16] zero: the project's documented choice (rdna4-emu
    assumptions: salu_f16_high_bits), the guide writes D0.f16 only."""
    if op.dst is None:
        return 0
    return (1 << (64 if salu.WIDTH[op.dst] == 64 else 32)) - 1


def reference(form, vec):
    op = form.op
    dst, scc = [], []
    execs = []
    for i in range(NV):
        ctx = D.fops.Ctx(round_mode=form.round or D.fops.RNE)
        ctx.field = form.field
        ctx.exec = vec.exec[i]
        ctx.exec_out = vec.exec[i]
        vals = lane_inputs(form, vec, i)
        if form.mods:
            # VOP3 abs / neg: clear / flip the source's sign bit (guide: VOP3 input modifiers)
            neg, ab, clamp, omod = form.mods
            sb = 1 << (salu.WIDTH[form.srcs[0].t] - 1)
            vals[0] = (vals[0] & ~sb if ab else vals[0]) ^ (sb if neg else 0)
        d, c = op.fn(ctx, *vals, vec.scc[i])
        if form.mods and d is not None:
            d = D.valu.apply_output(op, d, form.mods[2], form.mods[3], ctx)
        execs.append(ctx.exec_out)
        w = 64 if op.dst and salu.WIDTH[op.dst] == 64 else 32
        old = vec.old[i] & ((1 << w) - 1)
        dst.append(old if d is None else d)
        scc.append(vec.scc[i] if c is None else c)
    reference.execs = execs
    return dst, scc


def build_kernel(form, vec, name):
    op = form.op
    recs = []
    for i in range(NV):
        words = [0] * 8
        for j, s in enumerate(form.srcs):
            if s.kind == "s":
                words[2 * j] = vec.src[j][i] & 0xffffffff
                words[2 * j + 1] = (vec.src[j][i] >> 32) & 0xffffffff
        words[6] = vec.old[i] & 0xffffffff
        words[7] = (vec.old[i] >> 32) & 0xffffffff
        recs.append(words)
    # SCC in a separate region after the records
    data = b"".join(x.to_bytes(4, "little") for w in recs for x in w)
    data += b"".join(x.to_bytes(4, "little") for x in vec.scc)
    data += b"".join((x & 0xffffffff).to_bytes(4, "little") for x in vec.exec)
    data += b"".join((x >> 32).to_bytes(4, "little") for x in vec.exec)
    w64 = form.wave64
    b = ["s_load_b64 s[12:13], s[0:1], 0x0", "s_load_b64 s[14:15], s[0:1], 0x8",
         "v_readfirstlane_b32 s16, v0", "s_wait_kmcnt 0x0",
         "s_lshr_b32 s16, s16, %d" % (6 if w64 else 5), "s_lshl_b32 s17, ttmp9, 3", "s_add_co_u32 s16, s16, s17",
         "s_lshl_b32 s17, s16, 5",
         "s_add_co_u32 s18, s12, s17", "s_add_co_ci_u32 s19, s13, 0",
         "s_add_co_u32 s20, s14, s17", "s_add_co_ci_u32 s21, s15, 0",
         "s_lshl_b32 s17, s16, 2", "s_add_co_u32 s22, s12, s17", "s_add_co_ci_u32 s23, s13, 0"]
    for j, s in enumerate(form.srcs):
        if s.kind == "s":
            r = 4 + 2 * j
            b.append("s_load_b64 s[%d:%d], s[18:19], 0x%x" % (r, r + 1, 8 * j))
    b.append("s_load_b64 s[2:3], s[18:19], 0x18")
    b.append("s_load_b32 s10, s[22:23], 0x%x" % (32 * NV))
    b.append("s_load_b32 s24, s[22:23], 0x%x" % (36 * NV))
    b.append("s_load_b32 s25, s[22:23], 0x%x" % (40 * NV))
    b.append("s_wait_kmcnt 0x0")
    b.append("s_mov_b64 exec, s[24:25]" if w64 else "s_mov_b32 exec_lo, s24")
    if form.round:
        b.append("s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 8), 0x%x" % form.mode_value())
    b.append("s_cmp_lg_u32 s10, 0")
    b.append(form.text)
    b += ["s_cselect_b32 s11, 1, 0"]
    b += ["s_mov_b64 s[26:27], exec", "s_mov_b64 exec, -1"] if w64 else \
        ["s_mov_b32 s26, exec_lo", "s_mov_b32 s27, 0", "s_mov_b32 exec_lo, -1"]
    b += [
          "v_mov_b32 v1, s2", "v_mov_b32 v2, s3", "v_mov_b32 v3, s11", "v_mov_b32 v4, s26",
          "v_mov_b32 v5, 0", "v_mov_b32 v6, s27", "global_store_b128 v5, v[1:4], s[20:21]",
          "global_store_b32 v5, v6, s[20:21] offset:16", "s_endpgm"]
    k = K.Kernel(name, "\n".join("  " + x for x in b), 2, wave64=w64)
    return k, None, data


def launch(name, data, wave64=False):
    return K.Launch(name, (64 if wave64 else 32) * WAVES_PER_WG, [(len(data), data, False), (32 * NV, None, True)],
                    grid=NV // WAVES_PER_WG)


def compare(form, vec, L, out):
    op = form.op
    dst, scc = reference(form, vec)
    bad = []
    m = dst_mask(op)
    for i in range(NV):
        o = 32 * i
        got_d = int.from_bytes(out[o:o + 8], "little")
        got_c = int.from_bytes(out[o + 8:o + 12], "little")
        if op.dst is not None and (got_d & m) != (dst[i] & m):
            bad.append((i, "dst", dst[i] & m, got_d & m))
        if got_c != scc[i]:
            bad.append((i, "scc", scc[i], got_c))
        got_e = int.from_bytes(out[o + 12:o + 16], "little")
        if form.wave64:
            got_e |= int.from_bytes(out[o + 16:o + 20], "little") << 32
        if got_e != reference.execs[i]:
            bad.append((i, "exec", reference.execs[i], got_e))
    return bad


def reproducer(form, vec, i, what):
    op = form.op
    ins = []
    for j, s in enumerate(form.srcs):
        if s.kind == "s":
            r = 4 + 2 * j
            ins.append("%s=0x%x" % ("s[%d:%d]" % (r, r + 1) if salu.WIDTH[s.t] == 64 else "s%d" % r, vec.src[j][i]))
    w64 = op.dst is not None and salu.WIDTH[op.dst] == 64
    if op.dst is not None:
        ins.append("%s=0x%x" % ("s[2:3]" if w64 else "s2", vec.old[i] & ((1 << (64 if w64 else 32)) - 1)))
    ins.append("scc=%d" % vec.scc[i])
    if getattr(op, "writes_exec", False):
        ins.append("exec=0x%x" % vec.exec[i])
    if form.round:
        ins.append("mode=0x%x" % form.mode_value())
    dst, scc = reference(form, vec)
    outs = ["scc=%d" % scc[i]]
    if getattr(op, "writes_exec", False):
        outs.append("exec=0x%x" % reference.execs[i])
    note = ""
    if op.dst is not None:
        outs.append("%s=0x%x" % ("s[2:3]" if w64 else "s2", dst[i]))
        if op.dst == "f16":
            note = "   # bits [31:16] zero: model choice salu_f16_high_bits"
    return "%s ; %s ; %s%s" % (form.text, " ".join(ins), " ".join(outs), note)
