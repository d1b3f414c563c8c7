"""Probes of the LDS, global and scalar-memory assumptions (kernels: memory.hip)."""

from .common import Probe, f32, hx, lane0


def probe_ds_swizzle():
    # ds_swizzle_b32 offset 0xc020 (rotate, size 1, direction bit 0) on lane ids:
    # dir0_reads_higher: lane i reads lane (i + 1) mod 32 -> lanes 0, 1 get 1, 2;
    # dir0_reads_lower: lane i reads (i - 1) mod 32 -> 31, 0.
    return Probe("ds_swizzle_rotate",
                 [("w32", "isa_ds_swizzle_rotate", [0])], lambda o: (lane0(o[0]), hx(o[0][1])),
                 {"dir0_reads_higher": ("00000001", "00000002"), "dir0_reads_lower": ("0000001f", "00000000")},
                 "ds_swizzle_b32 offset:swizzle(ROTATE,0,1) on lane ids")


def probe_global_addtid():
    # global_load_addtid_b32 offset:4100 from a buffer whose word k holds k: full_offset reads
    # byte 4100 + 4l, word 1025 + l (lane 0: 0x401); offset_12bit uses 4100 & 0xfff = 4,
    # word 1 + l (lane 0: 1).
    return Probe("global_addtid_offset",
                 [("w32", "isa_global_load_addtid", list(range(2048)))], lambda o: (lane0(o[0]), hx(o[0][31])),
                 {"full_offset": ("00000401", "00000420"), "offset_12bit": ("00000001", "00000020")},
                 "global_load_addtid_b32 offset:4100")


def probe_smem_dword_align():
    # Input bytes 00 01 02 ... 0f (words 0x03020100, 0x07060504, ...). s_load_b32 at in + 2 and
    # s_buffer_load_b32 at offset 6 (num_records 16: in range for every smem_buffer_range_check
    # candidate). round_down: bits [1:0] dropped: word 0 = 0x03020100 and word 1 = 0x07060504;
    # exact: bytes 2..5 = 0x05040302 and bytes 6..9 = 0x09080706.
    return Probe("smem_dword_alignment",
                 [("w32", "isa_smem_dword_align", [0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c])],
                 lambda o: (hx(o[0][0]), hx(o[0][1])),
                 {"round_down": ("03020100", "07060504"), "exact": ("05040302", "09080706")},
                 "s_load_b32 at an address 2 past a dword, s_buffer_load_b32 at offset 6")


def probe_smem_buffer_range():
    # Input word k = 0x1000 + k; V# num_records 12. s_buffer_load_b64 at offset 8: dword 2
    # (bytes 8..11) is inside, dword 3 (12..15) past the end. per_dword: 0x1002, 0;
    # whole_access: the whole load reads 0: 0, 0; wrap32: per dword as per_dword: 0x1002, 0.
    # s_buffer_load_b32 at offset 8 + soffset 0xfffffffc: per_dword and whole_access sum to
    # 2^32 + 4, past num_records: 0; wrap32: (2^32 + 4) mod 2^32 = 4: word 1 = 0x1001.
    return Probe("smem_buffer_range_check",
                 [("w32", "isa_smem_buffer_range", [0x1000 + k for k in range(16)])],
                 lambda o: (hx(o[0][0]), hx(o[0][1]), hx(o[0][2])),
                 {"per_dword": ("00001002", "00000000", "00000000"),
                  "whole_access": ("00000000", "00000000", "00000000"),
                  "wrap32": ("00001002", "00000000", "00001001")},
                 "s_buffer_load_b64 across num_records; s_buffer_load_b32 with offset + soffset past 2^32")


def probe_float_atomics():
    # global_atomic_add_f32, MODE: nearest even, denormals kept. Memory 0x00000001 (the
    # smallest f32 denormal, 2^-149) + data 0x00000001: rne_keep_denormals and canonical_nan:
    # 2^-148 exactly = 0x00000002; flush_denormals: both operands flushed to +0: +0 + +0 = +0.
    # Memory 0x7f800001 (signalling NaN, payload 1) + data 1.0: the first NaN operand
    # quieted = 0x7fc00001 (rne_keep_denormals, flush_denormals); canonical_nan: 0x7fc00000.
    return Probe("float_atomics",
                 [("w32", "isa_float_atomic_add", [0x00000001, 0x7f800001, 0x00000001, f32(1.0)])],
                 lambda o: (hx(o[0][0]), hx(o[0][1])),
                 {"rne_keep_denormals": ("00000002", "7fc00001"), "flush_denormals": ("00000000", "7fc00001"),
                  "canonical_nan": ("00000002", "7fc00000")},
                 "global_atomic_add_f32: denormal + denormal, signalling NaN + 1.0")


def probe_atomic_alignment():
    # Memory words 0x03020100, 0x07060504 (bytes 00..07); global_atomic_add_u32 of
    # 0x10000001 at byte 2, returning. exact_bytes: old = bytes 2..5 = 0x05040302, new
    # 0x15040303 written to bytes 2..5: words 0x03030100, 0x07061504; round_down: the atomic
    # on word 0: old 0x03020100, new 0x13020101, word 1 unchanged; fault: the kernel faults.
    return Probe("atomic_alignment",
                 [("w32", "isa_atomic_misaligned", [0x03020100, 0x07060504, 0x10000001])],
                 lambda o: ("FAULT",) if o[0] is None else (hx(o[0][0]), hx(o[0][1]), hx(o[0][2])),
                 {"exact_bytes": ("03030100", "07061504", "05040302"),
                  "round_down": ("13020101", "07060504", "03020100"), "fault": ("FAULT",)},
                 "global_atomic_add_u32 at an address 2 past a dword")


PROBES = [probe_ds_swizzle, probe_global_addtid, probe_smem_dword_align, probe_smem_buffer_range,
          probe_float_atomics, probe_atomic_alignment]
