; Two waves exchange data through LDS across a barrier: each wave's LDS stores
; must be complete (s_wait_dscnt 0) before its s_barrier_signal (LLVM memory
; model contract; opt-in rule "lds", see HAZARDS.md).
; KERNEL nptr=1 block=64 lds=256 rules=+lds
s_load_b64 s[2:3], s[0:1], 0x0
v_lshlrev_b32 v1, 2, v0
v_add_nc_u32 v2, 100, v0
ds_store_b32 v1, v2
s_wait_dscnt 0x0 ; GUARD: missing s_wait_dscnt before s_barrier_signal
s_barrier_signal -1
s_barrier_wait -1
v_xor_b32 v3, 128, v1
ds_load_b32 v4, v3
s_wait_dscnt 0x0
s_wait_kmcnt 0x0
global_store_b32 v1, v4, s[2:3]
s_endpgm
