// Probe kernels of the scalar ALU, MODE and hardware-register assumptions (salu.py).
// The expectations are derived in salu.py; each kernel runs the instructions under test
// as inline asm. MODE and M0 are changed only inside one asm statement and restored there.
#include "probe_kernel.h"

#ifndef PROBE_WAVE64
SOP2_PROBE(isa_s_bfe_u32, "s_bfe_u32")
SOP2_PROBE(isa_s_bfe_i32, "s_bfe_i32")
SOP1_PROBE(isa_s_rndne_f32, "s_rndne_f32")
PROBE_KERNEL(isa_s_bfe_u32, 2, W)
PROBE_KERNEL(isa_s_bfe_i32, 2, W)
PROBE_KERNEL(isa_s_rndne_f32, 2, W)

// MODE write mask: MODE[10:0] is read, written back inverted (bits [7:0]: the round and
// denormal fields; [10:8]: fields of older generations), read again and restored. Bit 11
// and above are never written (older generations keep the trap-after-instruction and
// exception-enable bits there). No float instruction runs while MODE differs.
// out[0] = MODE before, out[1] = MODE after the write.
__global__ void salu_setreg_mode(const uint32_t* in, uint32_t* out) {
  uint32_t before, after, tmp;
  (void)in;
  asm volatile(
      "s_getreg_b32 %0, hwreg(HW_REG_MODE)\n\t" PROBE_WAIT_SA_SDST "\n\t"
      "s_xor_b32 %2, %0, 0x7ff\n\t" PROBE_WAIT_SA_SDST "\n\t"
      "s_setreg_b32 hwreg(HW_REG_MODE, 0, 11), %2\n\t"
      "s_nop 3\n\t"
      "s_getreg_b32 %1, hwreg(HW_REG_MODE)\n\t"
      "s_setreg_b32 hwreg(HW_REG_MODE, 0, 11), %0\n\t"
      "s_nop 3\n\t" PROBE_WAIT_SA_SDST
      : "=&s"(before), "=&s"(after), "=&s"(tmp) : : "scc");
  if (threadIdx.x == 0) {
    out[0] = before;
    out[1] = after;
  }
}
PROBE_KERNEL(salu_setreg_mode, 1, 2)

// HW_ID1 and HW_ID2 of the four waves of one workgroup: wave i writes them to
// out[2i], out[2i + 1].
__global__ void salu_hw_id(const uint32_t* in, uint32_t* out) {
  uint32_t id1, id2;
  (void)in;
  asm volatile("s_getreg_b32 %0, hwreg(HW_REG_HW_ID1)\n\ts_getreg_b32 %1, hwreg(HW_REG_HW_ID2)\n\t"
               PROBE_WAIT_SA_SDST
               : "=s"(id1), "=s"(id2));
  if (threadIdx.x % W == 0) {
    out[2 * (threadIdx.x / W)] = id1;
    out[2 * (threadIdx.x / W) + 1] = id2;
  }
}
PROBE_KERNEL_LANES(salu_hw_id, 1, 8, 4 * W)

// SHADER_CYCLES_LO around eight `s_nop 15` (a, b) and around nothing (c, d), three
// times: out[4r .. 4r + 3] = a, b, c, d of repetition r.
#define NOP8 "s_nop 15\n\ts_nop 15\n\ts_nop 15\n\ts_nop 15\n\ts_nop 15\n\ts_nop 15\n\ts_nop 15\n\ts_nop 15\n\t"
__global__ void salu_shader_cycles(const uint32_t* in, uint32_t* out) {
  (void)in;
  for (int r = 0; r < 3; ++r) {
    uint32_t a, b, c, d;
    asm volatile(
        "s_getreg_b32 %0, hwreg(HW_REG_SHADER_CYCLES_LO)\n\t" NOP8
        "s_getreg_b32 %1, hwreg(HW_REG_SHADER_CYCLES_LO)\n\t"
        "s_getreg_b32 %2, hwreg(HW_REG_SHADER_CYCLES_LO)\n\t"
        "s_getreg_b32 %3, hwreg(HW_REG_SHADER_CYCLES_LO)\n\t" PROBE_WAIT_SA_SDST
        : "=&s"(a), "=&s"(b), "=&s"(c), "=&s"(d));
    if (threadIdx.x == 0) {
      out[4 * r] = a;
      out[4 * r + 1] = b;
      out[4 * r + 2] = c;
      out[4 * r + 3] = d;
    }
  }
}
PROBE_KERNEL(salu_shader_cycles, 1, 12)

// MSG_RTN_GET_REALTIME twice, two `s_nop 15` apart: out[0..1] = first (lo, hi),
// out[2..3] = second.
__global__ void salu_realtime(const uint32_t* in, uint32_t* out) {
  uint64_t t0, t1;
  (void)in;
  asm volatile(
      "s_sendmsg_rtn_b64 %0, sendmsg(MSG_RTN_GET_REALTIME)\n\t"
      "s_wait_kmcnt 0x0\n\t"
      "s_nop 15\n\ts_nop 15\n\t"
      "s_sendmsg_rtn_b64 %1, sendmsg(MSG_RTN_GET_REALTIME)\n\t"
      "s_wait_kmcnt 0x0\n\t" PROBE_WAIT_SA_SDST
      : "=&s"(t0), "=&s"(t1));
  if (threadIdx.x == 0) {
    out[0] = uint32_t(t0);
    out[1] = uint32_t(t0 >> 32);
    out[2] = uint32_t(t1);
    out[3] = uint32_t(t1 >> 32);
  }
}
PROBE_KERNEL(salu_realtime, 1, 4)

