; Transpose loads count on LOADcnt like any global load.
; KERNEL nptr=1 block=32 vgprs=40
s_load_b64 s[2:3], s[0:1], 0x0
s_wait_kmcnt 0x0
v_lshlrev_b32 v1, 4, v0
global_load_tr_b128 v[4:7], v1, s[2:3]
global_load_tr_b64 v[8:9], v1, s[2:3] offset:512
s_wait_loadcnt 0x1 ; GUARD: missing s_wait_loadcnt: v[4:7] read by v_wmma_f32_16x16x16_f16
v_wmma_f32_16x16x16_f16 v[12:19], v[4:7], v[4:7], 0
s_wait_loadcnt 0x0 ; GUARD: missing s_wait_loadcnt: v8 read by v_mov_b32
v_mov_b32 v20, v8
global_store_b128 v1, v[12:15], s[2:3] offset:1024
global_store_b32 v1, v20, s[2:3] offset:2048
s_endpgm
