; WMMA D feeding the next WMMA's A or B needs one VALU instruction (v_nop) in
; between; D feeding C needs nothing (GCNHazardRecognizer::fixWMMAHazards).
; KERNEL nptr=1 block=32 vgprs=32
v_lshlrev_b32 v20, 4, v0
v_mov_b32 v0, 0x3c003c00
v_mov_b32 v1, 0x3c003c00
v_mov_b32 v2, 0x3c003c00
v_mov_b32 v3, 0x3c003c00
v_mov_b32 v4, 0x3c003c00
v_mov_b32 v5, 0x3c003c00
v_mov_b32 v6, 0x3c003c00
v_mov_b32 v7, 0x3c003c00
v_wmma_f16_16x16x16_f16 v[8:11], v[0:3], v[4:7], 0
v_wmma_f16_16x16x16_f16 v[8:11], v[0:3], v[4:7], v[8:11]
v_nop ; GUARD: missing v_nop (WMMA hazard): v[8:11] written as D by v_wmma_f16_16x16x16_f16 at pc 0x4c is read as A by v_wmma_f16_16x16x16_f16 at pc 0x54
v_wmma_f16_16x16x16_f16 v[12:15], v[8:11], v[4:7], 0
v_nop ; GUARD: missing v_nop (WMMA hazard): v[12:15] written as D by v_wmma_f16_16x16x16_f16 at pc 0x58 is read as B by v_wmma_f16_16x16x16_f16 at pc 0x60
v_wmma_f16_16x16x16_f16 v[16:19], v[0:3], v[12:15], v[12:15]
s_load_b64 s[2:3], s[0:1], 0x0
s_wait_kmcnt 0x0
global_store_b128 v20, v[16:19], s[2:3]
s_endpgm
