// Probe kernels of the packed-math and dot-product assumptions (vop3p.py).
// Each kernel runs a few VOP3P / VOP3 instructions on VGPR operands taken from in[]
// (the same in every lane; no inline constants except where the constant is what is
// probed) and lane L stores its results at out[L * N + j]; vop3p.py reads lane 0.
#include "probe_kernel.h"

#ifndef PROBE_WAVE64
// packed_inline_constants: in[0] = 0x00010001, in[1] = 0x3c003c00, in[2] = 0.
__global__ void vop3p_pk_consts(const uint32_t* in, uint32_t* out) {
  uint32_t d0, d1, d2, d3, a = in[0], h = in[1], z = in[2];
  asm volatile(
      "v_pk_add_u16 %0, %4, 5\n\t"
      "v_pk_add_u16 %1, %4, -1\n\t"
      "v_pk_add_f16 %2, %5, 1.0\n\t"
      "v_pk_add_u16 %3, %6, 1.0"
      : "=&v"(d0), "=&v"(d1), "=&v"(d2), "=&v"(d3)
      : "v"(a), "v"(h), "v"(z));
  uint32_t* o = out + threadIdx.x * 4;
  o[0] = d0, o[1] = d1, o[2] = d2, o[3] = d3;
}
PROBE_KERNEL(vop3p_pk_consts, 3, W * 4)

// packed_int_modifiers: in[0] = S0, in[1] = S1 of v_pk_add_u16 with neg_lo:[0,1], then
// with neg_hi:[1,0].
__global__ void vop3p_pk_int_neg(const uint32_t* in, uint32_t* out) {
  uint32_t d0, d1, a = in[0], b = in[1];
  asm volatile(
      "v_pk_add_u16 %0, %2, %3 neg_lo:[0,1]\n\t"
      "v_pk_add_u16 %1, %2, %3 neg_hi:[1,0]"
      : "=&v"(d0), "=&v"(d1)
      : "v"(a), "v"(b));
  uint32_t* o = out + threadIdx.x * 2;
  o[0] = d0, o[1] = d1;
}
PROBE_KERNEL(vop3p_pk_int_neg, 2, W * 2)

// dot_float_rounding, with MODE[7:0] = 0xf0 (both round modes nearest even, denormals
// kept; the caller's MODE restored after):
//   v_dot2_f32_f16 S0 = S1 = in[0], S2 = in[1];
//   v_dot2_f16_f16 S0 = S1 = in[0], S2 = in[2];
//   v_dot2_f16_f16 S0 = in[3], S1 = in[4], S2 = in[5].
// The f16 results are bits [15:0] of the destination (the other half is masked off:
// what happens to it is not what this probe asks).
__global__ void vop3p_dot_rounding(const uint32_t* in, uint32_t* out) {
  uint32_t d0, d1, d2, saved, a = in[0], c32 = in[1], c16 = in[2], x = in[3], y = in[4], c = in[5];
  asm volatile(
      "s_getreg_b32 %3, hwreg(HW_REG_MODE, 0, 8)\n\t"
      "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 8), 0xf0\n\t"
      "s_nop 1\n\t"
      "v_dot2_f32_f16 %0, %4, %4, %5\n\t"
      "v_dot2_f16_f16 %1, %4, %4, %6\n\t"
      "v_dot2_f16_f16 %2, %7, %8, %9\n\t" PROBE_WAIT_SA_SDST "\n\t"
      "s_setreg_b32 hwreg(HW_REG_MODE, 0, 8), %3\n\t"
      "s_nop 1"
      : "=&v"(d0), "=&v"(d1), "=&v"(d2), "=&s"(saved)
      : "v"(a), "v"(c32), "v"(c16), "v"(x), "v"(y), "v"(c));
  uint32_t* o = out + threadIdx.x * 3;
  o[0] = d0, o[1] = d1 & 0xffffu, o[2] = d2 & 0xffffu;
}
PROBE_KERNEL(vop3p_dot_rounding, 6, W * 3)

// dot_f32_c_modifiers: neg_hi:[0,0,1] on v_dot2_f32_f16 (S0 = in[0], S1 = in[1],
// S2 = in[2]) and on v_dot4_f32_fp8_fp8 (S0 = S1 = in[3], S2 = in[2]).
__global__ void vop3p_dot_c_mods(const uint32_t* in, uint32_t* out) {
  uint32_t d0, d1, a = in[0], b = in[1], c = in[2], z = in[3];
  asm volatile(
      "v_dot2_f32_f16 %0, %2, %3, %4 neg_hi:[0,0,1]\n\t"
      "v_dot4_f32_fp8_fp8 %1, %5, %5, %4 neg_hi:[0,0,1]"
      : "=&v"(d0), "=&v"(d1)
      : "v"(a), "v"(b), "v"(c), "v"(z));
  uint32_t* o = out + threadIdx.x * 2;
  o[0] = d0, o[1] = d1;
}
PROBE_KERNEL(vop3p_dot_c_mods, 4, W * 2)

// int_dot_clamp: v_dot4_i32_iu8 neg_lo:[1,1,0] clamp (signed bytes) with S0 = in[0],
// S1 = in[1], S2 = in[2], then with S0 = S1 = in[3], S2 = in[2].
__global__ void vop3p_int_dot_clamp(const uint32_t* in, uint32_t* out) {
  uint32_t d0, d1, a = in[0], b = in[1], c = in[2], e = in[3];
  asm volatile(
      "v_dot4_i32_iu8 %0, %2, %3, %4 neg_lo:[1,1,0] clamp\n\t"
      "v_dot4_i32_iu8 %1, %5, %5, %4 neg_lo:[1,1,0] clamp"
      : "=&v"(d0), "=&v"(d1)
      : "v"(a), "v"(b), "v"(c), "v"(e));
  uint32_t* o = out + threadIdx.x * 2;
  o[0] = d0, o[1] = d1;
}
PROBE_KERNEL(vop3p_int_dot_clamp, 4, W * 2)

// dot2_16bit_modifiers: v_dot2_f16_f16 with -S0 (S0 = in[0], S1 = in[1], S2 = in[2]), then
// with |S1| (S0 = in[3], S1 = in[4], S2 = in[5]); bits [15:0] of each result.
__global__ void vop3p_dot2_16_mods(const uint32_t* in, uint32_t* out) {
  uint32_t d0, d1, a = in[0], b = in[1], c = in[2], x = in[3], y = in[4], z = in[5];
  asm volatile(
      "v_dot2_f16_f16 %0, -%2, %3, %4\n\t"
      "v_dot2_f16_f16 %1, %5, |%6|, %7"
      : "=&v"(d0), "=&v"(d1)
      : "v"(a), "v"(b), "v"(c), "v"(x), "v"(y), "v"(z));
  uint32_t* o = out + threadIdx.x * 2;
  o[0] = d0 & 0xffffu, o[1] = d1 & 0xffffu;
}
PROBE_KERNEL(vop3p_dot2_16_mods, 6, W * 2)
#endif
