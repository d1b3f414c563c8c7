"""The probes of `rdna4-conformance probe`, one module per family of assumptions.

Each family is a pair: <family>.py (probe factories, PROBES) and <family>.hip (the probe
kernels, included by probes.hip). A family is added by adding its name here and its
#include in probes.hip.
"""

import importlib

FAMILIES = ["matrix", "valu_int", "valu_float", "valu_convert", "vop3p", "salu", "memory", "buffer"]


def factories():
    """Every probe factory, family by family, in the order of FAMILIES."""
    out = []
    for fam in FAMILIES:
        out += importlib.import_module(__name__ + "." + fam).PROBES
    return out
