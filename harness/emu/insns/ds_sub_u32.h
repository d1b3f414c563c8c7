// ds_sub_u32: LDS read-modify-write per lane (sub_u32).
ds_atomic<atom::sub_u32>(w, in);
