"""Probes of the scalar ALU, MODE and hardware-register assumptions (kernels: salu.hip)."""

from .common import Probe, f32, hx, lane0


def probe_salu_bfe():
    # s_bfe_u32 S0 = 0xffffffff, S1 = width 40, offset 4: all_bits 0x0fffffff, width_mod
    # (width 8) 0x000000ff. s_bfe_i32 S0 = 0x80000000, S1 = width 40, offset 0: all_bits
    # 0x80000000, width_mod (the low 8 bits, 0, sign-extended) 0.
    return Probe("salu_bfe_wide_width",
                 [("w32", "isa_s_bfe_u32", [0xffffffff, (40 << 16) | 4]),
                  ("w32", "isa_s_bfe_i32", [0x80000000, 40 << 16])],
                 lambda o: (lane0(o[0]), lane0(o[1])),
                 {"all_bits": ("0fffffff", "80000000"), "width_mod": ("000000ff", "00000000")},
                 "s_bfe_u32 / s_bfe_i32 with width 40")


def probe_salu_rndne():
    # s_rndne_f32 of -0.5 (0xbf000000): keep_sign -0 (0x80000000), positive_zero +0.
    return Probe("salu_rndne_signed_zero",
                 [("w32", "isa_s_rndne_f32", [0xbf000000, 0])], lambda o: (lane0(o[0]),),
                 {"keep_sign": ("80000000",), "positive_zero": ("00000000",)},
                 "s_rndne_f32 of -0.5")


def probe_salu_setreg():
    # MODE[10:0] written inverted (s_setreg_b32 hwreg(MODE, 0, 11) of MODE ^ 0x7ff); the
    # observation is which bits changed, MODE before XOR MODE after, so the starting MODE
    # does not matter. all_bits: every written bit changes: 0x000007ff. round_denorm_only:
    # only [7:0] changes: 0x000000ff. Bits [31:11] are never written: 0 in both.
    return Probe("salu_setreg_mode_mask",
                 [("w32", "salu_setreg_mode", [0])],
                 lambda o: ("changed=" + hx(o[0][0] ^ o[0][1]),),
                 {"all_bits": ("changed=000007ff",), "round_denorm_only": ("changed=000000ff",)},
                 "s_setreg_b32 hwreg(HW_REG_MODE, 0, 11) of MODE ^ 0x7ff: the bits that changed")


def _hw_id_obs(o):
    # Properties of HW_ID1/HW_ID2 of waves 0..3 of one workgroup (their values depend on
    # where the waves run): HW_ID1 is exactly the wave index (wave_index_only), else the four
    # values are distinct (placement: two waves never share a wave slot of one SIMD), else
    # they repeat; HW_ID2 is 0 in every wave, or not.
    id1 = [o[0][2 * i] for i in range(4)]
    id2 = [o[0][2 * i + 1] for i in range(4)]
    if id1 == [0, 1, 2, 3]:
        t1 = "id1=wave_index"
    elif len(set(id1)) == 4:
        t1 = "id1=distinct_placement"
    else:
        t1 = "id1=repeated:" + ",".join(hx(v) for v in id1)
    t2 = "id2=zero" if not any(id2) else "id2=nonzero"
    return (t1, t2)


def probe_salu_hw_id():
    # wave_index_only: HW_ID1 of wave i = i, HW_ID2 = 0 -> (wave_index, zero).
    # placement: HW_ID1 of wave i = slot i/4 in [4:0], SIMD i%4 in [9:8]: 0x000, 0x100,
    # 0x200, 0x300 (distinct, not 0..3); HW_ID2 = 0x01000100 -> (distinct_placement, nonzero).
    return Probe("salu_hwreg_hw_id",
                 [("w32", "salu_hw_id", [0])], _hw_id_obs,
                 {"wave_index_only": ("id1=wave_index", "id2=zero"),
                  "placement": ("id1=distinct_placement", "id2=nonzero")},
                 "s_getreg_b32 HW_ID1 / HW_ID2 in the four waves of one workgroup")


