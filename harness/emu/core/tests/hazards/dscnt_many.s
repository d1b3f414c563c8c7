; More results in flight on one counter than the scoreboard's initial ring
; holds (64 per counter): the ring grows, keeps issue order, and a partial
; wait retires exactly the oldest results (70 loads overwrite v3: a later
; load on the same in-order counter may overwrite an earlier one).
; KERNEL nptr=1 block=32 lds=256
s_load_b64 s[2:3], s[0:1], 0x0
v_lshlrev_b32 v1, 2, v0
ds_store_b32 v1, v0
ds_load_b32 v4, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v3, v1
ds_load_b32 v5, v1
s_wait_dscnt 0x1 ; GUARD: missing s_wait_dscnt: v4 read by v_add_nc_u32
v_add_nc_u32 v6, v4, v3
s_wait_dscnt 0x0 ; GUARD: missing s_wait_dscnt: v5 read by v_add_nc_u32
v_add_nc_u32 v6, v6, v5
s_wait_kmcnt 0x0
global_store_b32 v1, v6, s[2:3]
s_endpgm
