// ds_min_i64: LDS read-modify-write per lane (min_i64).
ds_atomic<atom::min_i64>(w, in);
