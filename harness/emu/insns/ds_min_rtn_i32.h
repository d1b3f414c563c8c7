// ds_min_rtn_i32: LDS read-modify-write per lane (min_i32); returns the old value.
ds_atomic<atom::min_i32>(w, in);
