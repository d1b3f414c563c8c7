"""`rdna4-conformance probe`: decide the emulator's UNVERIFIED matrix models on a device.

  rdna4-conformance probe [--device auto|emu|hw] [--clang PATH] [--build-dir DIR]
                          [--out FILE] [--work DIR] [--only ID,ID...] [--confusion]

For every assumption of `rdna4-emu assumptions` that has candidate models (the emulator
selects them with RDNA4_EMU_MODEL=id=candidate,...), a probe runs one or two matrix
instructions on raw register images chosen so that every candidate predicts different
bits, and names the candidate the device matches, or "none of the candidates" (the raw
observations are kept). The result goes to model-facts.json (--out; default
build/conformance/model-facts.json), which `rdna4-emu assumptions --facts FILE` reads.

Probe kernels: harness/conformance/probes/probes.hip, compiled (once per --work dir and
toolchain) for wave32 and wave64 with `rdna4-conformance hipcc`. The predictions below are
derived by hand from each candidate's definition (docs/facts/unverified.md): element
values in the comments, register positions from AMD's Matrix Instruction Calculator dump
(harness/emu/wmma/tests/data/calculator_layouts.txt) and the transpose formulas.
On the emulator the device is the default model unless RDNA4_EMU_MODEL says otherwise;
an emulator result is a property of the model, never a hardware fact.
Python standard library only.
"""

import argparse
import datetime
import hashlib
import json
import os
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
PROBES_HIP = os.path.join(HERE, "probes", "probes.hip")
CALCULATOR = os.path.join(REPO, "harness", "emu", "wmma", "tests", "data", "calculator_layouts.txt")
SCHEMA = "rdna4-model-facts/1"
NONE = "none of the candidates"

# Assumptions whose candidates no result can tell apart (listed in model-facts.json).
NOT_PROBEABLE = {
    "wave64_cycles": "cycle counts change no register or memory value; only a clock could "
                     "tell them apart, and the emulator has none (its cycle counter is an "
                     "instruction count, salu_hwreg_shader_cycles), so a timing probe would "
                     "compare two unrelated things",
}


class ProbeError(Exception):
    pass


# ---------------------------------------------------------------- layouts (calculator dump)

_LAYOUTS = None


def layouts():
    """{(mnemonic, wave, matrix, opsel): [(gpr, bit, width, lane) per element]} from the dump."""
    global _LAYOUTS
    if _LAYOUTS is None:
        tables, uses = {}, {}
        with open(CALCULATOR) as f:
            for line in f:
                w = line.split()
                if not w or w[0].startswith("#"):
                    continue
                if w[0] == "layout":
                    els = []
                    for tok in w[2:]:
                        loc, lane = tok.split("@")
                        g, b, width = loc.split(".")
                        els.append((int(g), int(b), int(width), int(lane)))
                    tables[int(w[1])] = els
                elif w[0] == "use":
                    uses[(w[1], int(w[2][1:]), w[3], int(w[4]))] = int(w[5])
        _LAYOUTS = {k: tables[v] for k, v in uses.items()}
    return _LAYOUTS


def image(nregs, wave):
    return [0] * (nregs * wave)


def put(img, nregs, loc, value):
    """Write value into the field loc = (gpr, bit, width, lane) of a lane-major image."""
    g, b, width, lane = loc
    at = lane * nregs + g
    mask = ((1 << width) - 1) << b
    img[at] = (img[at] & ~mask) | ((value << b) & mask)


def get(img, nregs, loc):
    g, b, width, lane = loc
    return (img[lane * nregs + g] >> b) & ((1 << width) - 1)


def f16(x):
    return struct.unpack("<H", struct.pack("<e", x))[0]


