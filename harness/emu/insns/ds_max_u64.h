// ds_max_u64: LDS read-modify-write per lane (max_u64).
ds_atomic<atom::max_u64>(w, in);
