"""Probes of the VBUFFER assumptions: range checks, formats, atomics (kernels: buffer.hip)."""

from .common import Probe, f32, hx, lane0  # noqa: F401


PROBES = []
