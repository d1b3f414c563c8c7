// ds_min_rtn_i64: LDS read-modify-write per lane (min_i64); returns the old value.
ds_atomic<atom::min_i64>(w, in);
