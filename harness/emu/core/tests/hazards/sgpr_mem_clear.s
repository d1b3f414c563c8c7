; gfx12 SGPR hazard, SALU -> VALU across memory instructions (LLVM
; AMDGPUWaitSGPRHazards, rule sgpr): SMEM and non-FLAT VMEM (buffer) clear the
; hazards; global, scratch and flat loads (FLAT encodings) do not.
; KERNEL nptr=1 block=32
s_load_b64 s[2:3], s[0:1], 0x0
s_wait_kmcnt 0x0
v_lshlrev_b32 v1, 2, v0
v_mov_b32 v2, s6
s_mov_b32 s6, 5
global_load_b32 v3, v1, s[2:3]
s_wait_alu depctr_sa_sdst(0) ; GUARD: missing s_wait_alu depctr_sa_sdst(0) (gfx12 SGPR read hazard): s6 read by v_add_nc_u32
v_add_nc_u32 v2, s6, v0
s_mov_b32 s7, 7
s_load_b32 s8, s[0:1], 0x0 ; GUARD: missing s_wait_alu depctr_sa_sdst(0) (gfx12 SGPR read hazard): s7 read by v_add_nc_u32 ;; SWAP: s_nop 0 => missing s_wait_alu depctr_sa_sdst(0) (gfx12 SGPR read hazard): s7 read by v_add_nc_u32
v_add_nc_u32 v2, s7, v2
s_wait_loadcnt 0x0
v_add_nc_u32 v2, v2, v3
s_wait_kmcnt 0x0
global_store_b32 v1, v2, s[2:3] offset:256
s_endpgm
