; LDS loads count on DScnt. A load after a store of the same wave sees the
; store without a wait (LDS operations of a wave execute in order).
; KERNEL nptr=1 block=32 lds=256
s_load_b64 s[2:3], s[0:1], 0x0
v_lshlrev_b32 v1, 2, v0
v_add_nc_u32 v2, 3, v0
ds_store_b32 v1, v2
ds_load_b32 v3, v1
s_wait_dscnt 0x0 ; GUARD: missing s_wait_dscnt: v3 read by v_add_nc_u32
v_add_nc_u32 v3, v3, v3
s_wait_kmcnt 0x0
global_store_b32 v1, v3, s[2:3]
s_endpgm
