; SWMMAC: the sparsity index (src2) written as D by the previous WMMA needs a
; VALU in between, like A and B (GCNHazardRecognizer::fixWMMAHazards, gfx12).
; KERNEL nptr=1 block=32 vgprs=40
v_lshlrev_b32 v30, 4, v0
v_mov_b32 v0, 0x3c003c00
v_mov_b32 v1, v0
v_mov_b32 v2, v0
v_mov_b32 v3, v0
v_mov_b32 v4, v0
v_mov_b32 v5, v0
v_mov_b32 v6, v0
v_mov_b32 v7, v0
v_wmma_i32_16x16x16_iu4 v[8:15], v0, v1, 0
v_nop ; GUARD: missing v_nop (WMMA hazard): v8 written as D by v_wmma_i32_16x16x16_iu4 at pc 0x28 is read as index by v_swmmac_f32_16x16x32_f16 at pc 0x30
v_swmmac_f32_16x16x32_f16 v[16:23], v[0:3], v[0:7], v8
s_load_b64 s[2:3], s[0:1], 0x0
s_wait_kmcnt 0x0
global_store_b128 v30, v[16:19], s[2:3]
s_endpgm
