"""Probes of the packed-math and dot-product assumptions (kernels: vop3p.hip).

Every expectation below is worked out by hand from the candidate's definition
(docs/facts/unverified.md, the section of the id) and AMD's RDNA4 ISA reference guide
pseudocode (V_PK_ADD_U16, V_PK_ADD_F16, V_DOT2_F32_F16, V_DOT2_F16_F16,
V_DOT4_F32_FP8_FP8, V_DOT4_I32_IU8). f16 bit patterns: 1.0 = 3c00, 2.0 = 4000,
3.0 = 4200, 2048 = 6800, 2^-11 = 1000, 2^-14 = 0400 (IEEE 754-2019 binary16).
"""

from .common import Probe, f16, f32, hx


def lane0_words(n):
    """Observation: lane 0's first n output words (each kernel stores n words per lane);
    ("FAULT",) when the kernel faulted."""
    return lambda o: ("FAULT",) if o[0] is None else tuple(hx(w) for w in o[0][:n])


def probe_packed_constants():
    # v_pk_add_u16 / v_pk_add_f16 with an inline constant as S1 (op_sel_hi = [1,1]: the
    # high result half reads the constant's bits [31:16]).
    #   v_pk_add_u16 S0 = 0x00010001, 5:    llvm (5 = 0x00000005): lo 1+5 = 6, hi 1+0 = 1
    #       -> 00010006; replicated (0x00050005): 00060006; low16_only (0x00000005): 00010006.
    #   v_pk_add_u16 S0 = 0x00010001, -1:   llvm (0xffffffff): lo 1+0xffff, hi 1+0xffff -> 0
    #       each (16-bit wrap) -> 00000000; replicated (0xffffffff): 00000000; low16_only
    #       (0x0000ffff): lo 0, hi 1+0 = 1 -> 00010000.
    #   v_pk_add_f16 S0 = (1.0, 1.0), 1.0:  llvm (0x00003c00): lo 2.0, hi 1.0+0 -> 3c004000;
    #       replicated (0x3c003c00): 40004000; low16_only (0x00003c00): 3c004000.
    #   v_pk_add_u16 S0 = 0, 1.0:           llvm (the f32 bits 0x3f800000 on an integer op):
    #       3f800000; replicated (f16 bits in both halves): 3c003c00; low16_only: 00003c00.
    # llvm and low16_only differ in the second and fourth, replicated in the first.
    return Probe("packed_inline_constants",
                 [("w32", "vop3p_pk_consts", [0x00010001, 0x3c003c00, 0])], lane0_words(4),
                 {"llvm": ("00010006", "00000000", "3c004000", "3f800000"),
                  "replicated": ("00060006", "00000000", "40004000", "3c003c00"),
                  "low16_only": ("00010006", "00010000", "3c004000", "00003c00")},
                 "v_pk_add_u16 with 5, -1, 1.0 and v_pk_add_f16 with 1.0 as S1")


def probe_packed_int_neg():
    # v_pk_add_u16 S0 = 0x0005000a (hi 5, lo 10), S1 = 0x00020003 (hi 2, lo 3).
    #   neg_lo:[0,1] (S1's low half): ignored: lo 10+3 = 13, hi 5+2 = 7 -> 0007000d;
    #       negate: lo 10 + 0xfffd = 0x10007 -> 7 -> 00070007; sign_bit: lo 10 + 0x8003 = 0x800d
    #       -> 0007800d.
    #   neg_hi:[1,0] (S0's high half): ignored: 0007000d; negate: hi 0xfffb + 2 = 0xfffd ->
    #       fffd000d; sign_bit: hi 0x8005 + 2 = 0x8007 -> 8007000d.
    return Probe("packed_int_modifiers",
                 [("w32", "vop3p_pk_int_neg", [0x0005000a, 0x00020003])], lane0_words(2),
                 {"ignored": ("0007000d", "0007000d"),
                  "negate": ("00070007", "fffd000d"),
                  "sign_bit": ("0007800d", "8007000d")},
                 "v_pk_add_u16 with neg_lo:[0,1], then neg_hi:[1,0]")


