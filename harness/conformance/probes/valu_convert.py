"""Probes of the division helpers, v_trig_preop and the conversion assumptions
(kernels: valu_convert.hip). Every prediction below is worked out by hand from the
candidate's definition in docs/facts/unverified.md; the 2/pi bits of the trig_preop
probe come from two_over_pi_bits (integer arithmetic, independent of the emulator's table).
"""

import math
import struct

from .common import Probe, f32, hx, lane0


def probe_cvt_pk_u8():
    # v_cvt_pk_u8_f32 of 2.75 (0x40300000) into byte 0 of 0xaabbcc00: toward_zero 2
    # (0xaabbcc02), nearest_even and nearest_away 3 (0xaabbcc03); of 3.5 into byte 1 of 0:
    # 3 / 4 (tie to even) / 4 (tie away); of 2.5 into byte 2 of 0: 2 / 2 (tie to even) / 3
    # (tie away): 0x00020000 / 0x00020000 / 0x00030000.
    return Probe("cvt_pk_u8_f32_rounding",
                 [("w32", "isa_v_cvt_pk_u8_f32", [f32(2.75), 0, 0xaabbcc00]),
                  ("w32", "isa_v_cvt_pk_u8_f32", [f32(3.5), 1, 0]),
                  ("w32", "isa_v_cvt_pk_u8_f32", [f32(2.5), 2, 0])],
                 lambda o: (lane0(o[0]), lane0(o[1]), lane0(o[2])),
                 {"toward_zero": ("aabbcc02", "00000300", "00020000"),
                  "nearest_even": ("aabbcc03", "00000400", "00020000"),
                  "nearest_away": ("aabbcc03", "00000400", "00030000")},
                 "v_cvt_pk_u8_f32 of 2.75 into byte 0, 3.5 into byte 1, 2.5 into byte 2")


def words64(*bits):
    """(low, high) word pairs of 64-bit patterns."""
    out = []
    for b in bits:
        out += [b & 0xffffffff, b >> 32]
    return out


def lane0_64(o):
    return "%016x" % (o[0] | o[1] << 32)


