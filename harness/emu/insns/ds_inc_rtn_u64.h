// ds_inc_rtn_u64: LDS read-modify-write per lane (inc_u64); returns the old value.
ds_atomic<atom::inc_u64>(w, in);
