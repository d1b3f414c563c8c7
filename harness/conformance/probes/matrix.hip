// Probe kernels of the matrix assumptions (matrix.py): WMMA/SWMMAC on raw register images,
// transpose loads. Operand images are lane-major: lane L's registers r = 0..n-1 of an operand at
// word L*n + r of that operand's block; blocks follow each other (A, B, C[, index]).
// Transpose probes: the input is the memory the lanes read, lane L at byte L * bytes-per-lane.
#include "probe_kernel.h"

#ifndef PROBE_WAVE64
// Dense f32 <- f16: A, B 4 words, C/D 8 words per lane.
__global__ void dense_f32_f16(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  st(out, L, __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(ld<h8>(in, L), ld<h8>(in + W * 4, L),
                                                         ld<f8>(in + W * 8, L)));
}
// Dense f16 <- f16: A, B 4 words, C/D 4 words (packed halves).
__global__ void dense_f16_f16(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  st(out, L, __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12(ld<h8>(in, L), ld<h8>(in + W * 4, L),
                                                         ld<h8>(in + W * 8, L)));
}
// Dense f32 <- fp8 x fp8 and bf8 x bf8: A, B 2 words, C/D 8.
__global__ void dense_f32_fp8(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  st(out, L, __builtin_amdgcn_wmma_f32_16x16x16_fp8_fp8_w32_gfx12(ld<i2>(in, L), ld<i2>(in + W * 2, L),
                                                             ld<f8>(in + W * 4, L)));
}
__global__ void dense_f32_bf8(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  st(out, L, __builtin_amdgcn_wmma_f32_16x16x16_bf8_bf8_w32_gfx12(ld<i2>(in, L), ld<i2>(in + W * 2, L),
                                                             ld<f8>(in + W * 4, L)));
}
// Dense i32 <- iu8 x iu8, both unsigned, clamp: A, B 2 words, C/D 8.
__global__ void dense_i32_iu8_clamp(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  st(out, L, __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12(false, ld<i2>(in, L), false, ld<i2>(in + W * 2, L),
                                                         ld<i8>(in + W * 4, L), true));
}
// C modifiers, written out as assembly (the instruction under test exactly):
// NEG_HI[2] alone, and NEG[2] with NEG_HI[2]. s_nop: the compiler cannot see
// the WMMA's result hazard inside the asm statement.
__global__ void dense_f32_f16_cabs(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  f8 d;
  asm volatile("v_wmma_f32_16x16x16_f16 %0, %1, %2, %3 neg_hi:[0,0,1]\n\ts_nop 7\n\ts_nop 7"
               : "=&v"(d) : "v"(ld<h8>(in, L)), "v"(ld<h8>(in + W * 4, L)), "v"(ld<f8>(in + W * 8, L)));
  st(out, L, d);
}
__global__ void dense_f32_f16_cnegabs(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  f8 d;
  asm volatile("v_wmma_f32_16x16x16_f16 %0, %1, %2, %3 neg_lo:[0,0,1] neg_hi:[0,0,1]\n\ts_nop 7\n\ts_nop 7"
               : "=&v"(d) : "v"(ld<h8>(in, L)), "v"(ld<h8>(in + W * 4, L)), "v"(ld<f8>(in + W * 8, L)));
  st(out, L, d);
}
// The clamp bit on a float WMMA (VOP3P bit 15), which the assemblers reject:
// v_wmma_f32_16x16x16_f16 v[16:23], v[0:3], v[4:7], v[8:15] is
// 0xcc404010 0x1c220900 (llvm-mc -show-encoding); with clamp 0xcc40c010.
__global__ void dense_f32_f16_clamp(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  f8 d;
  asm volatile(".long 0xcc40c010, 0x1c220900\n\ts_nop 7\n\ts_nop 7"
               : "={v[16:23]}"(d)
               : "{v[0:3]}"(ld<h8>(in, L)), "{v[4:7]}"(ld<h8>(in + W * 4, L)), "{v[8:15]}"(ld<f8>(in + W * 8, L)));
  st(out, L, d);
}
// SWMMAC f32 <- f16 (index_key 0): A 4 words, B 8, C/D 8, index 1.
__global__ void sparse_f32_f16(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  st(out, L, __builtin_amdgcn_swmmac_f32_16x16x32_f16_w32(ld<h8>(in, L), ld<h16>(in + W * 4, L),
                                                           ld<f8>(in + W * 12, L), ld<int>(in + W * 20, L)));
}
// global_load_tr_b64 (8 bytes per lane, lane L at byte 8L): 2 words per lane.
__global__ void tr_b64(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  typedef __attribute__((address_space(1))) i2 g_i2;
  st(out, L, __builtin_amdgcn_global_load_tr_b64_v2i32((g_i2*)(in + 2 * L)));
}
// global_load_tr_b128 with EXEC = 0x0f0f0f0f (lanes 4-7 of every 8 off): the
// destination holds 0xdead0000 + 16 * lane + register before the load.
__global__ void tr_b128_exec(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  i4 d;
  for (int r = 0; r < 4; ++r) d[r] = int(0xdead0000u + 16 * L + r);
  const uint32_t* p = in + 4 * L;
  uint32_t saved;
  asm volatile(
      "s_mov_b32 %1, exec_lo\n\t"
      "s_mov_b32 exec_lo, 0x0f0f0f0f\n\t"
      "global_load_tr_b128 %0, %2, off\n\t"
      "s_wait_loadcnt 0x0\n\t" PROBE_WAIT_SA_SDST "\n\t"
      "s_mov_b32 exec_lo, %1"
      : "+&v"(d), "=&s"(saved)
      : "v"(p)
      : "memory");
  st(out, L, d);
}
PROBE_KERNEL(dense_f32_f16, W * 16, W * 8)
PROBE_KERNEL(dense_f16_f16, W * 12, W * 4)
PROBE_KERNEL(dense_f32_fp8, W * 12, W * 8)
PROBE_KERNEL(dense_f32_bf8, W * 12, W * 8)
PROBE_KERNEL(dense_i32_iu8_clamp, W * 12, W * 8)
PROBE_KERNEL(dense_f32_f16_cabs, W * 16, W * 8)
PROBE_KERNEL(dense_f32_f16_cnegabs, W * 16, W * 8)
PROBE_KERNEL(dense_f32_f16_clamp, W * 16, W * 8)
PROBE_KERNEL(sparse_f32_f16, W * 21, W * 8)
PROBE_KERNEL(tr_b64, W * 2, W * 2)
PROBE_KERNEL(tr_b128_exec, W * 4, W * 4)
#else
// Dense f32 <- f16, wave64: A, B 2 words, C/D 4 words per lane.
__global__ void dense_f32_f16_w64(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  st(out, L, __builtin_amdgcn_wmma_f32_16x16x16_f16_w64_gfx12(ld<h4>(in, L), ld<h4>(in + W * 2, L),
                                                         ld<f4>(in + W * 4, L)));
}
// Dense i32 <- iu8 x iu8, wave64, both unsigned, no clamp: A, B 1 word, C/D 4 words per lane.
__global__ void dense_i32_iu8_w64(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  st(out, L, __builtin_amdgcn_wmma_i32_16x16x16_iu8_w64_gfx12(false, ld<int>(in, L), false, ld<int>(in + W, L),
                                                         ld<i4>(in + W * 2, L), false));
}
// Transpose loads, wave64: B128 8 bytes per lane, B64 4 bytes per lane (lane L at L * that).
__global__ void tr_b128_w64(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  typedef __attribute__((address_space(1))) s4 g_s4;
  st(out, L, __builtin_amdgcn_global_load_tr_b128_v4i16((g_s4*)(in + 2 * L)));
}
__global__ void tr_b64_w64(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  typedef __attribute__((address_space(1))) int g_int;
  st(out, L, __builtin_amdgcn_global_load_tr_b64_i32((g_int*)(in + L)));
}
PROBE_KERNEL(dense_f32_f16_w64, W * 8, W * 4)
PROBE_KERNEL(dense_i32_iu8_w64, W * 6, W * 4)
PROBE_KERNEL(tr_b128_w64, W * 2, W * 2)
PROBE_KERNEL(tr_b64_w64, W * 1, W * 1)
#endif