def probe_dot_rounding():
    # MODE: nearest even, denormals kept (set by the kernel). Inputs are normal numbers.
    #   v_dot2_f32_f16 C = 2^24, (1,1).(1,1): per_step: 2^24+1 is halfway between 2^24 and
    #       2^24+2 (f32 spacing 2 there), ties to even 2^24, twice -> 4b800000; exact_once:
    #       2^24+2 -> 4b800001; f32_steps: as per_step (the accumulator is f32) -> 4b800000.
    #   v_dot2_f16_f16 C = 2048, (1,1).(1,1): per_step: 2049 ties to 2048 (f16 spacing 2),
    #       twice -> 6800; exact_once: 2050 -> 6801; f32_steps: 2049, 2050 exact in f32, then
    #       2050 in f16 -> 6801.
    #   v_dot2_f16_f16 C = 1.0, a = (2^-11, 2^-14), b = (1.0, 2^-14): exact sum 1 + 2^-11 +
    #       2^-28. per_step: 1 + 2^-11 is halfway between 1.0 and 1 + 2^-10, ties to 1.0; + 2^-28
    #       -> 1.0 -> 3c00; exact_once: above the halfway point -> 1 + 2^-10 -> 3c01;
    #       f32_steps: 1 + 2^-11 exact in f32, + 2^-28 (below half an f32 ulp, 2^-24) -> 1 +
    #       2^-11, then to f16: a tie -> 1.0 -> 3c00.
    one, big = 0x3c003c00, f32(16777216.0)
    x, y = (0x0400 << 16) | 0x1000, (0x0400 << 16) | 0x3c00
    return Probe("dot_float_rounding",
                 [("w32", "vop3p_dot_rounding", [one, big, f16(2048.0), x, y, f16(1.0)])], lane0_words(3),
                 {"per_step": ("4b800000", "00006800", "00003c00"),
                  "exact_once": ("4b800001", "00006801", "00003c01"),
                  "f32_steps": ("4b800000", "00006801", "00003c00")},
                 "v_dot2_f32_f16 2^24 + 1 + 1; v_dot2_f16_f16 2048 + 1 + 1 and 1 + 2^-11 + 2^-28")


def probe_dot_c_modifiers():
    # neg_hi:[0,0,1] with C = -1.0 (exact sums, no rounding):
    #   v_dot2_f32_f16 a = (1, 2), b = (2, 3): products 2 + 6 = 8. llvm (no effect on
    #       dot2): -1 + 8 = 7 -> 40e00000; abs_all: 1 + 8 = 9 -> 41100000; neg_hi_ignored: 7.
    #   v_dot4_f32_fp8_fp8 a = b = 0 (fp8 0x00 is +0 in every fp8 encoding): llvm (|C| on
    #       dot4): 1.0 -> 3f800000; abs_all: 3f800000; neg_hi_ignored: -1.0 -> bf800000.
    return Probe("dot_f32_c_modifiers",
                 [("w32", "vop3p_dot_c_mods", [0x40003c00, 0x42004000, f32(-1.0), 0])], lane0_words(2),
                 {"llvm": ("40e00000", "3f800000"),
                  "abs_all": ("41100000", "3f800000"),
                  "neg_hi_ignored": ("40e00000", "bf800000")},
                 "neg_hi:[0,0,1] on C = -1 of v_dot2_f32_f16 and v_dot4_f32_fp8_fp8")


def probe_int_dot_clamp():
    # v_dot4_i32_iu8 neg_lo:[1,1,0] clamp (signed bytes), C = 0x7fffffff (INT32_MAX):
    #   S0 bytes (127, -128, 0, 0) = 0x0000807f, S1 bytes (127, 127, 0, 0) = 0x00007f7f:
    #       products 16129, -16256. saturate_once: MAX + 16129 - 16256 = MAX - 127 -> 7fffff80;
    #       saturate_per_step: MAX + 16129 saturates to MAX, - 16256 -> 0x7fffc07f; wrap:
    #       7fffff80 (the exact sum is in range).
    #   S0 = S1 = 1 (bytes 1, 0, 0, 0): MAX + 1: saturate_once and saturate_per_step:
    #       7fffffff; wrap: 80000000.
    return Probe("int_dot_clamp",
                 [("w32", "vop3p_int_dot_clamp", [0x0000807f, 0x00007f7f, 0x7fffffff, 1])], lane0_words(2),
                 {"saturate_once": ("7fffff80", "7fffffff"),
                  "saturate_per_step": ("7fffc07f", "7fffffff"),
                  "wrap": ("7fffff80", "80000000")},
                 "v_dot4_i32_iu8 clamp: INT32_MAX + 16129 - 16256, INT32_MAX + 1")


def probe_dot2_16_modifiers():
    # v_dot2_f16_f16 (exact small integers, no rounding):
    #   -S0, S0 = (lo 1, hi 2), S1 = (lo 2, hi 3), C = 1: both_halves: 1 - 2 - 6 = -7 -> c700;
    #       low_half_only: 1 - 2 + 6 = 5 -> 4500; high_half_only: 1 + 2 - 6 = -3 -> c200.
    #   |S1|, S0 = (lo 2, hi 1), S1 = (lo -3, hi -2), C = 0: both_halves: 6 + 2 = 8 -> 4800;
    #       low_half_only: 6 - 2 = 4 -> 4400; high_half_only: -6 + 2 = -4 -> c400.
    return Probe("dot2_16bit_modifiers",
                 [("w32", "vop3p_dot2_16_mods", [0x40003c00, 0x42004000, 0x3c00, 0x3c004000, 0xc000c200, 0])],
                 lane0_words(2),
                 {"both_halves": ("0000c700", "00004800"),
                  "low_half_only": ("00004500", "00004400"),
                  "high_half_only": ("0000c200", "0000c400")},
                 "v_dot2_f16_f16 with -S0, then with |S1|")


PROBES = [probe_packed_constants, probe_packed_int_neg, probe_dot_rounding, probe_dot_c_modifiers,
          probe_int_dot_clamp, probe_dot2_16_modifiers]
