// ds_min_i32: LDS read-modify-write per lane (min_i32).
ds_atomic<atom::min_i32>(w, in);
