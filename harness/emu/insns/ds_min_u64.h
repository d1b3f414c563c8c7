// ds_min_u64: LDS read-modify-write per lane (min_u64).
ds_atomic<atom::min_u64>(w, in);
