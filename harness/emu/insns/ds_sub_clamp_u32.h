// ds_sub_clamp_u32: LDS read-modify-write per lane (sub_clamp_u32).
ds_atomic<atom::sub_clamp_u32>(w, in);
