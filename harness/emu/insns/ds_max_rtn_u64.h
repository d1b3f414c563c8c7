// ds_max_rtn_u64: LDS read-modify-write per lane (max_u64); returns the old value.
ds_atomic<atom::max_u64>(w, in);
