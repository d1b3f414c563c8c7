"""Probes of the integer, bit and lane VALU assumptions (kernels: valu_int.hip).

Each expectation below is derived by hand from the candidate's definition in
docs/facts/unverified.md; lane numbers are wave32 lanes.
"""

from .common import Probe, hx, lane0


def probe_cvt_pk_16():
    # v_cvt_pk_u16_u32 with S0 = 0x12345, S1 = 7: saturate {7, 0xffff} = 0x0007ffff,
    # truncate {7, 0x2345} = 0x00072345. v_cvt_pk_i16_i32 with S0 = 32768, S1 = -32769:
    # saturate {-32768, 32767} = 0x80007fff, truncate {0x7fff, 0x8000} = 0x7fff8000.
    return Probe("cvt_pk_16_saturates",
                 [("w32", "isa_v_cvt_pk_u16_u32", [0x12345, 7]),
                  ("w32", "isa_v_cvt_pk_i16_i32", [0x8000, 0xffff7fff])],
                 lambda o: (lane0(o[0]), lane0(o[1])),
                 {"saturate": ("0007ffff", "80007fff"), "truncate": ("00072345", "7fff8000")},
                 "v_cvt_pk_u16_u32 0x12345, 7; v_cvt_pk_i16_i32 32768, -32769")


def probe_opsel_scalar16():
    # v_add_nc_u16 v, s, v op_sel:[1,0,0], s = 0x1234abcd, v = 1, destination 0:
    # high_half adds bits [31:16] of s: 0x1234 + 1 = 0x1235; low_half (op_sel ignored on
    # a scalar) adds 0xabcd + 1 = 0xabce. The destination's high half stays 0.
    return Probe("opsel_hi_half_of_scalar_16bit",
                 [("w32", "isa_opsel_scalar16", [0x1234abcd, 1])],
                 lambda o: (lane0(o[0]),),
                 {"high_half": ("00001235",), "low_half": ("0000abce",)},
                 "v_add_nc_u16 op_sel:[1,0,0] on SGPR 0x1234abcd plus 1")


def probe_int_clamp_vop():
    # v_add_nc_u32_e64 clamp of 0xffffffff + 2 (exact 0x100000001): saturate 0xffffffff,
    # wrap 0x00000001. v_mad_u32_u24 clamp of 0xffffff * 0xffffff + 0 (exact 0xfffffe000001):
    # saturate 0xffffffff, wrap 0xfe000001. add_sub_only saturates the add, wraps the mad.
    return Probe("int_clamp_vop",
                 [("w32", "isa_add_nc_u32_clamp", [0xffffffff, 2]),
                  ("w32", "isa_mad_u32_u24_clamp", [0xffffff, 0xffffff, 0])],
                 lambda o: (lane0(o[0]), lane0(o[1])),
                 {"saturate": ("ffffffff", "ffffffff"), "wrap": ("00000001", "fe000001"),
                  "add_sub_only": ("ffffffff", "fe000001")},
                 "v_add_nc_u32 clamp 0xffffffff + 2; v_mad_u32_u24 clamp 0xffffff * 0xffffff")


def probe_movrel_range():
    # v_movrels_b32 from v1 with M0 = 256 in a kernel that allocates 256 VGPRs; v0 = 0x11111111,
    # v1 = 0x22222222. fault: the kernel faults; vgpr0_drop reads v0 (0x11111111); read_zero
    # reads 0; wrap reads v(257 mod 256) = v1 (0x22222222).
    def obs(o):
        return ("FAULT",) if o[0] is None else (lane0(o[0]),)
    return Probe("movrel_out_of_range",
                 [("w32", "isa_movrels_range", [0x11111111, 0x22222222])], obs,
                 {"fault": ("FAULT",), "vgpr0_drop": ("11111111",), "read_zero": ("00000000",),
                  "wrap": ("22222222",)},
                 "v_movrels_b32 v1 with M0 = 256 (index 257)")


def probe_permlane_fi_bc():
    # v_permlane16_b32, every lane selecting lane 0 of its row, lane 0 off in EXEC; lane 1's
    # result (source in[0] + lane: lane 0 holds 0xa0a0a000; destination starts 0x0bad0bad).
    # op_sel [0,0] / [1,0] (FI) / [0,1] (BOUND_CTRL):
    #   dpp_meaning: kept 0bad0bad / read a0a0a000 / 0
    #   ignored (every lane read): a0a0a000 three times
    #   fetch_zero (0 unless FI): 0 / a0a0a000 / 0
    W = 32
    return Probe("permlane_fi_bound_ctrl",
                 [("w32", "isa_permlane16_inactive", [0xa0a0a000, 0x0bad0bad])],
                 lambda o: (hx(o[0][1]), hx(o[0][W + 1]), hx(o[0][2 * W + 1])),
                 {"dpp_meaning": ("0bad0bad", "a0a0a000", "00000000"),
                  "ignored": ("a0a0a000", "a0a0a000", "a0a0a000"),
                  "fetch_zero": ("00000000", "a0a0a000", "00000000")},
                 "v_permlane16_b32 reading a lane off in EXEC, op_sel [0,0], [1,0], [0,1]")


