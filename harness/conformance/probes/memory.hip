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

// A buffer resource (V#) over the input buffer in s[20:23]: base = in, stride 0,
// num_records NREC, dword 3 = 0 (no format, oob_select 0: s_buffer_load ignores it).
#define SMEM_VSHARP(NREC)                 \
  "s_mov_b32 s20, %[lo]\n\t"              \
  "s_and_b32 s21, %[hi], 0xffff\n\t"      \
  "s_mov_b32 s22, " #NREC "\n\t"          \
  "s_mov_b32 s23, 0\n\t"

// Scalar dword loads at addresses that are not multiples of 4: out[0] = s_load_b32 at
// in + 2, out[1] = s_buffer_load_b32 at offset 6 of a V# over in (num_records 16).
__global__ void isa_smem_dword_align(const uint32_t* in, uint32_t* out) {
  const uint64_t p = (uint64_t)in;
  uint32_t a, b;
  asm volatile(
      "s_load_b32 %[a], %[p], 0x2\n\t" SMEM_VSHARP(16)
      "s_buffer_load_b32 %[b], s[20:23], 0x6\n\t"
      "s_wait_kmcnt 0x0"
      : [a] "=&s"(a), [b] "=&s"(b)
      : [p] "s"(in), [lo] "s"((uint32_t)p), [hi] "s"((uint32_t)(p >> 32))
      : "s20", "s21", "s22", "s23", "scc", "memory");
  if (threadIdx.x == 0) {
    out[0] = a;
    out[1] = b;
  }
}
PROBE_KERNEL(isa_smem_dword_align, 4, 2)

// s_buffer_load range check, V# over in with num_records 12: out[0..1] = s_buffer_load_b64
// at offset 8 (dword 2 inside, dword 3 past num_records); out[2] = s_buffer_load_b32 at
// offset 8 with soffset 0xfffffffc (offset + soffset = 2^32 + 4).
__global__ void isa_smem_buffer_range(const uint32_t* in, uint32_t* out) {
  const uint64_t p = (uint64_t)in;
  uint32_t a, b, c;
  asm volatile(
      SMEM_VSHARP(12)
      "s_buffer_load_b64 s[24:25], s[20:23], 0x8\n\t"
      "s_mov_b32 s26, 0xfffffffc\n\t"
      "s_buffer_load_b32 %[c], s[20:23], s26 offset:0x8\n\t"
      "s_wait_kmcnt 0x0\n\t"
      "s_mov_b32 %[a], s24\n\t"
      "s_mov_b32 %[b], s25\n\t" PROBE_WAIT_SA_SDST
      : [a] "=&s"(a), [b] "=&s"(b), [c] "=&s"(c)
      : [lo] "s"((uint32_t)p), [hi] "s"((uint32_t)(p >> 32))
      : "s20", "s21", "s22", "s23", "s24", "s25", "s26", "scc", "memory");
  if (threadIdx.x == 0) {
    out[0] = a;
    out[1] = b;
    out[2] = c;
  }
}
PROBE_KERNEL(isa_smem_buffer_range, 16, 3)

// Memory-side float adds, lane 0 only: out[0] = in[0], out[1] = in[1], then
// global_atomic_add_f32 of in[2] to out[0] and of in[3] to out[1] (no return); the host
// reads out[0..1]. MODE is set to round to nearest even with denormals kept for the
// atomics (s_setreg_imm32_b32) and restored.
__global__ void isa_float_atomic_add(const uint32_t* in, uint32_t* out) {
  if (threadIdx.x != 0) return;
  out[0] = in[0];
  out[1] = in[1];
  uint32_t mode;
  asm volatile(
      "s_wait_storecnt 0x0\n\t"
      "s_getreg_b32 %[mode], hwreg(HW_REG_MODE)\n\t"
      "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 8), 0xf0\n\t"
      "global_atomic_add_f32 %[p0], %[d0], off\n\t"
      "global_atomic_add_f32 %[p1], %[d1], off\n\t"
      "s_wait_storecnt 0x0\n\t"
      "s_wait_loadcnt 0x0\n\t" PROBE_WAIT_SA_SDST "\n\t"
      "s_setreg_b32 hwreg(HW_REG_MODE, 0, 8), %[mode]"
      : [mode] "=&s"(mode)
      : [p0] "v"(out), [p1] "v"(out + 1), [d0] "v"(in[2]), [d1] "v"(in[3])
      : "memory");
}
PROBE_KERNEL(isa_float_atomic_add, 4, 2)

// A 32-bit atomic at an address 2 bytes past a dword, lane 0 only: out[0..1] = in[0..1],
// then global_atomic_add_u32 of in[2] at byte 2 of out, returning the old value into
// out[2]; the host reads out[0..2].
__global__ void isa_atomic_misaligned(const uint32_t* in, uint32_t* out) {
  if (threadIdx.x != 0) return;
  out[0] = in[0];
  out[1] = in[1];
  uint32_t old;
  asm volatile(
      "s_wait_storecnt 0x0\n\t"
      "global_atomic_add_u32 %[old], %[p], %[d], off th:TH_ATOMIC_RETURN\n\t"
      "s_wait_loadcnt 0x0"
      : [old] "=&v"(old)
      : [p] "v"((uint64_t)out + 2), [d] "v"(in[2])
      : "memory");
  out[2] = old;
}
PROBE_KERNEL(isa_atomic_misaligned, 3, 3)
#endif
