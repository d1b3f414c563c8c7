; gfx12 SGPR hazards on VCC (LLVM AMDGPUWaitSGPRHazards, rule sgpr): once a
; VALU has read VCC, an SALU write of VCC read by a VALU needs
; s_wait_alu depctr_sa_sdst(0); an SALU read of a VALU-written VCC
; (s_cbranch_vccz) needs no wait and clears the VALU VCC hazard.
; KERNEL nptr=1 block=32
v_lshlrev_b32 v4, 2, v0
v_cmp_gt_u32_e32 vcc_lo, 16, v0
v_cndmask_b32_e64 v1, 1, 2, vcc_lo
s_mov_b32 vcc_lo, 0xffff
s_wait_alu depctr_sa_sdst(0) ; GUARD: missing s_wait_alu depctr_sa_sdst(0) (gfx12 SGPR read hazard): vcc_lo read by v_cndmask_b32
v_cndmask_b32_e64 v2, 1, 3, vcc_lo
v_cmp_gt_u32_e32 vcc_lo, 8, v0
s_cbranch_vccz .Lnext ; GUARD: missing s_wait_alu depctr_va_vcc(0) (gfx12 SGPR read hazard): vcc_lo read by v_cndmask_b32
.Lnext:
v_cndmask_b32_e64 v3, 1, 4, vcc_lo
v_add_nc_u32 v2, v2, v1
v_add_nc_u32 v2, v2, v3
s_load_b64 s[4:5], s[0:1], 0x0
s_wait_kmcnt 0x0
global_store_b32 v4, v2, s[4:5]
s_endpgm
