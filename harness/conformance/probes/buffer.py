"""Probes of the VBUFFER assumptions: range checks, formats, atomics, swizzled
addressing and TFE (kernels: buffer.hip). Every expectation is derived by hand beside
its probe from the candidates' definitions (docs/facts/unverified.md)."""

from .common import Probe, f32, hx


def probe_buffer_range():
    # Raw V# (oob_select 3) over words 0x11111111, 0x22222222, 0x33333333, 0x44444444,
    # num_records 10. buffer_load_b64 at offset 4: dword 0 = bytes 4..7 (8 <= 10), dword 1 =
    # bytes 8..11 (12 > 10). per_dword: 0x22222222, 0; whole_access: 4 + 8 > 10, both 0;
    # no_soffset: per dword, as per_dword. buffer_load_b32 at offset 4, soffset 4:
    # per_dword / whole_access: 4 + 4 + 4 = 12 > 10 -> 0; no_soffset: 4 + 4 = 8 <= 10 ->
    # the word at base + soffset + offset = byte 8 = 0x33333333.
    return Probe("buffer_range_check",
                 [("w32", "isa_buffer_range", [0x11111111, 0x22222222, 0x33333333, 0x44444444])],
                 lambda o: (hx(o[0][0]), hx(o[0][1]), hx(o[0][2])),
                 {"per_dword": ("22222222", "00000000", "00000000"),
                  "whole_access": ("00000000", "00000000", "00000000"),
                  "no_soffset": ("22222222", "00000000", "33333333")},
                 "raw V#, num_records 10: buffer_load_b64 offset:4; buffer_load_b32 soffset 4 offset:4")


def probe_buffer_atomic_oob():
    # Raw V#, num_records 4, memory word at offset 4 = 5; buffer_atomic_add_u32 of 7 at
    # offset 4 (4 + 4 > 4: out of range) returning. return_zero: returns 0, memory 5;
    # keep_vgpr: the VGPR keeps the data 7, memory 5; performed: returns 5, memory 12.
    return Probe("buffer_atomic_out_of_range",
                 [("w32", "isa_buffer_atomic_oob", [0])],
                 lambda o: (hx(o[0][0]), hx(o[0][1])),
                 {"return_zero": ("00000000", "00000005"), "keep_vgpr": ("00000007", "00000005"),
                  "performed": ("00000005", "0000000c")},
                 "buffer_atomic_add_u32 th:TH_ATOMIC_RETURN past num_records")


def probe_buffer_format():
    # tbuffer_store_format_x of 0.5 as 8_UNORM: 0.5 * 255 = 127.5; nearest even 128 (0x80),
    # toward zero 127 (0x7f); the other bytes of the word were zeroed first.
    # tbuffer_load_format_xyzw of 8_8_UINT (two channels): W = 1 (nearest_w1, truncate_w1)
    # or 0 (nearest_w0).
    return Probe("buffer_format_conversion",
                 [("w32", "isa_buffer_format", [0x00000201])],
                 lambda o: (hx(o[0][0]), hx(o[0][1])),
                 {"nearest_w1": ("00000080", "00000001"), "nearest_w0": ("00000080", "00000000"),
                  "truncate_w1": ("0000007f", "00000001")},
                 "tbuffer_store_format_x 0.5 as 8_UNORM; W of an 8_8_UINT load")


def probe_buffer_swizzle():
    # V# over words 0x100 + k, stride 16, index_stride 0 (IS = 8), index 1, offset 4:
    # byte = (1 / 8 * 16 + 4 / ES * ES) * 8 + (1 % 8) * ES + 4 % ES. swizzle_enable 2:
    # es2_8: ES 8 -> 0 + 8 + 4 = 12 (word 3); es2_16: ES 16 -> 16 + 4 = 20 (word 5);
    # es2_4: ES 4 -> 4 * 8 + 4 + 0 = 36 (word 9). swizzle_enable 3 (ES 16 for every
    # candidate): 20 (word 5).
    return Probe("buffer_swizzle_addressing",
                 [("w32", "isa_buffer_swizzle", [0x100 + k for k in range(64)])],
                 lambda o: (hx(o[0][0]), hx(o[0][1])),
                 {"es2_8": ("00000103", "00000105"), "es2_16": ("00000105", "00000105"),
                  "es2_4": ("00000109", "00000105")},
                 "buffer_load_b32 idxen offen (index 1, offset 4) through swizzled V#s")


def probe_buffer_tfe():
    # Raw V#, num_records 8, words 0x1000 + k; buffer_load_b32 tfe at offset 0 (in range:
    # data 0x1000) and 16 (out of range: data 0), status VGPRs preset to 0xdead. zero: both
    # statuses 0; oob_one: 0, 1; untouched: 0xdead, 0xdead. The data is the same for all.
    return Probe("buffer_tfe_status",
                 [("w32", "isa_buffer_tfe", [0x1000 + k for k in range(8)])],
                 lambda o: (hx(o[0][0]), hx(o[0][1]), hx(o[0][2]), hx(o[0][3])),
                 {"zero": ("00000000", "00000000", "00001000", "00000000"),
                  "oob_one": ("00000000", "00000001", "00001000", "00000000"),
                  "untouched": ("0000dead", "0000dead", "00001000", "00000000")},
                 "buffer_load_b32 tfe in range and out of range: the status VGPR")


def probe_buffer_packed():
    # tbuffer_store_format_xyzw as 10_11_11_FLOAT (X[10:0], Y[21:11], Z[31:22], no W):
    # X = 65280 = 127.5 * 2^9: nearest_inf: the tie goes to even 128 -> 2^16 -> inf 0x7c0;
    # nearest_saturate: 2^16 is past 65024 -> 0x7bf; truncate: 127 -> 0x7bf.
    # Y = 1 + 3 * 2^-7 = (64 + 1.5) * 2^-6: nearest: tie -> 66 -> 0x3c2; truncate: 65 -> 0x3c1.
    # Z = 0 -> 0. Words: 0x7c0 | 0x3c2 << 11 = 0x001e17c0, 0x7bf | 0x3c2 << 11 = 0x001e17bf,
    # 0x7bf | 0x3c1 << 11 = 0x001e0fbf.
    return Probe("buffer_packed_formats",
                 [("w32", "isa_buffer_packed", [f32(65280.0), f32(1 + 3 * 2 ** -7), 0, f32(1.0)])],
                 lambda o: (hx(o[0][0]),),
                 {"nearest_inf": ("001e17c0",), "nearest_saturate": ("001e17bf",), "truncate": ("001e0fbf",)},
                 "tbuffer_store_format_xyzw as 10_11_11_FLOAT: 65280, 1 + 3 * 2^-7, 0")


PROBES = [probe_buffer_range, probe_buffer_atomic_oob, probe_buffer_format, probe_buffer_swizzle, probe_buffer_tfe,
          probe_buffer_packed]