def probe_dpp16_invalid():
    # v_mov_b32_dpp row_shr:1, source in[0] + lane (lane 2: 0xa0a0a002), destination
    # starts 0x0bad0bad. Runs: lane 0 reads past its row with bound_ctrl 0, 1 (lane 0
    # observed); lane 3 reads lane 2, off in EXEC, fi 0, bound_ctrl 0, 1 (lane 3 observed).
    #   llvm_doc: both invalid: kept without bound_ctrl, 0 with it: 0bad0bad 0 0bad0bad 0
    #   bound_ctrl_inverted: 0 with the bit clear, kept with it: 0 0bad0bad 0 0bad0bad
    #   inactive_zero: the inactive source reads 0 either way: 0bad0bad 0 0 0
    #   inactive_read: the inactive lane is read: 0bad0bad 0 a0a0a002 a0a0a002
    W = 32
    old, z, s2 = "0bad0bad", "00000000", "a0a0a002"
    return Probe("dpp16_invalid_source",
                 [("w32", "isa_dpp16_invalid", [0xa0a0a000, 0x0bad0bad])],
                 lambda o: (hx(o[0][0]), hx(o[0][W]), hx(o[0][2 * W + 3]), hx(o[0][3 * W + 3])),
                 {"llvm_doc": (old, z, old, z), "bound_ctrl_inverted": (z, old, z, old),
                  "inactive_zero": (old, z, z, z), "inactive_read": (old, z, s2, s2)},
                 "v_mov_b32_dpp row_shr:1 past the row and from a lane off in EXEC, bound_ctrl 0/1")


def probe_dpp8_inactive():
    # v_mov_b32_dpp dpp8:[0,...,0] (lane 1 reads lane 0), lane 0 off in EXEC, source
    # in[0] + lane (lane 0: 0xa0a0a000), destination starts 0x0bad0bad; lane 1 with fi 0, 1:
    #   zero_unless_fi: 0, a0a0a000; read_anyway: a0a0a000 twice; unwritten: 0bad0bad, a0a0a000
    W = 32
    return Probe("dpp8_inactive_source",
                 [("w32", "isa_dpp8_inactive", [0xa0a0a000, 0x0bad0bad])],
                 lambda o: (hx(o[0][1]), hx(o[0][W + 1])),
                 {"zero_unless_fi": ("00000000", "a0a0a000"), "read_anyway": ("a0a0a000", "a0a0a000"),
                  "unwritten": ("0bad0bad", "a0a0a000")},
                 "v_mov_b32_dpp dpp8 reading a lane off in EXEC, fi 0 and 1")


def probe_dpp_lane_disable():
    # v_cmp_gt_u32_e64_dpp s, v, 0 quad_perm:[0,1,2,3] row_mask:0x1: lane l holds 1 when
    # l % 8 < 4, else 0, so the compare is true for lanes 0-3, 8-11, 16-19, 24-27
    # (0x0f0f0f0f); the SGPR starts 0x00ff00ff; row 1 (lanes 16-31) is disabled.
    #   cleared: row 1 bits 0 -> 0x00000f0f; kept: row 1 bits of 0x00ff00ff -> 0x00ff0f0f;
    #   computed: row 1 bits compared anyway -> 0x0f0f0f0f
    W = 32
    lanes = [1 if l % 8 < 4 else 0 for l in range(W)]
    return Probe("dpp_lane_disable_writes",
                 [("w32", "isa_dpp_cmp_row_mask", lanes + [0x00ff00ff])],
                 lambda o: (lane0(o[0]),),
                 {"cleared": ("00000f0f",), "kept": ("00ff0f0f",), "computed": ("0f0f0f0f",)},
                 "v_cmp_gt_u32_e64_dpp row_mask:0x1 into an SGPR holding 0x00ff00ff")


PROBES = [probe_cvt_pk_16, probe_opsel_scalar16, probe_int_clamp_vop, probe_movrel_range,
          probe_permlane_fi_bc, probe_dpp16_invalid, probe_dpp8_inactive, probe_dpp_lane_disable]
