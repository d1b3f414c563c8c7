"""Probes of the integer, bit and lane VALU assumptions (kernels: valu_int.hip)."""

from .common import Probe, f32, hx, lane0


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


PROBES = [probe_cvt_pk_16]
