; Two VMEM loads writing one VGPR: gfx12 may write VMEM load results to VGPRs
; out of order (LLVM PR #105549, SIInsertWaitcnts: no in-order VGPR writes on
; gfx12), so the second load needs s_wait_loadcnt for the first whatever the
; issue order. LDS loads return in order: a second ds_load into a VGPR whose
; first ds_load is in flight needs no wait.
; KERNEL nptr=1 block=32 lds=256
s_load_b64 s[2:3], s[0:1], 0x0
s_wait_kmcnt 0x0
v_lshlrev_b32 v1, 2, v0
global_load_b32 v2, v1, s[2:3]
s_wait_loadcnt 0x0 ; GUARD: missing s_wait_loadcnt: v2 overwritten by global_load_b32 ;; SWAP: s_wait_loadcnt 0x1 => missing s_wait_loadcnt: v2 overwritten by global_load_b32
global_load_b32 v2, v1, s[2:3] offset:128
global_load_b64 v[4:5], v1, s[2:3]
s_wait_loadcnt 0x0 ; GUARD: missing s_wait_loadcnt: v5 overwritten by global_load_b32
global_load_b32 v5, v1, s[2:3] offset:128
ds_load_b32 v6, v1
ds_load_b32 v6, v1 offset:4
s_wait_dscnt 0x0
s_wait_loadcnt 0x0
v_add_nc_u32 v2, v2, v5
v_add_nc_u32 v2, v2, v6
global_store_b32 v1, v2, s[2:3] offset:256
s_endpgm