def f32(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def is_nan32(w):
    return (w & 0x7f800000) == 0x7f800000 and (w & 0x7fffff) != 0


def hx(w):
    return "%08x" % w


# ---------------------------------------------------------------- probes

class Probe:
    """One assumption: runs [(binary, kernel, input words)], observe(outputs) -> tuple of
    tokens, expect {candidate: tuple of tokens}; candidates in the emulator's order."""

    def __init__(self, aid, name, candidates, runs, observe, expect, what):
        self.id, self.name, self.candidates = aid, name, candidates
        self.runs, self.observe, self.expect, self.what = runs, observe, expect, what


def dense_inputs(mn, wave, nregs, a, b, c, K=16):
    """Lane-major A, B, C images of a dense WMMA. a: {(i, k): bits}, b: {(k, j): bits},
    c: {(i, j): bits}; nregs = (A, B, C) registers per lane."""
    L = layouts()
    A, B, C = image(nregs[0], wave), image(nregs[1], wave), image(nregs[2], wave)
    for (i, k), v in a.items():
        put(A, nregs[0], L[(mn, wave, "a", 0)][i * K + k], v)
    for (k, j), v in b.items():
        put(B, nregs[1], L[(mn, wave, "b", 0)][k * 16 + j], v)
    for (i, j), v in c.items():
        put(C, nregs[2], L[(mn, wave, "d", 0)][i * 16 + j], v)
    return A + B + C


def d_elem(mn, wave, nregs, out, i, j):
    return get(out, nregs, layouts()[(mn, wave, "d", 0)][i * 16 + j])


def probe_accumulation():
    # A[0][0..2] = 1, 2^-12, 2^-12; B[0..2][0] = 1, 2^-12, 2^-12; B[0..2][1] = 1, 2^-12, 2^-13.
    # D[0][0] = 1 + 2^-24 + 2^-24 = 1 + 2^-23 (representable: 0x3f800001);
    # D[0][1] = 1 + 2^-24 + 2^-25 = 1 + 0.75 ulp(1).
    #  exact: rounded once to nearest: 0x3f800001, 0x3f800001
    #  f32_each_step: 1 + 2^-24 is a tie -> 1.0 (even), twice: 0x3f800000, 0x3f800000
    #  exact_truncate: toward zero: 0x3f800001, 0x3f800000
    mn, n = "v_wmma_f32_16x16x16_f16", (4, 4, 8)
    one, e12, e13 = f16(1.0), f16(2.0 ** -12), f16(2.0 ** -13)
    words = dense_inputs(mn, 32, n, {(0, 0): one, (0, 1): e12, (0, 2): e12},
                         {(0, 0): one, (1, 0): e12, (2, 0): e12, (0, 1): one, (1, 1): e12, (2, 1): e13}, {})
    return Probe("float_accumulation", "accumulation", ["exact", "f32_each_step", "exact_truncate"],
                 [("w32", "dense_f32_f16", words)],
                 lambda o: tuple(hx(d_elem(mn, 32, 8, o[0], 0, j)) for j in (0, 1)),
                 {"exact": ("3f800001", "3f800001"), "f32_each_step": ("3f800000", "3f800000"),
                  "exact_truncate": ("3f800001", "3f800000")},
                 "v_wmma_f32_16x16x16_f16: D[0][0], D[0][1] (1 + 2^-24 + 2^-24, 1 + 2^-24 + 2^-25)")


def probe_denormals():
    # f16 result: D[0][0] = A 2^-24 (denormal 0x0001) x B 1024 = 2^-14 (normal 0x0400);
    # D[0][1] = 2^-12 x 2^-12 = 2^-24 (denormal result 0x0001).
    mn, n = "v_wmma_f16_16x16x16_f16", (4, 4, 4)
    words = dense_inputs(mn, 32, n, {(0, 0): 0x0001, (0, 1): f16(2.0 ** -12)},
                         {(0, 0): f16(1024.0), (1, 1): f16(2.0 ** -12)}, {})
    return Probe("denormals", "denormals", ["keep", "flush_inputs", "flush_outputs", "flush_all"],
                 [("w32", "dense_f16_f16", words)],
                 lambda o: tuple("%04x" % d_elem(mn, 32, 4, o[0], 0, j) for j in (0, 1)),
                 {"keep": ("0400", "0001"), "flush_inputs": ("0000", "0001"),
                  "flush_outputs": ("0400", "0000"), "flush_all": ("0000", "0000")},
                 "v_wmma_f16_16x16x16_f16: D[0][0] = denormal 2^-24 x 1024, D[0][1] = 2^-12 x 2^-12")


def probe_nan():
    # C[0][0] = 0xff812345 (negative signalling NaN with a payload), A = B = 0.
    #  canonical: 0x7fc00000; propagate_c: C quieted, sign and payload kept: 0xffc12345.
    mn, n = "v_wmma_f32_16x16x16_f16", (4, 4, 8)
    words = dense_inputs(mn, 32, n, {}, {}, {(0, 0): 0xff812345})
    return Probe("nan_results", "nan", ["canonical", "propagate_c"],
                 [("w32", "dense_f32_f16", words)],
                 lambda o: (hx(d_elem(mn, 32, 8, o[0], 0, 0)),),
                 {"canonical": ("7fc00000",), "propagate_c": ("ffc12345",)},
                 "v_wmma_f32_16x16x16_f16: D[0][0] with C[0][0] = 0xff812345")


def probe_fp8():
    # fp8: A[0][0] = B[0][0] = 0x38; A[1][1] = 0x80, B[1][1] = 0x38 (row 1 of A and column 1
    # of B otherwise 0, so the 0x80 reaches D[1][1] only, never D[0][0]).
    #  ocp (E4M3 bias 7): 0x38 = 1.0 -> D[0][0] = 1.0 (0x3f800000); 0x80 = -0 -> D[1][1] = +0.
    #  fnuz (bias 8): 0x38 = 0.5 -> 0.25 (0x3e800000); 0x80 = NaN -> D[1][1] NaN.
    # bf8: A[0][0] = B[0][0] = 0x3c: ocp (E5M2 bias 15) 1.0 -> 0x3f800000; fnuz (bias 16) 0.5 -> 0.25.
    mn8, mnb, n = "v_wmma_f32_16x16x16_fp8_fp8", "v_wmma_f32_16x16x16_bf8_bf8", (2, 2, 8)
    w8 = dense_inputs(mn8, 32, n, {(0, 0): 0x38, (1, 1): 0x80}, {(0, 0): 0x38, (1, 1): 0x38}, {})
    wb = dense_inputs(mnb, 32, n, {(0, 0): 0x3c}, {(0, 0): 0x3c}, {})

    def obs(o):
        d11 = d_elem(mn8, 32, 8, o[0], 1, 1)
        return (hx(d_elem(mn8, 32, 8, o[0], 0, 0)), "nan" if is_nan32(d11) else hx(d11),
                hx(d_elem(mnb, 32, 8, o[1], 0, 0)))
    return Probe("fp8_bf8_decoding", "fp8_bf8", ["ocp", "fnuz"],
                 [("w32", "dense_f32_fp8", w8), ("w32", "dense_f32_bf8", wb)], obs,
                 {"ocp": ("3f800000", "00000000", "3f800000"), "fnuz": ("3e800000", "nan", "3e800000")},
                 "fp8 0x38*0x38, fp8 0x80*0x38, bf8 0x3c*0x3c (v_wmma_f32_16x16x16_fp8_fp8 / bf8_bf8)")


def probe_c_modifiers():
    # A = B = 0, so D = C after the modifiers. neg_hi:[0,0,1] on C = -2; neg_lo+neg_hi on C = +2.
    #  abs_then_neg: |-2| = 2, -|2| = -2; neg_then_abs: 2, |-2| = 2; ignored: -2, 2.
    mn, n = "v_wmma_f32_16x16x16_f16", (4, 4, 8)
    wa = dense_inputs(mn, 32, n, {}, {}, {(0, 0): f32(-2.0)})
    wn = dense_inputs(mn, 32, n, {}, {}, {(0, 0): f32(2.0)})
    return Probe("c_modifiers", "c_modifiers", ["abs_then_neg", "neg_then_abs", "ignored"],
                 [("w32", "dense_f32_f16_cabs", wa), ("w32", "dense_f32_f16_cnegabs", wn)],
                 lambda o: (hx(d_elem(mn, 32, 8, o[0], 0, 0)), hx(d_elem(mn, 32, 8, o[1], 0, 0))),
                 {"abs_then_neg": ("40000000", "c0000000"), "neg_then_abs": ("40000000", "40000000"),
                  "ignored": ("c0000000", "40000000")},
                 "v_wmma_f32_16x16x16_f16 neg_hi:[0,0,1] with C = -2; neg_lo:[0,0,1] neg_hi:[0,0,1] with C = 2")


def probe_float_clamp():
    # clamp bit set (raw encoding), A = B = 0, C[0][0] = 2, C[0][1] = -2.
    #  illegal: the kernel faults; clamp_0_1: 1.0, +0; ignored: 2, -2.
    mn, n = "v_wmma_f32_16x16x16_f16", (4, 4, 8)
    words = dense_inputs(mn, 32, n, {}, {}, {(0, 0): f32(2.0), (0, 1): f32(-2.0)})
    return Probe("float_clamp", "float_clamp", ["illegal", "clamp_0_1", "ignored"],
                 [("w32", "dense_f32_f16_clamp", words)],
                 lambda o: ("FAULT",) if o[0] is None else
                 tuple(hx(d_elem(mn, 32, 8, o[0], 0, j)) for j in (0, 1)),
                 {"illegal": ("FAULT",), "clamp_0_1": ("3f800000", "00000000"),
                  "ignored": ("40000000", "c0000000")},
                 "v_wmma_f32_16x16x16_f16 with the clamp bit, C[0][0] = 2, C[0][1] = -2")


def probe_int_clamp():
    # iu8, A and B unsigned, clamp: A[0][0] = 1, B[0][0] = B[0][1] = 1,
    # C[0][0] = 0x7fffffff (sum 2^31), C[0][1] = -5 (sum -4).
    #  int32: 0x7fffffff, -4; wrap: 0x80000000, -4; input_type (u8: [0, 255]): 255, 0;
    #  uint32_unsigned ([0, 2^32-1]): 0x80000000, 0.
    mn, n = "v_wmma_i32_16x16x16_iu8", (2, 2, 8)
    words = dense_inputs(mn, 32, n, {(0, 0): 1}, {(0, 0): 1, (0, 1): 1},
                         {(0, 0): 0x7fffffff, (0, 1): 0xfffffffb})
    return Probe("int_clamp", "int_clamp", ["int32", "wrap", "input_type", "uint32_unsigned"],
                 [("w32", "dense_i32_iu8_clamp", words)],
                 lambda o: tuple(hx(d_elem(mn, 32, 8, o[0], 0, j)) for j in (0, 1)),
                 {"int32": ("7fffffff", "fffffffc"), "wrap": ("80000000", "fffffffc"),
                  "input_type": ("000000ff", "00000000"), "uint32_unsigned": ("80000000", "00000000")},
                 "v_wmma_i32_16x16x16_iu8 clamp, unsigned: 0x7fffffff + 1, -5 + 1")


def probe_wave64_layout():
    # Wave64: A = identity (A[i][i] = 1), B[k][j] = 16k + j (exact in f16), C = 0, so
    # D[i][j] = 16i + j. calculator: D[i][j] in VGPR i%4, lane 32*((i/4)%2) + 16*(i/8) + j
    # (the dump); linear_cd: VGPR i%4, lane 16*(i/4) + j. The whole D image is compared.
    mn, n = "v_wmma_f32_16x16x16_f16", (2, 2, 4)
    words = dense_inputs(mn, 64, n, {(i, i): f16(1.0) for i in range(16)},
                         {(k, j): f16(16.0 * k + j) for k in range(16) for j in range(16)}, {})
    expect = {}
    for cand in ("calculator", "linear_cd"):
        img = image(4, 64)
        for i in range(16):
            for j in range(16):
                loc = (layouts()[(mn, 64, "d", 0)][i * 16 + j] if cand == "calculator"
                       else (i % 4, 0, 32, 16 * (i // 4) + j))
                put(img, 4, loc, f32(16.0 * i + j))
        expect[cand] = tuple(hx(w) for w in img)
    return Probe("wave64_layouts", "wave64_layout", ["calculator", "linear_cd"],
                 [("w64", "dense_f32_f16_w64", words)], lambda o: tuple(hx(w) for w in o[0]), expect,
                 "v_wmma_f32_16x16x16_f16 wave64, A = I, B[k][j] = 16k + j: the D image")


def probe_sparse_index():
    # SWMMAC f16, index_key 0. Rows 0 and 1, group 0: kept values (1, 2); index field
    # row 0 = 0b0100 (kept 0 at position 0, kept 1 at 1), row 1 = 0b0000 (both at 0);
    # every other field 0b0100 with kept values 0. B row 0 = 1, B row 1 = 10 (all columns).
    #  positions: D[0][0] = 1*1 + 2*10 = 21, D[1][0] = 1 + 2 = 3
    #  swapped_fields: 1*10 + 2*1 = 12, 3; equal_last_wins: 21, 2; equal_first_wins: 21, 1.
    mn, K = "v_swmmac_f32_16x16x32_f16", 32
    L = layouts()
    A, B, C, I = image(4, 32), image(8, 32), image(8, 32), image(1, 32)
    for i in range(16):
        for g in range(K // 4):
            put(I, 1, L[(mn, 32, "k", 0)][i * K + 4 * g], 0 if (i == 1 and g == 0) else 4)
    for i in (0, 1):
        put(A, 4, L[(mn, 32, "a", 0)][i * K + 0], f16(1.0) | (f16(2.0) << 16))
    for j in range(16):
        put(B, 8, L[(mn, 32, "b", 0)][0 * 16 + j], f16(1.0))
        put(B, 8, L[(mn, 32, "b", 0)][1 * 16 + j], f16(10.0))
    return Probe("sparse_index", "sparse_index",
                 ["positions", "swapped_fields", "equal_last_wins", "equal_first_wins"],
                 [("w32", "sparse_f32_f16", A + B + C + I)],
                 lambda o: tuple(hx(d_elem(mn, 32, 8, o[0], i, 0)) for i in (0, 1)),
                 {"positions": (hx(f32(21)), hx(f32(3))), "swapped_fields": (hx(f32(12)), hx(f32(3))),
                  "equal_last_wins": (hx(f32(21)), hx(f32(2))), "equal_first_wins": (hx(f32(21)), hx(f32(1)))},
                 "v_swmmac_f32_16x16x32_f16: D[0][0] (index 0b0100), D[1][0] (index 0b0000)")


def words_of_bytes(bs):
    return [bs[i] | bs[i + 1] << 8 | bs[i + 2] << 16 | bs[i + 3] << 24 for i in range(0, len(bs), 4)]


def lanes_image(per_lane_bytes):
    """Output image (lane-major words) from each lane's destination bytes."""
    out = []
    for bs in per_lane_bytes:
        out += words_of_bytes(bs)
    return tuple(hx(w) for w in out)


def probe_tr_b64():
    # Wave32 global_load_tr_b64, lane L fetches bytes 8L..8L+7 of memory holding byte o = o.
    # R(L)[b] = 8L + b.
    #  ck_inferred: dst[16h+m].byte[f] = R(16h + 8*(f/4) + 4*(m/8) + f%4)[m%8]
    #  b128_rule:   dst[L].byte[f] = R(8*(L/8) + f)[L%8]
    mem = bytes(range(256))
    R = lambda lane, b: 8 * lane + b  # noqa: E731
    ck = [[R(16 * (L // 16) + 8 * (f // 4) + 4 * ((L % 16) // 8) + f % 4, (L % 16) % 8) for f in range(8)]
          for L in range(32)]
    b128 = [[R(8 * (L // 8) + f, L % 8) for f in range(8)] for L in range(32)]
    return Probe("tr_b64_mapping", "tr_b64", ["ck_inferred", "b128_rule"],
                 [("w32", "tr_b64", words_of_bytes(mem))], lambda o: tuple(hx(w) for w in o[0]),
                 {"ck_inferred": lanes_image(ck), "b128_rule": lanes_image(b128)},
                 "global_load_tr_b64 wave32 on index-coded bytes: the destination image")


def halves_bytes(hs):
    out = []
    for h in hs:
        out += [h & 0xff, h >> 8]
    return out


def probe_tr_wave64():
    # Wave64, memory of 16-bit halves h = 0..255 (B128; lane L fetches halves 4L..4L+3)
    # and bytes o = 0..255 (B64; lane L fetches bytes 4L..4L+3).
    # (B128 half_width_blocks, interleaved_rows and tr4x4 are the maps tr8x4x8, tr16i and tr4x4
    # of docs/facts/transpose.md#transpose-wave64.)
    #  half_width_blocks: B128 dst[8g+c].e[j] = half c%4 of lane 8g+2j+c/4;
    #                     B64 dst[16h+m].byte[f] = byte m%8 of row 4*(m/8)+f of block h (8-byte rows)
    #  interleaved_rows: B128 16-lane blocks of 8 rows (row r = lanes 2r, 2r+1), lane c
    #                 gets column c%8 of rows c/8 + 2j; B64 32-lane blocks of 16 rows, lane
    #                 q = L%32 gets column q%8 of rows q/8 + 4f.
    mem128 = halves_bytes(range(256))
    mem64 = list(range(256))
    hw128 = [halves_bytes([4 * (8 * (L // 8) + 2 * j + (L % 8) // 4) + (L % 8) % 4 for j in range(4)])
             for L in range(64)]
    hw64 = [[64 * (L // 16) + 8 * (4 * ((L % 16) // 8) + f) + (L % 16) % 8 for f in range(4)] for L in range(64)]

    def il_128(L):
        b, c = L // 16, L % 16
        col = c % 8
        return halves_bytes([4 * (16 * b + 2 * (c // 8 + 2 * j) + col // 4) + col % 4 for j in range(4)])
    il128 = [il_128(L) for L in range(64)]
    il64 = [[128 * (L // 32) + 8 * ((L % 32) // 8 + 4 * f) + (L % 32) % 8 for f in range(4)] for L in range(64)]
    #  tr4x4: 4-lane blocks, lane c gets element c of the block's lanes 0..3 (B128 halves, B64 bytes).
    t44_128 = [halves_bytes([4 * (4 * (L // 4) + j) + L % 4 for j in range(4)]) for L in range(64)]
    t44_64 = [[4 * (4 * (L // 4) + f) + L % 4 for f in range(4)] for L in range(64)]
    return Probe("tr_wave64", "tr_wave64", ["half_width_blocks", "interleaved_rows", "tr4x4"],
                 [("w64", "tr_b128_w64", words_of_bytes(mem128)), ("w64", "tr_b64_w64", words_of_bytes(mem64))],
                 lambda o: tuple(hx(w) for w in o[0] + o[1]),
                 {"half_width_blocks": lanes_image(hw128) + lanes_image(hw64),
                  "interleaved_rows": lanes_image(il128) + lanes_image(il64),
                  "tr4x4": lanes_image(t44_128) + lanes_image(t44_64)},
                 "global_load_tr_b128 and _b64 wave64 on index-coded data: the destination images")


def probe_tr_partial_exec():
    # Wave32 global_load_tr_b128 with EXEC = 0x0f0f0f0f, memory of halves h = 0..255
    # (lane L fetches halves 8L..8L+7); the destination holds 0xdead0000 + 16L + r before.
    # B128: dst[L].e[j] = R(8*(L/8)+j)[L%8]; source lanes j >= 4 of a block are off -> 0.
    #  exec_lanes_only: lanes L%8 >= 4 keep 0xdead....; write_all_lanes: they are written too.
    mem = halves_bytes(range(256))

    #  fetch_inactive: lanes outside EXEC fetch too: EXEC lanes get whole columns (rows 4-7
    #  not zero), the others keep the marker.
    def lane(L, write, full=False):
        if not write:
            return [b for r in range(4) for b in struct.pack("<I", 0xdead0000 + 16 * L + r)]
        return halves_bytes([(8 * (8 * (L // 8) + j) + L % 8) if (j < 4 or full) else 0 for j in range(8)])
    only = [lane(L, L % 8 < 4) for L in range(32)]
    allw = [lane(L, True) for L in range(32)]
    fetch = [lane(L, L % 8 < 4, True) for L in range(32)]
    return Probe("tr_partial_exec", "tr_partial_exec", ["exec_lanes_only", "write_all_lanes", "fetch_inactive"],
                 [("w32", "tr_b128_exec", words_of_bytes(mem))], lambda o: tuple(hx(w) for w in o[0]),
                 {"exec_lanes_only": lanes_image(only), "write_all_lanes": lanes_image(allw),
                  "fetch_inactive": lanes_image(fetch)},
                 "global_load_tr_b128 wave32, EXEC = 0x0f0f0f0f: the destination image")


def lane0(o):
    return hx(o[0])


def probe_cvt_pk_16():
    # v_cvt_pk_u16_u32 with S0 = 0x12345, S1 = 7: saturate {7, 0xffff} = 0x0007ffff,
    # truncate {7, 0x2345} = 0x00072345. v_cvt_pk_i16_i32 with S0 = 32768, S1 = -32769:
    # saturate {-32768, 32767} = 0x80007fff, truncate {0x7fff, 0x8000} = 0x7fff8000.
    return Probe("cvt_pk_16_saturates", "cvt_pk_16", ["saturate", "truncate"],
                 [("w32", "isa_v_cvt_pk_u16_u32", [0x12345, 7]),
                  ("w32", "isa_v_cvt_pk_i16_i32", [0x8000, 0xffff7fff])],
                 lambda o: (lane0(o[0]), lane0(o[1])),
                 {"saturate": ("0007ffff", "80007fff"), "truncate": ("00072345", "7fff8000")},
                 "v_cvt_pk_u16_u32 0x12345, 7; v_cvt_pk_i16_i32 32768, -32769")


def probe_salu_bfe():
    # s_bfe_u32 S0 = 0xffffffff, S1 = width 40, offset 4: all_bits 0x0fffffff, width_mod
    # (width 8) 0x000000ff. s_bfe_i32 S0 = 0x80000000, S1 = width 40, offset 0: all_bits
    # 0x80000000, width_mod (the low 8 bits, 0, sign-extended) 0.
    return Probe("salu_bfe_wide_width", "salu_bfe", ["all_bits", "width_mod"],
                 [("w32", "isa_s_bfe_u32", [0xffffffff, (40 << 16) | 4]),
                  ("w32", "isa_s_bfe_i32", [0x80000000, 40 << 16])],
                 lambda o: (lane0(o[0]), lane0(o[1])),
                 {"all_bits": ("0fffffff", "80000000"), "width_mod": ("000000ff", "00000000")},
                 "s_bfe_u32 / s_bfe_i32 with width 40")


def probe_salu_rndne():
    # s_rndne_f32 of -0.5 (0xbf000000): keep_sign -0 (0x80000000), positive_zero +0.
    return Probe("salu_rndne_signed_zero", "salu_rndne", ["keep_sign", "positive_zero"],
                 [("w32", "isa_s_rndne_f32", [0xbf000000, 0])], lambda o: (lane0(o[0]),),
                 {"keep_sign": ("80000000",), "positive_zero": ("00000000",)},
                 "s_rndne_f32 of -0.5")


def probe_ds_swizzle():
    # ds_swizzle_b32 offset 0xc020 (rotate, size 1, direction bit 0) on lane ids:
    # dir0_reads_higher: lane i reads lane (i + 1) mod 32 -> lanes 0, 1 get 1, 2;
    # dir0_reads_lower: lane i reads (i - 1) mod 32 -> 31, 0.
    return Probe("ds_swizzle_rotate", "ds_swizzle", ["dir0_reads_higher", "dir0_reads_lower"],
                 [("w32", "isa_ds_swizzle_rotate", [0])], lambda o: (lane0(o[0]), hx(o[0][1])),
                 {"dir0_reads_higher": ("00000001", "00000002"), "dir0_reads_lower": ("0000001f", "00000000")},
                 "ds_swizzle_b32 offset:swizzle(ROTATE,0,1) on lane ids")


def probe_global_addtid():
    # global_load_addtid_b32 offset:4100 from a buffer whose word k holds k: full_offset reads
    # byte 4100 + 4l, word 1025 + l (lane 0: 0x401); offset_12bit uses 4100 & 0xfff = 4,
    # word 1 + l (lane 0: 1).
    return Probe("global_addtid_offset", "global_addtid", ["full_offset", "offset_12bit"],
                 [("w32", "isa_global_load_addtid", list(range(2048)))], lambda o: (lane0(o[0]), hx(o[0][31])),
                 {"full_offset": ("00000401", "00000420"), "offset_12bit": ("00000001", "00000020")},
                 "global_load_addtid_b32 offset:4100")


def probe_cvt_pk_u8():
    # v_cvt_pk_u8_f32 of 2.75 (0x40300000) into byte 0 of 0xaabbcc00: toward_zero 2
    # (0xaabbcc02), nearest_even 3 (0xaabbcc03); of 3.5 into byte 1 of 0: 3 / 4 (tie to even).
    return Probe("cvt_pk_u8_f32_rounding", "cvt_pk_u8", ["toward_zero", "nearest_even"],
                 [("w32", "isa_v_cvt_pk_u8_f32", [f32(2.75), 0, 0xaabbcc00]),
                  ("w32", "isa_v_cvt_pk_u8_f32", [f32(3.5), 1, 0])],
                 lambda o: (lane0(o[0]), lane0(o[1])),
                 {"toward_zero": ("aabbcc02", "00000300"), "nearest_even": ("aabbcc03", "00000400")},
                 "v_cvt_pk_u8_f32 of 2.75 into byte 0, 3.5 into byte 1")


PROBE_FACTORIES = [probe_accumulation, probe_denormals, probe_nan, probe_fp8, probe_c_modifiers,
                   probe_float_clamp, probe_int_clamp, probe_wave64_layout, probe_sparse_index,
                   probe_tr_b64, probe_tr_wave64, probe_tr_partial_exec,
                   probe_cvt_pk_16, probe_salu_bfe, probe_salu_rndne, probe_ds_swizzle, probe_global_addtid,
                   probe_cvt_pk_u8]


def all_probes():
    return [f() for f in PROBE_FACTORIES]


# ---------------------------------------------------------------- compile and run

def compile_probes(work, clang=None, device="emu", build_dir=None, verbose=False):
    """Compile probes.hip for wave32 and wave64 into work; returns {"w32": path, "w64": path}.
    Reuses binaries newer than the source compiled with the same command."""
    os.makedirs(work, exist_ok=True)
    hipcc = [sys.executable, os.path.join(HERE, "hipcc.py"), "--device", device]
    if clang:
        hipcc += ["--clang", clang]
    if build_dir:
        hipcc += ["--build-dir", build_dir]
    out = {}
    for tag, extra in (("w32", []), ("w64", ["-mwavefrontsize64", "-DPROBE_WAVE64"])):
        exe = os.path.join(work, "probes-" + tag)
        cmd = hipcc + ["-O1"] + extra + [PROBES_HIP, "-o", exe]
        stamp = exe + ".cmd"
        with open(PROBES_HIP, "rb") as f:
            key = hashlib.sha256(" ".join(cmd).encode() + f.read()).hexdigest()
        if os.path.exists(exe) and os.path.exists(stamp):
            with open(stamp) as f:
                if f.read() == key:
                    out[tag] = exe
                    continue
        if verbose:
            print("probe: compiling %s" % " ".join(cmd), file=sys.stderr)
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            raise ProbeError("compiling the probe kernels failed:\n%s%s" % (r.stdout, r.stderr))
        with open(stamp, "w") as f:
            f.write(key)
        out[tag] = exe
    return out


def run_kernel(exe, kernel, words, env=None, timeout=300):
    """Output words of one probe kernel, or None when it faulted: the program reported a
    fault (exit 3), or died from a signal (ROCm aborts a process whose kernel traps), or
    hung past the timeout. Exit 2 (usage or input error) and anything else: ProbeError."""
    try:
        r = subprocess.run([exe, kernel], input=" ".join("%x" % w for w in words), capture_output=True,
                           text=True, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    if (r.returncode == 3 and r.stdout.startswith("FAULT")) or r.returncode < 0:
        return None
    if r.returncode != 0:
        raise ProbeError("%s %s exited with %d: %s" % (os.path.basename(exe), kernel, r.returncode,
                                                        (r.stderr or r.stdout).strip()[-2000:]))
    return [int(t, 16) for t in r.stdout.split()]


def classify(probe, obs):
    for cand in probe.candidates:
        if probe.expect[cand] == obs:
            return cand
    return None


def run_probe(probe, exes, env=None):
    """(matching candidate or None, observation tuple, raw outputs)."""
    outs = [run_kernel(exes[b], k, w, env) for b, k, w in probe.runs]
    try:
        obs = probe.observe(outs)
    except TypeError:  # a run faulted where the probe reads values
        obs = ("FAULT",)
    return classify(probe, obs), obs, outs


def facts(probes, exes, device, arch, env=None, toolchain=None):
    doc = {"schema": SCHEMA, "device": device, "arch": arch,
           "model_env": (env or os.environ).get("RDNA4_EMU_MODEL", "") if device == "emu" else "",
           "toolchain": toolchain or "", "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
           "matches": {}, "assumptions": {}, "not_probeable": dict(NOT_PROBEABLE)}
    for p in probes:
        try:
            match, obs, outs = run_probe(p, exes, env)
        except ProbeError as e:  # one broken probe does not stop the others
            doc["matches"][p.id] = None
            doc["assumptions"][p.id] = {"probe": p.name, "what": p.what, "candidates": p.candidates,
                                        "default": p.candidates[0], "match": None,
                                        "verdict": "probe error", "error": str(e)}
            continue
        doc["matches"][p.id] = match
        entry = {"probe": p.name, "what": p.what, "candidates": p.candidates,
                 "default": p.candidates[0], "match": match,
                 "verdict": ("matches " + match) if match else NONE}
        short = len(obs) <= 8
        entry["observed"] = list(obs) if short else "%d words, sha256 %s" % (
            len(obs), hashlib.sha256(" ".join(obs).encode()).hexdigest()[:16])
        if not match:  # keep everything needed to judge by hand
            entry["observed_full"] = list(obs)
            entry["raw_outputs"] = [None if o is None else [hx(w) for w in o] for o in outs]
            entry["expected"] = {c: list(v) for c, v in p.expect.items()}
        doc["assumptions"][p.id] = entry
    return doc


def confusion_matrix(probes, exes, cross=True, base_env=None):
    """Run the probes on the emulator under every candidate of every assumption.
    Returns {id: {active candidate: identified candidate or None}} for each probe's own
    assumption, and a list of (setting, other id, identified) where another assumption's
    probe did not identify its default under that setting (cross=True: all probes run under
    every setting; a candidate must not disturb the other probes)."""
    base = dict(base_env if base_env is not None else os.environ)
    base.pop("RDNA4_EMU_MODEL", None)
    matrix, leaks = {}, []
    for p in probes:
        row = matrix.setdefault(p.id, {})
        for cand in p.candidates:
            env = dict(base)
            if cand != p.candidates[0]:
                env["RDNA4_EMU_MODEL"] = "%s=%s" % (p.id, cand)
            row[cand] = run_probe(p, exes, env)[0]
            if cross and cand != p.candidates[0]:
                for q in probes:
                    if q is not p:
                        got = run_probe(q, exes, env)[0]
                        if got != q.candidates[0]:
                            leaks.append(("%s=%s" % (p.id, cand), q.id, got))
    return matrix, leaks


def print_confusion(probes, exes):
    matrix, leaks = confusion_matrix(probes, exes, cross=True)
    bad = 0
    for p in probes:
        row = matrix[p.id]
        cells = []
        for active in p.candidates:
            got = row[active]
            ok = got == active
            bad += not ok
            cells.append("%s->%s" % (active, "ok" if ok else (got or NONE)))
        print("%-24s %s" % (p.id, "  ".join(cells)))
    for setting, other, got in leaks:
        bad += 1
        print("LEAK: under %s the %s probe names %s" % (setting, other, got or NONE))
    n = sum(len(p.candidates) for p in probes)
    print("%d assumptions, %d candidates: %s" % (len(probes), n, "diagonal" if not bad else "%d off-diagonal" % bad))
    return 0 if not bad else 1


def main(argv):
    ap = argparse.ArgumentParser(prog="rdna4-conformance probe", description=__doc__.split("\n\n")[1],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--device", choices=["auto", "emu", "hw"], default="auto")
    ap.add_argument("--clang", metavar="PATH")
    ap.add_argument("--build-dir", metavar="DIR")
    ap.add_argument("--out", metavar="FILE")
    ap.add_argument("--work", metavar="DIR", help="where the probe binaries go (default: next to --out)")
    ap.add_argument("--only", metavar="IDS", help="comma-separated assumption ids")
    ap.add_argument("--confusion", action="store_true",
                    help="emulator only: run every probe under every candidate and print the "
                         "confusion matrix (exit 1 unless it is diagonal); writes no facts file")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args(argv)
    try:
        from . import toolchain
    except ImportError:
        sys.path.insert(0, os.path.dirname(HERE))
        from conformance import toolchain
    try:
        gpu = toolchain.gpu_arch() if a.device in ("auto", "hw") else None
        if a.device == "hw" and not gpu:
            raise ProbeError("--device hw but no gfx1200/gfx1201 GPU was found")
        device = "hw" if gpu else "emu"
        arch = gpu or os.environ.get("RDNA4_EMU_ARCH", "gfx1201")
        if device == "emu" and os.environ.get("RDNA4_EMU_MODEL"):
            print("probe: emulator with RDNA4_EMU_MODEL=%s" % os.environ["RDNA4_EMU_MODEL"], file=sys.stderr)
        out = a.out or os.path.join(REPO, "build", "conformance", "model-facts.json")
        if os.path.isdir(out):
            raise ProbeError("--out %s is a directory (give a file name)" % out)
        work = a.work or os.path.join(os.path.dirname(os.path.abspath(out)), "probe-work-" + device)
        probes = all_probes()
        if a.only:
            ids = a.only.split(",")
            bad = [i for i in ids if i not in {p.id for p in probes}]
            if bad:
                raise ProbeError("--only: unknown assumption id(s) %s (probed: %s)"
                                 % (", ".join(bad), ", ".join(p.id for p in probes)))
            probes = [p for p in probes if p.id in ids]
        if a.confusion and device != "emu":
            raise ProbeError("--confusion needs the emulator (--device emu)")
        exes = compile_probes(work, a.clang, device, a.build_dir, a.verbose)
        if a.confusion:
            return print_confusion(probes, exes)
        doc = facts(probes, exes, device, arch, toolchain=a.clang)
        os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
        with open(out, "w") as f:
            json.dump(doc, f, indent=1, sort_keys=True)
            f.write("\n")
    except (ProbeError, OSError, subprocess.TimeoutExpired) as e:
        print("rdna4-conformance probe: error: %s" % e, file=sys.stderr)
        return 2
    for aid, e in doc["assumptions"].items():
        tag = "default" if e["match"] == e["default"] else ("OTHER" if e["match"] else "NONE")
        print("%-18s %-8s %s" % (aid, tag, e["verdict"]))
    for aid, why in NOT_PROBEABLE.items():
        print("%-18s %-8s not probeable by results" % (aid, "-"))
    print("device=%s arch=%s; wrote %s" % (device, arch, out))
    return 1 if any("error" in e for e in doc["assumptions"].values()) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
