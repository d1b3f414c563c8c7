// ds_min_rtn_u32: LDS read-modify-write per lane (min_u32); returns the old value.
ds_atomic<atom::min_u32>(w, in);
