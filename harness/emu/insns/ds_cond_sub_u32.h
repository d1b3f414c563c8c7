// ds_cond_sub_u32: LDS read-modify-write per lane (cond_sub_u32).
ds_atomic<atom::cond_sub_u32>(w, in);
