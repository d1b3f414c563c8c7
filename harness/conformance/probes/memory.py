"""Probes of the LDS, global and scalar-memory assumptions (kernels: memory.hip)."""

from .common import Probe, f32, hx, lane0


def probe_ds_swizzle():
    # ds_swizzle_b32 offset 0xc020 (rotate, size 1, direction bit 0) on lane ids:
    # dir0_reads_higher: lane i reads lane (i + 1) mod 32 -> lanes 0, 1 get 1, 2;
    # dir0_reads_lower: lane i reads (i - 1) mod 32 -> 31, 0.
    return Probe("ds_swizzle_rotate", "ds_swizzle", ["dir0_reads_higher", "dir0_reads_lower"],
                 [("w32", "isa_ds_swizzle_rotate", [0])], lambda o: (lane0(o[0]), hx(o[0][1])),
                 {"dir0_reads_higher": ("00000001", "00000002"), "dir0_reads_lower": ("0000001f", "00000000")},
                 "ds_swizzle_b32 offset:swizzle(ROTATE,0,1) on lane ids")


def probe_global_addtid():
    # global_load_addtid_b32 offset:4100 from a buffer whose word k holds k: full_offset reads
    # byte 4100 + 4l, word 1025 + l (lane 0: 0x401); offset_12bit uses 4100 & 0xfff = 4,
    # word 1 + l (lane 0: 1).
    return Probe("global_addtid_offset", "global_addtid", ["full_offset", "offset_12bit"],
                 [("w32", "isa_global_load_addtid", list(range(2048)))], lambda o: (lane0(o[0]), hx(o[0][31])),
                 {"full_offset": ("00000401", "00000420"), "offset_12bit": ("00000001", "00000020")},
                 "global_load_addtid_b32 offset:4100")


PROBES = [probe_ds_swizzle, probe_global_addtid]
