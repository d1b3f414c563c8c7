// Probe kernels of the LDS, global and scalar-memory assumptions (memory.py).
#include "probe_kernel.h"

#ifndef PROBE_WAVE64
// ds_swizzle_b32 rotate mode, offset 0xc020 (llvm-mc: swizzle(ROTATE,0,1)): size 1,
// direction bit 0; each lane's source is its lane id (the input words are unused).
__global__ void isa_ds_swizzle_rotate(const uint32_t* in, uint32_t* out) {
  uint32_t d, a = threadIdx.x;
  (void)in;
  asm volatile("ds_swizzle_b32 %0, %1 offset:0xc020\n\ts_wait_dscnt 0x0" : "=v"(d) : "v"(a));
  out[threadIdx.x] = d;
}
// global_load_addtid_b32 with the instruction offset 4100 (0x1004: more than 12 bits),
// from the input buffer (word k of the input holds k).
__global__ void isa_global_load_addtid(const uint32_t* in, uint32_t* out) {
  uint32_t d;
  asm volatile("global_load_addtid_b32 %0, %1 offset:4100\n\ts_wait_loadcnt 0x0" : "=v"(d) : "s"(in) : "memory");
  out[threadIdx.x] = d;
}

PROBE_KERNEL(isa_ds_swizzle_rotate, 1, W)
PROBE_KERNEL(isa_global_load_addtid, 2048, W)
#endif
