; v_permlane16_b32 reads its destination (lanes it leaves unwritten keep the
; old value): a load result in flight there is a read.
; KERNEL nptr=1 block=32
s_load_b64 s[2:3], s[0:1], 0x0
s_wait_kmcnt 0x0
v_lshlrev_b32 v1, 2, v0
global_load_b32 v2, v1, s[2:3]
s_mov_b32 s4, 0x76543210
s_mov_b32 s5, 0xfedcba98
s_wait_loadcnt 0x0 ; GUARD: missing s_wait_loadcnt: v2 read by v_permlane16_b32
v_permlane16_b32 v2, v0, s4, s5
global_store_b32 v1, v2, s[2:3] offset:256
s_endpgm
