; v_swap_b32 reads its destination as well as its source (and writes both):
; a load result in flight in the destination is a read, not only an overwrite.
; KERNEL nptr=1 block=32
s_load_b64 s[2:3], s[0:1], 0x0
s_wait_kmcnt 0x0
v_lshlrev_b32 v1, 2, v0
v_mov_b32 v3, 7
global_load_b32 v2, v1, s[2:3]
s_wait_loadcnt 0x0 ; GUARD: missing s_wait_loadcnt: v2 read by v_swap_b32
v_swap_b32 v2, v3
global_store_b32 v1, v2, s[2:3] offset:256
global_store_b32 v1, v3, s[2:3] offset:512
s_endpgm
