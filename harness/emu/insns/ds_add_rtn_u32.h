// ds_add_rtn_u32: LDS read-modify-write per lane (add_u32); returns the old value.
ds_atomic<atom::add_u32>(w, in);
