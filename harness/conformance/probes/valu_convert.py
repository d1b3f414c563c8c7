"""Probes of the division helpers, v_trig_preop and the conversion assumptions
(kernels: valu_convert.hip)."""

from .common import Probe, f32, hx, lane0


def probe_cvt_pk_u8():
    # v_cvt_pk_u8_f32 of 2.75 (0x40300000) into byte 0 of 0xaabbcc00: toward_zero 2
    # (0xaabbcc02), nearest_even 3 (0xaabbcc03); of 3.5 into byte 1 of 0: 3 / 4 (tie to even).
    return Probe("cvt_pk_u8_f32_rounding", "cvt_pk_u8", ["toward_zero", "nearest_even"],
                 [("w32", "isa_v_cvt_pk_u8_f32", [f32(2.75), 0, 0xaabbcc00]),
                  ("w32", "isa_v_cvt_pk_u8_f32", [f32(3.5), 1, 0])],
                 lambda o: (lane0(o[0]), lane0(o[1])),
                 {"toward_zero": ("aabbcc02", "00000300"), "nearest_even": ("aabbcc03", "00000400")},
                 "v_cvt_pk_u8_f32 of 2.75 into byte 0, 3.5 into byte 1")


PROBES = [probe_cvt_pk_u8]
