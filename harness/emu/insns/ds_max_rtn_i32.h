// ds_max_rtn_i32: LDS read-modify-write per lane (max_i32); returns the old value.
ds_atomic<atom::max_i32>(w, in);
