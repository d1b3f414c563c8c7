; Scalar loads count on KMcnt and may return out of order: only
; s_wait_kmcnt 0 guarantees a given result.
; KERNEL nptr=2 block=32
s_load_b64 s[2:3], s[0:1], 0x0
s_load_b64 s[4:5], s[0:1], 0x8
s_wait_kmcnt 0x0 ; GUARD: missing s_wait_kmcnt: s[2:3] read by global_store_b32 ;; SWAP: s_wait_kmcnt 0x1 => missing s_wait_kmcnt: s[2:3] read by global_store_b32
v_lshlrev_b32 v1, 2, v0
v_mov_b32 v2, 7
global_store_b32 v1, v2, s[2:3]
global_store_b32 v1, v2, s[4:5]
s_endpgm
