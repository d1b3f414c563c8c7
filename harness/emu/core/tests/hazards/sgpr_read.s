; gfx12 SGPR read hazard (LLVM AMDGPUWaitSGPRHazards): a VALU read an SGPR
; pair, a SALU then writes it; a later read needs s_wait_alu depctr_sa_sdst(0).
; On by default (rule sgpr, HAZARDS.md).
; KERNEL nptr=1 block=32
s_mov_b32 s4, 3
v_mov_b32 v1, s4
s_mov_b32 s4, 5
s_wait_alu depctr_sa_sdst(0) ; GUARD: missing s_wait_alu depctr_sa_sdst(0) (gfx12 SGPR read hazard): s4 read by v_mov_b32
v_mov_b32 v2, s4
s_load_b64 s[2:3], s[0:1], 0x0
v_lshlrev_b32 v3, 2, v0
v_add_nc_u32 v2, v2, v1
s_wait_kmcnt 0x0
global_store_b32 v3, v2, s[2:3]
s_endpgm
