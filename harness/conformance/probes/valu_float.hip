// Probe kernels of the float VALU result and conversion-mode assumptions (valu_float.py).
#include "probe_kernel.h"

#ifndef PROBE_WAVE64
// MODE[7:0] (round modes [3:0], denormal modes [7:4]; AMD RDNA4 ISA reference guide, MODE
// register) is saved, set to a fixed value around the instructions under test, and restored.
// s_nop 1 after each s_setreg (two wait states before the VALU reads the new MODE);
// s_wait_alu depctr_va_vdst(0) before MODE changes again, so that no VALU instruction
// under test is still in flight; PROBE_WAIT_SA_SDST before the saved MODE is read back.
#define PROBE_MODE_SAVE "s_getreg_b32 %[mode], hwreg(HW_REG_MODE, 0, 8)\n\t"
#define PROBE_MODE_SET(M) "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 8), " #M "\n\ts_nop 1\n\t"
#define PROBE_MODE_RESTORE "s_wait_alu depctr_va_vdst(0)\n\t" PROBE_WAIT_SA_SDST "\n\t" \
                           "s_setreg_b32 hwreg(HW_REG_MODE, 0, 8), %[mode]"

// NaN results: v_add_f32 of in[0], in[1] and v_add_f16 of in[2][15:0], in[3][15:0] (the
// f16 result in bits [15:0] of its VGPR). Out: 2 words per lane.
__global__ void isa_valu_nan_add(const uint32_t* in, uint32_t* out) {
  uint32_t d32, d16, a = in[0], b = in[1], c = in[2], e = in[3];
  asm volatile("v_add_f32 %0, %2, %3\n\tv_add_f16 %1, %4, %5"
               : "=&v"(d32), "=&v"(d16) : "v"(a), "v"(b), "v"(c), "v"(e));
  out[2 * threadIdx.x] = d32;
  out[2 * threadIdx.x + 1] = d16;
}
PROBE_KERNEL(isa_valu_nan_add, 4, 2 * W)

// f32 transcendentals under MODE 0xf0 (round to nearest even, denormals kept): lane L
// takes input j = L & 1 of each instruction: v_rcp_f32 in[j], v_rsq_f32 in[2 + j],
// v_sqrt_f32 in[4 + j], v_log_f32 in[6 + j], v_exp_f32 in[8 + j]. Out: 5 words per lane
// in that order. s_wait_alu: the results are read by the stores after the asm statement.
__global__ void isa_valu_trans_f32(const uint32_t* in, uint32_t* out) {
  const unsigned j = threadIdx.x & 1;
  uint32_t r0, r1, r2, r3, r4, mode;
  asm volatile(PROBE_MODE_SAVE PROBE_MODE_SET(0xf0)
               "v_rcp_f32 %[r0], %[a0]\n\t"
               "v_rsq_f32 %[r1], %[a1]\n\t"
               "v_sqrt_f32 %[r2], %[a2]\n\t"
               "v_log_f32 %[r3], %[a3]\n\t"
               "v_exp_f32 %[r4], %[a4]\n\t" PROBE_MODE_RESTORE
               : [r0] "=&v"(r0), [r1] "=&v"(r1), [r2] "=&v"(r2), [r3] "=&v"(r3), [r4] "=&v"(r4),
                 [mode] "=&s"(mode)
               : [a0] "v"(in[j]), [a1] "v"(in[2 + j]), [a2] "v"(in[4 + j]), [a3] "v"(in[6 + j]),
                 [a4] "v"(in[8 + j]));
  uint32_t* o = out + 5 * threadIdx.x;
  o[0] = r0;
  o[1] = r1;
  o[2] = r2;
  o[3] = r3;
  o[4] = r4;
}
PROBE_KERNEL(isa_valu_trans_f32, 10, 5 * W)

