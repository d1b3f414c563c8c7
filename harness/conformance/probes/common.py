"""Shared pieces of the probes of `rdna4-conformance probe` (harness/conformance/probe.py).

A Probe decides one UNVERIFIED assumption of the emulator (harness/emu/wmma/candidates.csv,
docs/facts/unverified.md): it runs probe kernels (the family .hip files of this directory) on
the device, reduces their output words to a tuple of tokens, and compares that with the
tuple each candidate predicts. Predictions are derived by hand beside each probe.
Standard library only.
"""

import struct

NONE = "none of the candidates"


class ProbeError(Exception):
    pass


class Probe:
    """One assumption: runs [(binary, kernel, input words)], observe(outputs) -> tuple of
    tokens, expect {candidate: tuple of tokens}; candidates in the emulator's order."""

    def __init__(self, aid, name, candidates, runs, observe, expect, what):
        self.id, self.name, self.candidates = aid, name, candidates
        self.runs, self.observe, self.expect, self.what = runs, observe, expect, what


def f16(x):
    return struct.unpack("<H", struct.pack("<e", x))[0]


def f32(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def is_nan32(w):
    return (w & 0x7f800000) == 0x7f800000 and (w & 0x7fffff) != 0


def hx(w):
    return "%08x" % w


def lane0(o):
    return hx(o[0])