def f64(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def probe_div_fixup():
    # The clause exponent(S2) - exponent(S1) < -150 (f64: -1075) with S0 = 3 (the quotient
    # estimate); MODE keeps denormals (the kernel sets it).
    # f32: S1 = -2^100 (0xf1800000, exponent field 227), S2 = 2^-126 (0x00800000, field 1):
    #   1 - 227 = -226 < -150, sign_out = 1: signed_zero -0 (0x80000000); smallest_denormal
    #   -2^-149 (0x80000001); quotient -|S0| = -3 (0xc0400000).
    # f64: S1 = 2^1000 (field 2023), S2 = 2^-1022 (field 1): 1 - 2023 < -1075, sign_out = 0:
    #   +0; +2^-1074 (0x0000000000000001); +3 (0x4008000000000000).
    return Probe("div_fixup_underflow",
                 [("w32", "isa_v_div_fixup_f32", [f32(3.0), 0xf1800000, 0x00800000]),
                  ("w32", "isa_v_div_fixup_f64", words64(f64(3.0), f64(2.0 ** 1000), f64(2.0 ** -1022)))],
                 lambda o: (lane0(o[0]), lane0_64(o[1])),
                 {"signed_zero": ("80000000", "0000000000000000"),
                  "smallest_denormal": ("80000001", "0000000000000001"),
                  "quotient": ("c0400000", "4008000000000000")},
                 "v_div_fixup_f32 3, -2^100, 2^-126; v_div_fixup_f64 3, 2^1000, 2^-1022")


def probe_div_fixup_overflow():
    # No NaN, zero or infinite S1 / S2 and no underflow (S2 / S1 = +-1), S0 a NaN estimate.
    # f32: S0 = 0xffc00001 (negative quiet NaN), S1 = S2 = 1, sign_out = 0: quotient_exponent
    #   +inf (0x7f800000); pseudocode (the clause tests S1 and does not hold): |S0| = 0x7fc00001.
    # f64: S0 = 0x7ff8000000000005, S1 = -1, S2 = 1, sign_out = 1: -inf (0xfff0000000000000);
    #   -|S0| = 0xfff8000000000005.
    return Probe("div_fixup_overflow",
                 [("w32", "isa_v_div_fixup_f32", [0xffc00001, f32(1.0), f32(1.0)]),
                  ("w32", "isa_v_div_fixup_f64", words64(0x7ff8000000000005, f64(-1.0), f64(1.0)))],
                 lambda o: (lane0(o[0]), lane0_64(o[1])),
                 {"quotient_exponent": ("7f800000", "fff0000000000000"),
                  "pseudocode": ("7fc00001", "fff8000000000005")},
                 "v_div_fixup_f32 NaN, 1, 1; v_div_fixup_f64 NaN, -1, 1")


def probe_div_fmas():
    # VCC set in every lane; fma(2, 3, S2) is exact.
    # f32, S2 = 1 (field 127 >= 127): 7 -> exponent_scaled 7 * 2^64 = 1.75 * 2^66
    #   (field 193: 0x60e00000); fixed_2_32 7 * 2^32 = 1.75 * 2^34 (field 161: 0x50e00000).
    # f32, S2 = 0.5 (field 126 < 127): 6.5 -> exponent_scaled 6.5 * 2^-64 = 1.625 * 2^-62
    #   (field 65: 0x20d00000); fixed_2_32 6.5 * 2^32 = 1.625 * 2^34 (0x50d00000).
    # f64, S2 = 1: 7 -> exponent_scaled 7 * 2^128 = 1.75 * 2^130 (field 1153 = 0x481:
    #   0x481c000000000000); fixed_2_32 (f64: 2^64) 1.75 * 2^66 (field 1089 = 0x441: 0x441c000000000000).
    return Probe("div_fmas_scale",
                 [("w32", "isa_v_div_fmas_f32", [f32(2.0), f32(3.0), f32(1.0), 0xffffffff]),
                  ("w32", "isa_v_div_fmas_f32", [f32(2.0), f32(3.0), f32(0.5), 0xffffffff]),
                  ("w32", "isa_v_div_fmas_f64", words64(f64(2.0), f64(3.0), f64(1.0)) + [0xffffffff])],
                 lambda o: (lane0(o[0]), lane0(o[1]), lane0_64(o[2])),
                 {"exponent_scaled": ("60e00000", "20d00000", "481c000000000000"),
                  "fixed_2_32": ("50e00000", "50d00000", "441c000000000000")},
                 "v_div_fmas_f32 2, 3, 1 and 2, 3, 0.5; v_div_fmas_f64 2, 3, 1; VCC set")


def probe_div_scale():
    # v_div_scale_f32 D, VCC, S0, S1, S2 with MODE keeping denormals.
    # Run 1: S0 = S1 = 2^127 (0x7f000000), S2 = 2^100: exponent difference 227 - 254 < 96;
    #   S1 is normal; S2/S1 = 2^-27 is normal. 1/S1 = 2^-127 is an f32 denormal, so
    #   own_precision (and screen_special_inputs) scale S0 by 2^-64: 2^63 (0x5f000000), VCC 0;
    #   as a double 1/S1 is normal (f64_rcp_test, pseudocode), exponent(S2) = 227 > 23:
    #   S0 unchanged (0x7f000000), VCC 0.
    # Run 2: S0 = S1 = 1 (0x3f800000), S2 = quiet NaN 0x7fc00000: own_precision and
    #   pseudocode test the exponent fields as any others: 255 - 127 = 128 >= 96, VCC 1
    #   and S0 == S1 scaled by 2^64 (0x5f800000); screen_special_inputs and f64_rcp_test
    #   return S0 (0x3f800000), VCC 0.
    def obs(o):
        return (lane0(o[0]), str(o[0][32] & 1), lane0(o[1]), str(o[1][32] & 1))
    return Probe("div_scale_cases",
                 [("w32", "isa_v_div_scale_f32", [0x7f000000, 0x7f000000, f32(2.0 ** 100)]),
                  ("w32", "isa_v_div_scale_f32", [f32(1.0), f32(1.0), 0x7fc00000])],
                 obs,
                 {"own_precision": ("5f000000", "0", "5f800000", "1"),
                  "f64_rcp_test": ("7f000000", "0", "3f800000", "0"),
                  "screen_special_inputs": ("5f000000", "0", "3f800000", "0"),
                  "pseudocode": ("7f000000", "0", "5f800000", "1")},
                 "v_div_scale_f32 2^127, 2^127, 2^100 and 1, 1, NaN (D, VCC bit of lane 0)")


def two_over_pi_bits(n):
    """floor(2/pi * 2^n): the first n fraction bits of 2/pi (2/pi < 1), from
    pi = 16 atan(1/5) - 4 atan(1/239) in fixed point with 64 guard bits."""
    prec = n + 64
    one = 1 << prec

    def atan_inv(x):  # atan(1/x) * 2^prec, Taylor series, truncated terms
        total, term, k, x2 = 0, one // x, 0, x * x
        while term:
            total += term // (2 * k + 1) if k % 2 == 0 else -(term // (2 * k + 1))
            term //= x2
            k += 1
        return total
    pi = 16 * atan_inv(5) - 4 * atan_inv(239)  # pi * 2^prec, error a few units
    return ((2 << prec) << n) // pi  # (2 * 2^prec / (pi * 2^prec)) * 2^n; the guard bits absorb the error


def trig_preop_value(exp_field, sel):
    """What the pseudocode's V_TRIG_PREOP_F64 computes for an S0 with that exponent field
    and segment select: bits shift+1 .. shift+53 of 2/pi (zero past bit 1201) times 2^scale."""
    shift = (sel & 31) * 53 + (exp_field - 1077 if exp_field > 1077 else 0)
    bits = two_over_pi_bits(1201)
    window = (bits << 64) >> (1201 + 64 - shift - 53) & ((1 << 53) - 1)
    scale = -53 - shift + (128 if exp_field >= 1968 else 0)
    return f64(math.ldexp(window, scale))


def probe_trig_preop():
    # Run 1: S0 = signalling NaN 0x7ff0000000000001, S1 = 0. quiet_nan and llvm_fold: that
    #   NaN quieted (0x7ff8000000000001); exponent_only: the exponent field 2047 gives
    #   shift 970 and scale -53 - 970 + 128: bits 971..1023 of 2/pi times 2^-895.
    # Run 2: S0 = 2^962 (field 1985), S1 = 4: shift 4 * 53 + 1985 - 1077 = 1120, scale
    #   -53 - 1120 + 128 = -1045. quiet_nan and exponent_only: bits 1121..1173 of 2/pi
    #   times 2^-1045 (normal, nonzero); llvm_fold: +0 (its table ends at shift 1120).
    nan_chunk = "%016x" % trig_preop_value(2047, 0)
    far_chunk = "%016x" % trig_preop_value(1985, 4)
    return Probe("trig_preop_special_inputs",
                 [("w32", "isa_v_trig_preop_f64", words64(0x7ff0000000000001) + [0]),
                  ("w32", "isa_v_trig_preop_f64", words64(f64(2.0 ** 962)) + [4])],
                 lambda o: (lane0_64(o[0]), lane0_64(o[1])),
                 {"quiet_nan": ("7ff8000000000001", far_chunk),
                  "exponent_only": (nan_chunk, far_chunk),
                  "llvm_fold": ("7ff8000000000001", "0000000000000000")},
                 "v_trig_preop_f64 of a signalling NaN, segment 0; of 2^962, segment 4 (shift 1120)")


def probe_fp8_overflow():
    # Round to nearest even (the instruction forces it) into the low half of 0x11223344.
    # fp8 (E4M3, largest finite 448 = 0x7e; halfway to the next step is 464): 500 and -1000
    #   overflow: non_saturating NaN 0x7f / 0xff -> 0x1122ff7f; saturating +-448 -> 0x1122fe7e.
    # bf8 (E5M2, largest finite 57344 = 0x7b; halfway to 2^16 is 61440): 70000 and -70000
    #   overflow: non_saturating +-inf 0x7c / 0xfc -> 0x1122fc7c; saturating 0x7b / 0xfb -> 0x1122fb7b.
    # +inf and -inf (0x7f800000, 0xff800000): fp8 has no infinity, non_saturating gives NaN
    #   0x7f / 0xff, saturating +-448; bf8 non_saturating keeps +-inf, saturating +-57344:
    #   the same words as the finite overflows.
    inf, ninf = 0x7f800000, 0xff800000
    return Probe("fp8_conversion_overflow",
                 [("w32", "isa_v_cvt_pk_fp8_f32", [f32(500.0), f32(-1000.0), 0x11223344]),
                  ("w32", "isa_v_cvt_pk_bf8_f32", [f32(70000.0), f32(-70000.0), 0x11223344]),
                  ("w32", "isa_v_cvt_pk_fp8_f32", [inf, ninf, 0x11223344]),
                  ("w32", "isa_v_cvt_pk_bf8_f32", [inf, ninf, 0x11223344])],
                 lambda o: tuple(lane0(r) for r in o),
                 {"non_saturating": ("1122ff7f", "1122fc7c", "1122ff7f", "1122fc7c"),
                  "saturating": ("1122fe7e", "1122fb7b", "1122fe7e", "1122fb7b")},
                 "v_cvt_pk_fp8_f32 500, -1000 and +-inf; v_cvt_pk_bf8_f32 70000, -70000 and +-inf")


def probe_cvt_sr():
    # v_cvt_sr_fp8_f32 into byte 0 of 0x11223344 (no overflow: independent of
    # fp8_conversion_overflow). fp8 E4M3 steps of 0.125 in [1, 2): 1.0 = 0x38, 1.125 = 0x39, 2.0 = 0x40.
    # Run 1: S0 = 1.0, S1 = 0xfffff000 (S1[31:12] = 2^20 - 1): the sum 1 + (2^20 - 1) * 2^-23 =
    #   1.125 - 2^-23; wrap_nearest_even rounds it to 1.125 (0x39); carry_truncate to 1.0 (0x38).
    # Run 2: S0 = 0x3fffffff (2 - 2^-23), S1 = 0x1000 (S1[31:12] = 1): wrap_nearest_even: the
    #   mantissa field wraps to 0, 1.0 (0x38); carry_truncate: the carry gives 2.0 (0x40).
    return Probe("cvt_sr_f8_rounding",
                 [("w32", "isa_v_cvt_sr_fp8_f32", [f32(1.0), 0xfffff000, 0x11223344]),
                  ("w32", "isa_v_cvt_sr_fp8_f32", [0x3fffffff, 0x00001000, 0x11223344])],
                 lambda o: (lane0(o[0]), lane0(o[1])),
                 {"wrap_nearest_even": ("11223339", "11223338"), "carry_truncate": ("11223338", "11223340")},
                 "v_cvt_sr_fp8_f32 1.0 with random bits 0xfffff, 2 - 2^-23 with 1")


PROBES = [probe_cvt_pk_u8, probe_div_fixup, probe_div_fixup_overflow, probe_div_fmas, probe_div_scale,
          probe_trig_preop, probe_fp8_overflow, probe_cvt_sr]
