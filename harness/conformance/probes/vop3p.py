"""Probes of the packed-math and dot-product assumptions (kernels: vop3p.hip)."""

from .common import Probe, f32, hx, lane0  # noqa: F401


PROBES = []
