; gfx12 SGPR hazard, VALU -> VALU (LLVM AMDGPUWaitSGPRHazards, rule sgpr): once
; a VALU has read an SGPR pair, a VALU write of one of its SGPRs read by a later
; VALU needs s_wait_alu depctr_va_sdst(0). An SALU read of it needs no wait, and
; an SALU that reads any SGPR (s11 here: a pair no VALU read) clears the VALU hazards:
; it does not issue before every VALU SGPR write is done (llvm PR #131111).
; KERNEL nptr=1 block=32
s_mov_b32 s4, 3
v_mov_b32 v1, s4
v_readfirstlane_b32 s5, v0
s_wait_alu depctr_va_sdst(0) ; GUARD: missing s_wait_alu depctr_va_sdst(0) (gfx12 SGPR read hazard): s5 read by v_add_nc_u32
v_add_nc_u32 v2, s5, v1
v_readfirstlane_b32 s4, v1
s_add_co_i32 s6, s4, 1 ; GUARD: missing s_wait_alu depctr_va_sdst(0) (gfx12 SGPR read hazard): s4 read by v_add_nc_u32
v_add_nc_u32 v2, s4, v2
v_readfirstlane_b32 s5, v2
s_mov_b32 s10, s11 ; GUARD: missing s_wait_alu depctr_va_sdst(0) (gfx12 SGPR read hazard): s5 read by v_add_nc_u32
v_add_nc_u32 v2, s5, v2
s_load_b64 s[2:3], s[0:1], 0x0
v_lshlrev_b32 v3, 2, v0
s_wait_kmcnt 0x0
global_store_b32 v3, v2, s[2:3]
s_endpgm
