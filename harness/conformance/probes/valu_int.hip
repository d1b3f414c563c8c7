// Probe kernels of the integer, bit and lane VALU assumptions (valu_int.py).
#include "probe_kernel.h"

#ifndef PROBE_WAVE64
VOP2_PROBE(isa_v_cvt_pk_u16_u32, "v_cvt_pk_u16_u32")
VOP2_PROBE(isa_v_cvt_pk_i16_i32, "v_cvt_pk_i16_i32")
PROBE_KERNEL(isa_v_cvt_pk_u16_u32, 2, W)
PROBE_KERNEL(isa_v_cvt_pk_i16_i32, 2, W)
#endif