def _nop_delta(o):
    # Counter advance over eight `s_nop 15` and one s_getreg, less the advance over one
    # s_getreg (b - a) - (d - c), modulo 2^20 (a 20-bit counter wraps there; a 32-bit one
    # gives the same small differences); the smallest of the three repetitions.
    m = 1 << 20
    return min((((o[0][4 * r + 1] - o[0][4 * r]) % m) - ((o[0][4 * r + 3] - o[0][4 * r + 2]) % m)) for r in range(3))


def probe_salu_shader_cycles():
    # instruction_count: b - a = 9 (eight s_nop and the second s_getreg), d - c = 1: 8.
    # modelled_cycles: b - a = 8 * 16 + 1 (s_nop 15 costs 16), d - c = 1: 128. A clock that
    # counts at least the s_nop wait states (16 each) gives 128 or more: the same token.
    def obs(o):
        d = _nop_delta(o)
        if d == 8:
            return ("per_instruction",)
        if d >= 128:
            return ("at_least_16_per_s_nop_15",)
        return ("delta=%d" % d,)
    return Probe("salu_hwreg_shader_cycles",
                 [("w32", "salu_shader_cycles", [0])], obs,
                 {"instruction_count": ("per_instruction",), "modelled_cycles": ("at_least_16_per_s_nop_15",)},
                 "s_getreg_b32 SHADER_CYCLES_LO around eight s_nop 15, less around nothing")


def probe_salu_realtime():
    # instruction_count: the value is the wave's instruction count so far, a few dozen
    # (< 2^20), and the second read is larger. host_clock: a 100 MHz clock running since the
    # host started (>= 2^20 ticks after 10.5 ms), not decreasing. A GPU's real-time counter
    # runs since it was powered: large too.
    def obs(o):
        t0 = o[0][0] | o[0][1] << 32
        t1 = o[0][2] | o[0][3] << 32
        return ("start=small" if t0 < 1 << 20 else "start=large",
                "monotonic" if t1 >= t0 else "decreasing")
    return Probe("salu_sendmsg_rtn_realtime",
                 [("w32", "salu_realtime", [0])], obs,
                 {"instruction_count": ("start=small", "monotonic"), "host_clock": ("start=large", "monotonic")},
                 "s_sendmsg_rtn_b64 MSG_RTN_GET_REALTIME twice: size of the first value, order")


def probe_salu_f16_high():
    # s_add_f16 with S0 = 0x12343c00 (1.0 in [15:0]), S1 = 0x56784000 (2.0), D before =
    # 0xdead0000: the sum 3.0 is exact (0x4200) in every MODE. zero: 0x00004200; keep_dst:
    # D's high half kept: 0xdead4200; s0_high: S0's high half: 0x12344200.
    return Probe("salu_f16_high_bits",
                 [("w32", "salu_f16_high", [0x12343c00, 0x56784000, 0xdead0000])], lambda o: (lane0(o[0]),),
                 {"zero": ("00004200",), "keep_dst": ("dead4200",), "s0_high": ("12344200",)},
                 "s_add_f16 of 0x12343c00, 0x56784000 into 0xdead0000")


def probe_salu_float_mode():
    # MODE = 0x03: f32 round toward zero, f32 denormals flushed (inputs and outputs).
    # s_add_f32 1.0 + 1.5 * 2^-24 (0x33c00000): exact sum 1 + 0.75 ulp(1); toward zero 1.0
    # (0x3f800000), nearest even 1 + 2^-23 (0x3f800001). s_add_f32 0x00000001 (the smallest
    # denormal) + 0: flushed input +0 (0x00000000), kept 0x00000001 (exact, any rounding).
    # honour_mode: 3f800000, 00000000; ieee_fixed (nearest even, denormals kept): 3f800001,
    # 00000001; round_only (MODE rounding, denormals kept): 3f800000, 00000001.
    return Probe("salu_float_mode",
                 [("w32", "salu_float_mode", [f32(1.0), 0x33c00000, 0x00000001])],
                 lambda o: (hx(o[0][0]), hx(o[0][1])),
                 {"honour_mode": ("3f800000", "00000000"), "ieee_fixed": ("3f800001", "00000001"),
                  "round_only": ("3f800000", "00000001")},
                 "s_add_f32 1 + 1.5*2^-24 and denormal + 0 under MODE f32 round-toward-zero, flush")


