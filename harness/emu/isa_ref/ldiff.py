"""Lane-crossing VALU instructions for the differential test (diff.py
--family lanes): v_readfirstlane_b32, v_readlane_b32, v_writelane_b32,
v_permlane16_b32, v_permlanex16_b32, v_permlane16_var_b32, v_permlanex16_var_b32,
v_permlane64_b32, v_swap_b32, v_swap_b16, the M0-relative v_movrels/movreld/movrelsd(_2)_b32
and v_swaprel_b32, and the LDS-unit lane crossings ds_permute_b32, ds_bpermute_b32, ds_bpermute_fi_b32,
ds_swizzle_b32 (every offset mode), from the AMD RDNA4 ISA reference guide's
pseudocode.

For v_permlane16/x16 (and their _var forms) the FI / BOUND_CTRL bits (llvm-mc op_sel:[fi,bound_ctrl])
follow the project's documented choice (rdna4-emu models:
permlane_fi_bound_ctrl): a source lane outside EXEC is read with FI, reads 0
with BOUND_CTRL, and otherwise the destination lane keeps its value; the
guide's pseudocode reads every source lane.

Registers: v2 destination (old value random), v4 source, v6 per-lane lane
selects (_var forms), s4 / s6 per-wave scalar operands, s20 scalar destination.
M0-relative forms: sources from v8, destinations from v12 (v9 for one
v_swaprel_b32), M0 per wave from 0..3 to offsets that reach v255, the last of
the kernel's 256 VGPRs (MOVREL_M0); every VGPR a wave can reach is loaded with
random bits and compared. 256 lanes (8 wave32 or 4 wave64
waves), EXEC: all lanes, no lane, and random masks.
"""
from . import kernel as K

NL = 256
M32 = 0xffffffff


class LOp:
    family = "lanes"
    model = None

    def __init__(self, name, model=None):
        self.name = name
        self.model = model


class LForm:
    def __init__(self, name, text, wave64=False, fi=0, bc=0, lane_imm=None, halves=None):
        rotate = name == "ds_swizzle_b32" and 0xc000 <= (lane_imm or 0) < 0xe000
        self.op = LOp(name, "permlane_fi_bound_ctrl" if name.startswith("v_permlane") and "64" not in name else
                      "ds_swizzle_rotate" if rotate else None)
        self.name = name
        self.wave64 = wave64
        self.fi, self.bc, self.lane_imm = fi, bc, lane_imm
        self.halves = halves  # v_swap_b16: (destination VGPR, its half, source VGPR, its half)
        self.denorm = 3
        self.dpp = None
        self.round = None
        self.text = text

    @property
    def lanes(self):
        return 64 if self.wave64 else 32

    def desc(self):
        return ("w64: " if self.wave64 else "") + self.text


