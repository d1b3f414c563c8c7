// Probe kernels of the scalar ALU, MODE and hardware-register assumptions (salu.py).
#include "probe_kernel.h"

#ifndef PROBE_WAVE64
SOP2_PROBE(isa_s_bfe_u32, "s_bfe_u32")
SOP2_PROBE(isa_s_bfe_i32, "s_bfe_i32")
SOP1_PROBE(isa_s_rndne_f32, "s_rndne_f32")
PROBE_KERNEL(isa_s_bfe_u32, 2, W)
PROBE_KERNEL(isa_s_bfe_i32, 2, W)
PROBE_KERNEL(isa_s_rndne_f32, 2, W)
#endif
