// ds_max_i64: LDS read-modify-write per lane (max_i64).
ds_atomic<atom::max_i64>(w, in);