def probe_salu_movrel():
    # s_movrels_b32 D, s20 with s20 = 0x5a5a5a5a: M0 = 0 (index 20, in range: the marker in
    # every candidate), M0 = 105 (index 125, the operand number of M0 itself on gfx12),
    # M0 = 128 (index 148). fault: the last two fault. read_zero: 0 and 0. wrap_7bit: index
    # 125 reads M0 = 105 (0x69); 148 mod 128 = 20 reads the marker.
    def obs(o):
        return tuple("FAULT" if x is None else lane0(x) for x in o)
    return Probe("salu_movrel_range",
                 [("w32", "salu_movrels", [0x5a5a5a5a, 0]), ("w32", "salu_movrels", [0x5a5a5a5a, 105]),
                  ("w32", "salu_movrels", [0x5a5a5a5a, 128])], obs,
                 {"fault": ("5a5a5a5a", "FAULT", "FAULT"), "read_zero": ("5a5a5a5a", "00000000", "00000000"),
                  "wrap_7bit": ("5a5a5a5a", "00000069", "5a5a5a5a")},
                 "s_movrels_b32 from s20 with M0 = 0, 105, 128")


def _chain_cycles(o):
    # Counter advance of 8 dependent WMMAs: the smallest 12-chain time less the smallest
    # 4-chain time (fixed costs cancel), modulo 2^20.
    m = 1 << 20
    t4 = min((o[4 * r + 1] - o[4 * r]) % m for r in range(3))
    t12 = min((o[4 * r + 3] - o[4 * r + 2]) % m for r in range(3))
    return t12 - t4


def probe_wave64_cycles():
    # Dependent chains of v_wmma_f32_16x16x16_f16 (D = C) in wave32 and wave64, timed with
    # SHADER_CYCLES_LO; the observation is the ratio wave64 / wave32 of the time of 8 more
    # WMMAs (12-chain less 4-chain), which a clock gives as about 1 or about 2 whatever its
    # rate. On the emulator SHADER_CYCLES is a model (salu_hwreg_shader_cycles) that sees
    # wave64_cycles under either of its candidates:
    #  instruction_count: a WMMA counts 1, or 2 in wave64 under double: 12-chain 13 (12
    #   WMMAs + s_getreg), 4-chain 5 -> 8; wave64 same 8, double 25 - 9 = 16.
    #  modelled_cycles: a WMMA counts 16 (f16 inputs): 193 - 65 = 128; wave64 same 128,
    #   double 32 each: 385 - 129 = 256.
    # same: ratio 1; double: ratio 2 (either counter).
    def obs(o):
        if o[0] is None or o[1] is None:
            return ("FAULT",)
        d32, d64 = _chain_cycles(o[0]), _chain_cycles(o[1])
        if d32 <= 0 or d64 <= 0:
            return ("no_advance:%d,%d" % (d32, d64),)
        r = d64 / d32
        if 0.75 <= r < 1.5:
            return ("wave64/wave32=1",)
        if 1.5 <= r < 3:
            return ("wave64/wave32=2",)
        return ("wave64/wave32=%.2f" % r,)
    one = 0x3c003c00  # two f16 1.0
    return Probe("wave64_cycles",
                 [("w32", "salu_cycles_wmma", [one] * 4), ("w64", "salu_cycles_wmma_w64", [one] * 4)], obs,
                 {"same": ("wave64/wave32=1",), "double": ("wave64/wave32=2",)},
                 "SHADER_CYCLES over 8 dependent v_wmma_f32_16x16x16_f16, wave64 / wave32")


PROBES = [probe_salu_bfe, probe_salu_rndne, probe_salu_setreg, probe_salu_hw_id, probe_salu_shader_cycles,
          probe_salu_realtime, probe_salu_f16_high, probe_salu_float_mode, probe_salu_movrel, probe_wave64_cycles]
