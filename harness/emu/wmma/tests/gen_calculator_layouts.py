#!/usr/bin/env python3
"""Regenerate tests/data/calculator_layouts.txt from AMD's Matrix Instruction Calculator.

Usage: gen_calculator_layouts.py /path/to/amd_matrix_instruction_calculator > calculator_layouts.txt

The calculator (github.com/ROCm/amd_matrix_instruction_calculator, matrix_calculator.py) imports
`tabulate` at top level but does not need it for the queries below; when tabulate is not
installed, a stub is put in its place. Only the calculator's own _get_reg_lanes() is queried.
"""
import os
import re
import sys
import types

if len(sys.argv) != 2:
    sys.exit(__doc__)
sys.path.insert(0, sys.argv[1])
try:
    import tabulate  # noqa: F401
except ImportError:
    stub = types.ModuleType("tabulate")
    stub.tabulate = lambda *a, **k: ""
    sys.modules["tabulate"] = stub
sys.argv = [sys.argv[0]]
import matrix_calculator as mc  # noqa: E402

TOKEN = re.compile(r"v(\d+)(?:\.\[(\d+):(\d+)\])?")


def main():
    layouts, order, uses = {}, [], []
    for name, info in mc.dict_insts["rdna4"].items():
        kdim = info["k"]
        for wave in (32, 64):
            calc = mc.InstCalcGfx12(name, info, wave)
            for m in ["a", "b", "d"] + (["k"] if info["sparse"] else []):
                sets = calc.get_num_compression_sets() if m == "k" else 1
                for opsel in range(sets):
                    if m in ("a", "k"):
                        coords = [(i, 0, k) for i in range(16) for k in range(kdim)]
                    elif m == "b":
                        coords = [(0, j, k) for k in range(kdim) for j in range(16)]
                    else:
                        coords = [(i, j, 0) for i in range(16) for j in range(16)]
                    toks = []
                    for (i, j, k) in coords:
                        _, reg, lanes = calc._get_reg_lanes(m, i, j, k, 0, 0, 0, 0, opsel)
                        mm = TOKEN.fullmatch(reg)
                        if mm is None or len(lanes) != 1:
                            sys.exit(f"unexpected calculator output {reg} {lanes}")
                        if mm.group(2) is None:
                            lo, width = 0, 32
                        else:
                            lo, width = int(mm.group(3)), int(mm.group(2)) - int(mm.group(3)) + 1
                        toks.append(f"{int(mm.group(1))}.{lo}.{width}@{lanes[0]}")
                    key = " ".join(toks)
                    if key not in layouts:
                        layouts[key] = len(order)
                        order.append(key)
                    uses.append(f"{name} w{wave} {m} {opsel} {layouts[key]}")
    print("# Register layouts of every RDNA4 WMMA/SWMMAC operand, wave32 and wave64, as computed by")
    print("# AMD's Matrix Instruction Calculator (github.com/ROCm/amd_matrix_instruction_calculator,")
    print("# commit 2ef9189, InstCalcGfx12._get_reg_lanes), dumped by tests/gen_calculator_layouts.py.")
    print("# 'layout N tok...': one token per element, 'gpr.bitlo.width@lane'. Element order:")
    print("#   a and k (index): A[i][k], i outer (0..15), k inner (0..K-1); k tokens give the 4-bit index field.")
    print("#   b: B[k][j], k outer, j inner.   d: C/D[i][j], i outer, j inner.")
    print("# 'use INSTR wWAVE MATRIX OPSEL N': that operand uses layout N (OPSEL = index_key for k).")
    for i, t in enumerate(order):
        print(f"layout {i} {t}")
    for u in uses:
        print("use " + u)


if __name__ == "__main__":
    main()
