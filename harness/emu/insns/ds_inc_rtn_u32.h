// ds_inc_rtn_u32: LDS read-modify-write per lane (inc_u32); returns the old value.
ds_atomic<atom::inc_u32>(w, in);
