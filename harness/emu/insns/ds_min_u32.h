// ds_min_u32: LDS read-modify-write per lane (min_u32).
ds_atomic<atom::min_u32>(w, in);
