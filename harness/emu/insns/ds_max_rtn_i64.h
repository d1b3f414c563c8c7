// ds_max_rtn_i64: LDS read-modify-write per lane (max_i64); returns the old value.
ds_atomic<atom::max_i64>(w, in);
