; gfx12 SGPR read hazard on VCC (LLVM AMDGPUWaitSGPRHazards): once a VALU has
; read VCC, a VALU write of VCC followed by a VALU read needs
; s_wait_alu depctr_va_vcc(0).
; KERNEL nptr=1 block=32
v_lshlrev_b32 v3, 2, v0
v_mov_b32 v4, 2
v_cmp_gt_u32_e32 vcc_lo, 16, v0
v_cndmask_b32_e32 v1, 1, v4, vcc_lo
v_cmp_gt_u32_e32 vcc_lo, 8, v0
s_wait_alu depctr_va_vcc(0) ; GUARD: missing s_wait_alu depctr_va_vcc(0) (gfx12 SGPR read hazard): vcc_lo read by v_cndmask_b32
v_cndmask_b32_e32 v2, 1, v4, vcc_lo
v_add_nc_u32 v2, v2, v1
s_load_b64 s[4:5], s[0:1], 0x0
s_wait_kmcnt 0x0
global_store_b32 v3, v2, s[4:5]
s_endpgm
