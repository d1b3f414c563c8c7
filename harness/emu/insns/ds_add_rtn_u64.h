// ds_add_rtn_u64: LDS read-modify-write per lane (add_u64); returns the old value.
ds_atomic<atom::add_u64>(w, in);