def all_forms(seed):
    out = []
    for w64 in (False, True):
        out.append(LForm("v_readfirstlane_b32", "v_readfirstlane_b32 s20, v4", w64))
        out.append(LForm("v_readlane_b32", "v_readlane_b32 s20, v4, s6", w64))
        out.append(LForm("v_readlane_b32", "v_readlane_b32 s20, v4, 5", w64, lane_imm=5))
        out.append(LForm("v_writelane_b32", "v_writelane_b32 v2, s4, s6", w64))
        out.append(LForm("v_writelane_b32", "v_writelane_b32 v2, s4, 31", w64, lane_imm=31))
        for nm in ("v_permlane16_b32", "v_permlanex16_b32", "v_permlane16_var_b32", "v_permlanex16_var_b32"):
            for fi, bc in ((0, 0), (1, 0), (0, 1), (1, 1)):
                sel = " op_sel:[%d,%d]" % (fi, bc) if fi or bc else ""
                srcs = "v6" if "_var" in nm else "s4, s6"
                out.append(LForm(nm, "%s v2, v4, %s%s" % (nm, srcs, sel), w64, fi, bc))
        out.append(LForm("v_swap_b32", "v_swap_b32 v2, v4", w64))
        for h in SWAP16_HALVES:
            out.append(LForm("v_swap_b16", swap_b16_text(*h), w64, halves=h))
    out.append(LForm("v_permlane64_b32", "v_permlane64_b32 v2, v4", True))
    # M0-relative moves: sources v8..v11, destinations v12..v15, M0 per wave
    # (v_swaprel_b32 v9, v8: source v8..v11, destination v9..v12, the same register in one wave)
    for w64 in (False, True):
        for nm in ("v_movrels_b32", "v_movreld_b32", "v_movrelsd_b32", "v_movrelsd_2_b32", "v_swaprel_b32"):
            out.append(LForm(nm, "%s v12, v8" % nm, w64))
        out.append(LForm("v_swaprel_b32", "v_swaprel_b32 v9, v8", w64))
    # LDS-unit lane crossings: v2 destination, v5 per-lane byte address, v4 data
    for w64 in (False, True):
        for nm in ("ds_permute_b32", "ds_bpermute_b32", "ds_bpermute_fi_b32"):
            for off in (0, 12, 0xfffc):
                t = "%s v2, v5, v4" % nm + (" offset:%d" % off if off else "")
                out.append(LForm(nm, t, w64, lane_imm=off))
        for off in SWIZZLE_OFFSETS:
            out.append(LForm("ds_swizzle_b32", "ds_swizzle_b32 v2, v4 offset:0x%x" % off, w64, lane_imm=off))
    return out


# v_swap_b16 (VOP1 only): (destination VGPR, half, source VGPR, half); 1 = bits [31:16]. The
# halves are true16 operands (v2.h), which llvm-mc 22 takes only with -mattr=+real-true16 and
# llvm-mc 19 not at all, so the kernel carries the encoded word (AMD RDNA4 ISA reference guide,
# VOP1 encoding: an 8-bit VDST and a 9-bit SRC0 field whose bit 7 of the VGPR number selects the
# high half in 16-bit operations), with the assembly text in a comment.
SWAP16_HALVES = ((2, 0, 4, 0), (2, 1, 4, 0), (2, 0, 4, 1), (2, 1, 4, 1), (2, 1, 2, 0))


def swap_b16_text(dr, dh, sr, sh):
    word = (0x3f << 25) | ((dr | dh << 7) << 17) | (0x66 << 9) | (0x100 | sr | sh << 7)
    return ".long 0x%08x ; v_swap_b16 v%d.%s, v%d.%s" % (word, dr, "lh"[dh], sr, "lh"[sh])


# ds_swizzle_b32 offsets: bit-mask mode (< 0x8000: and [4:0], or [9:5], xor [14:10]),
# quad permutation (0x8000-0xbfff: lane selects in [7:0]), rotation (0xc000-0xdfff:
# amount [9:5], direction [10], lane mask [4:0]: llvm-mc's swizzle(ROTATE,dir,size) writes
# mask 0, a plain offset:N gives the others) and FFT (>= 0xe000, mask [4:0]).
SWIZZLE_OFFSETS = (0x001f, 0x041f, 0x7c00, 0x0210, 0x3c1f, 0x5a33, 0x0000, 0x8000 | 0x1b, 0x8000 | 0xe4,
                   0x8000 | 0x55, 0xc000 | (3 << 5), 0xc400 | (3 << 5), 0xc000 | (31 << 5), 0xc400 | (1 << 5),
                   # rotation with a lane mask: bit 4 kept (two rotating halves of 16), bits 1:0 kept
                   # (groups of 4 rotating together), an odd mask, every bit kept (identity), amount
                   # 0 with a mask, and offset[11] / [12] set (ignored by the guide's rule)
                   0xc000 | (3 << 5) | 0x10, 0xc400 | (5 << 5) | 0x03, 0xc000 | (9 << 5) | 0x15,
                   0xc400 | (7 << 5) | 0x1f, 0xc000 | 0x0a, 0xc800 | (2 << 5) | 0x01, 0xd400 | (6 << 5) | 0x08,
                   0xe000 | 5, 0xe000 | 0x1f, 0xe000, 0xe000 | 0x10)


