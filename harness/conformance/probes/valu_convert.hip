// Probe kernels of the division-helper, v_trig_preop and conversion assumptions (valu_convert.py).
// Each kernel runs one instruction on operands from in[] (the same in every lane) and stores
// every lane's result; 64-bit operands and results are (low word, high word) pairs.
#include "probe_kernel.h"

#ifndef PROBE_WAVE64
// MODE[7:0] = 0xf0 around the instruction: round to nearest even for every precision,
// denormals neither flushed on input nor on output (f32 and f16/f64); the old value is
// put back afterwards. The division probes predict denormal results under this MODE.
#define MODE_DENORM_ON(SAVED) "s_getreg_b32 " SAVED ", hwreg(HW_REG_MODE, 0, 8)\n\t" \
                              "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 8), 0xf0\n\ts_nop 0\n\t"
#define MODE_RESTORE(SAVED) "\n\t" PROBE_WAIT_SA_SDST "\n\ts_setreg_b32 hwreg(HW_REG_MODE, 0, 8), " SAVED

__device__ inline uint64_t ld64(const uint32_t* p) { return uint64_t(p[0]) | uint64_t(p[1]) << 32; }
__device__ inline void st64(uint32_t* out, uint64_t v) {
  out[2 * threadIdx.x] = uint32_t(v);
  out[2 * threadIdx.x + 1] = uint32_t(v >> 32);
}

// v_cvt_pk_u8_f32 D, S0, S1, S2: the three operands from in[0..2].
__global__ void isa_v_cvt_pk_u8_f32(const uint32_t* in, uint32_t* out) {
  uint32_t d, a = in[0], b = in[1], c = in[2];
  asm volatile("v_cvt_pk_u8_f32 %0, %1, %2, %3" : "=v"(d) : "v"(a), "v"(b), "v"(c));
  out[threadIdx.x] = d;
}
PROBE_KERNEL(isa_v_cvt_pk_u8_f32, 3, W)

// v_div_fixup_f32 D, S0, S1, S2 (in[0..2]) with denormals kept (MODE 0xf0).
__global__ void isa_v_div_fixup_f32(const uint32_t* in, uint32_t* out) {
  uint32_t d, saved, a = in[0], b = in[1], c = in[2];
  asm volatile(MODE_DENORM_ON("%1") "v_div_fixup_f32 %0, %2, %3, %4" MODE_RESTORE("%1")
               : "=&v"(d), "=&s"(saved) : "v"(a), "v"(b), "v"(c));
  out[threadIdx.x] = d;
}
PROBE_KERNEL(isa_v_div_fixup_f32, 3, W)
// v_div_fixup_f64 D, S0, S1, S2 (in[0..5]: three pairs) with denormals kept (MODE 0xf0).
__global__ void isa_v_div_fixup_f64(const uint32_t* in, uint32_t* out) {
  uint64_t d, a = ld64(in), b = ld64(in + 2), c = ld64(in + 4);
  uint32_t saved;
  asm volatile(MODE_DENORM_ON("%1") "v_div_fixup_f64 %0, %2, %3, %4" MODE_RESTORE("%1")
               : "=&v"(d), "=&s"(saved) : "v"(a), "v"(b), "v"(c));
  st64(out, d);
}
PROBE_KERNEL(isa_v_div_fixup_f64, 6, 2 * W)

// v_div_fmas_f32 D, S0, S1, S2 (in[0..2]) with VCC = in[3] (wave32: vcc_lo).
__global__ void isa_v_div_fmas_f32(const uint32_t* in, uint32_t* out) {
  uint32_t d, a = in[0], b = in[1], c = in[2], m = __builtin_amdgcn_readfirstlane(in[3]);
  asm volatile("s_mov_b32 vcc_lo, %4\n\t" PROBE_WAIT_SA_SDST "\n\tv_div_fmas_f32 %0, %1, %2, %3"
               : "=v"(d) : "v"(a), "v"(b), "v"(c), "s"(m) : "vcc");
  out[threadIdx.x] = d;
}
PROBE_KERNEL(isa_v_div_fmas_f32, 4, W)
// v_div_fmas_f64 D, S0, S1, S2 (in[0..5]: three pairs) with VCC = in[6].
__global__ void isa_v_div_fmas_f64(const uint32_t* in, uint32_t* out) {
  uint64_t d, a = ld64(in), b = ld64(in + 2), c = ld64(in + 4);
  uint32_t m = __builtin_amdgcn_readfirstlane(in[6]);
  asm volatile("s_mov_b32 vcc_lo, %4\n\t" PROBE_WAIT_SA_SDST "\n\tv_div_fmas_f64 %0, %1, %2, %3"
               : "=v"(d) : "v"(a), "v"(b), "v"(c), "s"(m) : "vcc");
  st64(out, d);
}
PROBE_KERNEL(isa_v_div_fmas_f64, 7, 2 * W)

// v_div_scale_f32 D, SDST, S0, S1, S2 (in[0..2]) with denormals kept (MODE 0xf0):
// out[lane] = D, out[W + lane] = the SGPR destination (the VCC mask).
__global__ void isa_v_div_scale_f32(const uint32_t* in, uint32_t* out) {
  uint32_t d, sd, saved, a = in[0], b = in[1], c = in[2];
  asm volatile(MODE_DENORM_ON("%2") "v_div_scale_f32 %0, %1, %3, %4, %5" MODE_RESTORE("%2")
               "\n\t" PROBE_WAIT_VA_SDST
               : "=&v"(d), "=&s"(sd), "=&s"(saved) : "v"(a), "v"(b), "v"(c));
  out[threadIdx.x] = d;
  out[W + threadIdx.x] = sd;
}
PROBE_KERNEL(isa_v_div_scale_f32, 3, 2 * W)

// v_trig_preop_f64 D, S0, S1: S0 = (in[0], in[1]), S1 = in[2].
__global__ void isa_v_trig_preop_f64(const uint32_t* in, uint32_t* out) {
  uint64_t d, a = ld64(in);
  uint32_t b = in[2];
  asm volatile("v_trig_preop_f64 %0, %1, %2" : "=v"(d) : "v"(a), "v"(b));
  st64(out, d);
}
PROBE_KERNEL(isa_v_trig_preop_f64, 3, 2 * W)

// v_cvt_pk_fp8_f32 / v_cvt_pk_bf8_f32 D, S0, S1 (in[0..1]) into D = in[2] (low half
// written, high half kept); v_cvt_sr_fp8_f32 D, S0, S1 into byte 0 of D = in[2].
#define CVT_F8_PROBE(NAME, INSN)                                                  \
  __global__ void NAME(const uint32_t* in, uint32_t* out) {                       \
    uint32_t d = in[2], a = in[0], b = in[1];                                     \
    asm volatile(INSN " %0, %1, %2" : "+v"(d) : "v"(a), "v"(b));                \
    out[threadIdx.x] = d;                                                         \
  }                                                                               \
  PROBE_KERNEL(NAME, 3, W)
CVT_F8_PROBE(isa_v_cvt_pk_fp8_f32, "v_cvt_pk_fp8_f32")
CVT_F8_PROBE(isa_v_cvt_pk_bf8_f32, "v_cvt_pk_bf8_f32")
CVT_F8_PROBE(isa_v_cvt_sr_fp8_f32, "v_cvt_sr_fp8_f32")
#endif
