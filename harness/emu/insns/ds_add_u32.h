// ds_add_u32: LDS read-modify-write per lane (add_u32).
ds_atomic<atom::add_u32>(w, in);