def _bitrev5(x):
    return int("{:05b}".format(x & 31)[::-1], 2)


def swizzle_source(off, i):
    """The lane lane i reads for ds_swizzle_b32 offset `off` (AMD RDNA4 ISA
    reference guide, DS_SWIZZLE_B32). Groups of 32 lanes: bit 5 of the lane id
    is kept. The FFT mode reverses the 5-bit lane id (the guide's reverse_bits
    of i & 0x1f); the rotation moves lane i + amount to lane i (direction bit
    set: i - amount), modulo 32, except the lane-id bits in the mask [4:0],
    which lane i keeps (the guide's j = (i & mask) | ((i + rotate) & ~mask);
    the modulo and the direction are a documented emulator choice,
    rdna4-emu models: ds_swizzle_rotate)."""
    if off >= 0xe000:
        mask = off & 31
        j = _bitrev5(i & 31) >> bin(mask).count("1")
        j |= i & mask
    elif off >= 0xc000:
        mask = off & 31
        rot = (off >> 5) & 31
        if (off >> 10) & 1:
            rot = -rot
        j = (i & mask) | ((i + rot) & ~mask & 31)
    elif off >= 0x8000:
        j = (i & ~3 & 31) + ((off >> (2 * (i & 3))) & 3)
    else:
        j = (((i & 31) & (off & 31)) | ((off >> 5) & 31)) ^ ((off >> 10) & 31)
    return (j & 31) | (i & 32)


def reference_ds(form, vec):
    """ds_permute/bpermute/bpermute_fi/swizzle: v2 per lane after the instruction."""
    W = form.lanes
    v2 = list(vec.v2)
    nm = form.name
    for w in range(vec.nwaves):
        ex = vec.exec[w]
        base = w * W
        tmp = [0] * W
        for i in range(W):
            if nm == "ds_swizzle_b32":
                j = swizzle_source(form.lane_imm, i)
                tmp[i] = vec.v4[base + j] if (ex >> j) & 1 else 0
                continue
            # the lane is the byte address (address VGPR + offset, 32 bits) divided by
            # 4, modulo the wave size: bits [6:2] (wave32) or [7:2] (wave64)
            lane = (((vec.v5[base + i] + form.lane_imm) & M32) >> 2) % W
            if nm == "ds_permute_b32":
                if (ex >> i) & 1:
                    tmp[lane] = vec.v4[base + i]  # ascending i: the highest source lane wins
            elif nm == "ds_bpermute_b32":
                if (ex >> lane) & 1:
                    tmp[i] = vec.v4[base + lane]
            else:  # ds_bpermute_fi_b32: the source lane is read whatever EXEC says
                tmp[i] = vec.v4[base + lane]
        for i in range(W):
            if (ex >> i) & 1:
                v2[base + i] = tmp[i]
    return v2


MOVREL_REGS = tuple(range(8, 16))

# M0 per wave for the M0-relative moves (wave32: 8 waves, wave64: the first 4): small, large, and
# the last offsets that stay inside the kernel's 256 VGPRs (v8 + 247 = v255 for a source,
# v12 + 243 = v255 for a destination). v_movrelsd_2_b32 / v_swaprel_b32 take the source offset
# from M0[9:0] and the destination offset from M0[25:16]; one wave of v_swaprel_b32 v9, v8 has
# source and destination the same register.
MOVREL_M0 = {32: (0, 1, 2, 3, 17, 100, 200, 243), 64: (3, 100, 17, 243)}
MOVREL_SRC_LAST, MOVREL_DST_LAST = 247, 243


