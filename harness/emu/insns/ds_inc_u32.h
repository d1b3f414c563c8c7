// ds_inc_u32: LDS read-modify-write per lane (inc_u32).
ds_atomic<atom::inc_u32>(w, in);
