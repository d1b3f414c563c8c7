// Probe kernels of the integer, bit and lane VALU assumptions (valu_int.py).
// The expectations are derived in valu_int.py; each kernel runs the instruction under
// test as inline asm. EXEC is changed only inside one asm statement and restored there;
// s_nop 4 separates an EXEC or VGPR write from a DPP / permlane read of it.
#include "probe_kernel.h"

#ifndef PROBE_WAVE64
VOP2_PROBE(isa_v_cvt_pk_u16_u32, "v_cvt_pk_u16_u32")
VOP2_PROBE(isa_v_cvt_pk_i16_i32, "v_cvt_pk_i16_i32")
PROBE_KERNEL(isa_v_cvt_pk_u16_u32, 2, W)
PROBE_KERNEL(isa_v_cvt_pk_i16_i32, 2, W)

// VOP3 v_add_nc_u16 with op_sel[0] on an SGPR source (s = in[0]) and a VGPR (in[1]); the
// destination starts as 0 and receives the sum in its low half.
__global__ void isa_opsel_scalar16(const uint32_t* in, uint32_t* out) {
  uint32_t d = 0, s = __builtin_amdgcn_readfirstlane(in[0]), b = in[1];
  asm volatile("v_add_nc_u16 %0, %1, %2 op_sel:[1,0,0]" : "+v"(d) : "s"(s), "v"(b));
  out[threadIdx.x] = d;
}
PROBE_KERNEL(isa_opsel_scalar16, 2, W)

// Integer clamp: v_add_nc_u32 (e64, clamp) of in[0], in[1]; v_mad_u32_u24 (clamp) of
// in[0], in[1], in[2].
__global__ void isa_add_nc_u32_clamp(const uint32_t* in, uint32_t* out) {
  uint32_t d, a = in[0], b = in[1];
  asm volatile("v_add_nc_u32_e64 %0, %1, %2 clamp" : "=v"(d) : "v"(a), "v"(b));
  out[threadIdx.x] = d;
}
PROBE_KERNEL(isa_add_nc_u32_clamp, 2, W)
__global__ void isa_mad_u32_u24_clamp(const uint32_t* in, uint32_t* out) {
  uint32_t d, a = in[0], b = in[1], c = in[2];
  asm volatile("v_mad_u32_u24 %0, %1, %2, %3 clamp" : "=v"(d) : "v"(a), "v"(b), "v"(c));
  out[threadIdx.x] = d;
}
PROBE_KERNEL(isa_mad_u32_u24_clamp, 3, W)

// v_movrels_b32 from v1 with M0 = 256: index 257, beyond any VGPR allocation. v0 = in[0],
// v1 = in[1]; clobbering v255 makes the kernel allocate all 256 VGPRs, so the index
// modulo the allocation is v1 again (launch bounds of one wave leave v255 usable). M0
// (reserved by the compiler) is saved and restored.
__global__ void __launch_bounds__(W) isa_movrels_range(const uint32_t* in, uint32_t* out) {
  uint32_t d, a = in[0], b = in[1], save;
  asm volatile(
      "v_mov_b32 v0, %2\n\t"
      "v_mov_b32 v1, %3\n\t"
      "v_mov_b32 v255, 0\n\t"
      "s_mov_b32 %1, m0\n\t"
      "s_mov_b32 m0, 0x100\n\t"
      "s_nop 4\n\t"
      "v_movrels_b32 %0, v1\n\t" PROBE_WAIT_SA_SDST "\n\t"
      "s_mov_b32 m0, %1"
      : "=&v"(d), "=&s"(save) : "v"(a), "v"(b) : "v0", "v1", "v255");
  out[threadIdx.x] = d;
}
PROBE_KERNEL(isa_movrels_range, 2, W)