def _movrel_m0(form, w, nwaves, rng):
    ms = MOVREL_M0[form.lanes]
    m = ms[w % len(ms)]
    if form.name == "v_movrels_b32" and m == 243:
        return MOVREL_SRC_LAST  # a source read of v255
    if form.name not in ("v_movrelsd_2_b32", "v_swaprel_b32"):
        return m
    lo = min(m + 4, MOVREL_SRC_LAST) if m >= 200 else m  # 247: v255 as the source
    hi = ms[(len(ms) - 1 - w) % len(ms)]
    if form.name == "v_swaprel_b32" and form.text.split()[1] == "v9," and w == 1:
        hi = lo - 1  # v9 + hi = v8 + lo
    # bits [15:10] and [31:26] are outside both fields: random
    return lo | (rng.getrandbits(6) << 10) | (hi << 16) | (rng.getrandbits(6) << 26)


def movrel_regs(form, vec):
    """The VGPRs an M0-relative form can touch in any wave: loaded and compared."""
    dbase = int(form.text.split()[1].strip("v,"))
    regs = set(MOVREL_REGS)
    for m0 in vec.m0:
        if form.name in ("v_movrelsd_2_b32", "v_swaprel_b32"):
            regs |= {8 + (m0 & 0x3ff), dbase + ((m0 >> 16) & 0x3ff)}
        else:
            regs |= {8 + m0 if form.name != "v_movreld_b32" else 8, 12 + m0 if form.name != "v_movrels_b32" else 12}
    return tuple(sorted(regs))


def _m0_relative(form):
    return form.name.startswith("v_movrel") or form.name == "v_swaprel_b32"


class Vectors:
    def __init__(self, form, rng):
        W = form.lanes
        self.nwaves = NL // W
        self.v2 = [rng.getrandbits(32) for _ in range(NL)]
        self.v4 = [rng.getrandbits(32) for _ in range(NL)]
        self.s4 = [rng.getrandbits(32) for _ in range(self.nwaves)]
        self.s6 = [rng.getrandbits(32) for _ in range(self.nwaves)]
        # _var lane selects: bits [3:0] per lane, the other bits random (ignored)
        self.v6 = [rng.getrandbits(32) for _ in range(NL)]
        if form.name == "v_readlane_b32" or form.name == "v_writelane_b32":
            self.s6[0] = W - 1
            self.s6[1] = W + 3  # lane select is taken modulo the wave size
        full = (1 << W) - 1
        self.exec = [full, 0] + [rng.getrandbits(W) for _ in range(self.nwaves - 2)]
        # M0 per wave (MOVREL_M0), the VGPRs it reaches with random old values
        self.m0 = [_movrel_m0(form, w, self.nwaves, rng) for w in range(self.nwaves)]
        if _m0_relative(form):
            self.regs = movrel_regs(form, self)
        else:
            self.regs = MOVREL_REGS
        self.rel = {r: [rng.getrandbits(32) for _ in range(NL)] for r in self.regs}
        if form.name.startswith("ds_"):
            # byte addresses: a lane * 4 with random high bits, random bits, a lane * 4 + 1..3
            self.v5 = []
            for g in range(NL):
                k = rng.randrange(3)
                lane = rng.randrange(W)
                self.v5.append((lane * 4) | (rng.getrandbits(24) << 8) if k == 0 else
                               rng.getrandbits(32) if k == 1 else lane * 4 + rng.randrange(1, 4))


def reference_movrel(form, vec):
    W = form.lanes
    regs = {r: list(vec.rel[r]) for r in vec.regs}
    dbase = int(form.text.split()[1].strip("v,"))
    for w in range(vec.nwaves):
        m0 = vec.m0[w]
        full, lo, hi = m0, m0 & 0x3ff, (m0 >> 16) & 0x3ff
        for l in range(W):
            g = w * W + l
            if not (vec.exec[w] >> l) & 1:
                continue
            nm = form.name
            if nm == "v_movrels_b32":
                regs[12][g] = vec.rel[8 + full][g]
            elif nm == "v_movreld_b32":
                regs[12 + full][g] = vec.rel[8][g]
            elif nm == "v_movrelsd_b32":
                regs[12 + full][g] = vec.rel[8 + full][g]
            elif nm == "v_swaprel_b32":
                # guide, V_SWAPREL_B32: source SRC0 + M0[9:0], destination VDST + M0[25:16],
                # tmp = dest; dest = src; src = tmp (one register when both are the same)
                rs, rd = 8 + lo, dbase + hi
                t = regs[rd][g]
                regs[rd][g] = regs[rs][g]
                regs[rs][g] = t
            else:
                regs[12 + hi][g] = vec.rel[8 + lo][g]
    return regs


