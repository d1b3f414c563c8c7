; A scalar load into an SGPR that another in-flight scalar load is writing:
; SMEM may return out of order, so the first result could land last.
; KERNEL nptr=1 block=32
s_load_b64 s[2:3], s[0:1], 0x0
s_wait_kmcnt 0x0 ; GUARD: missing s_wait_kmcnt: s2 overwritten by s_load_b32
s_load_b32 s2, s[0:1], 0x0
s_wait_kmcnt 0x0
s_mov_b32 s3, 0
s_load_b64 s[2:3], s[0:1], 0x0
s_wait_kmcnt 0x0
v_lshlrev_b32 v1, 2, v0
v_mov_b32 v2, 9
global_store_b32 v1, v2, s[2:3]
s_endpgm