// s_add_f16 D, S0, S1 with D = in[2] before, S0 = in[0], S1 = in[1]; every lane stores D.
__global__ void salu_f16_high(const uint32_t* in, uint32_t* out) {
  uint32_t a = __builtin_amdgcn_readfirstlane(in[0]), b = __builtin_amdgcn_readfirstlane(in[1]);
  uint32_t d = __builtin_amdgcn_readfirstlane(in[2]);
  asm volatile("s_add_f16 %0, %1, %2\n\t" PROBE_WAIT_SA_SDST : "+s"(d) : "s"(a), "s"(b));
  out[threadIdx.x] = d;
}
PROBE_KERNEL(salu_f16_high, 3, W)

// SALU float under MODE = 0x03 (f32: round toward zero, denormals flushed in and out;
// f16/f64: nearest even, flushed), MODE[7:0] restored after: out[0] = s_add_f32 in[0],
// in[1]; out[1] = s_add_f32 in[2], 0.
__global__ void salu_float_mode(const uint32_t* in, uint32_t* out) {
  uint32_t a = __builtin_amdgcn_readfirstlane(in[0]), b = __builtin_amdgcn_readfirstlane(in[1]);
  uint32_t c = __builtin_amdgcn_readfirstlane(in[2]);
  uint32_t r0, r1, saved;
  asm volatile(
      "s_getreg_b32 %2, hwreg(HW_REG_MODE, 0, 8)\n\t"
      "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 8), 0x3\n\t"
      "s_nop 3\n\t"
      "s_add_f32 %0, %3, %4\n\t"
      "s_add_f32 %1, %5, 0\n\t" PROBE_WAIT_SA_SDST "\n\t"
      "s_setreg_b32 hwreg(HW_REG_MODE, 0, 8), %2\n\t"
      "s_nop 3"
      : "=&s"(r0), "=&s"(r1), "=&s"(saved) : "s"(a), "s"(b), "s"(c));
  if (threadIdx.x == 0) {
    out[0] = r0;
    out[1] = r1;
  }
}
PROBE_KERNEL(salu_float_mode, 3, 2)

// s_movrels_b32 D, s20 with s20 = in[0] and M0 = in[1] (index 20 + in[1]); M0 (reserved by
// the compiler) is saved and restored. Every lane stores D. Only reads: no out-of-range write.
__global__ void salu_movrels(const uint32_t* in, uint32_t* out) {
  uint32_t d, save, a = __builtin_amdgcn_readfirstlane(in[0]), m = __builtin_amdgcn_readfirstlane(in[1]);
  asm volatile(
      "s_mov_b32 %1, m0\n\t"
      "s_mov_b32 s20, %2\n\t"
      "s_mov_b32 m0, %3\n\t" PROBE_WAIT_SA_SDST "\n\t"
      "s_movrels_b32 %0, s20\n\t"
      "s_mov_b32 m0, %1\n\t" PROBE_WAIT_SA_SDST
      : "=&s"(d), "=&s"(save) : "s"(a), "s"(m) : "s20");
  out[threadIdx.x] = d;
}
PROBE_KERNEL(salu_movrels, 2, W)
#endif

// Dependent chains of v_wmma_f32_16x16x16_f16 (D = C), timed with SHADER_CYCLES_LO: 4 and
// 12 WMMAs, three times; out[4r .. 4r + 3] = start and end of the 4-chain, start and end
// of the 12-chain of repetition r; out[12] = lane 0's D[0] (keeps the chain live).
// A and B: in[0..3] as f16 pairs in every lane (wave64: in[0..1]).
#define WMMA1 "v_wmma_f32_16x16x16_f16 %2, %3, %4, %2\n\t"
#define WMMA4 WMMA1 WMMA1 WMMA1 WMMA1
#define CYCLES_CHAIN(CHAIN, T0, T1)                                              \
  asm volatile("s_getreg_b32 %0, hwreg(HW_REG_SHADER_CYCLES_LO)\n\t" CHAIN       \
               "s_getreg_b32 %1, hwreg(HW_REG_SHADER_CYCLES_LO)\n\t" PROBE_WAIT_SA_SDST \
               : "=&s"(T0), "=&s"(T1), "+v"(acc) : "v"(a), "v"(b))
#define CYCLES_KERNEL(NAME, AT, CT)                                              \
  __global__ void NAME(const uint32_t* in, uint32_t* out) {                      \
    AT a = ld<AT>(in, 0), b = ld<AT>(in, 0);                                     \
    CT acc = {};                                                                 \
    for (int r = 0; r < 3; ++r) {                                                \
      uint32_t t0, t1, t2, t3;                                                   \
      CYCLES_CHAIN(WMMA4, t0, t1);                                               \
      CYCLES_CHAIN(WMMA4 WMMA4 WMMA4, t2, t3);                                   \
      if (threadIdx.x == 0) {                                                    \
        out[4 * r] = t0;                                                         \
        out[4 * r + 1] = t1;                                                     \
        out[4 * r + 2] = t2;                                                     \
        out[4 * r + 3] = t3;                                                     \
      }                                                                          \
    }                                                                            \
    if (threadIdx.x == 0) out[12] = __builtin_bit_cast(uint32_t, acc[0]);        \
  }
#ifndef PROBE_WAVE64
CYCLES_KERNEL(salu_cycles_wmma, h8, f8)
PROBE_KERNEL(salu_cycles_wmma, 4, 13)
#else
CYCLES_KERNEL(salu_cycles_wmma_w64, h4, f4)
PROBE_KERNEL(salu_cycles_wmma_w64, 4, 13)
#endif