def reference(form, vec):
    W = form.lanes
    v2 = list(vec.v2)
    v4 = list(vec.v4)
    s20 = [0] * vec.nwaves
    for w in range(vec.nwaves):
        ex = vec.exec[w]
        base = w * W
        nm = form.name
        if nm == "v_readfirstlane_b32":
            lane = (ex & -ex).bit_length() - 1 if ex else 0
            s20[w] = vec.v4[base + lane]
        elif nm == "v_readlane_b32":
            sel = form.lane_imm if form.lane_imm is not None else vec.s6[w]
            s20[w] = vec.v4[base + (sel & (W - 1))]
        elif nm == "v_writelane_b32":
            sel = form.lane_imm if form.lane_imm is not None else vec.s6[w]
            v2[base + (sel & (W - 1))] = vec.s4[w]  # written whatever EXEC says
        elif nm.startswith("v_permlane") and "16" in nm:
            # guide, V_PERMLANE(X)16(_VAR)_B32: lane row*16+i reads lane (row or row^1)*16 + sel,
            # sel = the i-th nibble of {S2, S1} or, for _var, S1[3:0] of the lane itself
            lanesel = vec.s4[w] | (vec.s6[w] << 32)
            for row in range(W // 16):
                srow = row if nm.startswith("v_permlane16") else (row ^ 1)
                for i in range(16):
                    l = row * 16 + i
                    if not (ex >> l) & 1:
                        continue
                    sel = vec.v6[base + l] if "_var" in nm else lanesel >> (4 * i)
                    src = srow * 16 + (sel & 15)
                    if (ex >> src) & 1 or form.fi:
                        v2[base + l] = vec.v4[base + src]
                    elif form.bc:
                        v2[base + l] = 0
        elif nm == "v_permlane64_b32":
            for l in range(W):
                if (ex >> l) & 1:
                    v2[base + l] = vec.v4[base + (l ^ 32)]
        elif nm == "v_swap_b32":
            for l in range(W):
                if (ex >> l) & 1:
                    v2[base + l], v4[base + l] = vec.v4[base + l], vec.v2[base + l]
        elif nm == "v_swap_b16":
            # guide, V_SWAP_B16: tmp = D0.b16; D0.b16 = S0.b16; S0.b16 = tmp (the other halves kept)
            dr, dh, sr, sh = form.halves
            for l in range(W):
                if (ex >> l) & 1:
                    regs = {2: v2, 4: v4}
                    d, sv = regs[dr], regs[sr]
                    t = (d[base + l] >> (16 * dh)) & 0xffff
                    x = (sv[base + l] >> (16 * sh)) & 0xffff
                    d[base + l] = (d[base + l] & ~(0xffff << (16 * dh)) & M32) | (x << (16 * dh))
                    sv[base + l] = (sv[base + l] & ~(0xffff << (16 * sh)) & M32) | (t << (16 * sh))
    return v2, v4, s20


def build_kernel(form, vec, name):
    if _m0_relative(form):
        return build_movrel(form, vec, name)
    W = form.lanes
    ds = form.name.startswith("ds_")
    var = form.name.endswith("_var_b32")
    words = list(vec.v2) + list(vec.v4)
    per_wave = []
    for vals in (vec.s4, vec.s6, vec.exec):
        col = [0] * NL
        for w, x in enumerate(vals):
            col[2 * w] = x & M32
            col[2 * w + 1] = x >> 32
        per_wave.append(col)
    for col in per_wave:
        words.extend(col)
    if ds:
        words.extend(vec.v5)
    elif var:
        words.extend(vec.v6)
    data = b"".join(x.to_bytes(4, "little") for x in words)
    b = ["s_load_b64 s[12:13], s[0:1], 0x0", "s_load_b64 s[14:15], s[0:1], 0x8",
         "v_readfirstlane_b32 s16, v0", "v_lshlrev_b32 v1, 2, v0", "s_wait_kmcnt 0x0",
         "s_lshr_b32 s16, s16, %d" % (6 if form.wave64 else 5), "s_lshl_b32 s17, s16, 3",
         "s_add_co_u32 s18, s12, s17", "s_add_co_ci_u32 s19, s13, 0",
         "global_load_b32 v2, v1, s[12:13]", "global_load_b32 v4, v1, s[12:13] offset:%d" % (4 * NL),
         "s_load_b32 s4, s[18:19], 0x%x" % (8 * NL), "s_load_b32 s6, s[18:19], 0x%x" % (12 * NL),
         "s_load_b64 s[22:23], s[18:19], 0x%x" % (16 * NL), "s_mov_b32 s20, 0"] + \
        (["global_load_b32 v5, v1, s[12:13] offset:%d" % (20 * NL)] if ds else []) + \
        (["global_load_b32 v6, v1, s[12:13] offset:%d" % (20 * NL)] if var else []) + \
        ["s_wait_loadcnt 0x0", "s_wait_kmcnt 0x0",
         "s_mov_b64 exec, s[22:23]" if form.wave64 else "s_mov_b32 exec_lo, s22",
         form.text] + (["s_wait_dscnt 0x0"] if ds else []) + [
         "s_mov_b64 exec, -1" if form.wave64 else "s_mov_b32 exec_lo, -1",
         "v_mov_b32 v30, s20",
         "global_store_b32 v1, v2, s[14:15]", "global_store_b32 v1, v4, s[14:15] offset:%d" % (4 * NL),
         "global_store_b32 v1, v30, s[14:15] offset:%d" % (8 * NL), "s_endpgm"]
    return K.Kernel(name, "\n".join("  " + x for x in b), 2, wave64=form.wave64), None, data


def build_movrel(form, vec, name):
    words = []
    for r in vec.regs:
        words.extend(vec.rel[r])
    for vals in (vec.m0, vec.exec):
        col = [0] * NL
        for w, x in enumerate(vals):
            col[2 * w] = x & M32
            col[2 * w + 1] = x >> 32
        words.extend(col)
    data = b"".join(x.to_bytes(4, "little") for x in words)
    n = len(vec.regs)
    b = ["s_load_b64 s[12:13], s[0:1], 0x0", "s_load_b64 s[14:15], s[0:1], 0x8",
         "v_readfirstlane_b32 s16, v0", "v_lshlrev_b32 v1, 2, v0", "s_wait_kmcnt 0x0",
         "s_lshr_b32 s16, s16, %d" % (6 if form.wave64 else 5), "s_lshl_b32 s17, s16, 3",
         "s_add_co_u32 s18, s12, s17", "s_add_co_ci_u32 s19, s13, 0"]
    for i, r in enumerate(vec.regs):
        b.append("global_load_b32 v%d, v1, s[12:13] offset:%d" % (r, 4 * NL * i))
    b += ["s_load_b32 s24, s[18:19], 0x%x" % (4 * NL * n), "s_load_b64 s[22:23], s[18:19], 0x%x" % (4 * NL * (n + 1)),
          "s_wait_loadcnt 0x0", "s_wait_kmcnt 0x0", "s_mov_b32 m0, s24",
          "s_mov_b64 exec, s[22:23]" if form.wave64 else "s_mov_b32 exec_lo, s22", form.text,
          "s_mov_b64 exec, -1" if form.wave64 else "s_mov_b32 exec_lo, -1"]
    for i, r in enumerate(vec.regs):
        b.append("global_store_b32 v1, v%d, s[14:15] offset:%d" % (r, 4 * NL * i))
    b.append("s_endpgm")
    return K.Kernel(name, "\n".join("  " + x for x in b), 2, wave64=form.wave64), None, data


def launch_for(name, data, vec):
    return K.Launch(name, NL, [(len(data), data, False), (max(12 * NL, 4 * NL * len(vec.regs)), None, True)])


def lane_inputs(form, vec, g):
    w = g // form.lanes
    if form.name.startswith("ds_"):
        return [vec.v2[g], vec.v4[g], vec.v5[g], vec.exec[w]]
    if form.name.endswith("_var_b32"):
        return [vec.v2[g], vec.v4[g], vec.v6[g], vec.exec[w]]
    if _m0_relative(form):
        return [vec.rel[r][g] for r in vec.regs] + [vec.m0[w], vec.exec[w]]
    return [vec.v2[g], vec.v4[g], vec.s4[w], vec.s6[w], vec.exec[w]]


def compare(form, vec, L, out):
    if _m0_relative(form):
        regs = reference_movrel(form, vec)
        bad = []
        for i, r in enumerate(vec.regs):
            for g in range(NL):
                got = int.from_bytes(out[4 * (NL * i + g):4 * (NL * i + g) + 4], "little")
                if got != regs[r][g]:
                    bad.append((g, "v%d" % r, regs[r][g], got))
        return bad
    v2, v4, s20 = reference(form, vec)
    if form.name.startswith("ds_"):
        v2 = reference_ds(form, vec)
    W = form.lanes
    bad = []
    for g in range(NL):
        for k, exp in ((0, v2[g]), (1, v4[g])):
            got = int.from_bytes(out[4 * (k * NL + g):4 * (k * NL + g) + 4], "little")
            if got != exp:
                bad.append((g, "v%d" % (2 if k == 0 else 4), exp, got))
    if form.name in ("v_readfirstlane_b32", "v_readlane_b32"):
        for w in range(NL // W):
            got = int.from_bytes(out[4 * (2 * NL + w * W):4 * (2 * NL + w * W) + 4], "little")
            if got != s20[w]:
                bad.append((w * W, "s20", s20[w], got))
    return bad


def reproducer(form, vec, g, what):
    W = form.lanes
    w = g // W
    if _m0_relative(form):
        regs = reference_movrel(form, vec)
        ins = ["v%d=0x%x" % (r, vec.rel[r][g]) for r in vec.regs] + ["m0=0x%x" % vec.m0[w]]
        if not (vec.exec[w] >> (g % W)) & 1:
            ins.append("exec=0")  # the same values in every lane: lane g inactive = no lane active
        outs = ["v%d=0x%x" % (r, regs[r][g]) for r in vec.regs]
        return "%s%s ; %s ; %s" % ("w64: " if form.wave64 else "", form.text, " ".join(ins), " ".join(outs))
    ins = ["v2=[%s]" % ",".join("0x%x" % vec.v2[w * W + i] for i in range(W)),
           "v4=[%s]" % ",".join("0x%x" % vec.v4[w * W + i] for i in range(W)),
           "s4=0x%x" % vec.s4[w], "s6=0x%x" % vec.s6[w], "exec=0x%x" % vec.exec[w]]
    v2, v4, s20 = reference(form, vec)
    if form.name.startswith("ds_"):
        v2 = reference_ds(form, vec)
        if form.name != "ds_swizzle_b32":
            ins.insert(2, "v5=[%s]" % ",".join("0x%x" % vec.v5[w * W + i] for i in range(W)))
    elif form.name.endswith("_var_b32"):
        ins[2:4] = ["v6=[%s]" % ",".join("0x%x" % vec.v6[w * W + i] for i in range(W))]
    outs = ["v2[%d]=0x%x" % (g % W, v2[g]), "v4[%d]=0x%x" % (g % W, v4[g])]
    if form.name in ("v_readfirstlane_b32", "v_readlane_b32"):
        outs.append("s20=0x%x" % s20[w])
    return "%s%s ; %s ; %s" % ("w64: " if form.wave64 else "", form.text, " ".join(ins), " ".join(outs))

