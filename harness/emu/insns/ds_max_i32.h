// ds_max_i32: LDS read-modify-write per lane (max_i32).
ds_atomic<atom::max_i32>(w, in);
