// ds_sub_rtn_u32: LDS read-modify-write per lane (sub_u32); returns the old value.
ds_atomic<atom::sub_u32>(w, in);
