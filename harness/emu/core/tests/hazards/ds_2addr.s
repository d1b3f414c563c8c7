; ds_load_2addr: one DScnt operation writing a register pair; DS results return
; in order, so s_wait_dscnt 1 covers the older of two loads.
; KERNEL nptr=1 block=32 lds=512
s_load_b64 s[2:3], s[0:1], 0x0
v_lshlrev_b32 v1, 2, v0
ds_store_2addr_b32 v1, v0, v0 offset1:32
ds_load_2addr_b32 v[2:3], v1 offset1:32
ds_load_b32 v4, v1
s_wait_dscnt 0x1 ; GUARD: missing s_wait_dscnt: v2 read by v_add_nc_u32 at pc 0x24 before ds_load_2addr_b32 at pc 0x14 ;; SWAP: s_wait_dscnt 0x2 => missing s_wait_dscnt: v2 read by v_add_nc_u32 at pc 0x28 before ds_load_2addr_b32
v_add_nc_u32 v5, v2, v3
s_wait_dscnt 0x0 ; GUARD: missing s_wait_dscnt: v4 read by v_add_nc_u32
v_add_nc_u32 v5, v5, v4
s_wait_kmcnt 0x0
global_store_b32 v1, v5, s[2:3]
s_endpgm
