// ds_max_u32: LDS read-modify-write per lane (max_u32).
ds_atomic<atom::max_u32>(w, in);
