"""Probes of the float VALU result and conversion-mode assumptions (kernels: valu_float.hip).

Every expected word below is derived by hand from the candidate's definition
(docs/facts/unverified.md) and IEEE 754-2019; the f32 neighbours of the transcendental
results were found with exact rational (rcp, rsq, sqrt) or 60-digit decimal (log2, exp2)
arithmetic; each true value lies at least 1/6 ulp away from the midpoint of its neighbours.
"""

from .common import Probe, hx


def _words(o, lane, n):
    """Lane `lane`'s n output words of a kernel that stores n words per lane."""
    return [o[n * lane + i] for i in range(n)]


def probe_valu_nan():
    # v_add_f32 of S0 = 0xffc0abcd (a quiet NaN, sign set, payload 0x40abcd) and S1 =
    # 0x7f801234 (a signalling NaN: quiet bit 22 clear, payload 0x1234):
    #   first_nan: S0 quieted (already quiet) = ffc0abcd; canonical: 7fc00000;
    #   snan_first: S1 quieted (bit 22 set) = 7fc01234.
    # v_add_f16 of S0 = 0xfe12 (quiet: bit 9 set, sign set) and S1 = 0x7c05 (signalling):
    #   first_nan: fe12; canonical: 7e00; snan_first: 7c05 | 0x200 = 7e05.
    return Probe("valu_nan_results",
                 [("w32", "isa_valu_nan_add", [0xffc0abcd, 0x7f801234, 0xfe12, 0x7c05])],
                 lambda o: (hx(o[0][0]), "%04x" % (o[0][1] & 0xffff)),
                 {"first_nan": ("ffc0abcd", "fe12"),
                  "canonical": ("7fc00000", "7e00"),
                  "snan_first": ("7fc01234", "7e05")},
                 "v_add_f32 / v_add_f16 of a quiet NaN and a signalling NaN")


# Transcendental inputs, two per instruction: input A, where the true value lies nearer its
# lower f32 neighbour (round to nearest = toward zero), and input B, nearer its upper one
# (round to nearest = away from zero). (truncated, away) neighbours and the true value's
# position between them in ulps:
#   v_rcp_f32  A = 25   1/25 = 0.04:         3d23d70a / 3d23d70b, 0.240
#              B = 3    1/3:                 3eaaaaaa / 3eaaaaab, 0.667 (binary 0.0101...)
#   v_rsq_f32  A = 2    1/sqrt(2):           3f3504f3 / 3f3504f4, 0.203
#              B = 36   1/6:                 3e2aaaaa / 3e2aaaab, 0.667
#   v_sqrt_f32 A = 2    sqrt(2):             3fb504f3 / 3fb504f4, 0.203
#              B = 22   sqrt(22):            409617e2 / 409617e3, 0.792
#   v_log_f32  A = 5    log2(5) = 2.3219280948873623: 40149a78 / 40149a79, 0.296
#              B = 11   log2(11) = 3.4594316186372973: 405d6753 / 405d6754, 0.876
#   v_exp_f32  A = 0.25 2^0.25 = 1.1892071150027211: 3f9837f0 / 3f9837f1, 0.319
#              B = 0.75 2^0.75 = 1.6817928305074290: 3fd744fc / 3fd744fd, 0.792
_TRANS = [  # (instruction, input A, input B, (trunc A, away A), (trunc B, away B))
    ("rcp", 0x41c80000, 0x40400000, ("3d23d70a", "3d23d70b"), ("3eaaaaaa", "3eaaaaab")),
    ("rsq", 0x40000000, 0x42100000, ("3f3504f3", "3f3504f4"), ("3e2aaaaa", "3e2aaaab")),
    ("sqrt", 0x40000000, 0x41b00000, ("3fb504f3", "3fb504f4"), ("409617e2", "409617e3")),
    ("log", 0x40a00000, 0x41300000, ("40149a78", "40149a79"), ("405d6753", "405d6754")),
    ("exp", 0x3e800000, 0x3f400000, ("3f9837f0", "3f9837f1"), ("3fd744fc", "3fd744fd")),
]


def probe_transcendental():
    # correctly_rounded (MODE nearest even): A -> truncated neighbour, B -> away neighbour;
    # toward_zero: both truncated; away_from_zero: both away. Tokens: A and B of each
    # instruction in the order rcp, rsq, sqrt, log, exp.
    inputs = []
    for _, a, b, _, _ in _TRANS:
        inputs += [a, b]
    expect = {"correctly_rounded": (), "toward_zero": (), "away_from_zero": ()}
    for _, _, _, ta, tb in _TRANS:
        expect["correctly_rounded"] += (ta[0], tb[1])
        expect["toward_zero"] += (ta[0], tb[0])
        expect["away_from_zero"] += (ta[1], tb[1])

    def observe(o):
        a, b = _words(o[0], 0, 5), _words(o[0], 1, 5)
        out = ()
        for k in range(5):
            out += (hx(a[k]), hx(b[k]))
        return out
    return Probe("transcendental_accuracy",
                 [("w32", "isa_valu_trans_f32", inputs)], observe, expect,
                 "v_rcp/rsq/sqrt/log/exp_f32 of inputs rounding down and up to nearest")


