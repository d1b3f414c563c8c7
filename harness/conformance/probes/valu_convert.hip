// Probe kernels of the division-helper, v_trig_preop and conversion assumptions (valu_convert.py).
#include "probe_kernel.h"

#ifndef PROBE_WAVE64
// v_cvt_pk_u8_f32 D, S0, S1, S2: the three operands from in[0..2].
__global__ void isa_v_cvt_pk_u8_f32(const uint32_t* in, uint32_t* out) {
  uint32_t d, a = in[0], b = in[1], c = in[2];
  asm volatile("v_cvt_pk_u8_f32 %0, %1, %2, %3" : "=v"(d) : "v"(a), "v"(b), "v"(c));
  out[threadIdx.x] = d;
}
PROBE_KERNEL(isa_v_cvt_pk_u8_f32, 3, W)
#endif
