; A 128-bit load feeding a WMMA operand: the diagnostic names the register range.
; KERNEL nptr=1 block=32 vgprs=40
s_load_b64 s[2:3], s[0:1], 0x0
s_wait_kmcnt 0x0
v_lshlrev_b32 v1, 4, v0
global_load_b128 v[4:7], v1, s[2:3]
v_mov_b32 v20, 0
v_mov_b32 v21, 0
v_mov_b32 v22, 0
v_mov_b32 v23, 0
s_wait_loadcnt 0x0 ; GUARD: missing s_wait_loadcnt: v[4:7] read by v_wmma_f32_16x16x16_f16 at pc 0x2c before global_load_b128 at pc 0x10 completed
v_wmma_f32_16x16x16_f16 v[8:15], v[20:23], v[4:7], 0
global_store_b128 v1, v[8:11], s[2:3] offset:1024
s_endpgm