// v_permlane16_b32 with lane selects 0 (every lane reads lane 16 * row) while lane 0 is
// off in EXEC: op_sel [0,0], [1,0] (FI), [0,1] (BOUND_CTRL). Source in[0] + lane, the
// destination starts as in[1]; out[k * W + lane] for run k.
#define PERMLANE_RUN(K, OPSEL)                                                   \
  {                                                                              \
    uint32_t d = old, save;                                                      \
    asm volatile("s_mov_b32 %1, exec_lo\n\t"                                     \
                 "s_mov_b32 exec_lo, -2\n\t"                                     \
                 "s_nop 4\n\t"                                                   \
                 "v_permlane16_b32 %0, %2, 0, 0 op_sel:" OPSEL "\n\t"            \
                 PROBE_WAIT_SA_SDST "\n\t"                                       \
                 "s_mov_b32 exec_lo, %1"                                         \
                 : "+v"(d), "=&s"(save) : "v"(src));                             \
    out[(K) * W + threadIdx.x] = d;                                              \
  }
__global__ void isa_permlane16_inactive(const uint32_t* in, uint32_t* out) {
  const uint32_t src = in[0] + threadIdx.x, old = in[1];
  PERMLANE_RUN(0, "[0,0]")
  PERMLANE_RUN(1, "[1,0]")
  PERMLANE_RUN(2, "[0,1]")
}
PROBE_KERNEL(isa_permlane16_inactive, 2, 3 * W)

// v_mov_b32_dpp with EXEC = MASK and the DPP controls CTRL; source in[0] + lane, the
// destination starts as in[1]; out[K * W + lane].
#define DPP_MOV_RUN(K, MASK, CTRL)                                               \
  {                                                                              \
    uint32_t d = old, save;                                                      \
    asm volatile("s_mov_b32 %1, exec_lo\n\t"                                     \
                 "s_mov_b32 exec_lo, " MASK "\n\t"                               \
                 "s_nop 4\n\t"                                                   \
                 "v_mov_b32_dpp %0, %2 " CTRL "\n\t"                             \
                 PROBE_WAIT_SA_SDST "\n\t"                                       \
                 "s_mov_b32 exec_lo, %1"                                         \
                 : "+v"(d), "=&s"(save) : "v"(src));                             \
    out[(K) * W + threadIdx.x] = d;                                              \
  }
// DPP16 row_shr:1: lane 0 of each row reads past the row (runs 0, 1); with lane 2 off in
// EXEC, lane 3 reads the inactive lane 2 (runs 2, 3); bound_ctrl 0 then 1 each time.
__global__ void isa_dpp16_invalid(const uint32_t* in, uint32_t* out) {
  const uint32_t src = in[0] + threadIdx.x, old = in[1];
  DPP_MOV_RUN(0, "-1", "row_shr:1 row_mask:0xf bank_mask:0xf")
  DPP_MOV_RUN(1, "-1", "row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1")
  DPP_MOV_RUN(2, "0xfffffffb", "row_shr:1 row_mask:0xf bank_mask:0xf")
  DPP_MOV_RUN(3, "0xfffffffb", "row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1")
}
PROBE_KERNEL(isa_dpp16_invalid, 2, 4 * W)
// DPP8 lane_sel all 0 (every lane reads lane 8 * (l / 8)) with lane 0 off in EXEC: fi 0, then 1.
__global__ void isa_dpp8_inactive(const uint32_t* in, uint32_t* out) {
  const uint32_t src = in[0] + threadIdx.x, old = in[1];
  DPP_MOV_RUN(0, "-2", "dpp8:[0,0,0,0,0,0,0,0]")
  DPP_MOV_RUN(1, "-2", "dpp8:[0,0,0,0,0,0,0,0] fi:1")
}
PROBE_KERNEL(isa_dpp8_inactive, 2, 2 * W)

// v_cmp_gt_u32_e64_dpp into an SGPR that starts as in[W], row_mask 0x1 (row 1, lanes
// 16-31, not written); lane l compares in[l] > 0 (quad_perm identity).
__global__ void isa_dpp_cmp_row_mask(const uint32_t* in, uint32_t* out) {
  uint32_t a = in[threadIdx.x], m = __builtin_amdgcn_readfirstlane(in[W]);
  asm volatile("s_nop 4\n\t"
               "v_cmp_gt_u32_e64_dpp %0, %1, 0 quad_perm:[0,1,2,3] row_mask:0x1 bank_mask:0xf\n\t"
               PROBE_WAIT_VA_SDST
               : "+s"(m) : "v"(a));
  out[threadIdx.x] = m;
}
PROBE_KERNEL(isa_dpp_cmp_row_mask, W + 1, W)
#endif
