// ds_add_u64: LDS read-modify-write per lane (add_u64).
ds_atomic<atom::add_u64>(w, in);
