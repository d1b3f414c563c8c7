// ds_max_rtn_u32: LDS read-modify-write per lane (max_u32); returns the old value.
ds_atomic<atom::max_u32>(w, in);
