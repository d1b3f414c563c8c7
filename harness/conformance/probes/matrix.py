"""Probes of the matrix assumptions: WMMA/SWMMAC numerics, modifiers, clamp, wave64 and
sparse layouts, transpose-load permutations (kernels: matrix.hip).

Register positions come from AMD's Matrix Instruction Calculator dump
(harness/emu/wmma/tests/data/calculator_layouts.txt), never from the emulator.
"""

import os
import struct

from .common import Probe, f16, f32, hx, is_nan32

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
CALCULATOR = os.path.join(REPO, "harness", "emu", "wmma", "tests", "data", "calculator_layouts.txt")


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
    # A[0][0..3] = 1, 2^-12, 2^-12, 2^-12 (rest of row 0 zero); C = 0.
    # B[0..3][0] = 1, 2^-12, 2^-12, 0; B[0..3][1] = 1, 2^-12, 2^-13, 0; B[0..3][2] = 1, 0, 2^-12, 2^-12.
    # Products k = 0..3 (k >= 4: +0):
    #   D[0][0]: 1, 2^-24, 2^-24, 0 -> exact sum 1 + 2^-23 (representable: 0x3f800001)
    #   D[0][1]: 1, 2^-24, 2^-25, 0 -> exact sum 1 + 2^-24 + 2^-25 = 1 + 0.75 ulp(1)
    #   D[0][2]: 1, 0, 2^-24, 2^-24 -> exact sum 1 + 2^-23
    #  exact: rounded once to nearest: 0x3f800001, 0x3f800001, 0x3f800001
    #  f32_each_step: from C = 0, 1, then 1 + 2^-24 is a tie -> 1.0 (even) at every step:
    #                 0x3f800000, 0x3f800000, 0x3f800000
    #  exact_truncate: toward zero: 0x3f800001, 0x3f800000, 0x3f800001
    #  pairwise: first level (p0 + p1), (p2 + p3), ..., then neighbouring sums:
    #    D[0][0]: 1 + 2^-24 -> 1 (tie, even); 2^-24 + 0 = 2^-24; 1 + 2^-24 -> 1: 0x3f800000
    #    D[0][1]: 1 + 2^-24 -> 1; 2^-25; 1 + 2^-25 -> 1: 0x3f800000
    #    D[0][2]: 1 + 0 = 1; 2^-24 + 2^-24 = 2^-23; 1 + 2^-23 exact: 0x3f800001
    mn, n = "v_wmma_f32_16x16x16_f16", (4, 4, 8)
    one, e12, e13 = f16(1.0), f16(2.0 ** -12), f16(2.0 ** -13)
    words = dense_inputs(mn, 32, n, {(0, 0): one, (0, 1): e12, (0, 2): e12, (0, 3): e12},
                         {(0, 0): one, (1, 0): e12, (2, 0): e12, (0, 1): one, (1, 1): e12, (2, 1): e13,
                          (0, 2): one, (2, 2): e12, (3, 2): e12}, {})
    return Probe("float_accumulation",
                 [("w32", "dense_f32_f16", words)],
                 lambda o: tuple(hx(d_elem(mn, 32, 8, o[0], 0, j)) for j in (0, 1, 2)),
                 {"exact": ("3f800001", "3f800001", "3f800001"),
                  "f32_each_step": ("3f800000", "3f800000", "3f800000"),
                  "exact_truncate": ("3f800001", "3f800000", "3f800001"),
                  "pairwise": ("3f800000", "3f800000", "3f800001")},
                 "v_wmma_f32_16x16x16_f16: D[0][0..2] (1 + 2^-24 + 2^-24, 1 + 2^-24 + 2^-25, "
                 "1 + 0 + 2^-24 + 2^-24)")


