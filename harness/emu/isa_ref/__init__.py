"""Independent reference for the gfx12 emulator: exact float helpers (fp),
one-instruction test kernels (kernel), the golden-vector runner (golden).
Written from the AMD RDNA4 ISA reference guide and IEEE 754-2019, separately
from the emulator's own semantics (harness/emu/insns, core/semantics.h)."""
