"""Probes of the scalar ALU, MODE and hardware-register assumptions (kernels: salu.hip)."""

from .common import Probe, f32, hx, lane0


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


PROBES = [probe_salu_bfe, probe_salu_rndne]
