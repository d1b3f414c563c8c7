; The WMMA D -> A/B hazard expires at any VALU instruction (here an unrelated
; v_mov), but not at SALU instructions or s_nop.
; KERNEL nptr=1 block=32 vgprs=32
v_lshlrev_b32 v20, 4, v0
v_mov_b32 v0, 0x3c003c00
v_mov_b32 v1, v0
v_mov_b32 v2, v0
v_mov_b32 v3, v0
v_wmma_f16_16x16x16_f16 v[8:11], v[0:3], v[0:3], 0
v_mov_b32 v21, 1 ; GUARD: missing v_nop (WMMA hazard): v[8:11] written as D by v_wmma_f16_16x16x16_f16 at pc 0x18 is read as A by v_wmma_f16_16x16x16_f16 at pc 0x20 ;; SWAP: s_nop 3 => missing v_nop (WMMA hazard)
v_wmma_f16_16x16x16_f16 v[12:15], v[8:11], v[0:3], 0
s_mov_b32 s4, 0
v_mov_b32 v22, 1 ; GUARD: missing v_nop (WMMA hazard): v[12:15] written as D by v_wmma_f16_16x16x16_f16 at pc 0x24 is read as B by v_wmma_f16_16x16x16_f16 at pc 0x30
v_wmma_f16_16x16x16_f16 v[16:19], v[0:3], v[12:15], 0
s_load_b64 s[2:3], s[0:1], 0x0
s_wait_kmcnt 0x0
global_store_b128 v20, v[16:19], s[2:3]
s_endpgm
