; Global loads count on LOADcnt and return in order: s_wait_loadcnt 1 after
; two loads guarantees the first one only.
; KERNEL nptr=1 block=32
s_load_b64 s[2:3], s[0:1], 0x0
s_wait_kmcnt 0x0
v_lshlrev_b32 v1, 2, v0
global_load_b32 v2, v1, s[2:3]
global_load_b32 v3, v1, s[2:3] offset:128
s_wait_loadcnt 0x1 ; GUARD: missing s_wait_loadcnt: v2 read by v_add_nc_u32 at pc 0x28 before global_load_b32 at pc 0x10 completed ;; SWAP: s_wait_loadcnt 0x2 => missing s_wait_loadcnt: v2 read by v_add_nc_u32
v_add_nc_u32 v4, v2, v2
s_wait_loadcnt 0x0 ; GUARD: missing s_wait_loadcnt: v3 read by v_add_nc_u32 at pc 0x30 before global_load_b32 at pc 0x1c completed
v_add_nc_u32 v4, v4, v3
global_store_b32 v1, v4, s[2:3] offset:256
s_endpgm
