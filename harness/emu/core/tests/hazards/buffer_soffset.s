; The SGPR soffset of a buffer access is a source: reading it before the
; s_load that writes it completed is caught (KMcnt).
; KERNEL nptr=1 block=32
s_load_b64 s[2:3], s[0:1], 0x0
s_wait_kmcnt 0x0
s_mov_b32 s12, s2
s_and_b32 s13, s3, 0xffff
s_mov_b32 s14, 0x100
s_mov_b32 s15, 0x30000000
s_load_b32 s16, s[2:3], 0x0
s_wait_kmcnt 0x0 ; GUARD: missing s_wait_kmcnt: s16 read by buffer_load_b32
buffer_load_b32 v1, off, s[12:15], s16
s_wait_loadcnt 0x0
v_lshlrev_b32 v2, 2, v0
global_store_b32 v2, v1, s[2:3] offset:256
s_endpgm
