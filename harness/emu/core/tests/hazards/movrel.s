; M0-relative registers: v_movrels_b32 v3, v2 with M0 = 3 reads v5,
; v_movreld_b32 v2, v7 with M0 = 3 writes v5, s_movrels_b32 s6, s4 with M0 = 5
; reads s9. The scoreboard resolves the register with the M0 of the moment.
; KERNEL nptr=1 block=32
s_load_b64 s[2:3], s[0:1], 0x0
s_wait_kmcnt 0x0
v_lshlrev_b32 v1, 2, v0
v_mov_b32 v7, 9
s_mov_b32 m0, 3
global_load_b32 v5, v1, s[2:3]
s_wait_loadcnt 0x0 ; GUARD: missing s_wait_loadcnt: v5 read by v_movrels_b32
v_movrels_b32 v3, v2
global_load_b32 v5, v1, s[2:3]
s_wait_loadcnt 0x0 ; GUARD: missing s_wait_loadcnt: v5 overwritten by v_movreld_b32
v_movreld_b32 v2, v7
s_load_b32 s9, s[2:3], 0x0
s_mov_b32 m0, 5
s_wait_kmcnt 0x0 ; GUARD: missing s_wait_kmcnt: s9 read by s_movrels_b32
s_movrels_b32 s6, s4
v_mov_b32 v4, s6
global_store_b32 v1, v3, s[2:3] offset:256
global_store_b32 v1, v5, s[2:3] offset:512
global_store_b32 v1, v4, s[2:3] offset:768
s_endpgm