// Which MODE round field the narrowing conversions use: v_cvt_f16_f32 of in[0] and
// v_cvt_f32_f64 of in[2]:in[1] (high:low), first under MODE 0xf4 (f32 field nearest even,
// f16/f64 field toward +inf), then under MODE 0xf1 (f32 toward +inf, f16/f64 nearest
// even); denormals kept. Out per lane: cvt_f16_f32 @0xf4, @0xf1, cvt_f32_f64 @0xf4, @0xf1.
__global__ void isa_valu_cvt_round_mode(const uint32_t* in, uint32_t* out) {
  const uint32_t a = in[0];
  const uint64_t b = uint64_t(in[1]) | uint64_t(in[2]) << 32;
  uint32_t h0, h1, f0, f1, mode;
  asm volatile(PROBE_MODE_SAVE PROBE_MODE_SET(0xf4)
               "v_cvt_f16_f32 %[h0], %[a]\n\t"
               "v_cvt_f32_f64 %[f0], %[b]\n\t"
               "s_wait_alu depctr_va_vdst(0)\n\t" PROBE_MODE_SET(0xf1)
               "v_cvt_f16_f32 %[h1], %[a]\n\t"
               "v_cvt_f32_f64 %[f1], %[b]\n\t" PROBE_MODE_RESTORE
               : [h0] "=&v"(h0), [h1] "=&v"(h1), [f0] "=&v"(f0), [f1] "=&v"(f1), [mode] "=&s"(mode)
               : [a] "v"(a), [b] "v"(b));
  uint32_t* o = out + 4 * threadIdx.x;
  o[0] = h0;
  o[1] = h1;
  o[2] = f0;
  o[3] = f1;
}
PROBE_KERNEL(isa_valu_cvt_round_mode, 3, 4 * W)

// frexp of denormals under MODE 0xf0 (denormals kept, so they reach the instruction):
// v_frexp_mant_f32 and v_frexp_exp_i32_f32 of in[0], v_frexp_mant_f16 and
// v_frexp_exp_i16_f16 of in[1][15:0] (f16 results in bits [15:0]). Out: 4 words per lane.
__global__ void isa_valu_frexp(const uint32_t* in, uint32_t* out) {
  uint32_t m32, e32, m16, e16, mode;
  asm volatile(PROBE_MODE_SAVE PROBE_MODE_SET(0xf0)
               "v_frexp_mant_f32 %[m32], %[a]\n\t"
               "v_frexp_exp_i32_f32 %[e32], %[a]\n\t"
               "v_frexp_mant_f16 %[m16], %[h]\n\t"
               "v_frexp_exp_i16_f16 %[e16], %[h]\n\t" PROBE_MODE_RESTORE
               : [m32] "=&v"(m32), [e32] "=&v"(e32), [m16] "=&v"(m16), [e16] "=&v"(e16), [mode] "=&s"(mode)
               : [a] "v"(in[0]), [h] "v"(in[1]));
  uint32_t* o = out + 4 * threadIdx.x;
  o[0] = m32;
  o[1] = e32;
  o[2] = m16;
  o[3] = e16;
}
PROBE_KERNEL(isa_valu_frexp, 2, 4 * W)

// snorm16 / unorm16 under MODE 0xf0: v_cvt_pk_norm_i16_f32 of in[0], in[1] and
// v_cvt_pk_norm_u16_f32 of in[2], in[3]. Out: 2 words per lane.
__global__ void isa_valu_norm16(const uint32_t* in, uint32_t* out) {
  uint32_t s, u, mode;
  asm volatile(PROBE_MODE_SAVE PROBE_MODE_SET(0xf0)
               "v_cvt_pk_norm_i16_f32 %[s], %[a], %[b]\n\t"
               "v_cvt_pk_norm_u16_f32 %[u], %[c], %[d]\n\t" PROBE_MODE_RESTORE
               : [s] "=&v"(s), [u] "=&v"(u), [mode] "=&s"(mode)
               : [a] "v"(in[0]), [b] "v"(in[1]), [c] "v"(in[2]), [d] "v"(in[3]));
  out[2 * threadIdx.x] = s;
  out[2 * threadIdx.x + 1] = u;
}
PROBE_KERNEL(isa_valu_norm16, 4, 2 * W)

// v_cvt_off_f32_i4 of in[0], in[1], in[2] (no MODE dependence: the results are exact
// sixteenths, never denormal). Out: 3 words per lane.
__global__ void isa_valu_cvt_off(const uint32_t* in, uint32_t* out) {
  uint32_t r0, r1, r2;
  asm volatile("v_cvt_off_f32_i4 %0, %3\n\tv_cvt_off_f32_i4 %1, %4\n\tv_cvt_off_f32_i4 %2, %5"
               : "=&v"(r0), "=&v"(r1), "=&v"(r2) : "v"(in[0]), "v"(in[1]), "v"(in[2]));
  uint32_t* o = out + 3 * threadIdx.x;
  o[0] = r0;
  o[1] = r1;
  o[2] = r2;
}
PROBE_KERNEL(isa_valu_cvt_off, 3, 3 * W)
#endif
