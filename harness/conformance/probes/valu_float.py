"""Probes of the float VALU result and conversion-mode assumptions (kernels: valu_float.hip)."""

from .common import Probe, f32, hx, lane0  # noqa: F401


PROBES = []