def probe_cvt_round_mode():
    # v_cvt_f16_f32 of 0x3f801000 = 1 + 2^-11: halfway between f16 0x3c00 (1) and 0x3c01
    # (1 + 2^-10): nearest even 3c00, toward +inf 3c01. v_cvt_f32_f64 of
    # 0x3ff0000010000000 = 1 + 2^-24: halfway between f32 0x3f800000 and 0x3f800001:
    # nearest even 3f800000, toward +inf 3f800001.
    # MODE 0xf4: f32 field nearest, f16/f64 field +inf; MODE 0xf1: f32 +inf, f16/f64 nearest.
    #   destination (cvt_f16_f32 uses the f16 field, cvt_f32_f64 the f32 field):
    #     3c01 (0xf4), 3c00 (0xf1), 3f800000 (0xf4), 3f800001 (0xf1)
    #   source (cvt_f16_f32 uses the f32 field, cvt_f32_f64 the f64 field):
    #     3c00, 3c01, 3f800001, 3f800000
    #   nearest (MODE ignored): 3c00, 3c00, 3f800000, 3f800000
    return Probe("cvt_round_mode_field",
                 [("w32", "isa_valu_cvt_round_mode", [0x3f801000, 0x10000000, 0x3ff00000])],
                 lambda o: ("%04x" % (o[0][0] & 0xffff), "%04x" % (o[0][1] & 0xffff),
                            hx(o[0][2]), hx(o[0][3])),
                 {"destination": ("3c01", "3c00", "3f800000", "3f800001"),
                  "source": ("3c00", "3c01", "3f800001", "3f800000"),
                  "nearest": ("3c00", "3c00", "3f800000", "3f800000")},
                 "v_cvt_f16_f32 / v_cvt_f32_f64 of halfway values with the two round fields differing")


def probe_frexp_denormal():
    # f32 S0 = 0x00000001 = 2^-149, f16 S0 = 0x0001 = 2^-24 (the smallest denormals).
    #   normalised: 2^-149 = 0.5 * 2^-148: mant 3f000000, exp -148 = ffffff6c;
    #               2^-24 = 0.5 * 2^-23: mant 0x3800, exp -23 = 0xffe9.
    #   field_value: exp = 0 - bias + 1 (f32 -126 = ffffff82, f16 -14 = 0xfff2),
    #               mant = S0 * 2^-exp: 2^-23 = 34000000, f16 2^-10 = 0x1400.
    #   field_bits: the same exp; mant = 0.5 + fraction / 2^24 (f16: / 2^11):
    #               3f000001, f16 0x3801.
    return Probe("frexp_denormal_normalised",
                 [("w32", "isa_valu_frexp", [0x00000001, 0x0001])],
                 lambda o: (hx(o[0][0]), hx(o[0][1]), "%04x" % (o[0][2] & 0xffff),
                            "%04x" % (o[0][3] & 0xffff)),
                 {"normalised": ("3f000000", "ffffff6c", "3800", "ffe9"),
                  "field_value": ("34000000", "ffffff82", "1400", "fff2"),
                  "field_bits": ("3f000001", "ffffff82", "3801", "fff2")},
                 "v_frexp_mant/exp of the smallest f32 and f16 denormals")


def probe_norm16():
    # v_cvt_pk_norm_i16_f32 S0 = 0.5, S1 = -0.5: 0.5 * 32767 = 16383.5 and -16383.5.
    #   nearest_even: 16384 (0x4000), -16384 (0xc000) -> c0004000;
    #   toward_zero: 16383 (0x3fff), -16383 (0xc001) -> c0013fff;
    #   half_up (floor(v + 0.5)): 16384, -16383 -> c0014000.
    # v_cvt_pk_norm_u16_f32 S0 = f32(0.1) = 13421773 * 2^-27, S1 = 0.5:
    #   f32(0.1) * 65535 = 6553.50009763240814208984375 and 32767.5.
    #   nearest_even: 6554 (0x199a), 32768 (0x8000) -> 8000199a;
    #   toward_zero: 6553 (0x1999), 32767 (0x7fff) -> 7fff1999;
    #   half_up: 6554, 32768 -> 8000199a.
    return Probe("norm16_conversion",
                 [("w32", "isa_valu_norm16", [0x3f000000, 0xbf000000, 0x3dcccccd, 0x3f000000])],
                 lambda o: (hx(o[0][0]), hx(o[0][1])),
                 {"nearest_even": ("c0004000", "8000199a"),
                  "toward_zero": ("c0013fff", "7fff1999"),
                  "half_up": ("c0014000", "8000199a")},
                 "v_cvt_pk_norm_i16_f32 of +-0.5, v_cvt_pk_norm_u16_f32 of 0.1 and 0.5")


def probe_cvt_off():
    # v_cvt_off_f32_i4 of S0[3:0] = 8, 15, and 7 (S0 = 0x12345677: only bits [3:0] count).
    #   signed (two's complement / 16): -8/16 = -0.5 (bf000000), -1/16 (bd800000),
    #     7/16 = 0.4375 (3ee00000);
    #   unsigned (/ 16): 0.5 (3f000000), 15/16 (3f700000), 7/16 (3ee00000);
    #   offset_binary ((x - 8) / 16): 0 (00000000), 7/16 (3ee00000), -1/16 (bd800000).
    return Probe("cvt_off_f32_i4_table",
                 [("w32", "isa_valu_cvt_off", [8, 15, 0x12345677])],
                 lambda o: (hx(o[0][0]), hx(o[0][1]), hx(o[0][2])),
                 {"signed": ("bf000000", "bd800000", "3ee00000"),
                  "unsigned": ("3f000000", "3f700000", "3ee00000"),
                  "offset_binary": ("00000000", "3ee00000", "bd800000")},
                 "v_cvt_off_f32_i4 of 8, 15 and 7")


PROBES = [probe_valu_nan, probe_transcendental, probe_cvt_round_mode, probe_frexp_denormal,
          probe_norm16, probe_cvt_off]
