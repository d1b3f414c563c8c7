// ds_min_rtn_u64: LDS read-modify-write per lane (min_u64); returns the old value.
ds_atomic<atom::min_u64>(w, in);
