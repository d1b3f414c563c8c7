// ds_sub_rtn_u64: LDS read-modify-write per lane (sub_u64); returns the old value.
ds_atomic<atom::sub_u64>(w, in);