def probe_denormals():
    # f16 result: D[0][0] = A 2^-24 (denormal 0x0001) x B 1024 = 2^-14 (normal 0x0400);
    # D[0][1] = 2^-12 x 2^-12 = 2^-24 (denormal result 0x0001).
    mn, n = "v_wmma_f16_16x16x16_f16", (4, 4, 4)
    words = dense_inputs(mn, 32, n, {(0, 0): 0x0001, (0, 1): f16(2.0 ** -12)},
                         {(0, 0): f16(1024.0), (1, 1): f16(2.0 ** -12)}, {})
    return Probe("denormals",
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
    return Probe("nan_results",
                 [("w32", "dense_f32_f16", words)],
                 lambda o: (hx(d_elem(mn, 32, 8, o[0], 0, 0)),),
                 {"canonical": ("7fc00000",), "propagate_c": ("ffc12345",)},
                 "v_wmma_f32_16x16x16_f16: D[0][0] with C[0][0] = 0xff812345")


def probe_fp8():
    # fp8: A[0][0] = B[0][0] = 0x38; A[1][1] = 0x80, B[1][1] = 0x38 (row 1 of A and column 1
    # of B otherwise 0, so the 0x80 reaches D[1][1] only, never D[0][0]).
    #  ocp (E4M3 bias 7): 0x38 = 1.0 -> D[0][0] = 1.0 (0x3f800000); 0x80 = -0 -> D[1][1] = +0.
    #  fnuz (bias 8): 0x38 = 0.5 -> 0.25 (0x3e800000); 0x80 = NaN -> D[1][1] NaN.
    #  e4m3_ieee (bias 7, IEEE specials): 0x38 = 1.0 -> 0x3f800000; 0x80 = -0 -> +0.
    # bf8: A[0][0] = B[0][0] = 0x3c: ocp (E5M2 bias 15) 1.0 -> 0x3f800000; fnuz (bias 16) 0.5 -> 0.25;
    #  e4m3_ieee (bf8 as ocp): 0x3f800000.
    # fp8 D[2][2] = A[2][2] 0x78 (S.1111.000) x B[2][2] 0x38, row 2 of A and column 2 of B
    # otherwise 0 (0x78 times a zero lands in D[2][j != 2], not observed):
    #  ocp: 0x78 = 2^(15-7) = 256 -> 256 (0x43800000); fnuz: 2^(15-8) = 128, x 0.5 -> 64 (0x42800000);
    #  e4m3_ieee: exponent field 15 with fraction 0 is +inf -> +inf (0x7f800000).
    mn8, mnb, n = "v_wmma_f32_16x16x16_fp8_fp8", "v_wmma_f32_16x16x16_bf8_bf8", (2, 2, 8)
    w8 = dense_inputs(mn8, 32, n, {(0, 0): 0x38, (1, 1): 0x80, (2, 2): 0x78},
                      {(0, 0): 0x38, (1, 1): 0x38, (2, 2): 0x38}, {})
    wb = dense_inputs(mnb, 32, n, {(0, 0): 0x3c}, {(0, 0): 0x3c}, {})

    def obs(o):
        d11 = d_elem(mn8, 32, 8, o[0], 1, 1)
        return (hx(d_elem(mn8, 32, 8, o[0], 0, 0)), "nan" if is_nan32(d11) else hx(d11),
                hx(d_elem(mnb, 32, 8, o[1], 0, 0)), hx(d_elem(mn8, 32, 8, o[0], 2, 2)))
    return Probe("fp8_bf8_decoding",
                 [("w32", "dense_f32_fp8", w8), ("w32", "dense_f32_bf8", wb)], obs,
                 {"ocp": ("3f800000", "00000000", "3f800000", "43800000"),
                  "fnuz": ("3e800000", "nan", "3e800000", "42800000"),
                  "e4m3_ieee": ("3f800000", "00000000", "3f800000", "7f800000")},
                 "fp8 0x38*0x38, fp8 0x80*0x38, bf8 0x3c*0x3c, fp8 0x78*0x38 "
                 "(v_wmma_f32_16x16x16_fp8_fp8 / bf8_bf8)")


def probe_c_modifiers():
    # A = B = 0, so D = C after the modifiers. neg_hi:[0,0,1] on C = -2; neg_lo+neg_hi on C = +2.
    #  abs_then_neg: |-2| = 2, -|2| = -2; neg_then_abs: 2, |-2| = 2; ignored: -2, 2.
    mn, n = "v_wmma_f32_16x16x16_f16", (4, 4, 8)
    wa = dense_inputs(mn, 32, n, {}, {}, {(0, 0): f32(-2.0)})
    wn = dense_inputs(mn, 32, n, {}, {}, {(0, 0): f32(2.0)})
    return Probe("c_modifiers",
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
    return Probe("float_clamp",
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
    return Probe("int_clamp",
                 [("w32", "dense_i32_iu8_clamp", words)],
                 lambda o: tuple(hx(d_elem(mn, 32, 8, o[0], 0, j)) for j in (0, 1)),
                 {"int32": ("7fffffff", "fffffffc"), "wrap": ("80000000", "fffffffc"),
                  "input_type": ("000000ff", "00000000"), "uint32_unsigned": ("80000000", "00000000")},
                 "v_wmma_i32_16x16x16_iu8 clamp, unsigned: 0x7fffffff + 1, -5 + 1")


def probe_wave64_layout():
    # Wave64, two runs, each with A = identity (A[i][i] = 1), B[k][j] = 16k + j, C = 0 placed
    # by the calculator's A/B layouts (the dump), so D[i][j] = 16i + j when A and B are read
    # as the calculator says:
    #  run 1, v_wmma_f32_16x16x16_f16 (16-bit A/B, exact in f16; f32 D);
    #  run 2, v_wmma_i32_16x16x16_iu8, unsigned, no clamp (8-bit A/B, B values 0..255; i32 D).
    # D placement: calculator: VGPR i%4, lane 32*((i/4)%2) + 16*(i/8) + j (the dump);
    # linear_cd: VGPR i%4, lane 16*(i/4) + j. The whole D images are compared.
    #  calculator: both runs D = 16i + j at the calculator's places.
    #  linear_cd: both runs D = 16i + j at the linear_cd places.
    #  row_major_ab8: run 1 as calculator; run 2 reads the 8-bit A/B image with lane L,
    #    byte b = element (L/4, 4*(L%4) + b) (A row, k; B column, k): A' and B' below are the
    #    same images read that way, D' = A' B' (small integers: exact) at the calculator's places.
    mn, n = "v_wmma_f32_16x16x16_f16", (2, 2, 4)
    words = dense_inputs(mn, 64, n, {(i, i): f16(1.0) for i in range(16)},
                         {(k, j): f16(16.0 * k + j) for k in range(16) for j in range(16)}, {})
    mi, ni = "v_wmma_i32_16x16x16_iu8", (1, 1, 4)
    ident = {(i, i): 1 for i in range(16)}
    bval = {(k, j): 16 * k + j for k in range(16) for j in range(16)}
    wi = dense_inputs(mi, 64, ni, ident, bval, {})
    A8, B8 = wi[:64], wi[64:128]

    def alt(img, r, k):  # row_major_ab8: lane 4r + k/4, byte k%4 of the one-VGPR image
        return (img[4 * r + k // 4] >> (8 * (k % 4))) & 0xff

    def d_image(mnem, nd, value, linear):
        img = image(nd, 64)
        for i in range(16):
            for j in range(16):
                loc = (i % 4, 0, 32, 16 * (i // 4) + j) if linear else layouts()[(mnem, 64, "d", 0)][i * 16 + j]
                put(img, nd, loc, value(i, j))
        return tuple(hx(w) for w in img)
    f_ref = lambda i, j: f32(16.0 * i + j)  # noqa: E731
    i_ref = lambda i, j: 16 * i + j  # noqa: E731
    i_alt = lambda i, j: sum(alt(A8, i, k) * alt(B8, j, k) for k in range(16))  # noqa: E731
    expect = {"calculator": d_image(mn, 4, f_ref, False) + d_image(mi, 4, i_ref, False),
              "linear_cd": d_image(mn, 4, f_ref, True) + d_image(mi, 4, i_ref, True),
              "row_major_ab8": d_image(mn, 4, f_ref, False) + d_image(mi, 4, i_alt, False)}
    return Probe("wave64_layouts",
                 [("w64", "dense_f32_f16_w64", words), ("w64", "dense_i32_iu8_w64", wi)],
                 lambda o: tuple(hx(w) for w in o[0] + o[1]), expect,
                 "v_wmma_f32_16x16x16_f16 and v_wmma_i32_16x16x16_iu8 wave64, A = I, B[k][j] = 16k + j: "
                 "the D images")


def probe_sparse_index():
    # SWMMAC f16, index_key 0. Rows 0 and 1, group 0: kept values (1, 2); index field
    # row 0 = 0b0100 (kept 0 at position 0, kept 1 at 1), row 1 = 0b0000 (both at 0);
    # every other field 0b0100 with kept values 0. B row 0 = 1, B row 1 = 10, B row 2 = 100
    # (all columns). Index set 1 (the calculator's index_key 1 fields, bits [31:16]) holds
    # 0b1000 everywhere (kept 0 at position 0, kept 1 at 2).
    #  positions: D[0][0] = 1*1 + 2*10 = 21, D[1][0] = 1 + 2 = 3
    #  swapped_fields: 1*10 + 2*1 = 12, 3; equal_last_wins: 21, 2; equal_first_wins: 21, 1.
    #  key_from_high: index_key 0 reads set 1's bits: both rows 0b1000: 1*1 + 2*100 = 201, 201.
    mn, K = "v_swmmac_f32_16x16x32_f16", 32
    L = layouts()
    A, B, C, I = image(4, 32), image(8, 32), image(8, 32), image(1, 32)
    for i in range(16):
        for g in range(K // 4):
            put(I, 1, L[(mn, 32, "k", 0)][i * K + 4 * g], 0 if (i == 1 and g == 0) else 4)
            put(I, 1, L[(mn, 32, "k", 1)][i * K + 4 * g], 8)
    for i in (0, 1):
        put(A, 4, L[(mn, 32, "a", 0)][i * K + 0], f16(1.0) | (f16(2.0) << 16))
    for j in range(16):
        put(B, 8, L[(mn, 32, "b", 0)][0 * 16 + j], f16(1.0))
        put(B, 8, L[(mn, 32, "b", 0)][1 * 16 + j], f16(10.0))
        put(B, 8, L[(mn, 32, "b", 0)][2 * 16 + j], f16(100.0))
    return Probe("sparse_index",
                 [("w32", "sparse_f32_f16", A + B + C + I)],
                 lambda o: tuple(hx(d_elem(mn, 32, 8, o[0], i, 0)) for i in (0, 1)),
                 {"positions": (hx(f32(21)), hx(f32(3))), "swapped_fields": (hx(f32(12)), hx(f32(3))),
                  "equal_last_wins": (hx(f32(21)), hx(f32(2))), "equal_first_wins": (hx(f32(21)), hx(f32(1))),
                  "key_from_high": (hx(f32(201)), hx(f32(201)))},
                 "v_swmmac_f32_16x16x32_f16 index_key 0: D[0][0] (index 0b0100), D[1][0] (index 0b0000); "
                 "set 1 all 0b1000")


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
    return Probe("tr_b64_mapping",
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
    # (half_width_blocks, interleaved_rows and tr4x4 are the maps tr8x4x8, tr16i and tr4x4
    # of docs/facts/transpose.md#transpose-wave64, on halves for B128 and on bytes for B64,
    # as Inputs/cpu-reference/load_tr_w64.h applies them.)
    #  half_width_blocks: B128 dst[8g+c].e[j] = half c%4 of lane 8g+2j+c/4;
    #                     B64 dst[16h+m].byte[f] = byte m%8 of row 4*(m/8)+f of block h (8-byte rows),
    #                     the same as byte c%4 of lane 8g+2f+c/4 (L = 8g + c)
    #  interleaved_rows: 16-lane blocks of 8 rows of 8 elements (row r = lanes 2r, 2r+1), lane
    #                 8h+c of block g gets column c of rows h + 2j: element c%4 of lane
    #                 16g + 2(2j+h) + c/4 (B128: halves, B64: bytes).
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
    il64 = [[4 * (16 * (L // 16) + 2 * (2 * f + (L % 16) // 8) + (L % 8) // 4) + (L % 8) % 4 for f in range(4)]
            for L in range(64)]
    #  tr4x4: 4-lane blocks, lane c gets element c of the block's lanes 0..3 (B128 halves, B64 bytes).
    t44_128 = [halves_bytes([4 * (4 * (L // 4) + j) + L % 4 for j in range(4)]) for L in range(64)]
    t44_64 = [[4 * (4 * (L // 4) + f) + L % 4 for f in range(4)] for L in range(64)]
    return Probe("tr_wave64",
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
    return Probe("tr_partial_exec",
                 [("w32", "tr_b128_exec", words_of_bytes(mem))], lambda o: tuple(hx(w) for w in o[0]),
                 {"exec_lanes_only": lanes_image(only), "write_all_lanes": lanes_image(allw),
                  "fetch_inactive": lanes_image(fetch)},
                 "global_load_tr_b128 wave32, EXEC = 0x0f0f0f0f: the destination image")


PROBES = [probe_accumulation, probe_denormals, probe_nan, probe_fp8, probe_c_modifiers,
          probe_float_clamp, probe_int_clamp, probe_wave64_layout, probe_sparse_index,
          probe_tr_b64, probe_tr_wave64, probe_tr_partial_exec]
