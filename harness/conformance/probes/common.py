"""Shared pieces of the probes of `rdna4-conformance probe` (harness/conformance/probe.py).

A Probe decides one UNVERIFIED model of the emulator (harness/emu/models/*.toml,
docs/facts/unverified.md): it runs probe kernels (the family .hip files of this directory) on
the device, reduces their output words to a tuple of tokens, and compares that with the
tuple each candidate predicts. Predictions are derived by hand beside each probe.
Standard library only.
"""

import struct

try:
    from .. import candidates as _models
except ImportError:  # loaded as a top-level package
    from conformance import candidates as _models

NONE = "none of the candidates"


class ProbeError(Exception):
    pass


class Probe:
    """One model: runs [(binary, kernel, input words)], observe(outputs) -> tuple of tokens,
    expect {candidate: tuple of tokens}. The probe's name and the candidates (default
    first) are the model's (harness/emu/models/*.toml); an unknown model id is a KeyError."""

    def __init__(self, aid, runs, observe, expect, what):
        m = _models.by_id()[aid]
        self.id, self.name, self.candidates = aid, m.probe, m.names
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
